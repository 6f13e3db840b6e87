// Rule scenarios, each named after the R/D numbers of ../shared/spec/paliers-rules.md it
// checks, played through the public action API from small positions (scenario.ts).
import { describe, expect, it } from 'vitest';
import { act, actionTexts, boardNames, buildPosition, zoneNames, type PositionSpec } from '../../../src/games/paliers/scenario.ts';
import { atqOf, capOf, cardLimitOf, maxPvOf } from '../../../src/games/paliers/rules.ts';
import { INST, O_ACTIVE, O_DMG, O_FROZEN, O_LEVEL, O_PPV, O_PV, O_TURN, O_ZONE, PalEngineLimitError, Z_CHAR } from '../../../src/games/paliers/state.ts';
import { CARDS } from '../../../src/games/paliers/catalogue/cards.ts';
import type { CardDef } from '../../../src/games/paliers/catalogue/schema.ts';

// Coupure needs an opposing Place: a card that can never be played here, so draws add no decision.
const DEAD = Array.from({ length: 12 }, () => 'Coupure');
const P = (a: PositionSpec['sides'][0], b: PositionSpec['sides'][1] = {}, more: Omit<PositionSpec, 'sides'> = {}) =>
  buildPosition({ ...more, sides: [{ deck: DEAD, ...a }, { deck: DEAD, ...b }] });
type Pos = ReturnType<typeof P>;
const pv = (pos: Pos, p: number) => pos.st.w[O_PV + p]!;
const level = (pos: Pos, p: number) => pos.st.w[O_LEVEL + p]!;
const has = (pos: Pos, text: string) => actionTexts(pos).some((t) => t.includes(text));
/** Instance of p's character named `name` (the first in play). */
function inst(pos: Pos, p: number, name: string): number {
  const { cat, cardOf } = pos.game.ctx;
  for (let g = p * INST; g < (p + 1) * INST; g++) if (cat.names[cardOf[g]!] === name && pos.st.w[O_ZONE + g] === Z_CHAR) return g;
  throw new Error(`no ${name} in play for ${p}`);
}
/** From phase 3 with nothing to play: to the attack declaration. */
const toAttack = (pos: Pos) => act(pos, 'Pass');
/** Declares these attackers, then Done unless the engine already moved on (Done was the only action left). */
function declare(pos: Pos, ...names: string[]): void {
  for (const n of names) act(pos, `Attack with ${n}`);
  if (has(pos, 'Done declaring')) act(pos, 'Done declaring');
}
/** Acts when the action is offered; a choice with one legal action was already played by the engine (§12). */
function actIf(pos: Pos, pattern: string): void {
  if (has(pos, pattern)) act(pos, pattern);
}

