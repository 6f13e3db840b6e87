// The card compiler: every bad field is refused with the card's name and the field path;
// the shipped catalogue compiles; the compiled arrays hold the cards' numbers.
import { describe, expect, it } from 'vitest';
import {
  CardError,
  G_ASPIRANT,
  G_SQUIRE,
  KW_RANGED,
  KW_STEALTH,
  MAX_CARDS,
  NUM_TRIGGERS,
  SQUIRE_NAME,
  TK_OPP,
  TR_ENTER,
  TR_TAP,
  T_CHARACTER,
  T_OBJECT,
  compileCatalogue,
} from '../../../../src/games/blue-rising/catalogue/compile.ts';
import { CARDS } from '../../../../src/games/blue-rising/catalogue/index.ts';
import { FACTIONS, type CardDef } from '../../../../src/games/blue-rising/catalogue/schema.ts';

/** A card entry as raw data, so tests can write what the types would refuse. */
type Raw = Record<string, unknown>;
const def = (raw: Raw): CardDef => raw as unknown as CardDef;

// One valid card of each type.
const character = (over: Raw = {}): Raw => ({
  name: 'Test Perso', type: 'character', grade: 'aspirant', faction: 'Gardiens', cost: 1, power: 2, support: 1,
  text: 'Test.', provenance: {}, ...over,
});
const event = (over: Raw = {}): Raw => ({
  name: 'Test Évènement', type: 'event', cost: 1, play: { effects: [{ verb: 'draw', target: 'controller', amount: 1 }] },
  text: 'Piochez 1 carte.', provenance: {}, ...over,
});
const trap = (over: Raw = {}): Raw => ({
  name: 'Test Piège', type: 'trap', cost: 1, trap: { effects: [{ verb: 'power', target: 'defender', amount: 4 }] },
  text: 'Le Défenseur gagne Puissance +4.', provenance: {}, ...over,
});
const object = (over: Raw = {}): Raw => ({
  name: 'Test Objet', type: 'object', cost: 1, bonus: { power: 1 }, text: '+1.', provenance: {}, ...over,
});
const environment = (over: Raw = {}): Raw => ({
  name: 'Test Environnement', type: 'environment', cost: 0, power: 3,
  tap: { effects: [{ verb: 'gainResources', target: 'controller', amount: 1 }] }, text: '+1 ressource.', provenance: {}, ...over,
});
const artefact = (over: Raw = {}): Raw => ({
  name: 'Test Artefact', type: 'artefact', cost: 2, quest: { kind: 'turnAtLeast', n: 5, opponentTurn: false },
  artefact: { effects: [{ verb: 'draw', target: 'controller', amount: 3 }] }, text: 'Piochez 3 cartes.', provenance: {}, ...over,
});

/** Compiles the list and returns the CardError it throws (fails the test when none). */
function refusal(list: Raw[]): CardError {
  try {
    compileCatalogue(list.map(def));
  } catch (e) {
    expect(e).toBeInstanceOf(CardError);
    return e as CardError;
  }
  throw new Error('compileCatalogue accepted a bad card');
}

function expectRefused(list: Raw[], name: string, field: string): void {
  const err = refusal(list);
  expect(err.message).toContain(`card "${name}"`);
  expect(err.message).toContain(`card "${name}": ${field}: `);
}

describe('compileCatalogue: the helpers build valid cards', () => {
  it('compiles one valid card of each type', () => {
    const cat = compileCatalogue([character(), event(), trap(), object(), environment(), artefact()].map(def));
    expect(cat.size).toBe(7);
  });
});

