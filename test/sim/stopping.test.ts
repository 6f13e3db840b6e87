// Sequential stopping on paired outcomes (src/sim/stopping.ts): the rule's checks, an early
// stop on a clear difference, and the false-decision rate on a null difference over many
// seeded runs, on synthetic pairs fed through the same Stopper the lab uses.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/core/rng.ts';
import { parseStopRule, StopRuleError, Stopper, type StopRule } from '../../src/sim/stopping.ts';

/**
 * One synthetic seed pair of a base and a patch arm: each of the two games keeps the base's
 * result unless the patch flips it (probability `flip`); a flip goes the patch's way with
 * probability ½ + `edge`. Returns (patch − base)/2.
 */
function pairOutcome(rng: SeededRng, flip: number, edge: number): number {
  let d = 0;
  for (let g = 0; g < 2; g++) {
    const base = rng.next() < 0.5 ? 1 : 0;
    let patch = base;
    if (rng.next() < flip) patch = rng.next() < 0.5 + edge ? 1 : 0;
    d += patch - base;
  }
  return d / 2;
}

/** Runs the rule on synthetic pairs until it stops. */
function runRule(rule: StopRule, seed: number, flip: number, edge: number): Stopper {
  const rng = new SeededRng(seed);
  const s = new Stopper(rule);
  const batch = new Float64Array(rule.batchPairs);
  while (s.decision === 'continue') {
    for (let i = 0; i < batch.length; i++) batch[i] = pairOutcome(rng, flip, edge);
    s.addBatch(batch, 2 * batch.length);
  }
  return s;
}

describe('parseStopRule', () => {
  it('reads an SPRT in Elo or in win-rate points, and a width rule', () => {
    const elo = parseStopRule({ sprt: { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 }, maxGames: 20000 });
    expect(elo.sprt!.d0).toBe(0);
    expect(elo.sprt!.d1).toBeCloseTo(0.0071953, 6);
    const wr = parseStopRule({ sprt: { wr0: 0, wr1: 0.03 }, maxGames: 2000, batchPairs: 20 });
    expect(wr.sprt).toMatchObject({ d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05, unit: 'wr' });
    expect(parseStopRule({ width: 0.02, maxGames: 100 })).toEqual({ width: 0.02, maxGames: 100, batchPairs: 50 });
  });

  it('refuses impossible parameters, naming the field', () => {
    const bad: [unknown, string][] = [
      [{ sprt: { elo0: 0, elo1: 5, alpha: 0.6 }, maxGames: 100 }, 'stop.sprt.alpha'],
      [{ sprt: { elo0: 0, elo1: 5, beta: 0 }, maxGames: 100 }, 'stop.sprt.beta'],
      [{ sprt: { elo0: 5, elo1: 5 }, maxGames: 100 }, 'stop.sprt.elo1'],
      [{ sprt: { wr0: 0, wr1: 0.05 }, maxGames: 50, batchPairs: 50 }, 'stop.maxGames'],
      [{ sprt: { wr0: 0, wr1: 0.05 }, maxGames: 101 }, 'stop.maxGames'],
      [{ sprt: { wr0: 0, wr1: 0.05 } }, 'stop.maxGames'],
      [{ width: 0, maxGames: 100 }, 'stop.width'],
      [{ width: 0.02, sprt: { wr1: 0.05 }, maxGames: 100 }, 'stop'],
      [{ sprt: { wr1: 0.05, elo1: 4 }, maxGames: 100 }, 'stop.sprt'],
      [{ sprt: { wr1: 0.05, p: 1 }, maxGames: 100 }, 'stop.sprt.p'],
      [{ widht: 0.02, maxGames: 100 }, 'stop.widht'],
    ];
    for (const [rule, field] of bad) {
      expect(() => parseStopRule(rule), JSON.stringify(rule)).toThrow(StopRuleError);
      expect(() => parseStopRule(rule)).toThrow(new RegExp(`^${field.replace(/\./g, '\\.')}[:.]? `));
    }
  });
});

describe('Stopper', () => {
  const sprt = parseStopRule({ sprt: { wr0: 0, wr1: 0.03, alpha: 0.05, beta: 0.05 }, maxGames: 100_000, batchPairs: 50 });

  it('stops early on a clear difference, H1, with the LLR path as evidence', () => {
    // The patch redraws 30% of games, 80% of those its way: 0.3 × 0.3 = +9 points per game.
    const s = runRule(sprt, 1, 0.3, 0.3);
    expect(s.decision).toBe('H1');
    expect(s.games).toBeLessThan(2000);
    expect(s.path.length).toBe(s.games / 100);
    expect(s.path.at(-1)!.value).toBeGreaterThanOrEqual(Math.log(0.95 / 0.05));
    expect(s.describe()).toMatch(/decided H1 .* after \d+ games; LLR path \(games:LLR\) 100:/);
    expect(s.mean()).toBeGreaterThan(0.03);
  });

  it('on a null difference, decides H1 no more often than α over 1,000 seeded runs (and H0 otherwise)', () => {
    let h1 = 0, h0 = 0, cap = 0, games = 0;
    const runs = 1000;
    for (let r = 0; r < runs; r++) {
      const s = runRule(sprt, 1000 + r, 0.3, 0);
      if (s.decision === 'H1') h1++;
      else if (s.decision === 'H0') h0++;
      else cap++;
      games += s.games;
    }
    // α = 0.05; the bound allows two standard errors of a binomial share over the runs.
    expect(h1 / runs).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / runs));
    expect(h0 + h1 + cap).toBe(runs);
    expect(cap).toBe(0);
    expect(games / runs).toBeLessThan(20_000);
  });

  it('at H1, decides H0 no more often than β over 400 seeded runs', () => {
    let h0 = 0;
    const runs = 400;
    for (let r = 0; r < runs; r++) if (runRule(sprt, 5000 + r, 0.3, 0.1).decision === 'H0') h0++;
    // flip 0.3 × edge 0.1 = +3 points per game: exactly H1.
    expect(h0 / runs).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / runs));
  });

  it('a width rule stops once the interval is that narrow, or at the cap', () => {
    const w = runRule(parseStopRule({ width: 0.03, maxGames: 100_000, batchPairs: 50 }), 3, 0.3, 0.1);
    expect(w.decision).toBe('width');
    expect(w.halfWidth()).toBeLessThanOrEqual(0.03);
    const capped = runRule(parseStopRule({ width: 0.001, maxGames: 1000, batchPairs: 50 }), 3, 0.3, 0.1);
    expect(capped.decision).toBe('cap');
    expect(capped.games).toBe(1000);
    expect(capped.describe()).toMatch(/cap of 1000 games/);
  });
});
