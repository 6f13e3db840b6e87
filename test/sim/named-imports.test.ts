// The bundles' rewrite of a namespace import used only by destructurings (named-imports.ts):
// written as the named import it stands for, and left as written in every other case.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { namedImports } from '../../src/sim/named-imports.ts';

describe('namedImports', () => {
  it('writes a namespace import read only by destructurings as one named import of their names', () => {
    const source = [
      "import { nextU32 } from '../rng.ts';",
      "import * as stateLayout from './state.ts';",
      '// the layout, bound as this module\'s own',
      'const {',
      '  Z_OCC, Z_TKW,',
      '  O_TURN,',
      '} = stateLayout;',
      'const { PH_MAIN } = stateLayout;',
      'export const f = (z: Int8Array) => z[Z_OCC] + z[Z_TKW] + z[O_TURN] + PH_MAIN + nextU32;',
      '',
    ].join('\n');
    expect(namedImports(source)).toBe([
      "import { nextU32 } from '../rng.ts';",
      "import { Z_OCC, Z_TKW, O_TURN, PH_MAIN } from './state.ts';",
      '// the layout, bound as this module\'s own',
      'export const f = (z: Int8Array) => z[Z_OCC] + z[Z_TKW] + z[O_TURN] + PH_MAIN + nextU32;',
      '',
    ].join('\n'));
  });

  it('leaves a namespace read otherwise, or destructured with a rename, as written', () => {
    const read = "import * as codes from './codes.ts';\nconst { A } = codes;\nexport const g = () => A + codes.B;\n";
    const renamed = "import * as codes from './codes.ts';\nconst { A: B } = codes;\nexport const g = () => B;\n";
    const unused = "import * as codes from './codes.ts';\nexport const g = () => 1;\n";
    for (const source of [read, renamed, unused]) expect(namedImports(source)).toBe(source);
  });

  it('turns every namespace of the Blue Rising engine into named imports', () => {
    for (const file of ['rules', 'board', 'effects', 'observe']) {
      const source = readFileSync(new URL(`../../src/games/blue-rising/${file}.ts`, import.meta.url), 'utf8');
      expect(source).toMatch(/^import \* as stateLayout from '\.\/state\.ts';$/m);
      const out = namedImports(source);
      expect(out).not.toMatch(/import \* as|= (stateLayout|catalogueCodes|actionBands);/);
      expect(out).toMatch(/^import \{ [^}]*\bZ_OCC\b[^}]* \} from '\.\/state\.ts';$/m);
    }
  });
});
