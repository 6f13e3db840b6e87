// Student's t distribution: the quantiles that small-sample intervals need (paired
// differences over few seed pairs, cluster-robust intervals over few games).
//
// F(t; ν) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, I the regularized incomplete beta function
// (continued fraction, Lentz's method, as in Numerical Recipes §6.4), ln Γ by Lanczos (g = 7,
// n = 9). The quantile inverts F by bisection on a bracket grown from [0, 16] until it holds
// the root, down to a relative width of 1e-13, far below what an interval needs.

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, relative error about 1e-15). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta function I_x(a, b), a, b > 0, 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  // The continued fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(lnFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Cumulative distribution function of Student's t with ν > 0 degrees of freedom (ν = ∞: the normal). */
export function studentTCdf(t: number, nu: number): number {
  if (Number.isNaN(t) || !(nu > 0)) return NaN;
  if (nu === Infinity) return 0.5 * (1 + erf(t / Math.SQRT2));
  const tail = 0.5 * incompleteBeta(nu / (nu + t * t), nu / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** Quantile of Student's t: the t with F(t; ν) = p, 0 < p < 1 (ν = ∞: the normal quantile). */
export function studentTQuantile(p: number, nu: number): number {
  if (!(p > 0 && p < 1) || !(nu > 0)) return NaN;
  if (p === 0.5) return 0;
  const upper = p > 0.5;
  const q = upper ? p : 1 - p;
  let lo = 0, hi = 16;
  while (studentTCdf(hi, nu) < q && hi < 1e300) {
    lo = hi;
    hi *= 16;
  }
  for (let i = 0; i < 2000 && hi - lo > 1e-13 * Math.max(1, hi); i++) {
    const mid = 0.5 * (lo + hi);
    if (studentTCdf(mid, nu) < q) lo = mid;
    else hi = mid;
  }
  const t = 0.5 * (lo + hi);
  return upper ? t : -t;
}

/** Standard normal quantile Φ⁻¹(p) (the t quantile at ν = ∞). */
export function normalQuantile(p: number): number {
  return studentTQuantile(p, Infinity);
}

/** erf(x) by its Maclaurin series near 0 and the continued fraction of erfc beyond (double accuracy). */
export function erf(x: number): number {
  if (x < 0) return -erf(-x);
  if (x < 2.5) {
    // erf x = 2/√π Σ (−1)^n x^(2n+1) / (n!(2n+1))
    let sum = x, term = x;
    const x2 = x * x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc x = e^(−x²)/√π · 1/(x + ½/(x + 1/(x + 3/2/(x + …)))), evaluated from the tail.
  let f = x;
  for (let k = 60; k >= 1; k--) f = x + k / 2 / f;
  return 1 - Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}
