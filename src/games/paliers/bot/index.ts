// Entry points of the Paliers heuristic bot, for the game-module registry: the bot bound to
// the game it is handed (a PalBot reads that game's catalogue), and its action scores as an
// ISMCTS prior.
import type { Game } from '../../../core/game.ts';
import type { Paliers } from '../game.ts';
import type { PalState } from '../state.ts';
import { PalBot } from './bot.ts';
import { checkProfile, type Profile } from './profile.ts';
import aggroProfile from './profiles/aggro.json' with { type: 'json' };
import controlProfile from './profiles/control.json' with { type: 'json' };

/** The shipped profiles (bot/profiles/*.json); the first is the default. */
export const PALIERS_PROFILES = ['aggro', 'control'] as const;

// Imported, not read from disk at run time: the worker threads run a bundle (see the README).
const SHIPPED: Record<string, unknown> = { aggro: aggroProfile, control: controlProfile };
const profiles = new Map<string, Profile>();
function profileOf(name: string): Profile {
  let p = profiles.get(name);
  if (!p) profiles.set(name, (p = checkProfile(SHIPPED[name], `src/games/paliers/bot/profiles/${name}.json`)));
  return p;
}

/** The heuristic bot as the lab's bots are: one per seat, given the game on each call. */
export class PaliersHeuristicBot {
  readonly name = 'heuristic';
  private bot: PalBot | null = null;
  // The bot reads no chance stream: its seed is accepted for the common factory shape.
  constructor(_seed: number, readonly profile: Profile) {}
  private botFor(game: Game<PalState>): PalBot {
    if (this.bot === null || this.bot.game !== game) this.bot = new PalBot(game as unknown as Paliers, this.profile);
    return this.bot;
  }
  choose(game: Game<PalState>, state: PalState, _legal: Int32Array, _n: number): number {
    return this.botFor(game).choose(state);
  }
  /** Scores of the legal actions, for ISMCTS's prior. */
  score(game: Game<PalState>, state: PalState, legal: Int32Array, n: number, out: Float64Array): void {
    const bot = this.botFor(game);
    for (let i = 0; i < n; i++) out[i] = bot.scoreAction(state, legal[i]!);
  }
}

export function makePaliersBot(seed: number, profile: string = PALIERS_PROFILES[0]): PaliersHeuristicBot {
  return new PaliersHeuristicBot(seed, profileOf(profile));
}
