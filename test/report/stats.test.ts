// The report's statistics against hand-computed values: Wilson intervals, the normal p-values
// against a band, Benjamini–Hochberg, and Bradley–Terry (known maxima and the likelihood equations).
import { describe, expect, it } from 'vitest';
import { bandPValue, benjaminiHochberg, bradleyTerry, intervalBandPValue, normalCdf, twoSidedP, wilson, Z95, type BtGames } from '../../src/report/stats.ts';

const logit = (p: number) => Math.log(p / (1 - p));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

describe('wilson', () => {
  it('matches hand-computed intervals (z = 1.96)', () => {
    // 6/10: centre (0.6 + 1.9208/10)/(1 + 3.8416/10) = 0.572246, half-width 1.416021·√(0.024 + 0.009604) = 0.259577.
    const [lo, hi] = wilson(6, 10, 1.96);
    expect(lo).toBeCloseTo(0.312669, 5);
    expect(hi).toBeCloseTo(0.831823, 5);
    // 0/10: [0, 3.8416/13.8416] = [0, 0.277540].
    const [l0, h0] = wilson(0, 10, 1.96);
    expect(l0).toBe(0);
    expect(h0).toBeCloseTo(0.27754, 5);
    // 50/100: symmetric about 0.5: 0.5 ± 1.96/1.038416·√(0.0025 + 0.00009604) = 0.5 ± 0.096170.
    const [l5, h5] = wilson(50, 100, 1.96);
    expect(l5).toBeCloseTo(0.40383, 5);
    expect(h5).toBeCloseTo(0.59617, 5);
    expect(wilson(0, 0).every(Number.isNaN)).toBe(true);
  });
});

describe('p-values', () => {
  it('twoSidedP and normalCdf match known normal tail areas', () => {
    expect(twoSidedP(Z95)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(-Z95)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(0)).toBeCloseTo(1, 6);
    expect(twoSidedP(3) / 0.0026997960632601866).toBeCloseTo(1, 5);
    expect(twoSidedP(1) / 0.31731050786291415).toBeCloseTo(1, 5);
    expect(normalCdf(1.6448536269514722)).toBeCloseTo(0.95, 6);
    expect(Number.isNaN(twoSidedP(NaN))).toBe(true);
  });

  it('bandPValue: score test against the nearest edge, 1 inside the band', () => {
    expect(bandPValue(50, 100, [0.45, 0.55])).toBe(1);
    // 612/1000 against 0.55: z = 0.062 / √(0.55·0.45/1000) = 3.9409.
    const z = 0.062 / Math.sqrt((0.55 * 0.45) / 1000);
    expect(bandPValue(612, 1000, [0.45, 0.55])).toBeCloseTo(twoSidedP(z), 12);
    expect(bandPValue(388, 1000, [0.45, 0.55])).toBeCloseTo(twoSidedP(z), 12); // symmetric band, mirrored estimate
    expect(Number.isNaN(bandPValue(0, 0, [0.45, 0.55]))).toBe(true);
  });

  it('bandPValue < 0.05 exactly when the Wilson interval lies wholly outside the band', () => {
    const band: [number, number] = [0.45, 0.55];
    for (const n of [10, 37, 200, 1000]) {
      for (let k = 0; k <= n; k++) {
        const [lo, hi] = wilson(k, n);
        const outside = lo > band[1] || hi < band[0];
        const p = bandPValue(k, n, band);
        if (Math.abs(p - 0.05) < 1e-6) continue; // on the boundary: rounding decides
        expect(p < 0.05, `k=${k} n=${n} p=${p} [${lo}, ${hi}]`).toBe(outside);
      }
    }
  });

  it('intervalBandPValue reads the standard error from the side of the interval facing the band', () => {
    // IWD +0.10 [0.07, 0.15] against ±0.05: se = 0.03/1.96, z = 0.05/se = 3.2667.
    expect(intervalBandPValue(0.1, 0.07, 0.15, [-0.05, 0.05])).toBeCloseTo(twoSidedP(0.05 / (0.03 / Z95)), 12);
    // lower edge exactly at the band: p = 0.05
    expect(intervalBandPValue(0.1, 0.05, 0.15, [-0.05, 0.05])).toBeCloseTo(0.05, 6);
    expect(intervalBandPValue(0.01, -0.2, 0.2, [-0.05, 0.05])).toBe(1);
    expect(intervalBandPValue(-0.2, -0.3, -0.12, [-0.05, 0.05])).toBeCloseTo(twoSidedP(0.15 / (0.08 / Z95)), 12);
  });
});

