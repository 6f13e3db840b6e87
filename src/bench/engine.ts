// Engine benchmark: `npm run bench` (node --expose-gc --import tsx src/bench/engine.ts) prints
// ONE JSON object on stdout. Blue Rising, shipped decks, gardiens (seat 0) vs veilleurs
// (seat 1), uniform-random bots from their own SeededRng; one thread. Figures:
//   node, cpu (os.cpus()[0].model), cores (os.cpus().length), date (ISO 8601).
//   modes.<mode>.stateBytes     bytes of the state itself (`bytes`: what hashes; a clone also copies
//                               the rules' cache and the head of the legal list).
//   modes.<mode>.cloneNs        ns per cloneInto of a mid-game state into a preallocated
//                               state: median of 9 runs of 1,000,000 clones (64 snapshots).
//   modes.<mode>.stepNs         ns per decision = legalActions + the bot's pick + apply
//                               (apply includes the forced moves up to the next decision):
//                               median of 7 runs of 1,500 whole games from pre-dealt starts.
//   modes.<mode>.stepsPerSec    1e9 / stepNs.
//   modes.<mode>.gamesPerSec    whole random-vs-random games per second (newGame included),
//                               median of 5 runs of 1,500 games; meanStepsPerGame over those games.
//   modes.<mode>.meanForcedPerGame  decisions with one legal action the engine played itself
//                               inside apply (window passes…), per game.
//   modes.<mode>.engineDecisionsPerSec  (bot steps + forced decisions) per second in those
//                               runs: every decision the engine listed legal actions for.
//   modes.<mode>.heapGrowthBytes  process.memoryUsage().heapUsed after − before 100,000
//                               steps of play, after a warm-up, with a forced global.gc()
//                               before and after (≈ 0 when the hot path allocates nothing;
//                               null when node runs without --expose-gc).
//   games.<id>                  every game of the registry measured alike (src/bench/games.ts).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { Game } from '../core/game.ts';
import { SeededRng, mixSeed } from '../core/rng.ts';
import { matchFromFiles } from '../games/blue-rising/index.ts';
import type { Mode } from '../games/blue-rising/rules-options.ts';
import type { BRState } from '../games/blue-rising/state.ts';
import { benchSimulation } from './sim.ts';
import { benchBots } from './bots.ts';
import { clockName, nowNs } from './clock.ts';
import { median } from './stats.ts';
import { snapshots } from './snapshots.ts';

const DECKS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'decks');
const gc = (globalThis as { gc?: () => void }).gc;

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** Plays one random game to the end in `st`; returns its number of decisions. */
function playOut(game: Game<BRState>, st: BRState, rng: SeededRng, legal: Int32Array): number {
  let steps = 0;
  while (!game.isTerminal(st)) {
    const n = game.legalActions(st, legal);
    game.apply(st, legal[rng.int(n)]!);
    steps++;
  }
  return steps;
}

function benchClone(game: Game<BRState>): number {
  const snaps = snapshots(game, 64, new SeededRng('bench-snapshots'), (g) => mixSeed(11, g));
  const dst = game.allocState();
  const N = 1_000_000;
  let sink = 0;
  const runs: number[] = [];
  for (let r = 0; r < 10; r++) {
    const t0 = nowNs();
    for (let i = 0; i < N; i++) {
      game.cloneInto(snaps[i & 63]!, dst);
      sink ^= dst.w[8 + (i & 7)]!;
    }
    const ns = (nowNs() - t0) / N;
    if (r > 0) runs.push(ns); // run 0 is the warm-up
  }
  if (sink === 0x7fffffff) console.error(sink);
  return median(runs);
}

function benchSteps(game: Game<BRState>): number {
  const legal = new Int32Array(game.maxLegalActions);
  const GAMES = 1500;
  const starts: BRState[] = [];
  for (let g = 0; g < GAMES; g++) starts.push(game.allocState());
  const st = game.allocState();
  const runs: number[] = [];
  for (let r = 0; r < 8; r++) {
    for (let g = 0; g < GAMES; g++) game.newGame(starts[g]!, mixSeed(1000 + r, g));
    const rng = new SeededRng(`bench-steps-${r}`);
    let steps = 0;
    const t0 = nowNs();
    for (let g = 0; g < GAMES; g++) {
      game.cloneInto(starts[g]!, st);
      steps += playOut(game, st, rng, legal);
    }
    const ns = (nowNs() - t0) / steps;
    if (r > 0) runs.push(ns); // run 0 is the warm-up
  }
  return median(runs);
}

