// `npm run bench:compare -- <commit> [--rounds=3] [bench options]`: the engine bench of this
// tree beside the same bench on an older commit, in one sitting on one machine. The old
// commit is checked out in a temporary git worktree (node_modules linked to this tree's), the
// bench files of this tree are copied over its own so both run the same measures, and the
// two run in turn, the order swapped each round (new old, old new, …) so that a machine
// growing busier or quieter weighs on both alike. Prints, per figure, the median of each
// side and their ratio new/old; a ratio below 1 is better for times, bytes and heap.
// Bench options pass through (default `--engine-only --clock=cpu`; `--full` for the simulation
// runs too, whose figures stay wall-clock: they span several processes).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT, headLabel, resolveCommit, withOldTree } from './old-tree.ts';
import { median } from './stats.ts';

const args = process.argv.slice(2);
const commit = args.find((a) => !a.startsWith('--'));
const sha = resolveCommit('bench:compare', commit);
const roundsArg = args.find((a) => a.startsWith('--rounds='));
const rounds = roundsArg ? Number(roundsArg.slice(9)) : 3;
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`bench:compare: --rounds must be a positive integer, not "${roundsArg}"`);
  process.exit(2);
}
const benchArgs = args.filter((a) => a !== commit && !a.startsWith('--rounds=') && a !== '--full');
if (!args.includes('--full') && !benchArgs.includes('--engine-only') && !benchArgs.some((a) => a.startsWith('--only='))) benchArgs.push('--engine-only', '--only=clone,steps,games,heap,bots');
// CPU time by default: the figures of one thread then hardly depend on the machine's load.
if (!benchArgs.some((a) => a.startsWith('--clock='))) benchArgs.push('--clock=cpu');
const head = headLabel();

type Flat = Record<string, number>;
/** Numeric leaves of the bench's JSON as dotted paths. */
function flatten(x: unknown, prefix: string, out: Flat): Flat {
  if (typeof x === 'number') out[prefix] = x;
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

let cpu = 'unknown';
function runBench(dir: string, label: string): Flat {
  const t0 = Date.now();
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/bench/engine.ts', ...benchArgs], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  const json = JSON.parse(out) as { cpu: string };
  cpu = json.cpu;
  console.error(`  ${label}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return flatten(json, '', {});
}

const runs: { new: Flat[]; old: Flat[] } = { new: [], old: [] };
await withOldTree(sha, (oldDir) => {
  // The same measures on both sides: this tree's bench files over the old ones.
  for (const f of readdirSync(join(ROOT, 'src/bench'))) if (f.endsWith('.ts')) copyFileSync(join(ROOT, 'src/bench', f), join(oldDir, 'src/bench', f));
  console.error(`bench:compare: ${head} (new) against ${sha.slice(0, 7)} (old), ${rounds} rounds, bench ${benchArgs.join(' ')}`);
  for (let r = 0; r < rounds; r++) {
    const order: ('new' | 'old')[] = r % 2 === 0 ? ['new', 'old'] : ['old', 'new'];
    for (const side of order) runs[side].push(runBench(side === 'new' ? ROOT : oldDir, `round ${r + 1} ${side}`));
  }
});

const SKIP = /^(cores|benchSeconds|simulation\.cores|simulation\.million\.workers)$/;
const lowerIsBetter = (k: string) => /Ns$|Bytes$|seconds$|RSS|heap|stateBytes/i.test(k) && !/PerSec/.test(k);
const keys = Object.keys(runs.new[0]!).filter((k) => !SKIP.test(k) && k in runs.old[0]!);
const rows: string[][] = [['figure', 'new (median)', 'old (median)', 'new/old', 'rounds new/old']];
const summary: Record<string, { new: number; old: number; ratio: number }> = {};
for (const k of keys) {
  const a = median(runs.new.map((f) => f[k]!));
  const b = median(runs.old.map((f) => f[k]!));
  const ratio = b === 0 ? NaN : a / b;
  summary[k] = { new: a, old: b, ratio: Math.round(ratio * 1000) / 1000 };
  const per = runs.new.map((f, i) => (runs.old[i]![k] ? (f[k]! / runs.old[i]![k]!).toFixed(2) : '-')).join(' ');
  rows.push([k + (lowerIsBetter(k) ? ' (lower is better)' : ''), String(Math.round(a * 10) / 10), String(Math.round(b * 10) / 10), Number.isFinite(ratio) ? ratio.toFixed(3) : '-', per]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
console.log(`cpu: ${cpu} (${os.cpus().length} cores), node ${process.version}`);
console.log(`new: ${head}  old: ${sha.slice(0, 7)}  rounds: ${rounds}  bench: ${benchArgs.join(' ')}`);
for (const r of rows) console.log(r.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  '));
if (process.env.BENCH_COMPARE_JSON) console.log(JSON.stringify({ cpu, new: head, old: sha, rounds, bench: benchArgs, summary }));
