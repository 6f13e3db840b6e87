// Rules R1–R32 and decisions D1–D8, D13, D14, D17, D20, D21, D23, D24, D26 as hand-written
// scenarios: every file of test/scenarios/rules/ whose name starts with one of those numbers
// ("R23-replace.json", "R6b-…", "D8-…") runs as one test, titled by its "name". The other
// numbers (R33+, the other D's) are a colleague's files in the same folder and are not run here.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, runScenario } from '../../../src/games/blue-rising/scenario.ts';

const DIR = resolve(import.meta.dirname, '../../scenarios/rules');
const MY_DECISIONS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 17, 20, 21, 23, 24, 26]);

/** The rule or decision a file name starts with, when it is one of this half's numbers. */
function ownedNumber(file: string): string | null {
  const r = /^R(\d+)([a-z]?)-.*\.json$/.exec(file);
  if (r) {
    const n = Number(r[1]);
    return n >= 1 && n <= 32 ? `R${n}${r[2]}` : null;
  }
  const d = /^D(\d+)-.*\.json$/.exec(file);
  if (d) return MY_DECISIONS.has(Number(d[1])) ? `D${d[1]}` : null;
  return null;
}

const files = readdirSync(DIR).filter((f) => ownedNumber(f) !== null).sort();

describe('rules scenarios R1–R32 and their decisions', () => {
  it('the file filter keeps this half only', () => {
    expect(ownedNumber('R1-x.json')).toBe('R1');
    expect(ownedNumber('R6b-x.json')).toBe('R6b');
    expect(ownedNumber('R32-x.json')).toBe('R32');
    expect(ownedNumber('R33-x.json')).toBeNull();
    expect(ownedNumber('R38b-x.json')).toBeNull();
    expect(ownedNumber('D1-x.json')).toBe('D1');
    expect(ownedNumber('D11-x.json')).toBeNull();
    expect(ownedNumber('D26-x.json')).toBe('D26');
    expect(ownedNumber('D27-x.json')).toBeNull();
    expect(ownedNumber('worked-example.json')).toBeNull();
  });

  it('has at least one scenario for every rule and decision it owns that a scenario can set up', () => {
    const have = new Set(files.map((f) => ownedNumber(f)!));
    const want = [
      'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R6b', 'R16', 'R17', 'R18', 'R19', 'R20', 'R21', 'R22', 'R23', 'R24', 'R25',
      'R26', 'R27', 'R28', 'R29', 'R30', 'R31', 'R32',
      'D1', 'D2', 'D5', 'D6', 'D7', 'D8', 'D14', 'D17', 'D20', 'D21', 'D23', 'D26',
    ];
    expect(want.filter((n) => !have.has(n))).toEqual([]);
  });

  for (const f of files) {
    const file = join(DIR, f);
    const spec = loadScenario(file);
    it(spec.name ?? f, () => {
      const result = runScenario(spec, file);
      expect(result.failure, `${f}: ${result.failure}\n--- log ---\n${result.log}`).toBeUndefined();
      expect(result.ok).toBe(true);
    });
  }
});
