// Combat: R17–R19 and D19–D25, each through the public action API on small positions.
import { describe, expect, it } from 'vitest';
import { lifeOf, speedOf, strengthOf } from '../../../src/games/seuils/rules.ts';
import { act, actionTexts, buildPosition, inPlayNamed, zoneNames, type SideSpec } from '../../../src/games/seuils/scenario.ts';
import type { SeuilsRuleOptions } from '../../../src/games/seuils/rules-options.ts';
import { O_CONS, O_DMG, O_HOST, O_INFL, O_PHASE, O_WINNER, O_ZONE, PH_MAIN, REC_SIZE, SOURCES, S_COMBAT, WIN_DRAW, Z_PLAY } from '../../../src/games/seuils/state.ts';

const deck = ['Cristal', 'Cristal', 'Cristal'];
// The attacker keeps an affordable Éclaireuse in hand so that its main phase after a combat is a decision.
const P = (a: SideSpec, b: SideSpec, rules?: Partial<SeuilsRuleOptions>) =>
  buildPosition({ sides: [{ deck, ...a, hand: [...(a.hand ?? []), 'Éclaireuse'], board: [...(a.board ?? []), 'Cristal'] }, { deck, ...b }], rules });

describe('R17: attacking', () => {
  it('R17 (1), (2), D23: a location can be the target; a character that arrived this turn cannot attack; damage past the location\'s life is lost', () => {
    const pos = P({ board: ['Brute', 'Éclaireuse', { name: 'Garde', entered: 5 }] }, { board: ['Marché Noir'] });
    act(pos, 'Attack');
    expect(actionTexts(pos)).toEqual(['Attack the opposing faction', 'Attack the location Marché Noir (#1)']);
    act(pos, 'Attack the location');
    expect(actionTexts(pos).filter((t) => t.includes('Garde'))).toEqual([]);
    act(pos, 'Attack with Brute');
    act(pos, 'Attack with Éclaireuse');
    // Éclaireuse (speed 3) puts 2 on it, Brute (speed 1) 4 more: 6 ≥ 4, destroyed; the faction keeps 25.
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Marché Noir']);
    expect(pos.st.w[O_INFL + 1]).toBe(25);
    expect(pos.st.w[O_PHASE]).toBe(PH_MAIN);
  });

  it('D23 knob: with locationExcessTo=faction the damage past a location\'s life goes on to its faction', () => {
    const pos = P({ board: ['Brute', 'Éclaireuse'] }, { board: ['Marché Noir'] }, { locationExcessTo: 'faction' });
    act(pos, 'Attack');
    act(pos, 'Attack the location');
    act(pos, 'Attack with Brute');
    act(pos, 'Attack with Éclaireuse');
    // 2 then 4 on a life of 4: 2 past it reach the faction.
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Marché Noir']);
    expect(pos.st.w[O_INFL + 1]).toBe(23);
  });

  it('D23, D24 knobs: influence a faction loses through either faction reading counts as influence taken in combat (score sources)', () => {
    const sources = (pos: ReturnType<typeof P>) => {
      const out = new Int32Array(2 * SOURCES);
      pos.game.readVpSources(pos.st, out);
      return Array.from(out);
    };
    // D23: 2 past Marché Noir's life reach faction B: seat 0 took 2 in combat.
    const loc = P({ board: ['Brute', 'Éclaireuse'] }, { board: ['Marché Noir'] }, { locationExcessTo: 'faction' });
    loc.st.rec = new Int32Array(REC_SIZE);
    act(loc, 'Attack');
    act(loc, 'Attack the location');
    act(loc, 'Attack with Brute');
    act(loc, 'Attack with Éclaireuse');
    expect(loc.st.w[O_INFL + 1]).toBe(23);
    expect(sources(loc)).toEqual([2, 0, 0, 0]);
    expect(sources(loc)[S_COMBAT]).toBe(25 - loc.st.w[O_INFL + 1]!);
    // D24: Brute's 4 locked on Garde, Garde destroyed before damage: the 4 reach faction B.
    const left = P({ board: ['Brute', 'Cristal', 'Cristal'], hand: ['Assassinat'] }, { board: ['Garde'] }, { lockedToLeftRecipient: 'faction' });
    left.st.rec = new Int32Array(REC_SIZE);
    act(left, 'Attack');
    act(left, 'Pass');
    act(left, 'Defend with Garde');
    act(left, 'Pass');
    act(left, 'Pass');
    act(left, 'Pass');
    act(left, 'Play Assassinat');
    act(left, 'Target opposing Garde');
    expect(left.st.w[O_INFL + 1]).toBe(21);
    expect(sources(left)).toEqual([4, 0, 0, 0]);
  });

  it('R18: several attacks in one turn, each with a new group', () => {
    const pos = P({ board: ['Brute', 'Éclaireuse'] }, {});
    act(pos, 'Attack');
    act(pos, 'Attack with Brute');
    act(pos, 'Done');
    expect(pos.st.w[O_INFL + 1]).toBe(21);
    act(pos, 'Attack'); // Éclaireuse alone is then the whole group
    expect(pos.st.w[O_INFL + 1]).toBe(19);
    expect(actionTexts(pos)).not.toContain('Attack');
  });
});

