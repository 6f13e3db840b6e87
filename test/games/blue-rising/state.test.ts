// The state layout: LAYOUT covers every Int16 word of the state exactly once, every O_*
// offset is in it, and a state's hash follows its bytes (clone = same hash).
import { describe, expect, it } from 'vitest';
import { matchFromFiles } from '../../../src/games/blue-rising/index.ts';
import * as S from '../../../src/games/blue-rising/state.ts';
import { LAYOUT, STATE_BYTES, STATE_WORDS16 } from '../../../src/games/blue-rising/state.ts';

describe('state layout', () => {
  it('LAYOUT is sorted and covers [0, STATE_WORDS16) exactly once: no overlap, no gap', () => {
    expect(LAYOUT.length).toBeGreaterThan(0);
    let next = 0;
    for (const [name, offset, length] of LAYOUT) {
      expect(Number.isInteger(offset), name).toBe(true);
      expect(Number.isInteger(length) && length > 0, `${name} has a positive length`).toBe(true);
      // Starting exactly where the previous field ended: sorted, no gap, no overlap.
      expect(offset, `${name} starts where the previous field ends`).toBe(next);
      next = offset + length;
    }
    expect(next).toBe(STATE_WORDS16);
    // And word by word, for a second opinion.
    const cover = new Int32Array(STATE_WORDS16);
    for (const [, offset, length] of LAYOUT) for (let i = offset; i < offset + length; i++) cover[i]!++;
    expect([...cover].every((c) => c === 1)).toBe(true);
  });

  it('field names are unique', () => {
    const names = LAYOUT.map(([n]) => n);
    expect(new Set(names).size).toBe(names.length);
  });

  it('STATE_BYTES = 2 × STATE_WORDS16, a multiple of 4 (the Int32 view covers it)', () => {
    expect(STATE_BYTES).toBe(2 * STATE_WORDS16);
    expect(STATE_BYTES % 4).toBe(0);
  });

  it('every exported O_* constant appears in LAYOUT under its own name and offset', () => {
    const offsets = Object.entries(S).filter(([k, v]) => k.startsWith('O_') && typeof v === 'number') as [string, number][];
    expect(offsets.length).toBeGreaterThan(50);
    const byName = new Map(LAYOUT.map(([n, o]) => [n, o]));
    for (const [k, v] of offsets) {
      expect(byName.has(k), `${k} is in LAYOUT`).toBe(true);
      expect(byName.get(k), `${k}'s offset`).toBe(v);
    }
    // And LAYOUT names nothing that is not exported (apart from the chance stream).
    for (const [n] of LAYOUT) if (n !== 'rng') expect(offsets.some(([k]) => k === n), `${n} is exported`).toBe(true);
  });
});

describe('state hash', () => {
  it('a fresh game hashes like its clone and changes after an apply', () => {
    const game = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
    const st = game.allocState();
    game.newGame(st, 5);
    expect(st.bytes.byteLength).toBe(STATE_BYTES);
    const h0 = game.hash(st);
    expect(Number.isInteger(h0)).toBe(true);

    const copy = game.allocState();
    game.cloneInto(st, copy);
    expect(game.hash(copy)).toBe(h0);

    const out = new Int32Array(game.maxLegalActions);
    const n = game.legalActions(st, out);
    expect(n).toBeGreaterThan(0);
    game.apply(st, out[0]!);
    const h1 = game.hash(st);
    expect(h1).not.toBe(h0);
    // The clone is independent: it keeps the old hash.
    expect(game.hash(copy)).toBe(h0);
    game.cloneInto(st, copy);
    expect(game.hash(copy)).toBe(h1);
  });

  it('the same seed gives the same hash, another seed (most likely) another', () => {
    const game = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
    const a = game.allocState();
    const b = game.allocState();
    game.newGame(a, 7);
    game.newGame(b, 7);
    expect(game.hash(a)).toBe(game.hash(b));
    game.newGame(b, 8);
    expect(game.hash(b)).not.toBe(game.hash(a));
  });
});
