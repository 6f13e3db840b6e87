// Failures and interruptions of `lab simulate`: a game that throws stops the run with one
// line naming the game and a command that replays it (which does reproduce it), and leaves
// no result file; Ctrl-C exits 130 and leaves no result file either (only the run's journal).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_NAME } from '../../src/sim/journal.ts';
import { NAME_G, NAME_V, QUICK_G, QUICK_V, ROOT, lab, listFiles, shellWords, spawnLab, stderrLines, tempDir } from './helpers.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('faults');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a card that throws', () => {
  it('stops simulate with one replayable line, and the replay reproduces the failure', async () => {
    const out = join(dir, 'fault');
    const r = await lab([
      'simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '400', '--seed', '3', '--workers', '2',
      '--games-csv', '--quiet', '--rule', 'faultCard=Nisqy', '--out', out,
    ]);
    expect(r.status, r.stderr).toBe(1);
    const lines = stderrLines(r);
    expect(lines, r.stderr).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatch(/^lab: a game failed: /);
    expect(line).toContain('fault injected');
    expect(line).not.toContain('internal error');
    expect(line).toContain('quick mode');
    expect(line).toContain(NAME_G);
    expect(line).toContain(NAME_V);
    const seed = /seed (\d+)/.exec(line)?.[1];
    expect(seed, line).toBeDefined();
    const cmdText = /reproduce with: (lab replay .*)$/.exec(line)?.[1];
    expect(cmdText, line).toBeDefined();
    const words = shellWords(cmdText!);
    expect(words.slice(0, 2)).toEqual(['lab', 'replay']);
    expect(words[words.indexOf('--seed') + 1]).toBe(seed);
    expect(words[words.indexOf('--mode') + 1]).toBe('quick');
    expect(words).toContain('faultCard=Nisqy');
    // No result file, no temporary file.
    const left = listFiles(out);
    expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(left).not.toContain('summary.json');
    expect(left.filter((f) => f.endsWith('.csv'))).toEqual([]);

    // The exact command, with `lab` as `node src/cli/lab.js`, from the same folder.
    const replay = await lab(words.slice(1));
    expect(replay.status, replay.stderr).toBe(3);
    expect(replay.stderr).toContain('fault injected');
    expect(replay.stderr).toContain('Nisqy');
    // The log up to the failure comes first: turns, and Nisqy about to be played.
    expect(replay.stdout).toMatch(/=== Turn \d+/);
    const logLines = replay.stdout.trimEnd().split('\n');
    expect(logLines.length).toBeGreaterThan(10);
    expect(replay.stdout).toMatch(/: play Nisqy /);
    const lastPlay = logLines.filter((l) => /: play /.test(l)).pop()!;
    expect(lastPlay).toMatch(/: play Nisqy /);
    // Without the fault, the same game plays to its end.
    const clean = await lab(words.slice(1).filter((w, i, a) => w !== '--rule' && a[i - 1] !== '--rule'));
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/Result: /);
  });

  it('an experiment arm whose game throws names the arm', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(dir, 'fault.json');
    writeFileSync(file, JSON.stringify({
      name: 'fault', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V)], games: 40, seed: 3, rules: { faultCard: 'Nisqy' },
    }));
    const r = await lab(['experiment', file, '--out', join(dir, 'fault-exp'), '--quiet', '--workers', '1']);
    expect(r.status, r.stderr).toBe(1);
    const lines = stderrLines(r);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('arm "base"');
    expect(lines[0]).toContain('--rule faultCard=Nisqy');
    expect(listFiles(join(dir, 'fault-exp'))).toEqual([]);
  });
});

describe('Ctrl-C', () => {
  it('exits 130 soon and leaves no result file, only the journal', async () => {
    const out = join(dir, 'sigint');
    const child = await spawnLab(['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '2000000', '--workers', '2', '--games-csv', '--quiet', '--out', out]);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((res) =>
      child.on('close', (code, signal) => res({ code, signal, at: Date.now() })),
    );
    // Wait until games are being written (the temporary games.csv grows), however long the start takes.
    const t0 = Date.now();
    while (child.exitCode === null && child.signalCode === null && !listFiles(out).some((f) => f.endsWith('.tmp'))) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (Date.now() - t0))));
    expect(child.exitCode, `ended before the signal: ${stderr}`).toBeNull();
    expect(listFiles(out).some((f) => f.endsWith('.tmp'))).toBe(true);
    const sent = Date.now();
    child.kill('SIGINT');
    const end = await exited;
    expect(end.signal, stderr).toBeNull();
    expect(end.code, stderr).toBe(130);
    expect(end.at - sent).toBeLessThan(5000);
    expect(stderr).toContain('interrupted');
    // No result file: only the journal of the games played, which the same command resumes.
    expect(listFiles(out)).toEqual([JOURNAL_NAME]);
  });
});
