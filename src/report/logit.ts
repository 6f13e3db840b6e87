// Deck-adjusted card estimates from ordinary runs: logistic regression with fixed effects
// (metrics.md, "Is this card out of line?"; issue #13).
//
// Question: with the seat's deck, the opposing deck and who moved first held fixed, how do the
// odds of winning change when the card is present (drawn or in the opening hand)? In a field of
// a few fixed decks a card's raw win rate is its deck's; the fixed effects take the deck out.
//
// Model: one observation per seat-game i (or a block of trials with one covariate pattern),
//     logit P(y_i = 1) = β₀ + Σ_f α_{f, c_f(i)} + Σ_k γ_k x_{ik},
// y_i the seat's result (1 win, 0 loss, ½ a draw), c_f(i) the level of categorical column f
// (integer codes: seat's deck, opposing deck, first player…; the first level present is the
// reference, the others get a dummy), x_ik numeric covariates (card presence 0/1, or counts).
// Fitted by maximum likelihood with no penalty, by Newton's method (IRLS):
//     β ← β + (XᵀWX)⁻¹ Xᵀ(t ∘ (y − μ)),  W = diag(t_i μ_i(1 − μ_i)),
// t_i the trials of row i, with step halving when the log-likelihood falls, the linear system
// solved by Cholesky (a non-positive pivot: the columns are collinear, status 'singular').
// Design rows are stored sparse (a dummy per factor and the covariates), so XᵀWX costs
// n·(slots per row)², not n·p².
//
// Separation: when a column (or a combination) predicts the result perfectly, the likelihood
// has no finite maximum; IRLS then drives |β| up while the fitted probabilities reach 0 or 1.
// The fit stops with status 'separation' naming the columns with |β| > 15 (a card present only
// in won games, a deck that never lost), and no interval should be read from it.
//
// Standard errors: the model's, √diag((XᵀWX)⁻¹), and the cluster-robust sandwich
//     V = B M B,  B = (XᵀWX)⁻¹,  M = c · Σ_g s_g s_gᵀ,  s_g = Σ_{i∈g} x_i t_i (y_i − μ_i),
// clusters g the games (both seats of a game share its draws) or the seed pairs, c the CR1
// small-sample factor G/(G − 1)·(N − 1)/(N − p) (Stata's and statsmodels' default) or 1 (CR0).
// Without cluster ids each row is its own cluster (HC0 with c = 1, HC1 with CR1's factor). The
// sandwich stays valid when the rows of a game are correlated or the model is misspecified;
// with singleton clusters and a right model it tends to the model SE.
//
// Reading a card: coefficient() gives its log-odds effect with a 95% interval; averageEffect()
// turns it into win-rate points over the seats that drew it (delta method), the scale of an
// ablation's ΔWR. Include the opponent's presence of the card as its own covariate: left out,
// the opposing deck's effect absorbs it.

import { twoSidedP, Z95 } from './stats.ts';

export interface LogitFactor {
  name: string;
  /** Integer level of each row (≥ 0). */
  codes: ArrayLike<number>;
  /** Optional label per level code, for column names (default the code). */
  labels?: readonly string[];
}

export interface LogitCovariate {
  name: string;
  values: ArrayLike<number>;
}

export interface LogitData {
  /** Result per row: a proportion in [0, 1] (1 win, 0 loss, ½ draw; or wins/trials of a block). */
  y: ArrayLike<number>;
  /** Trials per row (default 1). */
  trials?: ArrayLike<number>;
  factors?: readonly LogitFactor[];
  covariates?: readonly LogitCovariate[];
  /** Cluster id per row (game, or seed pair), for the sandwich standard errors. */
  clusters?: ArrayLike<number>;
}

export type LogitStatus = 'converged' | 'separation' | 'singular' | 'not-converged' | 'empty';

export interface LogitFit {
  status: LogitStatus;
  /** One line saying what went wrong (empty when converged). */
  message: string;
  /** Column names: '(intercept)', 'factor=level' for each non-reference level, then the covariates. */
  names: string[];
  beta: Float64Array;
  /** Model-based standard errors. */
  se: Float64Array;
  /** Cluster-robust (sandwich) standard errors. */
  robustSe: Float64Array;
  /** Covariance matrices (p × p, row-major). */
  cov: Float64Array;
  robustCov: Float64Array;
  logLik: number;
  iterations: number;
  rows: number;
  clusters: number;
  /** The sparse design the fit used (rows with trials > 0), for averageEffect. */
  design: { slots: number; col: Int32Array; val: Float64Array; trials: Float64Array };
}

