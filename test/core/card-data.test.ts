// The card checkers compile their entry schemas without checking them against the JSON Schema
// meta-schema (it cost every command's start about 0.1 s): that check runs here instead.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { BR_CARD_DATA } from '../../src/games/blue-rising/catalogue/cards.ts';
import { DIP_CARD_DATA } from '../../src/games/diplomatie/catalogue/cards.ts';
import { PAL_CARD_DATA } from '../../src/games/paliers/catalogue/cards.ts';
import { SEUILS_CARD_DATA } from '../../src/games/seuils/catalogue/cards.ts';

const metaCheck = (schema: Record<string, unknown>): boolean => {
  const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true });
  return ajv.validateSchema(schema) as boolean;
};

describe('card entry schemas', () => {
  it.each([
    ['blue-rising', BR_CARD_DATA],
    ['diplomatie', DIP_CARD_DATA],
    ['paliers', PAL_CARD_DATA],
    ['seuils', SEUILS_CARD_DATA],
  ] as const)('%s: the entry schema is a valid JSON schema', (_game, checker) => {
    expect(metaCheck(checker.format.entry)).toBe(true);
  });
  it('a schema the meta-schema refuses is caught', () => {
    expect(metaCheck({ type: 'object', properties: { power: { type: 'integer', minimum: 'three' } } })).toBe(false);
    expect(metaCheck({ type: 'objet' })).toBe(false);
  });
});
