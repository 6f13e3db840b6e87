// One scenario per card of the catalogue: the card is played or used in a small position and
// the numbers it prints are checked. The last tests check that no card lacks a scenario or
// its numbers' provenance, and that every verb and every colour threshold is exercised.
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/paliers/catalogue/cards.ts';
import { compileCatalogue, C_BLUE, C_GREEN, C_RED, C_YELLOW } from '../../../src/games/paliers/catalogue/compile.ts';
import { VERBS } from '../../../src/games/paliers/catalogue/schema.ts';
import { validatePalDeck } from '../../../src/games/paliers/decks.ts';
import { act, actionTexts, boardNames, buildPosition, zoneNames, type PositionSpec } from '../../../src/games/paliers/scenario.ts';
import { atqOf, capOf, cardLimitOf, colCount, maxPvOf } from '../../../src/games/paliers/rules.ts';
import { INST, O_DMG, O_ENTROPY, O_FROZEN, O_LEVEL, O_PPV, O_PV, O_TURN, O_ZONE, Z_CHAR } from '../../../src/games/paliers/state.ts';

const DEAD = Array.from({ length: 12 }, () => 'Coupure');
const P = (a: PositionSpec['sides'][0], b: PositionSpec['sides'][1] = {}, more: Omit<PositionSpec, 'sides'> = {}) =>
  buildPosition({ ...more, sides: [{ deck: DEAD, ...a }, { deck: DEAD, ...b }] });
type Pos = ReturnType<typeof P>;
const pv = (pos: Pos, p: number) => pos.st.w[O_PV + p]!;
const has = (pos: Pos, text: string) => actionTexts(pos).some((t) => t.includes(text));
const actIf = (pos: Pos, text: string) => has(pos, text) && act(pos, text);
function inst(pos: Pos, p: number, name: string): number {
  const { cat, cardOf } = pos.game.ctx;
  for (let g = p * INST; g < (p + 1) * INST; g++) if (cat.names[cardOf[g]!] === name && pos.st.w[O_ZONE + g] === Z_CHAR) return g;
  throw new Error(`no ${name} in play for ${p}`);
}
/** ATQ and PV of a lone character in play (no threshold reached). */
function stats(name: string): [number, number] {
  const pos = P({ board: [name] });
  const g = inst(pos, 0, name);
  return [atqOf(pos.st, g), maxPvOf(pos.st, g)];
}
/** Plays it from hand at level 4 and returns the position. */
function played(name: string, a: PositionSpec['sides'][0] = {}, b: PositionSpec['sides'][1] = {}): Pos {
  const pos = P({ hand: [name, 'Boule de Feu'], ...a }, b);
  act(pos, `Play ${name}`);
  return pos;
}
/** A attacks with `attacker` into B's lone `blocker`. */
function fight(attacker: string, blocker: string): Pos {
  const pos = P({ board: [attacker], hand: ['Boule de Feu'] }, { board: [blocker] });
  act(pos, 'Pass');
  act(pos, `Attack with ${attacker}`);
  act(pos, `Block ${attacker} with ${blocker}`);
  return pos;
}
const handN = (pos: Pos, p = 0) => zoneNames(pos, p, 'hand').length;

