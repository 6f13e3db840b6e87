// Every command with --game seuils: replay, cards, deck validate, scenario, report, nightly;
// and bad input about the game: a deck breaking its rules, a deck of another game, an unknown
// --game — each exits 2 with one line naming it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, tempDir } from '../sim/helpers.ts';

const D = 'decks/seuils';

describe('--game seuils', () => {
  it('replay plays one seeded game and prints it in its words, the same on a second run', async () => {
    const args = ['replay', '--game', 'seuils', '--deck', `${D}/airain-mur.deck`, '--deck', `${D}/braises-ruee.deck`, '--seed', '5'];
    const [a, b] = [await lab(args), await lab(args)];
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.split('\n')[0]).toBe('Seuils, standard mode, seed 5: Airain Mur (random) vs Braises Ruée (random)');
    expect(a.stdout).toMatch(/\nResult: .*; \d+ turns, influence left -?\d+ \/ -?\d+, \d+ decisions\.\n$/);
    const json = JSON.parse((await lab([...args, '--json'])).stdout) as { summary: { influence: number[]; decisions: number }; actions: unknown[] };
    expect(json.summary.influence.length).toBe(2);
    // One side's faction fell to 0 or below (R1), unless the turn cap came first (D30).
    expect(Math.min(...json.summary.influence)).toBeLessThanOrEqual(0);
    expect(json.actions.length).toBe(json.summary.decisions);
  });

  it('replay --bots heuristic plays its own bot, the same on a second run', async () => {
    const args = ['replay', '--game', 'seuils', '--deck', `${D}/cristal-controle.deck`, '--deck', `${D}/ombres-usure.deck`, '--seed', '3', '--bots', 'heuristic'];
    const [a, b] = [await lab(args), await lab(args)];
    expect([a.status, a.stderr]).toEqual([0, '']);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.split('\n')[0]).toBe('Seuils, standard mode, seed 3: Cristal Contrôle (heuristic) vs Ombres Usure (heuristic)');
  });

  it('cards lists its catalogue (57 cards, 6 factions)', async () => {
    const all = await lab(['cards', '--game', 'seuils', '--json']);
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(57);
    const factions = await lab(['cards', '--game', 'seuils', '--filter', 'type=faction']);
    expect(factions.status).toBe(0);
    expect(factions.stdout.trim().split('\n').pop()).toBe('6 cards');
  });

  it('deck validate checks its decks by its rules, and lists every problem of a bad one', async () => {
    const ok = await lab(['deck', 'validate', '--game', 'seuils', `${D}/airain-mur.deck`, `${D}/racines-rampe.deck`]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(`ok    ${D}/airain-mur.deck: "Airain Mur", standard, 45 cards\nok    ${D}/racines-rampe.deck: "Racines Rampe", standard, 45 cards\n`);
    const bad = join(tempDir('seu-bad-deck'), 'petit.deck');
    writeFileSync(bad, '# Plan: too small\nname: Petit\ngame: seuils\nfaction: Cercle des Racines\n2 Racine\n10 Veilleur\n3 Veileur\n');
    const v = await lab(['deck', 'validate', '--game', 'seuils', bad]);
    expect(v.status).toBe(1);
    expect(v.stdout).toBe(`FAIL  ${bad}\n      ${bad}:7: unknown card "Veileur"\n      deck "Petit": D5: 12 main-deck cards, at least 45\n`
      + '      deck "Petit": D27: faction "Cercle des Racines" starts with 3 resources, the deck holds 2\n');
    // Played, the same deck is bad input: exit 2, one line naming the card and every rule it breaks.
    const r = await lab(['replay', '--game', 'seuils', '--deck', bad, '--deck', `${D}/airain-mur.deck`, '--seed', '1']);
    expect([r.status, r.stderr]).toEqual([2, `lab: ${bad}: ${bad}:7: unknown card "Veileur"; deck "Petit": D5: 12 main-deck cards, at least 45; `
      + 'deck "Petit": D27: faction "Cercle des Racines" starts with 3 resources, the deck holds 2\n']);
  });

  it('scenario runs a Seuils scenario file', async () => {
    const r = await lab(['scenario', '--game', 'seuils', 'test/scenarios/seuils/play-character.json']);
    expect(r.stdout).toBe('ok    R15: a character paid from resources meeting its threshold enters play (1 actions)\n');
    expect(r.status).toBe(0);
  });

  it('report --game seuils re-makes the report of a Seuils run and refuses another game\'s', async () => {
    const out = tempDir('seu-report');
    const sim = await lab(['simulate', '--game', 'seuils', '--deck', `${D}/airain-mur.deck`, `${D}/ombres-usure.deck`, '--games', '4', '--workers', '1', '--quiet', '--out', out]);
    expect(sim.status).toBe(0);
    const r = await lab(['report', '--game', 'seuils', out, '--quiet']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(readFileSync(join(out, 'report/index.html'), 'utf8')).toContain('How influence was taken');
    const wrong = await lab(['report', '--game', 'diplomatie', out]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('results of game seuils, but --game diplomatie was asked');
  });

  it('nightly --game seuils runs its nightly file into a dated folder with its report', async () => {
    const out = tempDir('seu-nightly');
    const r = await lab(['nightly', '--game', 'seuils', '--budget-minutes', '1', '--date', '2026-12-02', '--workers', '1', '--quiet', '--out', out]);
    expect(r.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, '2026-12-02/summary.json'), 'utf8')) as { game: string; experiment: string };
    expect([summary.game, summary.experiment]).toEqual(['seuils', 'seuils-nightly']);
    expect(readFileSync(join(out, '2026-12-02/report/index.html'), 'utf8')).not.toMatch(/\bVP\b|Aspirant|quick/);
  });

  it('refuses an unknown game and a deck of another game (exit 2, one line)', async () => {
    const unknown = await lab(['cards', '--game', 'chess']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^lab: unknown game "chess" \(known: blue-rising, [^)]*\bseuils\b[^)]*\)\n$/);
    const foreign = await lab(['replay', '--game', 'seuils', '--deck', 'decks/diplomatie/meute.deck', '--deck', `${D}/airain-mur.deck`, '--seed', '1']);
    expect([foreign.status, foreign.stderr]).toEqual([2, 'lab: decks/diplomatie/meute.deck: a deck of game "diplomatie", not of seuils (--game seuils was asked)\n']);
    const mine = await lab(['replay', '--game', 'diplomatie', '--deck', `${D}/airain-mur.deck`, '--deck', 'decks/diplomatie/meute.deck', '--seed', '1']);
    expect([mine.status, mine.stderr]).toEqual([2, `lab: ${D}/airain-mur.deck: a deck of game "seuils", not of diplomatie (--game diplomatie was asked)\n`]);
    const quick = await lab(['simulate', '--game', 'seuils', '--mode', 'quick', '--deck', `${D}/airain-mur.deck`, '--out', '/tmp/never-written']);
    expect([quick.status, quick.stderr]).toEqual([2, 'lab: mode "quick" is not a mode of seuils (its modes: standard)\n']);
  });
});
