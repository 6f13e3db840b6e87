// Per-game figures (part of `npm run bench`, `perGame`): every game of src/games/registry.ts,
// its first two shipped decks of its default mode (file order), one thread. Generic: it reads
// a game only through its module and the Game contract, so a new registry line adds a row.
//   perGame.<id>.stateBytes        bytes of the state's word array (`bytes` or `w`; null if neither)
//   perGame.<id>.cloneNs           ns per cloneInto of a mid-game state: median of 5 runs of 200,000 clones (64 snapshots)
//   perGame.<id>.decisionsPerSec   random-vs-random decisions per second (legalActions + pick + apply),
//   perGame.<id>.gamesPerSec       and whole games per second (newGame included): median of 3 runs of 200 games
//   perGame.<id>.meanDecisionsPerGame
//   perGame.<id>.heuristicDecisionsPerSec  the game's heuristic bot over 40 sampled decisions (null: it has none)
//   perGame.<id>.ismctsIterationsPerSec    ISMCTS, random rollouts, 300 iterations on each of 20 sampled decisions
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeBot, parseBotSpec } from '../../bots/index.ts';
import type { IsmctsBot } from '../../bots/mcts.ts';
import type { Game } from '../core/game.ts';
import { loadDeckFile } from '../core/module.ts';
import { mixSeed, SeededRng } from '../core/rng.ts';
import { GAME_MODULES } from '../games/registry.ts';
import { nowNs } from './clock.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function stateBytes(st: unknown): number | null {
  const s = st as { bytes?: ArrayBuffer; w?: ArrayBufferView };
  return s.bytes?.byteLength ?? s.w?.byteLength ?? null;
}

/** Decision states sampled from random games (one in 8 with two legal actions or more). */
function sample(game: Game<unknown>, count: number): unknown[] {
  const out: unknown[] = [];
  const st = game.allocState();
  const legal = new Int32Array(game.maxLegalActions);
  const rng = new SeededRng('bench-per-game');
  for (let g = 0; out.length < count && g < 1000; g++) {
    game.newGame(st, mixSeed(41, g));
    let k = 0;
    while (!game.isTerminal(st) && out.length < count) {
      const n = game.legalActions(st, legal);
      if (n > 1 && k++ % 8 === 7) {
        const c = game.allocState();
        game.cloneInto(st, c);
        out.push(c);
      }
      game.apply(st, legal[rng.int(n)]!);
    }
  }
  return out;
}

function benchOne(id: string, root: string) {
  const m = GAME_MODULES[id]!;
  const all = readdirSync(join(root, m.deckFolder)).filter((f) => f.endsWith('.deck')).sort();
  const decks = all.map((f) => ({ f, d: loadDeckFile(m, join(root, m.deckFolder, f)) })).filter((x) => x.d.mode === m.defaultMode).slice(0, 2);
  if (decks.length === 0) throw new Error(`${id}: no ${m.defaultMode} deck in ${m.deckFolder}`);
  const files = decks.map((x) => x.f);
  const game = m.buildMatch({ mode: m.defaultMode, decks: [decks[0]!.d.list, decks[decks.length - 1]!.d.list] }) as Game<unknown>;
  const legal = new Int32Array(game.maxLegalActions);

  const snaps = sample(game, 64);
  const dst = game.allocState();
  const cloneRuns: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t0 = nowNs();
    for (let i = 0; i < 200_000; i++) game.cloneInto(snaps[i & 63]!, dst);
    if (r > 0) cloneRuns.push((nowNs() - t0) / 200_000); // run 0 warms up
  }

  const st = game.allocState();
  const gameRuns: number[] = [], decisionRuns: number[] = [];
  let decisions = 0, played = 0;
  for (let r = 0; r < 4; r++) {
    const rng = new SeededRng(`bench-per-game-${r}`);
    let steps = 0;
    const t0 = nowNs();
    for (let g = 0; g < 200; g++) {
      game.newGame(st, mixSeed(5000 + r, g));
      while (!game.isTerminal(st)) {
        game.apply(st, legal[rng.int(game.legalActions(st, legal))]!);
        steps++;
      }
    }
    const s = (nowNs() - t0) / 1e9;
    if (r === 0) continue;
    gameRuns.push(200 / s);
    decisionRuns.push(steps / s);
    decisions += steps;
    played += 200;
  }

  const decide = (spec: string, states: unknown[]) => {
    const bot = makeBot<unknown>(parseBotSpec(spec, id), 1);
    bot.choose(game, states[0], legal, game.legalActions(states[0], legal)); // warm-up
    (bot as IsmctsBot<unknown>).iterationsRun = 0;
    const t0 = nowNs();
    for (const s of states) bot.choose(game, s, legal, game.legalActions(s, legal));
    const seconds = (nowNs() - t0) / 1e9;
    return { perSec: states.length / seconds, iterationsPerSec: ((bot as IsmctsBot<unknown>).iterationsRun ?? 0) / seconds };
  };
  const heuristic = m.heuristic ? Math.round(decide('heuristic', snaps.slice(0, 40)).perSec) : null;
  const ismcts = decide('ismcts:iterations=300', snaps.slice(0, 20));
  return {
    decks: files,
    mode: m.defaultMode,
    stateBytes: stateBytes(st),
    cloneNs: round(median(cloneRuns)),
    decisionsPerSec: Math.round(median(decisionRuns)),
    gamesPerSec: round(median(gameRuns)),
    meanDecisionsPerGame: round(decisions / played),
    heuristicDecisionsPerSec: heuristic,
    ismctsIterationsPerSec: Math.round(ismcts.iterationsPerSec),
  };
}

/** Every registered game's figures, by id (the registry's order). */
export function benchGamesTable(root: string): Record<string, ReturnType<typeof benchOne>> {
  const out: Record<string, ReturnType<typeof benchOne>> = {};
  for (const id of Object.keys(GAME_MODULES)) out[id] = benchOne(id, root);
  return out;
}
