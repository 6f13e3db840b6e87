// The chance streams every game deals from (src/core/seeds.ts): the game's own from the seed,
// each seat's from (seed, its deck's key), the seat added in a mirror match.
import { describe, expect, it } from 'vitest';
import { mixSeed, seedWords } from '../../src/core/rng.ts';
import { seatStreamSeed, seedChanceStreams } from '../../src/core/seeds.ts';

const streams = (seed: number, keys: readonly number[]) => {
  const w = new Int32Array(4 + 4 * keys.length);
  seedChanceStreams(seed, keys, w, 0, 4);
  return { game: Array.from(w.subarray(0, 4)), seats: keys.map((_, p) => Array.from(w.subarray(4 + 4 * p, 8 + 4 * p))) };
};

describe('seedChanceStreams', () => {
  it('gives a deck the same stream whichever seat it sits in, and the game one stream from the seed alone', () => {
    const ab = streams(17, [0xaaaa, 0xbbbb]), ba = streams(17, [0xbbbb, 0xaaaa]);
    expect(ba.seats[1]).toEqual(ab.seats[0]);
    expect(ba.seats[0]).toEqual(ab.seats[1]);
    expect(ab.seats[0]).not.toEqual(ab.seats[1]);
    expect(ba.game).toEqual(ab.game);
    expect(streams(18, [0xaaaa, 0xbbbb]).seats[0]).not.toEqual(ab.seats[0]);
  });

  it('gives the two seats of a mirror match different streams', () => {
    const m = streams(17, [0xaaaa, 0xaaaa]);
    expect(m.seats[0]).not.toEqual(m.seats[1]);
    expect(m.seats[0]).not.toEqual(streams(17, [0xaaaa, 0xbbbb]).seats[0]);
  });

  it("is Blue Rising's derivation to the word (its golden outputs rest on it)", () => {
    // As Blue Rising's rules.ts wrote it before the derivation moved here.
    for (const [seed, k0, k1] of [[0, 1, 2], [1494465409, 0x811c9dc5, 0x811c9dc5], [7, 3, 3], [123456, 99, 5]] as const) {
      const want = new Int32Array(12);
      seedWords(seed, want, 0);
      seedWords(k0 === k1 ? mixSeed(seed, k0, 0) : mixSeed(seed, k0), want, 4);
      seedWords(k0 === k1 ? mixSeed(seed, k1, 1) : mixSeed(seed, k1), want, 8);
      const got = new Int32Array(12);
      seedChanceStreams(seed, [k0, k1], got, 0, 4);
      expect(Array.from(got)).toEqual(Array.from(want));
      expect(seatStreamSeed(seed, [k0, k1], 1)).toBe(k0 === k1 ? mixSeed(seed, k1, 1) : mixSeed(seed, k1));
    }
  });
});
