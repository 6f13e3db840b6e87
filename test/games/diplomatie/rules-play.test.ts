// Playing cards: R13–R19, D5, D15–D22.
import { describe, expect, it } from 'vitest';
import { act, actionTexts, boardNames, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import {
  O_EOT, O_EXH, O_HOST, O_PD, O_PHASE, O_PV, O_TOP, O_ZONE, PH_PICK, PH_WINDOW, Z_ATTACHED, Z_UNDER,
} from '../../../src/games/diplomatie/state.ts';
import { power } from '../../../src/games/diplomatie/rules.ts';

const opp = { deck: ['Loup', 'Loup', 'Loup'] };

describe('R14: Light Play', () => {
  it('one level-1 creature a turn, for nothing; a level-2 creature cannot be light-played', () => {
    const pos = buildPosition({ sides: [{ hand: ['Loup', 'Renard', 'Ours'] }, opp] });
    const t = actionTexts(pos);
    expect(t).toContain('Light Play Loup (hand 0)');
    expect(t).toContain('Light Play Renard (hand 1)');
    expect(t.some((x) => x.startsWith('Light Play Ours'))).toBe(false);
    act(pos, 'Light Play Loup');
    expect(boardNames(pos, 0)).toEqual(['Loup']);
    expect(actionTexts(pos).some((x) => x.startsWith('Light Play'))).toBe(false);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Renard', 'Ours']);
  });
  it('knob lightPlaysPerTurn=2 allows a second', () => {
    const pos = buildPosition({ rules: { lightPlaysPerTurn: 2 }, sides: [{ hand: ['Loup', 'Renard'] }, opp] });
    act(pos, 'Light Play Loup');
    expect(actionTexts(pos)).toContain('Light Play Renard (hand 0)');
  });
});

describe('R15, D15: Extra Play', () => {
  it('a level-3 creature attaches 3 hand cards face down, picked in ascending slots', () => {
    const pos = buildPosition({ sides: [{ hand: ['Titan des Cimes', 'Loup', 'Foudre', 'Traité de Paix', 'Ours'] }, opp] });
    act(pos, 'Extra Play Titan des Cimes');
    expect(pos.st.w[O_PHASE]).toBe(PH_PICK);
    // 4 cards left, 3 to pick: the first pick is slot 0 or 1 (a later one could not be completed).
    expect(actionTexts(pos)).toEqual(['Pick Loup (hand 0) for Titan des Cimes', 'Pick Foudre (hand 1) for Titan des Cimes']);
    act(pos, 'Pick Foudre');
    // Two cards left for two picks: both are forced, the engine plays them.
    expect(boardNames(pos, 0)).toEqual(['Titan des Cimes']);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Loup']);
    const w = pos.st.w;
    let attached = 0;
    for (let i = 0; i < 36; i++) if (w[O_ZONE + i] === Z_ATTACHED && w[O_HOST + i] === 0) attached++;
    expect(attached).toBe(3); // D5: a Diplomacy card pays like any other
  });
  it('needs level + 1 cards in hand; no per-turn limit (two Extra Plays in one turn)', () => {
    const pos = buildPosition({ sides: [{ hand: ['Ours', 'Loup', 'Renard', 'Ours', 'Sanglier', 'Hérisson'] }, opp] });
    act(pos, 'Extra Play Ours (hand 0)');
    act(pos, 'Pick Loup');
    act(pos, 'Pick Renard');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Ours', 'Sanglier', 'Hérisson']);
    act(pos, 'Extra Play Ours (hand 0)');
    expect(boardNames(pos, 0)).toEqual(['Ours', 'Ours']);
    expect(zoneNames(pos, 0, 'hand')).toEqual([]);
    const one = buildPosition({ sides: [{ hand: ['Ours', 'Loup'] }, opp] });
    expect(actionTexts(one).some((x) => x.startsWith('Extra Play Ours'))).toBe(false);
  });
  it('knob extraPlaysPerTurn=1 allows only one', () => {
    const pos = buildPosition({ rules: { extraPlaysPerTurn: 1 }, sides: [{ hand: ['Loup', 'Renard', 'Sanglier', 'Hérisson'] }, opp] });
    act(pos, 'Extra Play Loup');
    act(pos, 'Pick Renard');
    expect(actionTexts(pos).some((x) => x.startsWith('Extra Play'))).toBe(false);
  });
});

describe('R16, D16, D17, D18, D36: Evolution Play', () => {
  it('Loup Alpha (requires ◆) evolves Louveteau (carries ◆); Faucon Stellaire (requires ★) is refused on it', () => {
    const pos = buildPosition({ sides: [{ board: ['Louveteau'], hand: ['Loup Alpha', 'Faucon Stellaire'] }, opp] });
    const t = actionTexts(pos);
    expect(t).toContain('Evolve Louveteau (slot 0) into Loup Alpha (hand 0)');
    expect(t.some((x) => x.includes('into Faucon Stellaire'))).toBe(false);
  });
  it('D17: any higher level by default (1 → 3); knob next refuses the skip', () => {
    const any = buildPosition({ sides: [{ board: ['Louveteau'], hand: ['Loup Géant'] }, opp] });
    expect(actionTexts(any)).toContain('Evolve Louveteau (slot 0) into Loup Géant (hand 0)');
    const next = buildPosition({ rules: { evolutionStep: 'next' }, sides: [{ board: ['Louveteau'], hand: ['Loup Géant'] }, opp] });
    expect(actionTexts(next).some((x) => x.startsWith('Evolve'))).toBe(false);
  });
  it('a same or lower level is refused', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup Alpha'], hand: ['Loup Alpha', 'Louveteau'] }, opp] });
    expect(actionTexts(pos).some((x) => x.startsWith('Evolve'))).toBe(false);
  });
  it('D36 knob base: the base lists the requirement, the evolving card must carry it', () => {
    // Lune Pâle requires ●; as a base under `base`, it needs an evolving card carrying ●.
    const pos = buildPosition({ rules: { evolutionRequirementOn: 'base' }, sides: [{ board: ['Loup Alpha'], hand: ['Loup Géant', 'Titan des Cimes'] }, opp] });
    // Loup Alpha requires ◆: Loup Géant carries ◆ (legal), Titan des Cimes carries nothing (refused).
    const t = actionTexts(pos);
    expect(t).toContain('Evolve Loup Alpha (slot 0) into Loup Géant (hand 0)');
    expect(t.some((x) => x.includes('into Titan des Cimes'))).toBe(false);
  });
  it('D18: the same creature: exhaustion and modifiers kept, the old card under it, free and repeatable', () => {
    const pos = buildPosition({
      sides: [{ board: [{ name: 'Louveteau', exhausted: true }], hand: ['Loup Alpha', 'Loup Géant', 'Ruée'] }, { board: ['Loup'], deck: ['Loup'] }],
    });
    act(pos, 'Play Ruée'); // its window passes by itself: nobody can answer
    expect(pos.st.w[O_EOT]).toBe(20);
    act(pos, 'Evolve Louveteau (slot 0) into Loup Alpha');
    const w = pos.st.w;
    expect(boardNames(pos, 0)).toEqual(['Loup Alpha']);
    expect(w[O_EXH]).toBe(1);
    expect(power(pos.st, 0, 0)).toBe(53);
    act(pos, 'Evolve Loup Alpha (slot 0) into Loup Géant');
    expect(boardNames(pos, 0)).toEqual(['Loup Géant']);
    let under = 0;
    for (let i = 0; i < 36; i++) if (w[O_ZONE + i] === Z_UNDER && w[O_HOST + i] === 0) under++;
    expect(under).toBe(2);
  });
});

