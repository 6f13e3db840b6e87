// `npm run bench:pair -- <commit> [--pairs=15] [--load=bundle|modules]`: this tree's engine
// and bots against an older commit's, both loaded in one process and timed in pairs of short
// slices of the same work (same seeds, same positions where the rules agree), the order
// swapped every pair.
// bench:compare runs the two sides in separate processes a minute apart, and on a shared
// machine whose speed drifts within minutes its per-round ratios spread widely (quick random
// games: 0.99 to 1.93 in one run); a pair here is a fraction of a second apart, so the drift
// weighs on both sides alike. The copy of the code loaded first ran up to 7% slower than the
// same code loaded second (this commit paired with itself), so two processes run, one loading
// each side first, and their pairs are pooled.
// Per figure: each side's median rate, and the median over the pooled pairs of the speed-up
// (old CPU time ÷ new CPU time for the same work, above 1 when the new commit is faster) with
// its quartiles and each load order's median. CPU time of the measuring process (user +
// system). The figures cover one thread; the simulation runs (several processes) stay with
// bench:compare --full. Each tree is loaded as the game workers run it, bundled with their
// minifier (--load=bundle, the default), or as modules through tsx (--load=modules): the
// same code runs at different speeds each way (up to 15% apart: src/bench/HISTORY.md).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleTree } from './bundle-tree.ts';
import { bundleFolder, headLabel, resolveCommit, withOldTree, ROOT } from './old-tree.ts';
import { botPositions, snapshots, type SnapshotGame } from './snapshots.ts';
import { median, quantile } from './stats.ts';

// The part of the engine contract and bot registry the measures use, as either commit has it.
interface Game extends SnapshotGame<object> {
  currentPlayer(st: object): number;
}
interface Bot {
  choose(game: Game, st: object, legal: Int32Array, n: number): number;
  iterationsRun?: number;
}
interface Rng {
  int(n: number): number;
}
interface Side {
  label: string;
  games: { quick: Game; standard: Game };
  bot(spec: string, seed: number): Bot;
  rng(seed: string): Rng;
  mixSeed(a: number, b: number): number;
}

/** How the measuring process loads each tree: bundled as the game workers run it (bundle-tree.ts), or its modules through tsx. */
type Load = 'bundle' | 'modules';

/** The modules a side is made of: the registry (imported for its effect), the bots, the rng, Blue Rising. */
async function sideModules(root: string, label: string, load: Load) {
  const url = (p: string) => pathToFileURL(join(root, p)).href;
  if (load === 'modules') {
    await import(url('src/games/registry.ts')); // registers each game's heuristic bot
    return { bots: await import(url('bots/index.ts')), rng: await import(url('src/core/rng.ts')), br: await import(url('src/games/blue-rising/index.ts')) };
  }
  const p = (rel: string) => JSON.stringify(join(root, rel));
  const entry = `import ${p('src/games/registry.ts')};\nexport * as bots from ${p('bots/index.ts')};\nexport * as rng from ${p('src/core/rng.ts')};\nexport * as br from ${p('src/games/blue-rising/index.ts')};\n`;
  // In the bench's folder of this tree's node_modules (bundleFolder), where the bundle finds its packages.
  const file = join(process.env.BENCH_PAIR_BUNDLES!, `${label}-${process.pid}.mjs`);
  await bundleTree(root, entry, file, `bench-pair-${label}`);
  return await import(pathToFileURL(file).href);
}

async function loadSide(root: string, label: string, load: Load): Promise<Side> {
  const { bots, rng, br } = await sideModules(root, label, load);
  const match = (mode: string): Game => br.matchFromFiles(mode, join(root, 'decks', `${mode}-gardiens.deck`), join(root, 'decks', `${mode}-veilleurs.deck`));
  return {
    label,
    games: { quick: match('quick'), standard: match('standard') },
    bot: (spec, seed) => bots.makeBot(bots.parseBotSpec(spec), seed),
    rng: (seed) => new rng.SeededRng(seed),
    mixSeed: rng.mixSeed,
  };
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Plays random games to the end; the same games on both sides for the same pair. */
function randomGames(side: Side, mode: 'quick' | 'standard', count: number, pair: number): number {
  const game = side.games[mode];
  const st = game.allocState();
  const legal = new Int32Array(game.maxLegalActions);
  const rng = side.rng(`bench-pair-${pair}`);
  for (let g = 0; g < count; g++) {
    game.newGame(st, side.mixSeed(5000 + pair, g));
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      game.apply(st, legal[rng.int(n)]!);
    }
  }
  return count;
}

