// The state layout: LAYOUT covers every Int16 word of the state exactly once, LAYOUT8 every
// byte of the byte region after them, every O_* and Z_* offset is in them, and a state's hash
// follows its bytes (clone = same hash).
import { describe, expect, it } from 'vitest';
import { matchFromFiles } from '../../../src/games/blue-rising/index.ts';
import * as S from '../../../src/games/blue-rising/state.ts';
import { CACHE_BASE, C_WIN, WIN_SAVED, LAYOUT, LAYOUT8, STATE_BYTES, STATE_BYTES8, STATE_WORDS16, Z_BASE } from '../../../src/games/blue-rising/state.ts';

/** A layout is sorted and covers [0, size) exactly once: no overlap, no gap. */
function expectTiles(layout: readonly (readonly [string, number, number])[], size: number): void {
  expect(layout.length).toBeGreaterThan(0);
  let next = 0;
  for (const [name, offset, length] of layout) {
    expect(Number.isInteger(offset), name).toBe(true);
    expect(Number.isInteger(length) && length > 0, `${name} has a positive length`).toBe(true);
    // Starting exactly where the previous field ended: sorted, no gap, no overlap.
    expect(offset, `${name} starts where the previous field ends`).toBe(next);
    next = offset + length;
  }
  expect(next).toBe(size);
  // And unit by unit, for a second opinion.
  const cover = new Int32Array(size);
  for (const [, offset, length] of layout) for (let i = offset; i < offset + length; i++) cover[i]!++;
  expect([...cover].every((c) => c === 1)).toBe(true);
}

describe('state layout', () => {
  it('LAYOUT is sorted and covers [0, STATE_WORDS16) exactly once: no overlap, no gap', () => {
    expectTiles(LAYOUT, STATE_WORDS16);
  });

  it('LAYOUT8 is sorted and covers [0, STATE_BYTES8) exactly once: no overlap, no gap', () => {
    expectTiles(LAYOUT8, STATE_BYTES8);
  });

  it('field names are unique', () => {
    const names = [...LAYOUT, ...LAYOUT8].map(([n]) => n);
    expect(new Set(names).size).toBe(names.length);
  });

  it('the byte region follows the Int16 words; STATE_BYTES covers both, a multiple of 4 with under 4 bytes of padding', () => {
    expect(Z_BASE).toBe(2 * STATE_WORDS16);
    expect(STATE_BYTES % 4).toBe(0);
    expect(STATE_BYTES).toBeGreaterThanOrEqual(Z_BASE + STATE_BYTES8);
    expect(STATE_BYTES).toBeLessThan(Z_BASE + STATE_BYTES8 + 4);
  });

  it('a state\'s views: w over the Int16 words (and on to the rules\' cache after the state), z over the byte region, bytes over the whole state', () => {
    const game = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
    const st = game.allocState();
    expect(st.w.byteOffset).toBe(0);
    expect(st.w.length).toBe(C_WIN + WIN_SAVED); // on to the saved 2b list after the legal list
    expect(2 * CACHE_BASE).toBe(STATE_BYTES); // the cache starts where the state ends
    expect(st.z.byteOffset).toBe(Z_BASE);
    expect(st.z.length).toBe(STATE_BYTES8);
    expect(st.bytes.byteLength).toBe(STATE_BYTES);
  });

  it('every exported O_* constant appears in LAYOUT under its own name and offset', () => {
    const offsets = Object.entries(S).filter(([k, v]) => k.startsWith('O_') && typeof v === 'number') as [string, number][];
    expect(offsets.length).toBeGreaterThan(5); // most fields are bytes (Z_*): see the next test
    const byName = new Map(LAYOUT.map(([n, o]) => [n, o]));
    for (const [k, v] of offsets) {
      expect(byName.has(k), `${k} is in LAYOUT`).toBe(true);
      expect(byName.get(k), `${k}'s offset`).toBe(v);
    }
    // And LAYOUT names nothing that is not exported (apart from the chance stream).
    for (const [n] of LAYOUT) if (n !== 'rng') expect(offsets.some(([k]) => k === n), `${n} is exported`).toBe(true);
  });

  it('every exported Z_* constant but Z_BASE appears in LAYOUT8 under its own name and offset, and no other', () => {
    const offsets = Object.entries(S).filter(([k, v]) => k.startsWith('Z_') && k !== 'Z_BASE' && typeof v === 'number') as [string, number][];
    expect(offsets.length).toBe(LAYOUT8.length);
    expect(offsets.length).toBeGreaterThan(50);
    const byName = new Map(LAYOUT8.map(([n, o]) => [n, o]));
    for (const [k, v] of offsets) {
      expect(byName.has(k), `${k} is in LAYOUT8`).toBe(true);
      expect(byName.get(k), `${k}'s offset`).toBe(v);
    }
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