describe('§10 worked example (R17, R22, R28–R32, R35, R36, D11, D12, D17, D23, D24, D30, D31, D42)', () => {
  const example = (rules = {}) =>
    P(
      // Boule de Feu (main phases only) keeps A's phases 3 and 5 as real decisions.
      { board: ['Sprinteuse', 'Rusher', 'Glitcheur', { name: 'Nouvelle', fresh: true }], level: 4, hand: ['Boule de Feu'] },
      { board: [{ name: 'Modo', attacked: true }, { name: 'Admin', attacked: true }, 'Garde', 'Sentinelle'], hand: ['Level Up'], deck: ['Vagabond', ...DEAD], level: 3, pv: 20 },
      { turn: 5, rules },
    );
  it('combat of turn 5: B ends at 17 PV, four characters die, Glitcheur keeps its +1', () => {
    const pos = example();
    toAttack(pos);
    expect(actionTexts(pos)).toEqual(['Done declaring attackers', 'Attack with Sprinteuse', 'Attack with Rusher', 'Attack with Glitcheur']);
    declare(pos, 'Sprinteuse', 'Rusher', 'Glitcheur');
    expect(atqOf(pos.st, inst(pos, 0, 'Rusher'))).toBe(4); // Red (2)
    // R30: Modo and Admin attacked in turn 4; Garde is the first blocker asked.
    expect(actionTexts(pos)).toEqual(['No block for Garde', 'Block Sprinteuse with Garde', 'Block Rusher with Garde', 'Block Glitcheur with Garde']);
    act(pos, 'Block Rusher with Garde');
    act(pos, 'Block Sprinteuse with Sentinelle');
    // Now phase 5 of A.
    expect(actionTexts(pos)).toEqual(['Pass (phase 5)', 'Play Boule de Feu (hand 0)']);
    expect(pv(pos, 1)).toBe(17);
    expect(boardNames(pos, 0)).toEqual(['Glitcheur', 'Nouvelle']);
    expect(boardNames(pos, 1)).toEqual(['Modo', 'Admin']);
    expect(atqOf(pos.st, inst(pos, 0, 'Glitcheur'))).toBe(2);
  });
  function toTurn6(rules = {}): Pos {
    const pos = example(rules);
    toAttack(pos);
    declare(pos, 'Sprinteuse', 'Rusher', 'Glitcheur');
    for (const a of ['Block Rusher with Garde', 'Block Sprinteuse with Sentinelle']) act(pos, a);
    act(pos, 'Pass'); // A's phase 5
    expect(pos.st.w[O_TURN]).toBe(6);
    expect(level(pos, 1)).toBe(4); // R17: automatic level
    return pos;
  }
  it('turn 6 (D42 default): the Level Up is B\'s first counted gain, the turn goes on', () => {
    const pos = toTurn6();
    act(pos, 'Play Level Up');
    expect(level(pos, 1)).toBe(5);
    expect(pos.st.w[O_TURN]).toBe(6);
    expect(has(pos, 'Play Vagabond')).toBe(true);
  });
  it('turn 6 with autoLevelCountsForSecondGain (D17\'s first reading): the Level Up ends B\'s turn (R22)', () => {
    const pos = toTurn6({ autoLevelCountsForSecondGain: true });
    act(pos, 'Play Level Up');
    expect(level(pos, 1)).toBe(5);
    expect(pos.st.w[O_TURN]).toBe(7);
    expect(pos.st.w[O_ACTIVE]).toBe(0);
    expect(boardNames(pos, 1)).toEqual(['Modo', 'Admin']); // no combat happened; they may block in turn 7
  });
});

describe('levels (R3, R17, D11, R22, D17, D42)', () => {
  const curve = (turnCap: number, rules = {}) => {
    const pos = P({ level: 1 }, { level: 1 }, { at: 'turnStart', turn: 1, rules: { turnCap, ...rules } });
    expect(pos.game.isTerminal(pos.st)).toBe(true); // nothing to decide: the turns run to the cap
    return [level(pos, 0), level(pos, 1)];
  };
  it('R17: one level at the start of each own turn up to 5 (turns 1–8: both reach 5)', () => expect(curve(9)).toEqual([5, 5]));
  it('R17: never beyond 5 by itself', () => expect(curve(16)).toEqual([5, 5]));
  it('D11 knob autoLevelBlocksNext: levels 2,2,3,3 — level 3 after four turns each', () => expect(curve(9, { autoLevelBlocksNext: true })).toEqual([3, 3]));
  it('R17, D11: a level gained in the opponent\'s turn blocks the next automatic one', () => {
    const pos = P({ hand: ['Épiphanie'], level: 2 }, { level: 2, hand: ['Soin'] }, { rules: {} });
    act(pos, 'Play Épiphanie');
    expect(level(pos, 0)).toBe(3);
  });
  it('R22: a second level gained in one\'s own turn ends it at once; phases 6–8 still happen', () => {
    const pos = P({ hand: ['Épiphanie', 'Épiphanie', 'Vagabond'], level: 2 }, { hand: ['Soin'] });
    act(pos, 'Play Épiphanie (hand 0)');
    expect(pos.st.w[O_TURN]).toBe(5);
    act(pos, 'Play Épiphanie (hand 0)');
    expect(level(pos, 0)).toBe(4);
    // Phase 3 stopped: no combat, phase 5 skipped; the next decision is B's window of phase 6.
    expect(actionTexts(pos)).toEqual(['Pass (phase 6)', 'Play Soin (hand 0)']);
    expect(pos.st.w[O_TURN]).toBe(5);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Vagabond']);
  });
  it('D17: a level above 10 is not gained and counts for nothing', () => {
    const pos = P({ hand: ['Épiphanie', 'Épiphanie', 'Soin'], level: 10 });
    act(pos, 'Play Épiphanie (hand 0)');
    act(pos, 'Play Épiphanie (hand 0)');
    expect(level(pos, 0)).toBe(10);
    expect(pos.st.w[O_TURN]).toBe(5);
  });
});

