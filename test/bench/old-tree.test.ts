// The A/B benches check an older commit out in a temporary worktree (src/bench/old-tree.ts):
// interrupted by Ctrl-C (SIGINT) or SIGTERM, they remove it before exiting (130, 143).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../sim/helpers.ts';

const SCRIPT = `
import { withOldTree } from ${JSON.stringify(join(ROOT, 'src/bench/old-tree.ts'))};
await withOldTree('HEAD', async (dir) => {
  console.log(dir);
  await new Promise(() => setInterval(() => {}, 1000)); // until interrupted
});
`;

function interruptAfterCheckout(signal: NodeJS.Signals): Promise<{ dir: string; code: number | null }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let dir = '';
    child.stdout.on('data', (d: Buffer) => {
      dir += d;
      if (dir.endsWith('\n')) child.kill(signal);
    });
    child.on('error', fail);
    child.on('close', (code) => done({ dir: dir.trim(), code }));
  });
}

// A measuring child killed by Ctrl-C (which reaches the whole process group): the bench ends
// quietly with 130 as well, its worktree removed.
const CHILD_KILLED = `
import { execFileSync } from 'node:child_process';
import { withOldTree } from ${JSON.stringify(join(ROOT, 'src/bench/old-tree.ts'))};
await withOldTree('HEAD', (dir) => {
  console.log(dir);
  execFileSync(process.execPath, ['-e', 'process.kill(process.pid, "SIGINT")']);
});
`;

describe('withOldTree', () => {
  it('ends quietly with 130 when Ctrl-C killed a measuring child, the worktree removed', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD_KILLED], { cwd: ROOT, encoding: 'utf8' });
    const dir = r.stdout.trim();
    expect(dir).toMatch(/bench-old-/);
    expect(r.status).toBe(130);
    expect(r.stderr).toBe('');
    expect(existsSync(dir)).toBe(false);
    expect(execFileSync('git', ['worktree', 'list'], { cwd: ROOT, encoding: 'utf8' })).not.toContain(dir);
  });

  for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`removes the worktree when ${signal} stops the bench, exit ${status}`, async () => {
      const { dir, code } = await interruptAfterCheckout(signal);
      expect(dir).toMatch(/bench-old-/);
      expect(code).toBe(status);
      expect(existsSync(dir)).toBe(false);
      expect(execFileSync('git', ['worktree', 'list'], { cwd: ROOT, encoding: 'utf8' })).not.toContain(dir);
    });
  }
});
