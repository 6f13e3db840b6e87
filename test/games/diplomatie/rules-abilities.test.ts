// Abilities and timing: R26–R29, D29–D35, D38, D39.
import { describe, expect, it } from 'vitest';
import { act, actionTexts, boardNames, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import { power } from '../../../src/games/diplomatie/rules.ts';
import {
  O_CUR, O_EOT, O_EXH, O_HAND_N, O_PERM, O_PHASE, O_PV, O_STACK_N, O_TURN, PH_OPTIONAL, PH_ORDER, PH_WINDOW, SLOTS,
} from '../../../src/games/diplomatie/state.ts';

const deck = ['Loup', 'Loup', 'Loup', 'Loup'];

describe('R26, R27, D30: windows and the stack', () => {
  it('after an action the other player has priority first; the stack resolves last-in-first-out', () => {
    // A pumps Loup; B exhausts it; A readies it on top. Last in, first out: the ready comes
    // first (Loup is still ready), then the exhaust, then the pump: Loup ends exhausted, +20.
    // First in, first out would leave it ready.
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Ruée', 'Réveil', 'Citadelle Voilée'] }, { hand: ['Embuscade'], deck }] });
    act(pos, 'Play Ruée'); // its one target, Loup, is chosen by the engine
    expect(pos.st.w[O_PHASE]).toBe(PH_WINDOW);
    expect(pos.st.w[O_CUR]).toBe(1);
    act(pos, 'Play Embuscade');
    expect(pos.st.w[O_CUR]).toBe(0);
    expect(pos.st.w[O_STACK_N]).toBe(2);
    act(pos, 'Play Réveil'); // then nobody can answer: the three resolve
    expect(pos.st.w[O_STACK_N]).toBe(0);
    expect(pos.st.w[O_EXH]).toBe(1);
    expect(pos.st.w[O_EOT]).toBe(20);
  });
});

describe('R27 exactly', () => {
  it('items resolve from the top: Réveil readies a ready Loup, then Embuscade exhausts it', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', 'Renard'], hand: ['Ruée', 'Réveil'] }, { hand: ['Embuscade', 'Loup'], deck }] });
    act(pos, 'Play Ruée');
    act(pos, 'Target own Loup');
    act(pos, 'Play Embuscade');
    act(pos, 'Target opposing Loup');
    act(pos, 'Pass'); // A does not answer: B passes too; Embuscade resolves, then Ruée
    expect(pos.st.w[O_EXH]).toBe(1);
    expect(pos.st.w[O_EOT]).toBe(20);
  });
});

describe('D29: cast abilities only in your own step 2; quick ones anywhere', () => {
  it('Sanctuaire de l\'Aube (cast) is not offered in a window; Royaume des Brumes (quick) is', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: ['Renard', 'Sanctuaire de l\'Aube', 'Royaume des Brumes'], deck }] });
    act(pos, 'Attack with Ours');
    const t = actionTexts(pos);
    expect(t.some((x) => x.includes('Royaume des Brumes'))).toBe(true);
    expect(t.some((x) => x.includes("Sanctuaire"))).toBe(false);
  });
  it('D23, R12 archetype: Sanctuaire readies a creature that attacked, which attacks again', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', "Sanctuaire de l'Aube"] }, { deck }] });
    act(pos, 'Attack with Ours');
    act(pos, 'Cast Sanctuaire');
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_PV + 1]).toBe(30);
  });
});

