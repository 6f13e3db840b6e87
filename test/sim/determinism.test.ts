// Determinism of the simulation (src/sim): the same run gives the same bytes on any number
// of workers, partial aggregates merge the same in any order, and a game's seed depends only
// on (master seed, pairing, index) — not on which other decks are in the run.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSeed, hashString } from '../../src/core/seeds.ts';
import { loadDeck } from '../../src/games/blue-rising/decks.ts';
import { emptyAggregate, mergeInto, type Aggregate } from '../../src/sim/aggregate.ts';
import { stableJson } from '../../src/sim/output.ts';
import { planTasks, runSimulation, type RunSpec } from '../../src/sim/run.ts';
import { GAME_ROW_HEADER, runShard, type GameRow, type ShardResult } from '../../src/sim/shard.ts';
import { summarize } from '../../src/sim/write.ts';
import { NAME_E, NAME_G, NAME_V, QUICK_E, QUICK_G, QUICK_V, ROOT, lab, listFiles, readCsv, tempDir } from './helpers.ts';

function side(file: string) {
  const deck = loadDeck(join(ROOT, file));
  return { name: deck.name, mode: deck.mode, deck, file };
}

/** A 3-deck quick round robin, 300 games per pairing, shards of 20 pairs (8 per pairing). */
function spec(workers: number): RunSpec {
  return {
    game: 'blue-rising',
    modes: ['quick'],
    sides: [side(QUICK_G), side(QUICK_V), side(QUICK_E)],
    bots: ['random', 'random'],
    gamesPerPairing: 300,
    seed: 4242,
    arms: [{ label: '' }],
    workers,
    wantRows: true,
    shardPairs: 20,
  };
}

// Each run removes its worker bundle when it ends: none of this process's is left behind.
afterAll(() => {
  const cache = join(ROOT, 'node_modules', '.cache', 'blue-rising-lab');
  const left = existsSync(cache) ? readdirSync(cache).filter((f) => f.startsWith(`worker-${process.pid}-`)) : [];
  expect(left).toEqual([]);
});

describe('runSimulation: the same bytes on 1 and 3 workers', () => {
  const runs: { json: string; rows: GameRow[]; agg: Aggregate; games: number; tasks: number }[] = [];
  beforeAll(async () => {
    for (const w of [1, 3]) {
      const rows: GameRow[] = [];
      const res = await runSimulation(spec(w), { onRows: (r) => rows.push(...r) });
      const agg = res.aggregates.get('')!;
      runs.push({ json: stableJson(summarize(agg)), rows, agg, games: res.games, tasks: res.tasks });
    }
  });

  it('plays every game in small shards', () => {
    expect(planTasks(spec(1))).toHaveLength(3 * 8);
    for (const r of runs) {
      expect(r.games).toBe(900);
      expect(r.tasks).toBe(24);
      expect(r.rows).toHaveLength(900);
    }
  });

  it('gives byte-identical summaries', () => {
    expect(runs[1]!.json).toBe(runs[0]!.json);
    expect(stableJson(runs[1]!.agg)).toBe(stableJson(runs[0]!.agg));
    const s = JSON.parse(runs[0]!.json) as { matchups: { games: number }[] };
    expect(s.matchups.map((m) => m.games)).toEqual([300, 300, 300]);
  });

  it('hands the game rows over in plan order on any number of workers', () => {
    expect(runs[1]!.rows).toEqual(runs[0]!.rows);
    // Plan order: pairing by pairing, pair by pair, game 0 then game 1.
    const col = (k: string) => GAME_ROW_HEADER.indexOf(k);
    const order = runs[1]!.rows.map((r) => `${r[col('deck_a')]}\t${r[col('deck_b')]}`);
    expect([...new Set(order)]).toEqual([`${NAME_G}\t${NAME_V}`, `${NAME_G}\t${NAME_E}`, `${NAME_V}\t${NAME_E}`]);
    runs[1]!.rows.forEach((r, i) => {
      expect(r[col('pair')]).toBe(Math.floor((i % 300) / 2));
      expect(r[col('game')]).toBe(i % 2);
    });
  });
});

