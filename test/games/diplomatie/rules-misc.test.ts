// The remaining decisions, each by its number: D9, D21, D25, D32, and R29's three examples.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dipMatchFromFiles } from '../../../src/games/diplomatie/index.ts';
import { act, actionTexts, boardNames, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import { O_ATK_TCODE, O_CUR, O_EXH, O_PHASE, O_PV, O_STACK_N, O_TURN, PH_DEFEND, PH_MAIN, PH_WINDOW, SLOTS } from '../../../src/games/diplomatie/state.ts';

const deck = ['Loup', 'Loup', 'Loup'];
const DIR = resolve(import.meta.dirname, '../../../decks/diplomatie');

describe('D9: no mulligan', () => {
  it('the first decision of a game is a turn-1 decision: step 2 or its start window, never a mulligan', () => {
    const g = dipMatchFromFiles(join(DIR, 'meute.deck'), join(DIR, 'colosses.deck'));
    const st = g.allocState();
    let seen = 0;
    for (let s = 0; s < 20; s++) {
      g.newGame(st, s);
      if (st.w[O_TURN] !== 1) continue; // turn 1 had only "End step 2": the engine played it
      seen++;
      expect([PH_MAIN, PH_WINDOW]).toContain(st.w[O_PHASE]);
    }
    expect(seen).toBeGreaterThan(10);
  });
});

describe('D21: nothing removes a Kingdom', () => {
  it('Foudre cannot target a Kingdom; a board of Kingdoms alone allows a direct attack', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Foudre', 'Pillage'] }, { board: ['Bastion', 'Observatoire'], deck }] });
    expect(actionTexts(pos).some((t) => t.startsWith('Play Foudre'))).toBe(false);
    act(pos, 'Attack with Loup');
    expect(pos.st.w[O_PV + 1]).toBe(80);
    expect(boardNames(pos, 1)).toEqual(['Bastion', 'Observatoire']);
  });
});

describe('D25: the sequence of an attack', () => {
  it('the attacker exhausts, the defender chooses, then the window opens with the attack waiting on the stack', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: ['Renard', 'Sanglier'], hand: ['Embuscade'], deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_EXH]).toBe(1);
    expect(pos.st.w[O_PHASE]).toBe(PH_DEFEND);
    expect(pos.st.w[O_STACK_N]).toBe(1);
    act(pos, 'Defend with Sanglier');
    expect(pos.st.w[O_ATK_TCODE]).toBe(SLOTS + 1);
    expect(pos.st.w[O_PHASE]).toBe(PH_WINDOW);
    expect(pos.st.w[O_CUR]).toBe(1);
  });
});

describe('D32: a play cannot be stopped', () => {
  it('a creature is in play during the window that follows its play, before any answer', () => {
    const pos = buildPosition({ sides: [{ hand: ['Ours', 'Loup', 'Renard'] }, { hand: ['Embuscade'], deck }] });
    act(pos, 'Extra Play Ours'); // pays with Loup and Renard (forced)
    expect(pos.st.w[O_PHASE]).toBe(PH_WINDOW);
    expect(boardNames(pos, 0)).toEqual(['Ours']);
    act(pos, 'Play Embuscade'); // an answer, not a counter: Ours stays in play
    expect(boardNames(pos, 0)).toEqual(['Ours']);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Embuscade']);
  });
});

describe('R29: the seed\'s three example abilities', () => {
  it('"Lorsque cette créature est détruite : Piochez 1 carte." (Éclaireur Sacrifié)', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', 'Ours'] }, { board: ['Éclaireur Sacrifié'], deck: ['Aigle', 'Loup', 'Loup'] }] });
    act(pos, 'Attack with Loup'); // 20 > 17: exhausted
    act(pos, 'Attack with Ours'); // then destroyed: B draws Aigle
    expect(zoneNames(pos, 1, 'hand')[0]).toBe('Aigle');
  });
  it('"(Capacité Rapide) Vous pouvez : Gagner 6 PV." (Source Vive), in the opponent\'s turn', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'] }, { board: ['Source Vive'], deck }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Cast Source Vive');
    expect(pos.st.w[O_PV + 1]).toBe(86);
  });
  it('"Vos créatures ne peuvent pas être ciblées par des capacités adverses." (Citadelle Voilée)', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', "Tour de l'Orage"] }, { board: [{ name: 'Ours', exhausted: true }, 'Citadelle Voilée'], deck }] });
    expect(actionTexts(pos).some((t) => t.includes("Tour de l'Orage"))).toBe(false);
  });
});
