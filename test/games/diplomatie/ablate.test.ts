// Diplomatie's replacement-level stand-ins (stand-in.ts) and `lab ablate --game diplomatie`:
// every card gets one of the same type and cost band, on budget, with no ability beyond the
// plainest one its type needs; the decks stay legal; ablate runs on a small sample and lists them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, MAX_ABILITIES, T_CREATURE, T_DIPLOMACY, T_EVENT, T_KINGDOM } from '../../../src/games/diplomatie/catalogue/compile.ts';
import type { CardDef } from '../../../src/games/diplomatie/catalogue/schema.ts';
import type { Diplomatie } from '../../../src/games/diplomatie/game.ts';
import { standInsOf, withStandIn } from '../../../src/core/card-game.ts';
import { validateDipDeck, type DipDeckList } from '../../../src/games/diplomatie/decks.ts';
import { dipCatalogue } from '../../../src/games/diplomatie/index.ts';
import { diplomatieModule } from '../../../src/games/diplomatie/module.ts';
import { dipStandIn } from '../../../src/games/diplomatie/stand-in.ts';
import { ablateSuite } from '../ablate-suite.ts';

const cat = dipCatalogue();

describe('Diplomatie stand-ins', () => {
  it('every card has one: same name, type, level, symbols, extraCost and timing, on budget, the plainest ability', () => {
    const all = standInsOf(cat, cat.names, 'Diplomatie', dipStandIn);
    expect(all.length).toBe(cat.size);
    const seen = new Set<number>();
    for (const s of all) {
      const id = cat.byName.get(s.card)!;
      const alt = compileCatalogue(withStandIn(cat, s));
      expect(alt.names[id], s.card).toBe(s.card);
      expect(alt.type[id], s.card).toBe(cat.type[id]);
      expect(alt.extraCost[id], s.card).toBe(cat.extraCost[id]);
      expect(s.reason.length, s.card).toBeGreaterThan(10);
      seen.add(cat.type[id]!);
      const cards = 1 + cat.extraCost[id]!;
      switch (cat.type[id]) {
        case T_CREATURE:
          expect([alt.level[id], alt.symbols[id], alt.requires[id]], s.card).toEqual([cat.level[id], cat.symbols[id], cat.requires[id]]);
          expect(alt.power[id], s.card).toBe(20 + 13 * (cat.level[id]! - 1));
          expect(alt.numAbilities[id], s.card).toBe(0);
          break;
        case T_KINGDOM:
          expect(s.standIn.abilities.map((a) => [a.kind, a.effects]), s.card).toEqual([['passive', [{ verb: 'aura', amount: 5 * cards }]]]);
          expect(alt.aura[id], s.card).toBe(5 * cards);
          break;
        case T_EVENT:
        case T_DIPLOMACY:
          expect(alt.quickCard[id], s.card).toBe(cat.quickCard[id]);
          expect(s.standIn.abilities.map((a) => a.effects), s.card).toEqual([[{ verb: 'draw', amount: 2 * cards }]]);
          expect(alt.aLimit[id * MAX_ABILITIES], s.card).toBe(0);
          break;
      }
    }
    expect(seen.size).toBe(4);
    // The numbers of a few, by hand: Loup Alpha (L2, requires ◆), Béhémoth (L5), Bastion (1 extra
    // card), Embuscade (quick), Traité de Paix (2 extra cards), Médiation (quick Diplomacy card).
    const by = new Map(all.map((s) => [s.card, s.standIn]));
    expect(by.get('Loup Alpha')).toEqual({ name: 'Loup Alpha', type: 'creature', level: 2, power: 33, symbols: ['◆'], requires: ['◆'], abilities: [], provenance: expect.anything() });
    expect(by.get('Béhémoth')).toMatchObject({ level: 5, power: 72, abilities: [] });
    expect(by.get('Bastion')).toMatchObject({ type: 'kingdom', extraCost: 1, abilities: [{ kind: 'passive', effects: [{ verb: 'aura', amount: 10 }], text: 'Vos créatures gagnent +10 Puissance.' }] });
    expect(by.get('Embuscade')).toMatchObject({ type: 'event', abilities: [{ kind: 'quick', effects: [{ verb: 'draw', amount: 2 }], text: 'Piochez 2 cartes.' }] });
    expect(by.get('Traité de Paix')).toMatchObject({ type: 'diplomacy', extraCost: 2, abilities: [{ kind: 'event', effects: [{ verb: 'draw', amount: 6 }] }] });
    expect(by.get('Médiation')).toMatchObject({ type: 'diplomacy', abilities: [{ kind: 'quick', effects: [{ verb: 'draw', amount: 2 }] }] });
  });


  ablateSuite({
    module: diplomatieModule,
    decks: 6,
    minArms: 61,
    checkArm(list, cards, card, where) {
      expect(validateDipDeck(list as DipDeckList, compileCatalogue(cards as readonly CardDef[])), where).toEqual([]);
      // buildMatch plays the variant's cards: the stand-in, not the shipped card.
      const used = (diplomatieModule.buildMatch({ mode: 'standard', decks: [list, list], variant: { cards } }) as unknown as Diplomatie).ctx.cat;
      expect(used.defs[used.byName.get(card)!], where).toEqual(cards.find((c) => c.name === card));
    },
    labCards: ['Loup Alpha', 'Bastion', 'Embuscade', 'Traité de Paix'],
    labLines: ['creature, level 2: Puissance 33 (20 + 13 a level), carries ◆, requires ◆; no ability',
      'Kingdom, 2 cards: your creatures get +10 Puissance (aura +5 a card); nothing else',
      'Event (quick), 1 card: draw 2 (two a card paid)',
      'Diplomacy card, 3 cards: draw 6 (two a card paid)'],
  });
});
