// Statistics the reports use (metrics.md): Wilson intervals, Benjamini–Hochberg.

export const Z95 = 1.959963984540054;

/** Wilson score interval for k successes in n trials; [NaN, NaN] when n = 0. */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [NaN, NaN];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** k / n, or NaN when n = 0. */
export function rate(k: number, n: number): number {
  return n > 0 ? k / n : NaN;
}

/** Rounds for stable output (6 decimals); NaN and infinities become null in JSON. */
export function round6(x: number): number | null {
  if (!Number.isFinite(x)) return null;
  return Math.round(x * 1e6) / 1e6;
}

// ---------------------------------------------------------------------------------------
// Tests against a balance band, Benjamini–Hochberg, Bradley–Terry (the report, `lab report`).

/** erfc(x), Numerical Recipes' Chebyshev fit (fractional error below 1.2e-7 everywhere). */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
    + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? y : 2 - y;
}

/** Standard normal cumulative distribution function Φ(x). */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** Two-sided p-value of a standard normal statistic z: P(|Z| ≥ |z|) = erfc(|z|/√2); NaN for NaN. */
export function twoSidedP(z: number): number {
  if (Number.isNaN(z)) return NaN;
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/**
 * p-value of a proportion k/n against a band [lo, hi]: the two-sided score test (normal
 * approximation, standard error √(e(1−e)/n) under the null) of p = e, e the band edge nearest
 * the estimate. An estimate inside the band is no evidence of lying outside it: p = 1. The
 * score test is the one the Wilson interval inverts, so p < 0.05 exactly when the 95% Wilson
 * interval lies wholly outside the band. NaN when n = 0.
 */
export function bandPValue(k: number, n: number, band: readonly [number, number]): number {
  if (!(n > 0)) return NaN;
  const p = k / n;
  const [lo, hi] = band;
  if (p >= lo && p <= hi) return 1;
  const e = p > hi ? hi : lo;
  const se = Math.sqrt((e * (1 - e)) / n);
  if (se === 0) return p === e ? 1 : 0;
  return twoSidedP((p - e) / se);
}

/**
 * p-value of an estimate with a 95% interval [lo, hi] against a band: a normal statistic whose
 * standard error is read from the half of the interval facing the nearest band edge
 * ((estimate − lo)/1.96 above the band, (hi − estimate)/1.96 below), so that p < 0.05 exactly
 * when the interval lies wholly outside the band. 1 inside the band; NaN without an estimate.
 */
export function intervalBandPValue(est: number, lo: number, hi: number, band: readonly [number, number], z = Z95): number {
  if (![est, lo, hi].every(Number.isFinite)) return NaN;
  const [bl, bh] = band;
  if (est >= bl && est <= bh) return 1;
  const above = est > bh;
  const se = (above ? est - lo : hi - est) / z;
  const dist = above ? est - bh : bl - est;
  if (!(se > 0)) return 0;
  return twoSidedP(dist / se);
}

/**
 * Benjamini–Hochberg step-up procedure at false discovery rate q: sort the m p-values, find the
 * largest k with p_(k) ≤ k·q/m and flag the k smallest. Returns one flag per input, in input
 * order. NaN p-values (no test: no data) are never flagged and do not count in m.
 */
export function benjaminiHochberg(pValues: readonly number[], q = 0.05): boolean[] {
  const idx = pValues.map((p, i) => [p, i] as const).filter(([p]) => !Number.isNaN(p)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const m = idx.length;
  let k = 0;
  for (let r = 1; r <= m; r++) if (idx[r - 1]![0] <= (r * q) / m) k = r;
  const out = pValues.map(() => false);
  for (let r = 0; r < k; r++) out[idx[r]![1]] = true;
  return out;
}

/** One block of games: `first` moved first against `second`; `firstWins` of `n` won by `first` (a draw may count ½). */
export interface BtGames {
  first: string;
  second: string;
  n: number;
  firstWins: number;
}

export interface BtFit {
  players: string[];
  /** β_i, centred to sum 0 (NaN for a player without games). */
  beta: number[];
  /** Standard errors of β_i from the observed information (inverse Hessian), under the sum-0 constraint. */
  se: number[];
  lo: number[];
  hi: number[];
  /** Games of each player. */
  games: number[];
  /** First-move advantage γ (log-odds); 0 and NaN standard error when not fitted. */
  gamma: number;
  gammaSe: number;
  gammaLo: number;
  gammaHi: number;
  logLik: number;
  iterations: number;
  /** false when no finite maximum was reached (a player won or lost every game, or the players are not connected). */
  converged: boolean;
}

function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}
function logistic(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** Inverse of a symmetric positive definite matrix (Gauss–Jordan with partial pivoting); null when singular. */
export function invertMatrix(a: number[][]): number[][] | null {
  const n = a.length;
  const m = a.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  const scale = Math.max(1e-300, ...a.map((r) => Math.max(...r.map(Math.abs))));
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) <= 1e-12 * scale) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const piv = m[c]![c]!;
    for (let j = 0; j < 2 * n; j++) m[c]![j]! /= piv;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]!;
      if (f !== 0) for (let j = 0; j < 2 * n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  return m.map((row) => row.slice(n));
}

/**
 * Bradley–Terry with a first-move term: logit P(i beats j | i moves first) = β_i − β_j + γ,
 * fitted by maximum likelihood (Newton–Raphson with step halving, from β = γ = 0), β centred to
 * sum 0 (β_K = −Σ_{i<K} β_i). Standard errors from the observed information (the inverse of the
 * negative Hessian of the log-likelihood), carried to every β_i through the constraint; 95%
 * intervals β ± 1.96·se. `firstMove: false` drops γ (plain Bradley–Terry).
 */
