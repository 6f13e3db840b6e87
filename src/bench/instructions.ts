// `npm run bench:instructions -- [<commit>] [--only=NAME,…]`: the instructions the CPU executes
// per unit of work (a game, a round of the bots' 40 positions, a search decision), counted by
// valgrind (Debian's package) on this tree and, given a commit, on that commit checked out
// beside it. A count does not move with the load of a shared machine, so a change of 1% shows
// where bench:pair's timings spread by 10% or more; it is not a time (a cache miss or a
// mispredicted branch costs more than an instruction), and bench:pair stays the measure of speed.
//
// How: each workload is bundled with esbuild from the tree's own sources (the lab runs such a
// bundle too) and run twice under `valgrind --tool=cachegrind --cache-sim=no`, for n1 and n2
// units, with V8 made deterministic (--predictable, --single-threaded, fixed seeds); the
// difference over n2 - n1 units leaves out start-up, catalogue compilation and warm-up.
// Repeated runs gave the same count to 0.02%.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { bundle, WORKLOADS, type Workload } from './instructions-work.ts';
import { headLabel, onInterrupt, resolveCommit, withOldTree, ROOT } from './old-tree.ts';

const V8_DETERMINISTIC = ['--single-threaded', '--predictable', '--random-seed=1', '--hash-seed=1'];
/** The valgrind runs under way. */
const running = new Set<ReturnType<typeof spawn>>();

/** Instructions valgrind counts for one run of `file` over `n` units, and the run's digest. */
function count(file: string, n: number): Promise<{ instructions: number; digest: string }> {
  return new Promise((done, fail) => {
    const child = spawn('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, ...V8_DETERMINISTIC, file, String(n)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let out = '', err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', fail);
    child.on('close', (code) => {
      running.delete(child);
      const refs = /I\s+refs:\s+([\d,]+)/.exec(err);
      const digest = /digest (-?\d+)/.exec(out);
      const why = /^\w*Error: .*$/m.exec(err)?.[0] ?? `exit status ${code}`;
      if (code !== 0 || !refs || !digest) fail(new Error(`${basename(file)} failed under valgrind: ${why.trim()}`));
      else done({ instructions: Number(refs[1]!.replace(/,/g, '')), digest: digest[1]! });
    });
  });
}

interface Counted {
  perUnit: number;
  digest: string;
}

/** Instructions per unit between n1 and n2 units; the two runs go side by side (two cores). */
async function measure(root: string, w: Workload, dir: string, tag: string): Promise<Counted> {
  const file = await bundle(root, w, dir, tag);
  const [a, b] = await Promise.all([count(file, w.n1), count(file, w.n2)]);
  return { perUnit: (b.instructions - a.instructions) / (w.n2 - w.n1), digest: b.digest };
}

function fail(message: string): never {
  console.error(`bench:instructions: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const unknown = args.find((a) => a.startsWith('--') && !a.startsWith('--only='));
if (unknown) fail(`unknown option "${unknown}" (only --only=NAME,…)`);
const onlyArg = args.find((a) => a.startsWith('--only='));
const names = onlyArg ? onlyArg.slice(7).split(',') : WORKLOADS.map((w) => w.name);
for (const name of names) if (!WORKLOADS.some((w) => w.name === name)) fail(`unknown workload "${name}" (${WORKLOADS.map((w) => w.name).join(', ')})`);
const chosen = WORKLOADS.filter((w) => names.includes(w.name));
const commitArg = args.find((a) => !a.startsWith('--'));
const sha = commitArg === undefined ? null : resolveCommit('bench:instructions', commitArg);
try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  fail('valgrind is not installed (Debian: apt-get install valgrind)');
}

const head = headLabel();
// Inside node_modules/.cache, so that the bundles' packages resolve from this tree's node_modules.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'bench-instructions-'));
const results: Record<string, { new: Counted; old: Counted | null }> = {};
const started = Date.now();
let failure: string | null = null;
// Interrupted, the valgrind runs stop with this process (their signal, or ours), and the bundles go.
const forget = () => {
  for (const child of running) child.kill('SIGKILL');
  if (!process.env.BENCH_INSTRUCTIONS_KEEP) rmSync(dir, { recursive: true, force: true });
};
const unhook = onInterrupt(forget);
try {
  const run = async (oldDir: string | null) => {
    for (const w of chosen) {
      console.error(`bench:instructions: ${w.name}…`);
      const now = await measure(ROOT, w, dir, 'new');
      const then = oldDir === null ? null : await measure(oldDir, w, dir, 'old');
      results[w.name] = { new: now, old: then };
    }
  };
  if (sha === null) await run(null);
  else await withOldTree(sha, (oldDir) => run(oldDir));
} catch (err) {
  failure = err instanceof Error ? err.message : String(err);
} finally {
  unhook();
  forget();
}
if (failure !== null) fail(failure);

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const rows: string[][] = [['workload', 'unit', head, ...(sha ? [sha.slice(0, 7), 'old ÷ new', 'same games'] : [])]];
for (const w of chosen) {
  const r = results[w.name]!;
  rows.push([w.name, w.unit, fmt(r.new.perUnit), ...(r.old ? [fmt(r.old.perUnit), (r.old.perUnit / r.new.perUnit).toFixed(3), r.old.digest === r.new.digest ? 'yes' : 'no'] : [])]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
console.log(`instructions per unit (valgrind, V8 ${V8_DETERMINISTIC.join(' ')}), node ${process.version}, ${new Date().toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (sha) console.log('old ÷ new: above 1, the new tree executes fewer instructions for the same work; same games: the same choices over the counted units (the rules fixes since an old commit may change them)');
for (const row of rows) console.log(row.map((x, c) => (c < 2 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  '));
if (process.env.BENCH_INSTRUCTIONS_JSON) console.log(JSON.stringify({ new: head, old: sha, results }));