describe('limits: cap (R19, R23, R24, D18), card limit (R21, R26, D19), Places (R27, D20)', () => {
  it('R24, D18: a character over the cap makes its player destroy others, never itself', () => {
    const pos = P({ board: ['Rusher', 'Glitcheur'], hand: ['Sprinteuse'], level: 2 });
    expect(capOf(pos.st, 0)).toBe(4);
    act(pos, 'Play Sprinteuse');
    expect(actionTexts(pos)).toEqual(['Destroy Rusher (cap, R24)', 'Destroy Glitcheur (cap, R24)']);
    act(pos, 'Destroy Rusher');
    expect(boardNames(pos, 0)).toEqual(['Sprinteuse', 'Glitcheur']); // instance order: the hand card came first
    expect(zoneNames(pos, 0, 'grave')).toEqual(['Rusher']);
  });
  it('D18: a character whose own level exceeds the cap cannot be played', () => {
    expect(has(P({ hand: ['Duelliste'], level: 1 }), 'Play Duelliste')).toBe(false);
    expect(has(P({ hand: ['Duelliste'], level: 2 }), 'Play Duelliste')).toBe(true);
  });
  it('R26: level + 1 cards a turn, all kinds together', () => {
    // The Forge (an ability, not a card played, D19) keeps the window a real decision.
    const pos = P({ hand: ['Soin', 'Soin', 'Soin', 'Vagabond'], level: 1, board: ['Nouvelle'], places: ['Forge'] });
    expect(cardLimitOf(pos.st, 0)).toBe(2);
    act(pos, 'Play Soin (hand 0)');
    act(pos, 'Play Soin (hand 0)');
    expect(actionTexts(pos)).toEqual(['Pass (phase 3)', 'Use Forge ability 0: Une fois par tour : un de vos personnages gagne +1 ATQ jusqu\'à la fin du tour.']);
    expect(pv(pos, 0)).toBe(36);
  });
  it('R21: a level gained mid-turn gives one more card at once', () => {
    const pos = P({ hand: ['Épiphanie', 'Soin', 'Soin'], level: 1 });
    act(pos, 'Play Épiphanie');
    act(pos, 'Play Soin (hand 0)');
    expect(has(pos, 'Play Soin')).toBe(true);
  });
  it('R26, D19: spells played in the opponent\'s turn count toward one\'s own span', () => {
    const pos = P({ hand: ['Soin'] }, { hand: ['Soin', 'Soin', 'Soin'], level: 1, board: ['Nouvelle'], places: ['Forge'] });
    act(pos, 'Pass'); // A passes phase 3: B may answer
    act(pos, 'Play Soin (hand 0)');
    act(pos, 'Play Soin (hand 0)');
    expect(has(pos, 'Play Soin')).toBe(false);
    expect(has(pos, 'Use Forge')).toBe(true);
  });
  it('R27, D20: one Place slot at level 1–3, a second at level 4', () => {
    expect(has(P({ places: ['Arène'], hand: ['Forge'], level: 3 }), 'Play Forge')).toBe(false);
    expect(has(P({ places: ['Arène'], hand: ['Forge'], level: 4 }), 'Play Forge')).toBe(true);
  });
  it('D16: characters, Places and Level Up cards only in one\'s own phases 3 and 5; spells any time (R33)', () => {
    const pos = P({}, { hand: ['Vagabond', 'Level Up', 'Forge', 'Soin'] });
    act(pos, 'Pass');
    expect(actionTexts(pos)).toEqual(['Pass (phase 3)', 'Play Soin (hand 3)']);
  });
});