const SCENARIOS: Record<string, () => void> = {
  Sprinteuse: () => expect(stats('Sprinteuse')).toEqual([2, 1]),
  Nouvelle: () => expect(stats('Nouvelle')).toEqual([1, 1]),
  Rusher: () => expect(stats('Rusher')).toEqual([3, 2]),
  Glitcheur: () => expect(stats('Glitcheur')).toEqual([1, 3]),
  Duelliste: () => {
    expect(stats('Duelliste')).toEqual([3, 3]);
    const pos = fight('Duelliste', 'Rusher'); // first strike: Rusher dies before striking back
    expect(boardNames(pos, 1)).toEqual([]);
    expect(pos.st.w[O_DMG + inst(pos, 0, 'Duelliste')]).toBe(0);
  },
  Bulldozer: () => {
    expect(stats('Bulldozer')).toEqual([4, 2]);
    expect(pv(fight('Bulldozer', 'Nouvelle'), 1)).toBe(27); // 4 − 1 excess to B
  },
  Berserker: () => expect(stats('Berserker')).toEqual([6, 3]),
  'Reine du Speedrun': () => {
    expect(stats('Reine du Speedrun')).toEqual([6, 3]);
    expect(pv(played('Reine du Speedrun'), 1)).toBe(28);
  },
  Modo: () => expect(stats('Modo')).toEqual([1, 2]),
  Admin: () => expect(stats('Admin')).toEqual([2, 3]),
  Bannisseur: () => {
    expect(stats('Bannisseur')).toEqual([2, 3]);
    const pos = played('Bannisseur', {}, { board: ['Garde'] });
    expect(pos.st.w[O_FROZEN + inst(pos, 1, 'Garde')]).toBe(1);
  },
  Archiviste: () => {
    expect(stats('Archiviste')).toEqual([2, 5]);
    const pos = P({ board: ['Archiviste'], hand: ['Boule de Feu'] });
    act(pos, 'Use Archiviste');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Boule de Feu', 'Coupure']);
    expect(has(pos, 'Use Archiviste')).toBe(false);
  },
  'Modératrice en Chef': () => expect(stats('Modératrice en Chef')).toEqual([4, 7]),
  Pousse: () => {
    expect(stats('Pousse')).toEqual([1, 2]);
    const cat = compileCatalogue(CARDS);
    const deck = { name: 'p', plan: 'x', file: 'p', entries: [{ name: 'Pousse', count: 6 }, { name: 'Vagabond', count: 3 }, ...['Garde', 'Modo', 'Admin', 'Rusher', 'Sprinteuse', 'Nouvelle', 'Glitcheur', 'Sentinelle', 'Soin', 'Sève', 'Gel', 'Rage', 'Éclair', 'Altéré'].map((name) => ({ name, count: 3 }))] };
    expect(validatePalDeck(deck, cat)).toEqual([]);
    expect(validatePalDeck({ ...deck, entries: [{ name: 'Pousse', count: 7 }, ...deck.entries.slice(1)] }, cat)).toEqual(['deck "p": D28: 7 copies of "Pousse", its text allows 6']);
  },
  Garde: () => expect(stats('Garde')).toEqual([2, 3]),
  'Mur Vivant': () => {
    expect(stats('Mur Vivant')).toEqual([1, 5]);
    const pos = P({ board: ['Sprinteuse', 'Nouvelle'], hand: ['Boule de Feu'] }, { board: ['Mur Vivant'] });
    act(pos, 'Pass');
    act(pos, 'Attack with Sprinteuse');
    act(pos, 'Attack with Nouvelle');
    act(pos, 'Block Sprinteuse with Mur Vivant');
    act(pos, 'Block Nouvelle with Mur Vivant'); // blocks two (D28)
    // Its one point of ATQ is split by its controller between the two (D23).
    expect(actionTexts(pos)).toEqual(['Assign 1 damage of Mur Vivant to Sprinteuse', 'Assign 1 damage of Mur Vivant to Nouvelle',
      'Assign the rest of Mur Vivant\'s damage to Sprinteuse', 'Assign the rest of Mur Vivant\'s damage to Nouvelle']);
    act(pos, 'Assign 1 damage of Mur Vivant to Sprinteuse');
    expect(boardNames(pos, 0)).toEqual(['Nouvelle']);
    expect(boardNames(pos, 1)).toEqual([]); // 3 + 2 damage on PV 5: both attackers have Red (2)'s +1
  },
  'Ancien Chêne': () => expect(stats('Ancien Chêne')).toEqual([3, 8]),
  Altéré: () => {
    const pos = P({ board: ['Altéré'], hand: ['Éclair', 'Boule de Feu'] });
    act(pos, 'Play Éclair');
    actIf(pos, 'Target own Altéré');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Boule de Feu', 'Coupure']);
  },
  Cendreux: () => {
    const pos = P({ board: ['Cendreux'], hand: ['Éclair', 'Boule de Feu'] });
    act(pos, 'Play Éclair');
    actIf(pos, 'Target own Cendreux');
    expect(pv(pos, 1)).toBe(29);
  },
  Fanatique: () => {
    expect(stats('Fanatique')).toEqual([2, 2]);
    const pos = P({ board: ['Fanatique'], hand: ['Boule de Feu'] });
    act(pos, 'Use Fanatique');
    expect(pv(pos, 1)).toBe(28);
    expect(zoneNames(pos, 0, 'grave')).toEqual(['Fanatique']);
  },
  Nécromancienne: () => {
    const pos = played('Nécromancienne', { grave: ['Rusher'] });
    expect(boardNames(pos, 0)).toEqual(['Nécromancienne', 'Rusher']);
    expect(pos.st.w[O_ENTROPY + inst(pos, 0, 'Rusher')]).toBe(1);
  },
  Liche: () => {
    expect(stats('Liche')).toEqual([5, 4]);
    const pos = P({ board: ['Liche'], hand: ['Exécution', 'Boule de Feu'] });
    act(pos, 'Play Exécution');
    actIf(pos, 'Target own Liche');
    expect(pv(pos, 1)).toBe(27);
  },
  Sentinelle: () => expect(stats('Sentinelle')).toEqual([1, 2]),
  Voyante: () => {
    expect(stats('Voyante')).toEqual([2, 1]);
    expect(zoneNames(played('Voyante'), 0, 'hand')).toEqual(['Boule de Feu', 'Coupure']);
  },
  Astrologue: () => {
    const pos = P({ board: ['Astrologue'], hand: ['Boule de Feu'] });
    act(pos, 'Use Astrologue');
    expect(pos.st.w[O_LEVEL]).toBe(5);
  },
  Oracle: () => {
    const hand = (board: string[]) => {
      const pos = P({ board, hand: ['Boule de Feu'] }, {}, { at: 'main2' });
      act(pos, 'Pass');
      expect(pos.st.w[O_TURN]).toBe(7);
      return handN(pos);
    };
    expect(hand(['Oracle']) - hand([])).toBe(1);
  },
  'Rôdeur Écarlate': () => {
    const pos = P({ board: ['Rôdeur Écarlate'] });
    expect([colCount(pos.st.w, 0, C_RED), colCount(pos.st.w, 0, C_GREEN)]).toEqual([1, 1]);
    expect(stats('Rôdeur Écarlate')).toEqual([2, 3]);
  },
  'Moine Lumineux': () => {
    const pos = P({ board: ['Moine Lumineux'] });
    expect([colCount(pos.st.w, 0, C_BLUE), colCount(pos.st.w, 0, C_YELLOW)]).toEqual([1, 1]);
    expect(stats('Moine Lumineux')).toEqual([1, 4]);
  },
  'Ombre Furtive': () => {
    expect(stats('Ombre Furtive')).toEqual([3, 1]);
    const pos = P({ board: ['Ombre Furtive'], hand: ['Boule de Feu'] }, { board: ['Garde', 'Modo'] });
    act(pos, 'Pass');
    act(pos, 'Attack with Ombre Furtive');
    act(pos, 'Block Ombre Furtive with Garde');
    expect(actionTexts(pos)).toEqual(['Pass (phase 5)', 'Play Boule de Feu (hand 0)']); // Modo had nobody left to block
  },
  Vagabond: () => {
    const pos = P({ board: ['Vagabond'] });
    for (let c = 0; c < 5; c++) expect(colCount(pos.st.w, 0, c)).toBe(0);
    expect(stats('Vagabond')).toEqual([2, 2]);
  },
  Éclair: () => {
    const pos = P({ hand: ['Éclair', 'Boule de Feu'] }, { board: ['Glitcheur'] });
    act(pos, 'Play Éclair');
    actIf(pos, 'Target opposing Glitcheur');
    expect(pos.st.w[O_DMG + inst(pos, 1, 'Glitcheur')]).toBe(2);
  },
  'Boule de Feu': () => {
    expect(pv(played('Boule de Feu', { hand: ['Boule de Feu', 'Soin'] }), 1)).toBe(27);
    const pos = P({}, { hand: ['Boule de Feu', 'Soin'] });
    act(pos, 'Pass');
    expect(has(pos, 'Play Boule de Feu')).toBe(false); // main phases of its owner only
  },
  Rage: () => {
    const pos = P({ board: ['Nouvelle'], hand: ['Rage', 'Boule de Feu'] });
    act(pos, 'Play Rage');
    expect(atqOf(pos.st, inst(pos, 0, 'Nouvelle'))).toBe(3);
  },
  Gel: () => {
    const pos = P({ hand: ['Gel', 'Boule de Feu'] }, { board: ['Garde'] });
    act(pos, 'Play Gel');
    expect(pos.st.w[O_FROZEN + inst(pos, 1, 'Garde')]).toBe(1);
  },
  Rappel: () => {
    const pos = P({ board: [{ name: 'Ancien Chêne', damage: 5 }], hand: ['Rappel', 'Boule de Feu'] });
    act(pos, 'Play Rappel');
    expect(pos.st.w[O_DMG + inst(pos, 0, 'Ancien Chêne')]).toBe(2);
  },
  'Contre-mesure': () => expect(zoneNames(played('Contre-mesure'), 0, 'hand')).toEqual(['Boule de Feu', 'Coupure']),
  Croissance: () => {
    const pos = P({ board: ['Nouvelle'], hand: ['Croissance', 'Boule de Feu'] });
    act(pos, 'Play Croissance');
    expect(maxPvOf(pos.st, inst(pos, 0, 'Nouvelle'))).toBe(3);
  },
  Sève: () => {
    const pos = P({ board: ['Nouvelle'], hand: ['Sève', 'Boule de Feu'] });
    act(pos, 'Play Sève');
    expect(pos.st.w[O_PPV + inst(pos, 0, 'Nouvelle')]).toBe(1);
  },
  Soin: () => expect(pv(played('Soin'), 0)).toBe(33),
  Rituel: () => {
    const pos = P({ board: ['Nouvelle'], hand: ['Rituel', 'Boule de Feu'] });
    act(pos, 'Play Rituel');
    expect(boardNames(pos, 0)).toEqual([]);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Boule de Feu', 'Coupure', 'Coupure']);
  },
  Exécution: () => {
    const pos = P({ hand: ['Exécution', 'Boule de Feu'] }, { board: ['Ancien Chêne'] });
    act(pos, 'Play Exécution');
    expect(zoneNames(pos, 1, 'grave')).toEqual(['Ancien Chêne']);
  },
  Résurrection: () => {
    const pos = P({ hand: ['Résurrection', 'Boule de Feu'], grave: ['Liche'] });
    act(pos, 'Play Résurrection');
    expect(boardNames(pos, 0)).toEqual(['Liche']);
  },
  Épiphanie: () => expect(played('Épiphanie').st.w[O_LEVEL]).toBe(5),
  Prévoyance: () => expect(zoneNames(played('Prévoyance'), 0, 'hand')).toEqual(['Boule de Feu', 'Coupure', 'Coupure']),
  Coupure: () => {
    const pos = P({ hand: ['Coupure', 'Boule de Feu'] }, { places: ['Arène'], board: ['Rusher'] });
    expect(atqOf(pos.st, inst(pos, 1, 'Rusher'))).toBe(4);
    act(pos, 'Play Coupure');
    expect(atqOf(pos.st, inst(pos, 1, 'Rusher'))).toBe(3);
  },
  Brouillage: () => {
    const pos = P({ hand: ['Brouillage', 'Boule de Feu'] }, { places: ['Sanctuaire'], board: ['Modo'], hand: ['Soin'] });
    expect(maxPvOf(pos.st, inst(pos, 1, 'Modo'))).toBe(3);
    act(pos, 'Play Brouillage');
    expect(maxPvOf(pos.st, inst(pos, 1, 'Modo'))).toBe(2);
    while (pos.st.w[O_TURN] === 5) act(pos, 'Pass');
    expect(maxPvOf(pos.st, inst(pos, 1, 'Modo'))).toBe(3); // back at the end of the turn
  },
  'Level Up': () => expect(played('Level Up').st.w[O_LEVEL]).toBe(5),
  'Montée en Puissance': () => {
    const pos = played('Montée en Puissance');
    expect(pos.st.w[O_LEVEL]).toBe(5);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Boule de Feu', 'Coupure']);
  },
  Ascension: () => {
    const pos = P({ hand: ['Ascension', 'Boule de Feu'], level: 3 }, { hand: ['Soin'] });
    act(pos, 'Play Ascension');
    expect(pos.st.w[O_LEVEL]).toBe(5);
    expect(actionTexts(pos)).toEqual(['Pass (phase 6)', 'Play Soin (hand 0)']); // two gains: the turn ends (R22)
  },
  Arène: () => {
    const pos = played('Arène', { board: ['Rusher', 'Vagabond'] });
    expect(atqOf(pos.st, inst(pos, 0, 'Rusher'))).toBe(4);
    expect(atqOf(pos.st, inst(pos, 0, 'Vagabond'))).toBe(2);
  },
  Sanctuaire: () => {
    const pos = played('Sanctuaire', { board: ['Vagabond'] });
    expect(maxPvOf(pos.st, inst(pos, 0, 'Vagabond'))).toBe(3);
  },
  Bibliothèque: () => {
    const pos = played('Bibliothèque');
    expect(cardLimitOf(pos.st, 0)).toBe(6);
  },
  Observatoire: () => expect(played('Observatoire').st.w[O_LEVEL]).toBe(5),
  Miroir: () => {
    const pos = played('Miroir', { places: ['Arène'], board: ['Rusher'] });
    expect(atqOf(pos.st, inst(pos, 0, 'Rusher'))).toBe(5); // its own Arène + the copy
  },
  Forge: () => {
    const pos = P({ places: ['Forge'], board: ['Nouvelle'], hand: ['Boule de Feu'] });
    act(pos, 'Use Forge');
    expect(atqOf(pos.st, inst(pos, 0, 'Nouvelle'))).toBe(2);
  },
  Autel: () => {
    const pos = P({ places: ['Autel'], hand: ['Boule de Feu'] }, {}, { at: 'main2' });
    act(pos, 'Pass');
    expect(pv(pos, 1)).toBe(29);
  },
  Taverne: () => {
    const pos = P({ places: ['Taverne'], hand: ['Boule de Feu'] }, {}, { at: 'main2' });
    act(pos, 'Pass');
    expect(pv(pos, 0)).toBe(31); // end of turn 5
    while (pos.st.w[O_TURN] === 6) act(pos, 'Pass'); // B could cut it with Coupure, and does not
    expect(pv(pos, 0)).toBe(32); // and of B's turn 6 too (every turn, R15)
  },
};

