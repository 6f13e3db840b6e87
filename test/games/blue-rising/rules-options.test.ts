// Rule knobs: every number has a range, checked where options are parsed (the command line's
// --rule, an experiment's or a scenario's "rules"), so that no value makes every game impossible.
import { describe, expect, it } from 'vitest';
import {
  KNOB_RANGES,
  RULES,
  RuleOptionError,
  parseRuleOverrides,
  rulesFor,
} from '../../../src/games/blue-rising/rules-options.ts';
import { ScenarioError, checkScenario, runScenario } from '../../../src/games/blue-rising/scenario.ts';

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

describe('rule knob ranges', () => {
  it('every numeric knob has a range, and the defaults of both modes lie in it', () => {
    for (const mode of ['standard', 'quick'] as const) {
      const o = RULES[mode] as unknown as Record<string, unknown>;
      const numeric = Object.keys(o).filter((k) => typeof o[k] === 'number').sort();
      expect(Object.keys(KNOB_RANGES).sort()).toEqual(numeric);
      for (const [k, [lo, hi]] of Object.entries(KNOB_RANGES)) {
        expect(o[k] as number, k).toBeGreaterThanOrEqual(lo);
        expect(o[k] as number, k).toBeLessThanOrEqual(hi);
      }
      expect(() => rulesFor(mode)).not.toThrow();
    }
  });

  it('--rule turnCap=0 is refused, naming the knob, its value and the range', () => {
    const e = errorOf(() => parseRuleOverrides(['turnCap=0']));
    expect(e).toBeInstanceOf(RuleOptionError);
    expect(e.message).toBe('--rule turnCap=0: out of range 3..30000');
    expect(parseRuleOverrides(['turnCap=3'])).toEqual({ turnCap: 3 });
  });

  it('each bound is checked on the command line: one below / above is refused, the bound itself accepted', () => {
    for (const [k, [lo, hi]] of Object.entries(KNOB_RANGES)) {
      expect(parseRuleOverrides([`${k}=${lo}`]), k).toEqual({ [k]: lo });
      expect(parseRuleOverrides([`${k}=${hi}`]), k).toEqual({ [k]: hi });
      expect(() => parseRuleOverrides([`${k}=${hi + 1}`]), k).toThrow(`--rule ${k}=${hi + 1}: out of range ${lo}..${hi}`);
      if (lo > 0) expect(() => parseRuleOverrides([`${k}=${lo - 1}`]), k).toThrow(`--rule ${k}=${lo - 1}: out of range ${lo}..${hi}`);
    }
    expect(() => parseRuleOverrides(['handSize=-1'])).toThrow('expected a non-negative integer');
  });

  it('values given as objects (experiments, scenarios) are checked when the rules are built', () => {
    expect(() => rulesFor('standard', { vpToWin: 0 })).toThrow(new RuleOptionError('rule vpToWin: 0 is out of range 1..100'));
    expect(() => rulesFor('quick', { setupAspirants: 7 })).toThrow('rule setupAspirants: 7 is out of range 1..6');
    expect(() => rulesFor('standard', { handSize: 2.5 })).toThrow('rule handSize: 2.5 is out of range 1..40');
    expect(() => rulesFor('standard', { openingDraw: [3, 6] })).toThrow('rule openingDraw: 6 is out of range 0..5');
    expect(() => rulesFor('standard', { turnCapp: 5 } as never)).toThrow(/^rule turnCapp: unknown rule knob \(valid: vpToWin, /);
  });

  it('knobs that leave no way to score a VP are refused together', () => {
    const none = { environmentVp: 0, aspirantVp: 0, heroVp: 0, legendVp: 0, exhaustionVp: 0 };
    expect(() => rulesFor('standard', none)).toThrow(/no VP can ever be scored/);
    expect(() => rulesFor('standard', { ...none, legendVp: 1 })).not.toThrow();
  });

  it('several Supports an attack need Support to tap (D15), else one character could support twice', () => {
    expect(() => rulesFor('standard', { supportTaps: false, supportsPerAttack: 2 })).toThrow(
      new RuleOptionError('rules supportTaps=false with supportsPerAttack=2: one character could support 2 times in an attack (with supportTaps=false, supportsPerAttack must be 0 or 1)'),
    );
    // From the command line, refused while parsing, before any game starts.
    expect(() => parseRuleOverrides(['supportTaps=false', 'supportsPerAttack=3'])).toThrow(/supportsPerAttack=3/);
    expect(() => parseRuleOverrides(['supportTaps=false'])).not.toThrow();
    expect(() => rulesFor('standard', { supportTaps: false, supportsPerAttack: 1 })).not.toThrow();
    expect(() => rulesFor('standard', { supportTaps: true, supportsPerAttack: 2 })).not.toThrow();
  });

  it("a scenario's knob out of range is refused as a scenario error naming the file, its rules and the knob", () => {
    const spec = checkScenario({ name: 'bad cap', mode: 'standard', active: 'Joachim', rules: { turnCap: 0 },
      players: { Joachim: { environment: 'Champs de Bataille' }, Timothée: { environment: 'Champs de Bataille' } }, steps: [] }, 'bad.json');
    const e = errorOf(() => runScenario(spec, 'bad.json'));
    expect(e).toBeInstanceOf(ScenarioError);
    expect(e.message).toBe('bad.json: rules: turnCap: 0 is out of range 3..30000');
  });
});