describe('planTasks: shard sizes', () => {
  it('an arm whose bots search gets shards of 2 pairs; a cheap arm keeps the large ones', () => {
    const s: RunSpec = {
      ...spec(2), shardPairs: undefined, gamesPerPairing: 40, wantRows: false,
      arms: [{ label: 'cheap' }, { label: 'search', bots: ['ismcts:iterations=50', 'heuristic'] }],
    };
    const tasks = planTasks(s);
    const cheap = tasks.filter((t) => t.arm === 'cheap');
    const search = tasks.filter((t) => t.arm === 'search');
    // 2 arms x 3 pairings x 20 pairs = 120 pairs; 120 / (2 workers x 8) -> 8 pairs a shard.
    expect(cheap.map((t) => t.pairCount)).toEqual(Array(3).fill([8, 8, 4]).flat());
    expect(search).toHaveLength(3 * 10);
    expect(search.every((t) => t.pairCount === 2 && t.bots[0] === 'ismcts:iterations=50')).toBe(true);
    // Every pair is played once whatever the shard size.
    expect(search.reduce((a, t) => a + t.pairCount, 0)).toBe(60);
  });
});

describe('mergeInto: partial aggregates merge the same in any order', () => {
  it('three orders of the same shards give equal aggregates, equal to the threaded run', async () => {
    const s = { ...spec(1), sides: spec(1).sides.slice(0, 2), gamesPerPairing: 200, shardPairs: 15, wantRows: false };
    const tasks = planTasks(s);
    expect(tasks.length).toBe(7);
    const shards: ShardResult[] = tasks.map((t) => runShard(t));
    // Each shard's aggregate must not be mutated by a merge: deep copies for each order.
    const copy = (a: Aggregate) => JSON.parse(JSON.stringify(a)) as Aggregate;
    const orders = [
      shards.map((_, i) => i),
      shards.map((_, i) => shards.length - 1 - i),
      [3, 0, 6, 2, 5, 1, 4],
    ];
    const results = orders.map((order) => {
      const agg = emptyAggregate();
      for (const i of order) mergeInto(agg, copy(shards[i]!.agg));
      return agg;
    });
    const texts = results.map((a) => stableJson(summarize(a)));
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    expect(stableJson(results[1])).toBe(stableJson(results[0]));
    expect(stableJson(results[2])).toBe(stableJson(results[0]));
    // Merging is a sum: the games add up, and the same spec on threads gives the same bytes.
    expect(Object.values(results[0]!.modes)[0]![0]).toBe(200);
    const threaded = await runSimulation({ ...s, workers: 2 });
    expect(stableJson(summarize(threaded.aggregates.get('')!))).toBe(texts[0]);
  });

  it('pair results merge into place, also from a journal; a shard holds only its own pairs', () => {
    const tasks = planTasks({ ...spec(1), sides: spec(1).sides.slice(0, 2), gamesPerPairing: 40, shardPairs: 6, wantRows: false });
    expect(tasks.map((t) => t.pairStart)).toEqual([0, 6, 12, 18]);
    const shards = tasks.map((t) => runShard(t).agg);
    // No holes before a shard's first pair: a journal line stays the size of the shard.
    expect(shards.map((a) => a.pairBase)).toEqual([0, 6, 12, 18]);
    expect(shards.map((a) => Object.values(a.pairs.quick!)[0]!.length)).toEqual([6, 6, 6, 2]);
    expect(JSON.stringify(shards[3]!.pairs)).not.toContain('null');
    const direct = emptyAggregate(), viaJson = emptyAggregate();
    for (const a of shards.slice().reverse()) mergeInto(direct, a);
    for (const a of shards) mergeInto(viaJson, JSON.parse(JSON.stringify(a)) as Aggregate);
    const codes = Object.values(direct.pairs.quick!)[0]!;
    expect(codes).toHaveLength(20);
    expect(codes.every((c) => c >= 1 && c <= 9)).toBe(true);
    expect(Object.values(viaJson.pairs.quick!)[0]).toEqual(codes);
    // Each code is the pair's result: side A's wins over its two games add up to the matchup's.
    const m = Object.values(direct.matchups.quick!)[0]!;
    expect(codes.reduce((s, c) => s + ((c - 1) % 3), 0)).toBe(m[1]);
  });

  it('merging a shard twice counts it twice (the orders above are not trivially equal)', () => {
    const task = planTasks({ ...spec(1), sides: spec(1).sides.slice(0, 2), gamesPerPairing: 20, shardPairs: 10, wantRows: false })[0]!;
    const one = runShard(task).agg;
    const twice = emptyAggregate();
    mergeInto(twice, one);
    mergeInto(twice, one);
    const m1 = Object.values(one.matchups.quick!)[0]!;
    const m2 = Object.values(twice.matchups.quick!)[0]!;
    expect(m2).toEqual(m1.map((x) => 2 * x));
  });
});

