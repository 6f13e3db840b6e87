// §12: the rules' worked example, replayed through the public action API.
import { describe, expect, it } from 'vitest';
import { loadScenario, runScenario, buildScenario, findAction } from '../../../src/games/blue-rising/scenario.ts';
import { O_LAST_ATK_POWER, O_LAST_DEF_POWER, O_VP } from '../../../src/games/blue-rising/state.ts';

const FILE = 'test/scenarios/worked-example.json';

describe('§12 worked example', () => {
  it('holds every number of the seeds: 8 after Rugissement, 11 vs 10, Arthur discarded, 1 VP, Recovery', () => {
    const result = runScenario(loadScenario(FILE), FILE);
    expect(result.failure).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.steps).toBe(18);
    expect(result.log).toContain('11 > 10: the Attacker wins (R39)');
    expect(result.log).toContain('Joachim scores 1 VP (Arthur destroyed, R40): 0–1');
  });

  it('replays through the engine API with the same totals', () => {
    const spec = loadScenario(FILE);
    const b = buildScenario(spec, FILE);
    for (const step of spec.steps) if (step.do) b.game.apply(b.state, findAction(b, step.do, 'test', FILE));
    expect(b.state.w[O_LAST_ATK_POWER]).toBe(11);
    expect(b.state.w[O_LAST_DEF_POWER]).toBe(10);
    const joachim = b.seats.indexOf('Joachim');
    expect(b.state.w[O_VP + joachim]).toBe(1);
  });

  it('a wrong expectation fails and names what it expected', () => {
    const spec = loadScenario(FILE);
    const last = spec.steps[spec.steps.length - 1]!;
    (last.expect as { fight: { attacker: number } }).fight.attacker = 12;
    const result = runScenario(spec, FILE);
    expect(result.ok).toBe(false);
    expect(result.failure).toMatch(/fight: expected the Attacker at 12, got 11/);
  });

  it('an action text that matches no legal action is refused with the closest ones', () => {
    const spec = loadScenario(FILE);
    spec.steps = [{ do: 'Joachim: play Rugissement des ultra on Nisqy' }];
    expect(() => runScenario(spec, FILE)).toThrow(/matches no legal action of Joachim \(closest: "play Rugissement des ultras on Nisqy"/);
  });
});
