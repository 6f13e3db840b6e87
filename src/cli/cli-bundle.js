// The `lab` command runs a bundle of its TypeScript sources made with esbuild, kept between
// runs while the files it was built from are unchanged (as the workers' bundle is: see
// src/sim/worker-bundle.ts). Loading the sources through tsx costs every command about a second
// of CPU (its loader thread transforms and hands over each file) and 35 to 40 MB of memory held
// to the end. Plain JavaScript: it runs before anything can load TypeScript.
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Files of ROOT that decide the bundle though no source imports them (and this file, its options). */
const RECIPE_FILES = ['tsconfig.json', 'package.json', 'package-lock.json'];
const EXTERNAL = ['piscina', 'esbuild', 'tsx', 'vega', 'vega-lite', 'bullmq', 'ioredis', 'cron-parser'];
const RECIPE = JSON.stringify([ROOT, process.version]);
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const KEY = sha256(ROOT).slice(0, 16);
const recordIn = (dir) => join(dir, `${KEY}.json`);
const uid = () => process.getuid?.() ?? userInfo().uid;

/**
 * Where the bundle is kept, in order: $LAB_CLI_CACHE_DIR (default
 * node_modules/.cache/blue-rising-lab-cli), then a private folder of this user's in the
 * system's temporary folder, for a user who cannot write the first. The bundle imports the
 * packages it leaves out by their full path, so it runs from either.
 */
export function cliCacheDirs() {
  return [process.env.LAB_CLI_CACHE_DIR || join(ROOT, 'node_modules', '.cache', 'blue-rising-lab-cli'), join(tmpdir(), `blue-rising-lab-cli-${uid()}`)];
}

/** The temporary folder's one is used only when it is a private folder of this user's: `lab` runs what is in it. */
function trusted(i, dir) {
  if (i === 0) return true;
  const st = lstatSync(dir);
  return st.isDirectory() && st.uid === uid() && (st.mode & 0o022) === 0;
}

/** The first of cliCacheDirs() that exists, or can be made, and can be written; null if none. */
export function writableCacheDir() {
  for (const [i, dir] of cliCacheDirs().entries()) {
    try {
      mkdirSync(dir, { recursive: true, mode: i === 0 ? 0o777 : 0o700 });
      accessSync(dir, constants.W_OK);
      if (trusted(i, dir)) return dir;
    } catch {
      // Not this one (under a file, read-only, another user's): the next.
    }
  }
  return null;
}

/** Bundles built by this process (the tests check that none is built where none can be kept). */
let builds = 0;
export const buildCount = () => builds;

/**
 * A source's own place, written in: in one bundle every module's import.meta would be the
 * bundle's. `new URL('…', import.meta.url)` and import.meta.dirname are the forms the sources
 * use; a source using import.meta otherwise fails the build (the sources then run through tsx).
 * The worker bundle's banner speaks of that bundle's own URL, and is left as it is.
 */
const OWN_PLACE = {
  name: 'own-place',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      const out = text
        .replace(/new URL\(('[^']*'|"[^"]*"), import\.meta\.url\)/g, (_, rel) => `new URL(${rel}, ${url})`)
        .replace(/import\.meta\.dirname/g, JSON.stringify(join(args.path, '..')));
      if (out.replaceAll('__labRequire(import.meta.url)', '').includes('import.meta')) {
        return { errors: [{ text: `${args.path}: import.meta in a form the CLI bundle does not place` }] };
      }
      return { contents: out, loader: 'ts' };
    });
  },
};

/**
 * The packages left out are imported by their full URL in this checkout's node_modules: the
 * bundle may be kept outside the checkout (the temporary folder's cache), where their names
 * alone would not be found. A package not installed stays a name, as with no plugin: its
 * import fails when reached, as it would from the sources.
 */
