// Fixed-effects logistic regression: a closed-form two-group fit, statsmodels' reference numbers
// (model, HC0 and clustered standard errors), recovery of known coefficients from seeded data, and
// the separation and collinearity guards.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.ts';
import { averageEffect, cholesky, choleskySolve, coefficient, fitLogit } from '../../src/report/logit.ts';

const logit = (p: number) => Math.log(p / (1 - p));

describe('cholesky', () => {
  it('factors and solves a known 3 × 3 system', () => {
    // A = L Lᵀ with L = [[2,0,0],[1,3,0],[−1,2,4]]; A x = b for x = (1, −2, 0.5).
    const a = Float64Array.of(4, 2, -2, 2, 10, 5, -2, 5, 21);
    const l = new Float64Array(9);
    expect(cholesky(a, 3, l)).toBe(true);
    expect(Array.from(l)).toEqual([2, 0, 0, 1, 3, 0, -1, 2, 4]);
    const b = Float64Array.of(4 * 1 + 2 * -2 + -2 * 0.5, 2 * 1 + 10 * -2 + 5 * 0.5, -2 * 1 + 5 * -2 + 21 * 0.5);
    choleskySolve(l, 3, b);
    expect(b[0]).toBeCloseTo(1, 12);
    expect(b[1]).toBeCloseTo(-2, 12);
    expect(b[2]).toBeCloseTo(0.5, 12);
    expect(cholesky(Float64Array.of(1, 2, 2, 4), 2, new Float64Array(4))).toBe(false);
  });
});

