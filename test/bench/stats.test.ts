// The benches' median and quantile (src/bench/stats.ts), written once for engine.ts, games.ts,
// compare.ts and paired.ts.
import { describe, expect, it } from 'vitest';
import { median, quantile } from '../../src/bench/stats.ts';

describe('bench stats', () => {
  it('median: the middle value, or the mean of the two middle values; the input left unsorted', () => {
    const xs = [5, 1, 4];
    expect(median(xs)).toBe(4);
    expect(xs).toEqual([5, 1, 4]);
    expect(median([3, 1, 4, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("quantile: the value at rank ⌊q·n⌋ of the sorted values (bench:pair's quartiles)", () => {
    const xs = [0.9, 1.4, 1.1, 1.6, 1.2, 1.3, 1.0, 1.5];
    expect(quantile(xs, 0.25)).toBe(1.1);
    expect(quantile(xs, 0.75)).toBe(1.5);
    expect(quantile(xs, 1)).toBe(1.6);
    expect(quantile(xs, 0)).toBe(0.9);
  });
});