describe('D19: defenders', () => {
  it('only unconsumed characters defend (knob off: consumed ones too); the group may be empty', () => {
    const b: SideSpec = { board: [{ name: 'Garde', consumed: true }, 'Veilleur'] };
    const pos = P({ board: ['Brute'] }, b);
    act(pos, 'Attack');
    expect(actionTexts(pos)).toEqual(['Done: the group is formed', 'Defend with Veilleur (#2)']);
    act(pos, 'Done');
    expect(pos.st.w[O_INFL + 1]).toBe(21);
    const loose = P({ board: ['Brute'] }, b, { defendersNeedReady: false });
    act(loose, 'Attack');
    expect(actionTexts(loose)).toEqual(['Done: the group is formed', 'Defend with Garde (#1)', 'Defend with Veilleur (#2)']);
  });
});

describe('R19, D21, D22: speed groups and damage assignment', () => {
  it('D22: while a defender is left, attackers assign only to defenders; without the no-trample knob the faction is a choice', () => {
    const pos = P({ board: ['Brute'] }, { board: ['Veilleur'] });
    act(pos, 'Attack');
    act(pos, 'Defend with Veilleur');
    expect(pos.st.w[O_INFL + 1]).toBe(25);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Veilleur']); // 4 damage, life 4
    const tr = P({ board: ['Brute'] }, { board: ['Veilleur'] }, { noTrample: false });
    act(tr, 'Attack');
    act(tr, 'Defend with Veilleur');
    expect(actionTexts(tr)).toEqual([
      'Assign 1 of Brute\'s damage to Ordre du Cristal (#0)', 'Assign 1 of Brute\'s damage to Veilleur (#1)',
      'Assign the remaining 4 of Brute\'s damage to Ordre du Cristal (#0)', 'Assign the remaining 4 of Brute\'s damage to Veilleur (#1)',
    ]);
    act(tr, 'Assign 1 of Brute\'s damage to Veilleur');
    act(tr, 'Assign the remaining 3 of Brute\'s damage to Ordre du Cristal');
    expect(tr.st.w[O_INFL + 1]).toBe(22);
  });

  it('R19: one speed group with both sides deals its damage at the same time: both die', () => {
    const pos = P({ board: ['Garde'] }, { board: ['Jumeau d\'Ambre'] });
    act(pos, 'Attack');
    act(pos, 'Defend with Jumeau');
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Garde']);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Jumeau d\'Ambre']);
  });

  it('R19 (5): without a change of speed, Garde (speed 2) hits Brute first and dies to it at speed 1', () => {
    const pos = P({ board: ['Brute'] }, { board: ['Garde'] });
    const brute = inPlayNamed(pos, 0, 'Brute');
    act(pos, 'Attack');
    act(pos, 'Defend with Garde');
    expect(pos.st.w[O_DMG + brute]).toBe(3);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Garde']);
  });

  it('D21: Vent Arrière (+2 speed) in the step-3 window makes Brute act first: Garde dies before acting', () => {
    const pos = P({ board: ['Brute', 'Braise'], hand: ['Vent Arrière'] }, { board: ['Garde'] });
    const brute = inPlayNamed(pos, 0, 'Brute');
    act(pos, 'Attack');
    act(pos, 'Play Vent Arrière'); // the only character in combat is the target
    expect(speedOf(pos.st, brute)).toBe(3);
    act(pos, 'Defend with Garde');
    expect(pos.st.w[O_DMG + brute]).toBe(0);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Garde']);
  });

  it('D21: a character already in its speed group stays in it when its speed drops (either reading of the speedsReadAt knob)', () => {
    for (const speedsReadAt of ['groupStart', 'combatStart'] as const) {
      const pos = P({ board: ['Lancier'] }, { board: ['Garde', 'Racine'], hand: ['Entrave'] }, { speedsReadAt });
      act(pos, 'Attack');
      act(pos, 'Pass'); // step 3: the defender holds Entrave but waits
      act(pos, 'Defend with Garde');
      // Speed 3 group (Lancier): before assignment the defender slows Lancier by 2.
      act(pos, 'Play Entrave');
      act(pos, 'Target opposing Lancier');
      const lancier = inPlayNamed(pos, 0, 'Lancier');
      // groupStart: Lancier is already in its group (D21: speeds are read when a group starts): it still hits first.
      expect(zoneNames(pos, 1, 'discard')).toEqual(['Entrave', 'Garde']);
      expect(pos.st.w[O_DMG + lancier]).toBe(0);
    }
  });

  it('D22: a character with two possible recipients splits its strength point by point', () => {
    const pos = P({ board: ['Éclaireuse'] }, { board: ['Lancier', 'Veilleur'] });
    act(pos, 'Attack');
    act(pos, 'Defend with Lancier');
    act(pos, 'Defend with Veilleur');
    // Speed 3: Éclaireuse and Lancier; the attacker assigns first.
    expect(actionTexts(pos)).toEqual([
      'Assign 1 of Éclaireuse\'s damage to Lancier (#1)', 'Assign 1 of Éclaireuse\'s damage to Veilleur (#2)',
      'Assign the remaining 2 of Éclaireuse\'s damage to Lancier (#1)', 'Assign the remaining 2 of Éclaireuse\'s damage to Veilleur (#2)',
    ]);
    act(pos, 'Assign the remaining 2 of Éclaireuse\'s damage to Veilleur');
    // D25: Éclaireuse died; Veilleur (speed 1) has no attacker left and assigns nothing; survivors end consumed.
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Éclaireuse']);
    const lancier = inPlayNamed(pos, 1, 'Lancier'), veilleur = inPlayNamed(pos, 1, 'Veilleur');
    expect([pos.st.w[O_CONS + lancier], pos.st.w[O_CONS + veilleur], pos.st.w[O_DMG + veilleur]]).toEqual([1, 1, 2]);
    expect(pos.st.w[O_INFL + 1]).toBe(25);
  });

  it('D24: Parade before damage is dealt removes 3 of the 4 locked on Garde', () => {
    const pos = P({ board: ['Brute'] }, { board: ['Garde', 'Racine'], hand: ['Parade'] });
    act(pos, 'Attack');
    act(pos, 'Pass'); // step 3
    act(pos, 'Defend with Garde');
    act(pos, 'Pass'); // speed 2, before assignment
    act(pos, 'Pass'); // speed 2, before damage
    act(pos, 'Pass'); // speed 1, before assignment
    act(pos, 'Play Parade');
    act(pos, 'Target own Garde');
    const garde = inPlayNamed(pos, 1, 'Garde');
    expect(pos.st.w[O_DMG + garde]).toBe(1);
    expect(pos.st.w[O_CONS + garde]).toBe(1);
  });

  it('D25 knob: handleGroupsWithoutAttackers=false ends the combat once every attacker is gone (no window for the later group); the default still handles it', () => {
    const run = (rules?: Partial<SeuilsRuleOptions>) => {
      const pos = P({ board: ['Éclaireuse'] }, { board: ['Lancier', 'Veilleur', 'Cristal'], hand: ['Bouclier'] }, rules);
      act(pos, 'Attack');
      act(pos, 'Pass'); // step 3: the defender holds Bouclier
      act(pos, 'Defend with Lancier');
      act(pos, 'Defend with Veilleur');
      act(pos, 'Pass'); // speed 3, before assignment
      act(pos, 'Assign the remaining 2 of Éclaireuse\'s damage to Veilleur');
      act(pos, 'Pass'); // speed 3, before damage: Éclaireuse dies
      return pos;
    };
    const handled = run();
    expect(zoneNames(handled, 0, 'discard')).toEqual(['Éclaireuse']);
    expect(handled.st.w[O_PHASE]).not.toBe(PH_MAIN); // Veilleur's speed 1 group opens its window
    expect(actionTexts(handled)).toContain('Pass');
    const ended = run({ handleGroupsWithoutAttackers: false });
    expect(zoneNames(ended, 0, 'discard')).toEqual(['Éclaireuse']);
    expect(ended.st.w[O_PHASE]).toBe(PH_MAIN);
    const veilleur = inPlayNamed(ended, 1, 'Veilleur');
    expect([ended.st.w[O_CONS + veilleur], ended.st.w[O_DMG + veilleur], ended.st.w[O_INFL + 1]]).toEqual([1, 2, 25]);
  });

  it('D24 knob: damage locked onto a defender destroyed before damage is lost by default, dealt to its faction with lockedToLeftRecipient=faction', () => {
    const run = (rules?: Partial<SeuilsRuleOptions>) => {
      const pos = P({ board: ['Brute', 'Cristal', 'Cristal'], hand: ['Assassinat'] }, { board: ['Garde'] }, rules);
      act(pos, 'Attack');
      act(pos, 'Pass'); // step 3: A waits
      act(pos, 'Defend with Garde');
      act(pos, 'Pass'); // speed 2, before assignment
      act(pos, 'Pass'); // speed 2, before damage: Garde deals 3 to Brute
      act(pos, 'Pass'); // speed 1, before assignment
      act(pos, 'Play Assassinat'); // speed 1, before damage: Brute's 4 are locked on Garde
      act(pos, 'Target opposing Garde');
      expect(zoneNames(pos, 1, 'discard')).toEqual(['Garde']);
      return pos.st.w[O_INFL + 1];
    };
    expect(run()).toBe(25);
    expect(run({ lockedToLeftRecipient: 'faction' })).toBe(21);
  });

  it('D1, D24 knob: with lockedToLeftRecipient=faction both factions can reach 0 in the same step 5: a draw', () => {
    const pos = P({ board: ['Garde', 'Cristal', 'Cristal'], hand: ['Assassinat'] }, { board: ['Garde', 'Cristal', 'Cristal', 'Cristal'], hand: ['Assassinat'] }, { lockedToLeftRecipient: 'faction' });
    pos.st.w[O_INFL] = pos.st.w[O_INFL + 1] = 3;
    act(pos, 'Attack');
    while (!actionTexts(pos).some((t) => t.startsWith('Defend with Garde'))) act(pos, 'Pass'); // step 3
    act(pos, 'Defend with Garde');
    act(pos, 'Pass'); // speed 2, before assignment (A)
    act(pos, 'Pass'); // (B)
    // Before damage: each Garde has 3 locked on it; A kills B's, B answers by killing A's.
    act(pos, 'Play Assassinat');
    act(pos, 'Target opposing Garde');
    act(pos, 'Play Assassinat');
    act(pos, 'Target opposing Garde');
    // Both pass (forced): the stack resolves, both Gardes leave, and step 5 deals 3 to each faction.
    expect([pos.st.w[O_INFL], pos.st.w[O_INFL + 1]]).toEqual([0, 0]);
    expect(pos.st.w[O_WINNER]).toBe(WIN_DRAW);
  });

  it('R19 (1): Assassinat before assignment removes a defender: the attacker then hits the faction', () => {
    const pos = P({ board: ['Brute', 'Cristal', 'Cristal'], hand: ['Assassinat'] }, { board: ['Veilleur'] });
    act(pos, 'Attack');
    act(pos, 'Pass'); // step 3: A waits
    act(pos, 'Defend with Veilleur');
    act(pos, 'Play Assassinat'); // speed 1 group, before assignment
    act(pos, 'Target opposing Veilleur');
    expect(pos.st.w[O_INFL + 1]).toBe(21);
  });

  it('D20 knob: without combat windows no tactic can be played during the combat', () => {
    const pos = P({ board: ['Brute'] }, { board: ['Garde', 'Racine'], hand: ['Parade'] }, { combatWindows: false });
    act(pos, 'Attack');
    act(pos, 'Defend with Garde');
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Garde']);
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Parade']);
  });
});

