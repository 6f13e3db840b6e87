// Bot benchmark (part of `npm run bench`): ISMCTS iterations per second on one thread
// (quick mode, random rollouts, default depth cap), and decisions per second of each bot,
// over decisions sampled from random games (Gardiens vs Veilleurs).
//   bots.ismctsIterationsPerSec   median of 5 runs over the same 40 decisions, 1,000 iterations each
//   bots.decisionsPerSec.<bot>    decisions per second over those 40 decisions (the search bots:
//                                 median of three passes); the cheap bots
//                                 (random, heuristic) play 1,000 rounds of them (40,000 decisions)
//                                 untimed first, so that the figure is the warmed bot's and not
//                                 V8 compiling it (the heuristic bot reaches its speed after about
//                                 25,000), then 500 timed rounds
//   bots.heuristicGamesPerSec     heuristic vs heuristic quick games per second (5 s of play)
//   bots.flatmcPlayoutsPerSec     flatmc:playouts=20's playouts per second (20 per legal action):
//                                 its decisions per second scale with the positions' legal
//                                 counts, which differ between commits whose rules differ
import { makeBot, parseBotSpec } from '../../bots/index.ts';
import '../games/registry.ts'; // registers each game's heuristic bot
import type { IsmctsBot } from '../../bots/mcts.ts';
import { SeededRng } from '../core/rng.ts';
import { matchFromFiles } from '../games/blue-rising/index.ts';
import type { BRState } from '../games/blue-rising/state.ts';
import { nowNs } from './clock.ts';
import { botPositions } from './snapshots.ts';

const median3 = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));

export function benchBots(decksDir: string, extraBots: string[] = []) {
  const game = matchFromFiles('quick', `${decksDir}/quick-gardiens.deck`, `${decksDir}/quick-veilleurs.deck`);
  const legal = new Int32Array(game.maxLegalActions);
  const rng = new SeededRng('bench-bots');
  const states = botPositions(game, 40, rng);
  const decide = (spec: string, rounds = 1, warmRounds = 0): { perSec: number; iterations: number; seconds: number } => {
    const bot = makeBot<BRState>(parseBotSpec(spec), 1);
    for (const s of states.slice(0, 5)) bot.choose(game, s, legal, game.legalActions(s, legal)); // warm-up
    for (let r = 0; r < warmRounds; r++) for (const s of states) bot.choose(game, s, legal, game.legalActions(s, legal));
    // Only a bot that counts iterations has the field: writing it on another would change that
    // bot's shape after its warm-up, and its warmed code would run deoptimized (the heuristic
    // bot ran 1.6× slower, and 5d50073's 5× slower, which made its speed-up look larger).
    if ('iterationsRun' in bot) (bot as IsmctsBot<BRState>).iterationsRun = 0;
    const t0 = nowNs() / 1e6;
    for (let r = 0; r < rounds; r++) {
      for (const s of states) {
        const n = game.legalActions(s, legal);
        bot.choose(game, s, legal, n);
      }
    }
    const seconds = (nowNs() / 1e6 - t0) / 1000;
    const iterations = (bot as IsmctsBot<BRState>).iterationsRun ?? 0;
    return { perSec: (rounds * states.length) / seconds, iterations, seconds };
  };
  decide('ismcts:iterations=200'); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const d = decide('ismcts:iterations=1000');
    runs.push(d.iterations / d.seconds);
  }
  runs.sort((a, b) => a - b);
  let legalSum = 0;
  for (const s of states) legalSum += game.legalActions(s, legal);
  const decisionsPerSec: Record<string, number> = {};
  for (const spec of ['random', 'heuristic', 'flatmc:playouts=20', 'ismcts:iterations=1000', ...extraBots]) {
    const cheap = spec === 'random' || spec === 'heuristic';
    // A search bot's 40 decisions take one to two seconds: the median of three passes (each
    // a fresh bot, so the same decisions) rather than one, which a busy moment could skew.
    const perSec = cheap ? decide(spec, 500, 1000).perSec : median3(decide(spec).perSec, decide(spec).perSec, decide(spec).perSec);
    decisionsPerSec[spec] = Math.round(perSec * 10) / 10;
  }
  // Heuristic against heuristic: whole quick games per second on one thread.
  const st = game.allocState();
  const bots = [makeBot<BRState>(parseBotSpec('heuristic'), 1), makeBot<BRState>(parseBotSpec('heuristic'), 2)];
  const t0 = nowNs() / 1e6;
  let games = 0;
  while (nowNs() / 1e6 - t0 < 5000) {
    game.newGame(st, 7000 + games);
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      game.apply(st, bots[game.currentPlayer(st)]!.choose(game, st, legal, n));
    }
    games++;
  }
  const heuristicGamesPerSec = Math.round((games / (nowNs() / 1e6 - t0)) * 1000);
  const flatmcPlayoutsPerSec = Math.round((decisionsPerSec['flatmc:playouts=20']! * 20 * legalSum) / states.length);
  return { ismctsIterationsPerSec: Math.round(runs[2]!), decisionsPerSec, heuristicGamesPerSec, flatmcPlayoutsPerSec };
}
