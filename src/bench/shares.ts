// `npm run bench:shares -- [<commit>] [--rounds=5]`: what share of a random game's CPU time a
// part of the work takes, measured by changing the work rather than by sampling a profile (a
// sampled profile splits inlined code by guesswork). Two of bench:instructions' workloads,
// bundled from this tree as the game workers run them, each run as is and as the variants of
// shares-work.ts: the listing done twice (random quick games, also in the main phase only and
// in the windows only, and a worker's shard of the million-game run), and the card counters
// left out (the shard). Given a commit, checked out
// beside this tree, its bundles run the listing variant too, so that the speed-up splits into
// the listing's and the rest's. Each round runs every bundle once, one process at a time, in
// turn; a figure is the median over the rounds, a ratio the median of the same round's ratios,
// and every variant must make the same choices as its plain bundle (the same digest).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { bundle, WORKLOADS } from './instructions-work.ts';
import { bundleFolder, headLabel, resolveCommit, withOldTree, ROOT } from './old-tree.ts';
import { PLAN, timedSource, VARIANTS, type Variant } from './shares-work.ts';
import { median } from './stats.ts';

function fail(message: string): never {
  console.error(`bench:shares: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let rounds = 5;
const positional: string[] = [];
for (const a of args) {
  const m = /^--rounds=(\d+)$/.exec(a);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 100) rounds = Number(m[1]);
  else if (a.startsWith('-')) fail(`unknown option "${a}" (only --rounds=N, N from 1 to 100)`);
  else positional.push(a);
}
if (positional.length > 1) fail(`one commit at most, not ${positional.join(' ')}`);
const sha = positional.length === 0 ? null : resolveCommit('bench:shares', positional[0]);

/** One run of a timed bundle: its work's CPU seconds and its digest. */
function runOnce(file: string, n: number): { cpu: number; digest: string } {
  const r = spawnSync(process.execPath, [file, String(n)], { encoding: 'utf8' });
  const cpu = /^cpu (\S+)$/m.exec(r.stdout ?? ''), digest = /^digest (-?\d+)$/m.exec(r.stdout ?? '');
  // Ctrl-C reaches the whole process group: the child's death by it ends the bench quietly (withOldTree and below).
  if (r.signal === 'SIGINT' || r.signal === 'SIGTERM') throw Object.assign(new Error(`interrupted (${r.signal})`), { signal: r.signal });
  if (r.status !== 0 || !cpu || !digest) throw new Error(`${file} failed: ${(r.stderr ?? '').trim().split('\n').pop() || `exit status ${r.status}`}`);
  return { cpu: Number(cpu[1]), digest: digest[1]! };
}

/** A bundle to time: its tree, workload and variant (null: the plain bundle). */
interface Run {
  tree: string;
  workload: string;
  n: number;
  variant: Variant | null;
  file: string;
  cpu: number[];
  digest: string;
}

// Removed at exit, also when withOldTree exits at once on an interrupt.
const dir = bundleFolder('bench-shares-');
const started = Date.now();
const head = headLabel();
// The older tree's label, told apart from this tree's when the commit is HEAD itself.
const oldLabel = sha === null ? '' : sha.slice(0, 7) === head ? `${head} (old)` : sha.slice(0, 7);
const runs: Run[] = [];

/** Bundles `root`'s workloads and their variants (an older tree: the whole listing's only). */
async function prepare(root: string, tree: string, older: boolean): Promise<void> {
  for (const step of PLAN) {
    const w = WORKLOADS.find((x) => x.name === step.workload)!;
    const source = readFileSync(await bundle(root, w, dir, `${tree}-src`), 'utf8');
    const variants = [null, ...step.variants.filter((v) => !older || v === 'relist').map((v) => VARIANTS[v])];
    for (const v of variants) {
      const file = join(dir, `${tree}-${v?.name ?? 'plain'}-${w.name}.mjs`);
      writeFileSync(file, timedSource(source, v ?? undefined));
      runs.push({ tree, workload: w.name, n: step.n, variant: v, file, cpu: [], digest: '' });
    }
  }
}

/** Every bundle once a round, in turn. */
function measure(): void {
  for (let r = 0; r < rounds; r++) {
    for (const run of runs) {
      console.error(`bench:shares: ${run.tree}, ${run.workload}, ${run.variant?.name ?? 'plain'}, round ${r + 1} of ${rounds}…`);
      const got = runOnce(run.file, run.n);
      run.cpu.push(got.cpu);
      run.digest = got.digest;
    }
  }
}

let failure: string | null = null;
let interrupted = 0;
try {
  await prepare(ROOT, head, false);
  if (sha === null) measure();
  else {
    await withOldTree(sha, async (oldDir) => {
      await prepare(oldDir, oldLabel, true);
      measure();
    });
  }
} catch (err) {
  const signal = (err as { signal?: unknown } | null)?.signal;
  if (signal === 'SIGINT' || signal === 'SIGTERM') interrupted = signal === 'SIGINT' ? 130 : 143;
  else failure = err instanceof Error ? err.message : String(err);
}
if (interrupted) process.exit(interrupted);
if (failure !== null) fail(failure);

const plainOf = (r: Run) => runs.find((x) => x.tree === r.tree && x.workload === r.workload && x.variant === null)!;
const ratios = (a: number[], b: number[]) => a.map((x, i) => x / b[i]!);
const rows: string[][] = [['tree', 'workload', 'variant', 'plain (s)', 'variant (s)', 'variant ÷ plain', 'min–max', 'share']];
for (const r of runs) {
  if (r.variant === null) continue;
  const plain = plainOf(r);
  if (r.digest !== plain.digest) fail(`${r.tree}, ${r.workload}, ${r.variant.name}: another digest than the plain bundle's (${r.digest} against ${plain.digest}): the variant changed the games`);
  const q = ratios(r.cpu, plain.cpu), m = median(q);
  const share = r.variant.adds ? m - 1 : 1 - m;
  rows.push([r.tree, r.workload, r.variant.name, median(plain.cpu).toFixed(2), median(r.cpu).toFixed(2), m.toFixed(3), `${Math.min(...q).toFixed(3)}–${Math.max(...q).toFixed(3)}`, `${r.variant.share} ${(share * 100).toFixed(1)}%`]);
}

const cpuModel = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(`bench:shares: ${head}${sha ? ` and ${oldLabel}` : ''}, ${rounds} rounds, ${((Date.now() - started) / 1000).toFixed(0)} s; cpu: ${cpuModel} (${os.cpus().length} cores), node ${process.version}, ${new Date().toISOString()}`);
console.log("CPU time of each run's work (median over the rounds); share: what the variant adds (relist: one more listing of every decision, a lower bound of listing's cost) or saves (no-cards), as a share of the plain run");
const table = (t: string[][]) => {
  const widths = t[0]!.map((_, c) => Math.max(...t.map((row) => row[c]!.length)));
  for (const row of t) console.log(row.map((x, c) => (c === row.length - 1 ? x : c < 3 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  '));
};
table(rows);
if (sha) {
  // Per round: listing = relist − plain (a lower bound), the rest = plain − listing; old ÷ new of each.
  console.log(`\nold ÷ new (${oldLabel} ÷ ${head}), per round then the median: above 1, this tree is faster at that part`);
  const split: string[][] = [['workload', 'whole run', 'listing (relist − plain)', 'the rest (plain − listing)']];
  for (const step of PLAN) {
    const find = (tree: string, v: string | null) => runs.find((x) => x.tree === tree && x.workload === step.workload && (x.variant?.name ?? null) === v)!;
    const np = find(head, null).cpu, nr = find(head, 'relist').cpu, op = find(oldLabel, null).cpu, or = find(oldLabel, 'relist').cpu;
    const whole = ratios(op, np);
    const listing = op.map((_, i) => (or[i]! - op[i]!) / (nr[i]! - np[i]!));
    const rest = op.map((_, i) => (2 * op[i]! - or[i]!) / (2 * np[i]! - nr[i]!));
    split.push([step.workload, median(whole).toFixed(3), median(listing).toFixed(3), median(rest).toFixed(3)]);
  }
  table(split);
}
