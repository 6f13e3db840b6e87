// Setup, the turn, playing cards, abilities and the response stack: R1–R16 and D1–D17,
// D26–D29, each through the public action API.
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../src/games/seuils/catalogue/compile.ts';
import { CARDS } from '../../../src/games/seuils/catalogue/cards.ts';
import { createSeuilsContext, Seuils } from '../../../src/games/seuils/game.ts';
import { seuilsCatalogue, StackOverflowError } from '../../../src/games/seuils/index.ts';
import { seuilsRules, type SeuilsRuleOptions } from '../../../src/games/seuils/rules-options.ts';
import { act, actionTexts, boardNames, buildPosition, inPlayNamed, zoneNames, type SideSpec } from '../../../src/games/seuils/scenario.ts';
import {
  O_ACTIVE, O_CONS, O_TURN, O_CUR, O_DMG, O_FIRST, O_HAND_N, O_INFL, O_KNOWN, O_MULL_N, O_PHASE, O_STACK_N,
  O_WINNER, PH_DEVELOP, PH_MAIN, PH_MULLIGAN, PH_OVER, STACK_CAP,
} from '../../../src/games/seuils/state.ts';

const deck = ['Cristal', 'Cristal', 'Cristal'];
const P = (a: SideSpec, b: SideSpec, rules?: Partial<SeuilsRuleOptions>) => buildPosition({ sides: [{ deck, ...a }, { deck, ...b }], rules });

/** A fresh game of two 45-card decks (10 Cristal, 10 Braise, 25 Garde) with faction `faction`. */
function fresh(rules: Partial<SeuilsRuleOptions> = {}, faction = 'Ordre du Cristal') {
  const main = [...Array(10).fill('Cristal'), ...Array(10).fill('Braise'), ...Array(25).fill('Garde')];
  const game = new Seuils(createSeuilsContext(seuilsCatalogue(), [{ name: 'A', faction, main }, { name: 'B', faction, main }], { firstPlayer: 'seat0', ...rules }));
  const st = game.allocState();
  game.newGame(st, 11);
  return { game, st };
}

describe('setup (R7–R12, D6–D9)', () => {
  it('R7, R9, D7: factions in play; the first player fetches two resources of different types (the second one is forced)', () => {
    const pos = fresh();
    expect(actionTexts(pos)).toEqual(['Fetch Cristal', 'Fetch Braise']);
    act(pos, 'Fetch Cristal');
    // The engine fetched Braise for seat 0 (one of each type), then seat 1 chooses.
    expect(boardNames(pos, 0).slice(1).sort()).toEqual(['Braise', 'Cristal']);
    expect(pos.st.w[O_CUR]).toBe(1);
    const loose = fresh({ fetchDistinctTypes: false });
    act(loose, 'Fetch Cristal');
    expect(actionTexts(loose)).toEqual(['Fetch Cristal', 'Fetch Braise']);
  });

  it('R10, D8: the starting draw gives 5 cards to the first player and 6 to the second (knob off: 5 each); R11: the mulligan follows', () => {
    for (const split of [true, false]) {
      const pos = fresh({ startingDrawSplit: split });
      act(pos, 'Fetch Cristal');
      act(pos, 'Fetch Cristal');
      expect(pos.st.w[O_PHASE]).toBe(PH_MULLIGAN);
      expect([pos.st.w[O_HAND_N], pos.st.w[O_HAND_N + 1]]).toEqual(split ? [5, 6] : [5, 5]);
      expect(pos.st.w[O_CUR]).toBe(0); // D9: the first player first
    }
  });

  it('R11, D9: cards go under the deck in the chosen order, the same number is drawn, the owner knows the bottom', () => {
    const pos = fresh();
    act(pos, 'Fetch Cristal');
    act(pos, 'Fetch Cristal');
    const w = pos.st.w;
    const hand0 = zoneNames(pos, 0, 'hand');
    act(pos, 'Mulligan: put ' + hand0[0] + ' (hand 0)');
    const rest = zoneNames(pos, 0, 'hand');
    act(pos, 'Mulligan: put ' + rest[2] + ' (hand 2)');
    expect(zoneNames(pos, 0, 'deck').slice(0, 2)).toEqual([rest[2], hand0[0]]); // the later one is the bottommost
    expect([w[O_KNOWN], w[O_MULL_N]]).toEqual([2, 2]);
    act(pos, 'Done');
    expect(w[O_HAND_N]).toBe(5);
    expect(w[O_CUR]).toBe(1);
    act(pos, 'Done'); // seat 1 keeps its hand; the game starts (R12): seat 0's first turn
    expect(w[O_ACTIVE]).toBe(0);
    expect(w[O_TURN]).toBe(1);
  });

  it('D9 knob: the second player may mulligan first', () => {
    const pos = fresh({ mulliganOrder: 'secondPlayerFirst' });
    act(pos, 'Fetch Cristal');
    act(pos, 'Fetch Cristal');
    expect(pos.st.w[O_CUR]).toBe(1);
  });

  it('R8, D6: the first player is drawn from the game seed: both seats start over 40 seeds', () => {
    const game = new Seuils(createSeuilsContext(seuilsCatalogue(), [
      { name: 'A', faction: 'Clan des Braises', main: Array(45).fill('Braise') },
      { name: 'B', faction: 'Clan des Braises', main: Array(45).fill('Braise') },
    ], { fetchDistinctTypes: false }));
    const st = game.allocState();
    const firsts = new Set<number>();
    for (let s = 0; s < 40; s++) {
      game.newGame(st, s);
      firsts.add(st.w[O_FIRST]!);
    }
    expect([...firsts].sort()).toEqual([0, 1]);
  });
});

