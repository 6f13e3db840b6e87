// Skill sensitivity: a clear finding (a card planted at power +3) played again with the same
// bot on both sides, on the first half of the same seeds, holds; the verdict words; a recheck
// bot that does not exist and a bad recheck field are refused before any game.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdictOf, type RecheckResult } from '../../src/sim/recheck.ts';
import { recheckSection } from '../../src/report/recheck.ts';
import { lab, labSync, readCsv, stderrLines, tempDir } from './helpers.ts';

const dir = tempDir('lab-recheck-');
const DECKS = ['decks/quick-control.deck', 'decks/quick-ranged.deck', 'decks/quick-rage-rush.deck', 'decks/quick-emissaires.deck'];
// Inquisitrice des Brumes (power 4, held by Contrôle rapide and Distance rapide) at power 7.
const PLANTED = 'Inquisitrice des Brumes';

function experiment(name: string, extra: Record<string, unknown>): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, decks: DECKS, bots: 'heuristic', games: 400, seed: 7, basePatches: [{ card: PLANTED, power: 7 }], ...extra }));
  return file;
}

describe('verdictOf', () => {
  it('holds, flips or vanishes against the reference', () => {
    expect(verdictOf(1, 0.02, 0.08, 0)).toBe('holds');
    expect(verdictOf(1, -0.08, -0.02, 0)).toBe('flips');
    expect(verdictOf(1, -0.01, 0.08, 0)).toBe('vanishes');
    expect(verdictOf(-1, 0.40, 0.46, 0.5)).toBe('holds');
    expect(verdictOf(-1, 0.52, 0.58, 0.5)).toBe('flips');
    expect(verdictOf(-1, null, null, 0.5)).toBe('vanishes');
  });
});

describe('lab experiment with a recheck', () => {
  it('a planted +3 card rechecked with the same bot on both sides holds', async () => {
    const out = join(dir, 'plant');
    const file = experiment('plant', { recheck: { bots: 'heuristic,heuristic', games: 200, top: 6 } });
    const r = await lab(['experiment', file, '--out', out, '--workers', '2', '--quiet', '--report']);
    expect(r.status, r.stderr).toBe(0);
    const res = JSON.parse(readFileSync(join(out, 'recheck.json'), 'utf8')) as RecheckResult;
    expect(res.gamesPerPairing).toBe(200);
    expect(res.rows.length).toBeGreaterThan(0);
    // Six cards or decks at most, each with every metric it is flagged on.
    expect(new Set(res.rows.map((x) => `${x.kind} ${x.name}`)).size).toBeLessThanOrEqual(6);
    // Flagged on its deck-adjusted effect or its IWD by turn, whichever is the more significant.
    const card = res.rows.find((x) => x.kind === 'card' && x.name === PLANTED)!;
    expect(card, JSON.stringify(res.rows.map((x) => x.name))).toBeDefined();
    expect(card.original.verdict).toBe('holds');
    expect(card.recheck.verdict).toBe('holds');
    expect(card.dependsOnSkill).toBe(false);
    expect(card.recheck.lo!).toBeGreaterThan(0);
    // The same bots: the recheck is the run's own games on its first 100 seed pairs, half the
    // seat-games, so a wider interval than the run's.
    expect(card.sameSeeds).toEqual({ value: card.recheck.value, lo: card.recheck.lo, hi: card.recheck.hi, n: card.recheck.n, verdict: card.recheck.verdict });
    expect(card.recheck.hi! - card.recheck.lo!).toBeGreaterThan(card.original.hi! - card.original.lo!);
    expect(card.recheck.n).toBeLessThan(card.original.n);
    // Every rechecked deck plays its 3 pairings at 200 games.
    for (const d of res.rows.filter((x) => x.kind === 'deck')) expect(d.recheck.n).toBe(600);
    expect(res.games).toBe(6 * 200);
    const csv = readCsv(join(out, 'recheck.csv'));
    expect(csv.rows.find((x) => x.name === PLANTED)!.recheck_verdict).toBe('holds');
    const html = readFileSync(join(out, 'report', 'index.html'), 'utf8');
    expect(html).toContain('Findings that depend on the bot\'s skill');
    expect(recheckSection(out)).toContain(PLANTED);
  });

  it('a recheck bot that does not exist: exit 2, one line naming it', () => {
    const r = labSync(['experiment', experiment('nobot', { recheck: { bots: 'grandmaster', games: 10 } }), '--out', join(dir, 'nobot'), '--quiet']);
    expect(r.status).toBe(2);
    expect(stderrLines(r)).toHaveLength(1);
    expect(r.stderr).toMatch(/^lab: .*nobot\.json: recheck\.bots: .*grandmaster/);
  });

  it('a bad recheck field: exit 2, one line naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ bots: 'heuristic', games: 11 }, /recheck\.games: 11 is odd/],
      [{ bots: 'heuristic', games: 10, top: 0 }, /recheck\.top: must be >= 1/],
      [{ bots: 'heuristic', games: 10, tops: 2 }, /recheck\.tops: unknown field/],
      [{ games: 10 }, /recheck\.bots: missing/],
    ];
    const runs = await Promise.all(cases.map(([recheck], i) => lab(['experiment', experiment(`bad${i}`, { recheck }), '--out', join(dir, `bad${i}`), '--quiet'])));
    for (const [i, [, re]] of cases.entries()) {
      const r = runs[i]!;
      expect(r.status, r.stderr).toBe(2);
      expect(stderrLines(r)).toHaveLength(1);
      expect(r.stderr).toMatch(re);
    }
  });
});