describe('benjaminiHochberg', () => {
  it('flags the k smallest p-values where p_(k) ≤ k·q/m (hand-computed)', () => {
    // m = 5, q = 0.05: thresholds 0.01, 0.02, 0.03, 0.04, 0.05. Sorted: 0.005 ✓, 0.01 ✓, 0.03 ✓, 0.04 ✓, 0.20 ✗ → k = 4.
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.005, 0.2], 0.05)).toEqual([true, true, true, true, false]);
    // Step-up: 0.04 ≤ 3·0.05/3, so k = 3 and all three are kept, though 0.02 > 1·0.05/3 on its own.
    expect(benjaminiHochberg([0.02, 0.03, 0.04], 0.05)).toEqual([true, true, true]);
    // 0.02 > 0.0167, 0.035 > 0.0333, 0.06 > 0.05: nothing.
    expect(benjaminiHochberg([0.035, 0.02, 0.06], 0.05)).toEqual([false, false, false]);
    // 0.02 > 0.0167 but 0.03 ≤ 0.0333: the two smallest.
    expect(benjaminiHochberg([0.03, 0.5, 0.02], 0.05)).toEqual([true, false, true]);
    // m = 10, q = 0.1: thresholds 0.01·k. Sorted: 0.001 ≤ 0.01 ✓, 0.008 ≤ 0.02 ✓, 0.039 > 0.03 ✗, 0.041 > 0.04 ✗,
    // 0.042 ≤ 0.05 ✓, 0.06 ≤ 0.06 ✓, 0.074 > 0.07 ✗, 0.205, 0.212, 0.216 ✗ → k = 6: the six smallest.
    const p = [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216];
    expect(benjaminiHochberg(p, 0.1)).toEqual([true, true, true, true, true, true, false, false, false, false]);
  });

  it('ignores NaN (no test) in m and never flags it', () => {
    // Without the NaN, m = 2: thresholds 0.025, 0.05.
    expect(benjaminiHochberg([0.02, NaN, 0.04], 0.05)).toEqual([true, false, true]);
    expect(benjaminiHochberg([], 0.05)).toEqual([]);
    expect(benjaminiHochberg([1, 1, 1], 0.05)).toEqual([false, false, false]);
  });
});