describe('R17, R18, D21, D22: Kingdoms and Events', () => {
  it('a Kingdom stays in play; an Event resolves and goes to the discard', () => {
    const pos = buildPosition({ sides: [{ hand: ['Observatoire', 'Loup', 'Pillage'], board: ['Renard'] }, opp] });
    act(pos, 'Play Observatoire');
    // extraCost 1: the only other card... two choices (Loup, Pillage): pick Loup.
    act(pos, 'Pick Loup');
    expect(boardNames(pos, 0)).toEqual(['Renard', 'Observatoire']);
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Loup']);
    act(pos, 'Play Pillage');
    expect(pos.st.w[O_PV + 1]).toBe(90);
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Loup', 'Pillage']);
  });
  it('D22: extraCost needs that many other hand cards', () => {
    const pos = buildPosition({ sides: [{ hand: ['Foudre'] }, { board: ['Loup'], deck: ['Loup'] }] });
    expect(actionTexts(pos).some((x) => x.startsWith('Play Foudre'))).toBe(false);
  });
  it('D20: only the active player plays cards, in step 2; a quick Event also in windows', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'] }, { hand: ['Foudre', 'Loup', 'Embuscade'], deck: ['Loup'] }] });
    act(pos, 'Attack with Loup');
    // The defender has no creature: a direct attack; in its window only the quick Event is playable.
    expect(actionTexts(pos)).toEqual(['Pass', 'Play Embuscade (hand 2)']);
  });
  it('D5: a Diplomacy card is played like an Event, then discarded', () => {
    const pos = buildPosition({ sides: [{ hand: ['Traité de Paix', 'Loup', 'Renard'], board: ['Sanglier'] }, opp] });
    act(pos, 'Play Traité de Paix');
    expect(pos.st.w[O_PD]).toBe(1);
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Loup', 'Renard', 'Traité de Paix']);
  });
});

describe('D19: fresh creatures', () => {
  it('attack the turn they enter by default; not with freshCreaturesAttack=false', () => {
    const yes = buildPosition({ sides: [{ hand: ['Loup'] }, opp] });
    act(yes, 'Light Play Loup');
    expect(actionTexts(yes)).toContain('Attack with Loup (slot 0)');
    const no = buildPosition({ rules: { freshCreaturesAttack: false }, sides: [{ hand: ['Loup'], board: ['Renard'] }, opp] });
    act(no, 'Light Play Loup');
    expect(actionTexts(no).filter((x) => x.startsWith('Attack'))).toEqual(['Attack with Renard (slot 0)']);
  });
});

describe('R13, D11: plays and attacks interleave in step 2', () => {
  it('an attack, then a creature played, then another attack', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Renard'] }, { deck: ['Loup', 'Loup'] }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Light Play Renard');
    act(pos, 'Attack with Renard');
    expect(pos.st.w[O_TOP]).toBeGreaterThanOrEqual(0);
  });
});
