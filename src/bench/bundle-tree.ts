// A tree's sources bundled as the game workers run them, for the A/B benches (bench:pair,
// bench:instructions): esbuild with the workers' INLINED_CONSTANTS (worker-bundle.ts), from
// this tree or an older commit's worktree. Each tree is bundled the same way, with this
// tree's options: an older commit whose constants sit in modules with imports keeps them as
// variables, as its own worker bundle did. Both trees' bundles get the workers' pass over the
// text too (constBindings: their top-level constants declared `const` again).
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { constBindings } from '../sim/const-bindings.ts';
import { INLINED_CONSTANTS } from '../sim/worker-bundle.ts';

/** Bundles the JavaScript `entry` (its imports resolved from `root`) into `outfile`. */
export async function bundleTree(root: string, entry: string, outfile: string, name: string): Promise<void> {
  const res = await build({
    stdin: { contents: entry, resolveDir: root, sourcefile: `${name}.js`, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    write: false,
    logLevel: 'error',
    ...INLINED_CONSTANTS,
    // The packages stay outside, found from the bundle's folder in this tree's node_modules
    // (an older commit's worktree links to it too).
    packages: 'external',
  });
  writeFileSync(outfile, constBindings(res.outputFiles[0]!.text));
}
