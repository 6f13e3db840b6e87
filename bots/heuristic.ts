// The heuristic bot lives with its game (src/games/blue-rising/bot/); this keeps the old path.
export {
  HeuristicBot,
  PROFILES,
  ProfileError,
  WEIGHT_KEYS,
  loadProfile,
  loadProfileFrom,
  makeBlueRisingBot,
  makeBlueRisingRollout,
  parseProfile,
} from '../src/games/blue-rising/bot/index.ts';
export type { HeuristicProfile, ProfileName, WeightKey } from '../src/games/blue-rising/bot/index.ts';
