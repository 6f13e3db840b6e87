// Attacking: R20–R25, D23–D28.
import { describe, expect, it } from 'vitest';
import { act, actionTexts, boardNames, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import { O_CUR, O_EXH, O_PHASE, O_PV, PH_DEFEND, SLOTS } from '../../../src/games/diplomatie/state.ts';

const deck = ['Loup', 'Loup', 'Loup'];

describe('R21: direct attack', () => {
  it('with no opposing creature, the attacker\'s Puissance comes off the opponent\'s PV', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_PV + 1]).toBe(65);
    act(pos, 'Attack with Loup');
    expect(pos.st.w[O_PV + 1]).toBe(45);
  });
  it('D28: Kingdoms do not stop a direct attack', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: ['Bastion'], deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_PV + 1]).toBe(65);
  });
});

describe('R22, D24, D25: the defender chooses the target', () => {
  it('among all its creatures, ready or exhausted; the decision is the defender\'s', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: ['Renard', { name: 'Sanglier', exhausted: true }], deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_PHASE]).toBe(PH_DEFEND);
    expect(pos.st.w[O_CUR]).toBe(1);
    expect(actionTexts(pos)).toEqual(['Defend with Renard (slot 0)', 'Defend with Sanglier (slot 1)']);
  });
  it('knob defendWithExhausted=false leaves only the ready ones', () => {
    const pos = buildPosition({ rules: { defendWithExhausted: false }, sides: [{ board: ['Ours', 'Loup'] }, { board: ['Renard', { name: 'Sanglier', exhausted: true }], deck }] });
    act(pos, 'Attack with Ours');
    // One choice: forced; 35 > 25 and Renard was ready.
    expect(pos.st.w[O_EXH + SLOTS]).toBe(1);
  });
  it('D24: a shrouded creature may still be chosen to receive an attack', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: ['Golem Gardien', 'Renard'], deck }] });
    act(pos, 'Attack with Loup');
    expect(actionTexts(pos)).toContain('Defend with Golem Gardien (slot 0)');
  });
});

describe('R23: combat resolution', () => {
  it('stronger attacker: a ready target is exhausted, an exhausted one destroyed', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Titan des Cimes'] }, { board: ['Renard'], deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_EXH + SLOTS]).toBe(1);
    expect(boardNames(pos, 1)).toEqual(['Renard']);
    act(pos, 'Attack with Titan');
    expect(boardNames(pos, 1)).toEqual([]);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Renard']);
    expect(pos.st.w[O_PV + 1]).toBe(100); // D28: no damage to the player
  });
  it('equal Puissance: both destroyed (Renard 25 vs Sanglier 25)', () => {
    const pos = buildPosition({ sides: [{ board: ['Renard', 'Loup'] }, { board: ['Sanglier'], deck }] });
    act(pos, 'Attack with Renard');
    expect(boardNames(pos, 0)).toEqual(['', 'Loup']);
    expect(boardNames(pos, 1)).toEqual([]);
  });
  it('weaker attacker: the attacker is destroyed, the target untouched', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', 'Renard'] }, { board: ['Ours'], deck }] });
    act(pos, 'Attack with Loup');
    expect(boardNames(pos, 0)).toEqual(['', 'Renard']);
    expect(pos.st.w[O_EXH + SLOTS]).toBe(0);
  });
  it('D28: a destroyed creature takes its evolution pile and attached cards to the discard', () => {
    const pos = buildPosition({ sides: [{ board: ['Titan des Cimes', 'Loup'] }, { board: [{ name: 'Loup Alpha', exhausted: true, under: ['Louveteau'], attached: ['Renard'] }], deck }] });
    act(pos, 'Attack with Titan');
    expect(zoneNames(pos, 1, 'discard').sort()).toEqual(['Loup Alpha', 'Louveteau', 'Renard']);
  });
});

describe('D23: attacking exhausts', () => {
  it('the attacker is exhausted and cannot attack again; knob attackExhausts=false lets it', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_EXH]).toBe(1);
    expect(actionTexts(pos)).toEqual(['End step 2', 'Attack with Loup (slot 1)']);
    const free = buildPosition({ rules: { attackExhausts: false }, sides: [{ board: ['Ours', 'Loup'] }, { deck }] });
    act(free, 'Attack with Ours');
    expect(actionTexts(free)).toContain('Attack with Ours (slot 0)');
  });
});

