// Bot.choose's `legal` is read-only: the simulation hands the bots the game's own list kept in
// the state (Game.legalList) without a copy, so a bot writing into it would change the game.
import { describe, expect, it } from 'vitest';
import { makeBot, parseBotSpec } from '../../bots/index.ts';
import '../../src/games/registry.ts'; // registers each game's heuristic bot
import { matchFromFiles } from '../../src/games/blue-rising/index.ts';
import type { BRState } from '../../src/games/blue-rising/state.ts';

const game = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');

describe("a bot leaves the game's own legal list as it was", () => {
  for (const spec of ['random', 'heuristic', 'flatmc:budget=60,rollout=heuristic,depth=8', 'ismcts:iterations=60,prior=heuristic']) {
    it(spec, () => {
      const bots = [makeBot<BRState>(parseBotSpec(spec), 1), makeBot<BRState>(parseBotSpec(spec), 2)];
      const st = game.allocState();
      let decisions = 0;
      for (let g = 0; g < 3; g++) {
        game.newGame(st, 500 + g);
        while (!game.isTerminal(st) && decisions < 150 * (g + 1)) {
          const n = game.legalCount(st);
          const list = game.legalList(st);
          const before = Array.from(list.subarray(0, n));
          const a = bots[game.currentPlayer(st)]!.choose(game, st, list, n);
          expect(Array.from(list.subarray(0, n))).toEqual(before);
          expect(game.legalCount(st)).toBe(n);
          expect(before).toContain(a);
          game.apply(st, a);
          decisions++;
        }
      }
      expect(decisions).toBeGreaterThan(300);
    });
  }
});
