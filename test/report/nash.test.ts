// The deck-choice equilibrium on matrices whose equilibria are known in closed form, the decks no
// equilibrium uses, and the seeded resampling of an uncertain matrix.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.ts';
import { betaVariate, gammaVariate, nashEquilibrium, payoffMatrix, resampleSupport } from '../../src/report/nash.ts';

/** Win-rate matrix from the upper triangle's payoffs (P_ij = W_ij − ½). */
function fromPayoff(upper: number[][]): number[][] {
  const k = upper.length;
  const w = Array.from({ length: k }, () => new Array<number>(k).fill(0.5));
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) {
    w[i]![j] = 0.5 + upper[i]![j]!;
    w[j]![i] = 0.5 - upper[i]![j]!;
  }
  return w;
}

describe('nashEquilibrium', () => {
  it('rock–paper–scissors plus a dominated deck: (⅓, ⅓, ⅓, 0)', () => {
    // R beats S, S beats P, P beats R at 70%; D loses 40–60 to each of them.
    const w = fromPayoff([
      [0, -0.2, 0.2, 0.1],
      [0, 0, -0.2, 0.1],
      [0, 0, 0, 0.1],
      [0, 0, 0, 0],
    ]);
    const eq = nashEquilibrium(w);
    expect(eq.ok).toBe(true);
    for (let i = 0; i < 3; i++) expect(eq.shares[i]).toBeCloseTo(1 / 3, 9);
    expect(eq.shares[3]).toBeCloseTo(0, 12);
    expect(eq.support).toEqual([0, 1, 2]);
    expect(eq.unused).toEqual([3]);
    expect(eq.exploitability).toBeLessThan(1e-9);
    // Against the field every equilibrium deck scores ½; the dominated one 40%.
    for (let i = 0; i < 3; i++) expect(eq.fieldWinRate[i]).toBeCloseTo(0.5, 9);
    expect(eq.fieldWinRate[3]).toBeCloseTo(0.4, 9);
  });

  it('an uneven cycle: shares proportional to the opposite edge (closed form (c, b, a)/(a + b + c))', () => {
    // P = [[0, −a, b], [a, 0, −c], [−b, c, 0]]: x ∝ (c, b, a) makes every column 0
    // (R: a·x_P − b·x_S = ab − ba; P: −a·x_R + c·x_S = −ac + ca). a = 0.1, b = 0.2, c = 0.3.
    const eq = nashEquilibrium(fromPayoff([[0, -0.1, 0.2], [0, 0, -0.3], [0, 0, 0]]));
    expect(eq.ok).toBe(true);
    expect(eq.shares[0]).toBeCloseTo(0.5, 9);
    expect(eq.shares[1]).toBeCloseTo(1 / 3, 9);
    expect(eq.shares[2]).toBeCloseTo(1 / 6, 9);
    expect(eq.exploitability).toBeLessThan(1e-9);
  });

  it('a deck that beats every other: the pure equilibrium', () => {
    const eq = nashEquilibrium(fromPayoff([[0, 0.02, 0.1, 0.05], [0, 0, 0.2, -0.2], [0, 0, 0, 0.2], [0, 0, 0, 0]]));
    expect(Array.from(eq.shares)).toEqual([1, 0, 0, 0]);
    expect(eq.unused).toEqual([1, 2, 3]);
    expect(eq.fieldWinRate[1]).toBeCloseTo(0.48, 12);
  });

  it('a deck beaten by a mixture though by no single deck is unused; clones share their slot', () => {
    // D scores 55% against R but 35% against P and S: against (⅓, ⅓, ⅓) it scores 41.7%.
    const eq = nashEquilibrium(fromPayoff([[0, -0.2, 0.2, -0.05], [0, 0, -0.2, 0.15], [0, 0, 0, 0.15], [0, 0, 0, 0]]));
    expect(eq.unused).toEqual([3]);
    // R and its clone R′ (50% against each other, same matchups): every split of ⅓ between them is an equilibrium.
    const clone = nashEquilibrium(fromPayoff([[0, 0, -0.2, 0.2], [0, 0, -0.2, 0.2], [0, 0, 0, -0.2], [0, 0, 0, 0]]));
    expect(clone.ok).toBe(true);
    expect(clone.maxShare[0]).toBeCloseTo(1 / 3, 9);
    expect(clone.maxShare[1]).toBeCloseTo(1 / 3, 9);
    expect(clone.support).toEqual([0, 1, 2, 3]);
    expect(clone.shares[0]! + clone.shares[1]!).toBeCloseTo(1 / 3, 9);
    expect(clone.exploitability).toBeLessThan(1e-9);
  });

  it('makes a measured matrix antisymmetric and refuses a malformed one', () => {
    // W_01 = 0.6 and W_10 = 0.38 (two views of the games): P_01 = (0.6 − 0.38)/2 = 0.11.
    const p = payoffMatrix([[0.5, 0.6], [0.38, 0.5]]);
    expect(p[1]).toBeCloseTo(0.11, 12);
    expect(p[2]).toBeCloseTo(-0.11, 12);
    expect(p[0]).toBe(0);
    expect(() => payoffMatrix([[0.5, 0.6], [0.4]])).toThrow(/row 1 has 1 cells, 2 expected/);
    expect(() => payoffMatrix([[0.5, 1.2], [0.4, 0.5]])).toThrow(/win rate of 0 against 1 is 1.2/);
  });
});