export interface LogitOptions {
  maxIterations?: number;
  /** Small-sample factor of the sandwich: 'cr1' (default) or 'none' (CR0 / HC0). */
  correction?: 'cr1' | 'none';
}

const SEPARATION_BOUND = 15;

/** Cholesky factor L (lower, row-major) of the p × p matrix a, in place of `l`; false when not positive definite. */
export function cholesky(a: Float64Array, p: number, l: Float64Array): boolean {
  let scale = 0;
  for (let i = 0; i < p; i++) scale = Math.max(scale, Math.abs(a[i * p + i]!));
  const tiny = 1e-12 * Math.max(scale, 1e-300);
  l.fill(0);
  for (let j = 0; j < p; j++) {
    let d = a[j * p + j]!;
    for (let k = 0; k < j; k++) d -= l[j * p + k]! * l[j * p + k]!;
    if (!(d > tiny)) return false;
    const ljj = Math.sqrt(d);
    l[j * p + j] = ljj;
    for (let i = j + 1; i < p; i++) {
      let s = a[i * p + j]!;
      for (let k = 0; k < j; k++) s -= l[i * p + k]! * l[j * p + k]!;
      l[i * p + j] = s / ljj;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (b becomes x). */
export function choleskySolve(l: Float64Array, p: number, b: Float64Array): void {
  for (let i = 0; i < p; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * p + k]! * b[k]!;
    b[i] = s / l[i * p + i]!;
  }
  for (let i = p - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < p; k++) s -= l[k * p + i]! * b[k]!;
    b[i] = s / l[i * p + i]!;
  }
}

/** (L Lᵀ)⁻¹ into `out` (p × p). */
function choleskyInverse(l: Float64Array, p: number, out: Float64Array): void {
  const col = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    col.fill(0);
    col[j] = 1;
    choleskySolve(l, p, col);
    for (let i = 0; i < p; i++) out[i * p + j] = col[i]!;
  }
}

function logistic(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}
/** ln(1 + eˣ) without overflow. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/**
 * Fits the fixed-effects logistic model of the header. Rows with trials ≤ 0 are ignored.
 */
