// The first player's win rate of each arm and its change from the base (src/sim/first-player.ts):
// paired by seed pair when both arms played the same pairs, else unpaired (Newcombe).
import { describe, expect, it } from 'vitest';
import { MD, MODE_COUNTERS, addPair, emptyAggregate, type Aggregate } from '../../src/sim/aggregate.ts';
import { firstPlayerPairScores, firstPlayerRows } from '../../src/sim/first-player.ts';

/** An arm whose pair i the first player won moverWins[i][0] games of, the other moverWins[i][1]. */
function arm(moverWins: [number, number][]): Aggregate {
  const agg = emptyAggregate();
  const mode = new Array<number>(MODE_COUNTERS.length).fill(0);
  moverWins.forEach(([f, s], i) => {
    addPair(agg, 'standard', { a: 'A', b: 'B' }, 0, 1, i, [f, s]);
    mode[MD.games]! += 2;
    mode[MD.firstWins]! += f;
    mode[MD.secondWins]! += s;
    mode[MD.draws]! += 2 - f - s;
  });
  agg.modes.standard = mode;
  return agg;
}

describe('firstPlayerRows', () => {
  const base = arm([[2, 0], [1, 1], [2, 0], [1, 1], [2, 0], [1, 0]]);
  it('reads the first player\'s wins of every seed pair', () => {
    expect(firstPlayerPairScores(base, 'standard')!.scores).toEqual([2, 1, 2, 1, 2, 1]);
  });

  it('the same games give a change of exactly 0; a variant that costs the first player one game in three pairs gives −0.25, paired', () => {
    const same = arm([[2, 0], [1, 1], [2, 0], [1, 1], [2, 0], [1, 0]]);
    const weaker = arm([[1, 1], [1, 1], [1, 1], [1, 1], [2, 0], [0, 1]]);
    const rows = firstPlayerRows({ label: 'base', agg: base, sameGames: true }, [
      { label: 'same', agg: same, rules: { turnCap: 200 }, sameGames: true },
      { label: 'weaker', agg: weaker, rules: { firstTurnAttack: false }, sameGames: true },
    ]);
    expect(rows.map((r) => r.arm)).toEqual(['base', 'same', 'weaker']);
    expect(rows[0]).toMatchObject({ games: 12, firstWins: 9, secondWins: 2, draws: 1, wr: 0.75, diff: null, interval: null, rules: null });
    expect(rows[1]).toMatchObject({ diff: 0, pairs: 6, interval: 'paired', rules: { turnCap: 200 } });
    // Pair differences (arm − base)/2: −½, 0, −½, 0, 0, −½: mean −0.25, sd √(0.075) over 6 pairs.
    expect(rows[2]!.diff).toBe(-0.25);
    expect(rows[2]!.interval).toBe('paired');
    const se = Math.sqrt(0.075 / 6), t = 2.570582; // t(0.975, 5)
    expect(rows[2]!.diffLo!).toBeCloseTo(-0.25 - t * se, 5);
    expect(rows[2]!.diffHi!).toBeCloseTo(-0.25 + t * se, 5);
  });

  it('an arm that did not play the base\'s games (its own bots) is compared unpaired', () => {
    const other = arm([[1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1]]);
    const [, r] = firstPlayerRows({ label: 'base', agg: base, sameGames: true }, [{ label: 'ladder', agg: other, sameGames: false }]);
    expect(r!.interval).toBe('unpaired');
    expect(r!.diff).toBe(-0.25);
    expect(r!.pairs).toBe(0);
    expect(r!.diffLo!).toBeLessThan(-0.25);
    expect(r!.diffHi!).toBeGreaterThan(-0.25);
  });
});