describe('resampling', () => {
  it('Gamma and Beta variates have their known means and variances', () => {
    const rng = new SeededRng(17);
    const n = 40000;
    let s = 0, s2 = 0, g = 0, g2 = 0, h = 0;
    for (let i = 0; i < n; i++) {
      const b = betaVariate(rng, 3.5, 6.5);
      s += b; s2 += b * b;
      const x = gammaVariate(rng, 2.5);
      g += x; g2 += x * x;
      h += gammaVariate(rng, 0.5);
    }
    // Beta(3.5, 6.5): mean 0.35, variance ab/((a+b)²(a+b+1)) = 22.75/1100 = 0.0206818.
    expect(s / n).toBeCloseTo(0.35, 2);
    expect(s2 / n - (s / n) ** 2).toBeCloseTo(22.75 / 1100, 3);
    // Gamma(2.5): mean 2.5, variance 2.5; Gamma(0.5): mean 0.5.
    expect(g / n).toBeCloseTo(2.5, 1);
    expect(g2 / n - (g / n) ** 2).toBeCloseTo(2.5, 1);
    expect(h / n).toBeCloseTo(0.5, 1);
  });

  it('a clear rock–paper–scissors field keeps its support; a barely dominated deck enters it sometimes', () => {
    // 2,000 games per cell: R/P/S cycle at 70%, D loses 45–55 (clear) or 49–51 (barely) to each.
    const counts = (dWins: number) => {
      const rates = fromPayoff([[0, -0.2, 0.2, 0.5 - dWins], [0, 0, -0.2, 0.5 - dWins], [0, 0, 0, 0.5 - dWins], [0, 0, 0, 0]]);
      return { wins: rates.map((r) => r.map((v) => v * 2000)), games: rates.map((r) => r.map(() => 2000)) };
    };
    const clear = resampleSupport(counts(0.45), { draws: 200, seed: 1 });
    expect(clear.failed).toBe(0);
    for (let i = 0; i < 3; i++) expect(clear.inSupport[i]).toBe(1);
    expect(clear.inSupport[3]).toBe(0);
    for (let i = 0; i < 3; i++) expect(clear.meanShare[i]).toBeCloseTo(1 / 3, 1);
    const barely = resampleSupport(counts(0.49), { draws: 200, seed: 1 });
    // D needs its mean against the RPS mixture to beat ½ under noise of sd ≈ √(0.25/2000)/√3 per draw: often not, sometimes yes.
    expect(barely.inSupport[3]).toBeGreaterThan(0.02); // 0.065 on this seed
    expect(barely.inSupport[3]).toBeLessThan(0.2);
    for (let i = 0; i < 3; i++) expect(barely.inSupport[i]).toBeGreaterThan(0.9);
    // Same seed, same answer; the binomial bootstrap agrees on the clear case.
    expect(Array.from(resampleSupport(counts(0.49), { draws: 200, seed: 1 }).inSupport)).toEqual(Array.from(barely.inSupport));
    const boot = resampleSupport(counts(0.45), { draws: 50, seed: 2, method: 'binomial' });
    expect(Array.from(boot.inSupport)).toEqual([1, 1, 1, 0]);
  });

  it('refuses inconsistent counts', () => {
    expect(() => resampleSupport({ wins: [[0, 5], [5, 0]], games: [[0, 10], [9, 0]] }, { draws: 1, seed: 1 })).toThrow(/games of 0 against 1 \(10\) differ/);
    expect(() => resampleSupport({ wins: [[0, 12], [0, 0]], games: [[0, 10], [10, 0]] }, { draws: 1, seed: 1 })).toThrow(/12 wins of 0 against 1 in 10 games/);
  });
});
