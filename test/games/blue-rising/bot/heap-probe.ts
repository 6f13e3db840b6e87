// Measures the heuristic bot's heap use as the lab runs it (plain Node with tsx, as the
// worker bundle is plain code too), not inside the test runner, whose module transform
// (imports read through namespace objects) changes what V8 inlines and so what it boxes.
// Run by heap.test.ts with --expose-gc, one process per mode (so that one mode's type
// feedback does not shape the other's code); prints one JSON line.
import { mixSeed } from '../../../../src/core/rng.ts';
import { makeBlueRisingBot, loadProfile, PROFILES } from '../../../../src/games/blue-rising/bot/index.ts';
import { matchFromFiles } from '../../../../src/games/blue-rising/index.ts';
import type { BRState } from '../../../../src/games/blue-rising/state.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const mode = process.argv[2] as 'quick' | 'standard';
if (mode !== 'quick' && mode !== 'standard') throw new Error('usage: heap-probe.ts quick|standard');
{
  const game = matchFromFiles(mode, `decks/${mode}-gardiens.deck`, `decks/${mode}-veilleurs.deck`);
  // States of heuristic games, with their legal actions listed beforehand (the engine's own
  // allocations stay out of the measure).
  const states: BRState[] = [];
  const legals: Int32Array[] = [];
  const counts: number[] = [];
  const players = PROFILES.map((p, i) => makeBlueRisingBot(mixSeed(7, i), loadProfile(p)));
  const st = game.allocState();
  const legal = new Int32Array(game.maxLegalActions);
  for (let g = 0; states.length < 400; g++) {
    game.newGame(st, mixSeed(31, g));
    for (let k = 0; !game.isTerminal(st); k++) {
      const n = game.legalActions(st, legal);
      if (n > 1 && k % 3 === 0 && states.length < 400) {
        const s = game.allocState();
        game.cloneInto(st, s);
        states.push(s);
        legals.push(legal.slice(0, n));
        counts.push(n);
      }
      game.apply(st, players[(g + game.currentPlayer(st)) % 3]!.choose(game, st, legal, n));
    }
  }
  const bot = makeBlueRisingBot(1, loadProfile('midrange'));
  const scores = new Float64Array(game.maxLegalActions);
  const run = (decisions: number) => {
    let sum = 0;
    for (let k = 0; k < decisions; k++) {
      const i = k % states.length;
      sum += bot.choose(game, states[i]!, legals[i]!, counts[i]!);
      bot.explain(states[i]!, legals[i]!, counts[i]!, scores);
    }
    return sum;
  };
  run(20_000); // warm-up: every scorer compiled before the measure
  // The test gives this process a young generation large enough that no collection runs during
  // a measure; a stray allocation elsewhere only adds, so the least of five measures is the bot's.
  let during = Infinity, after = Infinity;
  for (let r = 0; r < 5; r++) {
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    run(10_000);
    during = Math.min(during, process.memoryUsage().heapUsed - before);
    gc();
    gc();
    after = Math.min(after, process.memoryUsage().heapUsed - before);
  }
  console.log(JSON.stringify({ mode, decisions: 10_000, during, after }));
}