describe('bradleyTerry', () => {
  it('two players, no first-move term: β_A − β_B = log(w/l), se from 1/(n p (1 − p))', () => {
    const games: BtGames[] = [{ first: 'A', second: 'B', n: 50, firstWins: 30 }, { first: 'B', second: 'A', n: 50, firstWins: 20 }];
    const fit = bradleyTerry(games, { firstMove: false });
    expect(fit.converged).toBe(true);
    const [a, b] = [fit.beta[fit.players.indexOf('A')]!, fit.beta[fit.players.indexOf('B')]!];
    expect(a - b).toBeCloseTo(Math.log(60 / 40), 10);
    expect(a + b).toBeCloseTo(0, 12);
    // var(β_A − β_B) = 1/(100·0.6·0.4); β_A = (β_A − β_B)/2.
    expect(fit.se[0]).toBeCloseTo(Math.sqrt(1 / 24) / 2, 8);
    expect(fit.se[1]).toBeCloseTo(Math.sqrt(1 / 24) / 2, 8);
    expect(fit.gamma).toBe(0);
  });

  it('two players with the first-move term: closed form from the two seatings', () => {
    // A first: A wins 35/50; B first: B wins 25/50. logit 0.7 = d + γ, logit 0.5 = −d + γ.
    const games: BtGames[] = [{ first: 'A', second: 'B', n: 50, firstWins: 35 }, { first: 'B', second: 'A', n: 50, firstWins: 25 }];
    const fit = bradleyTerry(games);
    const d = (logit(0.7) - logit(0.5)) / 2, g = (logit(0.7) + logit(0.5)) / 2;
    expect(fit.beta[0]! - fit.beta[1]!).toBeCloseTo(d, 10);
    expect(fit.gamma).toBeCloseTo(g, 10);
    const varD = (1 / (50 * 0.7 * 0.3) + 1 / (50 * 0.5 * 0.5)) / 4;
    expect(fit.se[0]).toBeCloseTo(Math.sqrt(varD) / 2, 8);
    expect(fit.gammaSe).toBeCloseTo(Math.sqrt(varD), 8);
    expect(fit.lo[0]).toBeCloseTo(fit.beta[0]! - Z95 * fit.se[0]!, 12);
  });

  it('three players: recovers β and γ from expected counts exactly', () => {
    const beta: Record<string, number> = { A: 0.5, B: 0, C: -0.5 };
    const gamma = 0.2;
    const games: BtGames[] = [];
    for (const i of ['A', 'B', 'C']) for (const j of ['A', 'B', 'C']) {
      if (i !== j) games.push({ first: i, second: j, n: 1000, firstWins: 1000 * logistic(beta[i]! - beta[j]! + gamma) });
    }
    const fit = bradleyTerry(games);
    expect(fit.converged).toBe(true);
    expect([...fit.players].sort()).toEqual(['A', 'B', 'C']);
    fit.players.forEach((p, k) => expect(fit.beta[k]).toBeCloseTo(beta[p]!, 9));
    expect(fit.gamma).toBeCloseTo(gamma, 9);
  });

  it('three players on integer data: fitted probabilities reproduce every player\'s wins and the first movers\' wins (the likelihood equations)', () => {
    const games: BtGames[] = [
      { first: 'A', second: 'B', n: 40, firstWins: 27 }, { first: 'B', second: 'A', n: 40, firstWins: 18 },
      { first: 'A', second: 'C', n: 30, firstWins: 22 }, { first: 'C', second: 'A', n: 30, firstWins: 9 },
      { first: 'B', second: 'C', n: 50, firstWins: 31 }, { first: 'C', second: 'B', n: 50, firstWins: 26 },
    ];
    const fit = bradleyTerry(games);
    expect(fit.converged).toBe(true);
    const b = new Map(fit.players.map((p, k) => [p, fit.beta[k]!]));
    const observed = new Map<string, number>(), expected = new Map<string, number>();
    let firstObs = 0, firstExp = 0;
    for (const g of games) {
      const p = logistic(b.get(g.first)! - b.get(g.second)! + fit.gamma);
      observed.set(g.first, (observed.get(g.first) ?? 0) + g.firstWins);
      observed.set(g.second, (observed.get(g.second) ?? 0) + g.n - g.firstWins);
      expected.set(g.first, (expected.get(g.first) ?? 0) + g.n * p);
      expected.set(g.second, (expected.get(g.second) ?? 0) + g.n * (1 - p));
      firstObs += g.firstWins;
      firstExp += g.n * p;
    }
    expect(fit.players.length).toBeGreaterThan(1);
    for (const p of fit.players) expect(expected.get(p)).toBeCloseTo(observed.get(p)!, 6);
    expect(firstExp).toBeCloseTo(firstObs, 6);
    expect(fit.beta.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 12);
    // Stronger record, higher β: A 27+22+22+21 = 92 wins of 140, C the fewest.
    expect(b.get('A')!).toBeGreaterThan(b.get('B')!);
    expect(b.get('B')!).toBeGreaterThan(b.get('C')!);
    expect(fit.se.every((s) => s > 0 && s < 1)).toBe(true);
  });

  it('reports no finite maximum when a player wins every game', () => {
    const games: BtGames[] = [
      { first: 'A', second: 'B', n: 10, firstWins: 10 }, { first: 'B', second: 'A', n: 10, firstWins: 0 },
      { first: 'B', second: 'C', n: 10, firstWins: 6 }, { first: 'C', second: 'B', n: 10, firstWins: 5 },
    ];
    expect(bradleyTerry(games).converged).toBe(false);
  });

  it('reports no fit when the players are not connected by games', () => {
    const games: BtGames[] = [
      { first: 'A', second: 'B', n: 10, firstWins: 6 }, { first: 'B', second: 'A', n: 10, firstWins: 4 },
      { first: 'C', second: 'D', n: 10, firstWins: 5 }, { first: 'D', second: 'C', n: 10, firstWins: 5 },
    ];
    expect(bradleyTerry(games).converged).toBe(false);
  });
});
