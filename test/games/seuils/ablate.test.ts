// Seuils' replacement-level stand-ins (stand-in.ts) and `lab ablate --game seuils`: every card
// gets one of the same type and cost band (cost, threshold, influence cost), spending the
// card's points under the budget with no ability beyond the plainest one its type needs; the
// decks stay legal; ablate runs on a small sample and lists them.
import { describe, expect, it } from 'vitest';
import { standInsOf, withStandIn } from '../../../src/core/card-game.ts';
import { compileCatalogue, NT, T_CHARACTER, T_FACTION, T_ITEM, T_LOCATION, T_RESOURCE, T_TACTIC } from '../../../src/games/seuils/catalogue/compile.ts';
import { seuilsCatalogue } from '../../../src/games/seuils/index.ts';
import { seuilsModule } from '../../../src/games/seuils/module.ts';
import { seuilsStandIn } from '../../../src/games/seuils/stand-in.ts';
import { ablateSuite } from '../ablate-suite.ts';

const cat = seuilsCatalogue();

describe('Seuils stand-ins', () => {
  it('every card has one: same name, type and cost band, its points spent under the budget, no ability of its own', () => {
    const all = standInsOf(cat, cat.names, 'Seuils', seuilsStandIn);
    expect(all.length).toBe(cat.size);
    for (const s of all) {
      const id = cat.byName.get(s.card)!;
      const alt = compileCatalogue(withStandIn(cat, s));
      const t = cat.type[id]!;
      expect(alt.type[id], s.card).toBe(t);
      expect([alt.cost[id], alt.influenceCost[id], ...alt.thr.subarray(id * NT, id * NT + NT)], s.card)
        .toEqual([cat.cost[id], cat.influenceCost[id], ...cat.thr.subarray(id * NT, id * NT + NT)]);
      let icons = 0;
      for (let k = 0; k < NT; k++) icons += cat.thr[id * NT + k]!;
      const points = 2 * cat.cost[id]! + icons + 2 * cat.influenceCost[id]!;
      if (t === T_FACTION) expect([alt.influence[id], alt.startRes[id], alt.numAbilities[id]], s.card).toEqual([cat.influence[id], cat.startRes[id], 0]);
      if (t === T_RESOURCE) expect([alt.icon[id], alt.icons[id]], s.card).toEqual([cat.icon[id], 1]);
      if (t === T_CHARACTER) {
        expect(alt.strength[id]! + alt.life[id]! + alt.speed[id]! - 1, s.card).toBe(points + 2);
        expect(alt.numAbilities[id], s.card).toBe(0);
      }
      if (t === T_ITEM) expect([alt.attaches[id], alt.bStrength[id]! + alt.bLife[id]!, alt.numAbilities[id]], s.card).toEqual([1, Math.max(1, points - 1), 0]);
      if (t === T_LOCATION) expect([alt.life[id], alt.numAbilities[id]], s.card).toEqual([Math.max(1, points), 0]);
      if (t === T_TACTIC) expect(s.standIn.abilities[0]!.effects, s.card).toEqual([{ verb: 'draw', amount: 1 + Math.floor(Math.max(0, points - 1) / 2) }]);
    }
    const by = new Map(all.map((s) => [s.card, s]));
    expect(by.get('Brute')!.reason).toBe('character, cost 3 ●: strength 5, life 4, speed 1 (9 points); no ability');
    expect(by.get('Grand Cristal')!.reason).toBe('resource: one ◆ (a basic one)');
    expect(by.get('Pacte de Sang')!.reason).toBe('tactic, cost 0 ● + 2 influence: draw 3 (5 points)');
    expect(by.get('Bastion')!.reason).toBe('location, cost 4 ◆▲: life 10 (10 points); no ability');
  });


  ablateSuite({
    module: seuilsModule,
    decks: 6,
    minArms: 61,
    labCards: ['Brute', 'Furie', 'Bastion', 'Épée Runique'],
    labLines: ['character, cost 3 ●: strength 5, life 4, speed 1 (9 points); no ability', 'tactic, cost 1 ●: draw 2 (3 points)',
      'location, cost 4 ◆▲: life 10 (10 points); no ability', 'item, cost 1 ◆: attaches, +1 strength, +1 life (3 points); no ability'],
  });
});
