// Paliers through the generic simulation: simulate and an experiment (patched arm, sweep)
// with --game paliers / "game": "paliers", and a report in its own words (PV, damage,
// levels): no "VP", "Aspirant" or "quick" on its pages or in its CSV headers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, listFiles, readCsv, tempDir } from './helpers.ts';

const D = 'decks/paliers';
const FOREIGN = /\bVP\b|vp_|Aspirant|quick/;

function headersAndPages(dir: string): { file: string; text: string }[] {
  return listFiles(dir)
    .filter((f) => f.endsWith('.csv') || f.endsWith('.html'))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return { file: f, text: f.endsWith('.csv') ? text.split('\n')[0]! : text };
    });
}

describe('lab simulate --game paliers', () => {
  it('plays its decks and writes tables and a report in Paliers\' words', async () => {
    const out = tempDir('pal-sim');
    const r = await lab(['simulate', '--game', 'paliers', '--deck', `${D}/speedrun.deck`, `${D}/gardiens.deck`, `${D}/ombres.deck`,
      '--bots', 'random,random', '--games', '10', '--seed', '4', '--workers', '1', '--games-csv', '--report', '--quiet', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; games: number; modes: { mode: string }[] };
    expect(summary.game).toBe('paliers');
    expect(summary.games).toBe(30);
    expect(summary.modes.map((m) => m.mode)).toEqual(['standard']);
    const decks = readCsv(join(out, 'decks.csv'));
    expect(decks.rows.map((d) => d.deck).sort()).toEqual(['Gardiens', 'Ombres', 'Speedrun']);
    expect(decks.header).toEqual(expect.arrayContaining(['damage_for', 'damage_against']));
    expect(decks.rows.reduce((a, d) => a + Number(d.games), 0)).toBe(60);
    const games = readCsv(join(out, 'games.csv'));
    expect(games.rows.length).toBe(30);
    expect(games.header).toEqual(expect.arrayContaining(['damage_seat0', 'damage_seat1']));
    // A game won on PV (R1): the winner took at least the loser's 30 starting PV, less what it healed.
    expect(games.rows.every((g) => Number(g.turns) > 0 && Number(g.damage_seat0) >= 0 && Number(g.damage_seat1) >= 0)).toBe(true);
    expect(games.rows.some((g) => Math.max(Number(g.damage_seat0), Number(g.damage_seat1)) >= 30)).toBe(true);
    const modes = readCsv(join(out, 'modes.csv'));
    expect(modes.header).toEqual(expect.arrayContaining(['damage_unblocked_share', 'damage_turnClock_share', 'damage_effects_share']));
    const shares = ['unblocked', 'turnClock', 'red4Excess', 'excessToPlayer', 'red6', 'effects'].map((k) => Number(modes.rows[0]![`damage_${k}_share`]));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    const cards = readCsv(join(out, 'cards.csv'));
    expect(cards.header).toContain('damage_per_play');
    expect(cards.header).not.toContain('setup');
    const html = readFileSync(join(out, 'report/index.html'), 'utf8');
    expect(html).toContain('Where the damage came from');
    expect(html).toContain('Damage per play');
    for (const { file, text } of headersAndPages(out)) expect(FOREIGN.exec(text)?.[0], file).toBeUndefined();
  });

  it('an experiment file with "game": "paliers" runs its patched arm and sweep; its pages keep its words', async () => {
    const dir = tempDir('pal-exp');
    const file = join(dir, 'exp.json');
    const exp = JSON.parse(readFileSync('experiments/paliers.json', 'utf8')) as Record<string, unknown>;
    exp.games = 10;
    exp.decks = [`${D}/speedrun.deck`, `${D}/gardiens.deck`].map((d) => join(process.cwd(), d));
    writeFileSync(file, JSON.stringify(exp));
    const out = join(dir, 'out');
    const r = await lab(['experiment', file, '--workers', '1', '--quiet', '--report', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(listFiles(join(out, 'arms')).filter((f) => f.endsWith('decks.csv')).sort())
      .toEqual(['Level-Up-levels=1/decks.csv', 'Level-Up-levels=2/decks.csv', 'base/decks.csv', 'rusher-atq-4/decks.csv']);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; patchedCards: string[] };
    expect(summary.game).toBe('paliers');
    expect(summary.patchedCards).toEqual(['Level Up', 'Rusher']);
    for (const { file: f, text } of headersAndPages(out)) expect(FOREIGN.exec(text)?.[0], f).toBeUndefined();
  });

  it('refuses a patch field Paliers has not, and a field the card has not, naming each', async () => {
    const dir = tempDir('pal-exp-bad');
    const file = join(dir, 'exp.json');
    const base = { name: 'x', game: 'paliers', decks: [join(process.cwd(), D, 'speedrun.deck')], games: 2, seed: 1 };
    writeFileSync(file, JSON.stringify({ ...base, arms: [{ name: 'a', patches: [{ card: 'Rusher', power: 2 }] }] }));
    const r = await lab(['experiment', file, '--quiet', '--out', join(dir, 'out')]);
    expect([r.status, r.stderr.trim()]).toEqual([2, `lab: ${file}: arms.0.patches.0.power: unknown field`]);
    writeFileSync(file, JSON.stringify({ ...base, arms: [{ name: 'a', patches: [{ card: 'Level Up', atq: 2 }] }] }));
    const r2 = await lab(['experiment', file, '--quiet', '--out', join(dir, 'out')]);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^lab: .*atq: "Level Up" has no atq \(a levelUp\)\n$/);
  });
});