describe('fitLogit', () => {
  it('two groups: β = logit of each group\'s rate, model SE = √(1/(n₀p₀q₀) + 1/(n₁p₁q₁)), HC0 = model SE (saturated)', () => {
    // Group 0: 12 wins of 30; group 1: 14 wins of 20.
    const y: number[] = [], x: number[] = [];
    for (let i = 0; i < 30; i++) { y.push(i < 12 ? 1 : 0); x.push(0); }
    for (let i = 0; i < 20; i++) { y.push(i < 14 ? 1 : 0); x.push(1); }
    const fit = fitLogit({ y, covariates: [{ name: 'card', values: x }] }, { correction: 'none' });
    expect(fit.status).toBe('converged');
    expect(fit.names).toEqual(['(intercept)', 'card']);
    expect(fit.beta[0]).toBeCloseTo(logit(0.4), 10);
    expect(fit.beta[1]).toBeCloseTo(logit(0.7) - logit(0.4), 10);
    const se1 = Math.sqrt(1 / (30 * 0.4 * 0.6) + 1 / (20 * 0.7 * 0.3));
    expect(fit.se[1]).toBeCloseTo(se1, 10);
    expect(fit.se[0]).toBeCloseTo(Math.sqrt(1 / (30 * 0.4 * 0.6)), 10);
    // Saturated, one row per game: Σ(y − p̂)² = n p̂ q̂ in each group, so the meat equals the information.
    expect(fit.robustSe[1]).toBeCloseTo(se1, 10);
    // Log-likelihood: 12 ln 0.4 + 18 ln 0.6 + 14 ln 0.7 + 6 ln 0.3.
    expect(fit.logLik).toBeCloseTo(12 * Math.log(0.4) + 18 * Math.log(0.6) + 14 * Math.log(0.7) + 6 * Math.log(0.3), 10);
    // The same data as two binomial blocks: same estimates and model SE.
    const blocks = fitLogit({ y: [0.4, 0.7], trials: [30, 20], covariates: [{ name: 'card', values: [0, 1] }] });
    expect(blocks.beta[1]).toBeCloseTo(fit.beta[1]!, 10);
    expect(blocks.se[1]).toBeCloseTo(se1, 10);
    const c = coefficient(fit, 'card', false);
    expect(c.lo).toBeCloseTo(c.estimate - 1.959963984540054 * se1, 10);
    expect(c.oddsRatio).toBeCloseTo((0.7 / 0.3) / (0.4 / 0.6), 10);
    // Average effect in win-rate points: 0.7 − 0.4; delta-method variance p₀q₀/n₀ + p₁q₁/n₁ (worked out by hand).
    const all = averageEffect(fit, 'card', 'all', false);
    expect(all.effect).toBeCloseTo(0.3, 10);
    expect(all.se).toBeCloseTo(Math.sqrt((0.4 * 0.6) / 30 + (0.7 * 0.3) / 20), 10);
    expect(all.rows).toBe(50);
    expect(averageEffect(fit, 'card').rows).toBe(20);
  });

  it('matches statsmodels (GLM Binomial): coefficients, model SE, HC0 and game-clustered SE', () => {
    // 40 games × 2 seats: seat's deck, opposing deck (3 each), who moved first, card presence.
    // Reference: statsmodels 0.13.5, sm.GLM(y, X, family=Binomial()).fit() / fit(cov_type='HC0') /
    // fit(cov_type='cluster', cov_kwds={'groups': game}) (its default correction G/(G−1)·(N−1)/(N−K)),
    // each with tol=1e-15 (at its default 1e-8 the model SEs come from the previous IRLS step, 4e-7 off).
    const d = {
  deck: [1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 2, 0, 1, 0, 2, 1, 2, 2, 1, 0, 0, 0, 1, 0, 2, 2, 0, 1, 2, 0, 2, 0, 1, 2, 2, 0, 2, 2, 2, 0, 1, 0, 1, 1, 1, 1, 0, 1, 2, 2, 1, 2, 1, 0, 2, 0, 2, 0, 2, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 1, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0],
  opp: [0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 2, 0, 1, 1, 2, 2, 2, 0, 1, 0, 0, 0, 1, 2, 2, 1, 0, 0, 2, 0, 2, 2, 1, 0, 2, 2, 2, 0, 2, 0, 1, 1, 1, 1, 1, 1, 0, 2, 2, 2, 1, 0, 1, 0, 2, 0, 2, 0, 2, 0, 0, 2, 1, 2, 2, 2, 2, 1, 2, 2, 0, 0, 0, 0, 0, 2, 0, 0, 0],
  first: [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1],
  card: [1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0],
  y: [1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1],
  game: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 31, 32, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37, 38, 38, 39, 39],
    };
    const data = {
      y: d.y,
      factors: [{ name: 'deck', codes: d.deck }, { name: 'opp', codes: d.opp }, { name: 'first', codes: d.first }],
      covariates: [{ name: 'card', values: d.card }],
      clusters: d.game,
    };
    const fit = fitLogit(data);
    expect(fit.status).toBe('converged');
    expect(fit.names).toEqual(['(intercept)', 'deck=1', 'deck=2', 'opp=1', 'opp=2', 'first=1', 'card']);
    const beta = [-1.077716481849424, 0.009891688874067467, -0.16981717189694104, 0.014895295520984606, 0.19696532050054671, 1.2823305142877643, 1.0355861743462893];
    const se = [0.617914051581189, 0.6151845823424864, 0.571583951086322, 0.6028035323982108, 0.5811365314440852, 0.4896949324443548, 0.5000520378355847];
    const hc0 = [0.6134337849554347, 0.6261654314431151, 0.5608294955060582, 0.605235660392073, 0.5739225305390804, 0.4858112503360726, 0.4999129364289492];
    const cl = [0.4800598548985271, 0.7037851715825795, 0.6414235598192866, 0.6790905126626168, 0.6537947961599464, 0.712790866645203, 0.529749364256219];
    beta.forEach((b, j) => expect(fit.beta[j]).toBeCloseTo(b, 8));
    se.forEach((s, j) => expect(fit.se[j]).toBeCloseTo(s, 8));
    cl.forEach((s, j) => expect(fit.robustSe[j]).toBeCloseTo(s, 8));
    expect(fit.logLik).toBeCloseTo(-49.51607167153112, 9);
    expect(fit.clusters).toBe(40);
    const h = fitLogit({ ...data, clusters: undefined }, { correction: 'none' });
    hc0.forEach((s, j) => expect(h.robustSe[j]).toBeCloseTo(s, 8));
    expect(h.clusters).toBe(80);
  });

  it('recovers known deck, opponent, first-move and card effects from 10,000 seeded games; the card\'s raw gap is confounded by its deck', () => {
    // 4 decks with strengths; the card is in decks 1 and 3 only (drawn in 60% of their games) and adds 0.4
    // log-odds to its holder. The opponent's copies count too (oppCard): left out, the opposing deck's
    // effect would absorb them.
    const strength = [0, 0.5, -0.3, 0.2], firstEdge = 0.3, cardEffect = 0.4;
    const rng = new SeededRng(99);
    const G = 10000;
    const y = new Float64Array(2 * G), deck = new Int32Array(2 * G), opp = new Int32Array(2 * G);
    const first = new Int32Array(2 * G), card = new Float64Array(2 * G), oppCard = new Float64Array(2 * G), game = new Int32Array(2 * G);
    for (let g = 0; g < G; g++) {
      const d0 = rng.int(4), d1 = rng.int(4), f = rng.int(2);
      const c0 = (d0 === 1 || d0 === 3) && rng.next() < 0.6 ? 1 : 0;
      const c1 = (d1 === 1 || d1 === 3) && rng.next() < 0.6 ? 1 : 0;
      const eta = strength[d0]! - strength[d1]! + (f === 0 ? firstEdge : -firstEdge) + cardEffect * (c0 - c1);
      const w0 = rng.next() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
      const seats = [[d0, d1, f === 0 ? 1 : 0, c0, c1, w0], [d1, d0, f === 1 ? 1 : 0, c1, c0, 1 - w0]] as const;
      seats.forEach(([d, o, fi, c, oc, w], s) => {
        const i = 2 * g + s;
        deck[i] = d; opp[i] = o; first[i] = fi; card[i] = c; oppCard[i] = oc; y[i] = w; game[i] = g;
      });
    }
    const fit = fitLogit({
      y,
      factors: [{ name: 'deck', codes: deck }, { name: 'opp', codes: opp }, { name: 'first', codes: first }],
      covariates: [{ name: 'card', values: card }, { name: 'oppCard', values: oppCard }],
      clusters: game,
    });
    expect(fit.status).toBe('converged');
    expect(fit.iterations).toBeLessThan(10);
    // Seat-level logit: deck effects strength_d − strength_0, opponent effects −(strength_o − strength_0),
    // first-move 2·edge, card 0.4; the intercept is −edge. Each within 3 robust standard errors.
    const truth: Record<string, number> = {
      '(intercept)': -firstEdge, 'deck=1': 0.5, 'deck=2': -0.3, 'deck=3': 0.2, 'opp=1': -0.5, 'opp=2': 0.3, 'opp=3': -0.2,
      'first=1': 2 * firstEdge, card: cardEffect, oppCard: -cardEffect,
    };
    for (const [name, value] of Object.entries(truth)) {
      const c = coefficient(fit, name);
      expect(Math.abs(c.estimate - value), `${name}: ${c.estimate} ± ${c.se}`).toBeLessThan(3 * c.se);
      expect(c.se).toBeLessThan(0.06);
    }
    const c = coefficient(fit, 'card');
    expect(c.lo).toBeLessThan(cardEffect);
    expect(c.hi).toBeGreaterThan(cardEffect);
    // In win-rate points over the seats that drew it: the true average of P(win) − P(win without it).
    let trueSum = 0, holders = 0;
    for (let i = 0; i < 2 * G; i++) {
      if (!card[i]) continue;
      const eta = strength[deck[i]!]! - strength[opp[i]!]! + (first[i] ? firstEdge : -firstEdge) - cardEffect * oppCard[i]!;
      trueSum += 1 / (1 + Math.exp(-(eta + cardEffect))) - 1 / (1 + Math.exp(-eta));
      holders++;
    }
    const ame = averageEffect(fit, 'card');
    expect(ame.rows).toBe(holders);
    expect(Math.abs(ame.effect - trueSum / holders), `${ame.effect} ± ${ame.se}`).toBeLessThan(3 * ame.se);
    expect(ame.se).toBeLessThan(0.015);
    // The raw gap in win rate (seats with the card vs without) mixes in deck 1's strength: far above the card's own effect.
    let wWith = 0, nWith = 0, wWithout = 0, nWithout = 0;
    for (let i = 0; i < 2 * G; i++) {
      if (card[i]) { wWith += y[i]!; nWith++; } else { wWithout += y[i]!; nWithout++; }
    }
    const rawLogOdds = logit(wWith / nWith) - logit(wWithout / nWithout);
    expect(rawLogOdds - cardEffect).toBeGreaterThan(0.15);
  });

  it('sandwich SE tends to the model SE with singleton clusters in a right model (HC0, 20,000 rows)', () => {
    const rng = new SeededRng(4);
    const n = 20000;
    const y = new Float64Array(n), f = new Int32Array(n), x = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      f[i] = rng.int(3);
      x[i] = rng.next() < 0.3 ? 1 : 0;
      const eta = -0.2 + [0, 0.4, -0.6][f[i]!]! + 0.5 * x[i]!;
      y[i] = rng.next() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
    }
    const fit = fitLogit({ y, factors: [{ name: 'f', codes: f }], covariates: [{ name: 'x', values: x }] }, { correction: 'none' });
    expect(fit.status).toBe('converged');
    for (let j = 0; j < fit.names.length; j++) {
      expect(fit.robustSe[j]! / fit.se[j]!).toBeGreaterThan(0.97);
      expect(fit.robustSe[j]! / fit.se[j]!).toBeLessThan(1.03);
    }
  });

  it('copies within a game: clustering by game widens the interval that rows-as-units would give', () => {
    // Each game is entered three times (three copies): model and HC0 SEs shrink by √3, the game-clustered one does not.
    const rng = new SeededRng(8);
    const y: number[] = [], x: number[] = [], game: number[] = [];
    for (let g = 0; g < 3000; g++) {
      const xi = rng.next() < 0.5 ? 1 : 0;
      const yi = rng.next() < 1 / (1 + Math.exp(-(0.3 * xi))) ? 1 : 0;
      for (let k = 0; k < 3; k++) { y.push(yi); x.push(xi); game.push(g); }
    }
    const once = fitLogit({ y: y.filter((_, i) => i % 3 === 0), covariates: [{ name: 'x', values: x.filter((_, i) => i % 3 === 0) }] });
    const tripled = fitLogit({ y, covariates: [{ name: 'x', values: x }], clusters: game });
    expect(tripled.beta[1]).toBeCloseTo(once.beta[1]!, 10);
    expect(tripled.se[1]! * Math.sqrt(3)).toBeCloseTo(once.se[1]!, 10);
    // Clustered on 3,000 games: the SE of the 3,000 distinct games (up to the CR1 factors, within 0.1%).
    expect(tripled.robustSe[1]! / once.robustSe[1]!).toBeGreaterThan(0.999);
    expect(tripled.robustSe[1]! / once.robustSe[1]!).toBeLessThan(1.001);
  });

  it('reports separation, naming the column, when a card is only ever in won games', () => {
    const y = [1, 1, 1, 0, 1, 0, 0, 1, 0, 0];
    const card = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
    const fit = fitLogit({ y, covariates: [{ name: 'Dragonne', values: card }] });
    expect(fit.status).toBe('separation');
    expect(fit.message).toMatch(/Dragonne/);
    expect(Number.isNaN(coefficient(fit, 'Dragonne').estimate)).toBe(true);
    // Complete separation (the card decides every game), and a deck that never lost.
    expect(fitLogit({ y: [1, 1, 1, 0, 0, 0], covariates: [{ name: 'card', values: [1, 1, 1, 0, 0, 0] }] }).status).toBe('separation');
    const deck = fitLogit({ y: [1, 1, 1, 0, 1, 0, 0, 1], factors: [{ name: 'deck', codes: [2, 2, 2, 0, 0, 1, 1, 1] }] });
    expect(deck.status).toBe('separation');
    expect(deck.message).toBe('no finite maximum (separation): deck=2 predicts the result perfectly');
  });

  it('reports collinear columns (a covariate equal to a deck dummy) and skips absent levels', () => {
    const y = [1, 0, 1, 0, 1, 1, 0, 0];
    const deck = [0, 0, 1, 1, 3, 3, 0, 1]; // level 2 absent: no column
    const same = deck.map((d) => (d === 3 ? 1 : 0));
    const fit = fitLogit({ y, factors: [{ name: 'deck', codes: deck, labels: ['Ombre', 'Lumière', 'Absent', 'Marée'] }], covariates: [{ name: 'card', values: same }] });
    expect(fit.names).toEqual(['(intercept)', 'deck=Lumière', 'deck=Marée', 'card']);
    expect(fit.status).toBe('singular');
    expect(fit.message).toMatch(/card is fixed by the columns before it/);
    expect(() => fitLogit({ y: [1, 0], factors: [{ name: 'deck', codes: [0, -1] }] })).toThrow(/factor deck has level -1 at row 1/);
  });
});
