// Diplomatie through the generic simulation: simulate and an experiment (patched arm, sweep)
// with --game diplomatie / "game": "diplomatie", and a report in its own words: no "VP",
// "Aspirant" or "quick" on its page or in its CSV headers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, listFiles, readCsv, tempDir } from './helpers.ts';

const D = 'decks/diplomatie';
const FOREIGN = /\bVP\b|vp_|Aspirant|quick/;

function headersAndPages(dir: string): { file: string; text: string }[] {
  return listFiles(dir)
    .filter((f) => f.endsWith('.csv') || f.endsWith('.html'))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return { file: f, text: f.endsWith('.csv') ? text.split('\n')[0]! : text };
    });
}

describe('lab simulate --game diplomatie', () => {
  it('plays its decks and writes tables and a report in Diplomatie\'s words', async () => {
    const out = tempDir('dip-sim');
    const r = await lab(['simulate', '--game', 'diplomatie', '--deck', `${D}/meute.deck`, `${D}/ambassadeurs.deck`, `${D}/colosses.deck`,
      '--bots', 'random,random', '--games', '20', '--seed', '4', '--workers', '1', '--games-csv', '--report', '--quiet', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; games: number; modes: { mode: string }[] };
    expect(summary.game).toBe('diplomatie');
    expect(summary.games).toBe(60);
    expect(summary.modes.map((m) => m.mode)).toEqual(['standard']);
    const decks = readCsv(join(out, 'decks.csv'));
    expect(decks.rows.length).toBe(3);
    expect(decks.header).toContain('pd_for');
    expect(decks.rows.reduce((a, d) => a + Number(d.games), 0)).toBe(120);
    const games = readCsv(join(out, 'games.csv'));
    expect(games.rows.length).toBe(60);
    expect(games.header).toEqual(expect.arrayContaining(['pd_seat0', 'pd_seat1']));
    expect(games.rows.every((g) => Number(g.pd_seat0) <= 6 + 6 && Number(g.turns) > 0)).toBe(true);
    const modes = readCsv(join(out, 'modes.csv'));
    expect(modes.header).toEqual(expect.arrayContaining(['score_pdSiege_share', 'score_pvAttack_share']));
    const html = readFileSync(join(out, 'report/index.html'), 'utf8');
    expect(html).toContain('Where PV were taken and PD scored');
    expect(html).toContain('PD per play');
    for (const { file, text } of headersAndPages(out)) expect(FOREIGN.exec(text)?.[0], file).toBeUndefined();
  });

  it('an experiment file with "game": "diplomatie" runs its patched arm and sweep; its pages keep its words', async () => {
    const dir = tempDir('dip-exp');
    const file = join(dir, 'exp.json');
    const exp = JSON.parse(readFileSync('experiments/diplomatie.json', 'utf8')) as Record<string, unknown>;
    exp.games = 20;
    exp.decks = [`${D}/meute.deck`, `${D}/lignees.deck`].map((d) => join(process.cwd(), d));
    writeFileSync(file, JSON.stringify(exp));
    const out = join(dir, 'out');
    const r = await lab(['experiment', file, '--workers', '1', '--quiet', '--report', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(listFiles(join(out, 'arms')).filter((f) => f.endsWith('decks.csv')).sort())
      .toEqual(['Treve-extraCost=0/decks.csv', 'Treve-extraCost=1/decks.csv', 'base/decks.csv', 'loup-30/decks.csv']);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; patchedCards: string[] };
    expect(summary.game).toBe('diplomatie');
    expect(summary.patchedCards).toEqual(['Loup', 'Trêve']);
    for (const { file: f, text } of headersAndPages(out)) expect(FOREIGN.exec(text)?.[0], f).toBeUndefined();
  });

  it('refuses a Blue Rising patch field in a Diplomatie experiment, naming the field', async () => {
    const dir = tempDir('dip-exp-bad');
    const file = join(dir, 'exp.json');
    writeFileSync(file, JSON.stringify({ name: 'x', game: 'diplomatie', decks: [join(process.cwd(), D, 'meute.deck')], games: 2, seed: 1, arms: [{ name: 'a', patches: [{ card: 'Loup', support: 2 }] }] }));
    const r = await lab(['experiment', file, '--quiet', '--out', join(dir, 'out')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(`lab: ${file}: arms.0.patches.0.support: unknown field`);
  });
});