describe('combat (R28–R32, D21–D25)', () => {
  it('R18, D12, D21: an entropic character cannot attack', () => {
    const pos = P({ board: ['Sprinteuse', { name: 'Rusher', fresh: true }] });
    toAttack(pos);
    expect(actionTexts(pos)).toEqual(['Done declaring attackers', 'Attack with Sprinteuse']);
  });
  it('R10, D12: phase 1 of its controller lifts entropy', () => {
    const pos = P({ board: [{ name: 'Rusher', fresh: true }] }, {}, { at: 'turnStart' });
    expect(actionTexts(pos)).toEqual(['Done declaring attackers', 'Attack with Rusher']); // phases 1–3 had nothing to decide
  });
  it('R30, D22: a character that attacked in its controller\'s last turn cannot block; entropic ones can', () => {
    const pos = P({ board: ['Rusher'] }, { board: [{ name: 'Modo', attacked: true }, { name: 'Garde', fresh: true }] });
    toAttack(pos);
    declare(pos, 'Rusher');
    expect(actionTexts(pos)).toEqual(['No block for Garde', 'Block Rusher with Garde']);
  });
  it('R32, D24: the defender loses unblocked attackers + ⌊turn/2⌋; a frozen character cannot block (R36)', () => {
    const pos = P({ board: ['Sprinteuse', 'Vagabond'] }, { board: [{ name: 'Garde', frozen: true }] }, { turn: 7 });
    toAttack(pos);
    declare(pos, 'Sprinteuse', 'Vagabond');
    expect(pv(pos, 1)).toBe(30 - 2 - 3);
  });
  it('D15 knob turnNumberIsRound: the term counts rounds (turn 7 = round 4)', () => {
    const pos = P({ board: ['Vagabond'] }, {}, { turn: 7, rules: { turnNumberIsRound: true } });
    toAttack(pos);
    declare(pos, 'Vagabond');
    expect(pv(pos, 1)).toBe(30 - 1 - 2);
  });
  it('R32: all attackers blocked, nothing lost', () => {
    const pos = P({ board: ['Vagabond'] }, { board: ['Glitcheur'] }, { turn: 9 });
    toAttack(pos);
    declare(pos, 'Vagabond');
    act(pos, 'Block Vagabond with Glitcheur');
    expect(pv(pos, 1)).toBe(30);
  });
  it('D24: the last unblocked attacker gone before the end, nothing is lost; knob turnTermNeedsLiveAttacker=false keeps the term', () => {
    for (const [rules, loss] of [[{}, 0], [{ turnTermNeedsLiveAttacker: false }, 3]] as const) {
      const pos = P({ board: ['Sprinteuse'], hand: ['Éclair'] }, {}, { turn: 7, rules });
      toAttack(pos);
      declare(pos, 'Sprinteuse');
      act(pos, 'Play Éclair'); // D25: the window after attackers are declared
      actIf(pos, 'Target own Sprinteuse');
      expect(pv(pos, 1)).toBe(30 - loss);
    }
  });
  it('R29, D23: two blockers on one attacker; its controller splits the damage; simultaneous; excess ignored (R31)', () => {
    const pos = P({ board: ['Berserker'] }, { board: ['Vagabond', 'Sentinelle'] });
    toAttack(pos);
    declare(pos, 'Berserker');
    act(pos, 'Block Berserker with Vagabond');
    act(pos, 'Block Berserker with Sentinelle');
    expect(actionTexts(pos)).toEqual([
      'Assign 1 damage of Berserker to Vagabond', 'Assign 1 damage of Berserker to Sentinelle',
      'Assign the rest of Berserker\'s damage to Vagabond', 'Assign the rest of Berserker\'s damage to Sentinelle',
    ]);
    act(pos, 'Assign 1 damage of Berserker to Vagabond');
    act(pos, 'Assign 1 damage of Berserker to Vagabond');
    act(pos, 'Assign the rest of Berserker\'s damage to Sentinelle');
    expect(boardNames(pos, 0)).toEqual([]); // 2 + 1 = 3 damage on PV 3
    expect(boardNames(pos, 1)).toEqual([]);
    expect(pv(pos, 1)).toBe(30); // excess 2 is lost
  });
  it('D28: "cannot be blocked by more than one" (Ombre Furtive) and "may block two attackers" (Mur Vivant)', () => {
    const pos = P({ board: ['Ombre Furtive', 'Rusher'] }, { board: ['Mur Vivant', 'Vagabond'] });
    toAttack(pos);
    declare(pos, 'Ombre Furtive', 'Rusher');
    act(pos, 'Block Ombre Furtive with Mur Vivant');
    expect(actionTexts(pos)).toEqual(['No block for Mur Vivant', 'Block Rusher with Mur Vivant']);
    act(pos, 'Block Rusher with Mur Vivant');
    expect(actionTexts(pos)).toEqual(['No block for Vagabond', 'Block Rusher with Vagabond']);
  });
  it('D28: first strike kills before the blocker strikes back (Duelliste)', () => {
    const pos = P({ board: ['Duelliste'] }, { board: ['Rusher'] });
    toAttack(pos);
    declare(pos, 'Duelliste');
    act(pos, 'Block Duelliste with Rusher');
    expect(boardNames(pos, 0)).toEqual(['Duelliste']);
    expect(pos.st.w[O_DMG + inst(pos, 0, 'Duelliste')]).toBe(0); // healed anyway in phase 8; it took nothing
  });
  it('D28: excess to the player (Bulldozer 4 on a PV-1 blocker: 3 to B)', () => {
    const pos = P({ board: ['Bulldozer'] }, { board: ['Nouvelle'] });
    toAttack(pos);
    declare(pos, 'Bulldozer');
    act(pos, 'Block Bulldozer with Nouvelle');
    expect(pv(pos, 1)).toBe(27);
  });
});

