// One scenario per card of the catalogue: the card is played, used or fought with in a small
// position and the numbers it prints are checked (cost and threshold too: exactly enough
// resources make it playable, one fewer or one icon short does not). The last tests check
// that no card lacks a scenario or a provenance.
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/seuils/catalogue/cards.ts';
import { ICONS, VERBS } from '../../../src/games/seuils/catalogue/schema.ts';
import { iconsOf, lifeOf, speedOf, strengthOf } from '../../../src/games/seuils/rules.ts';
import { act, actionTexts, boardNames, buildPosition, inPlayNamed, zoneNames, type SideSpec } from '../../../src/games/seuils/scenario.ts';
import { O_CONS, O_DMG, O_INFL, O_PHASE, PH_MAIN, PH_OVER } from '../../../src/games/seuils/state.ts';

const deck = ['Racine', 'Garde', 'Racine'];
const BASIC = { '◆': 'Cristal', '●': 'Braise', '▲': 'Racine' } as const;
// A plays Cercle des Racines (its ability is main-phase only: it never holds a window open), B Compagnie Errante (25 influence).
const P = (a: SideSpec, b: SideSpec = {}) => buildPosition({ sides: [{ deck, faction: 'Cercle des Racines', ...a }, { deck, faction: 'Compagnie Errante', ...b }] });
const infl = (pos: ReturnType<typeof P>, p: number) => pos.st.w[O_INFL + p]!;
const has = (pos: ReturnType<typeof P>, text: string) => actionTexts(pos).some((t) => t.includes(text));
const def = (name: string) => CARDS.find((c) => c.name === name)!;

/** A position where A keeps a decision after the scenario (an unconsumed Cristal, an Éclaireuse in hand): no forced end of turn. */
const S = (a: SideSpec, b: SideSpec = {}) => P({ ...a, hand: [...(a.hand ?? []), 'Éclaireuse'], board: [...(a.board ?? []), 'Cristal'] }, b);

/** Resources that exactly meet a card's threshold and cost (padding of a type outside the threshold). */
function exactly(name: string): string[] {
  const d = def(name);
  const out: string[] = [];
  const thr = d.threshold ?? {};
  for (const [icon, n] of Object.entries(thr)) for (let i = 0; i < n!; i++) out.push(BASIC[icon as keyof typeof BASIC]);
  const pad = ICONS.map((i) => BASIC[i]).find((r, k) => (thr[ICONS[k]!] ?? 0) === 0)!;
  while (out.length < (d.cost ?? 0)) out.push(pad);
  return out;
}

/** Whether A can play `name` with these resources, at the moment its timing allows (main, a combat window, the end of a turn). */
function playable(name: string, resources: string[]): boolean {
  const d = def(name);
  const timing = d.type === 'tactic' ? (d.abilities[0]!.timing ?? 'any') : 'any';
  const a: SideSpec = { board: [...resources, 'Garde'], hand: [name] };
  const b: SideSpec = { board: ['Garde', { name: 'Épée Runique', attachedTo: 0 }, 'Bastion'] };
  if (timing === 'endOfTurn') {
    const pos = buildPosition({ active: 1, sides: [{ deck, faction: 'Cercle des Racines', ...a }, { deck, faction: 'Compagnie Errante', ...b }] });
    act(pos, 'End the turn');
    return has(pos, `Play ${name}`);
  }
  const pos = P(a, b);
  if (timing === 'combat') {
    act(pos, 'Attack');
    act(pos, 'Attack the opposing faction');
  }
  return has(pos, `Play ${name}`);
}

/** R4, R15, D16: exactly enough resources make `name` playable; one fewer, or one threshold icon of another type, does not. */
function checkCost(name: string): void {
  const res = exactly(name);
  expect(playable(name, res)).toBe(true);
  const d = def(name);
  if ((d.cost ?? 0) > 0) expect(playable(name, res.slice(1))).toBe(false);
  const thr = Object.entries(d.threshold ?? {});
  if (thr.length > 0) {
    const icon = thr[0]![0] as keyof typeof BASIC;
    const other = ICONS.map((i) => BASIC[i]).find((r, k) => (d.threshold![ICONS[k]!] ?? 0) === 0)!;
    const swapped = [...res];
    swapped[swapped.indexOf(BASIC[icon])] = other;
    expect(playable(name, swapped)).toBe(false);
  }
}

/** A character (controlled since before this turn) attacks the faction alone: the influence it takes. */
function hit(name: string, attached: string[] = []): number {
  const pos = P({ board: [name, ...attached.map((a) => ({ name: a, attachedTo: 0 }))] });
  act(pos, 'Attack');
  return 25 - infl(pos, 1);
}

