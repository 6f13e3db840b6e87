// The worker bundle (src/sim/worker-bundle.ts): when its cache folder cannot be written it
// goes to a private folder of the temporary folder and runs work the same; the bundles that
// killed runs leave behind are removed at the next start, while a run still going keeps its
// own; and no esbuild service process outlives the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeKey } from '../../src/sim/journal.ts';
import { buildWorkerBundle, bundleDirs, removeWorkerBundle } from '../../src/sim/worker-bundle.ts';
import { QUICK_G, QUICK_V, lab, liveChildren, spawnLab, tempDir, until } from './helpers.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('bundle');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** buildWorkerBundle() with LAB_CACHE_DIR set to `cache`. */
async function buildIn(cache: string, game?: string): Promise<string> {
  const before = process.env.LAB_CACHE_DIR;
  process.env.LAB_CACHE_DIR = cache;
  try {
    return await buildWorkerBundle(game);
  } finally {
    if (before === undefined) delete process.env.LAB_CACHE_DIR;
    else process.env.LAB_CACHE_DIR = before;
  }
}

const bundles = (folder: string) => readdirSync(folder).filter((n) => /^worker-.*\.mjs$/.test(n));
const simulate = (out: string, games: number) => ['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', String(games), '--seed', '4', '--workers', '1', '--quiet', '--out', out];

describe('a cache folder that cannot be written', () => {
  it('the bundle goes to a private folder of the temporary folder, byte for byte the same', async () => {
    // Under a regular file, mkdir fails with ENOTDIR, even for root.
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const usual = await buildIn(join(dir, 'cache'));
    const fallback = await buildIn(join(file, 'cache'));
    try {
      expect(dirname(usual)).toBe(join(dir, 'cache'));
      expect(dirname(fallback)).toBe(join(tmpdir(), `blue-rising-lab-${process.getuid!()}`));
      expect(bundleDirs()[1]).toBe(dirname(fallback));
      expect(statSync(dirname(fallback)).mode & 0o777).toBe(0o700);
      // Same bytes, so the journal's code key does not depend on where the bundle went.
      expect(readFileSync(fallback).length).toBeGreaterThan(100_000);
      expect(readFileSync(fallback).equals(readFileSync(usual))).toBe(true);
      expect(codeKey(fallback)).toBe(codeKey(usual));
      // esbuild's top-level vars that nothing assigns again are constants (const-bindings.ts),
      // the engine's instance tables, the bot view's per-slot arrays and the bot's card tables
      // among them; the engine's afford scratch stays a var.
      const text = readFileSync(usual, 'utf8');
      expect(text).toMatch(/^const [^\n]*\bINST_KW = new Int8Array\(/m);
      expect(text).toMatch(/^const [^\n]*\bOCC = u8\(12\)/m);
      expect(text).toMatch(/^const [^\n]*\bINFO_CHAR_STAT = new Int32Array\(/m);
      expect(text).toMatch(/^var [^\n]*\baffP = 0/m);
    } finally {
      removeWorkerBundle(usual);
      removeWorkerBundle(fallback);
    }
  });

  it('a run plays and writes the same results as with a usable cache folder', async () => {
    const file = join(dir, 'b-file');
    writeFileSync(file, 'not a folder');
    const [blocked, usual] = await Promise.all([
      lab(simulate(join(dir, 'blocked-out'), 200), { env: { LAB_CACHE_DIR: join(file, 'cache') } }),
      lab(simulate(join(dir, 'usual-out'), 200)),
    ]);
    expect(blocked.status, blocked.stderr).toBe(0);
    expect(blocked.stderr).toBe('');
    expect(usual.status, usual.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'blocked-out', 'summary.json'), 'utf8')).games).toBe(200);
    expect(readFileSync(join(dir, 'blocked-out', 'summary.json'), 'utf8')).toBe(readFileSync(join(dir, 'usual-out', 'summary.json'), 'utf8'));
  });
});

