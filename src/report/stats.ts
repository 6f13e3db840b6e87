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
