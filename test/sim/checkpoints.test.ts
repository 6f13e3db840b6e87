// metrics.md: lead changes per game, and IWD stratified by turn.
import { describe, expect, it } from 'vitest';
import { gainVp } from '../../src/games/blue-rising/board.ts';
import { checkScenario, buildScenario } from '../../src/games/blue-rising/scenario.ts';
import { VP_KILL } from '../../src/games/blue-rising/state.ts';
import { CardAccumulator, addGame, emptyAggregate, statLayout, type GameResult } from '../../src/sim/aggregate.ts';
import { cardRows, modeRows } from '../../src/sim/metrics.ts';

describe('lead changes (metrics.md: decisiveness)', () => {
  it('counts a change each time the other seat takes the lead; ties are no lead', () => {
    const spec = checkScenario({
      mode: 'standard', active: 'A',
      players: { A: { environment: 'Champs de Bataille' }, B: { environment: "L'Académie de l'Etoile Bleue" } },
      steps: [],
    }, 'lead');
    const b = buildScenario(spec, 'lead');
    b.game.startRecording(b.state);
    const st = b.state;
    gainVp(st, 0, 1, VP_KILL, -1, -1); // 1–0: A leads
    expect(b.game.leadChanges(st)).toBe(0);
    gainVp(st, 1, 1, VP_KILL, -1, -1); // 1–1: a tie, no lead
    expect(b.game.leadChanges(st)).toBe(0);
    gainVp(st, 1, 1, VP_KILL, -1, -1); // 1–2: B takes the lead
    expect(b.game.leadChanges(st)).toBe(1);
    gainVp(st, 0, 2, VP_KILL, -1, -1); // 3–2: A again
    expect(b.game.leadChanges(st)).toBe(2);
  });
});

describe('IWD by turn', () => {
  const FIELDS = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven', 'firstSeenTurn', 'seenBy4'];
  const lay = statLayout(FIELDS, ['Kitty'], ['kill', 'environment', 'exhaustion', 'other'], [4]);
  const game = (winner: number, turns: number, seen0: number, seen1: number): GameResult => {
    const stats = new Int32Array(2 * FIELDS.length);
    stats[0] = 2; // seat 0: 2 copies
    stats[12] = seen0;
    stats[FIELDS.length] = 2; // seat 1: 2 copies
    stats[FIELDS.length + 12] = seen1;
    return { mode: 'quick', decks: ['X', 'Y'], sideOfSeat0: 0, winner, first: 0, turns, vp: [0, 0], decisions: [1, 1], vpSources: new Int32Array(8), cardStats: stats, leadChanges: 3 };
  };
  it('compares copies seen by turn T with copies not seen, in games that reach T', () => {
    const agg = emptyAggregate();
    const acc = new CardAccumulator(lay);
    addGame(agg, acc, game(0, 10, 2, 0), { a: 'X', b: 'Y' }); // seen copies win: 2 seen won; 2 unseen lost
    addGame(agg, acc, game(1, 10, 1, 1), { a: 'X', b: 'Y' }); // seat 0: 1 seen lost, 1 unseen lost; seat 1: 1 seen won, 1 unseen won
    addGame(agg, acc, game(0, 3, 2, 2), { a: 'X', b: 'Y' }); // never reaches turn 4: left out
    acc.foldInto(agg, 'quick');
    const row = cardRows(agg)[0]!;
    // seen: 2 + 1 + 1 = 4 copies, 3 won; unseen: 2 + 1 + 1 = 4 copies, 1 won.
    expect(row.iwd_by_turn_4).toBeCloseTo(3 / 4 - 1 / 4, 6);
    expect(modeRows(agg)[0]!.lead_changes_per_game).toBe(3);
  });
});