/** Each position's legal list, to check that both sides measure the same positions. */
function legalLists(game: Game, states: object[]): string[] {
  const legal = new Int32Array(game.maxLegalActions);
  return states.map((s) => Array.from(legal.subarray(0, game.legalActions(s, legal))).join(','));
}

interface Prepared {
  side: Side;
  snaps: { quick: object[]; standard: object[] };
  states: object[];
}

function prepare(side: Side): Prepared {
  const snaps = (mode: 'quick' | 'standard') => snapshots(side.games[mode], 64, side.rng('bench-snapshots'), (g) => side.mixSeed(11, g));
  return { side, snaps: { quick: snaps('quick'), standard: snaps('standard') }, states: botPositions(side.games.quick, 40, side.rng('bench-bots')) };
}

const LADDER_FLATMC = 'flatmc:budget=1000,rollout=heuristic,depth=12';
const LADDER_ISMCTS = 'ismcts:iterations=1000,rollout=heuristic,depth=12,prior=heuristic,bias=4';

/** One slice of work: returns how many units it did (games, clones, iterations, decisions). */
type Task = (p: Prepared, pair: number, decisions: number[]) => number;

/** `perPair` of the 40 positions, chosen by the pair, each decided by a fresh bot seeded 1. */
const decide = (spec: string, perPair: number, unit: 'decisions' | 'iterations'): Task => (p, pair, decisions) => {
  const game = p.side.games.quick;
  const legal = new Int32Array(game.maxLegalActions);
  let units = 0;
  for (let k = 0; k < perPair; k++) {
    const s = p.states[(pair * perPair + k) % p.states.length]!;
    const bot = p.side.bot(spec, 1);
    decisions.push(bot.choose(game, s, legal, game.legalActions(s, legal)));
    units += unit === 'iterations' ? bot.iterationsRun ?? 0 : 1;
  }
  return units;
};

const TASKS: { figure: string; unit: string; task: Task; warm?: Task }[] = [
  { figure: 'random quick games', unit: 'games/s', task: (p, pair) => randomGames(p.side, 'quick', 1000, pair) },
  { figure: 'random standard games', unit: 'games/s', task: (p, pair) => randomGames(p.side, 'standard', 500, pair) },
  ...(['quick', 'standard'] as const).map((mode) => ({
    figure: `cloneInto ${mode}`,
    unit: 'clones/s',
    task: (p: Prepared) => {
      const game = p.side.games[mode];
      const snaps = p.snaps[mode];
      const dst = game.allocState();
      for (let i = 0; i < 1_000_000; i++) game.cloneInto(snaps[i & 63]!, dst);
      return 1_000_000;
    },
  })),
  { figure: 'ISMCTS iterations, random rollouts', unit: 'iterations/s', task: decide('ismcts:iterations=1000', 4, 'iterations') },
  {
    figure: 'heuristic decisions',
    unit: 'decisions/s',
    task: (p, _pair, decisions) => {
      const game = p.side.games.quick;
      const legal = new Int32Array(game.maxLegalActions);
      const bot = p.side.bot('heuristic', 1);
      for (let r = 0; r < 250; r++) for (const s of p.states) decisions.push(bot.choose(game, s, legal, game.legalActions(s, legal)));
      return 250 * p.states.length;
    },
    // The heuristic bot reaches its speed after about 25,000 decisions (bots.ts).
    warm: (p) => {
      const game = p.side.games.quick;
      const legal = new Int32Array(game.maxLegalActions);
      const bot = p.side.bot('heuristic', 1);
      for (let r = 0; r < 1000; r++) for (const s of p.states) bot.choose(game, s, legal, game.legalActions(s, legal));
      return 0;
    },
  },
  {
    figure: 'heuristic vs heuristic games',
    unit: 'games/s',
    task: (p, pair, decisions) => {
      const game = p.side.games.quick;
      const legal = new Int32Array(game.maxLegalActions);
      const st = game.allocState();
      const bots = [p.side.bot('heuristic', 1), p.side.bot('heuristic', 2)];
      for (let g = 0; g < 60; g++) {
        game.newGame(st, 7000 + pair * 60 + g);
        let moves = 0;
        while (!game.isTerminal(st)) {
          game.apply(st, bots[game.currentPlayer(st)]!.choose(game, st, legal, game.legalActions(st, legal)));
          moves++;
        }
        decisions.push(moves);
      }
      return 60;
    },
  },
  { figure: 'ladder flat Monte-Carlo', unit: 'decisions/s', task: decide(LADDER_FLATMC, 4, 'decisions') },
  { figure: 'ladder ISMCTS', unit: 'decisions/s', task: decide(LADDER_ISMCTS, 4, 'decisions') },
];


