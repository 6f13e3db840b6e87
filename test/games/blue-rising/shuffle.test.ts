// The deck shuffle (board.ts, shuffleZone: Fisher–Yates on a seat's chance stream) is uniform:
// 240,000 shuffles of 4 cards from the engine's own seeded stream, chi-square tests on the 24
// orders and on where each card ends up. Each test's false-alarm rate is α = 1e-6 for a random
// seed; the seed is fixed, so the test is deterministic. An off-by-one in the loop fails it.
import { describe, expect, it } from 'vitest';
import { matchFromFiles } from '../../../src/games/blue-rising/index.ts';
import { shuffleDeck, shuffleZone } from '../../../src/games/blue-rising/board.ts';
import { Z_DECK, Z_DECK_N, RNG_GAME, RNG_SEAT, ZONE_CAP } from '../../../src/games/blue-rising/state.ts';
import { QUICK_G, QUICK_V, ROOT } from '../../sim/helpers.ts';
import { join } from 'node:path';

const N = 240_000;
const CARDS = 4;
// Upper 1e-6 quantiles of χ² (scipy.stats.chi2.isf(1e-6, df)): df 23 for the 24 orders,
// df 9 for the 4 × 4 table of card × position (below).
const CHI2_23 = 70.5496;
const CHI2_9 = 44.8109;

/**
 * Counts of the 24 orders (by their base-4 code) and of card c at position k, over N
 * shuffles, and of the shuffles that brought in a value from outside the 4 cards.
 */
function shuffleCounts(seed: number): { orders: Map<number, number>; at: number[][]; foreign: number } {
  const game = matchFromFiles('quick', join(ROOT, QUICK_G), join(ROOT, QUICK_V));
  const st = game.allocState();
  game.newGame(st, seed); // seeds the seats' streams as a real game does
  const orders = new Map<number, number>();
  let foreign = 0;
  const at = Array.from({ length: CARDS }, () => new Array<number>(CARDS).fill(0));
  for (let s = 0; s < N; s++) {
    for (let k = 0; k < CARDS; k++) st.z[Z_DECK + k] = k;
    shuffleZone(st, Z_DECK, CARDS, RNG_SEAT); // seat 0's stream, as shuffleDeck uses it
    let code = 0;
    for (let k = 0; k < CARDS; k++) {
      const c = st.z[Z_DECK + k]!;
      if (c < 0 || c >= CARDS) {
        foreign++;
        break;
      }
      at[c]![k]!++;
      code = code * CARDS + c;
    }
    orders.set(code, (orders.get(code) ?? 0) + 1);
    st.z[Z_DECK + CARDS] = -1; // what a shuffle reaching past the 4 cards would bring in
  }
  return { orders, at, foreign };
}

// Each test shuffles for itself, inside the test: shuffles run in a beforeAll would not count as
// covered by any test, and a mutant of the shuffle would then run against no test at all.
describe('shuffleZone (Fisher–Yates)', () => {
  it('deals the 24 orders of 4 cards equally often (χ², 23 df, α = 1e-6)', () => {
    const { orders, foreign } = shuffleCounts(20261202);
    // Every order is a permutation of the 4 cards and all 24 appear.
    expect(foreign).toBe(0);
    expect(orders.size).toBe(24);
    for (const code of orders.keys()) {
      const cards = [0, 1, 2, 3].map((k) => Math.floor(code / CARDS ** (CARDS - 1 - k)) % CARDS);
      expect(new Set(cards).size).toBe(CARDS);
    }
    const e = N / 24;
    let chi2 = 0;
    for (const o of orders.values()) chi2 += (o - e) ** 2 / e;
    console.log(`[shuffle] orders: χ² = ${chi2.toFixed(2)} (23 df, limit ${CHI2_23})`);
    expect(chi2).toBeLessThan(CHI2_23);
  });

  it('puts each card at each position a quarter of the time (χ², 9 df, α = 1e-6)', () => {
    const { at, foreign } = shuffleCounts(20261202);
    // Each shuffle adds one permutation matrix; its covariance is Q⊗Q/(n−1) (Q the centring
    // projection, rank n−1), so ((n−1)/n)·Σ(O−E)²/E is χ² with (n−1)² = 9 df for n = 4.
    const e = N / CARDS;
    let x2 = 0;
    for (const row of at) {
      expect(row.reduce((a, b) => a + b, 0)).toBe(N);
      for (const o of row) x2 += (o - e) ** 2 / e;
    }
    const stat = ((CARDS - 1) / CARDS) * x2;
    console.log(`[shuffle] positions: (3/4)·χ² = ${stat.toFixed(2)} (9 df, limit ${CHI2_9})`);
    expect(foreign).toBe(0);
    expect(stat).toBeLessThan(CHI2_9);
  });

  it("shuffleDeck shuffles a seat's deck with that seat's stream only", () => {
    const game = matchFromFiles('quick', join(ROOT, QUICK_G), join(ROOT, QUICK_V));
    for (const p of [0, 1]) {
      const st = game.allocState();
      game.newGame(st, 7);
      const ref = game.allocState();
      game.newGame(ref, 7);
      const n = st.z[Z_DECK_N + p]!;
      expect(n).toBeGreaterThan(10);
      const streams = (s: typeof st) => Array.from(s.w32.subarray(RNG_GAME, RNG_SEAT + 8));
      shuffleDeck(st, p);
      shuffleZone(ref, Z_DECK + p * ZONE_CAP, n, RNG_SEAT + 4 * p);
      expect(Array.from(st.z.subarray(Z_DECK + p * ZONE_CAP, Z_DECK + p * ZONE_CAP + n))).toEqual(Array.from(ref.z.subarray(Z_DECK + p * ZONE_CAP, Z_DECK + p * ZONE_CAP + n)));
      expect(streams(st)).toEqual(streams(ref));
    }
  });
});
