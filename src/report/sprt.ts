// Sequential stopping for paired games (metrics.md, "Sequential stop"; issue #13).
//
// Question: may a run stop now, because the evidence already decides between "no difference
// worth a patch" (H0) and "a difference of at least δ" (H1)? The unit is the seed pair: the two
// seat-swapped games of one seed, scored as a pentanomial outcome 0, ½, 1, 1½ or 2 wins of the
// measured side (a deck against another, or arm A's deck). Pairs are independent; the games in a
// pair are not, which is why the pair and not the game is counted (chess engine testing's
// pentanomial model).
//
// Method: the generalized SPRT of Fishtest (M. Van den Bergh, "Comments on Normalized Elo" and
// "A note on the MLE of a multinomial with given expectation", the documents cited by Fishtest's
// LLRcalc.py). The outcome of a pair is a value a_i on a finite support (pentanomial: pair score
// / 2 ∈ {0, ¼, ½, ¾, 1}, i.e. the per-game score; for two arms on the same seeds, the score
// difference (a − b)/2 ∈ {−1, −¾, …, 1}), observed with frequencies p̂_i over N pairs (zero
// counts replaced by 10⁻³, as Fishtest does). The hypotheses fix the expected value s of one
// outcome: H0: s = s0, H1: s = s1 (win-rate units: 0.5 = even). Each is composite, so the
// likelihood under H_k is maximized over all distributions with that mean; the maximizer is
//     p_i(s) = p̂_i / (1 + x·(a_i − s)),  x the root of Σ p̂_i (a_i − s)/(1 + x(a_i − s)) = 0,
// (f decreasing on x ∈ (−1/max(a − s), −1/min(a − s)): a safeguarded Newton step on a bracket).
// The log-likelihood ratio is LLR = N Σ p̂_i (ln p_i(s1) − ln p_i(s0)). Wald's bounds:
// accept H0 when LLR ≤ ln(β/(1 − α)), accept H1 when LLR ≥ ln((1 − β)/α) (±2.944 for
// α = β = 0.05); otherwise continue, up to a hard cap of pairs (then "cap": undecided).
// The GSPRT's error rates hold asymptotically (small δ, long tests). Simulated here with
// δ = 5 points per game (about 250 pairs a test), the false-H1 rate on a null difference measured
// 0.047–0.056 for α = 0.05, and the false-H0 rate at H1 0.050–0.066 for β = 0.05: short tests
// run a little loose on the H1 side; choose δ no larger than the difference that matters.
//
// Also: a target-width rule (stop once the 95% interval of the paired mean is narrower than a
// target half-width, with the same hard cap), for runs that estimate rather than decide.

import { studentTQuantile } from './tdist.ts';

export type SprtDecision = 'H0' | 'H1' | 'continue';

export interface SprtBounds {
  /** ln(β/(1 − α)): at or below, accept H0. */
  lower: number;
  /** ln((1 − β)/α): at or above, accept H1. */
  upper: number;
}

/** Wald's bounds for error rates α (false H1) and β (false H0). */
export function sprtBounds(alpha: number, beta: number): SprtBounds {
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) throw new Error(`sprtBounds: α = ${alpha}, β = ${beta} must lie in (0, 0.5)`);
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** Accept H0, accept H1 or continue, from the LLR and the bounds. */
export function decide(llr: number, bounds: SprtBounds): SprtDecision {
  if (llr >= bounds.upper) return 'H1';
  if (llr <= bounds.lower) return 'H0';
  return 'continue';
}

/** Values of the pentanomial support: per-game score of a pair scoring 0, ½, 1, 1½, 2. */
export const PENTANOMIAL = Float64Array.of(0, 0.25, 0.5, 0.75, 1);
/** Values of the paired-difference support: (a − b)/2 for pair scores a, b of two arms on one seed pair. */
export const PAIRED_DIFFERENCE = Float64Array.of(-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1);