describe('phases (R11, R14, R15, R16, D10, D13, D40)', () => {
  it('R14: the discard phase brings the hand down to 8, cards of the player\'s choice', () => {
    const pos = P({ hand: Array.from({ length: 10 }, () => 'Coupure') }, { hand: ['Soin'] }, { at: 'main2' });
    act(pos, 'Pass');
    act(pos, 'Pass'); // B's window of phase 5
    expect(actionTexts(pos)).toHaveLength(10);
    act(pos, 'Discard Coupure (hand 0)');
    act(pos, 'Discard Coupure (hand 0)');
    expect(zoneNames(pos, 0, 'hand')).toHaveLength(8);
    expect(zoneNames(pos, 0, 'grave')).toEqual(['Coupure', 'Coupure']);
    expect(actionTexts(pos)).toEqual(['Pass (phase 6)', 'Play Soin (hand 0)']);
  });
  it('R15: end-of-turn effects, the active player\'s in their chosen order, then the opponent\'s', () => {
    const pos = P({ places: ['Taverne', 'Autel'] }, { places: ['Taverne'], hand: ['Soin'] }, { at: 'main2' });
    act(pos, 'Pass');
    act(pos, 'Pass'); // B's window of phase 5
    act(pos, 'Pass'); // B's window of phase 6
    expect(actionTexts(pos)).toEqual(['Resolve the end-of-turn effect of Taverne', 'Resolve the end-of-turn effect of Autel']);
    act(pos, 'Resolve the end-of-turn effect of Autel');
    expect(pv(pos, 0)).toBe(31);
    expect(pv(pos, 1)).toBe(30); // 1 from Autel, then its own Taverne
  });
  it('R16, D10, D40: phase 8 heals before "until end of turn" ends (PV 2, +2, 3 damage: it lives)', () => {
    const pos = P({ board: [{ name: 'Vagabond', damage: 1 }], hand: ['Croissance', 'Éclair'] }, { hand: ['Soin'] }, { at: 'main2' });
    act(pos, 'Play Croissance');
    actIf(pos, 'Target own Vagabond');
    act(pos, 'Play Éclair');
    actIf(pos, 'Target own Vagabond');
    expect(boardNames(pos, 0)).toEqual(['Vagabond']);
    while (pos.st.w[O_TURN] === 5) act(pos, 'Pass');
    const g = inst(pos, 0, 'Vagabond');
    expect(pos.st.w[O_DMG + g]).toBe(0);
    expect(maxPvOf(pos.st, g)).toBe(2);
  });
});

