// Seeded randomness. The hot path uses xoshiro128** whose four state words live inside a
// caller's Int32Array (the game state), so that a clone continues the same stream. Integer
// seeds are expanded with splitmix32; string seeds with seedrandom's Alea (about 1 µs;
// seedrandom's default ARC4 takes about 7 µs, a noticeable share of a quick game).
import seedrandom from 'seedrandom';
import type { Rng } from './game.ts';

/**
 * Fills words[offset..offset+3] with a non-zero xoshiro128 state derived from `seed`: an
 * integer seed is expanded with splitmix32 (a few ns: games are seeded millions of times),
 * any other seed through seedrandom's Alea.
 */
export function seedWords(seed: string | number, words: Int32Array, offset: number): void {
  let any = 0;
  if (typeof seed === 'number' && Number.isInteger(seed)) {
    let x = (seed >>> 0) ^ ((seed / 4294967296) >>> 0);
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      z ^= z >>> 16;
      words[offset + i] = z;
      any |= z;
    }
  } else {
    const gen = seedrandom.alea(String(seed));
    for (let i = 0; i < 4; i++) {
      const w = gen.int32();
      words[offset + i] = w;
      any |= w;
    }
  }
  if (any === 0) words[offset] = 0x9e3779b9 | 0;
}

/** Next 32-bit unsigned value of the xoshiro128** stream stored at words[offset..offset+3]. */
export function nextU32(words: Int32Array, offset: number): number {
  const s0 = words[offset]!;
  const s1 = words[offset + 1]!;
  const s2 = words[offset + 2]!;
  const s3 = words[offset + 3]!;
  const m = Math.imul(s1, 5);
  const result = Math.imul((m << 7) | (m >>> 25), 9);
  const t = s1 << 9;
  let n2 = s2 ^ s0;
  let n3 = s3 ^ s1;
  const n1 = s1 ^ n2;
  const n0 = s0 ^ n3;
  n2 ^= t;
  n3 = (n3 << 11) | (n3 >>> 21);
  words[offset] = n0;
  words[offset + 1] = n1;
  words[offset + 2] = n2;
  words[offset + 3] = n3;
  return result >>> 0;
}

/**
 * Fisher-Yates of a[from .. from + n) from the stream at words[offset .. offset + 3], the same
 * draws as nextInt(words, offset, i + 1) for i = n - 1 .. 1, with the four words kept in locals
 * (a determinization shuffles dozens of cards per search iteration, a game's deal two decks).
 */
export function shuffleFromWords(words: Int32Array, offset: number, a: Int32Array | Int8Array, from: number, n: number): void {
  let s0 = words[offset]!, s1 = words[offset + 1]!, s2 = words[offset + 2]!, s3 = words[offset + 3]!;
  for (let i = n - 1; i > 0; i--) {
    const m = Math.imul(s1, 5);
    const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    const j = from + Math.floor((r / 4294967296) * (i + 1));
    const x = a[from + i]!;
    a[from + i] = a[j]!;
    a[j] = x;
  }
  words[offset] = s0;
  words[offset + 1] = s1;
  words[offset + 2] = s2;
  words[offset + 3] = s3;
}

/** out[0 .. n) = the next n draws of the stream at words[0..3] as int32 (nextU32 | 0), the words in locals. */
export function fillFromWords(words: Int32Array, out: Int32Array, n: number): void {
  let s0 = words[0]!, s1 = words[1]!, s2 = words[2]!, s3 = words[3]!;
  for (let i = 0; i < n; i++) {
    const m = Math.imul(s1, 5);
    out[i] = Math.imul((m << 7) | (m >>> 25), 9);
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
  }
  words[0] = s0;
  words[1] = s1;
  words[2] = s2;
  words[3] = s3;
}

/** Uniform integer in [0, n) from the stream at words[offset] (n ≤ 2^16, bias negligible). */
export function nextInt(words: Int32Array, offset: number, n: number): number {
  return Math.floor((nextU32(words, offset) / 4294967296) * n);
}

/** A standalone seeded generator for bots and planners: same algorithm, own 4 words. */
export class SeededRng implements Rng {
  readonly words = new Int32Array(4);
  constructor(seed: string | number) {
    seedWords(seed, this.words, 0);
  }
  next(): number {
    return nextU32(this.words, 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor((nextU32(this.words, 0) / 4294967296) * n);
  }
  u32(): number {
    return nextU32(this.words, 0);
  }
}

/** Mixes integers into one 32-bit seed (for deriving per-game and per-stream seeds). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9 | 0;
  for (const p of parts) {
    h ^= p | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
