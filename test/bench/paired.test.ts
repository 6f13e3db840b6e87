// bench:pair (src/bench/paired.ts) loads two commits' engines and bots in one process (twice,
// each side loaded first once), bundled or as modules. Paired with this very commit, both
// copies must measure the same positions and make the same choices (the figures are then
// comparable), the bundles are removed once loaded, and bad options are refused in one line.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../sim/helpers.ts';

const PAIRED = join(ROOT, 'src/bench/paired.ts');
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', PAIRED, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });

describe('bench:pair', () => {
  const cache = join(ROOT, 'node_modules', '.cache');
  const pairBundles = () => (existsSync(cache) ? readdirSync(cache).filter((n) => n.startsWith('bench-pair-')) : []);

  it.each([['bundle', []], ['modules', ['--load=modules']]])('paired with HEAD itself, loaded as %s: the same positions, the same choices, every figure measured', (load, options) => {
    const before = pairBundles();
    const r = run(['HEAD', '--pairs=3', ...options], { BENCH_PAIR_JSON: '1' });
    expect(r.status, r.stderr).toBe(0);
    expect(pairBundles()).toEqual(before);
    expect(r.stdout).toContain(load === 'bundle' ? 'loaded: each tree bundled as the game workers run it' : "loaded: each tree's modules through tsx");
    const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
      pairs: number;
      load: string;
      positions: { quick: number; standard: number; positions: number };
      summary: Record<string, { speedUp: number; q1: number; q3: number; newFirst: number; oldFirst: number; sameChoices: number | null; choices: number }>;
    };
    expect(json.pairs).toBe(3);
    expect(json.load).toBe(load);
    expect(json.positions).toEqual({ quick: 64, standard: 64, positions: 40 });
    expect(Object.keys(json.summary)).toEqual([
      'random quick games',
      'random standard games',
      'cloneInto quick',
      'cloneInto standard',
      'ISMCTS iterations, random rollouts',
      'heuristic decisions',
      'heuristic vs heuristic games',
      'ladder flat Monte-Carlo',
      'ladder ISMCTS',
    ]);
    for (const [figure, f] of Object.entries(json.summary)) {
      expect(f.speedUp, figure).toBeGreaterThan(0);
      expect(f.q1, figure).toBeLessThanOrEqual(f.q3);
      expect(f.newFirst, figure).toBeGreaterThan(0);
      expect(f.oldFirst, figure).toBeGreaterThan(0);
      // The bots' choices (and whole heuristic games' lengths) on both copies: all the same.
      if (f.choices > 0) expect(f.sameChoices, figure).toBe(f.choices);
    }
    // Two measuring processes (each side loaded first once), 3 pairs each.
    expect(json.summary['heuristic decisions']!.choices).toBe(2 * 3 * 250 * 40);
    expect(json.summary['heuristic vs heuristic games']!.choices).toBe(2 * 3 * 60);
    expect(json.summary['ladder ISMCTS']!.choices).toBe(2 * 3 * 4);
  });

  it('refuses an unknown commit, a pair count below 3, an unknown load and option, in one line, exit 2', () => {
    const unknown = run(['no-such-commit']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim()).toBe('bench:pair: unknown commit "no-such-commit"');
    const few = run(['HEAD', '--pairs=2']);
    expect(few.status).toBe(2);
    expect(few.stderr.trim()).toBe('bench:pair: --pairs must be an integer of at least 3, not "--pairs=2"');
    const option = run(['HEAD', '--rounds=3']);
    expect(option.status).toBe(2);
    expect(option.stderr.trim()).toBe('bench:pair: unknown option "--rounds=3" (only --pairs=N and --load=bundle|modules)');
    const load = run(['HEAD', '--load=tsx']);
    expect(load.status).toBe(2);
    expect(load.stderr.trim()).toBe('bench:pair: --load must be bundle or modules, not "--load=tsx"');
  });
});
