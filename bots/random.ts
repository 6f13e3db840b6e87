// Uniform over the legal actions, from the bot's own seeded stream.
import type { Game } from '../src/core/game.ts';
import { SeededRng } from '../src/core/rng.ts';
import type { Bot } from './bot.ts';

export class RandomBot<S> implements Bot<S> {
  readonly name = 'random';
  private readonly rng: SeededRng;
  constructor(seed: number) {
    this.rng = new SeededRng(seed);
  }
  choose(_game: Game<S>, _state: S, legal: Int32Array, n: number): number {
    return legal[this.rng.int(n)]!;
  }
}
