// The scenario runner itself (src/games/blue-rising/scenario.ts): every scenario also runs
// with the seats exchanged, positions at setup and in the middle of an attack, absence
// expectations, and the positions it refuses.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScenario, exchangeSeats, mirrorScore, runScenario, type ScenarioSpec } from '../../../src/games/blue-rising/scenario.ts';

const RULES = resolve(import.meta.dirname, '../../scenarios/rules');
const load = (f: string): ScenarioSpec => JSON.parse(readFileSync(resolve(RULES, f), 'utf8')) as ScenarioSpec;
const spec = (json: unknown): ScenarioSpec => checkScenario(json, 'inline.json');

describe('seats exchanged', () => {
  it('exchangeSeats lists the second player first and mirrors the score in log expectations', () => {
    const s = load('R40-environment-hit.json');
    const x = exchangeSeats(s);
    expect(Object.keys(s.players)).toEqual(['Joachim', 'Timothée']);
    expect(Object.keys(x.players)).toEqual(['Timothée', 'Joachim']);
    expect(x.players.Joachim).toEqual(s.players.Joachim);
    expect(x.active).toBe('Joachim');
    expect(x.steps[1]!.expect!.log).toBe('Joachim scores 1 VP (Nisqy hits the Environment, R40): 0–1');
    expect(mirrorScore('=== Turn 4: Timothée (VP 2–0, hand 5, deck 9) ===')).toBe('=== Turn 4: Timothée (VP 0–2, hand 5, deck 9) ===');
    expect(mirrorScore('Contre-Attaque (R48): Suygetsu is destroyed')).toBe('Contre-Attaque (R48): Suygetsu is destroyed');
  });

  it('a scenario passes both ways, and an expectation that holds in one seat order only fails the exchanged run', () => {
    const s = load('R40-environment-hit.json');
    expect(runScenario(s, 'R40.json').ok).toBe(true);
    expect(runScenario(s, 'R40.json', undefined, 'exchanged').ok).toBe(true);
    // "…): 1" is the seat-0 score alone: true as written, false once Joachim sits second.
    s.steps[1]!.expect!.log = 'Joachim scores 1 VP (Nisqy hits the Environment, R40): 1';
    expect(runScenario(s, 'R40.json', undefined, 'as-written').ok).toBe(true);
    const r = runScenario(s, 'R40.json');
    expect(r.ok).toBe(false);
    expect(r.failure).toBe('with the seats exchanged: steps[1]: log: expected a line containing "Joachim scores 1 VP (Nisqy hits the Environment, R40): 1"');
  });
});

const duel = (extra: Record<string, unknown>, joachim: Record<string, unknown> = {}, timothee: Record<string, unknown> = {}): ScenarioSpec =>
  spec({
    mode: 'standard',
    active: 'Joachim',
    players: {
      Joachim: { environment: 'Champs de Bataille', board: { 'front-left': 'Mercenaire Errant', 'back-left': 'Yukino' }, ...joachim },
      Timothée: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-centre': 'Fatih' }, ...timothee },
    },
    steps: [],
    ...extra,
  });

describe('a position at setup (phase "mulligan")', () => {
  it('deals the given hands and decks, the Aspirants face down, and plays the mulligans as steps up to turn 1', () => {
    const s = duel({
      phase: 'mulligan',
      mode: 'quick',
      steps: [
        { expect: { phase: 'mulligan', current: 'Joachim', legal: ['keep the opening hand', 'mulligan Glance', 'mulligan Kitty, Glance'] } },
        { do: 'Joachim: mulligan Glance' },
        { expect: { current: 'Timothée', handSize: { Joachim: 2 }, zone: { Ripp: 'hand:Joachim' } } },
        { do: 'Timothée: keep the opening hand' },
        { expect: { phase: 'main', current: 'Joachim', log: ['Joachim reveals Mercenaire Errant (front-left), Yukino (back-left) (R15)', '=== Turn 1: Joachim'] } },
      ],
    }, { hand: ['Kitty', 'Glance'], deck: ['Ripp', 'Kenny'] }, { hand: ['Nisqy'] });
    const r = runScenario(s, 'setup.json');
    expect(r.failure).toBeUndefined();
    expect(r.ok).toBe(true);
    expect(r.steps).toBe(2);
  });

  it('is refused with a turn, or with a first player other than the active one', () => {
    expect(() => duel({ phase: 'mulligan', turn: 2 })).toThrow('inline.json: turn: a position at setup (phase "mulligan") is before turn 1');
    expect(() => duel({ phase: 'mulligan', first: 'Timothée' })).toThrow('inline.json: first: at setup the first player is the active one');
  });
});