export function fitLogit(data: LogitData, opts: LogitOptions = {}): LogitFit {
  const n = data.y.length;
  const factors = data.factors ?? [];
  const covariates = data.covariates ?? [];
  for (const f of factors) if (f.codes.length !== n) throw new Error(`logit: factor ${f.name} has ${f.codes.length} rows, y has ${n}`);
  for (const c of covariates) if (c.values.length !== n) throw new Error(`logit: covariate ${c.name} has ${c.values.length} rows, y has ${n}`);
  if (data.trials && data.trials.length !== n) throw new Error(`logit: trials has ${data.trials.length} rows, y has ${n}`);
  if (data.clusters && data.clusters.length !== n) throw new Error(`logit: clusters has ${data.clusters.length} rows, y has ${n}`);
  const trials = (i: number) => (data.trials ? data.trials[i]! : 1);

  // Columns: intercept, then the non-reference levels of each factor, then the covariates.
  const names = ['(intercept)'];
  const levelColumn: Int32Array[] = [];
  for (const f of factors) {
    let max = -1;
    for (let i = 0; i < n; i++) {
      const c = f.codes[i]!;
      if (!(Number.isInteger(c) && c >= 0)) throw new Error(`logit: factor ${f.name} has level ${c} at row ${i} (integer ≥ 0 expected)`);
      if (trials(i) > 0 && c > max) max = c;
    }
    const present = new Uint8Array(max + 1);
    for (let i = 0; i < n; i++) if (trials(i) > 0) present[f.codes[i]!] = 1;
    const map = new Int32Array(max + 1).fill(-1);
    let reference = true;
    for (let lv = 0; lv <= max; lv++) {
      if (!present[lv]) continue;
      if (reference) {
        reference = false; // the first level present is the reference: no column
        continue;
      }
      map[lv] = names.length;
      names.push(`${f.name}=${f.labels?.[lv] ?? lv}`);
    }
    levelColumn.push(map);
  }
  const covStart = names.length;
  for (const c of covariates) names.push(c.name);
  const p = names.length;
  const slots = 1 + factors.length + covariates.length;

  // Sparse design rows: column index per slot (−1: none) and its value.
  const rowsUsed: number[] = [];
  for (let i = 0; i < n; i++) if (trials(i) > 0) rowsUsed.push(i);
  const m = rowsUsed.length;
  const col = new Int32Array(m * slots).fill(-1);
  const val = new Float64Array(m * slots);
  const yv = new Float64Array(m), tv = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    const i = rowsUsed[r]!;
    const y = data.y[i]!;
    if (!(y >= 0 && y <= 1)) throw new Error(`logit: result ${y} at row ${i} is not a proportion in [0, 1]`);
    yv[r] = y;
    tv[r] = trials(i);
    const o = r * slots;
    col[o] = 0;
    val[o] = 1;
    factors.forEach((f, k) => {
      const c = levelColumn[k]![f.codes[i]!]!;
      if (c >= 0) {
        col[o + 1 + k] = c;
        val[o + 1 + k] = 1;
      }
    });
    covariates.forEach((c, k) => {
      const x = c.values[i]!;
      if (!Number.isFinite(x)) throw new Error(`logit: covariate ${c.name} is ${x} at row ${i}`);
      col[o + 1 + factors.length + k] = covStart + k;
      val[o + 1 + factors.length + k] = x;
    });
  }

  const beta = new Float64Array(p);
  const fit: LogitFit = {
    status: 'converged', message: '', names, beta,
    se: new Float64Array(p).fill(NaN), robustSe: new Float64Array(p).fill(NaN),
    cov: new Float64Array(p * p).fill(NaN), robustCov: new Float64Array(p * p).fill(NaN),
    logLik: NaN, iterations: 0, rows: m, clusters: 0,
    design: { slots, col, val, trials: tv },
  };
  if (m === 0) {
    fit.status = 'empty';
    fit.message = 'no rows to fit';
    return fit;
  }

  const eta = (b: Float64Array, r: number) => {
    let e = 0;
    for (let s = 0, o = r * slots; s < slots; s++) if (col[o + s]! >= 0) e += val[o + s]! * b[col[o + s]!]!;
    return e;
  };
  const logLik = (b: Float64Array) => {
    let ll = 0;
    for (let r = 0; r < m; r++) {
      const e = eta(b, r);
      ll += tv[r]! * (yv[r]! * e - softplus(e));
    }
    return ll;
  };
  const h = new Float64Array(p * p), g = new Float64Array(p), l = new Float64Array(p * p);
  // Fills h = XᵀWX and g = Xᵀ t(y − μ) at b.
  const information = (b: Float64Array) => {
    h.fill(0);
    g.fill(0);
    for (let r = 0; r < m; r++) {
      const mu = logistic(eta(b, r));
      const w = tv[r]! * mu * (1 - mu);
      const res = tv[r]! * (yv[r]! - mu);
      const o = r * slots;
      for (let s = 0; s < slots; s++) {
        const a = col[o + s]!;
        if (a < 0) continue;
        const xa = val[o + s]!;
        g[a]! += xa * res;
        for (let u = 0; u < slots; u++) {
          const c = col[o + u]!;
          if (c >= 0) h[a * p + c]! += w * xa * val[o + u]!;
        }
      }
    }
  };

  const maxIt = opts.maxIterations ?? 100;
  let ll = logLik(beta);
  const step = new Float64Array(p), next = new Float64Array(p);
  let done = false;
  for (; fit.iterations < maxIt; fit.iterations++) {
    information(beta);
    if (!cholesky(h, p, l)) {
      // Weights vanish as fitted probabilities reach 0 or 1: separation, not collinearity.
      if (!beta.some((b) => Math.abs(b) > SEPARATION_BOUND)) {
        fit.status = 'singular';
        fit.message = singularMessage(h, p, names);
      }
      break;
    }
    step.set(g);
    choleskySolve(l, p, step);
    let t = 1, nll = -Infinity;
    for (let k = 0; k < 60; k++, t /= 2) {
      for (let j = 0; j < p; j++) next[j] = beta[j]! + t * step[j]!;
      nll = logLik(next);
      if (nll >= ll - 1e-12 * Math.abs(ll)) break;
    }
    let moved = 0;
    for (let j = 0; j < p; j++) moved = Math.max(moved, Math.abs(next[j]! - beta[j]!));
    const gain = nll - ll;
    beta.set(next);
    ll = nll;
    let big = 0;
    for (let j = 0; j < p; j++) big = Math.max(big, Math.abs(beta[j]!));
    if (big > 2 * SEPARATION_BOUND) break; // diverging: separation, reported below
    // R's glm.fit criterion on the deviance (−2 ll), made stricter, or a vanishing step.
    if (Math.abs(gain) / (Math.abs(ll) + 0.05) < 1e-12 || moved < 1e-10) {
      fit.iterations++;
      done = true;
      break;
    }
  }
  fit.logLik = ll;
  if (fit.status === 'singular') return fit;
  const separated = names.filter((_, j) => !Number.isFinite(beta[j]!) || Math.abs(beta[j]!) > SEPARATION_BOUND);
  if (separated.length > 0) {
    fit.status = 'separation';
    fit.message = `no finite maximum (separation): ${separated.join(', ')} predict${separated.length === 1 ? 's' : ''} the result perfectly`;
    return fit;
  }
  if (!done) {
    fit.status = 'not-converged';
    fit.message = `no convergence in ${maxIt} iterations`;
  }

  // Model covariance at the final β.
  information(beta);
  if (!cholesky(h, p, l)) {
    fit.status = 'singular';
    fit.message = singularMessage(h, p, names);
    return fit;
  }
  choleskyInverse(l, p, fit.cov);
  for (let j = 0; j < p; j++) fit.se[j] = Math.sqrt(fit.cov[j * p + j]!);

  // Sandwich: scores summed by cluster.
  const clusterOf = new Map<number, number>();
  const rowCluster = new Int32Array(m);
  for (let r = 0; r < m; r++) {
    const id = data.clusters ? data.clusters[rowsUsed[r]!]! : r;
    let c = clusterOf.get(id);
    if (c === undefined) {
      c = clusterOf.size;
      clusterOf.set(id, c);
    }
    rowCluster[r] = c;
  }
  const G = clusterOf.size;
  fit.clusters = G;
  const scores = new Float64Array(G * p);
  for (let r = 0; r < m; r++) {
    const res = tv[r]! * (yv[r]! - logistic(eta(beta, r)));
    const o = r * slots, so = rowCluster[r]! * p;
    for (let s = 0; s < slots; s++) if (col[o + s]! >= 0) scores[so + col[o + s]!]! += val[o + s]! * res;
  }
  const meat = new Float64Array(p * p);
  for (let c = 0; c < G; c++) {
    const so = c * p;
    for (let a = 0; a < p; a++) {
      const sa = scores[so + a]!;
      if (sa === 0) continue;
      for (let b = 0; b < p; b++) meat[a * p + b]! += sa * scores[so + b]!;
    }
  }
  let nObs = 0;
  for (let r = 0; r < m; r++) nObs += tv[r]!;
  const factor = (opts.correction ?? 'cr1') === 'cr1' && G > 1 && nObs > p ? (G / (G - 1)) * ((nObs - 1) / (nObs - p)) : 1;
  // robust = B · meat · B · factor.
  const bm = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let k = 0; k < p; k++) {
    const bik = fit.cov[i * p + k]!;
    if (bik === 0) continue;
    for (let j = 0; j < p; j++) bm[i * p + j]! += bik * meat[k * p + j]!;
  }
  fit.robustCov.fill(0);
  for (let i = 0; i < p; i++) for (let k = 0; k < p; k++) {
    const v = bm[i * p + k]!;
    if (v === 0) continue;
    for (let j = 0; j < p; j++) fit.robustCov[i * p + j]! += v * fit.cov[k * p + j]! * factor;
  }
  for (let j = 0; j < p; j++) fit.robustSe[j] = Math.sqrt(Math.max(0, fit.robustCov[j * p + j]!));
  return fit;
}

