// One scenario per card of the catalogue: the card is played or used in a small position
// and the numbers it prints are checked. The last test checks that no card lacks one.
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/diplomatie/catalogue/cards.ts';
import { power } from '../../../src/games/diplomatie/rules.ts';
import { act, actionTexts, boardNames, buildPosition, zoneNames, type PositionSpec } from '../../../src/games/diplomatie/scenario.ts';
import { O_CHG, O_EXH, O_PD, O_PERM, O_PV, SLOTS } from '../../../src/games/diplomatie/state.ts';

const deck = ['Loup', 'Loup', 'Loup', 'Loup'];
const P = (a: PositionSpec['sides'][0], b: PositionSpec['sides'][1] = { deck }, rules?: PositionSpec['rules']) => buildPosition({ sides: [a, b], rules });
const pv = (pos: ReturnType<typeof P>, p: number) => pos.st.w[O_PV + p]!;
const has = (pos: ReturnType<typeof P>, text: string) => actionTexts(pos).some((t) => t.includes(text));

/** Plays a creature (Light Play at level 1, else Extra Play paying with exactly `level` fillers) and attacks directly. */
function directHit(name: string, level: number): number {
  const fillers = Array.from({ length: level === 1 ? 0 : level }, () => 'Pillage');
  const pos = P({ hand: [name, ...fillers] });
  act(pos, `${level === 1 ? 'Light' : 'Extra'} Play ${name}`);
  act(pos, `Attack with ${name}`);
  return 100 - pv(pos, 1);
}

/** Evolves `base` (in play) into `top` (in hand) and attacks directly; returns the damage. */
function evolveHit(base: string, top: string, under: string[] = []): number {
  const pos = P({ board: [{ name: base, under }], hand: [top] });
  act(pos, `into ${top}`);
  act(pos, `Attack with ${top}`);
  return 100 - pv(pos, 1);
}