describe('every card of the catalogue does what it prints', () => {
  for (const c of CARDS) it(`${c.name} (${c.kind})`, () => SCENARIOS[c.name]!());
});

describe('catalogue coverage', () => {
  it('at least 45 cards, each with a scenario and its numbers\' provenance', () => {
    expect(CARDS.length).toBeGreaterThanOrEqual(45);
    // The README's count: every entry is a card (57), by kind.
    const by: Record<string, number> = {};
    for (const c of CARDS) by[c.kind] = (by[c.kind] ?? 0) + 1;
    expect([CARDS.length, by]).toEqual([57, { character: 30, spell: 16, levelUp: 3, place: 8 }]);
    expect(CARDS.filter((c) => !SCENARIOS[c.name]).map((c) => c.name)).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((n) => !CARDS.some((c) => c.name === n))).toEqual([]);
    for (const c of CARDS) expect(c.provenance.note.length, c.name).toBeGreaterThan(5);
  });
  it('every verb is used by some card', () => {
    const used = new Set(CARDS.flatMap((c) => c.abilities.flatMap((a) => a.effects.map((e) => e.verb))));
    expect(VERBS.filter((v) => !used.has(v))).toEqual([]);
  });
  it('§11 archetypes: levels 1, 2, 3, 5 in every colour; a multicoloured, a colourless, a legendary, each kind', () => {
    for (const col of ['Rouge', 'Bleu', 'Vert', 'Violet', 'Jaune'] as const) {
      const levels = new Set(CARDS.filter((c) => c.kind === 'character' && c.colours?.includes(col)).map((c) => c.level));
      for (const l of [1, 2, 3, 5]) expect(levels.has(l), `${col} level ${l}`).toBe(true);
    }
    expect(CARDS.some((c) => (c.colours?.length ?? 0) > 1)).toBe(true);
    expect(CARDS.some((c) => c.kind === 'character' && (c.colours?.length ?? 0) === 0)).toBe(true);
    expect(CARDS.some((c) => c.legendary)).toBe(true);
    for (const k of ['character', 'spell', 'place', 'levelUp']) expect(CARDS.some((c) => c.kind === k)).toBe(true);
  });
  it('the budget: a plain character of level L has ATQ + PV = 2L + 1 (the example\'s cards aside)', () => {
    for (const c of CARDS) {
      if (c.kind !== 'character' || c.abilities.length > 0 || c.keywords || c.provenance.note.includes('worked example') || c.deckLimit) continue;
      const extra = c.colours?.length === 0 ? 1 : 0; // Vagabond: +1 for having no threshold
      expect(c.atq! + c.pv!, c.name).toBe(2 * c.level! + 1 + extra);
    }
  });
});