describe('R28, D33, D38: the name limit', () => {
  it('a quick ability once per turn per name; available again next turn', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup', 'Titan des Cimes'] }, { board: ['Renard', 'Royaume des Brumes'], deck }] });
    act(pos, 'Attack with Ours');
    act(pos, 'Cast Royaume'); // Renard doubled to 50: Ours (35) loses
    expect(boardNames(pos, 0)).toEqual(['', 'Loup', 'Titan des Cimes']);
    act(pos, 'Attack with Loup');
    // B's Royaume is spent: B's window is passed for it.
    expect(pos.st.w[O_TURN]).toBe(5);
    expect(actionTexts(pos).some((x) => x.includes('Royaume'))).toBe(false);
  });
  it('two copies of a triggered creature destroyed the same turn: only the first draws', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Titan des Cimes', 'Renard'] }, { board: [{ name: 'Éclaireur Sacrifié', exhausted: true }, { name: 'Éclaireur Sacrifié', exhausted: true }], deck }] });
    act(pos, 'Attack with Ours');
    act(pos, 'Defend with Éclaireur Sacrifié (slot 0)');
    expect(pos.st.w[O_HAND_N + 1]).toBe(1);
    act(pos, 'Attack with Titan');
    expect(boardNames(pos, 1)).toEqual([]);
    expect(pos.st.w[O_HAND_N + 1]).toBe(1);
  });
  it('knob nameLimitTriggers=false: both draw', () => {
    const pos = buildPosition({ rules: { nameLimitTriggers: false }, sides: [{ board: ['Ours', 'Titan des Cimes', 'Renard'] }, { board: [{ name: 'Éclaireur Sacrifié', exhausted: true }, { name: 'Éclaireur Sacrifié', exhausted: true }], deck }] });
    act(pos, 'Attack with Ours');
    act(pos, 'Defend with Éclaireur Sacrifié (slot 0)');
    act(pos, 'Attack with Titan');
    expect(pos.st.w[O_HAND_N + 1]).toBe(2);
  });
  it('two Events of one name cannot be played in one turn; nor two Diplomacy cards of one name (D38)', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Pillage', 'Pillage', 'Tribut', 'Tribut'] }, { deck }] });
    act(pos, 'Play Pillage (hand 0)');
    expect(actionTexts(pos).some((x) => x.startsWith('Play Pillage'))).toBe(false);
    act(pos, 'Play Tribut (hand 1)');
    expect(actionTexts(pos).some((x) => x.startsWith('Play Tribut'))).toBe(false);
    expect(pos.st.w[O_PV]).toBe(115);
  });
  it('knob nameLimitEvents=false allows the second copy', () => {
    const pos = buildPosition({ rules: { nameLimitEvents: false }, sides: [{ board: ['Loup'], hand: ['Pillage', 'Pillage'] }, { deck }] });
    act(pos, 'Play Pillage (hand 0)');
    act(pos, 'Play Pillage (hand 0)');
    expect(pos.st.w[O_PV + 1]).toBe(80);
  });
  it('"Non limité": Chaman cycles as often as its cost allows', () => {
    const pos = buildPosition({ sides: [{ board: ['Chaman'], hand: ['Loup', 'Renard'], deck: ['Ours', 'Aigle', 'Loup'] }, { deck }] });
    act(pos, 'Cast Chaman');
    act(pos, 'Pick Loup');
    act(pos, 'Cast Chaman');
    act(pos, 'Pick Renard');
    act(pos, 'Cast Chaman');
    act(pos, 'Pick Ours');
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Loup', 'Renard', 'Ours']);
  });
  it('"2 Charges": Arsenal Royal twice in one turn, then never again (the card stays)', () => {
    const pos = buildPosition({ turn: 5, sides: [{ board: ['Arsenal Royal'], hand: ['Loup'] }, { board: [{ name: 'Renard', exhausted: true }, { name: 'Sanglier', exhausted: true }, { name: 'Loup', exhausted: true }], deck }] });
    act(pos, 'Cast Arsenal');
    act(pos, 'Target opposing Renard');
    act(pos, 'Cast Arsenal'); // Sanglier or Loup: two targets
    act(pos, 'Target opposing Sanglier');
    expect(boardNames(pos, 1)).toEqual(['', '', 'Loup']);
    expect(actionTexts(pos).some((x) => x.startsWith('Cast Arsenal'))).toBe(false);
    expect(boardNames(pos, 0)).toEqual(['Arsenal Royal']);
  });
});

