// `lab simulate` on its game counts: an odd count of games is refused in one line (games
// are played in pairs with the seats swapped).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUICK_G, QUICK_V, lab, stderrLines, tempDir, type Run } from '../sim/helpers.ts';

const dir = tempDir('cli-sim');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SIM = ['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--workers', '1', '--quiet'];

function expectOneLine(r: Run, ...culprits: string[]): void {
  const lines = stderrLines(r);
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.status, r.stderr).toBe(2);
  expect(lines[0]!.startsWith('lab: ')).toBe(true);
  for (const c of culprits) expect(lines[0]).toContain(c);
}

describe('odd game counts', () => {
  it('simulate --games 21 is refused, naming the option and the even counts around it', async () => {
    const [odd, one, even] = await Promise.all([
      lab([...SIM, '--games', '21', '--out', join(dir, 'odd')]),
      lab([...SIM, '--games', '1', '--out', join(dir, 'one')]),
      lab([...SIM, '--games', '2', '--json', '--out', join(dir, 'two')]),
    ]);
    expectOneLine(odd, 'option --games: 21 is odd', 'pairs', 'use 20 or 22');
    expectOneLine(one, 'option --games: 1 is odd', 'use 2');
    expect(existsSync(join(dir, 'odd'))).toBe(false);
    expect(even.status, even.stderr).toBe(0);
    expect(JSON.parse(even.stdout).games).toBe(2);
  });
});
