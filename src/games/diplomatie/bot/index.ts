// Entry points of the Diplomatie heuristic bot, for the game-module registry: the bot, its
// profiles, and the same bot as a rollout policy (and ISMCTS prior, it implements `score`).
import type { RolloutPolicy } from '../../../../bots/mcts.ts';
import type { DipState } from '../state.ts';
import { DipHeuristicBot, makeDipHeuristicBot } from './bot.ts';

export { DipHeuristicBot } from './bot.ts';
export { DIPLOMATIE_PROFILES, DIP_WEIGHT_KEYS, DipProfileError, loadDipProfile, loadDipProfileFrom, parseDipProfile } from './profile.ts';
export type { DipProfile, DipProfileName } from './profile.ts';

/** The heuristic bot for a seat: its own seed, a shipped profile (default "default"). */
export function makeDiplomatieBot(seed: number, profile = 'default'): DipHeuristicBot {
  return makeDipHeuristicBot(seed, profile);
}

/** The heuristic bot as a rollout policy; it scores actions, so it can also be ISMCTS's prior. */
export function makeDiplomatieRollout<S = DipState>(seed: number, profile = 'default'): RolloutPolicy<S> {
  return makeDipHeuristicBot(seed, profile) as unknown as RolloutPolicy<S>;
}