/** A character's printed strength, life and speed, its cost, and the influence it takes attacking. */
function character(name: string, s: number, l: number, v: number): () => void {
  return () => {
    const pos = P({ board: [name] });
    const g = inPlayNamed(pos, 0, name);
    expect([strengthOf(pos.st, g), lifeOf(pos.st, g), speedOf(pos.st, g)]).toEqual([s, l, v]);
    expect(hit(name)).toBe(s);
    checkCost(name);
  };
}

/** Plays tactic `name` (its exact resources) from A's hand, A keeping a decision afterwards; B is `b`. */
function playTactic(name: string, a: SideSpec = {}, b: SideSpec = {}, target?: string) {
  const pos = P({ ...a, board: [...(a.board ?? []), ...exactly(name), 'Cristal'], hand: [name, 'Éclaireuse'] }, b);
  act(pos, `Play ${name}`);
  if (target) act(pos, target);
  return pos;
}

const SCENARIOS: Record<string, () => void> = {
  // ---- factions
  'Ordre du Cristal': () => {
    const pos = S({ faction: 'Ordre du Cristal', board: ['Cristal', 'Cristal', 'Cristal'] });
    expect(infl(pos, 0)).toBe(25);
    act(pos, 'Étude');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine']);
  },
  'Clan des Braises': () => {
    const pos = P({ faction: 'Clan des Braises', board: ['Garde', 'Braise', 'Braise'] });
    expect(infl(pos, 0)).toBe(22);
    act(pos, 'Attack');
    act(pos, 'Ferveur'); // +2 strength to Garde, the only character in combat
    expect(infl(pos, 1)).toBe(20);
  },
  'Cercle des Racines': () => {
    const pos = S({ faction: 'Cercle des Racines', board: ['Racine', 'Racine'], deck: ['Garde', 'Racine Ancienne', 'Garde'] });
    expect(infl(pos, 0)).toBe(28);
    act(pos, 'Croissance');
    expect(boardNames(pos, 0)).toEqual(['Cercle des Racines', 'Racine', 'Racine', 'Cristal', 'Racine Ancienne']);
    expect(pos.st.w[O_CONS + inPlayNamed(pos, 0, 'Racine Ancienne')]).toBe(1);
  },
  'Maison des Ombres': () => {
    const pos = S({ faction: 'Maison des Ombres', board: ['Cristal', 'Cristal', 'Cristal'] });
    expect(infl(pos, 0)).toBe(24);
    act(pos, 'Intrigue');
    expect(infl(pos, 1)).toBe(24);
  },
  'Légion d\'Airain': () => {
    const pos = S({ faction: 'Légion d\'Airain', board: [{ name: 'Garde', consumed: true }, 'Braise', 'Braise'] });
    expect(infl(pos, 0)).toBe(26);
    act(pos, 'Discipline');
    expect(pos.st.w[O_CONS + inPlayNamed(pos, 0, 'Garde')]).toBe(0);
  },
  'Compagnie Errante': () => {
    const pos = S({ faction: 'Compagnie Errante', board: ['Garde'] });
    expect(infl(pos, 0)).toBe(25);
    act(pos, 'Repli');
    expect(lifeOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(3);
  },
  // ---- resources: the icons they show (D11, D16)
  Cristal: () => expect(iconsOf(P({ board: ['Cristal'] }).st, 0, 0)).toBe(1),
  Braise: () => expect(iconsOf(P({ board: ['Braise'] }).st, 0, 1)).toBe(1),
  Racine: () => expect(iconsOf(P({ board: ['Racine'] }).st, 0, 2)).toBe(1),
  'Grand Cristal': () => {
    expect(iconsOf(P({ board: ['Grand Cristal'] }).st, 0, 0)).toBe(2);
    expect(has(P({ board: ['Grand Cristal', 'Racine', 'Racine'], hand: ['Colosse'] }), 'Play Colosse')).toBe(true);
  },
  'Braise Vive': () => {
    expect(iconsOf(P({ board: ['Braise Vive'] }).st, 0, 1)).toBe(2);
    expect(has(P({ board: ['Braise Vive', 'Racine', 'Racine'], hand: ['Berserker'] }), 'Play Berserker')).toBe(true);
  },
  'Racine Ancienne': () => {
    expect(iconsOf(P({ board: ['Racine Ancienne'] }).st, 0, 2)).toBe(2);
    expect(has(P({ board: ['Racine Ancienne', 'Cristal', 'Cristal', 'Cristal', 'Cristal'], hand: ['Titan de Racine'] }), 'Play Titan de Racine')).toBe(true);
  },
  // ---- characters
  Éclaireuse: character('Éclaireuse', 2, 1, 3),
  Brute: character('Brute', 4, 4, 1),
  Garde: character('Garde', 3, 2, 2),
  Colosse: character('Colosse', 5, 5, 1),
  'Jumeau d\'Ambre': character('Jumeau d\'Ambre', 2, 3, 2),
  'Jumelle d\'Ambre': () => {
    character('Jumelle d\'Ambre', 2, 3, 2)();
    // Same speed as Jumeau d'Ambre: one group, both deal at once (R19).
    const pos = P({ board: ['Jumeau d\'Ambre', 'Jumelle d\'Ambre'] });
    act(pos, 'Attack');
    act(pos, 'Attack with Jumeau');
    act(pos, 'Attack with Jumelle');
    expect(infl(pos, 1)).toBe(21);
  },
  'Mage des Seuils': () => {
    character('Mage des Seuils', 1, 2, 2)();
    const pos = S({ board: ['Mage des Seuils', 'Braise', 'Braise'] }, { board: ['Veilleur'] });
    act(pos, 'Use Mage des Seuils');
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 1, 'Veilleur')]).toBe(2);
  },
  'Sentinelle de Racine': character('Sentinelle de Racine', 2, 5, 1),
  'Coureur des Cendres': character('Coureur des Cendres', 3, 1, 4),
  'Chevalier d\'Airain': character('Chevalier d\'Airain', 5, 6, 2),
  'Titan de Racine': character('Titan de Racine', 7, 7, 1),
  Guérisseuse: () => {
    character('Guérisseuse', 1, 3, 2)();
    const pos = S({ board: ['Guérisseuse', 'Garde'] });
    act(pos, 'Use Guérisseuse');
    act(pos, 'Target own Garde');
    expect(lifeOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(5);
  },
  'Espion des Ombres': () => {
    character('Espion des Ombres', 1, 1, 3)();
    const pos = S({ board: ['Espion des Ombres', 'Cristal'] });
    act(pos, 'Use Espion des Ombres');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine']);
  },
  Archère: () => {
    character('Archère', 2, 2, 3)();
    const pos = S({ board: ['Archère', 'Garde'] }, { board: ['Bastion'] });
    act(pos, 'Attack');
    act(pos, 'Attack the location');
    act(pos, 'Attack with Garde'); // the last candidate: the group closes by itself
    act(pos, 'Use Archère'); // 1 damage to Bastion (the only opposing character or location)
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 1, 'Bastion')]).toBe(4); // 1 + Garde's 3
  },
  'Porte-Bannière': () => {
    character('Porte-Bannière', 2, 3, 2)();
    const pos = S({ board: ['Porte-Bannière'] });
    act(pos, 'Use Porte-Bannière'); // itself, the only character
    expect(strengthOf(pos.st, inPlayNamed(pos, 0, 'Porte-Bannière'))).toBe(4);
  },
  Berserker: character('Berserker', 6, 2, 2),
  Veilleur: character('Veilleur', 1, 4, 1),
  Lancier: character('Lancier', 3, 2, 3),
  Vétéran: character('Vétéran', 5, 6, 2),
  Saboteur: () => {
    character('Saboteur', 2, 2, 2)();
    const pos = S({ board: ['Saboteur', 'Cristal', 'Cristal'] }, { board: ['Sanctuaire'] });
    act(pos, 'Use Saboteur');
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Sanctuaire']);
  },
  // ---- items
  'Épée Runique': () => {
    checkCost('Épée Runique');
    expect(hit('Garde', ['Épée Runique'])).toBe(5);
  },
  'Armure de Braise': () => {
    checkCost('Armure de Braise');
    const pos = P({ board: ['Garde', { name: 'Armure de Braise', attachedTo: 0 }] });
    expect(lifeOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(5);
  },
  'Bottes de Vent': () => {
    checkCost('Bottes de Vent');
    const pos = P({ board: ['Garde', { name: 'Bottes de Vent', attachedTo: 0 }] });
    expect(speedOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(4);
  },
  Grimoire: () => {
    checkCost('Grimoire');
    const pos = S({ board: ['Grimoire', 'Cristal'] });
    act(pos, 'Use Grimoire');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine']);
    expect(has(pos, 'Use Grimoire')).toBe(false);
  },
  Étendard: () => {
    checkCost('Étendard');
    const pos = S({ board: ['Garde', { name: 'Étendard', attachedTo: 0 }] });
    const g = inPlayNamed(pos, 0, 'Garde');
    expect([strengthOf(pos.st, g), lifeOf(pos.st, g)]).toEqual([4, 3]);
    act(pos, 'Use Étendard');
    expect(speedOf(pos.st, g)).toBe(4);
  },
  // ---- locations
  'Tour de Guet': () => {
    checkCost('Tour de Guet');
    const pos = S({ board: ['Brute', 'Tour de Guet'] });
    act(pos, 'Attack');
    act(pos, 'Use Tour de Guet');
    expect(speedOf(pos.st, inPlayNamed(pos, 0, 'Brute'))).toBe(2);
  },
  Forge: () => {
    checkCost('Forge');
    const pos = S({ board: ['Garde', 'Forge'] });
    act(pos, 'Use Forge');
    act(pos, 'End the turn');
    expect(strengthOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(4); // permanent: still there next turn
  },
  Sanctuaire: () => {
    checkCost('Sanctuaire');
    const pos = S({ board: [{ name: 'Garde', consumed: true }, 'Sanctuaire'] });
    act(pos, 'Use Sanctuaire');
    expect(pos.st.w[O_CONS + inPlayNamed(pos, 0, 'Garde')]).toBe(0);
  },
  Bastion: () => {
    checkCost('Bastion');
    const pos = S({ board: ['Brute', 'Garde'] }, { board: ['Bastion'] });
    act(pos, 'Attack');
    act(pos, 'Attack the location');
    act(pos, 'Attack with Brute');
    act(pos, 'Attack with Garde');
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 1, 'Bastion')]).toBe(7); // life 10: still standing
  },
  'Marché Noir': () => {
    checkCost('Marché Noir');
    const pos = S({ board: ['Marché Noir', 'Cristal'] });
    act(pos, 'Use Marché Noir');
    expect(boardNames(pos, 0)).toEqual(['Cercle des Racines', 'Marché Noir', 'Cristal', 'Cristal', 'Racine']);
  },
  // ---- tactics
  Bouclier: () => {
    checkCost('Bouclier');
    const pos = playTactic('Bouclier', { board: ['Garde'] });
    expect(lifeOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(4);
  },
  Assassinat: () => {
    checkCost('Assassinat');
    const pos = P({ board: ['Brute', 'Cristal', 'Cristal', 'Cristal'], hand: ['Assassinat'] }, { board: ['Veilleur'] });
    act(pos, 'Attack');
    act(pos, 'Pass');
    act(pos, 'Defend with Veilleur');
    act(pos, 'Play Assassinat');
    act(pos, 'Target opposing Veilleur');
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Veilleur']);
    expect(infl(pos, 1)).toBe(21);
  },
  'Vent Arrière': () => {
    checkCost('Vent Arrière');
    const pos = S({ board: ['Brute', 'Braise'], hand: ['Vent Arrière'] });
    act(pos, 'Attack');
    act(pos, 'Play Vent Arrière');
    expect(speedOf(pos.st, inPlayNamed(pos, 0, 'Brute'))).toBe(3);
  },
  Entrave: () => {
    checkCost('Entrave');
    const pos = S({ board: ['Garde', 'Racine'], hand: ['Entrave'] });
    act(pos, 'Attack');
    act(pos, 'Play Entrave');
    expect(speedOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(0);
  },
  'Embuscade Nocturne': () => {
    checkCost('Embuscade Nocturne');
    const pos = buildPosition({ active: 1, sides: [{ deck, faction: 'Cercle des Racines', board: ['Cristal', 'Cristal'], hand: ['Embuscade Nocturne'] }, { deck, faction: 'Cercle des Racines', board: ['Veilleur', 'Cristal'], hand: ['Éclaireuse', 'Braise'] }] });
    expect(has(pos, 'Play Embuscade')).toBe(false); // the opponent's main phase: not yet
    act(pos, 'End the turn');
    act(pos, 'Play Embuscade Nocturne');
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 1, 'Veilleur')]).toBe(0); // 3 dealt, then cleared at the end of the turn (D3)
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Embuscade Nocturne']);
  },
  Parade: () => {
    checkCost('Parade');
    const pos = S({ board: ['Brute'] }, { board: ['Garde', 'Racine'], hand: ['Parade'] });
    act(pos, 'Attack');
    act(pos, 'Pass');
    act(pos, 'Defend with Garde');
    act(pos, 'Pass');
    act(pos, 'Pass');
    act(pos, 'Pass');
    act(pos, 'Play Parade');
    act(pos, 'Target own Garde');
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 1, 'Garde')]).toBe(1);
  },
  Flammes: () => {
    checkCost('Flammes');
    const pos = playTactic('Flammes', {}, { board: ['Bastion'] });
    expect(pos.st.w[O_DMG + inPlayNamed(pos, 1, 'Bastion')]).toBe(3);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine']);
  },
  Inspiration: () => {
    checkCost('Inspiration');
    const pos = playTactic('Inspiration');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine', 'Garde']);
  },
  Furie: () => {
    checkCost('Furie');
    const pos = playTactic('Furie', { board: ['Garde'] });
    expect(strengthOf(pos.st, inPlayNamed(pos, 0, 'Garde'))).toBe(6);
  },
  Épuisement: () => {
    checkCost('Épuisement');
    const pos = playTactic('Épuisement', {}, { board: ['Garde'] });
    expect(pos.st.w[O_CONS + inPlayNamed(pos, 1, 'Garde')]).toBe(1);
  },
  'Second Souffle': () => {
    checkCost('Second Souffle');
    const pos = playTactic('Second Souffle', { board: [{ name: 'Garde', consumed: true }] });
    expect(pos.st.w[O_CONS + inPlayNamed(pos, 0, 'Garde')]).toBe(0);
  },
  'Frappe Directe': () => {
    checkCost('Frappe Directe');
    const pos = playTactic('Frappe Directe');
    expect(infl(pos, 1)).toBe(23);
  },
  'Croissance Sauvage': () => {
    checkCost('Croissance Sauvage');
    const pos = playTactic('Croissance Sauvage');
    expect(boardNames(pos, 0)).toEqual(['Cercle des Racines', 'Racine', 'Cristal', 'Racine']);
  },
  Démolition: () => {
    checkCost('Démolition');
    const pos = playTactic('Démolition', {}, { board: ['Garde', { name: 'Épée Runique', attachedTo: 0 }] });
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Épée Runique']);
  },
  'Pacte de Sang': () => {
    checkCost('Pacte de Sang');
    const pos = playTactic('Pacte de Sang');
    expect(infl(pos, 0)).toBe(26); // Cercle des Racines: 28 − 2
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Éclaireuse', 'Racine', 'Garde']);
  },
};

