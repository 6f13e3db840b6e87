// R5 and its knobs: the VP a character destroyed in combat is worth, by grade.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeVp } from '../../../src/games/blue-rising/board.ts';
import { G_ASPIRANT, G_HERO, G_LEGEND, G_SQUIRE } from '../../../src/games/blue-rising/catalogue/compile.ts';
import { loadDeck } from '../../../src/games/blue-rising/decks.ts';
import { matchGame } from '../../../src/games/blue-rising/index.ts';

const DECKS = resolve(import.meta.dirname, '../../../decks');

function vpByGrade(rules: Record<string, number>): number[] {
  const a = loadDeck(join(DECKS, 'standard-gardiens.deck'));
  const b = loadDeck(join(DECKS, 'standard-veilleurs.deck'));
  const st = matchGame('standard', a, b, { rules }).allocState();
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
