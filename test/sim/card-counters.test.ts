// A game's own card counters (the module's `counters.cards` beyond the generic ones) reach
// cards.csv, summed over the copies, and merge exactly across workers: Diplomatie's PV dealt,
// PD scored and copies destroyed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lab, readCsv, tempDir } from './helpers.ts';

let dir: string;
const run = (out: string, workers: string) =>
  lab(['simulate', '--game', 'diplomatie', '--deck', 'decks/diplomatie/meute.deck', '--deck', 'decks/diplomatie/ambassadeurs.deck', '--bots', 'random', '--games', '40', '--seed', '5', '--workers', workers, '--games-csv', '--quiet', '--out', join(dir, out)]);

beforeAll(async () => {
  dir = tempDir('card-counters');
  const [a, b] = await Promise.all([run('w1', '1'), run('w2', '2')]);
  expect([a.status, a.stderr, b.status, b.stderr]).toEqual([0, '', 0, '']);
});

describe('a game\'s own card counters in cards.csv', () => {
  it('Diplomatie\'s pv_dealt, pd_scored and destroyed are columns, with real sums', () => {
    const cards = readCsv(join(dir, 'w1', 'cards.csv'));
    expect(cards.header.slice(-3)).toEqual(['pv_dealt', 'pd_scored', 'destroyed']);
    const sum = (k: string) => cards.rows.reduce((s, r) => s + Number(r[k]), 0);
    const games = readCsv(join(dir, 'w1', 'games.csv')).rows;
    expect(games).toHaveLength(40);
    const pd = games.reduce((s, g) => s + Number(g.pd_seat0) + Number(g.pd_seat1), 0);
    // PD by restraint (R10) belongs to no card: the cards' PD are part of the games' PD.
    expect(sum('pd_scored')).toBeGreaterThan(0);
    expect(sum('pd_scored')).toBeLessThanOrEqual(pd);
    expect(sum('pv_dealt')).toBeGreaterThan(0);
    expect(sum('destroyed')).toBeGreaterThan(0);
    for (const r of cards.rows) expect(Number.isInteger(Number(r.destroyed))).toBe(true);
  });

  it('merge exactly: one worker or two, the same cards.csv', () => {
    expect(readFileSync(join(dir, 'w2', 'cards.csv'), 'utf8')).toBe(readFileSync(join(dir, 'w1', 'cards.csv'), 'utf8'));
  });
});
