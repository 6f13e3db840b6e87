// `lab fix`: a card planted with power +3 in a designer's catalogue (the command is told only
// the card and the catalogue, as a designer would) is brought back to within one point of its
// shipped power; bad input exits 2 with one line naming it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule } from '../../src/games/registry.ts';
import { FixError, fixField, parseTarget } from '../../src/sim/fix.ts';
import { ROOT, lab, tempDir } from './helpers.ts';

const PLANTED = 'Arthur';
let dir: string;
let shipped: number;
let planted: string;

beforeAll(() => {
  dir = tempDir('fix');
  const cards = JSON.parse(readFileSync(join(ROOT, 'src/games/blue-rising/catalogue/cards.json'), 'utf8')) as { name: string; power?: number }[];
  const c = cards.find((x) => x.name === PLANTED)!;
  shipped = c.power!;
  c.power = shipped + 3;
  planted = join(dir, 'planted.json');
  writeFileSync(planted, JSON.stringify(cards, null, 2));
});

const BAD: [string, string[], string[]][] = [
  ['an unknown card', ['--card', 'Arthurr'], ['--card', '"Arthurr"', 'did you mean: Arthur']],
  ['an unknown field', ['--card', 'Arthur', '--field', 'pwer'], ['--field', '"pwer"', 'power']],
  ['a field the card lacks', ['--card', 'Harangue', '--field', 'power'], ['--field', 'power', 'Harangue']],
  ['a band above 1', ['--card', 'Arthur', '--target', '0.5,1.5'], ['--target', '0.5,1.5', '[0, 1]']],
  ['a band below 0', ['--card', 'Arthur', '--target', '-0.1,0.5'], ['--target', '-0.1,0.5', '[0, 1]']],
  ['a band that is not one', ['--card', 'Arthur', '--target', 'fair'], ['--target', '"fair"', 'even, field']],
];

describe('lab fix: bad input', () => {
  for (const [what, args, parts] of BAD) {
    it(`${what}: exit 2, one line`, async () => {
      const r = await lab(['fix', ...args, '--quiet']);
      expect(r.status).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^lab: /);
      for (const p of parts) expect(lines[0]).toContain(p);
      expect(r.stdout).toBe('');
    });
  }
});

describe('fix field and band', () => {
  const m = gameModule('blue-rising');
  const cards = m.catalogue.cards() as Record<string, unknown>[];
  it('takes power by default, a keyword the card lacks as 0, and the schema\'s range', () => {
    expect(fixField(m, cards, 'Arthur', undefined)).toEqual({ field: 'power', current: 4, range: [0, 30] });
    expect(fixField(m, cards, 'Arthur', 'front')).toEqual({ field: 'front', current: 0, range: [0, 20] });
    expect(fixField(m, cards, 'Harangue', undefined).field).toBe('cost');
  });
  it('reads a band as two win rates or a name', () => {
    expect(parseTarget('0.4,0.6')).toEqual({ kind: 'range', name: '0.4,0.6', lo: 0.4, hi: 0.6 });
    expect(parseTarget('even')).toMatchObject({ lo: 0.45, hi: 0.55 });
    expect(() => parseTarget('0.6,0.4')).toThrow(FixError);
  });
});

describe('lab fix: a planted card', () => {
  // Heuristic bots, the 8 shipped quick decks, 24 games a pairing for each value tried:
  // Arthur's 3 decks hold 18 of the 28 pairings, 5 values (2,160 games, about 12 s of CPU).
  it('proposes bringing Arthur at power +3 back to within one point of his shipped power', async () => {
    const r = await lab(['fix', '--card', PLANTED, '--catalogue', planted, '--bots', 'heuristic', '--games', '24', '--seed', '1', '--workers', '2', '--json', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { field: string; current: number; proposal: number; change: number; outcome: string; points: { value: number; wr: number; effect: number; hi: number; status: string }[]; decks: { diff: number }[]; matchups: unknown[]; games: number };
    expect(out.field).toBe('power');
    expect(out.current).toBe(shipped + 3);
    expect(Math.abs(out.proposal - shipped)).toBeLessThanOrEqual(1);
    expect(out.outcome).toBe('in');
    const p = out.points.find((x) => x.value === out.proposal)!;
    expect(p.status).toBe('in');
    // The predicted effect of the change: the holders lose ground, the interval clear of 0.
    expect(p.effect).toBeLessThan(0);
    expect(p.hi).toBeLessThan(0);
    // The value one above the proposal is still above the band: it is the smallest change.
    expect(out.points.find((x) => x.value === out.proposal + 1)?.status).toBe('above');
    expect(out.decks).toHaveLength(3);
    expect(out.matchups).toHaveLength(18);
    expect(out.games % (18 * 24)).toBe(0);
  });
});
