// Every command with --game diplomatie: replay, cards, deck validate, scenario, nightly's game
// option; and bad input about the game: an unknown --game, a mode the game lacks, a deck of
// another game — each exits 2 with one line naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, tempDir } from '../sim/helpers.ts';

const D = 'decks/diplomatie';

describe('--game diplomatie', () => {
  it('replay plays one seeded game and prints it in its words, the same on a second run', async () => {
    const args = ['replay', '--game', 'diplomatie', '--deck', `${D}/meute.deck`, '--deck', `${D}/colosses.deck`, '--seed', '5'];
    const [a, b] = [await lab(args), await lab(args)];
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.split('\n')[0]).toBe('Diplomatie, standard mode, seed 5: Meute (random) vs Colosses (random)');
    expect(a.stdout).toMatch(/\nResult: .*; \d+ turns, PV \d+–\d+, PD \d+–\d+, \d+ decisions\.\n$/);
    const json = JSON.parse((await lab([...args, '--json'])).stdout) as { summary: { pv: number[]; pd: number[]; decisions: number }; actions: unknown[] };
    expect(json.summary.pd.length).toBe(2);
    expect(json.actions.length).toBe(json.summary.decisions);
  });

  it('cards lists its catalogue (62 cards, 7 Diplomacy cards)', async () => {
    const all = await lab(['cards', '--game', 'diplomatie', '--json']);
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(62);
    const dip = await lab(['cards', '--game', 'diplomatie', '--filter', 'type=diplomatie']);
    expect(dip.status).toBe(0);
    expect(dip.stdout.trim().split('\n').pop()).toBe('7 cards');
  });

  it('deck validate checks its decks by its rules, and lists every problem', async () => {
    const ok = await lab(['deck', 'validate', '--game', 'diplomatie', `${D}/meute.deck`, `${D}/tour-de-garde.deck`]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(`ok    ${D}/meute.deck: "Meute", standard, 36 cards\nok    ${D}/tour-de-garde.deck: "Tour de Garde", standard, 36 cards\n`);
  });

  it('scenario runs a Diplomatie scenario file', async () => {
    const r = await lab(['scenario', '--game', 'diplomatie', 'test/scenarios/diplomatie/light-play.json']);
    expect(r.stdout).toBe('ok    R14: a Light Play puts a level-1 creature from hand into play (1 actions)\n');
    expect(r.status).toBe(0);
  });

  it('report --game diplomatie re-makes the report of a Diplomatie run and refuses another game\'s', async () => {
    const out = tempDir('dip-report');
    const sim = await lab(['simulate', '--game', 'diplomatie', '--deck', `${D}/meute.deck`, `${D}/embuscades.deck`, '--games', '4', '--workers', '1', '--quiet', '--out', out]);
    expect(sim.status).toBe(0);
    const r = await lab(['report', '--game', 'diplomatie', out, '--quiet']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(readFileSync(join(out, 'report/index.html'), 'utf8')).toContain('Where PV were taken and PD scored');
    const wrong = await lab(['report', '--game', 'blue-rising', out]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('results of game diplomatie, but --game blue-rising was asked');
  });

  it('nightly --game diplomatie runs its nightly file into a dated folder with its report', async () => {
    const out = tempDir('dip-nightly');
    const r = await lab(['nightly', '--game', 'diplomatie', '--budget-minutes', '1', '--date', '2026-12-02', '--workers', '1', '--quiet', '--out', out]);
    expect(r.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, '2026-12-02/summary.json'), 'utf8')) as { game: string; experiment: string };
    expect([summary.game, summary.experiment]).toEqual(['diplomatie', 'diplomatie-nightly']);
    const page = readFileSync(join(out, '2026-12-02/report/index.html'), 'utf8');
    expect(page).not.toMatch(/\bVP\b|Aspirant|quick/);
    // A game that declares no opening knobs: no variant is played, and the page says so in a sentence.
    const variants = JSON.parse(readFileSync(join(out, '2026-12-02/variants.json'), 'utf8')) as { skipped?: string; games: number };
    expect([variants.skipped, variants.games]).toEqual(['Diplomatie declares no opening knobs (its module has no rules.opening): the nightly measures no rule variant for it.', 0]);
    expect(page).toContain('<section id="variants"><h2>Opening variants: the first player&#39;s advantage</h2><p>Diplomatie declares no opening knobs');
    // The fix screen ran on its share of the games (whether or not a card was flagged).
    expect(JSON.parse(readFileSync(join(out, '2026-12-02/fixes.json'), 'utf8')).screen).toContain('10% of its base arm');
  });

  it('refuses an unknown game, a mode the game lacks, and a deck of another game (exit 2, one line)', async () => {
    const unknown = await lab(['cards', '--game', 'chess']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^lab: unknown game "chess" \(known: blue-rising, diplomatie[,)].*\n$/);
    const quick = await lab(['simulate', '--game', 'diplomatie', '--mode', 'quick', '--deck', `${D}/meute.deck`, '--out', '/tmp/never-written']);
    expect([quick.status, quick.stderr]).toEqual([2, 'lab: mode "quick" is not a mode of diplomatie (its modes: standard)\n']);
    const foreign = await lab(['replay', '--mode', 'standard', '--deck', `${D}/meute.deck`, '--deck', `${D}/meute.deck`, '--seed', '1']);
    expect([foreign.status, foreign.stderr]).toEqual([2, `lab: ${D}/meute.deck: a deck of game "diplomatie", not of blue-rising (--game blue-rising was asked)\n`]);
    // Its own heuristic bot answers to "heuristic", with its own profiles.
    const badProfile = await lab(['replay', '--game', 'diplomatie', '--deck', `${D}/meute.deck`, '--deck', `${D}/meute.deck`, '--seed', '1', '--bots', 'heuristic:profile=midrange']);
    expect(badProfile.status).toBe(2);
    expect(badProfile.stderr).toMatch(/^lab: .*profile.*midrange.*default, aggressive, diplomat, control/);
  });
});
