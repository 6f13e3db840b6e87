// Reference games recorded on the engine before its speed work (commit 60d7d8d): the same
// seeds must give the same legal lists, actions, final states, balance counters and logs.
// A change that moves one of these digests changes games; only a named rules fix may.
// Regenerate (after such a fix only) by printing referenceDigests for each REFERENCE_RUNS entry.
import { describe, expect, it } from 'vitest';
import { REFERENCE_RUNS, referenceDigests } from './reference-digest.ts';

/** decisions, then the digests of legal lists + actions, final states, counters, logs. */
const EXPECTED: Record<string, string> = {
  'quick random': '102899 15d09c08 038c72c4 9b67dd05 e28ab669',
  'standard random': '180643 82cc7f74 690fceac 344618f1 8ef2e7d7',
  'quick flatmc:budget=12,depth=6': '4111 80596cfd b6023a90 56fd0c73 0069fdb1',
  'standard flatmc:budget=12,depth=6': '6644 dba48b2d f1139c30 97bc2c4e 9f9045cf',
  'quick ismcts:iterations=16,depth=6': '2273 afff53da 81ea1944 bbeda511 bc22832a',
  'standard ismcts:iterations=16,depth=6': '4202 2e810909 f7fd660f 6a5407b9 b522ca35',
};

describe('reference games (byte-identical play)', () => {
  for (const r of REFERENCE_RUNS) {
    const key = `${r.mode} ${r.spec}`;
    it(`${key}: ${r.games} games`, () => {
      const d = referenceDigests(r.mode, r.spec, r.games, r.logEvery);
      expect(`${d.decisions} ${d.actions} ${d.states} ${d.stats} ${d.logs}`).toBe(EXPECTED[key]);
    });
  }
});
