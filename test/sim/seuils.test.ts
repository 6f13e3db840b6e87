// Seuils through the generic simulation: simulate and an experiment (patched arm, sweep)
// with --game seuils / "game": "seuils", and a report in its own words: no "VP", "Aspirant"
// or "quick" on its pages or in its CSV headers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, listFiles, readCsv, tempDir } from './helpers.ts';

const D = 'decks/seuils';
const FOREIGN = /\bVP\b|vp_|Aspirant|quick/;

function headersAndPages(dir: string): { file: string; text: string }[] {
  return listFiles(dir)
    .filter((f) => f.endsWith('.csv') || f.endsWith('.html'))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return { file: f, text: f.endsWith('.csv') ? text.split('\n')[0]! : text };
    });
}

describe('lab simulate --game seuils', () => {
  it('plays its decks and writes tables and a report in Seuils\' words', async () => {
    const out = tempDir('seu-sim');
    const r = await lab(['simulate', '--game', 'seuils', '--deck', `${D}/airain-mur.deck`, `${D}/braises-ruee.deck`, `${D}/cristal-controle.deck`,
      '--bots', 'random,random', '--games', '8', '--seed', '4', '--workers', '1', '--games-csv', '--report', '--quiet', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; games: number; modes: { mode: string }[] };
    expect(summary.game).toBe('seuils');
    expect(summary.games).toBe(24);
    expect(summary.modes.map((m) => m.mode)).toEqual(['standard']);
    const decks = readCsv(join(out, 'decks.csv'));
    expect(decks.rows.length).toBe(3);
    expect(decks.header).toEqual(expect.arrayContaining(['influence_taken_for', 'influence_taken_against']));
    expect(decks.rows.reduce((a, d) => a + Number(d.games), 0)).toBe(48);
    const games = readCsv(join(out, 'games.csv'));
    expect(games.rows.length).toBe(24);
    expect(games.header).toEqual(expect.arrayContaining(['influence_taken_seat0', 'influence_taken_seat1']));
    // A decided game: the winner took at least the loser's whole influence (22 to 28 by faction, D1).
    for (const g of games.rows.filter((x) => x.winner_seat !== '' && x.winner_seat !== '-1')) {
      expect(Number(g[`influence_taken_seat${g.winner_seat}`])).toBeGreaterThanOrEqual(22);
    }
    expect(games.rows.every((g) => Number(g.turns) > 0)).toBe(true);
    const modes = readCsv(join(out, 'modes.csv'));
    expect(modes.header).toEqual(expect.arrayContaining(['score_influenceCombat_share', 'score_influenceEffect_share']));
    const cards = readCsv(join(out, 'cards.csv'));
    expect(cards.header).toEqual(expect.arrayContaining(['influence_per_play', 'fetched_at_setup']));
    expect(cards.header).not.toContain('pitch_rate');
    const html = readFileSync(join(out, 'report/index.html'), 'utf8');
    expect(html).toContain('How influence was taken');
    expect(html).toContain('Influence per play');
    expect(html).not.toMatch(/pitch rate/i);
    for (const { file, text } of headersAndPages(out)) expect(FOREIGN.exec(text)?.[0], file).toBeUndefined();
  });

  it('an experiment file with "game": "seuils" runs its patched arm and sweep; its pages keep its words', async () => {
    const dir = tempDir('seu-exp');
    const file = join(dir, 'exp.json');
    const exp = JSON.parse(readFileSync('experiments/seuils.json', 'utf8')) as Record<string, unknown>;
    exp.games = 6;
    exp.decks = [`${D}/airain-mur.deck`, `${D}/racines-rampe.deck`].map((d) => join(process.cwd(), d));
    writeFileSync(file, JSON.stringify(exp));
    const out = join(dir, 'out');
    const r = await lab(['experiment', file, '--workers', '1', '--quiet', '--report', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(listFiles(join(out, 'arms')).filter((f) => f.endsWith('decks.csv')).sort())
      .toEqual(['Chevalier-d-Airain-cost=3/decks.csv', 'Chevalier-d-Airain-cost=4/decks.csv', 'base/decks.csv', 'veilleur-life-5/decks.csv']);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; patchedCards: string[] };
    expect(summary.game).toBe('seuils');
    expect(summary.patchedCards).toEqual(['Chevalier d\'Airain', 'Veilleur']);
    for (const { file: f, text } of headersAndPages(out)) expect(FOREIGN.exec(text)?.[0], f).toBeUndefined();
  });

  it('refuses another game\'s patch field, and a field the card lacks, naming it', async () => {
    const dir = tempDir('seu-exp-bad');
    const file = join(dir, 'exp.json');
    const deck = join(process.cwd(), D, 'airain-mur.deck');
    writeFileSync(file, JSON.stringify({ name: 'x', game: 'seuils', decks: [deck], games: 2, seed: 1, arms: [{ name: 'a', patches: [{ card: 'Veilleur', power: 2 }] }] }));
    const r = await lab(['experiment', file, '--quiet', '--out', join(dir, 'out')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(`lab: ${file}: arms.0.patches.0.power: unknown field`);
    writeFileSync(file, JSON.stringify({ name: 'x', game: 'seuils', decks: [deck], games: 2, seed: 1, arms: [{ name: 'a', patches: [{ card: 'Braise', strength: 2 }] }] }));
    const r2 = await lab(['experiment', file, '--quiet', '--out', join(dir, 'out2')]);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^lab: .*strength: "Braise" has no strength \(a resource\)\n$/);
  });
});