describe('the turn (R13, D10, D14, D26, D29)', () => {
  it('D10: the next turn restores the player\'s consumed cards, then develop offers a draw or a resource; D29: no window after it', () => {
    const pos = P({ hand: ['Éclaireuse'], board: ['Cristal'] }, { board: [{ name: 'Garde', consumed: true }, { name: 'Cristal', consumed: true }], hand: ['Braise'], deck: ['Racine'] });
    act(pos, 'End the turn');
    const w = pos.st.w;
    expect(w[O_ACTIVE]).toBe(1);
    expect(w[O_CONS + inPlayNamed(pos, 1, 'Garde')]).toBe(0);
    expect(w[O_CONS + inPlayNamed(pos, 1, 'Cristal')]).toBe(0);
    expect(actionTexts(pos)).toEqual(['Develop: draw a card', 'Develop: play resource Braise (hand 0)']);
    act(pos, 'Develop: play resource');
    expect(w[O_PHASE]).toBe(PH_MAIN);
    expect(boardNames(pos, 1)).toContain('Braise');
  });

  it('D29: with an empty deck and no resource in hand, develop is skipped; D10 knob develop=draw offers only the draw', () => {
    const pos = P({ hand: ['Éclaireuse'], board: ['Cristal'] }, { board: ['Cristal'], hand: ['Éclaireuse'], deck: [] });
    act(pos, 'End the turn');
    expect(pos.st.w[O_PHASE]).toBe(PH_MAIN);
    expect(pos.st.w[O_ACTIVE]).toBe(1);
    const d = P({ hand: ['Éclaireuse'], board: ['Cristal'] }, { board: ['Cristal'], hand: ['Braise', 'Éclaireuse'], deck: ['Racine', 'Racine'] }, { develop: 'draw' });
    act(d, 'End the turn');
    // A lone draw is played by the engine: the turn goes on to the main phase with one more card.
    expect(d.st.w[O_PHASE]).toBe(PH_MAIN);
    expect(zoneNames(d, 1, 'hand')).toEqual(['Braise', 'Éclaireuse', 'Racine']);
  });

  it('D2: drawing from an empty deck gives nothing; with the emptyDeckLoses knob the player loses', () => {
    for (const emptyDeckLoses of [false, true]) {
      const pos = P({ board: ['Cristal', 'Cristal'], hand: ['Inspiration', 'Éclaireuse'], deck: ['Racine'] }, {}, { emptyDeckLoses });
      act(pos, 'Play Inspiration'); // draw 2 from a deck of 1
      expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine']);
      expect(pos.st.w[O_PHASE] === PH_OVER).toBe(emptyDeckLoses);
      if (emptyDeckLoses) expect(pos.st.w[O_WINNER]).toBe(1);
    }
  });

  it('D14: the end of the turn opens a last window, the opponent first; Embuscade Nocturne is playable only there', () => {
    const pos = P({ board: ['Veilleur', 'Cristal', 'Braise'], hand: ['Furie', 'Éclaireuse'] }, { board: ['Cristal', 'Cristal'], hand: ['Embuscade Nocturne', 'Braise'] });
    act(pos, 'Play Furie'); // B's window: Embuscade is not offered, B passes by itself
    expect(pos.st.w[O_PHASE]).toBe(PH_MAIN);
    act(pos, 'End the turn');
    expect(pos.st.w[O_CUR]).toBe(1);
    expect(actionTexts(pos)).toEqual(['Pass', 'Play Embuscade Nocturne (hand 0)']);
    act(pos, 'Play Embuscade Nocturne');
    // 3 damage on Veilleur (life 4): it lives; at the end of the turn its damage is removed (D3).
    const v = inPlayNamed(pos, 0, 'Veilleur');
    expect(pos.st.w[O_ACTIVE]).toBe(1); // the turn ended: the window does not reopen the turn
    expect(pos.st.w[O_DMG + v]).toBe(0);
  });

  it('D3 knob: damage stays between turns when it does not clear', () => {
    const pos = P({ board: ['Veilleur'], hand: ['Éclaireuse'] }, { board: ['Cristal', 'Cristal'], hand: ['Embuscade Nocturne', 'Braise'] }, { damageClearsAtEndOfTurn: false });
    act(pos, 'End the turn');
    act(pos, 'Play Embuscade Nocturne');
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 0, 'Veilleur')]).toBe(3);
  });

  it('D26: damage is removed before "until end of turn" effects end: life 2 + 2, 3 damage, it lives (knob reversed: it dies)', () => {
    for (const damageClearsBeforeEot of [true, false]) {
      const pos = P({ board: [{ name: 'Garde', entered: 5 }, 'Cristal'], hand: ['Bouclier'] }, { board: ['Cristal', 'Cristal'], hand: ['Embuscade Nocturne', 'Braise'] }, { damageClearsBeforeEot });
      act(pos, 'Play Bouclier'); // Garde, the only character, is the target; A then has only the end of its turn
      act(pos, 'Play Embuscade Nocturne');
      expect(pos.st.w[O_ACTIVE]).toBe(1);
      expect(boardNames(pos, 0).includes('Garde')).toBe(damageClearsBeforeEot);
    }
  });

  it('D14 knob: without the end window the turn ends at once', () => {
    const pos = P({ hand: ['Éclaireuse'], board: ['Cristal'] }, { board: ['Cristal', 'Cristal'], hand: ['Embuscade Nocturne', 'Braise'] }, { endOfTurnWindow: false });
    act(pos, 'End the turn');
    expect(pos.st.w[O_ACTIVE]).toBe(1);
    expect(pos.st.w[O_PHASE]).toBe(PH_DEVELOP);
  });
});

