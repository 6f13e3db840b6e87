// `npm run bench:shares -- [--rounds=5]`: what share of a random game's CPU time a part of the
// work takes, measured by changing the work rather than by sampling a profile (a sampled profile
// splits inlined code by guesswork). Two of bench:instructions' workloads, bundled from this tree
// as the game workers run them, each run as is and as the variants of shares-work.ts: the
// listing done twice (random quick games, and a worker's shard of the million-game run), and the
// card counters left out (the shard). Each round runs every variant once, one process at a time,
// in turn; a variant's figure is the median over the rounds of its CPU time against the plain
// bundle's in the same round, and every variant must make the same choices (the same digest).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { bundle, WORKLOADS } from './instructions-work.ts';
import { headLabel, onInterrupt, ROOT } from './old-tree.ts';
import { PLAN, timedSource, VARIANTS } from './shares-work.ts';
import { median } from './stats.ts';

function fail(message: string): never {
  console.error(`bench:shares: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let rounds = 5;
for (const a of args) {
  const m = /^--rounds=(\d+)$/.exec(a);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 100) rounds = Number(m[1]);
  else fail(`unknown option "${a}" (only --rounds=N, N from 1 to 100)`);
}

/** One run of a timed bundle: its work's CPU seconds and its digest. */
function runOnce(file: string, n: number): { cpu: number; digest: string } {
  const r = spawnSync(process.execPath, [file, String(n)], { encoding: 'utf8' });
  const cpu = /^cpu (\S+)$/m.exec(r.stdout ?? ''), digest = /^digest (-?\d+)$/m.exec(r.stdout ?? '');
  if (r.status !== 0 || !cpu || !digest) throw new Error(`${file} failed: ${(r.stderr ?? '').trim().split('\n').pop() || `exit status ${r.status}`}`);
  return { cpu: Number(cpu[1]), digest: digest[1]! };
}

// Inside node_modules/.cache, so that the bundles' packages resolve from this tree's node_modules.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'bench-shares-'));
const remove = () => rmSync(dir, { recursive: true, force: true });
const unhook = onInterrupt(remove);
const started = Date.now();
const rows: string[][] = [['workload', 'variant', 'plain (s)', 'variant (s)', 'variant ÷ plain', 'min–max', 'share']];
let failure: string | null = null;
try {
  for (const step of PLAN) {
    const w = WORKLOADS.find((x) => x.name === step.workload)!;
    const source = readFileSync(await bundle(ROOT, w, dir, 'plain'), 'utf8');
    const files: [string, string][] = [['plain', join(dir, `timed-${w.name}.mjs`)]];
    writeFileSync(files[0]![1], timedSource(source));
    for (const name of step.variants) {
      const file = join(dir, `${name}-${w.name}.mjs`);
      writeFileSync(file, timedSource(source, VARIANTS[name]));
      files.push([name, file]);
    }
    const cpu = new Map<string, number[]>(), digests = new Map<string, string>();
    for (let r = 0; r < rounds; r++) {
      for (const [name, file] of files) {
        console.error(`bench:shares: ${w.name}, ${name}, round ${r + 1} of ${rounds}…`);
        const got = runOnce(file, step.n);
        cpu.set(name, [...(cpu.get(name) ?? []), got.cpu]);
        digests.set(name, got.digest);
      }
    }
    const plain = cpu.get('plain')!;
    for (const name of step.variants) {
      const v = VARIANTS[name];
      if (digests.get(name) !== digests.get('plain')) throw new Error(`${w.name}, ${name}: another digest than the plain bundle's (${digests.get(name)} against ${digests.get('plain')}): the variant changed the games`);
      const ratios = cpu.get(name)!.map((t, i) => t / plain[i]!);
      const m = median(ratios);
      const share = v.adds ? m - 1 : 1 - m;
      rows.push([w.name, name, median(plain).toFixed(2), median(cpu.get(name)!).toFixed(2), m.toFixed(3), `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`, `${v.share} ${(share * 100).toFixed(1)}%`]);
    }
  }
} catch (err) {
  failure = err instanceof Error ? err.message : String(err);
} finally {
  unhook();
  remove();
}
if (failure !== null) fail(failure);

const cpuModel = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(`bench:shares: ${headLabel()}, ${rounds} rounds, ${((Date.now() - started) / 1000).toFixed(0)} s; cpu: ${cpuModel} (${os.cpus().length} cores), node ${process.version}, ${new Date().toISOString()}`);
console.log("CPU time of each run's work (median over the rounds); share: what the variant adds (relist: one more listing of every decision, a lower bound of listing's cost) or saves (no-cards), as a share of the plain run");
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
for (const row of rows) console.log(row.map((x, c) => (c === row.length - 1 ? x : c < 2 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  '));
