// `lab simulate` and `lab experiment` on their results folder and their game counts: a folder
// never keeps the report of an earlier run, and an odd count of games is refused in one line
// (games are played in pairs with the seats swapped).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUICK_G, QUICK_V, ROOT, lab, listFiles, stderrLines, tempDir, type Run } from '../sim/helpers.ts';

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

describe('a results folder never holds the report of another run', () => {
  it('simulate --report, then simulate without it: the first report is gone with the first results', async () => {
    const out = join(dir, 'sim');
    const first = await lab([...SIM, '--games', '4', '--seed', '1', '--report', '--out', out]);
    expect(first.status, first.stderr).toBe(0);
    expect(existsSync(join(out, 'report', 'index.html'))).toBe(true);
    const second = await lab([...SIM, '--games', '6', '--seed', '2', '--out', out]);
    expect(second.status, second.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).games).toBe(6);
    expect(listFiles(out)).toEqual(['cards.csv', 'decks.csv', 'manifest.json', 'matchups.csv', 'modes.csv', 'summary.json']);
  });

  it('an experiment over an earlier run\'s folder removes its report too', async () => {
    const out = join(dir, 'exp');
    mkdirSync(join(out, 'report'), { recursive: true });
    writeFileSync(join(out, 'report', 'index.html'), '<p>an earlier run</p>');
    writeFileSync(join(out, 'report', 'deck-wr.vl.json'), '{}');
    const file = join(dir, 'e.json');
    writeFileSync(file, JSON.stringify({ name: 'e', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V)], games: 4, seed: 1 }));
    const r = await lab(['experiment', file, '--out', out, '--quiet', '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(out, 'report'))).toBe(false);
    expect(listFiles(out).filter((f) => f.startsWith('report'))).toEqual([]);
    expect(listFiles(out)).toContain('summary.json');
  });

  it('a run refused before its games keeps the earlier results and their report together', async () => {
    const out = join(dir, 'kept');
    mkdirSync(join(out, 'report'), { recursive: true });
    writeFileSync(join(out, 'report', 'index.html'), '<p>kept</p>');
    writeFileSync(join(out, 'summary.json'), '{}');
    const r = await lab([...SIM, '--games', '3', '--out', out]);
    expectOneLine(r, '--games');
    expect(listFiles(out)).toEqual(['report/index.html', 'summary.json']);
  });
});

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
