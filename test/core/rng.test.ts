import { describe, expect, it } from 'vitest';
import { fillFromWords, nextInt, nextU32, SeededRng, shuffleFromWords } from '../../src/core/rng.ts';

describe('the stream loops kept in locals', () => {
  it('shuffleFromWords makes the shuffle and leaves the stream where nextInt draws would', () => {
    for (const n of [0, 1, 2, 7, 31, 48]) {
      for (const offset of [0, 5]) {
        // The stream at words[offset .. offset + 3] of a longer array (the game state's streams), the rest untouched.
        const seeded = new SeededRng(n + 11).words;
        const a = new Int32Array(offset + 6).fill(-7), b = new Int32Array(offset + 6).fill(-7);
        a.set(seeded, offset);
        b.set(seeded, offset);
        const x = Int8Array.from({ length: n + 5 }, (_, i) => i - 2);
        const y = Int8Array.from(x);
        shuffleFromWords(a, offset, x, 3, n);
        for (let i = n - 1; i > 0; i--) {
          const j = 3 + nextInt(b, offset, i + 1);
          const t = y[3 + i]!;
          y[3 + i] = y[j]!;
          y[j] = t;
        }
        expect(Array.from(x)).toEqual(Array.from(y));
        expect(Array.from(a)).toEqual(Array.from(b));
        if (n > 2) expect(Array.from(x)).not.toEqual(Array.from({ length: n + 5 }, (_, i) => i - 2));
      }
    }
  });
  it('fillFromWords writes nextU32 | 0, draw after draw', () => {
    const a = new SeededRng('fill'), b = new SeededRng('fill');
    const out = new Int32Array(12);
    fillFromWords(a.words, out, 12);
    expect(Array.from(out)).toEqual(Array.from({ length: 12 }, () => nextU32(b.words, 0) | 0));
    expect(Array.from(a.words)).toEqual(Array.from(b.words));
    expect(a.u32()).toBe(b.u32());
  });
});
