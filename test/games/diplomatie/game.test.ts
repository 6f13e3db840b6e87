// The Game surface beyond the conformance run: readable action texts and the static estimate.
import { describe, expect, it } from 'vitest';
import { act, actionTexts, buildPosition } from '../../../src/games/diplomatie/scenario.ts';

describe('actionToString', () => {
  it('names the card, the hand slot or permanent slot, and the ability text', () => {
    const pos = buildPosition({ sides: [{ board: ['Louveteau', 'Royaume des Brumes'], hand: ['Loup Alpha', 'Foudre', 'Loup'] }, { board: ['Renard'], deck: ['Loup'] }] });
    expect(actionTexts(pos)).toEqual([
      'End step 2',
      'Light Play Loup (hand 2)',
      'Extra Play Loup Alpha (hand 0)',
      'Extra Play Loup (hand 2)',
      'Evolve Louveteau (slot 0) into Loup Alpha (hand 0)',
      'Play Foudre (hand 1)',
      "Cast Royaume des Brumes (slot 1) ability 0: (Capacité Rapide) doublez la Puissance d'une de vos créatures.",
      'Attack with Louveteau (slot 0)',
    ]);
    act(pos, 'Play Foudre');
    expect(actionTexts(pos)).toEqual(['Pick Loup Alpha (hand 0) for Foudre', 'Pick Loup (hand 1) for Foudre']);
  });
});

describe('heuristicValue', () => {
  it('is +1/−1 at the end, and favours the seat nearer a winning line', () => {
    const even = buildPosition({ sides: [{ board: ['Loup'], deck: ['Loup'] }, { board: ['Loup'], deck: ['Loup'] }] });
    expect(even.game.heuristicValue(even.st, 0)).toBeCloseTo(0, 5);
    const ahead = buildPosition({ sides: [{ board: ['Loup'], pd: 4, deck: ['Loup'] }, { board: ['Loup'], pv: 60, deck: ['Loup'] }] });
    expect(ahead.game.heuristicValue(ahead.st, 0)).toBeGreaterThan(0.4);
    expect(ahead.game.heuristicValue(ahead.st, 1)).toBeLessThan(-0.4);
    const won = buildPosition({ sides: [{ board: ['Ours'] }, { pv: 10, deck: ['Loup'] }] });
    act(won, 'Attack with Ours');
    expect(won.game.heuristicValue(won.st, 0)).toBe(1);
    expect(won.game.heuristicValue(won.st, 1)).toBe(-1);
  });
});
