// The output folder is checked before any game: a file, a path under a file, a folder that
// cannot be created or written is refused with one line naming it (exit 2), at once. Tests
// run as root, whom chmod does not stop: the unwritable folders are kernel ones (/sys, /proc).
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors.ts';
import { prepareOutFolder } from '../../src/cli/out-folder.ts';
import { QUICK_G, QUICK_V, ROOT, lab, listFiles, stderrLines, tempDir, type Run } from '../sim/helpers.ts';

const dir = tempDir('out');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a folder\n');

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('not refused');
}

describe('prepareOutFolder', () => {
  it('creates the missing folders and leaves no probe file behind', () => {
    const target = join(dir, 'x', 'y', 'z');
    expect(prepareOutFolder(target, '--out')).toBe(target);
    expect(statSync(target).isDirectory()).toBe(true);
    expect(readdirSync(target)).toEqual([]);
  });

  it('refuses a file, and a path under a file, naming the file', () => {
    expect(refusal(() => prepareOutFolder(aFile, '--out'))).toBe(`--out ${aFile}: a file, not a folder`);
    const under = join(aFile, 'sub', 'dir');
    expect(refusal(() => prepareOutFolder(under, '--out'))).toBe(`--out ${under}: ${aFile} is a file, not a folder`);
  });

  it.skipIf(!existsSync('/sys/kernel'))('refuses a folder it may not create (EPERM) or write in (EACCES), even as root', () => {
    expect(refusal(() => prepareOutFolder('/sys/lab-out', '--out'))).toBe('--out /sys/lab-out: cannot create /sys/lab-out (EPERM: operation not permitted)');
    expect(refusal(() => prepareOutFolder('/sys/kernel', 'output folder'))).toBe('output folder /sys/kernel: cannot write in it (EACCES: permission denied)');
  });

  it.skipIf(!existsSync('/proc/self'))('fails at once under /proc, where a recursive mkdir never returns', () => {
    // A recursive mkdir there would hang past the suite's timeout: returning at all is the check.
    expect(refusal(() => prepareOutFolder('/proc/lab-out/a', '--out'))).toMatch(/^--out \/proc\/lab-out\/a: cannot create \/proc\/lab-out \(ENOENT/);
  });
});

/** Exit 2, one stderr line "lab: …" with every culprit, no stack, in well under the games' time. */
function expectRefused(r: Run, ...culprits: string[]): void {
  const lines = stderrLines(r);
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.status, r.stderr).toBe(2);
  expect(lines[0]!.startsWith('lab: ')).toBe(true);
  expect(lines[0]).not.toContain('internal error');
  for (const c of culprits) expect(lines[0]).toContain(c);
  // 2,000,000 games on one worker would run far past the suite's timeout, so a refusal that
  // came after the games would fail the test; no clock is read, the machine may be busy.
}

describe('the commands refuse a bad output folder before playing', () => {
  const SIM = ['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '2000000', '--workers', '1', '--quiet'];

  it('simulate --out FILE (was EEXIST, exit 3) and --out FILE/sub (was ENOTDIR)', async () => {
    const [onFile, underFile] = await Promise.all([lab([...SIM, '--out', aFile]), lab([...SIM, '--out', join(aFile, 'sub')])]);
    expectRefused(onFile, `--out ${aFile}: a file, not a folder`);
    expectRefused(underFile, `--out ${join(aFile, 'sub')}: ${aFile} is a file, not a folder`);
  });

  it.skipIf(!existsSync('/sys/kernel'))('simulate --out on a folder it may not write (EACCES, EPERM)', async () => {
    const [acces, perm] = await Promise.all([lab([...SIM, '--out', '/sys/kernel']), lab([...SIM, '--out', '/sys/lab-out'])]);
    expectRefused(acces, '--out /sys/kernel', 'EACCES');
    expectRefused(perm, '--out /sys/lab-out', 'EPERM');
  });

  it('experiment and nightly --out under a file', async () => {
    const exp = join(dir, 'big.json');
    writeFileSync(exp, JSON.stringify({ name: 'big', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V)], games: 2_000_000, seed: 1 }));
    const [e, n] = await Promise.all([
      lab(['experiment', exp, '--out', join(aFile, 'e'), '--quiet', '--workers', '1']),
      lab(['nightly', '--file', exp, '--out', aFile, '--date', '2026-12-01', '--quiet', '--workers', '1']),
    ]);
    expectRefused(e, `--out ${join(aFile, 'e')}: ${aFile} is a file, not a folder`);
    expectRefused(n, `--out ${join(aFile, '2026-12-01')}: ${aFile} is a file, not a folder`);
  });

  it('a file that cannot be written later is one line, exit 2, naming it', async () => {
    // summary.json is a folder: the write fails after the games (EISDIR), not as an internal error.
    const out = join(dir, 'eisdir');
    mkdirSync(join(out, 'summary.json'), { recursive: true });
    const r = await lab(['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '2', '--workers', '1', '--quiet', '--out', out]);
    expectRefused(r, join(out, 'summary.json'), 'EISDIR');
    expect(listFiles(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