describe('colour thresholds (R34–R39, D29–D34)', () => {
  it('R35 (6): 1 damage to the opponent at the start of each combat phase', () => {
    const pos = P({ board: ['Sprinteuse', 'Nouvelle', 'Rusher', 'Glitcheur', 'Duelliste', 'Bulldozer'] });
    toAttack(pos);
    expect(pv(pos, 1)).toBe(29);
  });
  it('R35 (4), D37: 1 damage per blocked attacker with excess, with combat damage', () => {
    const pos = P({ board: ['Berserker', 'Rusher', 'Nouvelle', 'Glitcheur'] }, { board: ['Vagabond'] });
    toAttack(pos);
    declare(pos, 'Berserker');
    act(pos, 'Block Berserker with Vagabond');
    expect(pv(pos, 1)).toBe(29);
  });
  it('R36 (3), D31: once a turn, freeze an opposing character; it cannot block; unfrozen at the freezer\'s next turn', () => {
    const pos = P({ board: ['Modo', 'Admin', 'Moine Lumineux', 'Vagabond'] }, { board: ['Garde'] });
    act(pos, 'Freeze Garde');
    expect(pos.st.w[O_FROZEN + inst(pos, 1, 'Garde')]).toBe(1);
    expect(actionTexts(pos)[0]).toBe('Done declaring attackers'); // phase 3 had nothing left: freezing is once a turn
    declare(pos, 'Vagabond');
    expect(pv(pos, 1)).toBe(30 - 1 - 2);
  });
  it('R36 (5), D38: Blue spells do not count toward the card limit with 5 Blue', () => {
    const pos = P({ board: ['Modo', 'Modo', 'Admin', 'Admin', 'Moine Lumineux'], hand: ['Contre-mesure', 'Soin'], played: 5 });
    expect(actionTexts(pos)).toContain('Play Contre-mesure (hand 0)');
    expect(has(pos, 'Play Soin')).toBe(false);
  });
  it('R36 (2), D31: a shield of 2 per combat phase', () => {
    const pos = P({ board: ['Sprinteuse', 'Vagabond', 'Nouvelle'] }, { board: ['Modo', 'Admin'] }, { turn: 7 });
    toAttack(pos);
    declare(pos, 'Sprinteuse', 'Vagabond', 'Nouvelle');
    act(pos, 'No block for Modo');
    act(pos, 'No block for Admin');
    expect(pv(pos, 1)).toBe(30 - (3 + 3 - 2));
  });
  it('R37 (2): +1 PV to Green characters with 2 Green', () => {
    const pos = P({ board: ['Garde', 'Pousse', 'Vagabond'] });
    expect(maxPvOf(pos.st, inst(pos, 0, 'Garde'))).toBe(4);
    expect(maxPvOf(pos.st, inst(pos, 0, 'Vagabond'))).toBe(2);
  });
  it('R37 (4), D32: a character that fought and survived gains +1 permanent PV', () => {
    const pos = P({ board: ['Sprinteuse'] }, { board: ['Ancien Chêne', 'Pousse', 'Garde', 'Mur Vivant'] });
    toAttack(pos);
    declare(pos, 'Sprinteuse');
    act(pos, 'Block Sprinteuse with Ancien Chêne');
    for (const n of ['Pousse', 'Garde', 'Mur Vivant']) act(pos, `No block for ${n}`);
    expect(pos.st.w[O_PPV + inst(pos, 1, 'Ancien Chêne')]).toBe(1);
    expect(pos.st.w[O_PPV + inst(pos, 1, 'Garde')]).toBe(0);
  });
  it('R37 (6), D32: one Green character may block one more attacker', () => {
    const pos = P({ board: ['Sprinteuse', 'Rusher'] }, { board: ['Garde', 'Pousse', 'Pousse', 'Pousse', 'Pousse', 'Rôdeur Écarlate'] });
    toAttack(pos);
    declare(pos, 'Sprinteuse', 'Rusher');
    act(pos, 'Block Sprinteuse with Garde');
    expect(actionTexts(pos)).toEqual(['No block for Garde', 'Block Rusher with Garde']);
    act(pos, 'Block Rusher with Garde');
    expect(actionTexts(pos)).toEqual(['No block for Pousse', 'Block Sprinteuse with Pousse', 'Block Rusher with Pousse']);
    act(pos, 'No block for Pousse');
    expect(actionTexts(pos)).toEqual(['No block for Pousse', 'Block Sprinteuse with Pousse', 'Block Rusher with Pousse']);
  });
  it('R38 (3), (5), (2), D33: sacrifice; the first death returns with 1 PV; one draw a turn on deaths', () => {
    const pos = P({ board: ['Altéré', 'Cendreux', 'Fanatique', 'Nécromancienne', 'Liche'], deck: ['Vagabond', 'Vagabond', 'Vagabond', 'Vagabond'] });
    act(pos, 'Sacrifice Altéré');
    expect(boardNames(pos, 0)).toContain('Altéré');
    expect(maxPvOf(pos.st, inst(pos, 0, 'Altéré')) - pos.st.w[O_DMG + inst(pos, 0, 'Altéré')]!).toBe(1);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Vagabond', 'Vagabond']); // Violet (2) + its own death draw
    act(pos, 'Sacrifice Cendreux');
    expect(zoneNames(pos, 0, 'grave')).toEqual(['Cendreux']);
    expect(pv(pos, 1)).toBe(29); // its death trigger
    expect(zoneNames(pos, 0, 'hand')).toHaveLength(2); // Violet (2) once a turn
  });
  it('R25: without Violet (3) nothing can be sacrificed at will', () => {
    expect(has(P({ board: ['Altéré', 'Cendreux'] }), 'Sacrifice')).toBe(false);
  });
  it('R39 (2), (3), D34: the first time 2 Yellow, a level; with 3 Yellow, a card per level', () => {
    // turnEndingGain 3: Yellow (2)'s level and Épiphanie would otherwise end the turn (R22).
    const pos = P({ board: ['Sentinelle'], hand: ['Voyante', 'Moine Lumineux', 'Épiphanie'], level: 3, deck: ['Vagabond', 'Vagabond', 'Vagabond'] }, {}, { rules: { turnEndingGain: 3 } });
    act(pos, 'Play Voyante');
    expect(level(pos, 0)).toBe(4);
    act(pos, 'Play Moine Lumineux');
    expect(level(pos, 0)).toBe(4); // once per game
    const before = zoneNames(pos, 0, 'hand').length;
    act(pos, 'Play Épiphanie');
    expect(level(pos, 0)).toBe(5);
    expect(zoneNames(pos, 0, 'hand')).toHaveLength(before); // −1 played, +1 drawn
  });
  it('R39 (4): the level counts +1 for the cap and the card limit, not for Place slots', () => {
    const pos = P({ board: ['Sentinelle', 'Sentinelle', 'Moine Lumineux', 'Voyante'], level: 3 });
    expect(capOf(pos.st, 0)).toBe(8);
    expect(cardLimitOf(pos.st, 0)).toBe(5);
  });
});