describe('every card does what its text and numbers say', () => {
  for (const c of CARDS) {
    it(`${c.name} (${c.type})`, () => {
      const s = SCENARIOS[c.name];
      expect(s, `no scenario for "${c.name}"`).toBeDefined();
      s!();
    });
  }
});

describe('catalogue coverage', () => {
  it('every card has a scenario and a provenance note; no scenario names a missing card', () => {
    for (const c of CARDS) {
      expect(SCENARIOS[c.name], c.name).toBeDefined();
      expect(c.provenance.note.length).toBeGreaterThan(10);
    }
    for (const n of Object.keys(SCENARIOS)) expect(CARDS.some((c) => c.name === n), n).toBe(true);
  });
  it('at least 45 cards: factions, resources of every icon, characters, items, locations, tactics; every verb used', () => {
    expect(CARDS.length).toBeGreaterThanOrEqual(45);
    // The README's count: every entry is a card (57), by type.
    const by: Record<string, number> = {};
    for (const c of CARDS) by[c.type] = (by[c.type] ?? 0) + 1;
    expect([CARDS.length, by]).toEqual([57, { faction: 6, resource: 6, character: 20, item: 5, location: 5, tactic: 15 }]);
    const types = new Set(CARDS.map((c) => c.type));
    expect([...types].sort()).toEqual(['character', 'faction', 'item', 'location', 'resource', 'tactic']);
    expect(new Set(CARDS.filter((c) => c.type === 'resource').map((c) => c.icon))).toEqual(new Set(ICONS));
    const used = new Set(CARDS.flatMap((c) => c.abilities.flatMap((a) => a.effects.map((e) => e.verb))));
    expect([...used].sort()).toEqual([...VERBS].sort());
  });
  it('§8 archetypes: a ◆◆ threshold, an attached item, a location, an end-of-turn tactic', () => {
    expect(CARDS.some((c) => (c.threshold?.['◆'] ?? 0) >= 2)).toBe(true);
    expect(CARDS.some((c) => c.attach !== undefined)).toBe(true);
    expect(CARDS.some((c) => c.abilities.some((a) => a.timing === 'endOfTurn'))).toBe(true);
    const pos = P({ board: ['Éclaireuse'] });
    expect(pos.st.w[O_PHASE]).toBe(PH_MAIN);
    expect(PH_OVER).toBeGreaterThan(PH_MAIN);
  });
});
