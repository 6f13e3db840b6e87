// `lab whatif`: bad input exits 2 with one line naming it; a clear patch is decided early,
// with the same bytes on 1 and 2 workers (the stopping rule decides at batch boundaries).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, lab, tempDir, type Run } from './helpers.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('whatif');
  const cards = JSON.parse(readFileSync(join(ROOT, 'src/games/blue-rising/catalogue/cards.json'), 'utf8')) as Record<string, unknown>[];
  cards[1]!.powr = 5;
  writeFileSync(join(dir, 'bad-field.json'), JSON.stringify(cards));
});

const BAD: [string, () => string[], (string | RegExp)[]][] = [
  ['an unknown card', () => ['--card', 'Arthurr', '--power', '5'], ['--card', '"Arthurr"', 'did you mean: Arthur']],
  ['an unknown field', () => ['--card', 'Arthur', '--pwer', '5'], ['--pwer']],
  ['a bad value', () => ['--card', 'Arthur', '--power', '31'], ['--power', '31']],
  ['an unknown keyword', () => ['--card', 'Arthur', '--keywords', 'fly=2'], ['--keywords', '"fly"']],
  ['no change', () => ['--card', 'Arthur'], ['--power']],
  ['a card no deck of the mode holds', () => ['--card', "Sceptre d'Invocation", '--cost', '1', '--mode', 'quick'], ['"Sceptre d\'Invocation"', 'no shipped quick deck']],
  ['a catalogue with a bad field', () => ['--card', 'Arthur', '--power', '5', '--catalogue', join(dir, 'bad-field.json')], ['bad-field.json', 'card "Arthur"', 'powr', 'unknown field']],
  ['a field another game\'s schema lacks', () => ['--game', 'diplomatie', '--card', 'Loup', '--keywords', 'front=1'], ['--keywords', '"keywords"', 'not a patch field of diplomatie', 'level, power, extraCost']],
  ['a value out of the game\'s schema range', () => ['--game', 'diplomatie', '--card', 'Loup', '--set', 'level=9'], ['--set level', '9', '1..5']],
  ['an impossible alpha', () => ['--card', 'Arthur', '--power', '5', '--stop', '{"sprt":{"wr1":0.03,"alpha":0.5},"maxGames":1000}'], ['--stop.sprt.alpha', '(0, 0.5)']],
  ['H1 not above H0', () => ['--card', 'Arthur', '--power', '5', '--stop', '{"sprt":{"elo0":5,"elo1":0},"maxGames":1000}'], ['--stop.sprt.elo1']],
  ['a cap below one batch', () => ['--card', 'Arthur', '--power', '5', '--stop', '{"width":0.02,"maxGames":20,"batchPairs":25}'], ['--stop.maxGames', 'below one batch']],
];

describe('lab whatif: bad input', () => {
  for (const [what, args, parts] of BAD) {
    it(`${what}: exit 2, one line`, async () => {
      const r = await lab(['whatif', ...args(), '--quiet']);
      expect(r.status).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^lab: /);
      for (const p of parts) expect(lines[0]).toMatch(typeof p === 'string' ? new RegExp(p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : p);
      expect(r.stdout).toBe('');
    });
  }
});

describe('lab whatif: a verdict', () => {
  const stop = '{"sprt":{"wr0":0,"wr1":0.05},"maxGames":4000,"batchPairs":5}';
  const args = (w: string) => ['whatif', '--card', 'Arthur', '--power', '8', '--bots', 'heuristic', '--stop', stop, '--seed', '3', '--workers', w, '--json', '--quiet'];
  it('decides a clear patch (power +4) before the cap, the same on 1 and 2 workers', async () => {
    const [one, two] = await Promise.all([lab(args('1')), lab(args('2'))]);
    for (const r of [one, two] as Run[]) {
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
    const a = JSON.parse(one.stdout) as Record<string, unknown>, b = JSON.parse(two.stdout) as Record<string, unknown>;
    delete a.seconds;
    delete b.seconds;
    expect(a).toEqual(b);
    expect(a.decision).toBe('H1');
    expect(a.games as number).toBeLessThan(4000);
    expect(a.lo as number).toBeGreaterThan(0);
    expect(a.holders).toEqual(['Contrôle rapide', 'Pièges rapide', 'Veilleurs rapide']);
    expect(a.evidence as string).toMatch(/decided H1 .*LLR path \(games:LLR\) \d+:/);
    // Each batch plays 5 pairs of each of the 18 pairings holding Arthur, in both arms.
    expect((a.games as number) % (5 * 2 * 18 * 2)).toBe(0);
  });

  it('plays a patch of another game on its own schema (--game diplomatie --set power=30)', async () => {
    const r = await lab(['whatif', '--game', 'diplomatie', '--card', 'Loup', '--set', 'power=30', '--bots', 'random', '--games', '2', '--workers', '1', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^what if Loup power 30 \(was power 20\)\? standard, bots random vs random, against the 6 shipped standard decks\n/);
    expect(r.stdout).toMatch(/\n {2}Lignées +\d+\.\d% → \d+\.\d%/);
  });

  it('prints the verdict for a designer, with a fixed budget', async () => {
    const r = await lab(['whatif', '--card', 'Arthur', '--power', '5', '--bots', 'heuristic', '--games', '4', '--workers', '2', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^what if Arthur power 5 \(was power 4\)\? quick, bots heuristic vs heuristic, against the 8 shipped quick decks\n/);
    expect(r.stdout).toMatch(/measured on 144 games: the holders' WR moves [+-]\d+\.\d points \[/);
    expect(r.stdout).toMatch(/\n {2}Veilleurs rapide +\d+\.\d% → \d+\.\d%/);
    expect(r.stdout).toMatch(/144 games \(both arms\) in \d+\.\d s on 2 workers, 1 batch/);
  });
});