describe('D31: triggers', () => {
  it('mandatory unless "Vous pouvez": Esprit Protecteur asks YES/NO', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: [{ name: 'Esprit Protecteur', exhausted: true }], deck }] });
    act(pos, 'Attack with Ours');
    expect(pos.st.w[O_PHASE]).toBe(PH_OPTIONAL);
    expect(pos.st.w[O_CUR]).toBe(1);
    act(pos, 'Yes');
    expect(pos.st.w[O_PV + 1]).toBe(105);
  });
  it('declining leaves the PV as they were', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours', 'Loup'] }, { board: [{ name: 'Esprit Protecteur', exhausted: true }], deck }] });
    act(pos, 'Attack with Ours');
    act(pos, 'No');
    expect(pos.st.w[O_PV + 1]).toBe(100);
  });
  it('two of a player\'s triggers at once: its owner chooses the order', () => {
    // A tie destroys A's Éclaireur Sacrifié (draw) … and B's Esprit Protecteur; each player has one.
    // Two of B's own: Éclaireur and Esprit die together when B's Berserker ties? Use a level-3 attacker
    // on an exhausted Éclaireur with Héraut… simpler: Sentinelle entering + Camp Retranché are A's own.
    const pos = buildPosition({ sides: [{ hand: ['Camp Retranché', 'Sentinelle', 'Loup', 'Renard'], board: ['Observatoire'] }, { board: ['Renard', 'Sanglier'], deck }] });
    act(pos, 'Play Camp Retranché');
    act(pos, 'Target opposing Renard');
    expect(pos.st.w[O_EXH + SLOTS]).toBe(1);
    // Next turn start: Observatoire triggers alone; no order to choose. An order decision needs two at once:
    const two = buildPosition({ sides: [{ board: ['Observatoire', "Héraut de l'Aube"], deck }, { board: ['Loup'], deck }], active: 1 });
    act(two, 'End step 2'); // B ends; A's turn starts: Observatoire and Héraut trigger together
    expect(two.st.w[O_PHASE]).toBe(PH_ORDER);
    expect(two.st.w[O_CUR]).toBe(0);
    expect(actionTexts(two)).toEqual(['Stack next the trigger of Observatoire', "Stack next the trigger of Héraut de l'Aube"]);
    act(two, 'Stack next the trigger of Observatoire');
    expect(two.st.w[O_PV]).toBe(103);
  });
});

describe('D34, R29: "cannot be targeted by opposing abilities"', () => {
  it('Citadelle Voilée protects its owner\'s creatures from Foudre, not from their owner\'s own abilities', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Foudre', 'Renard'] }, { board: ['Ours', 'Citadelle Voilée'], deck }] });
    expect(actionTexts(pos).some((x) => x.startsWith('Play Foudre'))).toBe(false);
    const own = buildPosition({ sides: [{ board: ['Loup', 'Citadelle Voilée'], hand: ['Ruée'] }, { deck }] });
    expect(actionTexts(own)).toContain('Play Ruée (hand 0)');
  });
  it('Golem Gardien shrouds itself only', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Foudre', 'Renard'] }, { board: ['Golem Gardien', 'Ours'], deck }] });
    act(pos, 'Play Foudre'); // the one card to pay with and the one legal target are forced
    expect(boardNames(pos, 1)).toEqual(['Golem Gardien']);
  });
});

describe('D35: modifiers', () => {
  it('until the end of the turn by default; permanent when the card says so; double counts modifiers', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', 'Renard'], hand: ['Ruée', 'Rituel de Force', 'Frénésie', 'Ours'] }, { board: ['Sanglier'], deck }] });
    act(pos, 'Play Ruée');
    act(pos, 'Target own Loup');
    act(pos, 'Play Rituel de Force');
    act(pos, 'Target own Loup');
    expect(power(pos.st, 0, 0)).toBe(50);
    act(pos, 'Play Frénésie');
    act(pos, 'Target own Loup');
    expect(power(pos.st, 0, 0)).toBe(100);
    expect(pos.st.w[O_PERM]).toBe(60);
    act(pos, 'End step 2');
    expect(pos.st.w[O_EOT]).toBe(0);
    expect(power(pos.st, 0, 0)).toBe(80);
  });
  it('aura: Porte-Étendard gives +5 to each of its controller\'s creatures, itself included', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup', 'Porte-Étendard'] }, { board: ['Renard'], deck }] });
    expect(power(pos.st, 0, 0)).toBe(25);
    expect(power(pos.st, 0, 1)).toBe(26);
    expect(power(pos.st, 1, 0)).toBe(25);
  });
});

describe('D39: targets checked again at resolution', () => {
  it('Éboulement on an exhausted creature that gets readied: no destroy, but the draw happens', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Éboulement', 'Renard'], deck: ['Ours'] }, { board: [{ name: 'Sanglier', exhausted: true }], hand: ['Réveil'], deck }] });
    act(pos, 'Play Éboulement'); // pays with Renard, targets Sanglier: both forced
    act(pos, 'Play Réveil'); // B readies Sanglier (forced target)
    expect(boardNames(pos, 1)).toEqual(['Sanglier']);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Ours']);
  });
  it('knob recheckTargets=false: the destroy happens anyway', () => {
    const pos = buildPosition({ rules: { recheckTargets: false }, sides: [{ board: ['Loup'], hand: ['Éboulement', 'Renard'], deck: ['Ours'] }, { board: [{ name: 'Sanglier', exhausted: true }], hand: ['Réveil'], deck }] });
    act(pos, 'Play Éboulement'); // pays with Renard, targets Sanglier: both forced
    act(pos, 'Play Réveil');
    expect(boardNames(pos, 1)).toEqual([]);
  });
});