describe('setup (R1, R9, D8, D9, D13, D14)', () => {
  it('R9: the mulligan sets cards aside, draws as many, shuffles them back', () => {
    const pos = P({ deck: Array.from({ length: 50 }, (_, i) => (i % 2 ? 'Vagabond' : 'Soin')) }, { deck: Array.from({ length: 50 }, () => 'Vagabond') });
    pos.game.newGame(pos.st, 7);
    expect(zoneNames(pos, 0, 'hand')).toHaveLength(8);
    expect(pv(pos, 0)).toBe(30);
    const first = pos.st.w[O_ACTIVE]!;
    act(pos, actionTexts(pos)[1]!);
    act(pos, actionTexts(pos)[1]!);
    act(pos, 'Done');
    expect(zoneNames(pos, first, 'hand')).toHaveLength(8);
    expect(zoneNames(pos, first, 'deck')).toHaveLength(42);
  });
  it('D14: an empty deck draws nothing; knob emptyDeckLoses ends the game', () => {
    const a = P({ deck: [] }, {}, { at: 'turnStart' });
    expect(a.game.isTerminal(a.st)).toBe(false);
    const b = P({ deck: [] }, {}, { at: 'turnStart', rules: { emptyDeckLoses: true } });
    expect(b.game.outcome(b.st)?.winner).toBe(1);
  });
});

