// R5 and its knobs: the VP a character destroyed in combat is worth, by grade; R1: scoring VP
// and winning on them.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gainVp, gradeVp } from '../../../src/games/blue-rising/board.ts';
import { G_ASPIRANT, G_HERO, G_LEGEND, G_SQUIRE } from '../../../src/games/blue-rising/catalogue/compile.ts';
import { loadDeck } from '../../../src/games/blue-rising/decks.ts';
import { matchGame } from '../../../src/games/blue-rising/index.ts';
import { GameLog } from '../../../src/games/blue-rising/log.ts';
import { END_VP, Z_CURRENT, Z_END, Z_PHASE, O_VP, Z_WINNER, PH_MAIN, PH_OVER, VP_EXHAUSTION } from '../../../src/games/blue-rising/state.ts';

const DECKS = resolve(import.meta.dirname, '../../../decks');

function state(rules: Record<string, number>) {
  const a = loadDeck(join(DECKS, 'standard-gardiens.deck'));
  const b = loadDeck(join(DECKS, 'standard-veilleurs.deck'));
  const game = matchGame('standard', a, b, { rules });
  const st = game.allocState();
  game.newGame(st, 1);
  st.log = new GameLog();
  return st;
}
function vpByGrade(rules: Record<string, number>): number[] {
  const st = state(rules);
  return [G_SQUIRE, G_ASPIRANT, G_HERO, G_LEGEND].map((g) => gradeVp(st, g));
}

describe('gradeVp (R5)', () => {
  it('by default: Squire 0, Aspirant 0, Hero 1, Legend 2', () => {
    expect(vpByGrade({})).toEqual([0, 0, 1, 2]);
  });
  it('each grade reads its own knob, and a Squire never scores', () => {
    expect(vpByGrade({ aspirantVp: 3, heroVp: 4, legendVp: 5 })).toEqual([0, 3, 4, 5]);
  });
});

describe('gainVp (R1)', () => {
  it('0 VP scores nothing and logs nothing', () => {
    const st = state({});
    gainVp(st, 1, 0, VP_EXHAUSTION, -1, -1);
    expect([st.w[O_VP], st.w[O_VP + 1]]).toEqual([0, 0]);
    expect(st.log!.entries).toEqual([]);
  });
  it('reaching the target ends the game: winner, nobody to act, and later VP are not scored', () => {
    const st = state({ vpToWin: 2 });
    st.z[Z_PHASE] = PH_MAIN;
    gainVp(st, 1, 1, VP_EXHAUSTION, -1, -1);
    expect(st.z[Z_PHASE]).toBe(PH_MAIN);
    gainVp(st, 1, 1, VP_EXHAUSTION, -1, -1);
    expect([st.w[O_VP], st.w[O_VP + 1], st.z[Z_WINNER], st.z[Z_PHASE], st.z[Z_CURRENT]]).toEqual([0, 2, 1, PH_OVER, -1]);
    expect(st.z[Z_END]).toBe(END_VP);
    const lines = st.log!.entries.length;
    expect(lines).toBe(3);
    gainVp(st, 0, 3, VP_EXHAUSTION, -1, -1);
    gainVp(st, 1, 1, VP_EXHAUSTION, -1, -1);
    expect([st.w[O_VP], st.w[O_VP + 1], st.z[Z_WINNER]]).toEqual([0, 2, 1]);
    expect(st.log!.entries.length).toBe(lines);
  });
});
