// Paired differences on shared seed pairs, cluster-robust rates, the z-spread calibration,
// and the t quantiles they use: against closed forms and published table values.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.ts';
import { clusteredRate, clusteredRateFromSums, matchPairs, pairedDifference, zSpread } from '../../src/report/paired.ts';
import { wilson } from '../../src/report/stats.ts';
import { erf, normalQuantile, studentTCdf, studentTQuantile } from '../../src/report/tdist.ts';

describe('tdist', () => {
  it('t quantiles match the published 97.5% table values', () => {
    // Reference: scipy.stats.t.ppf(0.975, ν) (the NIST/SEMATECH e-Handbook table 1.3.6.7.2 to 3 decimals:
    // 12.706, 4.303, 3.182, 2.571, 2.228, 2.042, 1.984).
    const ref: [number, number][] = [[1, 12.706204736174694], [2, 4.302652729749462], [3, 3.1824463052837078],
      [5, 2.5705818356363146], [10, 2.228138851986274], [30, 2.0422724563012378], [100, 1.9839715185235518]];
    for (const [nu, q] of ref) expect(studentTQuantile(0.975, nu)).toBeCloseTo(q, 9);
    expect(studentTQuantile(0.025, 5)).toBeCloseTo(-2.5705818356363146, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 9);
    // df = 1 is Cauchy: F(t) = ½ + atan(t)/π.
    expect(studentTCdf(3, 1)).toBeCloseTo(0.5 + Math.atan(3) / Math.PI, 12);
    // Far tails need a wider bracket: the Cauchy quantile is tan(π(p − ½)).
    expect(studentTQuantile(1 - 1e-9, 1) / Math.tan(Math.PI * (0.5 - 1e-9))).toBeCloseTo(1, 6);
    // scipy.stats.t.cdf(2, 5), t.cdf(−1.5, 3).
    expect(studentTCdf(2, 5)).toBeCloseTo(0.9490302605850708, 12);
    expect(studentTCdf(-1.5, 3)).toBeCloseTo(0.11529193262241147, 12);
  });

  it('erf matches math.erf on both sides of the series / continued-fraction switch', () => {
    // Python's math.erf: 0.5, 2.4, 2.6, 4.
    expect(erf(0.5)).toBeCloseTo(0.5204998778130465, 13);
    expect(erf(2.4)).toBeCloseTo(0.999311486103355, 13);
    expect(erf(2.6)).toBeCloseTo(0.9997639655834707, 13);
    expect(erf(-4)).toBeCloseTo(-0.9999999845827421, 13);
  });
});

