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
