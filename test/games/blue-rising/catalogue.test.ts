import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../src/games/blue-rising/catalogue/compile.ts';
import { CARDS, cardByName, nearestNames } from '../../../src/games/blue-rising/catalogue/index.ts';
import { FACTIONS, KEYWORD_FIELDS, SELECTORS, VERBS, type Ability, type CardDef, type Effect } from '../../../src/games/blue-rising/catalogue/schema.ts';

const abilities = (c: CardDef): Ability[] =>
  [c.onEnter, c.tap, c.play, c.trap, c.sacrifice, c.artefact].filter((a): a is Ability => a !== undefined);
const effects = (c: CardDef): Effect[] => abilities(c).flatMap((a) => [...a.effects, ...(a.rider?.effects ?? [])]);
const card = (name: string): CardDef => {
  const c = cardByName(name);
  if (!c) throw new Error(`missing card ${name}`);
  return c;
};

describe('catalogue v0', () => {
  it('compiles (every field in the closed vocabulary)', () => {
    expect(() => compileCatalogue(CARDS)).not.toThrow();
  });
  it('has unique names and at least 70 cards (the card pool issue)', () => {
    expect(new Set(CARDS.map((c) => c.name)).size).toBe(CARDS.length);
    expect(CARDS.length).toBeGreaterThanOrEqual(70);
  });
  it('every card has French text and explicit provenance for its cost', () => {
    for (const c of CARDS) {
      expect(c.text.trim(), c.name).not.toBe('');
      expect(c.provenance.cost, c.name).toBeDefined();
    }
  });
  it('has no Squire card (D1)', () => {
    expect(CARDS.filter((c) => c.grade === 'squire')).toEqual([]);
  });
  it('uses every keyword family, Résistant 1 and 2', () => {
    const printed = CARDS.flatMap((c) => [c.keywords ?? {}, c.bonus?.keywords ?? {}]);
    for (const k of KEYWORD_FIELDS) expect(printed.some((kw) => kw[k] !== undefined && kw[k] !== false), k).toBe(true);
    expect(CARDS.some((c) => c.keywords?.resistant === 1)).toBe(true);
    expect(CARDS.some((c) => c.keywords?.resistant === 2)).toBe(true);
  });
  it('uses every verb and every selector', () => {
    const all = CARDS.flatMap(effects);
    for (const v of VERBS) expect(all.some((e) => e.verb === v), v).toBe(true);
    for (const s of SELECTORS) expect(all.some((e) => e.target === s), s).toBe(true);
  });
  it('has a rider for each faction', () => {
    const riders = CARDS.flatMap(abilities).map((a) => a.rider?.faction);
    for (const f of FACTIONS) expect(riders, f).toContain(f);
  });
  it('covers every type, Legends, factionless characters and both Artefact timings', () => {
    const chars = CARDS.filter((c) => c.type === 'character');
    expect(chars.filter((c) => c.grade === 'legend').length).toBeGreaterThanOrEqual(2);
    expect(chars.some((c) => c.faction == null)).toBe(true);
    expect(CARDS.filter((c) => c.type === 'environment').length).toBeGreaterThanOrEqual(3);
    const arts = CARDS.filter((c) => c.type === 'artefact');
    expect(arts.some((c) => c.quest?.opponentTurn === true)).toBe(true);
    expect(arts.some((c) => c.quest?.opponentTurn === false)).toBe(true);
    expect(CARDS.some((c) => c.type === 'trap' && c.trap!.effects.some((e) => e.target === 'attacker'))).toBe(true);
    expect(CARDS.some((c) => c.type === 'object' && c.bonus?.power)).toBe(true);
    expect(CARDS.some((c) => c.type === 'object' && c.bonus?.keywords)).toBe(true);
  });

  it('§13 cards carry their seed numbers', () => {
    expect(card('Nisqy')).toMatchObject({ type: 'character', grade: 'hero', cost: 4, power: 5, faction: 'Gardiens' });
    expect(card('Nisqy').provenance).toMatchObject({ cost: 'seed', power: 'seed', faction: 'seed', grade: 'assumed' });
    expect(card('Arthur')).toMatchObject({ type: 'character', grade: 'hero', power: 4 });
    expect(card('Ripp')).toMatchObject({ grade: 'aspirant', support: 2 });
    expect(card('Yukino')).toMatchObject({ type: 'character', support: 1 });
    expect(card('Kitty').onEnter!.effects).toEqual([{ verb: 'draw', target: 'controller', amount: 1 }]);
    expect(card('Kenny').tap!.effects).toEqual([{ verb: 'swap', target: 'chosenOwnAdjacent' }]);
    expect(card("Campagne d'hiver")).toMatchObject({ type: 'event', cost: 0 });
    expect(card("Campagne d'hiver").play!.effects).toEqual([{ verb: 'gainResources', target: 'controller', amount: 2 }]);
    expect(card('Piège de Glace')).toMatchObject({ type: 'trap', cost: 1 });
    expect(card('Piège de Glace').trap!.effects).toEqual([{ verb: 'power', target: 'defender', amount: 4 }]);
    expect(card("Tabard de l'An 23")).toMatchObject({ type: 'object', cost: 0 });
    expect(card('Appel des renforts')).toMatchObject({ type: 'event', cost: 2 });
    const rug = card('Rugissement des ultras').play!;
    expect(rug.effects[0]).toMatchObject({ verb: 'power', amount: 2 });
    expect(rug.rider).toMatchObject({ faction: 'Gardiens', effects: [{ verb: 'power', target: 'target', amount: 1 }] });
    expect(card("Sceptre d'Invocation").quest).toEqual({ kind: 'ownCharactersAtMost', n: 2, opponentTurn: true });
    expect(card("L'Académie de l'Etoile Bleue").type).toBe('environment');
    expect(card('Champs de Bataille').type).toBe('environment');
    for (const n of ['Fatih', 'Suygetsu', "Recrue de l'Etoile Bleue"]) expect(card(n).type).toBe('character');
    for (const n of ['Glance', 'Les Voix', 'Bons Souvenirs']) expect(card(n).type).toBe('event');
  });
  it('§12 numbers stay reachable: no keyword on Nisqy or Arthur changes their fight power', () => {
    for (const n of ['Nisqy', 'Arthur']) {
      const kw = card(n).keywords ?? {};
      expect((kw.front ?? 0) + (kw.back ?? 0) + (kw.attack ?? 0) + (kw.defense ?? 0), n).toBe(0);
    }
  });
});

describe('lookup helpers', () => {
  it('cardByName is exact', () => {
    expect(cardByName('Nisqy')?.name).toBe('Nisqy');
    expect(cardByName('nisqy')).toBeUndefined();
    expect(cardByName('Piege de Glace')).toBeUndefined();
  });
  it('nearestNames folds accents and case', () => {
    expect(nearestNames('piege de glace')[0]).toBe('Piège de Glace');
    expect(nearestNames('ECLAIREUSE DES DUNES')[0]).toBe('Éclaireuse des Dunes');
    expect(nearestNames('Nisky')[0]).toBe('Nisqy');
    expect(nearestNames('Academie')).toContain("L'Académie de l'Etoile Bleue");
    expect(nearestNames('zzzzzzzzzzzz')).toEqual([]);
    expect(nearestNames('Kenny', 2).length).toBeLessThanOrEqual(2);
  });
});
