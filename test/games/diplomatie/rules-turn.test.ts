// Setup, the turn, the two victory tracks, Siege and the turn cap: R1–R12, D1–D3, D7–D14.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dipMatchFromFiles } from '../../../src/games/diplomatie/index.ts';
import { checkWin } from '../../../src/games/diplomatie/rules.ts';
import { act, actionTexts, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import {
  END_BOTH, END_PD, END_PV, O_ACTIVE, O_DECK_N, O_DIP_N, O_END, O_FIRST, O_HAND_N, O_PD, O_PHASE, O_PV, O_TURN, O_WINNER,
  O_EXH, PH_OVER, SLOTS, WIN_DRAW,
} from '../../../src/games/diplomatie/state.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/diplomatie');
const files = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();

describe('setup', () => {
  it('R1, R6, R7, R8, D10: 100 PV, 0 PD, 4 cards each, then the first player draws 2 on turn 1', () => {
    const g = dipMatchFromFiles(join(DIR, files[0]!), join(DIR, files[1]!));
    const st = g.allocState();
    g.newGame(st, 7);
    const w = st.w;
    const f = w[O_FIRST]!;
    expect(w[O_TURN]).toBe(1);
    expect(w[O_ACTIVE]).toBe(f);
    expect([w[O_PV], w[O_PV + 1]]).toEqual([100, 100]);
    expect([w[O_PD], w[O_PD + 1]]).toEqual([0, 0]);
    expect(w[O_HAND_N + f]).toBe(6);
    expect(w[O_HAND_N + 1 - f]).toBe(4);
    expect(w[O_DECK_N + f]).toBe(24);
    expect(w[O_DECK_N + 1 - f]).toBe(26);
    expect([w[O_DIP_N], w[O_DIP_N + 1]]).toEqual([6, 6]);
  });
  it('D7: the first player comes from the seed; both seats go first over 40 seeds', () => {
    const g = dipMatchFromFiles(join(DIR, files[0]!), join(DIR, files[1]!));
    const st = g.allocState();
    let zero = 0;
    for (let s = 0; s < 40; s++) {
      g.newGame(st, s);
      if (st.w[O_FIRST] === 0) zero++;
    }
    expect(zero).toBeGreaterThan(5);
    expect(zero).toBeLessThan(35);
  });
  it('D8: the same deck gets the same shuffle whichever seat it sits in', () => {
    const a = dipMatchFromFiles(join(DIR, files[0]!), join(DIR, files[1]!));
    const b = dipMatchFromFiles(join(DIR, files[1]!), join(DIR, files[0]!));
    const sa = a.allocState(), sb = b.allocState();
    a.newGame(sa, 11);
    b.newGame(sb, 11);
    const deckA = zoneNames({ game: a, st: sa }, 0, 'deck');
    const deckB = zoneNames({ game: b, st: sb }, 1, 'deck');
    // Same shuffle; the first player may differ, and so the number drawn: compare the bottom 20.
    expect(deckA.slice(0, 20)).toEqual(deckB.slice(0, 20));
  });
  it('D10 knob: firstPlayerDraws=false leaves the first player at 4 cards on turn 1', () => {
    const g = dipMatchFromFiles(join(DIR, files[0]!), join(DIR, files[1]!), { firstPlayerDraws: false });
    const st = g.allocState();
    g.newGame(st, 7);
    expect(st.w[O_HAND_N + st.w[O_FIRST]!]).toBe(4);
  });
});

describe('the end of the turn: R10, D12', () => {
  it('a turn without an attack gives 1 PD and the top Diplomacy card', () => {
    const pos = buildPosition({ sides: [{ dip: ['Ambassade', 'Tribut'], deck: ['Loup', 'Loup'] }, { deck: ['Loup', 'Loup'] }] });
    act(pos, 'End step 2');
    expect(pos.st.w[O_PD]).toBe(1);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Ambassade']);
    expect(pos.st.w[O_DIP_N]).toBe(1);
  });
  it('an attack, even one that ends with no effect, gives nothing', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], dip: ['Ambassade'] }, { deck: ['Loup', 'Loup'], hand: ['Foudre'] }] });
    act(pos, 'Attack with Loup');
    expect(pos.st.w[O_PV + 1]).toBe(80);
    expect(pos.st.w[O_PD]).toBe(0);
    expect(pos.st.w[O_DIP_N]).toBe(1);
    expect(pos.st.w[O_TURN]).toBe(6);
  });
  it('an empty Diplomacy deck still gives the PD (D12)', () => {
    const pos = buildPosition({ sides: [{ deck: ['Loup', 'Loup'] }, { deck: ['Loup', 'Loup'] }] });
    act(pos, 'End step 2');
    expect(pos.st.w[O_PD]).toBe(1);
    expect(zoneNames(pos, 0, 'hand')).toEqual([]);
  });
  it('D12: creatures are readied at the end of their controller\'s turn only', () => {
    const pos = buildPosition({ sides: [{ board: [{ name: 'Loup', exhausted: true }] }, { board: [{ name: 'Renard', exhausted: true }], deck: ['Loup', 'Loup'] }] });
    act(pos, 'End step 2');
    expect(pos.st.w[O_EXH]).toBe(0);
    expect(pos.st.w[O_EXH + SLOTS]).toBe(1);
  });
});

