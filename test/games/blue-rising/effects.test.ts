// D22 and R6 in resistTargets: which opposing Résistant characters an ability would affect,
// as the mask of the opponent's slots (bit s for slot s), read directly on built positions.
// The test cards give riders a target other than the subject's, so that a rider applied or
// skipped shows in the mask.
import { describe, expect, it } from 'vitest';
import { compileCatalogue, TR_PLAY } from '../../../src/games/blue-rising/catalogue/compile.ts';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import type { CardDef } from '../../../src/games/blue-rising/catalogue/schema.ts';
import { resistExtra, resistTargets } from '../../../src/games/blue-rising/effects.ts';
import { buildScenario, type PlayerSpec, type ScenarioSpec } from '../../../src/games/blue-rising/scenario.ts';
import { Z_OCC } from '../../../src/games/blue-rising/state.ts';

const event = (name: string, play: CardDef['play']): CardDef => ({ name, type: 'event', cost: 0, play, text: name, provenance: {} });
// Base on the chosen opposing character; Gardiens: -1 to every opposing character too.
const WAVE = event('Onde des Gardiens', {
  effects: [{ verb: 'power', target: 'chosenOpponent', amount: -1 }],
  rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
});
// The same with a rider of the first faction (index 0).
const ECHO = event('Écho des Émissaires', {
  effects: [{ verb: 'power', target: 'chosenAny', amount: 1 }],
  rider: { faction: 'Émissaires', effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
});
// Names the Attacker: outside an attack it names nobody, so its rider has no subject.
const CHARGE = event('Charge Sans Chef', {
  effects: [{ verb: 'power', target: 'attacker', amount: 1 }],
  rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
});
// Only a chosen own character: an opposing Résistant one is never affected.
const BOOST = event('Élan des Siens', { effects: [{ verb: 'power', target: 'chosenAny', amount: 1 }] });
// No chosen character: the subject is the first fighter the base names, before or after
// an effect on the controller.
const HORN = event('Cor du Rempart', {
  effects: [{ verb: 'power', target: 'attacker', amount: 1 }, { verb: 'draw', target: 'controller', amount: 1 }],
  rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
});
const DRUM = event('Tambour du Rempart', {
  effects: [{ verb: 'draw', target: 'controller', amount: 1 }, { verb: 'power', target: 'ownFighter', amount: 1 }],
  rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
});
const cat = compileCatalogue([...CARDS, WAVE, ECHO, CHARGE, BOOST, HORN, DRUM]);
const id = (name: string): number => cat.byName.get(name)!;

/** A position with these boards (seat 0 is Joachim), Joachim active. */
function build(joachim: PlayerSpec['board'], timothee: PlayerSpec['board'], attack?: ScenarioSpec['attack']) {
  const spec: ScenarioSpec = {
    mode: 'standard', active: 'Joachim', steps: [], attack,
    players: {
      Joachim: { environment: 'Champs de Bataille', board: joachim },
      Timothée: { environment: "L'Académie de l'Etoile Bleue", board: timothee },
    },
  };
  const { state: st } = buildScenario(spec, 'effects.test', cat);
  return { st, at: (gs: number): number => st.z[Z_OCC + gs]! };
}
// Slots: 0–2 front left, centre, right; 3–5 back; seat 1's are 6–11.
const B = (s: number): number => 1 << s;

describe('resistTargets (D22) with riders (R6)', () => {
  // Timothée: Nisqy (Résistant 1) front-left, Titan (Résistant 2) back-right, Kitty (Veilleurs) front-centre.
  const opp = { 'front-left': 'Nisqy', 'back-right': 'Titan des Remparts', 'front-centre': 'Kitty' };

  it('a chosen Gardien brings the rider: every opposing Résistant character, paid 1 + 2', () => {
    const { st, at } = build({ 'front-left': 'Gardien du Pont' }, opp);
    expect(resistTargets(st, 0, id('Onde des Gardiens'), TR_PLAY, -1, at(6))).toBe(B(0) | B(5));
    expect(resistExtra(st, 0, id('Onde des Gardiens'), TR_PLAY, -1, at(6))).toBe(3);
  });

  it('a chosen character of another faction: the rider is skipped, only a Résistant chosen one counts', () => {
    const { st, at } = build({ 'front-left': 'Gardien du Pont' }, opp);
    expect(resistTargets(st, 0, id('Onde des Gardiens'), TR_PLAY, -1, at(7))).toBe(0);
    expect(resistExtra(st, 0, id('Onde des Gardiens'), TR_PLAY, -1, at(7))).toBe(0);
  });

  it('a rider of the first faction (Émissaires) applies only to an Émissaire', () => {
    const { st, at } = build({ 'front-left': 'Diplomate Rusée', 'front-right': 'Gardien du Pont' }, opp);
    expect(resistTargets(st, 0, id('Écho des Émissaires'), TR_PLAY, -1, at(0))).toBe(B(0) | B(5));
    expect(resistTargets(st, 0, id('Écho des Émissaires'), TR_PLAY, -1, at(2))).toBe(0);
    expect(resistTargets(st, 0, id('Écho des Émissaires'), TR_PLAY, -1, at(7))).toBe(0);
  });

  it('a rider without a subject (no Attacker outside an attack) is skipped', () => {
    const { st } = build({ 'front-left': 'Gardien du Pont' }, opp);
    expect(resistTargets(st, 0, id('Charge Sans Chef'), TR_PLAY, -1, -1)).toBe(0);
  });

  it('with no chosen character, the subject is the first fighter the base names', () => {
    // Gardien du Pont attacks Kitty: the Attacker is a Gardien, so the rider applies.
    const atk = { attacker: 'Gardien du Pont', defender: 'Kitty', step: '3b' } as const;
    const { st } = build({ 'front-centre': 'Gardien du Pont' }, opp, atk);
    expect(resistTargets(st, 0, id('Cor du Rempart'), TR_PLAY, -1, -1)).toBe(B(0) | B(5));
    expect(resistTargets(st, 0, id('Tambour du Rempart'), TR_PLAY, -1, -1)).toBe(B(0) | B(5));
    expect(resistExtra(st, 0, id('Tambour du Rempart'), TR_PLAY, -1, -1)).toBe(3);
    // Mercenaire Errant (no faction) attacks: no rider.
    const other = build({ 'front-centre': 'Mercenaire Errant' }, opp, { ...atk, attacker: 'Mercenaire Errant' });
    expect(resistTargets(other.st, 0, id('Cor du Rempart'), TR_PLAY, -1, -1)).toBe(0);
    expect(resistTargets(other.st, 0, id('Tambour du Rempart'), TR_PLAY, -1, -1)).toBe(0);
  });

  it('from seat 1: the area counts only seat 0 slots, not its own Résistant characters', () => {
    const { st, at } = build(
      { 'front-left': 'Colosse Sans Bannière', 'back-centre': 'Nisqy', 'front-right': 'Gardien du Pont' },
      { 'front-left': 'Nisqy', 'back-left': 'Sentinelle de Pierre' },
    );
    expect(resistTargets(st, 1, id('Onde des Gardiens'), TR_PLAY, -1, at(2))).toBe(B(0) | B(4));
    expect(resistExtra(st, 1, id('Onde des Gardiens'), TR_PLAY, -1, at(2))).toBe(2);
    expect(resistTargets(st, 1, id('Onde des Gardiens'), TR_PLAY, -1, at(0))).toBe(B(0));
  });

  it("an own Résistant character chosen or named is not the opponent's: nothing to pay", () => {
    const { st, at } = build({ 'front-centre': 'Nisqy', 'back-right': 'Titan des Remparts' }, { 'front-left': 'Kitty' });
    expect(resistTargets(st, 0, id('Élan des Siens'), TR_PLAY, -1, at(1))).toBe(0);
    expect(resistTargets(st, 0, id('Élan des Siens'), TR_PLAY, -1, at(5))).toBe(0);
    expect(resistTargets(st, 0, id('Élan des Siens'), TR_PLAY, -1, at(6))).toBe(0);
  });

  it('a selector that names nobody counts no slot, even with seat 0 Résistant at front-centre', () => {
    const { st } = build({ 'front-centre': 'Nisqy', 'front-left': 'Titan des Remparts' }, { 'front-left': 'Gardien du Pont' });
    expect(resistTargets(st, 1, id('Charge Sans Chef'), TR_PLAY, -1, -1)).toBe(0);
    expect(resistTargets(st, 1, id('Élan des Siens'), TR_PLAY, -1, -1)).toBe(0);
  });
});