/** What one measuring process found, per figure: each pair's CPU seconds and units per side. */
interface Measured {
  agree: { quick: number; standard: number; positions: number; states: number };
  figures: Record<string, { unit: string; seconds: { new: number[]; old: number[] }; units: { new: number[]; old: number[] }; same: number; choices: number }>;
}

/** The measuring process: loads the two trees in the order given, runs every task in pairs. */
async function measure(newRoot: string, oldRoot: string, first: 'new' | 'old', pairs: number, load: Load): Promise<Measured> {
  const roots = { new: newRoot, old: oldRoot };
  const second = first === 'new' ? 'old' : 'new';
  const loaded = { [first]: await loadSide(roots[first], first, load) } as Record<'new' | 'old', Side>;
  loaded[second] = await loadSide(roots[second], second, load);
  const pNew = prepare(loaded.new), pOld = prepare(loaded.old);
  // The same seeds give the same positions only where the two rule sets (and their action
  // numbering) agree; a rules fix between the commits (5d50073 → D19, D22) changes some games,
  // and then the decisions are timed on partly different positions. Said, not hidden.
  const sameLists = (xs: string[], ys: string[]) => xs.filter((x, i) => x === ys[i]).length;
  const agree = {
    quick: sameLists(legalLists(pNew.side.games.quick, pNew.snaps.quick), legalLists(pOld.side.games.quick, pOld.snaps.quick)),
    standard: sameLists(legalLists(pNew.side.games.standard, pNew.snaps.standard), legalLists(pOld.side.games.standard, pOld.snaps.standard)),
    positions: sameLists(legalLists(pNew.side.games.quick, pNew.states), legalLists(pOld.side.games.quick, pOld.states)),
    states: pNew.states.length,
  };
  const figures: Measured['figures'] = {};
  for (const { figure, unit, task, warm } of TASKS) {
    for (const p of [pNew, pOld]) {
      warm?.(p, 0, []);
      task(p, pairs, []); // warm-up on a pair index the measure does not use
    }
    const f = (figures[figure] = { unit, seconds: { new: [], old: [] }, units: { new: [], old: [] }, same: 0, choices: 0 } as Measured['figures'][string]);
    const choices = { new: [] as number[], old: [] as number[] };
    for (let pair = 0; pair < pairs; pair++) {
      for (const p of pair % 2 === 0 ? [pNew, pOld] : [pOld, pNew]) {
        const key = p.side.label as 'new' | 'old';
        const t0 = cpuSeconds();
        const units = task(p, pair, choices[key]);
        f.seconds[key].push(cpuSeconds() - t0);
        f.units[key].push(units);
      }
    }
    f.same = choices.new.filter((c, i) => c === choices.old[i]).length;
    f.choices = choices.new.length;
    console.error(`  ${figure} (${first} loaded first): ${median(f.seconds.old.map((o, i) => o / f.seconds.new[i]!)).toFixed(3)}`);
  }
  return { agree, figures };
}

const CHILD = process.env.BENCH_PAIR_CHILD;
if (CHILD) {
  const { newRoot, oldRoot, first, pairs, load } = JSON.parse(CHILD) as { newRoot: string; oldRoot: string; first: 'new' | 'old'; pairs: number; load: Load };
  const json = JSON.stringify(await measure(newRoot, oldRoot, first, pairs, load));
  // Exit only once the pipe has taken the whole line (an exit right away can cut it).
  await new Promise<void>((done) => process.stdout.write(json + '\n', () => done()));
  process.exit(0);
}

const args = process.argv.slice(2);
const commit = args.find((a) => !a.startsWith('--'));
const sha = resolveCommit('bench:pair', commit);
const pairsArg = args.find((a) => a.startsWith('--pairs='));
const PAIRS = pairsArg ? Number(pairsArg.slice(8)) : 15;
if (!Number.isInteger(PAIRS) || PAIRS < 3) {
  console.error(`bench:pair: --pairs must be an integer of at least 3, not "${pairsArg}"`);
  process.exit(2);
}
const loadArg = args.find((a) => a.startsWith('--load='));
const LOAD = (loadArg ? loadArg.slice(7) : 'bundle') as Load;
if (LOAD !== 'bundle' && LOAD !== 'modules') {
  console.error(`bench:pair: --load must be bundle or modules, not "${loadArg}"`);
  process.exit(2);
}
const unknown = args.find((a) => a.startsWith('--') && !a.startsWith('--pairs=') && !a.startsWith('--load='));
if (unknown) {
  console.error(`bench:pair: unknown option "${unknown}" (only --pairs=N and --load=bundle|modules)`);
  process.exit(2);
}
const head = headLabel();