describe('compileCatalogue refuses bad cards with the card name and the field', () => {
  const cases: [string, Raw[], string, string][] = [
    ['an unknown verb', [event({ name: 'Verbe Inconnu', play: { effects: [{ verb: 'zap', target: 'controller', amount: 1 }] } })], 'Verbe Inconnu', 'play.effects[0].verb'],
    ['an unknown verb in a rider', [event({ name: 'Rider Verbe', play: { effects: [{ verb: 'power', target: 'chosenOwn', amount: 1 }], rider: { faction: 'Gardiens', effects: [{ verb: 'heal', target: 'target' }] } } })], 'Rider Verbe', 'play.rider.effects[0].verb'],
    ['an unknown selector', [event({ name: 'Sélecteur Inconnu', play: { effects: [{ verb: 'power', target: 'everyone', amount: 1 }] } })], 'Sélecteur Inconnu', 'play.effects[0].target'],
    ['an unknown keyword on a character', [character({ name: 'Mot-clé Inconnu', keywords: { flying: true } })], 'Mot-clé Inconnu', 'keywords.flying'],
    ['an unknown keyword in grantKeyword', [event({ name: 'Octroi Inconnu', play: { effects: [{ verb: 'grantKeyword', target: 'chosenOwn', keyword: 'flying' }] } })], 'Octroi Inconnu', 'play.effects[0].keyword'],
    ['an unknown keyword in an Object bonus', [object({ name: 'Bonus Inconnu', bonus: { keywords: { swim: 1 } } })], 'Bonus Inconnu', 'bonus.keywords.swim'],
    ['a non-integer amount', [event({ name: 'Montant Décimal', play: { effects: [{ verb: 'draw', target: 'controller', amount: 1.5 }] } })], 'Montant Décimal', 'play.effects[0].amount'],
    ['a missing amount', [event({ name: 'Montant Absent', play: { effects: [{ verb: 'gainResources', target: 'controller' }] } })], 'Montant Absent', 'play.effects[0].amount'],
    ['an amount out of range (draw 11)', [event({ name: 'Trop de Pioche', play: { effects: [{ verb: 'draw', target: 'controller', amount: 11 }] } })], 'Trop de Pioche', 'play.effects[0].amount'],
    ['an amount out of range (power +21)', [event({ name: 'Trop de Puissance', play: { effects: [{ verb: 'power', target: 'chosenOwn', amount: 21 }] } })], 'Trop de Puissance', 'play.effects[0].amount'],
    ['an amount out of range (draw 0)', [event({ name: 'Pioche Nulle', play: { effects: [{ verb: 'draw', target: 'controller', amount: 0 }] } })], 'Pioche Nulle', 'play.effects[0].amount'],
    ['a string amount', [event({ name: 'Montant Texte', play: { effects: [{ verb: 'power', target: 'chosenOwn', amount: '2' }] } })], 'Montant Texte', 'play.effects[0].amount'],
    ['an amount on a verb that takes none', [event({ name: 'Montant Superflu', play: { effects: [{ verb: 'destroy', target: 'chosenOpponent', amount: 1 }] } })], 'Montant Superflu', 'play.effects[0].amount'],
    ['a negative cost', [character({ name: 'Coût Négatif', cost: -1 })], 'Coût Négatif', 'cost'],
    ['a non-integer power', [character({ name: 'Puissance Décimale', power: 2.5 })], 'Puissance Décimale', 'power'],
    ['a keyword X out of range', [character({ name: 'Avant Énorme', keywords: { front: 21 } })], 'Avant Énorme', 'keywords.front'],
    ['an unknown type', [character({ name: 'Type Inconnu', type: 'spell' })], 'Type Inconnu', 'type'],
    ['a character without grade', [character({ name: 'Sans Grade', grade: undefined })], 'Sans Grade', 'grade'],
    ['a character with an unknown grade', [character({ name: 'Grade Inconnu', grade: 'king' })], 'Grade Inconnu', 'grade'],
    ['a Squire grade card', [character({ name: 'Faux Écuyer', grade: 'squire' })], 'Faux Écuyer', 'grade'],
    ['a duplicate name', [character({ name: 'Doublon' }), event({ name: 'Doublon' })], 'Doublon', 'name'],
    ['a card named like the Squire token', [character({ name: SQUIRE_NAME })], SQUIRE_NAME, 'name'],
    ['an Object with keywords on the card', [object({ name: 'Objet à Mots-clés', keywords: { front: 1 } })], 'Objet à Mots-clés', 'keywords'],
    ['an onEnter with a chosen selector', [character({ name: 'Arrivée Ciblée', onEnter: { effects: [{ verb: 'power', target: 'chosenOwn', amount: 1 }] } })], 'Arrivée Ciblée', 'onEnter'],
    ['an onEnter naming the fight', [character({ name: 'Arrivée Combat', onEnter: { effects: [{ verb: 'power', target: 'attacker', amount: 1 }] } })], 'Arrivée Combat', 'onEnter'],
    ['a trap with a chosen selector', [trap({ name: 'Piège Ciblé', trap: { effects: [{ verb: 'destroy', target: 'chosenOpponent' }] } })], 'Piège Ciblé', 'trap'],
    ['an Environment tap with a fight selector', [environment({ name: 'Terrain de Combat', tap: { effects: [{ verb: 'power', target: 'ownFighter', amount: 1 }] } })], 'Terrain de Combat', 'tap'],
    ['a rider with an unknown faction', [event({ name: 'Faction Inconnue', play: { effects: [{ verb: 'power', target: 'chosenOwn', amount: 1 }], rider: { faction: 'Pirates', effects: [{ verb: 'power', target: 'target', amount: 1 }] } } })], 'Faction Inconnue', 'play.rider.faction'],
    ['a card with an unknown faction', [character({ name: 'Pirate', faction: 'Pirates' })], 'Pirate', 'faction'],
    ['an Artefact without quest', [artefact({ name: 'Sans Quête', quest: undefined })], 'Sans Quête', 'quest'],
    ['an unknown quest kind', [artefact({ name: 'Quête Inconnue', quest: { kind: 'moonIsFull', n: 1, opponentTurn: false } })], 'Quête Inconnue', 'quest.kind'],
    ['a quest n out of range', [artefact({ name: 'Quête Lointaine', quest: { kind: 'turnAtLeast', n: 500, opponentTurn: false } })], 'Quête Lointaine', 'quest.n'],
    ['an ability the type cannot have', [event({ name: 'Évènement Tap', tap: { effects: [{ verb: 'draw', target: 'controller', amount: 1 }] } })], 'Évènement Tap', 'tap'],
  ];
  for (const [what, list, name, field] of cases) {
    it(`${what}: card "${name}", ${field}`, () => expectRefused(list, name, field));
  }

  it('names the bad card, not a valid one before it', () => {
    const err = refusal([character({ name: 'Bon' }), event({ name: 'Mauvais', play: { effects: [{ verb: 'zap', target: 'controller' }] } })]);
    expect(err.message).toContain('card "Mauvais"');
    expect(err.message).not.toContain('card "Bon"');
  });

  it('lists the valid values for an unknown verb, selector, type, faction and quest', () => {
    expect(refusal([event({ play: { effects: [{ verb: 'zap', target: 'controller' }] } })]).message).toContain('gainResources');
    expect(refusal([event({ play: { effects: [{ verb: 'power', target: 'everyone', amount: 1 }] } })]).message).toContain('chosenOpponent');
    expect(refusal([character({ type: 'spell' })]).message).toContain('artefact');
    expect(refusal([character({ faction: 'Pirates' })]).message).toContain(FACTIONS[0]);
    expect(refusal([artefact({ quest: { kind: 'moonIsFull', n: 1, opponentTurn: false } })]).message).toContain('turnAtLeast');
  });
});

