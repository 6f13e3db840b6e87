// The run journal (src/sim/journal.ts): a run resumed from the shards an interrupted run left
// gives the same aggregates and rows as an uninterrupted one; a journal of another run, or
// --fresh, plays every game; and `lab simulate` stopped by Ctrl-C resumes with the same command.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeck } from '../../src/games/blue-rising/decks.ts';
import { JOURNAL_NAME, shardKey, type JournalEntry, type JournalState } from '../../src/sim/journal.ts';
import { stableJson } from '../../src/sim/output.ts';
import { planTasks, runSimulation, type RunSpec } from '../../src/sim/run.ts';
import type { GameRow } from '../../src/sim/shard.ts';
import { summarize } from '../../src/sim/write.ts';
import { runAndWrite } from '../../src/cli/commands/simulate.ts';
import { QUICK_E, QUICK_G, QUICK_V, ROOT, lab, listFiles, spawnLab, tempDir } from './helpers.ts';

function side(file: string) {
  const deck = loadDeck(join(ROOT, file));
  return { name: deck.name, mode: deck.mode, deck, file };
}

/** A 3-deck quick round robin of 200 games per pairing, shards of 10 pairs: 30 shards. */
function spec(seed = 77): RunSpec {
  return {
    game: 'blue-rising', modes: ['quick'], sides: [side(QUICK_G), side(QUICK_V), side(QUICK_E)], bots: ['random', 'heuristic'],
    gamesPerPairing: 200, seed, arms: [{ label: '' }], workers: 2, wantRows: true, shardPairs: 10,
  };
}

async function run(s: RunSpec, journal: string, fresh = false) {
  const rows: GameRow[] = [];
  let state: JournalState | null = null;
  const res = await runSimulation(s, { onRows: (r) => rows.push(...r), journal, fresh, onJournal: (st) => (state = st) });
  return { json: stableJson(summarize(res.aggregates.get('')!)), rows, games: res.games, resumed: res.resumedGames, state };
}

let dir: string;
let whole: Awaited<ReturnType<typeof run>>;
let lines: string[];
beforeAll(async () => {
  dir = tempDir('journal');
  const file = join(dir, 'whole.jsonl');
  whole = await run(spec(), file);
  lines = readFileSync(file, 'utf8').trimEnd().split('\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runSimulation with a journal', () => {
  it('appends a header and one line per finished shard', () => {
    expect(whole.state).toBe('fresh');
    expect(whole.games).toBe(600);
    expect(JSON.parse(lines[0]!)).toEqual({ journal: 2 });
    expect(lines).toHaveLength(1 + planTasks(spec()).length);
    const entries = lines.slice(1).map((l) => JSON.parse(l) as JournalEntry);
    expect(entries.reduce((a, e) => a + e.result.games, 0)).toBe(600);
    expect(new Set(entries.map((e) => e.key)).size).toBe(30);
  });

  it('resumes from 11 shards and a line cut short: the same aggregates and rows, in order', async () => {
    const file = join(dir, 'cut.jsonl');
    const kept = lines.slice(0, 12);
    const cut = lines[12]!.slice(0, 200); // a hard kill in the middle of a line
    writeFileSync(file, `${kept.join('\n')}\n${cut}`);
    const keptGames = kept.slice(1).reduce((a, l) => a + (JSON.parse(l) as JournalEntry).result.games, 0);
    expect(keptGames).toBe(11 * 20);
    const resumed = await run(spec(), file);
    expect(resumed.state).toBe('resumed');
    expect(resumed.resumed).toBe(220);
    expect(resumed.games).toBe(600);
    expect(resumed.json).toBe(whole.json);
    expect(resumed.rows).toEqual(whole.rows);
    // The journal now holds every shard again (the cut line is left behind, unread).
    const after = readFileSync(file, 'utf8').split('\n');
    expect(after.filter((l) => l.startsWith('{"key"'))).toHaveLength(31);
    expect(after.filter((l) => l.startsWith('{"key"') && l.endsWith('}'))).toHaveLength(30);
  });

  it('plays every game when the journal is of another run, or when told fresh', async () => {
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, `${lines.join('\n')}\n`);
    const r = await run(spec(78), other);
    expect(r.state).toBe('other-run');
    expect(r.resumed).toBe(0);
    expect(r.games).toBe(600);
    expect(r.json).not.toBe(whole.json);
    // The other run's entries are gone: the journal is this run's only.
    expect(readFileSync(other, 'utf8').trimEnd().split('\n')).toHaveLength(31);

    const fresh = join(dir, 'fresh.jsonl');
    writeFileSync(fresh, `${lines.join('\n')}\n`);
    const f = await run(spec(), fresh, true);
    expect(f.state).toBe('fresh');
    expect(f.resumed).toBe(0);
    expect(f.json).toBe(whole.json);
  });

  it('keys a shard by its games and the code: another seed, deck, bot or code gives another key', () => {
    const [t] = planTasks(spec());
    const k = shardKey(t!, 'code');
    expect(shardKey({ ...t!, shardIndex: 99 }, 'code')).toBe(k);
    expect(shardKey({ ...t!, masterSeed: 1 }, 'code')).not.toBe(k);
    expect(shardKey({ ...t!, bots: ['random', 'random'] }, 'code')).not.toBe(k);
    expect(shardKey({ ...t!, pairStart: 10 }, 'code')).not.toBe(k);
    expect(shardKey(t!, 'other code')).not.toBe(k);
  });

  it('resumes from a journal of the first format (packed effect counts as lists of numbers)', async () => {
    const file = join(dir, 'format1.jsonl');
    const asLists = lines.slice(1, 12).map((l) => {
      const e = JSON.parse(l) as { result: { agg: { packedEffects: { data: unknown } } } };
      const packed = e.result.agg.packedEffects;
      expect(typeof packed.data).toBe('string');
      const bytes = Buffer.from(packed.data as string, 'base64');
      packed.data = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readInt32LE(4 * i));
      return JSON.stringify(e);
    });
    writeFileSync(file, `${JSON.stringify({ journal: 1 })}\n${asLists.join('\n')}\n`);
    const resumed = await run(spec(), file);
    expect(resumed.state).toBe('resumed');
    expect(resumed.resumed).toBe(220);
    expect(resumed.json).toBe(whole.json);
    expect(resumed.rows).toEqual(whole.rows);
  });

  it('ignores a journal that is not one (another format)', async () => {
    const file = join(dir, 'junk.jsonl');
    writeFileSync(file, '{"journal":0}\n');
    appendFileSync(file, `${lines.slice(1).join('\n')}\n`);
    const r = await run(spec(), file);
    expect(r.state).toBe('other-run');
    expect(r.resumed).toBe(0);
    expect(r.json).toBe(whole.json);
  });
});

