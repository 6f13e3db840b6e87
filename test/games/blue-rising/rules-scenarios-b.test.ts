// Rules R33–R60 (attacks, the end, keywords, quick mode) and decisions D9, D11, D12, D15,
// D16, D18, D19, D22, D25, D27: one `it` per scenario file of test/scenarios/rules/ whose
// name starts with one of those numbers. The other numbers of that folder belong to
// another runner; test/scenarios/rules-pending/ (known engine bugs) is not run.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, runScenario } from '../../../src/games/blue-rising/scenario.ts';

const DIR = resolve(import.meta.dirname, '../../scenarios/rules');

/** R33–R52 and R60 (R38b included), and this half's decisions. */
const RULES = new Set([...Array.from({ length: 20 }, (_, i) => `R${33 + i}`), 'R38b', 'R60']);
const DECISIONS = new Set(['D9', 'D11', 'D12', 'D15', 'D16', 'D18', 'D19', 'D22', 'D25', 'D27']);

/** The number a file name starts with: "R38b-tapped-defender.json" → "R38b". */
function numberOf(file: string): string | null {
  const m = /^([RD]\d+b?)-/.exec(file);
  return m ? m[1]! : null;
}
function ours(file: string): boolean {
  const n = numberOf(file);
  return n !== null && (RULES.has(n) || DECISIONS.has(n));
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && ours(f)).sort();

describe('rules scenarios R33–R60 and D9/D11/D12/D15/D16/D18/D19/D22/D25/D27', () => {
  it('finds a scenario for every rule and decision of this half', () => {
    const covered = new Set(files.map(numberOf));
    const missing = [...RULES, ...DECISIONS].filter((n) => !covered.has(n));
    expect(missing).toEqual([]);
  });

  it('never picks up the other half\'s numbers', () => {
    expect(ours('R32-return-to-hand.json')).toBe(false);
    expect(ours('R3-adjacency-kenny.json')).toBe(false);
    expect(ours('D1-squire-token.json')).toBe(false);
    expect(ours('D2-character-stats.json')).toBe(false);
    expect(ours('D26-eot-discard-no-resources.json')).toBe(false);
    expect(ours('R53-anything.json')).toBe(false);
    expect(ours('R33-attack-declare.json')).toBe(true);
    expect(ours('R38b-tapped-defender.json')).toBe(true);
    expect(ours('D9-window-loop.json')).toBe(true);
  });

  for (const f of files) {
    const file = join(DIR, f);
    const spec = loadScenario(file);
    it(spec.name ?? f, () => {
      expect(spec.name?.startsWith(`${numberOf(f)}:`), `${f}: its name starts with its number`).toBe(true);
      const result = runScenario(spec, file);
      expect(result.failure, `${f}: ${result.failure}\n--- log ---\n${result.log}`).toBeUndefined();
      expect(result.ok).toBe(true);
    });
  }
});
