// An experiment may declare a stopping rule, `"stop": {…}`, the rule `lab whatif --stop`
// takes: read and checked at load, and an impossible one refused naming the file and the field;
// `lab experiment` then plays its arms in batches of seed pairs until each is decided.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

/** Every file under `dir` but the manifest (its times and machine), by relative path. */
function files(dir: string, sub = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(join(dir, sub)).sort()) {
    const rel = sub ? `${sub}/${f}` : f;
    if (statSync(join(dir, rel)).isDirectory()) Object.assign(out, files(dir, rel));
    else if (f !== 'manifest.json') out[rel] = readFileSync(join(dir, rel), 'utf8');
  }
  return out;
}

describe('lab experiment with a stopping rule', () => {
  // Arthur is in Veilleurs rapide only, at power 4: +3 is a clear change, 4 is none at all.
  const CAP = 800;
  const EXP = {
    ...BASE, bots: 'heuristic',
    arms: [{ name: 'arthur+3', patches: [{ card: 'Arthur', power: 7 }] }, { name: 'nothing', patches: [{ card: 'Arthur', power: 4 }] }],
    stop: { sprt: { wr0: 0, wr1: 0.1 }, maxGames: CAP, batchPairs: 10 },
  };

  it('stops when every arm is decided, with the evidence, and the same file gives the same files', async () => {
    const file = write('decide', EXP);
    const [a, b] = await Promise.all([
      lab(['experiment', file, '--out', join(dir, 'decide-a'), '--workers', '1']),
      lab(['experiment', file, '--out', join(dir, 'decide-b'), '--workers', '2', '--quiet']),
    ]);
    expect(a.status).toBe(0);
    expect(b.status).toBe(0);
    expect(b.stdout).toBe('');
    const fa = files(join(dir, 'decide-a')), fb = files(join(dir, 'decide-b'));
    expect(Object.keys(fa)).toContain('summary.json');
    expect(Object.keys(fa)).toContain('arms/arthur-3/decks.csv');
    expect(fb).toEqual(fa);

    const summary = JSON.parse(fa['summary.json']!) as Record<string, any>;
    const st = summary.stopping;
    expect(st.rule).toEqual(EXP.stop);
    expect(st.cap).toBe(CAP);
    expect(st.decided).toBe(true);
    const [clear, none] = st.arms as any[];
    // The clear arm: H1 before the cap, on a positive interval, its LLR rising past the bound.
    expect(clear.arm).toBe('arthur+3');
    expect(clear.holders).toEqual(['quick\tVeilleurs rapide']);
    expect(clear.decision).toBe('H1');
    expect(clear.games).toBeLessThan(CAP);
    expect(clear.lo).toBeGreaterThan(0);
    expect(clear.path.length).toBeGreaterThan(0);
    expect(clear.path.at(-1).value).toBeGreaterThan(2.94);
    expect(clear.evidence).toMatch(/decided H1 \(LLR [\d.]+ ≥ 2\.94\) after \d+ games; LLR path \(games:LLR\) 40:/);
    // The null arm plays the very same games as the base: every paired outcome is 0, so H0.
    expect(none.decision).toBe('H0');
    expect(none.effect).toBe(0);
    expect(none.path.every((p: { value: number }) => p.value < 0)).toBe(true);
    // The run stopped at the later of the two decisions, on whole batches, below the cap.
    const pairs = Math.max(clear.pairs, none.pairs);
    expect(summary.gamesPerPairing).toBe(2 * pairs);
    expect(pairs % 10).toBe(0);
    expect(summary.games).toBe(3 * 2 * pairs);
    expect(summary.arms['arthur+3'].decks).toBeDefined();
    expect(a.stdout).toMatch(new RegExp(`stopped: every arm decided after ${pairs} seed pairs a pairing\n  arthur\\+3 \\(Arthur\\): holders' WR \\+`));
    expect(a.stdout).toMatch(/\n {2}nothing \(Arthur\): holders' WR \+0\.0 points .*decided H0/);
  });

  it('runs to the cap when an arm cannot be decided, and says so', async () => {
    // A tight H1 (+1 point) and a tiny cap: the null arm stays undecided.
    const stop = { sprt: { wr0: 0, wr1: 0.01 }, maxGames: 80, batchPairs: 10 };
    const file = write('cap', { ...EXP, arms: [EXP.arms[1]], stop });
    const r = await lab(['experiment', file, '--out', join(dir, 'cap'), '--workers', '2', '--json', '--quiet']);
    expect(r.status).toBe(0);
    const st = (JSON.parse(r.stdout) as Record<string, any>).stopping;
    expect(st.decided).toBe(false);
    expect(st.pairsPerPairing).toBe(20);
    expect(st.arms[0].decision).toBe('cap');
    expect(st.arms[0].games).toBe(80);
    expect(st.arms[0].evidence).toMatch(/undecided at the cap of 80 games/);
  });

  it('refuses an arm that does not play the base\'s games: exit 2, one line', async () => {
    const file = write('own-bots', { ...EXP, arms: [{ name: 'ladder', bots: 'random' }] });
    const r = await lab(['experiment', file, '--out', join(dir, 'own-bots'), '--quiet']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`lab: ${file}: stop: arm "ladder" plays its own bots, not the base's games: a stopping rule needs arms paired with the base\n`);
  });
});
