// Every command with --game paliers: replay (random and its heuristic bot), cards, deck
// validate, scenario, report, nightly; and bad input about the game: a deck breaking R8, a
// deck of another game, an unknown --game — each exits 2 with one line naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, tempDir } from '../sim/helpers.ts';

const D = 'decks/paliers';
const BROKEN = 'test/sim/fixtures/paliers-broken.deck';

describe('--game paliers', () => {
  it('replay plays one seeded game and prints it in its words, the same on a second run', async () => {
    const args = ['replay', '--game', 'paliers', '--deck', `${D}/speedrun.deck`, '--deck', `${D}/gardiens.deck`, '--seed', '5'];
    const [a, b] = [await lab(args), await lab(args)];
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.split('\n')[0]).toBe('Paliers, standard mode, seed 5: Speedrun (random) vs Gardiens (random)');
    expect(a.stdout).toMatch(/\nResult: .*; \d+ turns, PV -?\d+–-?\d+, levels \d+–\d+, \d+ decisions\.\n$/);
    const json = JSON.parse((await lab([...args, '--json'])).stdout) as { summary: { pv: number[]; level: number[]; decisions: number; winnerSeat: number }; actions: unknown[] };
    expect(json.summary.level.every((l) => l >= 1 && l <= 10)).toBe(true);
    expect(json.actions.length).toBe(json.summary.decisions);
    // A win on PV (R1): the loser is at 0 or below.
    if (json.summary.winnerSeat >= 0) expect(json.summary.pv[1 - json.summary.winnerSeat]).toBeLessThanOrEqual(0);
  });

  it('replay --bots heuristic plays its own bot with either profile', async () => {
    const r = await lab(['replay', '--game', 'paliers', '--deck', `${D}/speedrun.deck`, '--deck', `${D}/gardiens.deck`, '--seed', '3',
      '--bots', 'heuristic:profile=aggro,heuristic:profile=control', '--json']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const s = (JSON.parse(r.stdout) as { summary: { bots: string[]; turns: number } }).summary;
    expect(s.bots.join(' ')).toMatch(/aggro.*control/);
    expect(s.turns).toBeGreaterThan(0);
    const bad = await lab(['replay', '--game', 'paliers', '--deck', `${D}/speedrun.deck`, '--deck', `${D}/gardiens.deck`, '--seed', '1', '--bots', 'heuristic:profile=midrange']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/midrange.*aggro, control/);
  });

  it('cards lists its catalogue (57 cards, 3 Level Up cards)', async () => {
    const all = await lab(['cards', '--game', 'paliers', '--json']);
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(57);
    const lu = await lab(['cards', '--game', 'paliers', '--filter', 'kind=levelUp']);
    expect(lu.status).toBe(0);
    expect(lu.stdout.trim().split('\n').pop()).toBe('3 cards');
  });

  it('deck validate checks its decks by its rules and lists every broken one; a run refuses such a deck in one line', async () => {
    const ok = await lab(['deck', 'validate', '--game', 'paliers', `${D}/speedrun.deck`, `${D}/gardiens.deck`]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(`ok    ${D}/speedrun.deck: "Speedrun", standard, 50 cards\nok    ${D}/gardiens.deck: "Gardiens", standard, 51 cards\n`);
    const broken = [
      'deck "Cassé": R8: 4 copies of "Sprinteuse", at most 3',
      'deck "Cassé": R8: 2 copies of the legendary "Reine du Speedrun", at most 1',
      'deck "Cassé": R8: 9 copies of "Level Up", at most 3',
      'deck "Cassé": R8: 18 cards, at least 50',
      'deck "Cassé": R8: 9 Level Up cards, at most 8',
    ];
    const bad = await lab(['deck', 'validate', '--game', 'paliers', BROKEN]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(`FAIL  ${BROKEN}\n${broken.map((e) => `      ${e}\n`).join('')}`);
    const run = await lab(['simulate', '--game', 'paliers', '--deck', BROKEN, `${D}/speedrun.deck`, '--out', '/tmp/never-written']);
    expect([run.status, run.stderr]).toEqual([2, `lab: ${BROKEN}: ${broken.join('; ')}\n`]);
  });

  it('scenario runs a Paliers scenario file', async () => {
    const r = await lab(['scenario', '--game', 'paliers', 'test/scenarios/paliers/worked-example-combat.json']);
    expect(r.stdout).toBe('ok    §10 worked example: the combat of turn 5 leaves B at 17 PV (R28–R32, D24) (6 actions)\n');
    expect(r.status).toBe(0);
  });

  it('report --game paliers re-makes the report of a Paliers run and refuses another game\'s', async () => {
    const out = tempDir('pal-report');
    const sim = await lab(['simulate', '--game', 'paliers', '--deck', `${D}/speedrun.deck`, `${D}/ombres.deck`, '--games', '4', '--workers', '1', '--quiet', '--out', out]);
    expect(sim.status).toBe(0);
    const r = await lab(['report', '--game', 'paliers', out, '--quiet']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const html = readFileSync(join(out, 'report/index.html'), 'utf8');
    expect(html).toContain('Where the damage came from');
    expect(html).not.toMatch(/\bVP\b|Aspirant|quick/);
    const wrong = await lab(['report', '--game', 'diplomatie', out]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('results of game paliers, but --game diplomatie was asked');
  });

  it('nightly --game paliers runs its nightly file into a dated folder with its report', async () => {
    const out = tempDir('pal-nightly');
    const r = await lab(['nightly', '--game', 'paliers', '--budget-minutes', '1', '--date', '2026-12-02', '--workers', '1', '--quiet', '--out', out]);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const summary = JSON.parse(readFileSync(join(out, '2026-12-02/summary.json'), 'utf8')) as { game: string; experiment: string; games: number };
    expect([summary.game, summary.experiment]).toEqual(['paliers', 'paliers-nightly']);
    // 2,000 games per pairing sized for 20 minutes: 100 in one minute, for each of the 21 pairings of 7 decks.
    expect(summary.games).toBe(2100);
    expect(readFileSync(join(out, '2026-12-02/report/index.html'), 'utf8')).not.toMatch(/\bVP\b|Aspirant|quick/);
  });

  it('refuses an unknown game and a deck of another game (exit 2, one line)', async () => {
    const unknown = await lab(['cards', '--game', 'chess']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^lab: unknown game "chess" \(known: blue-rising, diplomatie, paliers[,)].*\n$/);
    const foreign = await lab(['replay', '--game', 'paliers', '--deck', 'decks/diplomatie/meute.deck', '--deck', `${D}/speedrun.deck`, '--seed', '1']);
    expect([foreign.status, foreign.stderr]).toEqual([2, 'lab: decks/diplomatie/meute.deck: a deck of game "diplomatie", not of paliers (--game paliers was asked)\n']);
    const back = await lab(['replay', '--game', 'diplomatie', '--deck', `${D}/speedrun.deck`, '--deck', `${D}/speedrun.deck`, '--seed', '1']);
    expect([back.status, back.stderr]).toEqual([2, `lab: ${D}/speedrun.deck: a deck of game "paliers", not of diplomatie (--game diplomatie was asked)\n`]);
    const quick = await lab(['simulate', '--game', 'paliers', '--mode', 'quick', '--deck', `${D}/speedrun.deck`, '--out', '/tmp/never-written']);
    expect([quick.status, quick.stderr]).toEqual([2, 'lab: mode "quick" is not a mode of paliers (its modes: standard)\n']);
  });
});
