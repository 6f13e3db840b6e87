// bench:shares (src/bench/shares.ts) times bundles of this tree changed by shares-work.ts's
// variants. Here: every variant's edits find their heads in today's bundles, and each variant
// still makes the same choices as the plain bundle (listing twice changes no game; the card
// counters off change no win or mode counter); bad options are refused in one line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, WORKLOADS } from '../../src/bench/instructions-work.ts';
import { PLAN, timedSource, VARIANTS } from '../../src/bench/shares-work.ts';
import { ROOT } from '../sim/helpers.ts';

mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'shares-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (file: string, n: number) => {
  const r = spawnSync(process.execPath, [file, String(n)], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return { digest: /^digest (-?\d+)$/m.exec(r.stdout)![1]!, cpu: Number(/^cpu (\S+)$/m.exec(r.stdout)![1]) };
};

describe('bench:shares variants', () => {
  it('patch today\'s bundles and make the same choices as the plain bundle', async () => {
    const small: Record<string, number> = { 'random-quick': 20, 'shard-quick': 3 };
    expect(PLAN.map((p) => p.workload)).toEqual(['random-quick', 'shard-quick']);
    for (const step of PLAN) {
      const w = WORKLOADS.find((x) => x.name === step.workload)!;
      const source = readFileSync(await bundle(ROOT, w, dir, 'src'), 'utf8');
      const plainFile = join(dir, `plain-${w.name}.mjs`);
      const plainText = timedSource(source);
      writeFileSync(plainFile, plainText);
      const plain = run(plainFile, small[w.name]!);
      expect(plain.cpu).toBeGreaterThan(0);
      for (const name of step.variants) {
        const file = join(dir, `${name}-${w.name}.mjs`);
        const text = timedSource(source, VARIANTS[name]);
        expect(text, `${w.name} ${name}`).not.toBe(plainText);
        writeFileSync(file, text);
        expect(run(file, small[w.name]!).digest, `${w.name} ${name}`).toBe(plain.digest);
      }
    }
  });

  it('refuses a bundle without a head it patches, naming the variant', () => {
    const entry = "function work(n) { return n; }\nconsole.log('digest ' + work(Number(process.argv[2])));";
    expect(() => timedSource(entry, VARIANTS.relist)).toThrow(/^relist: the bundle holds .* 0 times, not 1/);
    expect(() => timedSource('console.log(1);')).toThrow("the entry's last line is not the one bench:instructions writes");
  });
});

describe('bench:shares options', () => {
  const cli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/bench/shares.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
  it('refuses an unknown option, a second commit or an unknown one in one line, exit 2', () => {
    const option = cli(['--rounds=0']);
    expect(option.status).toBe(2);
    expect(option.stderr.trim()).toBe('bench:shares: unknown option "--rounds=0" (only --rounds=N, N from 1 to 100)');
    const two = cli(['HEAD', 'HEAD~1']);
    expect(two.status).toBe(2);
    expect(two.stderr.trim()).toBe('bench:shares: one commit at most, not HEAD HEAD~1');
    const commit = cli(['no-such-commit']);
    expect(commit.status).toBe(2);
    expect(commit.stderr.trim()).toBe('bench:shares: unknown commit "no-such-commit"');
  });
});
