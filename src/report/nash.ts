// The deck-choice game's equilibrium: which decks a field of rational players would bring, and
// with what shares (issue #17).
//
// Question: given the matchup matrix (W_ij, row deck i's win rate against column deck j), if
// each player picks a deck knowing the others choose as well as they can, what mixture of decks
// is stable, and which decks would nobody bring? Model: the symmetric two-player zero-sum game
// with payoff P_ij = W_ij − ½ (antisymmetric: P_ji = −P_ij; measured matrices are first made so
// with P = (W − Wᵀ)/2, which keeps every cell's two views of the same games consistent; the
// diagonal, mirror matches, is 0). Its value is 0; x is an equilibrium share vector exactly when
// no deck wins against the field: (xᵀP)_j ≥ 0 for every j, i.e. no column j gains against x.
//
// Method: linear programming (YALPS' simplex):
//   1. maximize v subject to Σ_i x_i P_ij ≥ v (all j), Σ x = 1, x ≥ 0 (von Neumann's LP; v = 0
//      at the optimum), giving one equilibrium;
//   2. for each deck k, maximize x_k over the equilibrium set {x ≥ 0, Σx = 1, xᵀP ≥ −ε}: a deck
//      whose maximum share is below `tolerance` is used by no equilibrium (it is dominated, or
//      beaten by some mixture of the others);
//   3. the reported shares are the mean of those per-deck maximizers (over the decks some
//      equilibrium uses): the equilibrium set is convex, so the mean is an equilibrium, it uses
//      every deck any equilibrium uses, and it equals the equilibrium when that is unique.
// The exploitability of the reported shares, max_j (−(xᵀP)_j) = the most any single deck gains
// against that field (win-rate points), is reported; it must be below `tolerance`.
//
// Sensitivity: a matrix measured from games is uncertain. resampleSupport draws matrices cell by
// cell, from each cell's Jeffreys posterior Beta(w + ½, l + ½) (or a parametric binomial
// bootstrap), seeded, and counts how often each deck is in the equilibrium's support and its mean
// share: a deck in the support 98% of the time is a sure pick; 40% of the time, a coin toss.

import { solve, type Model } from 'yalps';
import { SeededRng } from '../core/rng.ts';

export interface NashOptions {
  /** Share below which a deck counts as unused, and the bound on the exploitability (default 1e-7). */
  tolerance?: number;
}

export interface NashResult {
  /** Equilibrium shares (sum 1), one per deck. */
  shares: Float64Array;
  /** Largest share of each deck over all equilibria (0: no equilibrium uses it). */
  maxShare: Float64Array;
  /** Decks (indices) with a positive share in some equilibrium, and those in none. */
  support: number[];
  unused: number[];
  /** Most any single deck gains against the reported field, win-rate points (≈ 0). */
  exploitability: number;
  /** Field win rate of each deck against the reported shares: ½ + (P x)_k. */
  fieldWinRate: Float64Array;
  /** true when every LP was solved to optimality and the exploitability is within tolerance. */
  ok: boolean;
}

/** Antisymmetric payoff P = (W − Wᵀ)/2 of a K × K win-rate matrix (row-major or nested rows). */
export function payoffMatrix(winRates: readonly (readonly number[])[]): Float64Array {
  const k = winRates.length;
  const p = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    if (winRates[i]!.length !== k) throw new Error(`nash: row ${i} has ${winRates[i]!.length} cells, ${k} expected`);
    for (let j = 0; j < k; j++) {
      const w = winRates[i]![j]!, v = winRates[j]![i]!;
      if (i !== j && !(w >= 0 && w <= 1 && v >= 0 && v <= 1)) throw new Error(`nash: win rate of ${i} against ${j} is ${w} (a rate in [0, 1] expected)`);
      p[i * k + j] = i === j ? 0 : (w - v) / 2;
    }
  }
  return p;
}

