// Intervals whose unit is the game or the seed pair, never the copy (metrics.md, "What each
// number answers"; issue #13).
//
// 1. Paired difference of two arms played on the same seed pairs. "What did my patch do?"
//    Each seed pair i is played in both arms; a_i, b_i are the arm's scores on that pair (wins
//    of the measured side over the pair's games, a draw ½: for a seat-swapped pair a value of
//    0, ½, 1, 1½ or 2; for one matched game 0, ½ or 1). The difference in win-rate units is
//    d_i = (a_i − b_i)/m, m the games per pair, and the estimate is d̄ with the t interval
//    d̄ ± t_{0.975, n−1}·s_d/√n (s_d the sample standard deviation of the d_i). Shared seeds
//    make a_i and b_i positively correlated, so var(d̄) = (var a + var b − 2 cov)/(n m²) is far
//    below the unpaired Newcombe variance. Small-sample guard: fewer than 2 pairs give no
//    interval (NaN); the t quantile (not 1.96) widens intervals on few pairs; and when every
//    pair differs by the same amount (s_d = 0, e.g. 3 pairs all equal), s_d is taken as if two
//    pseudo-pairs at d̄ − 1 and d̄ + 1 (a full win-rate point either way) were added,
//    s_d = √(2/(n + 1)), so that a handful of identical pairs never yields [d̄, d̄].
//    Pairs that exist in one arm only are not compared here (matchPairs keeps them apart: an
//    unpaired interval serves those).
//
// 2. Cluster-robust interval for a rate whose trials come in clusters (copies of a card within
//    one game: one game holding 3 copies is one observation, not 3). Cluster g has y_g
//    successes over n_g trials; the ratio estimator is p̂ = Σy/Σn and its linearized (sandwich)
//    variance, with the cluster as unit, is
//        V = G/(G − 1) · Σ_g (y_g − p̂ n_g)² / (Σ_g n_g)²
//    (the usual survey / CR1 form, Cochran 1977 §6.11, G clusters). With one trial per cluster
//    it is p̂(1 − p̂)/(G − 1); with m identical copies per game it stays the per-game variance,
//    where counting copies would divide it by m. Design effect deff = V / (p̂(1 − p̂)/Σn) and
//    the effective sample size n_eff = Σn/deff; the 95% interval is Wilson's on n_eff trials
//    (a Kish-style effective-n Wilson interval: stays within [0, 1]).
//
// 3. Calibration of two independent runs: z_k = (x_k − y_k)/√(se_x² + se_y²) over the cards or
//    decks k; if the standard errors are honest the z's spread like N(0, 1), so their standard
//    deviation should lie near 1 (issue #13 asks for [0.8, 1.25]).

import { wilson, Z95 } from './stats.ts';
import { studentTQuantile } from './tdist.ts';

export interface PairedDiff {
  /** Seed pairs compared. */
  pairs: number;
  /** Mean score rate of each arm over the compared pairs (score / games per pair). */
  rateA: number;
  rateB: number;
  /** Mean difference rateA − rateB (win-rate units) and its standard error. */
  diff: number;
  se: number;
  /** 95% t interval on the pair differences (NaN with fewer than 2 pairs). */
  lo: number;
  hi: number;
  /** Degrees of freedom of the t quantile (pairs − 1). */
  df: number;
  /** Pairs won more / equally / less by arm A than by arm B (the discordance that drives the interval). */
  better: number;
  same: number;
  worse: number;
  /** true when s_d was 0 and the pseudo-pair guard set the width. */
  guarded: boolean;
}

/**
 * Paired difference of arms A and B on the same seed pairs: a[i] and b[i] are the scores of
 * pair i (0 … gamesPerPair, draws ½) in each arm. See the header for the method.
 */
