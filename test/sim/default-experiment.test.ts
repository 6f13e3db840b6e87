// experiments/default.json is the run `npm start` makes: it must fit its promise of under
// 90 s on a 2-core machine. Measured on this 2-core AMD EPYC (2026-12-02, a reduced run of
// 22,400 games of the same file): 1.5 ms of CPU per game with the heuristic bot on both
// sides, so 60,000 games are about 45 s of play on two idle cores, plus ~4 s of start and report.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimentSpec } from '../../src/cli/commands/experiment.ts';
import { planTasks } from '../../src/sim/run.ts';
import { ROOT, lab, readCsv, tempDir } from './helpers.ts';

const MAX_GAMES = 60_000;

describe('the default run (npm start)', () => {
  const file = join(ROOT, 'experiments', 'default.json');
  const { spec, exp } = experimentSpec(file, 2, false);
  const games = planTasks(spec).reduce((a, t) => a + 2 * t.pairCount, 0);
  const n = (x: number) => x.toLocaleString('en');

  it('plays few enough games to stay well under 90 s on two cores', () => {
    expect(games).toBe(56_000);
    expect(games).toBeLessThanOrEqual(MAX_GAMES);
  });

  it('says in its description, and the README in its quick start, how many games it plays', () => {
    const perMode = games / spec.modes.length;
    expect(exp.description).toContain(`${n(exp.games)} games per pairing (${n(perMode)} games per mode, ${n(games)} in all)`);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`${n(games)} seeded games (${n(exp.games)} per pairing)`);
  });

  it('separates the top and bottom decks of each mode even at a tenth of its games', async () => {
    // 100 games per pairing (700 per deck, intervals about ±3.7 points): if the extremes
    // separate here they separate at 1,000 (±1.2 points).
    const dir = tempDir('default');
    try {
      const small = join(dir, 'default-small.json');
      // The file as written (the loaded experiment also carries its game module).
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { decks: string[] };
      writeFileSync(small, JSON.stringify({ ...raw, decks: raw.decks.map((d) => join(ROOT, d)), games: 100 }));
      const r = await lab(['experiment', small, '--out', join(dir, 'out'), '--quiet', '--workers', '2']);
      expect(r.status, r.stderr).toBe(0);
      const decks = readCsv(join(dir, 'out', 'arms', 'base', 'decks.csv')).rows;
      for (const mode of spec.modes) {
        const rows = decks.filter((d) => d.mode === mode).sort((a, b) => Number(a.wr) - Number(b.wr));
        expect(rows).toHaveLength(8);
        expect(rows.every((d) => d.games === '700')).toBe(true);
        const [bottom, top] = [rows[0]!, rows[rows.length - 1]!];
        expect(Number(bottom.wr_hi), `${mode}: ${bottom.deck} vs ${top.deck}`).toBeLessThan(Number(top.wr_lo));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