describe('a run that fails outside a game', () => {
  it('keeps the journal and says so in its one line', async () => {
    const out = join(dir, 'dead');
    // The second deck cannot be sent to a worker: its shards fail as a dead worker's would,
    // after the first deck's shards are in.
    const bad = side(QUICK_V);
    const s: RunSpec = {
      game: 'blue-rising', modes: ['quick'], sides: [side(QUICK_G), { ...bad, deck: { ...bad.deck, unsendable: () => 0 } }], bots: ['random', 'random'],
      gamesPerPairing: 40, seed: 9, arms: [{ label: '' }], workers: 1, wantRows: false, shardPairs: 5, pairingMode: 'mirror',
    };
    const err = await runAndWrite(s, out, { quiet: true, label: 'simulate', command: [] }).then(() => null, (e: Error) => e);
    const m = /^a worker died while playing quick Veilleurs rapide vs Veilleurs rapide, pairs 0–4: .*; the (\d+) games played are kept in .*partial-run\.jsonl: the same command resumes from there$/.exec(err?.message ?? '');
    expect(m, err?.message).not.toBeNull();
    expect(listFiles(out)).toEqual([JOURNAL_NAME]);
    // The games it names are the journal's: the first deck's shards, played before the failure.
    const entries = readFileSync(join(out, JOURNAL_NAME), 'utf8').trimEnd().split('\n').slice(1).map((l) => JSON.parse(l) as JournalEntry);
    expect(entries.reduce((a, e) => a + e.result.games, 0)).toBe(Number(m![1]));
    expect(Number(m![1])).toBeGreaterThanOrEqual(10);
  });
});

describe('lab simulate after Ctrl-C', () => {
  it('keeps the played games in the journal, and the same command resumes to the same files', async () => {
    const out = join(dir, 'cli'), ref = join(dir, 'cli-ref');
    const args = ['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--bots', 'heuristic', '--games', '6000', '--seed', '5', '--workers', '1', '--games-csv'];
    const child = await spawnLab([...args, '--out', out]);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((res) => child.on('close', (code) => res(code)));
    // Interrupt once a few shards are in the journal.
    const journal = join(out, JOURNAL_NAME);
    const entries = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter((l) => l.startsWith('{"key"')).length : 0);
    while (entries() < 2 && child.exitCode === null && child.signalCode === null) await new Promise((r) => setTimeout(r, 50));
    expect(child.exitCode, stderr).toBeNull();
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stderr).toMatch(/interrupted; no result file was written; the [\d,]+ games played are kept in .*partial-run\.jsonl: the same command resumes from there/);
    expect(listFiles(out)).toEqual([JOURNAL_NAME]);

    // The resumed run and an uninterrupted one, side by side.
    const [resumed, fresh] = await Promise.all([lab([...args, '--out', out]), lab([...args, '--out', ref, '--quiet'])]);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming an interrupted run: [\d,]+ of 6,000 games taken from/);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(listFiles(out)).toEqual(listFiles(ref));
    expect(listFiles(out)).not.toContain(JOURNAL_NAME);
    for (const f of ['summary.json', 'games.csv', 'cards.csv', 'decks.csv', 'matchups.csv', 'modes.csv']) {
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(ref, f), 'utf8'));
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { resumedGames: number; games: number };
    expect(manifest.games).toBe(6000);
    expect(manifest.resumedGames).toBeGreaterThan(0);
    expect(manifest.resumedGames).toBeLessThan(6000);
  }, 180_000);
});
