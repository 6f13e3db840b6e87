// The heuristic bot retains nothing: 10,000 decisions over states of seeded games leave the
// heap where it was after a forced collection. What they allocate before that collection is
// bounded too: V8 boxes a double returned by a function it did not inline (about 190 bytes a
// decision here, 350 for the bot before it was split by concern), so it is held under 250.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { mixSeed } from '../../../../src/core/rng.ts';
import { makeBlueRisingBot, loadProfile, PROFILES } from '../../../../src/games/blue-rising/bot/index.ts';
import { matchFromFiles } from '../../../../src/games/blue-rising/index.ts';
import type { BRState } from '../../../../src/games/blue-rising/state.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('heap', () => {
  it('10,000 heuristic decisions grow the heap by about nothing', () => {
    const results: string[] = [];
    for (const mode of ['quick', 'standard'] as const) {
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
      gc();
      gc();
      const before = process.memoryUsage().heapUsed;
      run(10_000);
      const during = process.memoryUsage().heapUsed - before;
      gc();
      gc();
      const after = process.memoryUsage().heapUsed - before;
      results.push(`${mode}: +${during} bytes before a collection, ${after} after`);
      console.log(`[heap] ${results[results.length - 1]}`);
      // Each decision here is a choose and an explain: 20,000 scorings.
      expect(during / 10_000, `${mode}: bytes allocated per decision`).toBeLessThan(2 * 250);
      // Under 7 bytes a decision: what the runtime itself keeps (feedback, code) is in there.
      expect(after, `${mode}: bytes retained by 10,000 decisions`).toBeLessThan(64_000);
    }
    expect(results).toHaveLength(2);
  });
});
