// The bot contract: a bot picks one of the legal actions for the seat to move. It sees the
// state only through the generic Game contract; a bot that reads hidden parts of the state
// (anything `observe`/`determinize` would hide from its seat) is a bug.
import type { Game } from '../src/core/game.ts';

export interface Bot<S> {
  readonly name: string;
  /**
   * Returns one of legal[0..n). `legal` is read-only: it may be the game's own list kept in
   * the state (Game.legalList), which the simulation hands over without a copy.
   */
  choose(game: Game<S>, state: S, legal: Int32Array, n: number): number;
}

/** Makes a bot for a seat from its own seed (bots never share the engine's chance stream). */
export type BotFactory = <S>(seed: number) => Bot<S>;