const rows: string[][] = [['figure', 'new (median)', 'old (median)', 'speed-up', 'q1–q3', 'new first / old first', 'same choices (same positions only)']];
const summary: Record<string, { new: number; old: number; speedUp: number; q1: number; q3: number; newFirst: number; oldFirst: number; sameChoices: number | null; choices: number }> = {};
let positionsNote = '';
let agreement = { quick: 0, standard: 0, positions: 0 };
const bundles = LOAD === 'bundle' ? bundleFolder('bench-pair-') : '';
await withOldTree(sha, (oldDir) => {
  const started = Date.now();
  console.error(`bench:pair: ${head} (new) against ${sha.slice(0, 7)} (old), ${PAIRS} pairs per figure in each of two processes, each tree loaded as ${LOAD === 'bundle' ? 'a bundle' : 'modules'}`);
  const runs = (['new', 'old'] as const).map((first) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 26,
      env: { ...process.env, BENCH_PAIR_CHILD: JSON.stringify({ newRoot: ROOT, oldRoot: oldDir, first, pairs: PAIRS, load: LOAD }), BENCH_PAIR_BUNDLES: bundles },
    });
    return JSON.parse(out) as Measured;
  });
  const agree = runs[0]!.agree;
  agreement = { quick: agree.quick, standard: agree.standard, positions: agree.positions };
  positionsNote = `same legal lists on both sides: ${agree.quick}/64 quick and ${agree.standard}/64 standard clone snapshots, ${agree.positions}/${agree.states} bot positions`;
  for (const figure of Object.keys(runs[0]!.figures)) {
    const speedUps: number[][] = [];
    const rate = { new: [] as number[], old: [] as number[] };
    let same = 0, total = 0;
    for (const run of runs) {
      const f = run.figures[figure]!;
      speedUps.push(f.seconds.old.map((o, i) => o / f.seconds.new[i]!));
      for (const side of ['new', 'old'] as const) f.seconds[side].forEach((sec, i) => rate[side].push(f.units[side][i]! / sec));
      same += f.same;
      total += f.choices;
    }
    const pooled = speedUps.flat();
    // Same choices mean something only on the same positions (and, for whole games, the same rules).
    const comparable = total > 0 && agree.positions === agree.states;
    const r = {
      new: median(rate.new),
      old: median(rate.old),
      speedUp: median(pooled),
      q1: quantile(pooled, 0.25),
      q3: quantile(pooled, 0.75),
      newFirst: median(speedUps[0]!),
      oldFirst: median(speedUps[1]!),
      sameChoices: comparable ? same : null,
      choices: total,
    };
    summary[figure] = r;
    const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(1));
    rows.push([`${figure} (${runs[0]!.figures[figure]!.unit})`, fmt(r.new), fmt(r.old), r.speedUp.toFixed(3), `${r.q1.toFixed(2)}–${r.q3.toFixed(2)}`, `${r.newFirst.toFixed(2)} / ${r.oldFirst.toFixed(2)}`, comparable ? `${same}/${total}` : '-']);
  }
  console.error(`bench:pair: ${((Date.now() - started) / 1000).toFixed(0)} s`);
});

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
console.log(`cpu: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores), node ${process.version}, ${new Date().toISOString()}`);
console.log(`new: ${head}  old: ${sha.slice(0, 7)}  pairs: ${PAIRS} in each load order  clock: the measuring process's CPU time  loaded: ${LOAD === 'bundle' ? 'each tree bundled as the game workers run it (bundle-tree.ts)' : 'each tree\'s modules through tsx'}`);
console.log(positionsNote);
console.log('speed-up: old time / new time for the same work (above 1: new is faster; cloneInto at 0.6× the time is 1.667)');
for (const r of rows) console.log(r.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  '));
if (process.env.BENCH_PAIR_JSON) console.log(JSON.stringify({ new: head, old: sha, pairs: PAIRS, load: LOAD, positions: agreement, summary }));