describe('compileCatalogue on good cards', () => {
  it('compiles the shipped catalogue', () => {
    expect(() => compileCatalogue(CARDS)).not.toThrow();
    const cat = compileCatalogue(CARDS);
    expect(cat.size).toBe(CARDS.length + 1);
    CARDS.forEach((c, id) => {
      expect(cat.byName.get(c.name)).toBe(id);
      expect(cat.names[id]).toBe(c.name);
      expect(cat.cost[id], c.name).toBe(c.cost);
    });
  });

  it('appends the Squire token: a character of grade squire, power 1, support 0, no faction (D1)', () => {
    const cat = compileCatalogue(CARDS);
    const s = cat.squireId;
    expect(s).toBe(cat.size - 1);
    expect(s).toBe(CARDS.length);
    expect(cat.names[s]).toBe(SQUIRE_NAME);
    expect(cat.byName.get(SQUIRE_NAME)).toBe(s);
    expect(cat.type[s]).toBe(T_CHARACTER);
    expect(cat.grade[s]).toBe(G_SQUIRE);
    expect(cat.power[s]).toBe(1);
    expect(cat.support[s]).toBe(0);
    expect(cat.cost[s]).toBe(0);
    expect(cat.faction[s]).toBe(-1);
    // Also with a list of one card.
    const small = compileCatalogue([def(character())]);
    expect(small.squireId).toBe(1);
    expect(small.power[1]).toBe(1);
    expect(small.support[1]).toBe(0);
  });

  it('a valid card\'s arrays hold its numbers', () => {
    const hero = character({
      name: 'Héros Complet',
      grade: 'aspirant',
      faction: 'Veilleurs',
      cost: 3,
      power: 4,
      support: 2,
      keywords: { front: 2, back: 1, defense: 3, attack: 4, ranged: true, stealth: true, resistant: 2 },
      onEnter: { effects: [{ verb: 'draw', target: 'controller', amount: 1 }] },
      tap: {
        effects: [
          { verb: 'power', target: 'chosenOpponent', amount: -2 },
          { verb: 'tap', target: 'target' },
        ],
        rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'target', amount: -1 }] },
      },
    });
    const cat = compileCatalogue([def(object()), def(hero)]);
    const id = cat.byName.get('Héros Complet')!;
    expect(id).toBe(1);
    expect(cat.type[id]).toBe(T_CHARACTER);
    expect(cat.grade[id]).toBe(G_ASPIRANT);
    expect(cat.faction[id]).toBe(FACTIONS.indexOf('Veilleurs'));
    expect(cat.cost[id]).toBe(3);
    expect(cat.power[id]).toBe(4);
    expect(cat.support[id]).toBe(2);
    expect(cat.kwFront[id]).toBe(2);
    expect(cat.kwBack[id]).toBe(1);
    expect(cat.kwDefense[id]).toBe(3);
    expect(cat.kwAttack[id]).toBe(4);
    expect(cat.kwResistant[id]).toBe(2);
    expect(cat.kwFlags[id]).toBe(KW_RANGED | KW_STEALTH);
    expect(cat.abCount[id * NUM_TRIGGERS + TR_ENTER]).toBe(1);
    expect(cat.abCount[id * NUM_TRIGGERS + TR_TAP]).toBe(3); // two effects and one rider effect
    expect(cat.abTarget[id * NUM_TRIGGERS + TR_TAP]).toBe(TK_OPP);
    expect(cat.abResource[id * NUM_TRIGGERS + TR_ENTER]).toBe(0);
    // The Object before it: its bonus, no printed keywords, no abilities.
    expect(cat.type[0]).toBe(T_OBJECT);
    expect(cat.objPower[0]).toBe(1);
    expect(cat.kwFront[0]).toBe(0);
    for (let t = 0; t < NUM_TRIGGERS; t++) expect(cat.abCount[0 * NUM_TRIGGERS + t]).toBe(0);
    // The Environment's tap is a pure resource effect (D11).
    const env = compileCatalogue([def(environment())]);
    expect(env.power[0]).toBe(3);
    expect(env.abResource[0 * NUM_TRIGGERS + TR_TAP]).toBe(1);
  });
});

describe('compileCatalogue: the catalogue size', () => {
  const many = (n: number): Raw[] => Array.from({ length: n }, (_, i) => character({ name: `Carte ${i + 1}` }));
  it(`compiles ${MAX_CARDS - 1} cards (with the Squire token, ${MAX_CARDS})`, () => {
    expect(compileCatalogue(many(MAX_CARDS - 1).map(def)).size).toBe(MAX_CARDS);
  });
  it('refuses one more, naming the first card past the limit', () => {
    const err = refusal(many(MAX_CARDS));
    expect(err.message).toBe(`card "Carte ${MAX_CARDS}": catalogue: a catalogue holds at most ${MAX_CARDS - 1} cards besides the Squire token, and this one has ${MAX_CARDS}`);
  });
});
