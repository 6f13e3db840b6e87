// The card-game shell (src/core/card-game.ts) as the three games built on it see it: number
// patches checked naming the card and the field, knobs from the defaults, only the knobs given.
import { describe, expect, it } from 'vitest';
import { CardFilterError, CardPatchError, givenKnobs, knobsOf, numberPatchSchema } from '../../src/core/card-game.ts';
import { diplomatieModule } from '../../src/games/diplomatie/module.ts';
import { paliersModule } from '../../src/games/paliers/module.ts';
import { seuilsModule } from '../../src/games/seuils/module.ts';

describe('card-game shell', () => {
  it('a number patch schema lists the card and each field with its range, nothing else', () => {
    expect(numberPatchSchema({ power: { minimum: 0, maximum: 9 } })).toEqual({
      type: 'object', required: ['card'], additionalProperties: false,
      properties: { card: { type: 'string', minLength: 1 }, power: { type: 'integer', minimum: 0, maximum: 9 } },
    });
    expect(Object.keys((diplomatieModule.patches.schema as { properties: object }).properties)).toEqual(['card', 'level', 'power', 'extraCost']);
    expect(paliersModule.patches.sweepFields).toEqual(['level', 'atq', 'pv', 'levels']);
  });

  it('a patch is checked naming the card and the field, in the game\'s words', () => {
    expect(() => paliersModule.patches.check({ card: 'Pikachu', atq: 1 }, 'arms.0.patches.0')).toThrow(new CardPatchError('arms.0.patches.0.card: unknown card "Pikachu"'));
    expect(() => paliersModule.patches.check({ card: 'Pousse', levels: 2 }, 'p')).toThrow('p.levels: "Pousse" is not a Level Up card (a character)');
    expect(() => seuilsModule.patches.check({ card: 'Brute', strength: 21 }, 'p')).toThrow('p.strength: expected an integer in 0..20 for "Brute", got 21');
    expect(() => diplomatieModule.patches.check({ card: 'Loup', extraCost: 1 }, 'p')).toThrow('p.extraCost: "Loup" is a creature (it has no extra cost)');
    expect(() => seuilsModule.patches.check({ card: 'Brute', strength: 6 }, 'p')).not.toThrow();
    expect(diplomatieModule.patches.describe({ card: 'Loup', power: 30, level: 2 })).toBe('Loup level 2, power 30');
  });

  it('knobs come from the defaults: numbers with their range, words with their values, flags true or false', () => {
    expect(knobsOf({ cap: 5, mode: 'a', on: true }, { cap: [1, 9], mode: ['a', 'b'] })).toEqual([
      { key: 'cap', default: 5, range: [1, 9] }, { key: 'mode', default: 'a', words: ['a', 'b'] }, { key: 'on', default: true, words: ['true', 'false'] },
    ]);
    expect(givenKnobs(() => ({ cap: 7, mode: 'a', on: true }), ['cap=7'])).toEqual({ cap: 7 });
    expect(paliersModule.rules.parse(['turnCap=40'])).toEqual({ turnCap: 40 });
  });

  it('lab cards filters by the game\'s keys and refuses another', () => {
    expect(paliersModule.catalogue.list(['kind=levelup']).lines[0]).toMatch(/ — Level Up — /);
    expect(() => seuilsModule.catalogue.list(['level=2'])).toThrow(new CardFilterError('--filter: unknown key "level" (valid: type, cost, name, or free text)'));
  });
});
