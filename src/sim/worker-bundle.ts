// The worker threads run a bundle of the worker's sources made with esbuild at start-up
// (about 50 ms): TypeScript loaded through tsx inside a worker thread runs about 7 times
// slower than the same code bundled (measured: 950 vs 7,900 quick games/s per worker).
import { lstatSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, stop } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PREFIX = 'worker-';
/** Bundle names: worker-<pid of the run>-<time>-<random>.mjs (the pid says when it is stale). */
const BUNDLE = /^worker-(\d+)-\d+-\d+\.mjs$/;

/**
 * Where bundles go, in order: $LAB_CACHE_DIR (default node_modules/.cache/blue-rising-lab),
 * then a per-user folder of the system's temporary folder, for a user who cannot write there.
 */
export function bundleDirs(): string[] {
  return [process.env.LAB_CACHE_DIR || join(ROOT, 'node_modules', '.cache', 'blue-rising-lab'), join(tmpdir(), `blue-rising-lab-${uid()}`)];
}

function uid(): number {
  return process.getuid?.() ?? userInfo().uid;
}

/**
 * Bundles the worker into a fresh file of the first usable folder of bundleDirs(); the
 * caller removes it (removeWorkerBundle) when done. The bundle holds its packages too, so
 * that it runs from any folder, and its text does not depend on the folder or the cwd
 * (the journal keys shards on it).
 */
export function buildWorkerBundle(): string {
  let text: Uint8Array;
  try {
    const res = buildSync({
      entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
      absWorkingDir: ROOT,
      write: false,
      outfile: 'worker.mjs',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // ESM builds first: a package's UMD build (jsonc-parser's) loads its parts by a
      // require() that esbuild cannot follow, and the bundle then misses them.
      mainFields: ['module', 'main'],
      // CommonJS packages bundled into ESM call require() for Node's own modules.
      banner: { js: "import { createRequire as __labRequire } from 'node:module'; const require = __labRequire(import.meta.url);" },
      logLevel: 'silent',
    });
    text = res.outputFiles[0]!.contents;
  } finally {
    // The sync API keeps an esbuild service process (and a thread) for later builds: none come.
    void stop();
  }
  const name = `${PREFIX}${process.pid}-${Date.now()}-${Math.floor(Math.random() * 1e9)}.mjs`;
  const failures: string[] = [];
  for (const [i, dir] of bundleDirs().entries()) {
    try {
      mkdirSync(dir, { recursive: true, mode: i === 0 ? 0o777 : 0o700 });
      if (i > 0) {
        // A shared temporary folder: only a private folder of this user's will do, since
        // worker threads run what is in it.
        const st = lstatSync(dir);
        if (!st.isDirectory() || st.uid !== uid() || (st.mode & 0o022) !== 0) throw new Error('not a private folder of this user');
      }
      removeStaleBundles(dir);
      const out = join(dir, name);
      writeFileSync(out, text, { flag: 'wx' });
      process.once('exit', () => rmSync(out, { force: true }));
      return out;
    } catch (e) {
      failures.push(`${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  throw new Error(`cannot write the worker bundle (${failures.join('; ')})`);
}

export function removeWorkerBundle(file: string): void {
  rmSync(file, { force: true });
}

/**
 * Removes the bundles of runs that ended without removing theirs (killed): those whose
 * process is gone. A run still going keeps its bundle (its pool may start threads later).
 */
export function removeStaleBundles(dir: string): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const n of names) {
    const m = BUNDLE.exec(n);
    if (!m || Number(m[1]) === process.pid || isAlive(Number(m[1]))) continue;
    try {
      rmSync(join(dir, n), { force: true });
      removed.push(n);
    } catch {
      // Not ours to remove (another user's folder): leave it.
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}