describe('lab simulate: --workers 1 and --workers 3 write the same files', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('det');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const FILES = ['summary.json', 'cards.csv', 'decks.csv', 'matchups.csv', 'deck_matchups.csv', 'modes.csv', 'games.csv'];
  // The extra deck first: the pairing (Gardiens, Veilleurs) comes last in the 3-deck run.
  const args3 = (out: string, workers: number) => [
    'simulate', '--deck', QUICK_E, '--deck', QUICK_G, '--deck', QUICK_V, '--games', '600', '--seed', '77',
    '--workers', String(workers), '--games-csv', '--quiet', '--out', out,
  ];

  it('byte-identical outputs, and seeds that do not depend on the other decks', async () => {
    const [r1, r3, r2decks] = await Promise.all([
      lab(args3(join(dir, 'w1'), 1)),
      lab(args3(join(dir, 'w3'), 3)),
      lab(['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '600', '--seed', '77', '--workers', '2', '--games-csv', '--quiet', '--out', join(dir, 'two')]),
    ]);
    for (const r of [r1, r3, r2decks]) expect(r.status, r.stderr).toBe(0);
    expect(listFiles(join(dir, 'w1'))).toEqual([...FILES, 'manifest.json'].sort());
    expect(listFiles(join(dir, 'w3'))).toEqual(listFiles(join(dir, 'w1')));
    for (const f of FILES) {
      const a = readFileSync(join(dir, 'w1', f), 'utf8');
      const b = readFileSync(join(dir, 'w3', f), 'utf8');
      expect(b.length, f).toBeGreaterThan(0);
      expect(b === a, `${f} differs between --workers 1 and --workers 3`).toBe(true);
    }
    const m1 = JSON.parse(readFileSync(join(dir, 'w1', 'manifest.json'), 'utf8'));
    const m3 = JSON.parse(readFileSync(join(dir, 'w3', 'manifest.json'), 'utf8'));
    expect([m1.workers, m3.workers]).toEqual([1, 3]);
    expect(m3.games).toBe(3 * 600);

    // Game i's seed: (master seed, pairing, i) only.
    const three = readCsv(join(dir, 'w1', 'games.csv')).rows;
    const two = readCsv(join(dir, 'two', 'games.csv')).rows;
    expect(three).toHaveLength(1800);
    expect(two).toHaveLength(600);
    const gv = three.filter((r) => r.deck_a === NAME_G && r.deck_b === NAME_V);
    expect(gv).toHaveLength(600);
    expect(two.every((r) => r.deck_a === NAME_G && r.deck_b === NAME_V)).toBe(true);
    expect(gv.map((r) => r.seed)).toEqual(two.map((r) => r.seed));
    // The games themselves depend only on the seed, decks and bots: the whole rows agree.
    expect(gv).toEqual(two);
    const key = hashString(`quick\t${NAME_G}\t${NAME_V}`);
    two.forEach((r, i) => {
      expect(Number(r.pair)).toBe(i >> 1);
      expect(Number(r.seed)).toBe(gameSeed(77, key, i >> 1));
    });
    // Pairs of one pairing get distinct seeds; other pairings get other seeds.
    expect(new Set(two.map((r) => r.seed)).size).toBe(300);
    const ge = three.filter((r) => r.deck_a === NAME_E && r.deck_b === NAME_G).map((r) => r.seed);
    expect(ge).toHaveLength(600);
    expect(ge.filter((s, i) => s === two[i]!.seed).length).toBe(0);
  });
});

describe('lab experiment: --workers 1 and --workers 2 write the same differences', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('det-exp');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('byte-identical differences.csv (paired by seed pair) and arm tables', async () => {
    const file = join(dir, 'exp.json');
    writeFileSync(file, JSON.stringify({
      name: 'det', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V), join(ROOT, QUICK_E)], bots: 'random', games: 300, seed: 31,
      arms: [{ name: 'nisqy', patches: [{ card: 'Nisqy', power: 8 }] }],
    }));
    const [r1, r2] = await Promise.all([1, 2].map((w) => lab(['experiment', file, '--workers', String(w), '--quiet', '--out', join(dir, `w${w}`)])));
    for (const r of [r1!, r2!]) expect(r.status, r.stderr).toBe(0);
    const files = ['differences.csv', 'summary.json', 'arms/base/cards.csv', 'arms/nisqy/cards.csv', 'arms/nisqy/decks.csv'];
    for (const f of files) {
      const a = readFileSync(join(dir, 'w1', f), 'utf8'), b = readFileSync(join(dir, 'w2', f), 'utf8');
      expect(a.length, f).toBeGreaterThan(0);
      expect(b === a, `${f} differs between --workers 1 and --workers 2`).toBe(true);
    }
    const rows = readCsv(join(dir, 'w1', 'differences.csv')).rows;
    expect(rows.filter((x) => x.kind === 'deck').map((x) => x.interval)).toEqual(['paired', 'paired', 'paired']);
  });
});
