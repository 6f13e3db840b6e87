// The play loop, once: a seeded game between two bots, for the simulation's shards and for
// `lab replay` alike. Each seat's bot stream comes from core/seeds.ts's botSeed.
import { makeBot, type BotSpec } from '../../bots/index.ts';
import type { Bot } from '../../bots/bot.ts';
import type { CardStatsGame } from '../core/game.ts';
import { botSeed } from '../core/seeds.ts';

export const MAX_DECISIONS = 2_000_000;

/** The bots of seat 0 and seat 1 for a game seed: each from the seed and the deck it plays. */
export function seatBots(game: CardStatsGame<unknown>, seed: number, specs: readonly [BotSpec, BotSpec]): [Bot<unknown>, Bot<unknown>] {
  return [
    makeBot(specs[0], botSeed(seed, game.seatKey(0), game.seatKey(1), 0)),
    makeBot(specs[1], botSeed(seed, game.seatKey(1), game.seatKey(0), 1)),
  ];
}

/** A bot that can take a new seed in place (RandomBot): the same bot as one made from that seed. */
interface Reseedable {
  reseed(seed: number): void;
}
const reseedable = (b: Bot<unknown>): b is Bot<unknown> & Reseedable => typeof (b as Partial<Reseedable>).reseed === 'function';

/**
 * seatBots for a game seed, reusing `prev` (the bots of the same game and specs for another
 * seed) when both can be reseeded: no allocation per game.
 */
export function reseatBots(game: CardStatsGame<unknown>, seed: number, specs: readonly [BotSpec, BotSpec], prev: [Bot<unknown>, Bot<unknown>] | null): [Bot<unknown>, Bot<unknown>] {
  if (prev === null) return seatBots(game, seed, specs);
  const b0 = prev[0], b1 = prev[1];
  if (!reseedable(b0) || !reseedable(b1)) return seatBots(game, seed, specs);
  b0.reseed(botSeed(seed, game.seatKey(0), game.seatKey(1), 0));
  b1.reseed(botSeed(seed, game.seatKey(1), game.seatKey(0), 1));
  return prev;
}

/**
 * Deals the game from `seed` into `st` and plays it to the end; counts each seat's decisions.
 * `onAction` (replay) sees each chosen action before it is applied.
 */
export function playGame(
  game: CardStatsGame<unknown>,
  st: unknown,
  seed: number,
  bots: readonly [Bot<unknown>, Bot<unknown>],
  legal: Int32Array,
  decisions: [number, number],
  onAction?: (seat: number, action: number) => void,
  maxDecisions = MAX_DECISIONS,
): void {
  game.newGame(st, seed);
  // A game that keeps its legal list in the state hands it to the bots as it is (read-only,
  // Bot.choose): copying it was about 2.5% of a random game's CPU.
  const direct = typeof game.legalCount === 'function' && typeof game.legalList === 'function';
  // Seat 0's decisions and all of them, in locals (written back once, even when the game throws).
  let guard = 0, first = 0;
  try {
    while (!game.isTerminal(st)) {
      let n: number, list: Int32Array;
      if (direct) {
        n = game.legalCount!(st);
        list = game.legalList!(st);
      } else {
        n = game.legalActions(st, legal);
        list = legal;
      }
      const p = game.currentPlayer(st);
      const a = bots[p]!.choose(game, st, list, n);
      if (onAction) onAction(p, a);
      game.apply(st, a);
      if (p === 0) first++;
      if (++guard > maxDecisions) throw new Error(`no end after ${maxDecisions} decisions`);
    }
  } finally {
    decisions[0] += first;
    decisions[1] += guard - first;
  }
}
