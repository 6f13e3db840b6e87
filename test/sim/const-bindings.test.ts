import { describe, expect, it } from 'vitest';
import { constBindings } from '../../src/sim/const-bindings.ts';

describe('constBindings', () => {
  it('declares const the top-level vars nothing assigns again', () => {
    const text = 'var a = new Int32Array(4), b = 1;\nfunction f() { return a[0] + b; }\nexport { f };\n';
    expect(constBindings(text)).toBe('const a = new Int32Array(4), b = 1;\nfunction f() { return a[0] + b; }\nexport { f };\n');
  });

  it('keeps a var that is assigned, updated, destructured into or a loop variable, anywhere', () => {
    const text = [
      'var a = 0, b = 0, c = 0, d = 0, e = 0, k = 0, m = [];',
      'function f() { a = 2; b++; [c] = [1]; ({ x: d } = { x: 1 }); for (e in {}) ; }',
      'function g() { let k = 1; k += 1; return k; }',
      'm.push(1);',
    ].join('\n');
    // k is written by an inner variable of the same name: kept too (the pass looks at names only).
    const lines = constBindings(text).split('\n');
    expect(lines.slice(0, 2)).toEqual(['var a = 0, b = 0, c = 0, d = 0, e = 0, k = 0;', 'const m = [];']);
  });

  it('splits a declaration that mixes both, in its order, and leaves a var without a value', () => {
    const text = 'var x = 1, y = 2, z, w = 3;\ny = 4;\nz = 5;\n';
    expect(constBindings(text)).toBe('const x = 1;\nvar y = 2, z;\nconst w = 3;\ny = 4;\nz = 5;\n');
  });

  it('leaves declarations inside functions and blocks alone', () => {
    const text = 'function f() { var a = 1; return a; }\n{ var b = 2; }\nfor (var i = 0; i < 2; i++) ;\n';
    expect(constBindings(text)).toBe(text);
  });

  it('gives code that runs as before', () => {
    const text = 'var t = new Float64Array(3), n = 0;\nfunction add(x) { t[n++] = x; return t[0] + t[1] + t[2]; }\nadd(1); add(2);\nvar out = add(3);\n';
    const run = (src: string) => new Function(`${src}\nreturn out;`)() as number;
    const changed = constBindings(text);
    expect(changed).toContain('const t = new Float64Array(3)');
    expect(changed).toContain('var n = 0');
    expect(run(changed)).toBe(6);
    expect(run(text)).toBe(6);
  });
});