/** Logistic Elo to expected score, 1/(1 + 10^(−elo/400)) (Fishtest's L_). */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** The root x of Σ p_i (a_i − s)/(1 + x(a_i − s)) = 0 (see the header), p summing to 1. */
function secularRoot(values: ArrayLike<number>, p: ArrayLike<number>, s: number): number {
  let lo = -Infinity, hi = Infinity, minA = Infinity, maxA = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const a = values[i]! - s;
    if (a < minA) minA = a;
    if (a > maxA) maxA = a;
  }
  if (!(minA < 0 && maxA > 0)) throw new Error(`gsprt: s = ${s} lies outside the open range of the outcomes`);
  lo = -1 / maxA;
  hi = -1 / minA;
  let x = 0;
  for (let it = 0; it < 200; it++) {
    let f = 0, df = 0;
    for (let i = 0; i < values.length; i++) {
      const a = values[i]! - s;
      const d = 1 + x * a;
      f += (p[i]! * a) / d;
      df -= (p[i]! * a * a) / (d * d);
    }
    // f is decreasing: a positive f puts the root above x.
    if (f > 0) lo = x;
    else hi = x;
    let next = x - f / df;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}

/**
 * Generalized log-likelihood ratio of H1: mean = s1 against H0: mean = s0 for outcomes taking
 * `values` with `counts` (pairs per value). Zero counts are regularized to 10⁻³ (Fishtest).
 * For the pentanomial with s = scoreFromElo(elo) this is Fishtest's LLR_logistic.
 */
export function gsprtLlr(counts: ArrayLike<number>, s0: number, s1: number, values: ArrayLike<number> = PENTANOMIAL, scratch?: Float64Array): number {
  if (counts.length !== values.length) throw new Error(`gsprt: ${counts.length} counts for ${values.length} outcomes`);
  const k = values.length;
  const p = scratch && scratch.length >= k ? scratch : new Float64Array(k);
  let n = 0;
  for (let i = 0; i < k; i++) {
    p[i] = counts[i]! === 0 ? 1e-3 : counts[i]!;
    n += p[i]!;
  }
  for (let i = 0; i < k; i++) p[i]! /= n;
  const x0 = secularRoot(values, p, s0);
  const x1 = secularRoot(values, p, s1);
  let sum = 0;
  // ln p_i(s1) − ln p_i(s0) = ln(1 + x0(a_i − s0)) − ln(1 + x1(a_i − s1)).
  for (let i = 0; i < k; i++) sum += p[i]! * (Math.log1p(x0 * (values[i]! - s0)) - Math.log1p(x1 * (values[i]! - s1)));
  return n * sum;
}

/** Index of an outcome value on the support (exact match after rounding to quarters), or −1. */
function outcomeIndex(value: number, values: ArrayLike<number>): number {
  for (let i = 0; i < values.length; i++) if (Math.abs(values[i]! - value) < 1e-9) return i;
  return -1;
}

export interface SprtOptions {
  /** Mean outcome under H0 and H1 (win-rate units: per-game score, or score difference). */
  s0: number;
  s1: number;
  alpha?: number;
  beta?: number;
  /** Hard cap of pairs: reached without a decision, the run stops undecided ("cap"). */
  maxPairs: number;
  /** Outcome support (default the pentanomial per-game scores). */
  values?: ArrayLike<number>;
}

/**
 * A running GSPRT: add() one pair's outcome (on the support's scale: a pentanomial pair score
 * 0 … 2 is given as score/2) and read decision, llr and the path of LLR values after each pair.
 * The path buffer is allocated once at maxPairs.
 */
export class Sprt {
  readonly s0: number;
  readonly s1: number;
  readonly bounds: SprtBounds;
  readonly maxPairs: number;
  readonly values: Float64Array;
  readonly counts: Float64Array;
  /** LLR after each pair, path[0 … pairs − 1]. */
  readonly path: Float64Array;
  private readonly scratch: Float64Array;
  pairs = 0;
  llr = 0;
  /** 'H0' / 'H1' once decided, 'cap' when the cap was reached undecided, else 'continue'. */
  decision: SprtDecision | 'cap' = 'continue';

