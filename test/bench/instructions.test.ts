// bench:instructions (src/bench/instructions.ts) counts instructions under valgrind; the
// workloads it bundles (instructions-work.ts) run here under plain node: each one plays on the
// real engine and bots, and the same units give the same digest from a second bundle. Bad
// options are refused in one line before anything runs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, WORKLOADS } from '../../src/bench/instructions-work.ts';
import { ROOT } from '../sim/helpers.ts';

const CLI = join(ROOT, 'src/bench/instructions.ts');
const cli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, encoding: 'utf8' });

mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'instructions-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const digest = (file: string, n: number) => {
  const r = spawnSync(process.execPath, [file, String(n)], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return /^digest (-?\d+)$/m.exec(r.stdout)![1]!;
};

describe('bench:instructions workloads', () => {
  it('names the eight workloads, each with n1 < n2', () => {
    expect(WORKLOADS.map((w) => w.name)).toEqual(['random-quick', 'random-standard', 'heuristic-decisions', 'heuristic-games', 'ismcts-random', 'ladder-flatmc', 'ladder-ismcts', 'shard-quick']);
    for (const w of WORKLOADS) expect(w.n1, w.name).toBeLessThan(w.n2);
  });

  it('each workload runs on this tree, and two bundles of it make the same choices', async () => {
    const small: Record<string, number> = { 'random-quick': 20, 'random-standard': 10, 'heuristic-decisions': 5, 'heuristic-games': 5, 'ismcts-random': 2, 'ladder-flatmc': 1, 'ladder-ismcts': 1, 'shard-quick': 3 };
    for (const w of WORKLOADS) {
      const a = await bundle(ROOT, w, dir, 'a');
      const b = await bundle(ROOT, w, dir, 'b');
      const n = small[w.name]!;
      const d = digest(a, n);
      expect(digest(b, n), w.name).toBe(d);
      // More units, other choices: the digest covers the work done.
      if (w.name !== 'ladder-flatmc' && w.name !== 'ladder-ismcts') expect(digest(a, n + 1), w.name).not.toBe(d);
    }
  });
});

describe('bench:instructions options', () => {
  it('refuses an unknown option, workload or commit in one line, exit 2', () => {
    const option = cli(['--rounds=3']);
    expect(option.status).toBe(2);
    expect(option.stderr.trim()).toBe('bench:instructions: unknown option "--rounds=3" (only --only=NAME,…)');
    const workload = cli(['--only=random-quick,clone']);
    expect(workload.status).toBe(2);
    expect(workload.stderr.trim()).toBe(
      'bench:instructions: unknown workload "clone" (random-quick, random-standard, heuristic-decisions, heuristic-games, ismcts-random, ladder-flatmc, ladder-ismcts, shard-quick)',
    );
    const commit = cli(['no-such-commit']);
    expect(commit.status).toBe(2);
    expect(commit.stderr.trim()).toBe('bench:instructions: unknown commit "no-such-commit"');
  });
});
