// The bundles' view of the modules that bind imported constants as their own. Run as they are
// (tsx), such a module's `import * as stateLayout from './state.ts'` and
// `const { Z_OCC, … } = stateLayout;` give constants V8's optimizing compiler folds, where an
// imported binding is loaded at every use. Bundled, the destructuring becomes a variable read
// at every use instead, and hides the values from esbuild's minifier, which writes the
// constants of an import-free module (state's layout.ts, the catalogue's codes.ts) where they
// are read. This plugin gives esbuild each such destructuring as the named import it stands
// for; the game workers' bundle (worker-bundle.ts) and the benches' bundles load the sources
// through it.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';

const NAMESPACE_IMPORT = /^import \* as (\w+) from ('[^'\n]+');$/gm;

/**
 * `source` with every namespace import that is used only by top-level destructurings of plain
 * names (`const { A, B } = ns;`) written as one named import of those names; any other use of
 * the namespace (a property read, a rename `{ A: B }`) leaves it as written.
 */
export function namedImports(source: string): string {
  let out = source;
  for (const [line, ns, from] of source.matchAll(NAMESPACE_IMPORT)) {
    const destructuring = new RegExp(`^const \\{([^}]*)\\} = ${ns};\\n`, 'gm');
    const names: string[] = [];
    let plain = true;
    const rest = out.replace(`${line}\n`, '').replace(destructuring, (_all, list: string) => {
      for (const name of list.split(',').map((s) => s.trim()).filter(Boolean)) {
        if (!/^\w+$/.test(name)) plain = false;
        names.push(name);
      }
      return '';
    });
    if (!plain || names.length === 0 || new RegExp(`\\b${ns}\\b`).test(rest)) continue;
    out = out.replace(destructuring, '').replace(line, `import { ${names.join(', ')} } from ${from};`);
  }
  return out;
}

/** esbuild's loader for this project's TypeScript sources, through namedImports. */
export const namedImportsPlugin: Plugin = {
  name: 'named-imports',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = namedImports(source);
      return contents === source ? undefined : { contents, loader: 'ts' };
    });
  },
};