describe('R11: the first player does not attack on turn 1', () => {
  it('no attack action on turn 1, one on turn 3', () => {
    const one = buildPosition({ turn: 1, sides: [{ board: ['Loup'] }, { deck: ['Loup'] }] });
    expect(actionTexts(one).some((t) => t.startsWith('Attack'))).toBe(false);
    const three = buildPosition({ turn: 3, sides: [{ board: ['Loup'] }, { deck: ['Loup'] }] });
    expect(actionTexts(three)).toContain('Attack with Loup (slot 0)');
  });
});

describe('R12, D13: Siege', () => {
  it('a deck of 1 for a draw of 2: the card is drawn and the opponent gains 1 PD, no Diplomacy card', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], dip: ['Ambassade'] }, { deck: ['Renard'], dip: ['Tribut'] }] });
    act(pos, 'Attack with Loup'); // so the active player gains no PD of its own
    expect(pos.st.w[O_ACTIVE]).toBe(1);
    expect(pos.st.w[O_PD]).toBe(1);
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Renard']);
    expect(zoneNames(pos, 0, 'hand')).toEqual([]);
  });
  it('an empty deck gives 2 PD; a draw effect on an empty deck gives nothing', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Inspiration'] }, {}] });
    act(pos, 'Play Inspiration');
    expect(zoneNames(pos, 0, 'hand')).toEqual([]);
    expect(pos.st.w[O_PD + 1]).toBe(0);
    act(pos, 'Attack with Loup');
    expect(pos.st.w[O_PD]).toBe(2);
  });
});

describe('R2, D1: winning', () => {
  it('PV to 0 wins at once, mid-turn (PV never below 0)', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours'] }, { pv: 30, deck: ['Loup'] }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_PHASE]).toBe(PH_OVER);
    expect(pos.st.w[O_WINNER]).toBe(0);
    expect(pos.st.w[O_END]).toBe(END_PV);
    expect(pos.st.w[O_PV + 1]).toBe(0);
  });
  it('the 6th PD wins at once', () => {
    const pos = buildPosition({ sides: [{ pd: 5 }, { deck: ['Loup'] }] });
    act(pos, 'End step 2');
    expect(pos.st.w[O_END]).toBe(END_PD);
    expect(pos.st.w[O_WINNER]).toBe(0);
    expect(pos.game.outcome(pos.st)!.reason).toContain('6 PD');
  });
  it('Siege can win the game for the opponent (R12 + R2)', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], pd: 4 }, {}] });
    act(pos, 'Attack with Loup');
    expect(pos.st.w[O_WINNER]).toBe(0);
    expect(pos.st.w[O_PD]).toBe(6);
  });
  it('both conditions at the same instant: a draw', () => {
    const pos = buildPosition({ sides: [{ deck: ['Loup'] }, { deck: ['Loup'] }] });
    pos.st.w[O_PV] = 0;
    pos.st.w[O_PD] = 6;
    expect(checkWin(pos.st)).toBe(true);
    expect(pos.st.w[O_WINNER]).toBe(WIN_DRAW);
    expect(pos.st.w[O_END]).toBe(END_BOTH);
    expect(pos.game.outcome(pos.st)!.winner).toBe(-1);
  });
  it('D3: PV have no maximum', () => {
    const pos = buildPosition({ sides: [{ hand: ['Soins'], deck: ['Loup'] }, { deck: ['Loup'] }] });
    act(pos, 'Play Soins');
    expect(pos.st.w[O_PV]).toBe(115);
  });
});

describe('D14: the start and end windows', () => {
  it('the opponent may answer when the active player ends step 2', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], deck: ['Loup'] }, { hand: ['Embuscade'], deck: ['Loup'] }] });
    act(pos, 'End step 2');
    expect(actionTexts(pos)).toEqual(['Pass', 'Play Embuscade (hand 0)']);
  });
  it('turnWindows=false skips both when nothing waits on the stack', () => {
    const pos = buildPosition({ rules: { turnWindows: false }, sides: [{ board: ['Loup'], deck: ['Loup'] }, { hand: ['Embuscade'], deck: ['Loup'] }] });
    act(pos, 'End step 2');
    expect(pos.st.w[O_ACTIVE]).toBe(1);
  });
});
