// A ladder rung's line (src/cli/commands/experiment.ts): the first bot's win rate with its
// 95% interval and, when the experiment gives a target, whether the interval clears it.
import { describe, expect, it } from 'vitest';
import { rungLine, rungVerdict } from '../../src/cli/commands/experiment.ts';

describe('rungVerdict', () => {
  it('met only when the whole interval is at or above the target', () => {
    expect(rungVerdict(0.6, 0.66, 0.6)).toBe('met');
    expect(rungVerdict(0.59, 0.66, 0.6)).toBe('undecided');
    expect(rungVerdict(0.5, 0.5999, 0.6)).toBe('missed');
  });
});

describe('rungLine', () => {
  const r = { arm: 'ismcts-vs-flatmc', games: 1008, wrFirstBot: 0.531, lo: 0.5002, hi: 0.5616 };
  it('without a target: the rate, the interval and the games', () => {
    expect(rungLine(r)).toBe('ismcts-vs-flatmc: the first bot wins 53.1% [50.0, 56.2] of 1008 games\n');
  });
  it('with a target: the verdict, and by how much a missed one misses', () => {
    expect(rungLine({ ...r, target: 0.55, verdict: 'undecided' })).toBe(
      'ismcts-vs-flatmc: the first bot wins 53.1% [50.0, 56.2] of 1008 games; target >= 55.0%: undecided (the interval holds the target: play more games)\n');
    expect(rungLine({ ...r, hi: 0.54, target: 0.55, verdict: 'missed' })).toBe(
      'ismcts-vs-flatmc: the first bot wins 53.1% [50.0, 54.0] of 1008 games; target >= 55.0%: missed, by 1.9 points\n');
    expect(rungLine({ ...r, lo: 0.6, wrFirstBot: 0.63, hi: 0.66, target: 0.6, verdict: 'met' })).toBe(
      'ismcts-vs-flatmc: the first bot wins 63.0% [60.0, 66.0] of 1008 games; target >= 60.0%: met\n');
  });
});