export function pairedDifference(a: ArrayLike<number>, b: ArrayLike<number>, gamesPerPair = 2, level = 0.95): PairedDiff {
  if (a.length !== b.length) throw new Error(`pairedDifference: ${a.length} pairs in arm A, ${b.length} in arm B`);
  const n = a.length;
  const m = gamesPerPair;
  let sa = 0, sb = 0, better = 0, same = 0, worse = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i]!;
    sb += b[i]!;
    if (a[i]! > b[i]!) better++;
    else if (a[i]! < b[i]!) worse++;
    else same++;
  }
  const rateA = n > 0 ? sa / (n * m) : NaN;
  const rateB = n > 0 ? sb / (n * m) : NaN;
  const diff = rateA - rateB;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = (a[i]! - b[i]!) / m - diff;
    ss += d * d;
  }
  let guarded = false;
  let sd = n >= 2 ? Math.sqrt(ss / (n - 1)) : NaN;
  if (n >= 2 && sd === 0) {
    // Two pseudo-pairs at d̄ ± 1: squares sum to 2 over n + 2 − 1 degrees of freedom.
    sd = Math.sqrt((2 * 1) / (n + 1));
    guarded = true;
  }
  const se = sd / Math.sqrt(n);
  const t = n >= 2 ? studentTQuantile(0.5 + level / 2, n - 1) : NaN;
  return {
    pairs: n, rateA, rateB, diff, se, lo: diff - t * se, hi: diff + t * se, df: n - 1,
    better, same, worse, guarded,
  };
}

export interface MatchedPairs {
  /** Scores of the pairs present in both arms, in ascending pair id. */
  a: Float64Array;
  b: Float64Array;
  ids: Int32Array;
  /** Pair ids present in one arm only (compared, if at all, by an unpaired interval). */
  onlyA: number[];
  onlyB: number[];
}

/**
 * Matches two arms' pairs by id (the seed pair: arms share their seeds). Each arm lists
 * (id, score) with distinct ids; the result holds the common pairs and the ids left over.
 */
export function matchPairs(idsA: ArrayLike<number>, scoresA: ArrayLike<number>, idsB: ArrayLike<number>, scoresB: ArrayLike<number>): MatchedPairs {
  const byId = new Map<number, number>();
  for (let i = 0; i < idsB.length; i++) {
    if (byId.has(idsB[i]!)) throw new Error(`matchPairs: pair ${idsB[i]} twice in arm B`);
    byId.set(idsB[i]!, scoresB[i]!);
  }
  const seen = new Set<number>();
  const common: number[] = [];
  const onlyA: number[] = [];
  const scoreA = new Map<number, number>();
  for (let i = 0; i < idsA.length; i++) {
    const id = idsA[i]!;
    if (seen.has(id)) throw new Error(`matchPairs: pair ${id} twice in arm A`);
    seen.add(id);
    scoreA.set(id, scoresA[i]!);
    if (byId.has(id)) common.push(id);
    else onlyA.push(id);
  }
  const onlyB: number[] = [];
  for (let i = 0; i < idsB.length; i++) if (!seen.has(idsB[i]!)) onlyB.push(idsB[i]!);
  common.sort((x, y) => x - y);
  onlyA.sort((x, y) => x - y);
  onlyB.sort((x, y) => x - y);
  const a = new Float64Array(common.length), b = new Float64Array(common.length);
  common.forEach((id, k) => {
    a[k] = scoreA.get(id)!;
    b[k] = byId.get(id)!;
  });
  return { a, b, ids: Int32Array.from(common), onlyA, onlyB };
}

export interface ClusteredRate {
  /** Clusters (games) with at least one trial, and trials (copies). */
  clusters: number;
  trials: number;
  successes: number;
  rate: number;
  /** Cluster-robust standard error √V (NaN with fewer than 2 clusters). */
  se: number;
  /** Design effect V / (p̂(1 − p̂)/trials) and effective trials trials/deff. */
  deff: number;
  nEff: number;
  /** 95% Wilson interval on nEff trials. */
  lo: number;
  hi: number;
}

/**
 * Rate Σy/Σn whose trials come in clusters: y[g] successes of n[g] trials in cluster g (a
 * game's copies; a won game's copies all succeed). Clusters with n[g] = 0 are skipped. See the
 * header for the variance.
 */