/** Names the first column that is a combination of the earlier ones (the pivot where Cholesky failed). */
function singularMessage(h: Float64Array, p: number, names: string[]): string {
  const l = new Float64Array(p * p);
  for (let k = 1; k <= p; k++) {
    const sub = new Float64Array(k * k);
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) sub[i * k + j] = h[i * p + j]!;
    if (!cholesky(sub, k, l.subarray(0, k * k))) return `collinear columns: ${names[k - 1]} is fixed by the columns before it (or has no rows)`;
  }
  return 'collinear columns';
}

export interface Coefficient {
  name: string;
  /** Log-odds estimate and its standard error (robust unless asked otherwise). */
  estimate: number;
  se: number;
  lo: number;
  hi: number;
  /** Two-sided p-value of estimate = 0 (normal). */
  p: number;
  /** exp(estimate): the odds ratio. */
  oddsRatio: number;
}

/** One coefficient with its 95% normal interval, from the sandwich standard error by default. */
export function coefficient(fit: LogitFit, name: string, robust = true, z = Z95): Coefficient {
  const j = fit.names.indexOf(name);
  if (j < 0) throw new Error(`logit: no column ${name}`);
  const estimate = fit.status === 'converged' ? fit.beta[j]! : NaN;
  const se = fit.status === 'converged' ? (robust ? fit.robustSe : fit.se)[j]! : NaN;
  return { name, estimate, se, lo: estimate - z * se, hi: estimate + z * se, p: twoSidedP(estimate / se), oddsRatio: Math.exp(estimate) };
}

