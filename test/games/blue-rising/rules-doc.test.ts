// The project carries its own rules page (src/games/blue-rising/RULES.md) and metrics page
// (src/report/METRICS.md): the README links them, and nothing outside the clone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../sim/helpers.ts';

describe('RULES.md', () => {
  const text = readFileSync(join(ROOT, 'src', 'games', 'blue-rising', 'RULES.md'), 'utf8');
  const numbered = (prefix: string) => [...text.matchAll(new RegExp(`^- ${prefix}(\\d+)b?\\.`, 'gm'))].map((m) => Number(m[1]));

  it('states every rule R1–R52 and R60, and every decision D1–D27', () => {
    const rules = new Set(numbered('R'));
    const want = [...Array.from({ length: 52 }, (_, i) => i + 1), 60];
    expect(want.filter((n) => !rules.has(n))).toEqual([]);
    const decisions = new Set(numbered('D'));
    expect(Array.from({ length: 27 }, (_, i) => i + 1).filter((n) => !decisions.has(n))).toEqual([]);
  });

  it('points at no file outside the project', () => {
    expect(text).not.toMatch(/\.\.\/(seeds|spec|shared)/);
    expect(text).toContain('test/scenarios/worked-example.json');
    expect(existsSync(join(ROOT, 'test', 'scenarios', 'worked-example.json'))).toBe(true);
  });
});

describe('README', () => {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  it('links the project\'s own rules and metrics pages, and no file a clone does not have', () => {
    expect(text).not.toContain('../shared');
    const links = [...text.matchAll(/\]\(([^)#\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links).toEqual(expect.arrayContaining(['src/games/blue-rising/RULES.md', 'src/report/METRICS.md']));
    for (const l of links) expect(existsSync(join(ROOT, l)), l).toBe(true);
  });
});
