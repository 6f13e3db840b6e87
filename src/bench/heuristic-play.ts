// Heuristic against heuristic games, CPU ns per decision and a digest of every action chosen:
// a profile target for the bot and the engine (node --cpu-prof --import tsx
// src/bench/heuristic-play.ts quick 400), and a quick check that a change plays the same games.
import { makeBot, parseBotSpec } from '../../bots/index.ts';
import '../games/registry.ts'; // registers each game's heuristic bot
import { matchFromFiles } from '../games/blue-rising/index.ts';
import type { BRState } from '../games/blue-rising/state.ts';
const mode = (process.argv[2] ?? 'quick') as 'quick' | 'standard';
const games = Number(process.argv[3] ?? 400);
const pairs = [['gardiens', 'veilleurs'], ['control', 'rage-rush'], ['traps', 'emissaires'], ['ranged', mode === 'quick' ? 'squires' : 'legends']];
const matches = pairs.map(([a, b]) => matchFromFiles(mode, `decks/${mode}-${a}.deck`, `decks/${mode}-${b}.deck`));
const states = matches.map((g) => g.allocState());
const legal = new Int32Array(1024);
function run(n: number, seed: number): { steps: number; digest: number } {
  let steps = 0, digest = 0;
  for (let i = 0; i < n; i++) {
    const g = matches[i % matches.length]!;
    const st = states[i % matches.length]!;
    const bots = [makeBot<BRState>(parseBotSpec('heuristic'), seed + 2 * i), makeBot<BRState>(parseBotSpec('heuristic'), seed + 2 * i + 1)];
    g.newGame(st, seed * 1e6 + i);
    while (!g.isTerminal(st)) {
      const k = g.legalActions(st, legal);
      const a = bots[g.currentPlayer(st)]!.choose(g, st, legal, k);
      digest = (Math.imul(digest, 31) + a) | 0;
      g.apply(st, a);
      steps++;
    }
  }
  return { steps, digest };
}
run(Math.max(20, games >> 3), 1);
const c0 = process.cpuUsage();
const { steps, digest } = run(games, 2);
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
console.log(`${mode} heuristic: cpu ns/decision ${((cpu * 1e9) / steps).toFixed(0)}, decisions/game ${(steps / games).toFixed(1)}, games/s cpu ${(games / cpu).toFixed(0)}, digest ${digest >>> 0}`);
