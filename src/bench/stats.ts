// The summaries the benches report, written once: the median (the mean of the two middle values
// when the count is even) and a quantile (the value at rank ⌊q·n⌋ of the sorted values, as
// bench:pair's quartiles).
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
