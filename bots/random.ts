// Uniform over the legal actions, from the bot's own seeded stream.
import type { Game } from '../src/core/game.ts';
import { SeededRng, seedWords } from '../src/core/rng.ts';
import type { Bot } from './bot.ts';

export class RandomBot<S> implements Bot<S> {
  readonly name = 'random';
  private readonly rng: SeededRng;
  constructor(seed: number) {
    this.rng = new SeededRng(seed);
  }
  /** The bot `new RandomBot(seed)` would be, in place (a simulation plays millions of games). */
  reseed(seed: number): void {
    seedWords(seed, this.rng.words, 0);
  }
  choose(_game: Game<S>, _state: S, legal: Int32Array, n: number): number {
    return legal[this.rng.int(n)]!;
  }
}
