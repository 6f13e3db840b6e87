// The `lab` command runs a bundle of its TypeScript sources made with esbuild, kept between
// runs while the files it was built from are unchanged (as the workers' bundle is: see
// src/sim/worker-bundle.ts). Loading the sources through tsx costs every command about a second
// of CPU (its loader thread transforms and hands over each file) and 35 to 40 MB of memory held
// to the end. Plain JavaScript: it runs before anything can load TypeScript.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Inside the project's node_modules: the bundle leaves the packages out, and finds them from there. */
const DIR = join(ROOT, 'node_modules', '.cache', 'blue-rising-lab-cli');
/** Files of ROOT that decide the bundle though no source imports them. */
const RECIPE_FILES = ['tsconfig.json', 'package.json', 'package-lock.json'];
/** Bump when the options below change. */
const RECIPE = JSON.stringify([1, ROOT]);
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const base = join(DIR, sha256(ROOT).slice(0, 16));
const FILES = { record: `${base}.json`, text: `${base}.mjs` };

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

/** The kept bundle's path when none of its inputs changed, else null. */
function keptBundle() {
  try {
    const rec = JSON.parse(readFileSync(FILES.record, 'utf8'));
    if (rec.recipe !== RECIPE || rec.inputs.length === 0) return null;
    for (const [file, size, mtimeMs, hash] of rec.inputs) {
      const st = statSync(file);
      // The same size and time: unchanged; otherwise (a checkout, a touch) the contents decide.
      if (st.size === size && st.mtimeMs === mtimeMs) continue;
      if (st.size !== size || sha256(readFileSync(file)) !== hash) return null;
    }
    return sha256(readFileSync(FILES.text)) === rec.bundle ? FILES.text : null;
  } catch {
    return null; // none kept, or unreadable: built again
  }
}

async function build() {
  const esbuild = await import('esbuild');
  let res;
  try {
    res = await esbuild.build({
      entryPoints: [join(ROOT, 'src', 'cli', 'index.ts')],
      absWorkingDir: ROOT,
      write: false,
      outfile: FILES.text,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      plugins: [OWN_PLACE],
    });
  } finally {
    await esbuild.stop(); // its service process would keep running for builds that never come
  }
  const text = res.outputFiles[0].contents;
  const inputs = Object.keys(res.metafile.inputs).filter((f) => !f.includes(':') || isAbsolute(f));
  inputs.push(...RECIPE_FILES.filter((f) => existsSync(join(ROOT, f))));
  const rec = {
    recipe: RECIPE,
    inputs: inputs.map((rel) => {
      const file = isAbsolute(rel) ? rel : join(ROOT, rel);
      const st = statSync(file);
      return [file, st.size, st.mtimeMs, sha256(readFileSync(file))];
    }),
    bundle: sha256(text),
  };
  mkdirSync(DIR, { recursive: true });
  // Whole files or none: another command may read them meanwhile (it checks the text's hash).
  const tmp = `.${process.pid}-${Math.floor(Math.random() * 1e9)}.tmp`;
  writeFileSync(FILES.text + tmp, text);
  renameSync(FILES.text + tmp, FILES.text);
  writeFileSync(FILES.record + tmp, JSON.stringify(rec));
  renameSync(FILES.record + tmp, FILES.record);
  return FILES.text;
}

/** The file URL of the CLI's bundle, built when its sources changed; null when none can be had (tsx then loads the sources). */
export async function cliBundle() {
  try {
    const file = keptBundle() ?? (await build());
    return pathToFileURL(file).href;
  } catch {
    return null;
  }
}