const SCENARIOS: Record<string, () => void> = {
  // ---- plain creatures
  Loup: () => expect(directHit('Loup', 1)).toBe(20),
  Renard: () => expect(directHit('Renard', 1)).toBe(25),
  Sanglier: () => {
    expect(directHit('Sanglier', 1)).toBe(25);
    const tie = P({ board: ['Sanglier', 'Loup'] }, { board: ['Renard'], deck }); // R23: 25 = 25
    act(tie, 'Attack with Sanglier');
    expect(boardNames(tie, 0)).toEqual(['', 'Loup']);
    expect(boardNames(tie, 1)).toEqual([]);
  },
  Hérisson: () => expect(directHit('Hérisson', 1)).toBe(22),
  Ours: () => expect(directHit('Ours', 2)).toBe(35),
  Aigle: () => expect(directHit('Aigle', 2)).toBe(30),
  'Titan des Cimes': () => expect(directHit('Titan des Cimes', 3)).toBe(46),
  'Colosse de Pierre': () => expect(directHit('Colosse de Pierre', 4)).toBe(59),
  Béhémoth: () => expect(directHit('Béhémoth', 5)).toBe(72),
  // ---- evolution families
  Louveteau: () => {
    expect(directHit('Louveteau', 1)).toBe(15);
    const pos = P({ board: ['Louveteau'], hand: ['Loup Alpha', 'Faucon Stellaire'] });
    expect(has(pos, 'into Loup Alpha')).toBe(true);
    expect(has(pos, 'into Faucon Stellaire')).toBe(false);
  },
  'Loup Alpha': () => expect(evolveHit('Louveteau', 'Loup Alpha')).toBe(33),
  'Loup Géant': () => expect(evolveHit('Loup Alpha', 'Loup Géant', ['Louveteau'])).toBe(48),
  Étincelle: () => {
    expect(directHit('Étincelle', 1)).toBe(15);
    const pos = P({ board: ['Étincelle'], hand: ['Loup Alpha', 'Faucon Stellaire'] });
    expect(has(pos, 'into Faucon Stellaire')).toBe(true);
    expect(has(pos, 'into Loup Alpha')).toBe(false);
  },
  'Faucon Stellaire': () => expect(evolveHit('Étincelle', 'Faucon Stellaire')).toBe(33),
  'Phénix Astral': () => expect(evolveHit('Faucon Stellaire', 'Phénix Astral')).toBe(60),
  'Golem de Roc': () => expect(directHit('Golem de Roc', 2)).toBe(30),
  'Dragon Ancestral': () => {
    expect(evolveHit('Golem de Roc', 'Dragon Ancestral')).toBe(75);
    expect(has(P({ board: ['Titan des Cimes'], hand: ['Dragon Ancestral'] }), 'into Dragon')).toBe(false);
  },
  'Lune Pâle': () => expect(evolveHit('Hérisson', 'Lune Pâle')).toBe(44),
  // ---- triggered creatures
  'Éclaireur Sacrifié': () => {
    const pos = P({ board: ['Ours', 'Loup'] }, { board: [{ name: 'Éclaireur Sacrifié', exhausted: true }], deck: ['Aigle', 'Loup'] });
    act(pos, 'Attack with Ours');
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Aigle']);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Éclaireur Sacrifié']);
  },
  'Esprit Protecteur': () => {
    const pos = P({ board: ['Ours', 'Loup'] }, { board: [{ name: 'Esprit Protecteur', exhausted: true }], deck });
    act(pos, 'Attack with Ours');
    act(pos, 'Yes');
    expect(pv(pos, 1)).toBe(105);
  },
  Sentinelle: () => {
    const pos = P({ hand: ['Sentinelle', 'Pillage', 'Soins'], board: ['Loup'] }, { board: ['Ours'], deck });
    act(pos, 'Extra Play Sentinelle');
    expect(pos.st.w[O_EXH + SLOTS]).toBe(1);
    expect(power(pos.st, 0, 1)).toBe(27);
  },
  Berserker: () => {
    const pos = P({ board: ['Berserker', 'Loup'] });
    act(pos, 'Attack with Berserker');
    expect(pv(pos, 1)).toBe(62);
  },
  'Gardien du Seuil': () => {
    const pos = P({ board: ['Ours', 'Loup'] }, { board: ['Gardien du Seuil'], deck });
    act(pos, 'Attack with Ours'); // 35 against 28 + 10: Ours dies
    expect(boardNames(pos, 0)).toEqual(['', 'Loup']);
    expect(power(pos.st, 1, 0)).toBe(38);
  },
  "Héraut de l'Aube": () => {
    const pos = buildPosition({ active: 1, sides: [{ board: ["Héraut de l'Aube"], deck }, { board: ['Loup'], deck }] });
    act(pos, 'End step 2');
    expect(pv(pos, 0)).toBe(103);
  },
  Chroniqueur: () => {
    const pos = P({ board: ['Chroniqueur'], deck: ['Aigle', 'Loup', 'Loup'] });
    act(pos, 'End step 2');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Aigle']);
    expect(pos.st.w[O_PD]).toBe(1);
  },
  // ---- quick, cast and passive creatures
  Druide: () => {
    const pos = P({ board: ['Druide'] });
    act(pos, 'Cast Druide');
    expect(pos.st.w[O_CHG]).toBe(1);
    act(pos, 'Cast Druide');
    expect(has(pos, 'Cast Druide')).toBe(false);
    act(pos, 'Attack with Druide');
    expect(pv(pos, 1)).toBe(65);
  },
  "Assassin de l'Ombre": () => {
    const pos = P({ board: ["Assassin de l'Ombre", 'Loup'] }, { board: [{ name: 'Titan des Cimes', exhausted: true }, 'Ours'], deck });
    act(pos, 'Cast Assassin');
    expect(boardNames(pos, 1)).toEqual(['', 'Ours']);
    expect(pos.st.w[O_EXH]).toBe(1);
  },
  Chaman: () => {
    const pos = P({ board: ['Chaman'], hand: ['Pillage'], deck: ['Aigle'] });
    act(pos, 'Cast Chaman');
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Pillage']);
    expect(zoneNames(pos, 0, 'hand')).toContain('Aigle');
  },
  'Golem Gardien': () => {
    const pos = P({ board: ['Loup'], hand: ['Foudre', 'Pillage'] }, { board: ['Golem Gardien'], deck });
    expect(has(pos, 'Play Foudre')).toBe(false);
    expect(directHit('Golem Gardien', 3)).toBe(38);
  },
  'Porte-Étendard': () => {
    const pos = P({ board: ['Loup', 'Porte-Étendard'] });
    expect(power(pos.st, 0, 0)).toBe(25);
    expect(power(pos.st, 0, 1)).toBe(26);
  },
  'Lancier Rapide': () => {
    const pos = P({ board: ['Lancier Rapide'] });
    act(pos, 'Attack with Lancier');
    act(pos, 'Cast Lancier');
    act(pos, 'Attack with Lancier');
    expect(pv(pos, 1)).toBe(72);
  },
  'Mage de Guerre': () => {
    const pos = P({ board: ['Mage de Guerre', 'Loup'] });
    act(pos, 'Cast Mage');
    expect(pv(pos, 1)).toBe(94);
    expect(pos.st.w[O_EXH]).toBe(1);
  },
  // ---- Kingdoms
  "Tour de l'Orage": () => {
    const pos = P({ board: ["Tour de l'Orage", 'Loup'] }, { board: ['Renard', { name: 'Ours', exhausted: true }], deck });
    act(pos, "Cast Tour de l'Orage");
    expect(boardNames(pos, 1)).toEqual(['Renard']);
  },
  'Royaume des Brumes': () => {
    const pos = P({ board: ['Royaume des Brumes', 'Ours'] });
    act(pos, 'Cast Royaume');
    expect(power(pos.st, 0, 1)).toBe(70);
  },
  'Citadelle Voilée': () => {
    const pos = P({ board: ['Loup'], hand: ['Foudre', 'Pillage'] }, { board: ['Ours', 'Citadelle Voilée'], deck });
    expect(has(pos, 'Play Foudre')).toBe(false);
    expect(has(pos, 'Attack with Loup')).toBe(true);
  },
  "Sanctuaire de l'Aube": () => {
    const pos = P({ board: ["Sanctuaire de l'Aube", { name: 'Ours', exhausted: true }, 'Loup'] });
    act(pos, 'Cast Sanctuaire');
    act(pos, 'Target own Ours');
    expect(pos.st.w[O_EXH + 1]).toBe(0);
  },
  'Source Vive': () => {
    const pos = P({ board: ['Source Vive', 'Loup'] });
    act(pos, 'Cast Source Vive');
    expect(pv(pos, 0)).toBe(106);
    expect(has(pos, 'Cast Source Vive')).toBe(false);
  },
  'Terrier Caché': () => {
    const pos = P({ board: ['Terrier Caché', 'Loup'], hand: ['Ours', 'Titan des Cimes'] });
    act(pos, 'Cast Terrier');
    expect(boardNames(pos, 0)).toEqual(['Terrier Caché', 'Loup', 'Ours']);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Titan des Cimes']);
  },
  'Forge de Guerre': () => {
    const pos = P({ board: ['Forge de Guerre', 'Loup'], hand: ['Pillage', 'Soins'] });
    act(pos, 'Cast Forge');
    act(pos, 'Pick Pillage');
    act(pos, 'Cast Forge');
    expect(power(pos.st, 0, 1)).toBe(40);
  },
  'Arsenal Royal': () => {
    const pos = P({ board: ['Arsenal Royal', 'Loup'] }, { board: [{ name: 'Ours', exhausted: true }], deck });
    act(pos, 'Cast Arsenal');
    expect(boardNames(pos, 1)).toEqual([]);
    expect(pos.st.w[O_CHG]).toBe(1);
  },
  Bastion: () => {
    const pos = P({ board: ['Bastion', 'Loup'] });
    expect(power(pos.st, 0, 1)).toBe(25);
  },
  Observatoire: () => {
    const pos = buildPosition({ active: 1, sides: [{ board: ['Observatoire'], deck: ['Loup', 'Loup', 'Aigle'] }, { board: ['Loup'], deck }] });
    act(pos, 'End step 2');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Loup', 'Loup', 'Aigle']);
  },
  'Camp Retranché': () => {
    const pos = P({ hand: ['Camp Retranché'], board: ['Loup'] }, { board: ['Ours'], deck });
    act(pos, 'Play Camp Retranché');
    expect(pos.st.w[O_EXH + SLOTS]).toBe(1);
  },
  // ---- Events
  Foudre: () => {
    const pos = P({ board: ['Loup'], hand: ['Foudre', 'Pillage'] }, { board: ['Titan des Cimes'], deck });
    act(pos, 'Play Foudre');
    expect(boardNames(pos, 1)).toEqual([]);
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Pillage', 'Foudre']);
  },
  Embuscade: () => {
    // A keeps a card to play (Citadelle Voilée), so its turn does not end by itself.
    const pos = P({ board: ['Ours', 'Loup'], hand: ['Citadelle Voilée'] }, { board: ['Renard'], hand: ['Embuscade'], deck });
    act(pos, 'Attack with Loup');
    act(pos, 'Play Embuscade');
    act(pos, 'Target opposing Ours');
    expect(pos.st.w[O_EXH]).toBe(1);
    expect(has(pos, 'Attack with Ours')).toBe(false);
  },
  Ruée: () => {
    const pos = P({ board: ['Loup'], hand: ['Ruée'] });
    act(pos, 'Play Ruée');
    act(pos, 'Attack with Loup');
    expect(pv(pos, 1)).toBe(60);
  },
  Bénédiction: () => {
    const pos = P({ board: ['Loup'], hand: ['Bénédiction'], deck: ['Aigle'] });
    act(pos, 'Play Bénédiction');
    expect(power(pos.st, 0, 0)).toBe(30);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Aigle']);
  },
  Renfort: () => {
    const pos = P({ board: ['Loup'] }, { hand: ['Renfort', 'Ours', 'Renard'], deck });
    act(pos, 'Attack with Loup');
    act(pos, 'Play Renfort'); // Renard: the one level-1 creature
    expect(boardNames(pos, 1)).toEqual(['Renard']);
    expect(boardNames(pos, 0)).toEqual([]);
  },
  Pillage: () => {
    const pos = P({ board: ['Loup'], hand: ['Pillage'] });
    act(pos, 'Play Pillage');
    expect(pv(pos, 1)).toBe(90);
  },
  Inspiration: () => {
    const pos = P({ board: ['Loup'], hand: ['Inspiration'], deck: ['Aigle', 'Ours', 'Renard'] });
    act(pos, 'Play Inspiration');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Aigle', 'Ours']);
  },
  Soins: () => {
    const pos = P({ board: ['Loup'], hand: ['Soins'] });
    act(pos, 'Play Soins');
    expect(pv(pos, 0)).toBe(115);
  },
  'Rituel de Force': () => {
    const pos = P({ board: ['Loup'], hand: ['Rituel de Force'] });
    act(pos, 'Play Rituel');
    act(pos, 'End step 2');
    expect(pos.st.w[O_PERM]).toBe(10);
    expect(power(pos.st, 0, 0)).toBe(30);
  },
  Réveil: () => {
    const pos = P({ board: ['Ours', 'Loup'], hand: ['Réveil'] });
    act(pos, 'Attack with Ours');
    act(pos, 'Play Réveil');
    act(pos, 'Target own Ours');
    act(pos, 'Attack with Ours');
    expect(pv(pos, 1)).toBe(30);
  },
  Éboulement: () => {
    const pos = P({ board: ['Loup'], hand: ['Éboulement', 'Pillage'], deck: ['Aigle'] }, { board: [{ name: 'Ours', exhausted: true }], deck });
    act(pos, 'Play Éboulement');
    expect(boardNames(pos, 1)).toEqual([]);
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Aigle']);
  },
  Frénésie: () => {
    const pos = P({ board: ['Ours'], hand: ['Frénésie', 'Pillage'] });
    act(pos, 'Play Frénésie');
    expect(pos.st.w[O_PERM]).toBe(35);
    expect(power(pos.st, 0, 0)).toBe(70);
  },
  // ---- Diplomacy cards
  'Traité de Paix': () => {
    const pos = P({ board: ['Loup'], hand: ['Traité de Paix', 'Pillage', 'Soins'] });
    act(pos, 'Play Traité');
    expect(pos.st.w[O_PD]).toBe(1);
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Pillage', 'Soins', 'Traité de Paix']);
  },
  Ambassade: () => {
    const pos = P({ board: ['Loup'], hand: ['Ambassade'], deck: ['Aigle', 'Ours'] });
    act(pos, 'Play Ambassade');
    expect(zoneNames(pos, 0, 'hand')).toEqual(['Aigle', 'Ours']);
  },
  Médiation: () => {
    const pos = P({ board: ['Ours', 'Loup'], hand: ['Citadelle Voilée'] }, { board: ['Renard'], hand: ['Médiation'], deck });
    act(pos, 'Attack with Loup');
    act(pos, 'Play Médiation');
    act(pos, 'Target opposing Ours');
    expect(pos.st.w[O_EXH]).toBe(1);
  },
  Tribut: () => {
    const pos = P({ board: ['Loup'], hand: ['Tribut'] });
    act(pos, 'Play Tribut');
    expect(pv(pos, 0)).toBe(115);
  },
  Alliance: () => {
    const pos = P({ board: ['Loup'], hand: ['Alliance', 'Ours', 'Titan des Cimes'] });
    act(pos, 'Play Alliance');
    expect(boardNames(pos, 0)).toEqual(['Loup', 'Ours']);
  },
  Ultimatum: () => {
    const pos = P({ board: ['Loup'], hand: ['Ultimatum', 'Pillage'] });
    act(pos, 'Play Ultimatum');
    expect(pv(pos, 1)).toBe(88);
  },
  Trêve: () => {
    const pos = P({ board: ['Ours'] }, { board: ['Renard'], hand: ['Trêve'], deck: ['Aigle', 'Loup', 'Loup'] });
    act(pos, 'Attack with Ours');
    act(pos, 'Play Trêve'); // its one target, the attacking Ours
    // Trêve drew Aigle; A's turn then ended and B drew its 2 for the turn.
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Aigle', 'Loup', 'Loup']);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Trêve']);
  },
};

describe('one scenario per card', () => {
  for (const c of CARDS) {
    it(`${c.name} (${c.type})`, () => {
      const run = SCENARIOS[c.name];
      expect(run, `no scenario for ${c.name}`).toBeTypeOf('function');
      run!();
    });
  }
  it('every scenario names a catalogue card', () => {
    const names = new Set(CARDS.map((c) => c.name));
    expect(Object.keys(SCENARIOS).filter((n) => !names.has(n))).toEqual([]);
  });
});