const LP_OPTIONS = { precision: 1e-12, maxPivots: 100000 } as const;

/** Equilibrium of the symmetric deck-choice game for the win-rate matrix (see the header). */
export function nashEquilibrium(winRates: readonly (readonly number[])[], opts: NashOptions = {}): NashResult {
  const k = winRates.length;
  return nashFromPayoff(payoffMatrix(winRates), k, opts);
}

/** The same from an antisymmetric payoff matrix P (K × K, row-major). */
export function nashFromPayoff(p: Float64Array, k: number, opts: NashOptions = {}): NashResult {
  const tol = opts.tolerance ?? 1e-7;
  let ok = true;
  // Column constraint j: Σ_i x_i P_ij (+ 1 − v' for the value LP, v' = v + 1 ≥ 0).
  const columns = (withValue: boolean, objectiveDeck: number) => {
    const vars = new Map<string, Map<string, number>>();
    for (let i = 0; i < k; i++) {
      const coef = new Map<string, number>([['sum', 1]]);
      for (let j = 0; j < k; j++) coef.set(`c${j}`, p[i * k + j]! + (withValue ? 1 : 0));
      if (i === objectiveDeck) coef.set('obj', 1);
      vars.set(`x${i}`, coef);
    }
    if (withValue) {
      const v = new Map<string, number>([['obj', 1]]);
      for (let j = 0; j < k; j++) v.set(`c${j}`, -1);
      vars.set('v', v);
    }
    return vars;
  };
  const constraints = (slack: number) => {
    const c = new Map<string, { min?: number; equal?: number }>([['sum', { equal: 1 }]]);
    for (let j = 0; j < k; j++) c.set(`c${j}`, { min: -slack });
    return c;
  };
  const read = (variables: [string, number][]) => {
    const x = new Float64Array(k);
    for (const [name, value] of variables) if (name[0] === 'x') x[Number(name.slice(1))] = value;
    return x;
  };

  // 1. One equilibrium and the game's value (0 up to rounding).
  const valueModel: Model = { direction: 'maximize', objective: 'obj', constraints: constraints(0), variables: columns(true, -1) };
  const first = solve(valueModel, LP_OPTIONS);
  if (first.status !== 'optimal') ok = false;
  const value = first.result - 1;
  // 2. Each deck's largest share over the (ε-)equilibrium set; ε covers the value's rounding.
  const slack = Math.max(1e-12, Math.abs(value) * 2);
  const maxShare = new Float64Array(k);
  const mean = new Float64Array(k);
  const support: number[] = [], unused: number[] = [];
  for (let d = 0; d < k; d++) {
    const s = solve({ direction: 'maximize', objective: 'obj', constraints: constraints(slack), variables: columns(false, d) }, LP_OPTIONS);
    if (s.status !== 'optimal') {
      ok = false;
      continue;
    }
    maxShare[d] = Math.max(0, s.result);
    if (maxShare[d]! > tol) {
      support.push(d);
      const x = read(s.variables);
      for (let i = 0; i < k; i++) mean[i]! += x[i]!;
    } else unused.push(d);
  }
  // 3. Mean of the maximizers (or the first solution if none qualified), renormalized.
  const shares = support.length > 0 ? mean : read(first.variables);
  let total = 0;
  for (let i = 0; i < k; i++) {
    if (shares[i]! < 0) shares[i] = 0;
    total += shares[i]!;
  }
  for (let i = 0; i < k; i++) shares[i]! /= total;
  const fieldWinRate = new Float64Array(k);
  let exploitability = 0;
  for (let j = 0; j < k; j++) {
    let gain = 0; // payoff of deck j against the field: Σ_i x_i P_ji
    for (let i = 0; i < k; i++) gain += shares[i]! * p[j * k + i]!;
    fieldWinRate[j] = 0.5 + gain;
    exploitability = Math.max(exploitability, gain);
  }
  if (!(exploitability <= tol)) ok = false;
  return { shares, maxShare, support, unused, exploitability, fieldWinRate, ok };
}

