// Paliers' replacement-level stand-ins (stand-in.ts) and `lab ablate --game paliers`: every card
// gets one of the same kind and band, on budget, with no keyword or ability beyond the plainest
// one its kind needs; the decks stay legal; ablate runs on a small sample and lists them.
import { describe, expect, it } from 'vitest';
import { standInsOf, withStandIn } from '../../../src/core/card-game.ts';
import { compileCatalogue, T_CHARACTER, T_LEVELUP, T_PLACE, T_SPELL } from '../../../src/games/paliers/catalogue/compile.ts';
import { palCatalogue } from '../../../src/games/paliers/index.ts';
import { paliersModule } from '../../../src/games/paliers/module.ts';
import { palStandIn } from '../../../src/games/paliers/stand-in.ts';
import { ablateSuite } from '../ablate-suite.ts';

const cat = palCatalogue();

describe('Paliers stand-ins', () => {
  it('every card has one: same name, kind, colours, legendary flag, copy limit and band, on budget, no keyword', () => {
    const all = standInsOf(cat, cat.names, 'Paliers', palStandIn);
    expect(all.length).toBe(cat.size);
    for (const s of all) {
      const id = cat.byName.get(s.card)!;
      const alt = compileCatalogue(withStandIn(cat, s));
      expect(alt.kind[id], s.card).toBe(cat.kind[id]);
      expect(alt.legendary[id], s.card).toBe(cat.legendary[id]);
      expect(alt.deckLimit[id], s.card).toBe(cat.deckLimit[id]);
      if (cat.kind[id] !== T_PLACE) expect(alt.colours[id], s.card).toBe(cat.colours[id]);
      expect(s.reason.length, s.card).toBeGreaterThan(10);
      switch (cat.kind[id]) {
        case T_CHARACTER:
          expect(alt.level[id], s.card).toBe(cat.level[id]);
          expect(alt.atq[id]! + alt.pv[id]!, s.card).toBe(2 * cat.level[id]! + 1 + (cat.colours[id] === 0 ? 1 : 0));
          expect([alt.numAbilities[id], alt.blockMax[id], alt.firstStrike[id], alt.singleBlocker[id], alt.excessToPlayer[id]], s.card).toEqual([0, 1, 0, 0, 0]);
          break;
        case T_SPELL:
          expect(alt.mainOnly[id], s.card).toBe(cat.mainOnly[id]);
          expect(s.standIn.abilities.map((a) => a.effects), s.card).toEqual([[{ verb: 'draw', amount: 2 }]]);
          break;
        case T_LEVELUP:
          expect([alt.levels[id], alt.numAbilities[id]], s.card).toEqual([cat.levels[id], 0]);
          break;
        case T_PLACE:
          expect(s.standIn.abilities.map((a) => a.effects), s.card).toEqual([[{ verb: 'pvAura', amount: 1 }]]);
          break;
      }
    }
    // The numbers of a few, by hand: Reine du Speedrun (L5 6/3, legendary), Pousse (6 copies), Vagabond (colourless).
    const by = new Map(all.map((s) => [s.card, s.standIn]));
    expect(by.get('Reine du Speedrun')).toMatchObject({ kind: 'character', level: 5, atq: 8, pv: 3, legendary: true, abilities: [] });
    expect(by.get('Pousse')).toMatchObject({ level: 1, atq: 1, pv: 2, deckLimit: 6 });
    expect(by.get('Vagabond')).toMatchObject({ level: 1, atq: 2, pv: 2, colours: [] });
    expect(by.get('Ascension')).toMatchObject({ kind: 'levelUp', levels: 2, legendary: true, abilities: [] });
  });


  ablateSuite({
    module: paliersModule,
    decks: 7,
    minArms: 61,
    labCards: ['Archiviste', 'Gel', 'Arène', 'Montée en Puissance'],
    labLines: ['character, level 4: ATQ 4, PV 5 (budget 9); no keyword, no ability', 'spell: draw 2 (one card\'s worth)',
      'Place: your characters have +1 PV (a lasting +1)', 'Level Up: 1 level, no ability'],
  });
});
