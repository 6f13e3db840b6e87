// An experiment may declare a stopping rule, `"stop": {…}`, the rule `lab whatif --stop`
// takes: read and checked at load, and an impossible one refused naming the file and the field.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExperimentError, loadExperiment } from '../../src/sim/experiment.ts';
import { GAMES, gameModule } from '../../src/games/registry.ts';
import { QUICK_G, QUICK_V, ROOT, lab, tempDir } from './helpers.ts';

const BASE = { name: 't', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V)], games: 20, seed: 1 };
let dir: string;
beforeAll(() => {
  dir = tempDir('experiment-stop');
});

function write(name: string, content: unknown): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
}
const load = (file: string) => loadExperiment(file, { module: (id) => gameModule(id), games: GAMES });

describe('an experiment\'s stopping rule', () => {
  it('is read as lab whatif reads it: SPRT in win-rate points, defaults filled in', () => {
    const exp = load(write('sprt', { ...BASE, stop: { sprt: { wr0: 0, wr1: 0.03 }, maxGames: 20000, batchPairs: 25 } }));
    expect(exp.stopRule).toEqual({ maxGames: 20000, batchPairs: 25, sprt: { d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05, unit: 'wr' } });
    expect(load(write('width', { ...BASE, stop: { width: 0.02, maxGames: 4000 } })).stopRule).toEqual({ maxGames: 4000, batchPairs: 50, width: 0.02 });
    expect(load(write('none', BASE)).stopRule).toBeUndefined();
  });

  const BAD: [string, unknown, string][] = [
    ['an impossible alpha', { sprt: { wr1: 0.03, alpha: 0.7 }, maxGames: 1000 }, 'stop.sprt.alpha: 0.7 must lie in (0, 0.5)'],
    ['no cap', { width: 0.02 }, 'stop.maxGames: missing'],
    ['an unknown field', { width: 0.02, maxGames: 1000, patience: 3 }, 'stop.patience: unknown field'],
    ['not an object', 5, 'stop: must be object'],
  ];
  for (const [what, stop, message] of BAD) {
    it(`refuses ${what}, naming the file and the field`, () => {
      const file = write(what.replace(/\W+/g, '-'), { ...BASE, stop });
      expect(() => load(file)).toThrow(ExperimentError);
      expect(() => load(file)).toThrow(`${file}: ${message}`);
    });
  }

  it('lab experiment: exit 2, one line', async () => {
    const file = write('cli', { ...BASE, stop: { sprt: { elo0: 5, elo1: 0 }, maxGames: 1000 } });
    const r = await lab(['experiment', file, '--out', join(dir, 'out'), '--quiet']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`lab: ${file}: stop.sprt.elo1: 0 must be above elo0 (5)\n`);
  });
});