describe('R24, D26: the target destroyed before resolution', () => {
  it('the attack becomes direct even though the defender keeps other creatures', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'], hand: ['Foudre', 'Renard'] }, { board: ['Titan des Cimes', 'Renard'], hand: ['Embuscade'], deck }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Defend with Titan');
    act(pos, 'Pass'); // the defender passes (it could exhaust)
    // A's window: Foudre is not quick; A has nothing quick: the attack resolves, 20 < 46.
    expect(boardNames(pos, 0)).toEqual(['Ours']);
  });
  it('with Tour de l\'Orage the target dies in the window and the attack hits the player', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', "Tour de l'Orage"] }, { board: [{ name: 'Titan des Cimes', exhausted: true }, 'Renard'], deck }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Defend with Titan');
    act(pos, "Cast Tour de l'Orage"); // its one legal target, Titan, is chosen by the engine
    expect(pos.st.w[O_PV + 1]).toBe(80);
    expect(boardNames(pos, 1)).toEqual(['', 'Renard']);
  });
  it('knob lostTargetMakesDirect=false: the attack ends with no effect', () => {
    const pos = buildPosition({ rules: { lostTargetMakesDirect: false }, sides: [{ board: ['Loup', "Tour de l'Orage"] }, { board: [{ name: 'Titan des Cimes', exhausted: true }, 'Renard'], deck }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Defend with Titan');
    act(pos, "Cast Tour de l'Orage"); // its one legal target, Titan, is chosen by the engine
    expect(pos.st.w[O_PV + 1]).toBe(100);
  });
  it('D26: an attacker destroyed before resolution ends the attack', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', 'Renard'] }, { board: [{ name: 'Titan des Cimes', exhausted: true }, "Tour de l'Orage"], deck }] });
    act(pos, 'Attack with Loup'); // Titan, the only creature, is the target
    act(pos, "Cast Tour de l'Orage"); // Loup is exhausted by its attack: a legal target
    expect(boardNames(pos, 0)).toEqual(['', 'Renard']);
    expect(boardNames(pos, 1)).toEqual(['Titan des Cimes', "Tour de l'Orage"]);
    expect(pos.st.w[O_PV + 1]).toBe(100);
  });
});

describe('R25, D27: a creature entering during a direct attack', () => {
  it('becomes the target, and the attack resolves as a combat', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { hand: ['Renfort', 'Sanglier'], deck }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Play Renfort');
    // The only level-1 creature in hand is the target (forced): Sanglier enters, 20 < 25.
    expect(boardNames(pos, 1)).toEqual(['Sanglier']);
    expect(boardNames(pos, 0)).toEqual(['Ours']);
    expect(pos.st.w[O_PV + 1]).toBe(100);
  });
  it('knob entryRetargets=false: the attack stays direct', () => {
    const pos = buildPosition({ rules: { entryRetargets: false }, sides: [{ board: ['Ours', 'Loup'] }, { hand: ['Renfort', 'Sanglier'], deck }] });
    act(pos, 'Attack with Loup');
    act(pos, 'Play Renfort');
    expect(pos.st.w[O_PV + 1]).toBe(80);
  });
  it('D27: only the first creature to enter becomes the target', () => {
    const pos = buildPosition({ sides: [{ board: ['Titan des Cimes', 'Loup'] }, { board: ['Terrier Caché'], hand: ['Renfort', 'Sanglier', 'Ours'], deck }] });
    act(pos, 'Attack with Titan');
    act(pos, 'Play Renfort'); // Sanglier, its one legal target, is shown; A cannot answer
    act(pos, 'Cast Terrier'); // the defender answers its own card
    act(pos, 'Target Ours in hand');
    // Resolution: Ours enters first (top of the stack) and becomes the target; then Sanglier.
    expect(boardNames(pos, 1)).toEqual(['Terrier Caché', 'Ours', 'Sanglier']);
    // 46 > 35 and Ours was ready: exhausted, not destroyed; the player keeps its PV.
    expect(pos.st.w[O_EXH + SLOTS + 1]).toBe(1);
    expect(pos.st.w[O_EXH + SLOTS + 2]).toBe(0);
    expect(pos.st.w[O_PV + 1]).toBe(100);
  });
});
