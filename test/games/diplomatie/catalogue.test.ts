// The card vocabulary and its compiler: every bad field is refused naming card and field.
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/diplomatie/catalogue/cards.ts';
import { compileCatalogue, CatalogueError } from '../../../src/games/diplomatie/catalogue/compile.ts';
import { VERBS, type CardDef } from '../../../src/games/diplomatie/catalogue/schema.ts';
import { dipRules, parseDipRuleOverrides, DIP_RULES } from '../../../src/games/diplomatie/rules-options.ts';

const loup: CardDef = { name: 'Loup', type: 'creature', level: 1, power: 20, abilities: [], provenance: { numbers: 'invented', note: 'x' } };
const bad = (patch: Record<string, unknown>): CardDef => ({ ...loup, ...patch }) as CardDef;
const refuse = (c: CardDef) => {
  try {
    compileCatalogue([c]);
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogueError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('the shipped catalogue', () => {
  it('compiles: at least 45 cards, every verb used, every card with a provenance note', () => {
    const cat = compileCatalogue(CARDS);
    expect(cat.size).toBeGreaterThanOrEqual(45);
    const verbs = new Set(CARDS.flatMap((c) => c.abilities.flatMap((a) => a.effects.map((e) => e.verb))));
    expect([...verbs].sort()).toEqual([...VERBS].sort());
    for (const c of CARDS) expect(c.provenance.note.length).toBeGreaterThan(5);
  });
  it('covers the twelve archetypes of §11', () => {
    const has = (f: (c: CardDef) => boolean) => CARDS.some(f);
    const ab = (c: CardDef) => c.abilities;
    expect(has((c) => c.type === 'creature' && c.level === 1 && ab(c).length === 0)).toBe(true); // 1
    expect(has((c) => c.type === 'creature' && c.level === 3 && ab(c).length === 0)).toBe(true); // 2
    expect(has((c) => (c.requires ?? []).includes('◆')) && has((c) => (c.requires ?? []).includes('★'))).toBe(true); // 3
    expect(has((c) => ab(c).some((a) => a.when === 'destroyed' && a.effects[0]!.verb === 'draw'))).toBe(true); // 4
    expect(has((c) => ab(c).some((a) => a.kind === 'quick' && a.effects[0]!.verb === 'gainPV' && a.effects[0]!.amount === 6))).toBe(true); // 5
    expect(has((c) => ab(c).some((a) => a.kind === 'quick' && a.effects[0]!.verb === 'double'))).toBe(true); // 6
    expect(has((c) => c.type === 'kingdom' && ab(c).some((a) => a.effects[0]!.verb === 'shroud'))).toBe(true); // 7
    expect(has((c) => c.type === 'event' && ab(c).some((a) => a.effects[0]!.verb === 'destroy'))).toBe(true); // 8
    expect(has((c) => ab(c).some((a) => a.kind === 'quick' && a.effects[0]!.verb === 'putIntoPlay'))).toBe(true); // 9
    expect(has((c) => ab(c).some((a) => a.limit === 'unlimited')) && has((c) => ab(c).some((a) => typeof a.limit === 'object'))).toBe(true); // 10
    expect(has((c) => c.type === 'diplomacy' && ab(c).some((a) => a.effects[0]!.verb === 'gainPD'))).toBe(true); // 11
    expect(has((c) => c.type === 'kingdom' && ab(c).some((a) => a.kind === 'cast' && a.effects[0]!.verb === 'ready'))).toBe(true); // 12
  });
});

describe('D4, §11: the compiler refuses a bad field, naming card and field', () => {
  it.each([
    [{ level: 0 }, 'card "Loup": level: expected an integer in [1, 5], got 0'],
    [{ power: -1 }, 'card "Loup": power: expected an integer in [0, 999], got -1'],
    [{ symbols: ['♣'] }, 'card "Loup": symbols[0]: unknown symbol "♣"'],
    [{ type: 'artefact' }, 'card "Loup": type: unknown type "artefact"'],
    [{ extraCost: 1 }, 'card "Loup": extraCost: creatures have no extraCost'],
    [{ colour: 'red' }, 'card "Loup": entry: unknown field "colour"'],
    [{ provenance: { numbers: 'guessed', note: 'x' } }, 'card "Loup": provenance.numbers: expected "invented" or "seed"'],
    [{ abilities: [{ kind: 'cast', effects: [{ verb: 'heal', amount: 2 }], text: 't' }] }, 'card "Loup": abilities[0].effects[0].verb: unknown verb "heal"'],
    [{ abilities: [{ kind: 'triggered', effects: [{ verb: 'draw', amount: 1 }], text: 't' }] }, 'card "Loup": abilities[0].when: a triggered ability needs a moment'],
    [{ abilities: [{ kind: 'cast', effects: [{ verb: 'destroy' }], text: 't' }] }, 'card "Loup": abilities[0].target: "destroy" needs a creature or self target'],
    [{ abilities: [{ kind: 'passive', effects: [{ verb: 'draw', amount: 1 }], text: 't' }] }, 'card "Loup": abilities[0].effects[0].verb: a passive\'s verbs are shroud, aura'],
    [{ abilities: [{ kind: 'event', effects: [{ verb: 'draw', amount: 1 }], text: 't' }] }, 'card "Loup": abilities[0].kind: "event" abilities belong to Event and Diplomacy cards'],
    [{ abilities: [{ kind: 'triggered', when: 'destroyed', limit: { charges: 2 }, effects: [{ verb: 'draw', amount: 1 }], text: 't' }] }, 'card "Loup": abilities[0].limit: charges belong to cast or quick abilities'],
  ])('%j', (patch, msg) => {
    expect(refuse(bad(patch))).toContain(msg);
  });
  it('a Kingdom cannot exhaust; an Event has exactly one ability; a hand target cannot go with a hand cost', () => {
    const k: CardDef = { name: 'K', type: 'kingdom', abilities: [{ kind: 'cast', cost: { exhaustSelf: true }, effects: [{ verb: 'draw', amount: 1 }], text: 't' }], provenance: { numbers: 'invented', note: 'x' } };
    expect(refuse(k)).toContain('card "K": abilities[0].cost.exhaustSelf: only a creature can exhaust');
    expect(refuse({ ...k, type: 'event', abilities: [] })).toContain('card "K": abilities: an Event or Diplomacy card has exactly one ability');
    const e: CardDef = { name: 'E', type: 'event', extraCost: 1, abilities: [{ kind: 'event', target: { handCreature: { maxLevel: 1 } }, effects: [{ verb: 'putIntoPlay' }], text: 't' }], provenance: { numbers: 'invented', note: 'x' } };
    expect(refuse(e)).toContain('card "E": abilities[0].target: a handCreature target cannot go with a cost paid from the hand');
  });
});

describe('rules-options: every knob validated', () => {
  it('defaults are the seed\'s numbers', () => {
    expect([DIP_RULES.startPV, DIP_RULES.pdToWin, DIP_RULES.deckSize, DIP_RULES.diplomacyDeckSize, DIP_RULES.openingHand, DIP_RULES.turnDraw, DIP_RULES.turnCap]).toEqual([100, 6, 30, 6, 4, 2, 200]);
  });
  it('a bad knob is named', () => {
    expect(() => dipRules({ pdToWin: 0 })).toThrow('rule pdToWin: expected an integer in [1, 100], got 0');
    expect(() => dipRules({ evolutionStep: 'two' })).toThrow('rule evolutionStep: expected one of any, next, got "two"');
    expect(() => dipRules({ attackExhausts: 'yes' })).toThrow('rule attackExhausts: expected true or false, got "yes"');
    expect(() => dipRules({ vpToWin: 3 } as never)).toThrow(/rule vpToWin: unknown Diplomatie knob/);
    expect(parseDipRuleOverrides(['pdToWin=8', 'attackExhausts=false', 'evolutionStep=next'])).toMatchObject({ pdToWin: 8, attackExhausts: false, evolutionStep: 'next' });
    expect(() => parseDipRuleOverrides(['turnCap'])).toThrow('rule "turnCap": expected key=value');
  });
});