/** Games between each pair of decks: wins[i][j] of deck i against j (draws ½), games[i][j] = games[j][i]. */
export interface MatchupCounts {
  wins: readonly (readonly number[])[];
  games: readonly (readonly number[])[];
}

export interface ResampleOptions extends NashOptions {
  draws: number;
  seed: number;
  /** 'beta': Jeffreys posterior Beta(w + ½, l + ½) per cell (default); 'binomial': parametric bootstrap. */
  method?: 'beta' | 'binomial';
}

export interface SupportFrequency {
  /** Share of draws in which each deck is in the equilibrium's support. */
  inSupport: Float64Array;
  /** Mean equilibrium share of each deck over the draws. */
  meanShare: Float64Array;
  /** Draws whose LPs did not all solve (left out of the frequencies). */
  failed: number;
  draws: number;
}

/** Standard normal variate (Box–Muller, one of the pair). */
function normal(rng: SeededRng): number {
  let u = rng.next();
  while (u <= 0) u = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Gamma(a, 1) variate: Marsaglia and Tsang (2000), with the a < 1 boost U^(1/a). */
export function gammaVariate(rng: SeededRng, a: number): number {
  if (a < 1) {
    let u = rng.next();
    while (u <= 0) u = rng.next();
    return gammaVariate(rng, a + 1) * u ** (1 / a);
  }
  const d = a - 1 / 3, c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number, v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.next();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (u > 0 && Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** Beta(a, b) variate as G_a/(G_a + G_b). */
export function betaVariate(rng: SeededRng, a: number, b: number): number {
  const x = gammaVariate(rng, a), y = gammaVariate(rng, b);
  return x / (x + y);
}

/**
 * How often each deck is in the equilibrium's support when the matrix is redrawn from its
 * cells' uncertainty (see the header). Deterministic for a seed.
 */
export function resampleSupport(counts: MatchupCounts, opts: ResampleOptions): SupportFrequency {
  const k = counts.wins.length;
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) {
    const n = counts.games[i]![j]!;
    if (n !== counts.games[j]![i]!) throw new Error(`nash: games of ${i} against ${j} (${n}) differ from those of ${j} against ${i} (${counts.games[j]![i]})`);
    const w = counts.wins[i]![j]!;
    if (!(w >= 0 && w <= n)) throw new Error(`nash: ${w} wins of ${i} against ${j} in ${n} games`);
  }
  const rng = new SeededRng(opts.seed);
  const method = opts.method ?? 'beta';
  const tol = opts.tolerance ?? 1e-7;
  const p = new Float64Array(k * k);
  const inSupport = new Float64Array(k), meanShare = new Float64Array(k);
  let failed = 0;
  for (let draw = 0; draw < opts.draws; draw++) {
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) {
      const n = counts.games[i]![j]!, w = counts.wins[i]![j]!;
      let rate: number;
      if (method === 'beta') rate = betaVariate(rng, w + 0.5, n - w + 0.5);
      else {
        const q = n > 0 ? w / n : 0.5;
        let s = 0;
        for (let g = 0; g < n; g++) if (rng.next() < q) s++;
        rate = n > 0 ? s / n : 0.5;
      }
      p[i * k + j] = rate - 0.5;
      p[j * k + i] = 0.5 - rate;
    }
    const eq = nashFromPayoff(p, k, { tolerance: tol });
    if (!eq.ok) {
      failed++;
      continue;
    }
    for (const d of eq.support) inSupport[d]!++;
    for (let d = 0; d < k; d++) meanShare[d]! += eq.shares[d]!;
  }
  const used = opts.draws - failed;
  for (let d = 0; d < k; d++) {
    inSupport[d]! /= used;
    meanShare[d]! /= used;
  }
  return { inSupport, meanShare, failed, draws: opts.draws };
}