describe('bundles left behind', () => {
  it('at start, the bundles of dead runs are removed; those of live runs and other files stay', async () => {
    const cache = join(dir, 'stale');
    mkdirSync(cache);
    const done = spawnSync(process.execPath, ['-e', '']);
    expect(done.status).toBe(0);
    const dead = done.pid; // has exited
    const live = process.ppid; // vitest's main process, alive while the test runs
    const names = [`worker-${dead}-1-1.mjs`, `worker-${live}-2-2.mjs`, 'worker-notes.mjs', 'notes.txt'];
    for (const n of names) writeFileSync(join(cache, n), '');
    const mine = await buildIn(cache);
    try {
      expect(readdirSync(cache).sort()).toEqual([basename(mine), `worker-${live}-2-2.mjs`, 'worker-notes.mjs', 'notes.txt'].sort());
    } finally {
      removeWorkerBundle(mine);
    }
    expect(readdirSync(cache).sort()).toEqual([`worker-${live}-2-2.mjs`, 'worker-notes.mjs', 'notes.txt'].sort());
  });

  it('a run killed by SIGKILL leaves its bundle, the next run removes it; a run still going keeps its own', async () => {
    const cache = join(dir, 'killed');
    const env = { LAB_CACHE_DIR: cache };
    const long = await spawnLab(simulate(join(dir, 'long-out'), 2_000_000), { env });
    let stderr = '';
    long.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const ended = new Promise<NodeJS.Signals | null>((res) => long.on('close', (_code, signal) => res(signal)));
    const running = () => long.exitCode === null && long.signalCode === null;
    await until(() => !running() || (existsSync(cache) && bundles(cache).length > 0));
    expect(running(), stderr).toBe(true);
    const [own] = bundles(cache);
    expect(own).toMatch(new RegExp(`^worker-${long.pid}-`));
    // Once the bundle is written, the run has no esbuild process left.
    await until(() => liveChildren(long.pid!, 'esbuild').length === 0);
    expect(liveChildren(long.pid!, 'esbuild')).toEqual([]);

    // Another run meanwhile plays to its end and leaves the first one's bundle alone.
    const other = await lab(simulate(join(dir, 'other-out'), 200), { env });
    expect(other.status, other.stderr).toBe(0);
    expect(running(), stderr).toBe(true);
    expect(bundles(cache)).toEqual([own]);

    long.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');
    expect(bundles(cache)).toEqual([own]); // left behind
    const next = await lab(simulate(join(dir, 'next-out'), 200), { env });
    expect(next.status, next.stderr).toBe(0);
    expect(bundles(cache)).toEqual([]); // the leftover at its start, its own at its end
  });
});

describe('the esbuild service', () => {
  it('is stopped once the bundle is built', async () => {
    // A build cache of its own, empty: esbuild does run.
    const before = process.env.LAB_BUILD_CACHE_DIR;
    process.env.LAB_BUILD_CACHE_DIR = join(dir, 'service-build');
    const file = await buildIn(join(dir, 'service')).finally(() => {
      if (before === undefined) delete process.env.LAB_BUILD_CACHE_DIR;
      else process.env.LAB_BUILD_CACHE_DIR = before;
    });
    expect(existsSync(join(dir, 'service-build'))).toBe(true);
    try {
      // (The other builds of this file stopped theirs too: with the sync API's service left
      // running, one would still be there.)
      await until(() => liveChildren(process.pid, 'esbuild').length === 0);
      expect(liveChildren(process.pid, 'esbuild')).toEqual([]);
    } finally {
      removeWorkerBundle(file);
    }
  });
});