describe('D35: simultaneous death triggers, in the order their owner chooses', () => {
  // Altéré and Cendreux attack and both die at once. Violet (2) takes the deck's last card,
  // so Altéré's own draw loses (emptyDeckLoses) while Cendreux's 1 damage wins: the order decides.
  const twoDeaths = () =>
    P({ board: ['Altéré', 'Cendreux'], deck: ['Vagabond'] }, { board: ['Garde', 'Pousse'], pv: 1 }, { rules: { emptyDeckLoses: true } });
  function toDeaths(pos: Pos): void {
    toAttack(pos);
    declare(pos, 'Altéré', 'Cendreux');
    act(pos, 'Block Altéré with Garde');
    act(pos, 'Block Cendreux with Pousse');
    actIf(pos, 'Pass');
    actIf(pos, 'Pass');
  }
  it('D35: the owner is offered both triggers and Cendreux first wins the game', () => {
    const pos = twoDeaths();
    toDeaths(pos);
    expect(actionTexts(pos)).toEqual(['Resolve the death trigger of Altéré (D35)', 'Resolve the death trigger of Cendreux (D35)']);
    expect(zoneNames(pos, 0, 'grave')).toEqual(['Altéré', 'Cendreux']);
    act(pos, 'Resolve the death trigger of Cendreux');
    expect(pv(pos, 1)).toBe(0);
    expect(pos.game.outcome(pos.st)?.winner).toBe(0);
  });
  it('D35: Altéré first draws from the empty deck and loses before Cendreux resolves', () => {
    const pos = twoDeaths();
    toDeaths(pos);
    act(pos, 'Resolve the death trigger of Altéré');
    expect(pv(pos, 1)).toBe(1);
    expect(pos.game.outcome(pos.st)?.winner).toBe(1);
  });
  it('D35: the second trigger resolves after the chosen one, then play goes on', () => {
    const pos = P({ board: ['Altéré', 'Cendreux'], deck: ['Vagabond', 'Vagabond'] }, { board: ['Garde', 'Pousse'] });
    toDeaths(pos);
    act(pos, 'Resolve the death trigger of Cendreux');
    expect(pv(pos, 1)).toBe(29); // Cendreux's 1; R32 takes nothing: both attackers were blocked
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Vagabond', 'Vagabond']); // Violet (2), then Altéré's draw
    expect(pos.game.isTerminal(pos.st)).toBe(false);
  });
});

describe('engine ceilings: past one, a typed error naming it', () => {
  it('MAX_PAIRS: a 65th block pair in one combat throws PalEngineLimitError', () => {
    // 33 Mur Vivant (each blocks two) against two attackers: 66 pairs, two more than the state holds.
    const pos = P({ board: ['Sprinteuse', 'Rusher'] }, { board: Array.from({ length: 33 }, () => 'Mur Vivant') });
    toAttack(pos);
    declare(pos, 'Sprinteuse', 'Rusher');
    for (let i = 0; i < 32; i++) {
      act(pos, 'Block Sprinteuse with Mur Vivant');
      act(pos, 'Block Rusher with Mur Vivant');
    }
    let err: unknown;
    try {
      act(pos, 'Block Sprinteuse with Mur Vivant');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PalEngineLimitError);
    expect((err as PalEngineLimitError).limit).toBe('MAX_PAIRS');
    expect((err as Error).message).toBe('paliers: engine ceiling MAX_PAIRS: more than 64 block pairs in one combat (turn 5)');
  });
  it('MAX_EOT: a 65th pending end-of-turn effect throws PalEngineLimitError', () => {
    // A test card with three end-of-turn abilities; 22 of them pend 66 effects.
    const eot = { when: 'endOfTurn' as const, effects: [{ verb: 'healPlayer' as const, amount: 1 }], text: 'À la fin de chaque tour, vous gagnez 1 PV.' };
    const horloge: CardDef = { name: 'Horloge', kind: 'character', colours: [], level: 1, atq: 0, pv: 1, abilities: [eot, eot, eot], provenance: { numbers: 'invented', note: 'test card' } };
    const pos = P({ board: Array.from({ length: 22 }, () => 'Horloge') }, {}, { at: 'main2', cards: [...CARDS, horloge] });
    expect(() => act(pos, 'Pass')).toThrow(PalEngineLimitError);
    expect(() => act(P({ board: Array.from({ length: 21 }, () => 'Horloge') }, {}, { at: 'main2', cards: [...CARDS, horloge] }), 'Pass')).not.toThrow();
  });
});