describe('D18: items', () => {
  it('an attached item adds its bonuses, and goes to the discard with its character (knob: stays, unattached)', () => {
    for (const itemLeavesWithHost of [true, false]) {
      const pos = buildPosition({
        active: 1,
        sides: [
          { board: ['Garde', { name: 'Épée Runique', attachedTo: 0 }], deck },
          { board: ['Braise', 'Cristal', 'Cristal', 'Cristal'], hand: ['Flammes', 'Éclaireuse'], deck },
        ],
        rules: { itemLeavesWithHost },
      });
      const garde = inPlayNamed(pos, 0, 'Garde'), sword = inPlayNamed(pos, 0, 'Épée Runique');
      expect(strengthOf(pos.st, garde)).toBe(5);
      act(pos, 'Play Flammes'); // 3 damage: Garde (life 2) is the only target
      expect(zoneNames(pos, 0, 'discard')).toEqual(itemLeavesWithHost ? ['Garde', 'Épée Runique'] : ['Garde']);
      expect(pos.st.w[O_ZONE + sword] === Z_PLAY).toBe(!itemLeavesWithHost);
      if (!itemLeavesWithHost) expect(pos.st.w[O_HOST + sword]).toBe(-1);
    }
  });

  it('an item that attaches is played onto one of its controller\'s characters; Armure de Braise adds life', () => {
    const pos = P({ board: ['Garde', 'Veilleur', 'Braise', 'Braise'], hand: ['Armure de Braise'] }, {});
    act(pos, 'Play Armure de Braise');
    expect(actionTexts(pos)).toEqual(['Target own Garde (#3) with Armure de Braise', 'Target own Veilleur (#4) with Armure de Braise']);
    act(pos, 'Target own Veilleur');
    expect(lifeOf(pos.st, inPlayNamed(pos, 0, 'Veilleur'))).toBe(7);
  });
});
