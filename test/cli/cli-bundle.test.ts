// The `lab` command's own bundle (src/cli/cli-bundle.js): kept and used again while its inputs
// are unchanged, written again when its files were changed, kept in a private folder of the
// temporary folder when its cache folder cannot be written, and not built at all when no
// folder can keep it (the sources then load through tsx, as `lab` does with a null URL).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without declarations: it runs before TypeScript can load
import { buildCount, cliBundle, cliCacheDirs } from '../../src/cli/cli-bundle.js';
import { LAB, tempDir } from '../sim/helpers.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('cli-bundle');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `fn` with LAB_CLI_CACHE_DIR and TMPDIR (the temporary folder os.tmpdir() gives) set. */
async function withDirs<T>(cache: string, tmp: string, fn: () => Promise<T>): Promise<T> {
  const before = { cache: process.env.LAB_CLI_CACHE_DIR, tmp: process.env.TMPDIR };
  process.env.LAB_CLI_CACHE_DIR = cache;
  process.env.TMPDIR = tmp;
  try {
    return await fn();
  } finally {
    for (const [k, v] of [['LAB_CLI_CACHE_DIR', before.cache], ['TMPDIR', before.tmp]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** A regular file: a folder under it cannot be made, with ENOTDIR, even for root. */
function aFile(name: string): string {
  const file = join(dir, name);
  writeFileSync(file, 'not a folder');
  return file;
}

describe('the CLI bundle', () => {
  it('is built once, then kept; a changed file of it is written again', async () => {
    const cache = join(dir, 'cache');
    await withDirs(cache, join(aFile('t1'), 'tmp'), async () => {
      const builds = buildCount();
      const first = (await cliBundle()) as string;
      expect(first).toMatch(/^file:/);
      const entry = fileURLToPath(first);
      expect(entry.startsWith(cache)).toBe(true);
      expect(buildCount()).toBe(builds + 1);
      expect(await cliBundle()).toBe(first);
      expect(buildCount()).toBe(builds + 1); // kept: no second build
      const good = readFileSync(entry);
      writeFileSync(entry, 'throw new Error("changed")');
      expect(await cliBundle()).toBe(first);
      expect(buildCount()).toBe(builds + 2);
      expect(readFileSync(entry).equals(good)).toBe(true);
    });
  });

  it('goes to a private folder of the temporary folder when its cache folder cannot be written', async () => {
    const tmp = tempDir('cli-bundle-tmp');
    try {
      await withDirs(join(aFile('c2'), 'cache'), tmp, async () => {
        const fallback = cliCacheDirs()[1] as string;
        expect(fallback).toBe(join(tmp, `blue-rising-lab-cli-${process.getuid!()}`));
        const url = (await cliBundle()) as string;
        expect(fileURLToPath(url).startsWith(fallback)).toBe(true);
        expect(statSync(fallback).mode & 0o777).toBe(0o700);
        const builds = buildCount();
        expect(await cliBundle()).toBe(url);
        expect(buildCount()).toBe(builds);
        // The bundle runs from there: the packages it leaves out are found in the project's node_modules.
        const run = spawnSync(process.execPath, [LAB, 'cards', '--filter', 'Nisqy'], { encoding: 'utf8', env: { ...process.env, LAB_CLI_CACHE_DIR: join(dir, 'c2', 'cache'), TMPDIR: tmp } });
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(run.stdout).toContain('Nisqy — Personnage');
      });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('is not built when no folder can keep it, and `lab` runs from the sources', async () => {
    const cache = join(aFile('c3'), 'cache');
    // A usable temporary folder (tsx keeps its own cache there) whose bundle folder is a file.
    const tmp = tempDir('cli-bundle-t3');
    writeFileSync(join(tmp, `blue-rising-lab-cli-${process.getuid!()}`), 'not a folder');
    await withDirs(cache, tmp, async () => {
      const builds = buildCount();
      expect(await cliBundle()).toBeNull();
      expect(buildCount()).toBe(builds);
    });
    const run = spawnSync(process.execPath, [LAB, 'cards', '--filter', 'Nisqy'], { encoding: 'utf8', env: { ...process.env, LAB_CLI_CACHE_DIR: cache, TMPDIR: tmp } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Nisqy — Personnage');
    rmSync(tmp, { recursive: true, force: true });
  });
});