function benchGames(game: Game<BRState>): { gamesPerSec: number; meanStepsPerGame: number; meanForcedPerGame: number; engineDecisionsPerSec: number } {
  const legal = new Int32Array(game.maxLegalActions);
  const st = game.allocState();
  const GAMES = 1500;
  const runs: number[] = [];
  let totalSteps = 0, totalGames = 0, totalForced = 0;
  const decisionRates: number[] = [];
  for (let r = 0; r < 6; r++) {
    const rng = new SeededRng(`bench-games-${r}`);
    let steps = 0;
    const forced0 = st.forcedSteps;
    const t0 = nowNs();
    for (let g = 0; g < GAMES; g++) {
      game.newGame(st, mixSeed(2000 + r, g));
      steps += playOut(game, st, rng, legal);
    }
    const s = (nowNs() - t0) / 1e9;
    const forced = st.forcedSteps - forced0;
    if (r > 0) {
      runs.push(GAMES / s);
      decisionRates.push((steps + forced) / s);
      totalSteps += steps;
      totalForced += forced;
      totalGames += GAMES;
    }
  }
  return {
    gamesPerSec: median(runs),
    meanStepsPerGame: totalSteps / totalGames,
    meanForcedPerGame: totalForced / totalGames,
    engineDecisionsPerSec: median(decisionRates),
  };
}

function benchHeap(game: Game<BRState>): number | null {
  if (!gc) return null;
  const legal = new Int32Array(game.maxLegalActions);
  const st = game.allocState();
  const rng = new SeededRng('bench-heap');
  let seed = 0;
  const play = (steps: number) => {
    for (let k = 0; k < steps; k++) {
      if (game.isTerminal(st) || k === 0) game.newGame(st, mixSeed(3000, seed++));
      const n = game.legalActions(st, legal);
      game.apply(st, legal[rng.int(n)]!);
      if (game.isTerminal(st)) game.newGame(st, mixSeed(3000, seed++));
    }
  };
  play(50_000); // warm-up: every function compiled before the measure
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  play(100_000);
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  return after - before;
}

// `--only=clone,steps,games,heap,bots,sim,modules,whatif,fix` runs those parts alone (default: all of them);
// `--modes=quick` one mode (`--modes=none`: no engine figures, e.g. with `--only=bots`). `npm run bench:compare <commit>` (compare.ts) runs this file
// beside the same file on an older commit.
const argOf = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = new Set((argOf('only') ?? 'clone,steps,games,heap,bots,sim,modules,whatif,fix').split(','));
const modeList = (argOf('modes') ?? 'quick,standard').split(',').filter((m) => m !== '' && m !== 'none') as Mode[];

function benchMode(mode: Mode) {
  const game = matchFromFiles(mode, join(DECKS, `${mode}-gardiens.deck`), join(DECKS, `${mode}-veilleurs.deck`));
  const probe = game.allocState();
  const cloneNs = only.has('clone') ? benchClone(game) : null;
  const stepNs = only.has('steps') ? benchSteps(game) : null;
  const games = only.has('games') ? benchGames(game) : null;
  const heapGrowthBytes = only.has('heap') ? benchHeap(game) : null;
  return {
    decks: ['gardiens', 'veilleurs'],
    stateBytes: probe.bytes.byteLength,
    cloneNs: cloneNs === null ? null : round(cloneNs),
    stepNs: stepNs === null ? null : round(stepNs),
    stepsPerSec: stepNs === null ? null : Math.round(1e9 / stepNs),
    gamesPerSec: games && round(games.gamesPerSec),
    meanStepsPerGame: games && round(games.meanStepsPerGame),
    meanForcedPerGame: games && round(games.meanForcedPerGame),
    engineDecisionsPerSec: games && Math.round(games.engineDecisionsPerSec),
    heapGrowthBytes,
  };
}

const started = Date.now();
const cpus = os.cpus();
const modes: Record<string, ReturnType<typeof benchMode>> = {};
for (const mode of modeList) modes[mode] = benchMode(mode);
// Every game of the registry side by side (state size, clone, decisions, games, ISMCTS).
// Imported only when asked: bench:compare runs these bench files on old commits without the registry.
const games = only.has('modules') ? (await import('./games.ts')).benchGames(DECKS) : null;
// The strength ladder's search bots (experiments/strength-ladder.json) as well.
const bots = only.has('bots')
  ? benchBots(DECKS, ['flatmc:budget=1000,rollout=heuristic,depth=12', 'ismcts:iterations=1000,rollout=heuristic,depth=12,prior=heuristic,bias=4'])
  : null;
// `npm run bench -- --engine-only` skips the simulation runs (about two minutes).
const simulation = process.argv.includes('--engine-only') || !only.has('sim') ? null : benchSimulation({ million: !process.argv.includes('--no-million') });
// The time to a decided `lab whatif` verdict on a +1 power patch (src/bench/whatif.ts); imported
// only when asked, like the per-game figures, so bench:compare can run these files on old commits.
const whatif = process.argv.includes('--engine-only') || !only.has('whatif') ? null : (await import('./whatif.ts')).benchWhatif();
// The wall time of `lab fix` on a card planted with power +3 (src/bench/fix.ts).
const fix = process.argv.includes('--engine-only') || !only.has('fix') ? null : (await import('./fix.ts')).benchFix();

console.log(JSON.stringify({
  node: process.version,
  cpu: cpus[0]?.model ?? 'unknown',
  cores: cpus.length,
  date: new Date().toISOString(),
  clock: clockName,
  gcExposed: gc !== undefined,
  modes,
  games,
  bots,
  simulation,
  whatif,
  fix,
  benchSeconds: round((Date.now() - started) / 1000),
}, null, 2));