export interface AverageEffect {
  name: string;
  /** Mean over the rows of P(win | covariate = 1) − P(win | covariate = 0), win-rate units. */
  effect: number;
  se: number;
  lo: number;
  hi: number;
  /** Rows averaged over (weighted by their trials). */
  rows: number;
}

/**
 * A 0/1 covariate's effect in win-rate points: the average, over the rows holding it ('holders',
 * the default: the seats that drew the card) or over all rows, of the fitted P(win) with the
 * covariate set to 1 minus that with it set to 0, the other columns as observed. Its standard
 * error by the delta method, gradient Σ_i t_i [μ₁(1 − μ₁)x_i⁽¹⁾ − μ₀(1 − μ₀)x_i⁽⁰⁾] / Σ t_i, with
 * the sandwich covariance by default. Comparable with an ablation's ΔWR.
 */
export function averageEffect(fit: LogitFit, name: string, over: 'holders' | 'all' = 'holders', robust = true, z = Z95): AverageEffect {
  const k = fit.names.indexOf(name);
  if (k < 0) throw new Error(`logit: no column ${name}`);
  const p = fit.names.length;
  const { slots, col, val, trials } = fit.design;
  const grad = new Float64Array(p);
  let sum = 0, weight = 0, rows = 0;
  if (fit.status === 'converged') {
    for (let r = 0; r < fit.rows; r++) {
      const o = r * slots;
      let eta = 0, xk = 0;
      for (let s = 0; s < slots; s++) {
        const c = col[o + s]!;
        if (c < 0) continue;
        if (c === k) xk = val[o + s]!;
        else eta += val[o + s]! * fit.beta[c]!;
      }
      if (over === 'holders' && xk === 0) continue;
      const t = trials[r]!;
      const mu1 = 1 / (1 + Math.exp(-(eta + fit.beta[k]!)));
      const mu0 = 1 / (1 + Math.exp(-eta));
      sum += t * (mu1 - mu0);
      weight += t;
      rows++;
      const d1 = mu1 * (1 - mu1), d0 = mu0 * (1 - mu0);
      for (let s = 0; s < slots; s++) {
        const c = col[o + s]!;
        if (c >= 0 && c !== k) grad[c]! += t * (d1 - d0) * val[o + s]!;
      }
      grad[k]! += t * d1;
    }
  }
  const effect = weight > 0 ? sum / weight : NaN;
  const cov = robust ? fit.robustCov : fit.cov;
  let v = 0;
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) v += grad[a]! * cov[a * p + b]! * grad[b]!;
  const se = weight > 0 ? Math.sqrt(Math.max(0, v)) / weight : NaN;
  return { name, effect, se, lo: effect - z * se, hi: effect + z * se, rows };
}
