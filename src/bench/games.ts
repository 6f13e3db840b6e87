// Every game of the registry, measured the same way (`npm run bench` → "games"): the two
// shipped decks of its default mode that sort first in its folder, one thread. Figures per game id:
//   decks, mode               what was played.
//   stateBytes                bytes of the typed arrays a state holds (legal-action buffer and
//                             balance counters aside): what one cloneInto copies.
//   cloneNs                   ns per cloneInto of a mid-game state: median of 5 runs of 200,000.
//   randomDecisionsPerSec     random-vs-random decisions per second (legalActions + pick + apply).
//   randomGamesPerSec         whole random games per second (newGame included), 3 s of play.
//   heuristicDecisionsPerSec  the game's heuristic bot's choices per second (null: it has none).
//   ismctsIterationsPerSec    ISMCTS iterations per second (iterations=1000, random rollouts),
//                             median of 3 rounds over 8 mid-game states.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeBot, parseBotSpec } from '../../bots/index.ts';
import type { IsmctsBot } from '../../bots/mcts.ts';
import type { Game } from '../core/game.ts';
import { loadDeckFile, type GameModule } from '../core/module.ts';
import { SeededRng, mixSeed } from '../core/rng.ts';
import { GAME_MODULES } from '../games/registry.ts';
import { snapshots } from './snapshots.ts';
import { median } from './stats.ts';

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function stateBytes(st: object): number {
  const seen = new Set<ArrayBufferLike>();
  for (const [k, v] of Object.entries(st)) {
    if (k === 'legal' || k === 'rec') continue;
    if (v instanceof ArrayBuffer) seen.add(v);
    else if (ArrayBuffer.isView(v)) seen.add(v.buffer);
  }
  let n = 0;
  for (const b of seen) n += b.byteLength;
  return n;
}

function benchGame(m: GameModule, decksRoot: string) {
  const dir = join(decksRoot, '..', m.deckFolder);
  const decks = readdirSync(dir).filter((f) => f.endsWith('.deck')).sort()
    .map((f) => loadDeckFile(m, join(dir, f))).filter((d) => d.mode === m.defaultMode).slice(0, 2);
  const game = m.buildMatch({ mode: m.defaultMode, decks: [decks[0]!.list, decks[1]!.list] }) as Game<unknown>;
  const legal = new Int32Array(game.maxLegalActions);
  const snaps = snapshots(game, 64, new SeededRng('bench-games-snapshots'), (g) => mixSeed(21, g));

  const dst = game.allocState();
  const cloneRuns: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 200_000; i++) game.cloneInto(snaps[i & 63]!, dst);
    if (r > 0) cloneRuns.push(Number(process.hrtime.bigint() - t0) / 200_000); // run 0 warms up
  }

  const st = game.allocState();
  const rng = new SeededRng('bench-games-random');
  let games = 0, decisions = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 3000) {
    game.newGame(st, mixSeed(22, games));
    while (!game.isTerminal(st)) {
      game.apply(st, legal[rng.int(game.legalActions(st, legal))]!);
      decisions++;
    }
    games++;
  }
  const seconds = (performance.now() - t0) / 1000;

  const work = game.allocState();
  const perSec = (spec: string, rounds: number): { perSec: number; bot: unknown; seconds: number } => {
    const bot = makeBot<unknown>(parseBotSpec(spec, m.id), 1);
    const s0 = performance.now();
    for (let r = 0; r < rounds; r++) {
      for (const s of snaps.slice(0, 8)) {
        game.cloneInto(s, work);
        bot.choose(game, work, legal, game.legalActions(work, legal));
      }
    }
    const secs = (performance.now() - s0) / 1000;
    return { perSec: (rounds * 8) / secs, bot, seconds: secs };
  };
  let heuristicDecisionsPerSec: number | null = null;
  if (m.heuristic) {
    perSec('heuristic', 20); // warm-up
    heuristicDecisionsPerSec = round(perSec('heuristic', 200).perSec);
  }
  perSec('ismcts:iterations=200', 1); // warm-up
  const its: number[] = [];
  for (let r = 0; r < 3; r++) {
    const d = perSec('ismcts:iterations=1000', 1);
    its.push(((d.bot as IsmctsBot<unknown>).iterationsRun ?? 0) / d.seconds);
  }
  return {
    decks: decks.map((d) => d.name),
    mode: m.defaultMode,
    stateBytes: stateBytes(st as object),
    cloneNs: round(median(cloneRuns)),
    randomDecisionsPerSec: Math.round(decisions / seconds),
    randomGamesPerSec: round(games / seconds),
    heuristicDecisionsPerSec,
    ismctsIterationsPerSec: Math.round(median(its)),
  };
}

/** The per-game figures, for every game of the registry. */
export function benchGames(decksRoot: string): Record<string, ReturnType<typeof benchGame>> {
  const out: Record<string, ReturnType<typeof benchGame>> = {};
  for (const m of Object.values(GAME_MODULES)) out[m.id] = benchGame(m, decksRoot);
  return out;
}

// `node --import tsx src/bench/games.ts` prints these figures alone.
if (process.argv[1]?.endsWith('src/bench/games.ts')) console.log(JSON.stringify(benchGames(join(import.meta.dirname, '..', '..', 'decks')), null, 2));
