// The deck-adjusted effect from merged integer sums equals the same estimate computed from the
// seat-games themselves (Mantel–Haenszel risk difference, sandwich over seed-pair clusters).
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.ts';
import { estimateEffect, type EffectCounts } from '../../src/sim/card-effects.ts';

describe('estimateEffect', () => {
  it('matches a direct computation from per-cluster residuals', () => {
    const rng = new SeededRng(7);
    const cellsOf = ['A\tB\t1', 'A\tB\t0', 'B\tA\t1', 'B\tA\t0'];
    // Clusters of 2 to 4 seat-games: [stratum, present, won].
    const clusters: [string, number, number][][] = [];
    for (let g = 0; g < 400; g++) {
      const k = 2 + Math.floor(rng.next() * 3);
      clusters.push(Array.from({ length: k }, () => {
        const s = cellsOf[Math.floor(rng.next() * 4)]!, z = rng.next() < 0.4 ? 1 : 0;
        return [s, z, rng.next() < 0.45 + 0.1 * z ? 1 : 0] as [string, number, number];
      }));
    }
    const e: EffectCounts = { clusters: clusters.length, cells: {}, cross: {} };
    for (const cl of clusters) {
      const per = new Map<string, [number, number]>();
      for (const [s, z, y] of cl) {
        const key = `${s}\t${z}`;
        const v = per.get(key) ?? [0, 0];
        v[0]++; v[1] += y;
        per.set(key, v);
      }
      for (const [k, [n, y]] of per) {
        const c = (e.cells[k] ??= [0, 0]);
        c[0]! += n; c[1]! += y;
        for (const [l, [m, w]] of per) {
          if (k > l) continue;
          const x = (e.cross[`${k}\n${l}`] ??= [0, 0, 0, 0]);
          x[0]! += n * m; x[1]! += y * m; x[2]! += n * w; x[3]! += y * w;
        }
      }
    }
    // Direct: per stratum rates, weights, then each cluster's residual.
    const st = new Map<string, number[]>();
    for (const cl of clusters) for (const [s, z, y] of cl) {
      const r = st.get(s) ?? [0, 0, 0, 0];
      r[z ? 2 : 0]!++; r[z ? 3 : 1]! += y;
      st.set(s, r);
    }
    let W = 0, num = 0;
    for (const [n0, y0, n1, y1] of st.values()) { const w = (n0! * n1!) / (n0! + n1!); W += w; num += w * (y1! / n1! - y0! / n0!); }
    let ss = 0;
    for (const cl of clusters) {
      let r = 0;
      for (const [s, z, y] of cl) {
        const [n0, y0, n1, y1] = st.get(s)!;
        const w = (n0! * n1!) / (n0! + n1!);
        r += z ? (w / (W * n1!)) * (y - y1! / n1!) : -(w / (W * n0!)) * (y - y0! / n0!);
      }
      ss += r * r;
    }
    const G = clusters.length;
    const got = estimateEffect(e);
    expect(got.effect).toBeCloseTo(num / W, 12);
    expect(got.se).toBeCloseTo(Math.sqrt((G / (G - 1)) * ss), 12);
    expect(got.strata).toBe(4);
  });
});
