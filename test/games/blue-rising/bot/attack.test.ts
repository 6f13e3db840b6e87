// The attack scorer's row bound (attack.ts's attackRowBound): no attack of a row is worth more
// than its bound, in every main-phase position of seeded heuristic games with each profile, and
// the bound lets the bot's own choice skip most rows (main.ts's scoreMain, lazy).
import { describe, expect, it } from 'vitest';
import { mixSeed } from '../../../../src/core/rng.ts';
import { A_ATTACK, A_SUPPORT, TARGETS } from '../../../../src/games/blue-rising/actions.ts';
import { attackRowBound, attackValue, ROW_BOUND } from '../../../../src/games/blue-rising/bot/attack.ts';
import { EPS } from '../../../../src/games/blue-rising/bot/codes.ts';
import { HeuristicBot, PROFILES, loadProfile, parseProfile } from '../../../../src/games/blue-rising/bot/index.ts';
import { allocView, buildView } from '../../../../src/games/blue-rising/bot/view.ts';
import { matchFromFiles } from '../../../../src/games/blue-rising/index.ts';
import type { Mode } from '../../../../src/games/blue-rising/rules-options.ts';
import { PH_MAIN, Z_PHASE, type BRState } from '../../../../src/games/blue-rising/state.ts';
import { deckPairs } from '../reference-digest.ts';

interface RowCounts {
  rows: number;
  /** Rows whose bound (with the attack bonus) is below the best score listed before them: skipped by choose. */
  skipped: number;
  /** Rows whose exact best is below that best: what a perfect bound would skip. */
  skippable: number;
  /** The largest excess of an exact attack value over its row's bound: at most rounding (the two sum in different orders). */
  worstExcess: number;
}

/** Plays `games` seeded heuristic games of one profile and checks every main-phase attack row of the seat to move. */
function checkRows(mode: Mode, profile: ReturnType<typeof loadProfile>, games: number): RowCounts {
  const c: RowCounts = { rows: 0, skipped: 0, skippable: 0, worstExcess: -Infinity };
  const scores = new Float64Array(4096);
  const v = allocView(profile);
  const pairs = deckPairs(mode);
  for (let g = 0; g < games; g++) {
    const [a, b] = pairs[(g * 5) % pairs.length]!; // every fifth ordered pair: the decks' mirrors and others
    const game = matchFromFiles(mode, a, b);
    const legal = new Int32Array(game.maxLegalActions);
    const seed = mixSeed(2718, g);
    const bots = [new HeuristicBot(mixSeed(seed, 0), profile), new HeuristicBot(mixSeed(seed, 1), profile)];
    const st = game.allocState();
    game.newGame(st, seed);
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      const p = game.currentPlayer(st);
      if (n > 1 && st.z[Z_PHASE] === PH_MAIN) {
        bots[p]!.explain(st, legal, n, scores); // the exact scores
        buildView(v, st as BRState, false);
        let best = -Infinity;
        for (let i = 0; i < n; ) {
          const act = legal[i]!;
          if (act < A_ATTACK || act >= A_SUPPORT) {
            best = Math.max(best, scores[i]!);
            i++;
            continue;
          }
          const s = ((act - A_ATTACK) / TARGETS) | 0;
          attackRowBound(v, s);
          const bound = ROW_BOUND[0]!;
          let rowBest = -Infinity;
          for (const end = A_ATTACK + (s + 1) * TARGETS; i < n && legal[i]! < end; i++) {
            const exact = attackValue(v, s, legal[i]! - A_ATTACK - s * TARGETS);
            c.worstExcess = Math.max(c.worstExcess, exact - bound);
            rowBest = Math.max(rowBest, scores[i]!);
          }
          c.rows++;
          if (bound + 0.01 * profile.attackBias < best - 2 * EPS) c.skipped++;
          if (rowBest < best - 2 * EPS) c.skippable++;
          best = Math.max(best, rowBest);
        }
      }
      game.apply(st, bots[p]!.choose(game, st, legal, n));
    }
  }
  return c;
}

describe('attackRowBound', () => {
  for (const name of PROFILES) {
    it(`${name}: no attack is worth more than its row's bound, to rounding (quick and standard games)`, () => {
      for (const mode of ['quick', 'standard'] as const) {
        const c = checkRows(mode, loadProfile(name), mode === 'quick' ? 24 : 8);
        expect(c.rows).toBeGreaterThan(1000);
        expect(c.worstExcess).toBeLessThanOrEqual(1e-12);
      }
    });
  }

  it('lets choose skip most attack rows of midrange quick games, where most rows cannot win', () => {
    const c = checkRows('quick', loadProfile('midrange'), 24);
    // Measured (24 games, 8,113 rows): 80% of rows cannot beat the best before them; the bound skips 70%.
    expect(c.skippable / c.rows).toBeGreaterThan(0.75);
    expect(c.skipped / c.rows).toBeGreaterThan(0.6);
    expect(c.skipped).toBeLessThanOrEqual(c.skippable);
  });

  it('gives no bound when a profile weighs the opponent\'s response outside [0, 1]', () => {
    const weights = { ...loadProfile('midrange'), oppResponse: 1.5 };
    const c = checkRows('quick', parseProfile(weights, 'test'), 4);
    expect(c.rows).toBeGreaterThan(100);
    expect(c.skipped).toBe(0);
    expect(c.worstExcess).toBe(-Infinity);
  });
});