describe('the kept build', () => {
  /** buildWorkerBundle() keeping its build in `kept`; the text of the bundle it wrote. */
  async function buildKeptIn(kept: string, game?: string): Promise<Buffer> {
    const before = process.env.LAB_BUILD_CACHE_DIR;
    process.env.LAB_BUILD_CACHE_DIR = kept;
    try {
      const file = await buildIn(join(dir, 'kept-bundles'), game);
      const text = readFileSync(file);
      removeWorkerBundle(file);
      return text;
    } finally {
      if (before === undefined) delete process.env.LAB_BUILD_CACHE_DIR;
      else process.env.LAB_BUILD_CACHE_DIR = before;
    }
  }

  it('is used while its inputs are unchanged, built again when one changed or its text was altered, byte for byte the same', async () => {
    const kept = join(dir, 'kept');
    const first = await buildKeptIn(kept);
    const [record] = readdirSync(kept).filter((n) => n.endsWith('.json'));
    const file = join(kept, record!);
    const rec = JSON.parse(readFileSync(file, 'utf8')) as { inputs: [string, number, number, string][]; bundle: string };
    expect(rec.inputs.some(([f]) => f.endsWith(join('src', 'sim', 'worker.ts')))).toBe(true);
    expect(rec.inputs.some(([f]) => f.endsWith('tsconfig.json'))).toBe(true);
    const written = statSync(file).mtimeMs;
    expect((await buildKeptIn(kept)).equals(first)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(written); // used as it was
    // An input whose contents differ from the kept hash (and whose time differs): built again.
    rec.inputs[0]![2] = 0;
    rec.inputs[0]![3] = '0'.repeat(64);
    writeFileSync(file, JSON.stringify(rec));
    expect((await buildKeptIn(kept)).equals(first)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).inputs[0][3]).not.toBe('0'.repeat(64));
    // A kept text that is not the one recorded: built again.
    const textFile = file.replace(/\.json$/, '.mjs');
    writeFileSync(textFile, 'export default () => {};');
    expect((await buildKeptIn(kept)).equals(first)).toBe(true);
    expect(readFileSync(textFile).equals(first)).toBe(true);
  });
});

describe('a bundle of one game', () => {
  it('holds that game and none of the others; each game kept apart from every game\'s bundle', async () => {
    const cache = join(dir, 'one-game');
    const texts = new Map<string | undefined, string>();
    for (const game of [undefined, 'blue-rising', 'seuils']) {
      const file = await buildIn(cache, game);
      texts.set(game, readFileSync(file, 'utf8'));
      removeWorkerBundle(file);
    }
    const all = texts.get(undefined)!, br = texts.get('blue-rising')!, seuils = texts.get('seuils')!;
    for (const id of ['blue-rising', 'diplomatie', 'paliers', 'seuils']) expect(all).toContain(`id: "${id}"`);
    expect(br).toContain('id: "blue-rising"');
    expect(br).not.toContain('id: "seuils"');
    expect(seuils).toContain('id: "seuils"');
    expect(seuils).not.toContain('id: "blue-rising"');
    expect(br.length).toBeLessThan(all.length);
  });
});

describe('the constants of the import-free modules', () => {
  it('are written as numbers where the Blue Rising bundle reads them: no layout, code or stat name is left', async () => {
    const file = await buildIn(join(dir, 'constants'), 'blue-rising');
    const text = readFileSync(file, 'utf8');
    removeWorkerBundle(file);
    // Names from each file (layout.ts, catalogue/codes.ts, bot/codes.ts): a value import added to
    // one of them would stop the minifier inlining that file's constants.
    for (const name of ['Z_OCC', 'Z_TKW', 'O_ENTERED', 'PH_WINDOW', 'R_DEPTH', 'A_ATTACK', 'KW_RAGE', 'TR_TAP', 'V_DESTROY', 'ST_W', 'PWIN_MASK', 'EPS']) {
      // As an identifier: the state's LAYOUT lists its fields by name, in quotes.
      expect(text).not.toMatch(new RegExp(`(?<!["\\w])${name}(?!["\\w])`));
    }
    // The engine reads the byte region at literal offsets: 443 is Z_OCC.
    expect(text).toMatch(/\[443 \+ /);
  });
});