  constructor(opts: SprtOptions) {
    this.s0 = opts.s0;
    this.s1 = opts.s1;
    this.bounds = sprtBounds(opts.alpha ?? 0.05, opts.beta ?? 0.05);
    this.maxPairs = opts.maxPairs;
    this.values = Float64Array.from(opts.values ?? PENTANOMIAL);
    this.counts = new Float64Array(this.values.length);
    this.scratch = new Float64Array(this.values.length);
    this.path = new Float64Array(opts.maxPairs);
    if (!(opts.s0 < opts.s1)) throw new Error(`sprt: H0 (${opts.s0}) must lie below H1 (${opts.s1})`);
  }

  /** Records one pair; returns the decision (further pairs after a stop are refused). */
  add(outcome: number): SprtDecision | 'cap' {
    if (this.decision !== 'continue') throw new Error(`sprt: already stopped (${this.decision})`);
    const i = outcomeIndex(outcome, this.values);
    if (i < 0) throw new Error(`sprt: outcome ${outcome} is not on the support`);
    this.counts[i]!++;
    this.llr = gsprtLlr(this.counts, this.s0, this.s1, this.values, this.scratch);
    this.path[this.pairs++] = this.llr;
    this.decision = decide(this.llr, this.bounds);
    if (this.decision === 'continue' && this.pairs >= this.maxPairs) this.decision = 'cap';
    return this.decision;
  }
}

/**
 * LLR after each pair of a recorded sequence of outcomes (the evidence a report shows), into
 * `out` (allocated when not given). Does not stop at the bounds.
 */
export function llrPath(outcomes: ArrayLike<number>, s0: number, s1: number, values: ArrayLike<number> = PENTANOMIAL, out = new Float64Array(outcomes.length)): Float64Array {
  const counts = new Float64Array(values.length);
  const scratch = new Float64Array(values.length);
  for (let k = 0; k < outcomes.length; k++) {
    const i = outcomeIndex(outcomes[k]!, values);
    if (i < 0) throw new Error(`sprt: outcome ${outcomes[k]} is not on the support`);
    counts[i]!++;
    out[k] = gsprtLlr(counts, s0, s1, values, scratch);
  }
  return out;
}

/**
 * Target-width stopping: a running mean of per-pair values (win-rate units, e.g. paired
 * differences d_i or pair scores / 2) with the half-width of its 95% t interval; done() once
 * that half-width is at most `target` (after `minPairs`), or at the cap. Welford's update.
 */
export class WidthStop {
  pairs = 0;
  mean = 0;
  private m2 = 0;
  constructor(readonly target: number, readonly maxPairs: number, readonly minPairs = 10, readonly level = 0.95) {
    if (!(target > 0)) throw new Error(`widthStop: target half-width ${target} must be positive`);
  }

  add(value: number): void {
    this.pairs++;
    const d = value - this.mean;
    this.mean += d / this.pairs;
    this.m2 += d * (value - this.mean);
  }

  /**
   * Half-width of the interval now (NaN below 2 pairs). Identical values so far (no spread) are
   * given the spread of two pseudo-pairs at mean ± 1, as pairedDifference does, so that a run of
   * identical pairs does not stop at once on a zero width.
   */
  halfWidth(): number {
    if (this.pairs < 2) return NaN;
    const n = this.pairs;
    const variance = this.m2 > 0 ? this.m2 / (n - 1) : 2 / (n + 1);
    return studentTQuantile(0.5 + this.level / 2, n - 1) * Math.sqrt(variance / n);
  }

  /** 'width' when the target is reached, 'cap' at the cap, else 'continue'. */
  status(): 'width' | 'cap' | 'continue' {
    if (this.pairs >= this.minPairs && this.halfWidth() <= this.target) return 'width';
    return this.pairs >= this.maxPairs ? 'cap' : 'continue';
  }
}