export function clusteredRate(y: ArrayLike<number>, n: ArrayLike<number>, z = Z95): ClusteredRate {
  if (y.length !== n.length) throw new Error(`clusteredRate: ${y.length} success counts for ${n.length} clusters`);
  let G = 0, sy = 0, sn = 0;
  for (let g = 0; g < n.length; g++) {
    if (!(n[g]! > 0)) continue;
    G++;
    sy += y[g]!;
    sn += n[g]!;
  }
  const p = sn > 0 ? sy / sn : NaN;
  let ss = 0;
  for (let g = 0; g < n.length; g++) {
    if (!(n[g]! > 0)) continue;
    const r = y[g]! - p * n[g]!;
    ss += r * r;
  }
  const v = G >= 2 ? ((G / (G - 1)) * ss) / (sn * sn) : NaN;
  const binomial = (p * (1 - p)) / sn;
  // deff is undefined when p̂ is 0 or 1 (no spread at all): keep the count of clusters as n_eff.
  const deff = binomial > 0 ? v / binomial : NaN;
  const nEff = binomial > 0 ? (v > 0 ? sn / deff : sn) : G;
  const [lo, hi] = G >= 2 ? wilsonReal(p, nEff, z) : [NaN, NaN];
  return { clusters: G, trials: sn, successes: sy, rate: p, se: Math.sqrt(v), deff, nEff, lo, hi };
}

/** Mergeable sums from which clusteredRate's answer follows without per-game rows. */
export interface ClusterSums {
  /** Clusters with n_g > 0, Σy, Σn, Σy², Σn², Σy·n. */
  clusters: number;
  y: number;
  n: number;
  yy: number;
  nn: number;
  yn: number;
}

/**
 * clusteredRate from sums a run can keep as counters per card (added per game, merged across
 * shards by addition): Σ(y − p̂n)² = Σy² − 2p̂Σyn + p̂²Σn². Same result as clusteredRate.
 */
export function clusteredRateFromSums(s: ClusterSums, z = Z95): ClusteredRate {
  const G = s.clusters, sn = s.n, p = sn > 0 ? s.y / sn : NaN;
  const ss = Math.max(0, s.yy - 2 * p * s.yn + p * p * s.nn);
  const v = G >= 2 ? ((G / (G - 1)) * ss) / (sn * sn) : NaN;
  const binomial = (p * (1 - p)) / sn;
  const deff = binomial > 0 ? v / binomial : NaN;
  const nEff = binomial > 0 ? (v > 0 ? sn / deff : sn) : G;
  const [lo, hi] = G >= 2 ? wilsonReal(p, nEff, z) : [NaN, NaN];
  return { clusters: G, trials: sn, successes: s.y, rate: p, se: Math.sqrt(v), deff, nEff, lo, hi };
}

/** Wilson's interval for a proportion p over a (possibly fractional) effective sample size n. */
function wilsonReal(p: number, n: number, z: number): [number, number] {
  return wilson(p * n, n, z);
}

/**
 * Spread of the z-scores between two independent runs: z_k = (x_k − y_k)/√(sx_k² + sy_k²) over
 * the items with finite estimates and a positive combined standard error; returns their
 * standard deviation about 0 (the null mean), √(Σz²/K), and K. Honest standard errors give
 * about 1; too-narrow intervals (copies counted as trials) give more.
 */
export function zSpread(x: ArrayLike<number>, sx: ArrayLike<number>, y: ArrayLike<number>, sy: ArrayLike<number>): { spread: number; items: number } {
  let k = 0, s = 0;
  for (let i = 0; i < x.length; i++) {
    const se2 = sx[i]! * sx[i]! + sy[i]! * sy[i]!;
    const d = x[i]! - y[i]!;
    if (!Number.isFinite(d) || !(se2 > 0) || !Number.isFinite(se2)) continue;
    s += (d * d) / se2;
    k++;
  }
  return { spread: k > 0 ? Math.sqrt(s / k) : NaN, items: k };
}
