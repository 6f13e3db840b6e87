// The worker threads run a bundle of the worker's sources made with esbuild: TypeScript
// loaded through tsx inside a worker thread runs about 7 times slower than the same code
// bundled (measured: 950 vs 7,900 quick games/s per worker). The bundle's text is kept with
// the size, time and hash of every file it was built from, and used again while they are all
// unchanged: a build takes 0.3 s to over a second on a busy machine, all of it before the
// first game of every run.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop, version as esbuildVersion, type BuildOptions, type Plugin } from 'esbuild';
import { constBindings } from './const-bindings.ts';
import { namedImportsPlugin } from './named-imports.ts';

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
 * What makes a bundle read the constants as numbers: the minifier writes the value of each
 * constant of an import-free module (Blue Rising's layout.ts and codes.ts files) where it is
 * read, named-imports.ts letting it see through the engine's destructurings; else a bundled
 * constant is a module variable, which the optimized code loads and checks at every read. The
 * benches bundle with it too (src/bench/bundle-tree.ts), to measure what the workers run.
 */
export const INLINED_CONSTANTS = { minifySyntax: true, plugins: [namedImportsPlugin] } satisfies BuildOptions;

const BUILD: BuildOptions = {
  entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
  absWorkingDir: ROOT,
  write: false,
  outfile: 'worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The plugin is named in the recipe (JSON keeps its name); its file is one of RECIPE_FILES.
  ...INLINED_CONSTANTS,
  // ESM builds first: a package's UMD build (jsonc-parser's) loads its parts by a
  // require() that esbuild cannot follow, and the bundle then misses them.
  mainFields: ['module', 'main'],
  // CommonJS packages bundled into ESM call require() for Node's own modules.
  banner: { js: "import { createRequire as __labRequire } from 'node:module'; const require = __labRequire(import.meta.url);" },
  logLevel: 'silent',
};

/** Where built bundles are kept between runs, one per checkout (ROOT). */
export function buildCacheDir(): string {
  return process.env.LAB_BUILD_CACHE_DIR || join(ROOT, 'node_modules', '.cache', 'blue-rising-lab-build');
}

/** An input of the kept bundle: its absolute path, size, modification time and SHA-256. */
type Input = [file: string, size: number, mtimeMs: number, sha256: string];
interface BuildRecord {
  /** Everything but the inputs that decides the text: esbuild's version, the options, ROOT. */
  recipe: string;
  inputs: Input[];
  /** SHA-256 of the bundle's text. */
  bundle: string;
}

/** Files of ROOT that decide the bundle though no source imports them. */
const RECIPE_FILES = ['tsconfig.json', 'package.json', 'package-lock.json', 'src/sim/named-imports.ts', 'src/sim/const-bindings.ts'];
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
// After esbuild, the pass over the text (const-bindings.ts): named in the recipe, so that a bundle
// kept from before it is built again.
const AFTER_BUILD = ['constBindings'];
const recipe = (game: string | undefined) => JSON.stringify([esbuildVersion, BUILD, AFTER_BUILD, ROOT, game ?? null]);
const cacheFiles = (game: string | undefined) => {
  const base = join(buildCacheDir(), sha256(JSON.stringify([ROOT, game ?? null])).slice(0, 16));
  return { record: `${base}.json`, text: `${base}.mjs` };
};

/** The games' list (src/games/modules.ts). */
const MODULES_FILE = /[\\/]src[\\/]games[\\/]modules\.ts$/;

/**
 * A bundle of one game: the list of game modules keeps that game's import line only, so a
 * worker neither parses nor sets up the other games (measured: 150 vs 270 ms of CPU and 12 MB
 * less per worker thread). A list without that game's line is bundled as it is.
 */
function oneGame(game: string): Plugin {
  return {
    name: 'one-game',
    setup(b) {
      b.onLoad({ filter: MODULES_FILE }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const line = text.split('\n').find((l) => l.trimEnd().endsWith(` from './${game}/module.ts';`));
        const name = line && /^import \{ (\w+) \} from /.exec(line)?.[1];
        if (!name) return undefined;
        return { contents: `${line}\nexport const GAME_MODULE_LIST = [${name}];\n`, loader: 'ts' };
      });
    },
  };
}

/** The kept bundle's text when none of its inputs changed, else null. */
function keptBundle(game: string | undefined): Uint8Array | null {
  try {
    const files = cacheFiles(game);
    const rec = JSON.parse(readFileSync(files.record, 'utf8')) as BuildRecord;
    if (rec.recipe !== recipe(game) || rec.inputs.length === 0) return null;
    for (const [file, size, mtimeMs, hash] of rec.inputs) {
      const st = statSync(file);
      // The same size and time: unchanged; otherwise (a checkout, a touch) the contents decide.
      if (st.size === size && st.mtimeMs === mtimeMs) continue;
      if (st.size !== size || sha256(readFileSync(file)) !== hash) return null;
    }
    const text = readFileSync(files.text);
    return sha256(text) === rec.bundle ? text : null;
  } catch {
    return null; // none kept, or unreadable: built again
  }
}

/** Keeps a fresh build for the next runs (best effort: a folder that cannot be written keeps none). */
function keepBundle(game: string | undefined, text: Uint8Array, inputs: string[]): void {
  try {
    const rec: BuildRecord = {
      recipe: recipe(game),
      inputs: inputs.map((rel) => {
        const file = isAbsolute(rel) ? rel : join(ROOT, rel);
        const st = statSync(file);
        return [file, st.size, st.mtimeMs, sha256(readFileSync(file))];
      }),
      bundle: sha256(text),
    };
    const files = cacheFiles(game);
    mkdirSync(buildCacheDir(), { recursive: true });
    // Whole files or none: another run may read them meanwhile (it checks the text's hash).
    const tmp = `.${process.pid}-${Math.floor(Math.random() * 1e9)}.tmp`;
    writeFileSync(files.text + tmp, text);
    renameSync(files.text + tmp, files.text);
    writeFileSync(files.record + tmp, JSON.stringify(rec));
    renameSync(files.record + tmp, files.record);
  } catch {
    // Built again next time.
  }
}

async function bundleText(game: string | undefined): Promise<Uint8Array> {
  const kept = keptBundle(game);
  if (kept) return kept;
  let text: Uint8Array;
  let inputs: string[];
  try {
    const res = await build({ ...BUILD, metafile: true, plugins: game === undefined ? BUILD.plugins : [oneGame(game), ...BUILD.plugins!] });
    text = new TextEncoder().encode(constBindings(res.outputFiles![0]!.text));
    // Files only: esbuild's own namespaces (none here today) have no file to check.
    inputs = Object.keys(res.metafile!.inputs).filter((f) => !f.includes(':') || isAbsolute(f));
    // What esbuild reads besides the sources: the TypeScript options, and the packages installed.
    inputs.push(...RECIPE_FILES.filter((f) => existsSync(join(ROOT, f))));
  } finally {
    // esbuild keeps its service process (and a thread) for later builds: none come.
    await stop();
  }
  keepBundle(game, text, inputs);
  return text;
}

/**
 * Bundles the worker into a fresh file of the first usable folder of bundleDirs(); the
 * caller removes it (removeWorkerBundle) when done. The bundle holds its packages too, so
 * that it runs from any folder, and its text does not depend on the folder or the cwd
 * (the journal keys shards on it).
 * `game`: a bundle that plays that game only (a run's own); every game's by default (a queue
 * worker's, whose code key must match any submitter's).
 */
export async function buildWorkerBundle(game?: string): Promise<string> {
  const text = await bundleText(game);
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
