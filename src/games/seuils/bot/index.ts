// Entry points of the Seuils heuristic bot, for the game-module registry. The bot is built for
// one game (it reads that game's catalogue), so the registry's bot builds it on the first
// decision of a game and again when handed another game.
import type { Game } from '../../../core/game.ts';
import type { Seuils } from '../game.ts';
import type { SeuilsState } from '../state.ts';
import { SeuilsBot, seuilsBotProfiles, type SeuilsBotProfile } from './bot.ts';

export { SeuilsBot, seuilsBotProfiles, type SeuilsBotProfile } from './bot.ts';

/** The shipped profile names (profiles.json), the first the default. */
export const SEUILS_PROFILES: readonly string[] = Object.keys(seuilsBotProfiles());

export class SeuilsProfileError extends Error {}

export class SeuilsHeuristicBot {
  readonly name = 'heuristic';
  private game: Game<SeuilsState> | null = null;
  private bot: SeuilsBot | null = null;
  constructor(private readonly profile: SeuilsBotProfile) {}

  choose(game: Game<SeuilsState>, state: SeuilsState, legal: Int32Array, n: number): number {
    if (n <= 1) return legal[0]!;
    if (game !== this.game || this.bot === null) {
      this.bot = new SeuilsBot(game as Seuils, this.profile);
      this.game = game;
    }
    return this.bot.choose(state);
  }
}

/** The heuristic bot with a shipped profile. It draws no chance, so the seed is unused. */
export function makeSeuilsBot(_seed: number, profile: string = SEUILS_PROFILES[0]!): SeuilsHeuristicBot {
  const p = seuilsBotProfiles()[profile];
  if (!p) throw new SeuilsProfileError(`profile "${profile}": not a Seuils bot profile (valid: ${SEUILS_PROFILES.join(', ')})`);
  return new SeuilsHeuristicBot(p);
}