describe('pairedDifference', () => {
  it('matches a hand-computed t interval on six seed pairs', () => {
    // d = (a − b)/2 = [0.5, 0, 0.25, 0, 0.5, 0.25]: mean 0.25, s = 0.223607, se = s/√6 = 0.091287,
    // t_{0.975, 5} = 2.570582 → [0.015339, 0.484661] (scipy gives the same to 1e-15).
    const r = pairedDifference([2, 1, 1, 0, 2, 1.5], [1, 1, 0.5, 0, 1, 1]);
    expect(r.pairs).toBe(6);
    expect(r.rateA).toBeCloseTo(7.5 / 12, 12);
    expect(r.rateB).toBeCloseTo(4.5 / 12, 12);
    expect(r.diff).toBeCloseTo(0.25, 12);
    expect(r.se).toBeCloseTo(0.09128709291752769, 12);
    expect(r.lo).toBeCloseTo(0.01533905711815886, 9);
    expect(r.hi).toBeCloseTo(0.48466094288184114, 9);
    expect([r.better, r.same, r.worse]).toEqual([4, 2, 0]);
    expect(r.guarded).toBe(false);
  });

  it('one matched game per seed (gamesPerPair = 1) works in game units', () => {
    // d = [1, 0, −1, 1]: mean 0.25, s = √(2.75/3) = 0.957427, se = 0.478714, t_{0.975,3} = 3.182446.
    const r = pairedDifference([1, 1, 0, 1], [0, 1, 1, 0], 1);
    expect(r.diff).toBeCloseTo(0.25, 12);
    expect(r.se).toBeCloseTo(Math.sqrt(2.75 / 3) / 2, 12);
    expect(r.hi - r.diff).toBeCloseTo(3.1824463052837078 * Math.sqrt(2.75 / 3) / 2, 9);
  });

  it('small-sample guard: no interval below 2 pairs, and identical pairs never give a zero-width interval', () => {
    const one = pairedDifference([2], [0]);
    expect(one.diff).toBe(1);
    expect(Number.isNaN(one.lo) && Number.isNaN(one.hi)).toBe(true);
    // Three pairs all +½ game: s_d would be 0; pseudo-pairs at d̄ ± 1 give s = √(2/4), se = s/√3, t_{0.975,2}.
    const r = pairedDifference([2, 2, 2], [1, 1, 1]);
    expect(r.guarded).toBe(true);
    expect(r.diff).toBeCloseTo(0.5, 12);
    expect(r.hi - r.lo).toBeCloseTo(2 * 4.302652729749462 * Math.sqrt(0.5 / 3), 9);
    expect(() => pairedDifference([1, 2], [1])).toThrow(/2 pairs in arm A, 1 in arm B/);
  });

  it('on correlated arms (shared seeds) the paired interval is much narrower than the unpaired one and covers the truth', () => {
    // Each seed pair has a latent strength u (the deal); arm B wins each game with P = u, arm A with
    // P = u + 0.05 (same u). Unpaired: two independent binomial variances p(1−p)/2n each.
    const rng = new SeededRng(13);
    let covered = 0, ratioSum = 0;
    const runs = 300, n = 200;
    for (let r = 0; r < runs; r++) {
      const a = new Float64Array(n), b = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const u = 0.1 + 0.75 * rng.next();
        const x = rng.next(), y = rng.next();
        // Common random numbers: the same uniforms decide both arms' games, except that the
        // patch sends 30% of arm A's games down another path (a fresh uniform).
        const xa = rng.next() < 0.3 ? rng.next() : x, ya = rng.next() < 0.3 ? rng.next() : y;
        a[i] = (xa < u + 0.05 ? 1 : 0) + (ya < u + 0.05 ? 1 : 0);
        b[i] = (x < u ? 1 : 0) + (y < u ? 1 : 0);
      }
      const p = pairedDifference(a, b);
      if (p.lo <= 0.05 && 0.05 <= p.hi) covered++;
      const unpairedSe = Math.sqrt((p.rateA * (1 - p.rateA)) / (2 * n) + (p.rateB * (1 - p.rateB)) / (2 * n));
      ratioSum += p.se / unpairedSe;
    }
    // 95% nominal; with 300 runs the binomial sd is 1.3 points.
    expect(covered / runs).toBeGreaterThan(0.91);
    expect(covered / runs).toBeLessThan(0.99);
    // Only the games the patch redirected or flipped differ: the paired se is a fraction of the unpaired.
    expect(ratioSum / runs).toBeLessThan(0.62); // 0.556 on this seed
    expect(ratioSum / runs).toBeGreaterThan(0.45);
  });
});

describe('matchPairs', () => {
  it('keeps the common pairs in id order and lists the others', () => {
    const m = matchPairs([5, 1, 3, 9], [2, 1, 0, 2], [3, 1, 7, 5], [1, 1, 2, 0]);
    expect(Array.from(m.ids)).toEqual([1, 3, 5]);
    expect(Array.from(m.a)).toEqual([1, 0, 2]);
    expect(Array.from(m.b)).toEqual([1, 1, 0]);
    expect(m.onlyA).toEqual([9]);
    expect(m.onlyB).toEqual([7]);
    expect(() => matchPairs([1, 1], [0, 0], [], [])).toThrow(/pair 1 twice in arm A/);
  });
});