describe('a position in the middle of an attack', () => {
  it('step 2a: the defender reacts to an attack on a column', () => {
    const s = duel({ attack: { step: '2a', attacker: 'Mercenaire Errant', column: 'left' }, steps: [
      { expect: { phase: 'reaction (2a)', current: 'Timothée', tapped: { 'Mercenaire Errant': true }, legal: ['tap Fatih to move it to front-left', 'done reacting'] } },
      { do: 'Timothée: tap Fatih to move it to front-left' },
      { expect: { zone: { Fatih: 'board:Timothée:front-left' }, tapped: { Fatih: true } } },
    ] });
    const r = runScenario(s, 'attack-2a.json');
    expect(r.failure).toBeUndefined();
  });

  it('step 3b: the fighters are given, the window opens on the attacker and the fight follows', () => {
    const s = duel({ attack: { step: '3b', attacker: 'Mercenaire Errant', defender: 'Fatih' }, steps: [
      { expect: { phase: 'window', current: 'Joachim', legal: ['support with Yukino'], power: { 'Mercenaire Errant': 3, Fatih: 3 } } },
      { do: 'Joachim: support with Yukino' },
      { expect: { current: 'Timothée', legal: ['support with Fatih'] } },
      { do: 'Timothée: pass' },
      { expect: { fight: { attacker: 4, defender: 3 }, zone: { Fatih: 'discard:Timothée' }, absent: ['Fatih'] } },
    ] });
    const r = runScenario(s, 'attack-3b.json');
    expect(r.failure).toBeUndefined();
  });

  it('refuses a fighter that is not on the right board, and a step it does not know', () => {
    expect(() => runScenario(duel({ attack: { step: '3b', attacker: 'Fatih', defender: 'Fatih' } }), 'a.json')).toThrow('a.json: attack.attacker: "Fatih" is not on Joachim\'s board');
    expect(() => runScenario(duel({ attack: { step: '3b', attacker: 'Yukino', defender: 'Yukino' } }), 'a.json')).toThrow('a.json: attack.defender: "Yukino" is not on Timothée\'s board');
    expect(() => duel({ attack: { step: '4', attacker: 'Yukino', column: 'left' } })).toThrow('inline.json: attack.step: expected one of 2a, 2b, 3b');
    expect(() => duel({ attack: { step: '2b', attacker: 'Yukino', defender: 'environment', column: 'left' } })).toThrow('attack.defender');
  });
});

describe('absence', () => {
  it('"absent" fails when the card is anywhere in play, and "Card@Player" looks at one side', () => {
    const s = duel({ steps: [{ expect: { absent: ['Kitty', 'Fatih@Joachim', 'Glance'] } }] }, { hand: ['Kitty'], discard: ['Glance'] });
    expect(runScenario(s, 'absent.json').ok).toBe(true);
    s.steps = [{ expect: { absent: ['Fatih'] } }];
    expect(runScenario(s, 'absent.json').failure).toBe('steps[0]: absent Fatih: found in play at board:Timothée:front-centre');
    s.steps = [{ expect: { absent: ['Champs de Bataille@Joachim'] } }];
    expect(runScenario(s, 'absent.json').failure).toBe('steps[0]: absent Champs de Bataille@Joachim: found in play at environment:Joachim');
  });

  it('"notKeywords" fails when the character holds the keyword', () => {
    const s = duel({ steps: [{ expect: { notKeywords: { 'Mercenaire Errant': ['Furtif'] } } }] }, { board: { 'front-left': { card: 'Mercenaire Errant', object: "Cape d'Ombre" } } });
    expect(runScenario(s, 'kw.json').failure).toBe('steps[0]: keywords of Mercenaire Errant: expected no Furtif, has Furtif');
    s.steps = [{ expect: { notKeywords: { Fatih: ['Furtif', 'Rage'] } } }];
    expect(runScenario(s, 'kw.json').ok).toBe(true);
  });
});

describe('positions refused', () => {
  it('a quick position with an Artefact, as deck validation refuses one (R8)', () => {
    const s = duel({ mode: 'quick' }, { artefact: 'Talisman de la Dernière Garde' });
    expect(() => runScenario(s, 'quick.json')).toThrow('quick.json: players.Joachim.artefact: "Talisman de la Dernière Garde": R8: a quick game has no Artefact');
    expect(runScenario(duel({}, { artefact: 'Talisman de la Dernière Garde' }), 'standard.json').ok).toBe(true);
  });
});

describe('powers by role', () => {
  it('"asDefender" counts Défense and "asAttacker" Attaque, outside a fight', () => {
    // Gardien du Pont: 2 base, Défense+2.
    const s = duel({ steps: [{ expect: { asDefender: { 'Gardien du Pont': 4 }, asAttacker: { 'Gardien du Pont': 2 }, power: { 'Gardien du Pont': 2 } } }] }, { board: { 'front-left': 'Gardien du Pont' } });
    expect(runScenario(s, 'role.json').failure).toBeUndefined();
    s.steps = [{ expect: { asDefender: { 'Gardien du Pont': 2 } } }];
    expect(runScenario(s, 'role.json').failure).toBe('steps[0]: asDefender Gardien du Pont: expected 2, got 4');
  });
});