const EXTERNAL_IN_ROOT = {
  name: 'external-in-root',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${EXTERNAL.join('|')})(/|$)`) }, (args) => {
      try {
        return { path: import.meta.resolve(args.path), external: true };
      } catch {
        return { path: args.path, external: true };
      }
    });
  },
};

/**
 * The kept bundle's entry when none of its inputs changed, else null. A bundle is a folder
 * named by its files' hash: its entry and the chunks of what loads later (the queue, reports),
 * so that the packages those import load then, not at every start.
 */
function keptBundle(i, dir) {
  try {
    if (!trusted(i, dir)) return null;
    const rec = JSON.parse(readFileSync(recordIn(dir), 'utf8'));
    if (rec.recipe !== RECIPE || rec.inputs.length === 0) return null;
    for (const [file, size, mtimeMs, hash] of rec.inputs) {
      const st = statSync(file);
      // The same size and time: unchanged; otherwise (a checkout, a touch) the contents decide.
      if (st.size === size && st.mtimeMs === mtimeMs) continue;
      if (st.size !== size || sha256(readFileSync(file)) !== hash) return null;
    }
    const folder = join(dir, rec.folder);
    return sameFiles(folder, rec.outputs) ? join(folder, rec.entry) : null;
  } catch {
    return null; // none kept, or unreadable: built again
  }
}

/** Whether `folder` holds these files, [name, SHA-256] each, as they were written. */
function sameFiles(folder, outputs) {
  try {
    for (const [name, hash] of outputs) if (sha256(readFileSync(join(folder, name))) !== hash) return false;
    return true;
  } catch {
    return false;
  }
}

/** Builds the bundle into `cache` (writable: writableCacheDir()); returns its entry's path. */
async function build(cache) {
  builds++;
  const esbuild = await import('esbuild');
  const tmp = join(cache, `.${process.pid}-${Math.floor(Math.random() * 1e9)}.tmp`);
  let res;
  try {
    res = await esbuild.build({
      entryPoints: { index: join(ROOT, 'src', 'cli', 'index.ts') },
      absWorkingDir: ROOT,
      write: false,
      outdir: tmp,
      splitting: true,
      chunkNames: 'chunk-[hash]',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages are bundled too (Node's loader would parse each CommonJS file of theirs for its
      // exports: a quarter of a second), except those that find files of their own (piscina's
      // worker, esbuild's binary, bullmq's scripts) and those loaded only when needed
      // (EXTERNAL_IN_ROOT).
      // ESM builds first: a package's UMD build (jsonc-parser's) loads its parts by a
      // require() that esbuild cannot follow, and the bundle then misses them.
      mainFields: ['module', 'main'],
      // CommonJS packages bundled into ESM call require() for Node's own modules.
      banner: { js: "import { createRequire as __labRequire } from 'node:module'; const require = __labRequire(import.meta.url);" },
      metafile: true,
      logLevel: 'silent',
      plugins: [OWN_PLACE, EXTERNAL_IN_ROOT],
    });
  } finally {
    await esbuild.stop(); // its service process would keep running for builds that never come
  }
  const files = res.outputFiles.map((f) => ({ name: relative(tmp, f.path), contents: f.contents, hash: sha256(f.contents) }));
  files.sort((x, y) => (x.name < y.name ? -1 : 1));
  const folder = `${KEY}-${sha256(files.map((f) => `${f.name}:${f.hash}`).join('\n')).slice(0, 16)}`;
  const inputs = Object.keys(res.metafile.inputs).filter((f) => !f.includes(':') || isAbsolute(f));
  inputs.push(...RECIPE_FILES.filter((f) => existsSync(join(ROOT, f))), fileURLToPath(import.meta.url));
  const rec = {
    recipe: RECIPE,
    inputs: inputs.map((rel) => {
      const file = isAbsolute(rel) ? rel : join(ROOT, rel);
      const st = statSync(file);
      return [file, st.size, st.mtimeMs, sha256(readFileSync(file))];
    }),
    folder,
    entry: 'index.mjs',
    outputs: files.map((f) => [f.name, f.hash]),
  };
  const dir = join(cache, folder);
  // Whole folders or none: another command may read them meanwhile. A folder of the same name
  // holds the same files (another command built it first), unless something changed them
  // since: it is then written again. Older folders stay: a command still running may yet load
  // a chunk of its own.
  if (existsSync(dir) && !sameFiles(dir, rec.outputs)) rmSync(dir, { recursive: true, force: true });
  if (!existsSync(dir)) {
    mkdirSync(tmp, { recursive: true });
    for (const f of files) writeFileSync(join(tmp, f.name), f.contents);
    try {
      renameSync(tmp, dir);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(dir)) throw e;
    }
  }
  const record = recordIn(cache);
  const recTmp = `${record}.${process.pid}.tmp`;
  writeFileSync(recTmp, JSON.stringify(rec));
  renameSync(recTmp, record);
  pruneOld(cache, folder);
  return join(dir, rec.entry);
}

/** Removes this checkout's other bundles once a day old (a command still running may yet load a chunk of its own). */
function pruneOld(cache, keep) {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(cache)) {
    if (name === keep || !name.startsWith(`${KEY}-`)) continue;
    try {
      if (statSync(join(cache, name)).mtimeMs < dayAgo) rmSync(join(cache, name), { recursive: true, force: true });
    } catch {
      // Another command removed it first.
    }
  }
}

/**
 * The file URL of the CLI's bundle, built when its sources changed; null when none can be had
 * (tsx then loads the sources). With no folder to keep it in, none is built: a build nobody
 * can keep would cost every command a second or more before loading the sources anyway.
 */
export async function cliBundle() {
  try {
    const dirs = cliCacheDirs();
    for (const [i, dir] of dirs.entries()) {
      const kept = keptBundle(i, dir);
      if (kept) return pathToFileURL(kept).href;
    }
    const cache = writableCacheDir();
    return cache ? pathToFileURL(await build(cache)).href : null;
  } catch {
    return null;
  }
}