describe('playing cards and using abilities (R4, R14–R16, D12–D17, D28)', () => {
  it('R15: a character is paid (its resources consumed, lowest first) and enters play after the window; D4 knob: consumed', () => {
    for (const enterConsumed of [false, true]) {
      const pos = P({ board: ['Cristal', 'Braise', 'Cristal'], hand: ['Garde', 'Éclaireuse'] }, {}, { enterConsumed });
      act(pos, 'Play Garde');
      const w = pos.st.w;
      const [c1, b, c2] = [3, 4, 5];
      expect([w[O_CONS + c1], w[O_CONS + b], w[O_CONS + c2]]).toEqual([1, 1, 0]); // D16: lowest instances pay
      expect(w[O_CONS + inPlayNamed(pos, 0, 'Garde')]).toBe(enterConsumed ? 1 : 0);
    }
  });

  it('R4: Pacte de Sang costs 2 influence and cannot be played when it would bring the faction to 0', () => {
    const pos = P({ board: ['Braise'], hand: ['Pacte de Sang', 'Éclaireuse'] }, {});
    act(pos, 'Play Pacte de Sang');
    expect(pos.st.w[O_INFL]).toBe(23);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Cristal', 'Cristal']);
    const low = P({ board: ['Braise'], hand: ['Pacte de Sang', 'Éclaireuse'], influence: 2 }, {});
    expect(actionTexts(low)).toEqual(['End the turn', 'Play Éclaireuse (hand 1)']);
  });

  it('R14, D13: the last response resolves first; D28: Furie\'s target is gone, the rest still happens', () => {
    const pos = P({ board: ['Garde', 'Braise', 'Braise'], hand: ['Furie', 'Éclaireuse'] }, { board: ['Braise', 'Cristal', 'Cristal'], hand: ['Flammes'], deck: ['Racine'] });
    act(pos, 'Play Furie');
    expect(pos.st.w[O_CUR]).toBe(1); // D13: the other player gets priority first
    expect(pos.st.w[O_STACK_N]).toBe(1);
    act(pos, 'Play Flammes'); // Garde is its only target; A cannot answer; both pass: Flammes, then Furie
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Garde', 'Furie']);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Flammes']);
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Racine']); // "piochez une carte" still happens
    expect(pos.st.w[O_PHASE]).toBe(PH_MAIN);
  });

  it('D13 knob: priority may go to the player who added the item', () => {
    const pos = P({ board: ['Garde', 'Braise', 'Braise'], hand: ['Furie', 'Bouclier'] }, { board: ['Braise', 'Cristal', 'Cristal'], hand: ['Flammes'] }, { priorityAfterAdd: 'adder' });
    act(pos, 'Play Furie');
    expect(pos.st.w[O_CUR]).toBe(0);
    expect(actionTexts(pos)).toEqual(['Pass', 'Play Bouclier (hand 0)']);
  });

  it('D15: characters only in one\'s own main phase; the opponent answers with tactics (knob off: it cannot)', () => {
    const b: SideSpec = { board: ['Cristal', 'Cristal'], hand: ['Garde', 'Bouclier'] };
    const pos = P({ board: ['Garde', 'Braise', 'Braise'], hand: ['Furie', 'Éclaireuse'] }, b);
    act(pos, 'Play Furie');
    expect(actionTexts(pos)).toEqual(['Pass', 'Play Bouclier (hand 1)']);
    const no = P({ board: ['Garde', 'Braise', 'Braise'], hand: ['Furie', 'Éclaireuse'] }, b, { respondOnOpponentTurn: false });
    act(no, 'Play Furie');
    expect(no.st.w[O_PHASE]).toBe(PH_MAIN); // B could only pass: the engine passed for it
  });

  it('D12, R16: the faction\'s "consume 3 resources: draw a card"', () => {
    const pos = P({ board: ['Cristal', 'Cristal', 'Braise', 'Braise'], hand: ['Éclaireuse'] }, {});
    act(pos, 'Use Ordre du Cristal (#0) Étude');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Cristal']);
    expect(actionTexts(pos).some((t) => t.includes('Étude'))).toBe(false); // one resource left
    const off = P({ board: ['Cristal', 'Cristal', 'Braise', 'Braise'], hand: ['Éclaireuse'] }, {}, { factionAbilities: false });
    expect(actionTexts(off).some((t) => t.includes('Étude'))).toBe(false);
  });

  it('R16: Mage des Seuils\' Éclair needs ●● (its threshold), costs itself and a resource', () => {
    const low = P({ board: ['Mage des Seuils', 'Braise', 'Cristal'], hand: ['Éclaireuse'] }, { board: ['Garde'] });
    expect(actionTexts(low).some((t) => t.includes(') Éclair:'))).toBe(false);
    const pos = P({ board: ['Mage des Seuils', 'Braise', 'Braise'], hand: ['Éclaireuse'] }, { board: ['Garde'] });
    act(pos, 'Use Mage des Seuils');
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Garde']);
    expect(pos.st.w[O_CONS + inPlayNamed(pos, 0, 'Mage des Seuils')]).toBe(1);
  });

  it('D17: an ability consuming its card is used once until restored; "once per turn" holds with resources left; the knob limits all', () => {
    const pos = P({ board: ['Porte-Bannière', 'Garde', 'Braise', 'Cristal', 'Cristal'], hand: ['Éclaireuse'] }, {});
    act(pos, 'Use Porte-Bannière');
    act(pos, 'Target own Garde');
    expect(actionTexts(pos).some((t) => t.includes('Ralliement'))).toBe(false);
    const g = P({ board: ['Guérisseuse', 'Garde', 'Cristal'], hand: ['Éclaireuse'] }, {});
    act(g, 'Use Guérisseuse');
    act(g, 'Target own Garde');
    expect(actionTexts(g).some((t) => t.includes('Soins'))).toBe(false);
    const lim = P({ board: Array(6).fill('Cristal'), hand: ['Éclaireuse'] }, {}, { abilityLimit: 'oncePerTurn' });
    act(lim, 'Étude');
    expect(actionTexts(lim).some((t) => t.includes('Étude'))).toBe(false);
  });

  it('D13: a stack deeper than its array is a StackOverflowError naming the card', () => {
    const pos = P({ board: ['Cristal'], hand: ['Inspiration'] }, {});
    pos.st.w[O_STACK_N] = STACK_CAP;
    expect(() => act(pos, 'Play Inspiration')).toThrow(StackOverflowError);
    const again = P({ board: ['Cristal'], hand: ['Inspiration'] }, {});
    again.st.w[O_STACK_N] = STACK_CAP;
    expect(() => act(again, 'Play Inspiration')).toThrow(/response stack full \(24 items\): cannot add "Inspiration" of player 0/);
  });

  it('R1, D1: a faction at 0 influence loses at once', () => {
    const pos = P({ board: ['Braise', 'Braise', 'Braise'], hand: ['Frappe Directe'] }, { influence: 2 });
    act(pos, 'Play Frappe Directe');
    expect(pos.st.w[O_PHASE]).toBe(PH_OVER);
    expect(pos.st.w[O_WINNER]).toBe(0);
    expect(pos.game.outcome(pos.st)?.reason).toMatch(/0 influence \(R1, D1\)/);
  });

  it('D1 knob: influence of every faction overrides the faction card\'s own', () => {
    const g = fresh({ influence: 7 });
    expect([g.st.w[O_INFL], g.st.w[O_INFL + 1]]).toEqual([7, 7]);
    const d = fresh();
    expect([d.st.w[O_INFL], d.st.w[O_INFL + 1]]).toEqual([25, 25]);
  });
});

describe('knobs', () => {
  it('every knob is checked: an unknown one and a bad value are refused by name; D11\'s face-down resources take both readings', () => {
    expect(() => seuilsRules({ nope: 1 } as never)).toThrow(/rule nope: unknown Seuils knob/);
    expect(() => seuilsRules({ turnCap: 1 })).toThrow(/rule turnCap: expected an integer in \[2, 10000\]/);
    expect(seuilsRules({ faceDownResources: true }).faceDownResources).toBe(true);
    expect(() => seuilsRules({ faceDownResources: 'yes' } as never)).toThrow(/rule faceDownResources: expected one of false/);
    expect(seuilsRules({ noTrample: false }).noTrample).toBe(false);
  });
  it('the shipped catalogue compiles, with a faction for every deck and at least 45 cards', () => {
    const cat = compileCatalogue(CARDS);
    expect(cat.size).toBeGreaterThanOrEqual(45);
    expect(cat.defs.filter((d) => d.type === 'faction').length).toBeGreaterThanOrEqual(6);
  });
});