describe('clusteredRate', () => {
  it('one trial per cluster: V = p̂(1 − p̂)/(G − 1) (closed form)', () => {
    const y = [1, 0, 1, 1, 0, 1, 1, 0, 1, 1];
    const r = clusteredRate(y, y.map(() => 1));
    expect(r.rate).toBeCloseTo(0.7, 12);
    expect(r.se).toBeCloseTo(Math.sqrt((0.7 * 0.3) / 9), 12);
    expect(r.deff).toBeCloseTo(10 / 9, 12);
    expect(r.nEff).toBeCloseTo(9, 12);
    const [lo, hi] = wilson(0.7 * 9, 9);
    expect(r.lo).toBeCloseTo(lo, 12);
    expect(r.hi).toBeCloseTo(hi, 12);
  });

  it('three identical copies per game: the variance of the games, not of the copies', () => {
    // 20 games won, 30 lost, each with 3 copies: p̂ = 0.4, V = 50/49 · Σ(3w − 1.2)²/150² = 0.24/49.
    const y: number[] = [], n: number[] = [];
    for (let g = 0; g < 50; g++) {
      y.push(g < 20 ? 3 : 0);
      n.push(3);
    }
    const r = clusteredRate(y, n);
    expect(r.rate).toBeCloseTo(0.4, 12);
    expect(r.se).toBeCloseTo(Math.sqrt(0.24 / 49), 12);
    // Copies as trials would claim 150 trials; the games give 49 effective ones (deff = 150/49).
    expect(r.deff).toBeCloseTo(150 / 49, 10);
    expect(r.nEff).toBeCloseTo(49, 10);
    expect(r.clusters).toBe(50);
    expect(r.trials).toBe(150);
  });

  it('unequal clusters: matches the linearization formula computed by hand; empty clusters are skipped', () => {
    // y = [2, 0, 1, 3], n = [2, 1, 3, 3] (+ one empty game): p̂ = 6/9, residuals 2/3, −2/3, −1, 1,
    // Σr² = 4/9 + 4/9 + 1 + 1 = 26/9, V = 4/3 · (26/9)/81.
    const r = clusteredRate([2, 0, 1, 3, 0], [2, 1, 3, 3, 0]);
    expect(r.clusters).toBe(4);
    expect(r.rate).toBeCloseTo(2 / 3, 12);
    expect(r.se).toBeCloseTo(Math.sqrt(((4 / 3) * (26 / 9)) / 81), 12);
    // From counters: Σy = 6, Σn = 9, Σy² = 4 + 0 + 1 + 9, Σn² = 4 + 1 + 9 + 9, Σyn = 4 + 0 + 3 + 9.
    const f = clusteredRateFromSums({ clusters: 4, y: 6, n: 9, yy: 14, nn: 23, yn: 16 });
    expect(f.se).toBeCloseTo(r.se, 12);
    expect(f.lo).toBeCloseTo(r.lo, 12);
    expect(f.hi).toBeCloseTo(r.hi, 12);
  });

  it('covers at the nominal rate where the per-copy Wilson interval does not (seeded simulation)', () => {
    // 300 games per run, 1–3 copies each, all copies share the game's result (P(win) = 0.55).
    const rng = new SeededRng(2026);
    let clustered = 0, naive = 0;
    const runs = 400;
    for (let r = 0; r < runs; r++) {
      const y = new Float64Array(300), n = new Float64Array(300);
      for (let g = 0; g < 300; g++) {
        n[g] = 1 + rng.int(3);
        y[g] = rng.next() < 0.55 ? n[g]! : 0;
      }
      const c = clusteredRate(y, n);
      if (c.lo <= 0.55 && 0.55 <= c.hi) clustered++;
      const [lo, hi] = wilson(c.successes, c.trials);
      if (lo <= 0.55 && 0.55 <= hi) naive++;
    }
    expect(clustered / runs).toBeGreaterThan(0.92);
    expect(clustered / runs).toBeLessThan(0.98);
    // Per copy the interval is about √(Σn²/Σn)/… ≈ 1/1.5 as wide: coverage near P(|Z| < 1.96/1.53) ≈ 0.80.
    expect(naive / runs).toBeLessThan(0.86);
  });
});

describe('zSpread', () => {
  it('is √(mean z²) over the usable items', () => {
    // z = 1/√2·… : (0.6 − 0.5)/√(0.05² + 0.05²) = 1.414214, (0.4 − 0.5)/√0.005 = −1.414214, 0/… = 0.
    const r = zSpread([0.6, 0.4, 0.5, NaN], [0.05, 0.05, 0.05, 0.05], [0.5, 0.5, 0.5, 0.5], [0.05, 0.05, 0.05, 0.05]);
    expect(r.items).toBe(3);
    expect(r.spread).toBeCloseTo(Math.sqrt(4 / 3), 12);
  });

  it('honest cluster-robust standard errors spread within [0.8, 1.25] between independent seeds; per-copy ones do not', () => {
    // 40 "cards", each with its own win rate and copies per game; two independent runs of 400 games.
    const rng = new SeededRng(7);
    const xs: number[] = [], sxs: number[] = [], ys: number[] = [], sys: number[] = [];
    const nx: number[] = [], ny: number[] = [];
    const run = (p: number, copies: number) => {
      const y = new Float64Array(400), n = new Float64Array(400);
      for (let g = 0; g < 400; g++) {
        n[g] = copies;
        y[g] = rng.next() < p ? copies : 0;
      }
      return clusteredRate(y, n);
    };
    for (let k = 0; k < 40; k++) {
      const p = 0.4 + 0.2 * rng.next();
      const copies = 1 + (k % 3);
      const a = run(p, copies), b = run(p, copies);
      xs.push(a.rate); sxs.push(a.se); ys.push(b.rate); sys.push(b.se);
      nx.push(Math.sqrt((a.rate * (1 - a.rate)) / a.trials));
      ny.push(Math.sqrt((b.rate * (1 - b.rate)) / b.trials));
    }
    const honest = zSpread(xs, sxs, ys, sys).spread;
    expect(honest).toBeGreaterThan(0.8);
    expect(honest).toBeLessThan(1.25);
    expect(zSpread(xs, nx, ys, ny).spread).toBeGreaterThan(1.25);
  });
});