export function bradleyTerry(games: readonly BtGames[], opts: { firstMove?: boolean; maxIterations?: number; players?: readonly string[] } = {}): BtFit {
  const withGamma = opts.firstMove !== false;
  const all = [...new Set([...(opts.players ?? []), ...games.flatMap((g) => [g.first, g.second])])];
  const gamesOf = new Map(all.map((p) => [p, 0]));
  for (const g of games) {
    if (!(g.n > 0)) continue;
    gamesOf.set(g.first, gamesOf.get(g.first)! + g.n);
    if (g.second !== g.first) gamesOf.set(g.second, gamesOf.get(g.second)! + g.n);
  }
  const players = all.filter((p) => gamesOf.get(p)! > 0);
  const K = players.length;
  const index = new Map(players.map((p, i) => [p, i]));
  const data = games.filter((g) => g.n > 0 && (withGamma || g.first !== g.second));
  const P = (K > 0 ? K - 1 : 0) + (withGamma ? 1 : 0);
  // Design row of a block: d η / d θ, θ = (β_1 … β_{K−1}, γ).
  const rows = data.map((g) => {
    const x = new Array<number>(P).fill(0);
    const add = (i: number, s: number) => {
      if (i < K - 1) x[i]! += s;
      else for (let j = 0; j < K - 1; j++) x[j]! -= s;
    };
    if (g.first !== g.second) {
      add(index.get(g.first)!, 1);
      add(index.get(g.second)!, -1);
    }
    if (withGamma) x[P - 1] = 1;
    return { x, k: g.firstWins, n: g.n };
  });
  const eta = (theta: number[], x: number[]) => x.reduce((s, v, j) => s + v * theta[j]!, 0);
  const logLik = (theta: number[]) => rows.reduce((s, r) => {
    const e = eta(theta, r.x);
    return s + r.k * e - r.n * softplus(e);
  }, 0);
  const info = (theta: number[]) => {
    const h = Array.from({ length: P }, () => new Array<number>(P).fill(0));
    const g = new Array<number>(P).fill(0);
    for (const r of rows) {
      const p = logistic(eta(theta, r.x));
      const w = r.n * p * (1 - p);
      for (let a = 0; a < P; a++) {
        g[a]! += (r.k - r.n * p) * r.x[a]!;
        if (r.x[a] === 0) continue;
        for (let b = 0; b < P; b++) h[a]![b]! += w * r.x[a]! * r.x[b]!;
      }
    }
    return { g, h };
  };
  let theta = new Array<number>(P).fill(0);
  let ll = logLik(theta);
  let converged = P === 0;
  let iterations = 0;
  const maxIt = opts.maxIterations ?? 100;
  const totalN = rows.reduce((s, r) => s + r.n, 0);
  for (; iterations < maxIt && P > 0; iterations++) {
    const { g, h } = info(theta);
    if (Math.max(...g.map(Math.abs)) <= 1e-10 * Math.max(1, totalN)) {
      converged = true;
      break;
    }
    const inv = invertMatrix(h);
    if (!inv) break;
    const step = inv.map((row) => row.reduce((s, v, j) => s + v * g[j]!, 0));
    let t = 1;
    let next = theta.map((v, j) => v + step[j]!);
    let nll = logLik(next);
    while (!(nll >= ll - 1e-12 * Math.abs(ll)) && t > 1e-9) {
      t /= 2;
      next = theta.map((v, j) => v + t * step[j]!);
      nll = logLik(next);
    }
    const moved = Math.max(...step.map((s) => Math.abs(t * s)));
    theta = next;
    ll = nll;
    if (moved < 1e-10) {
      converged = true;
      iterations++;
      break;
    }
  }
  const bound = 15; // |β| or |γ| beyond this many log-odds: a win or loss record with no finite maximum.
  if (theta.some((v) => !Number.isFinite(v) || Math.abs(v) > bound)) converged = false;
  const cov = P > 0 ? invertMatrix(info(theta).h) : [];
  if (!cov) converged = false;
  const betaR = theta.slice(0, Math.max(0, K - 1));
  const betaFree = [...betaR, K > 0 ? -betaR.reduce((s, v) => s + v, 0) : 0];
  const varOf = (i: number): number => {
    if (!cov || K < 2) return K === 1 ? 0 : NaN;
    if (i < K - 1) return cov[i]![i]!;
    let s = 0;
    for (let a = 0; a < K - 1; a++) for (let b = 0; b < K - 1; b++) s += cov[a]![b]!;
    return s;
  };
  const beta: number[] = [], se: number[] = [], lo: number[] = [], hi: number[] = [], gms: number[] = [];
  for (const p of all) {
    const i = index.get(p);
    const b = i === undefined ? NaN : betaFree[i]!;
    const s = i === undefined ? NaN : Math.sqrt(Math.max(0, varOf(i)));
    beta.push(b);
    se.push(s);
    lo.push(b - Z95 * s);
    hi.push(b + Z95 * s);
    gms.push(gamesOf.get(p)!);
  }
  const gamma = withGamma && P > 0 ? theta[P - 1]! : 0;
  const gammaSe = withGamma && cov && P > 0 ? Math.sqrt(Math.max(0, cov[P - 1]![P - 1]!)) : NaN;
  return {
    players: all, beta, se, lo, hi, games: gms,
    gamma, gammaSe, gammaLo: gamma - Z95 * gammaSe, gammaHi: gamma + Z95 * gammaSe,
    logLik: ll, iterations, converged,
  };
}
