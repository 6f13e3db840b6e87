// The games the lab can play, by id (the modules listed in modules.ts). The generic layers ask this
// table for a module and never import a game folder themselves.
import { registerGameHeuristic, type GameHeuristic } from '../../bots/index.ts';
import { GameModuleError, type GameModule } from '../core/module.ts';
import { GAME_MODULE_LIST } from './modules.ts';

export type { MatchRequest, Variant } from '../core/module.ts';

/** By id, in modules.ts's order. */
export const GAME_MODULES: Readonly<Record<string, GameModule>> = Object.fromEntries((GAME_MODULE_LIST as readonly GameModule[]).map((m) => [m.id, m]));

// Each game's heuristic bot answers to "heuristic" when that game is played.
for (const m of Object.values(GAME_MODULES)) if (m.heuristic) registerGameHeuristic(m.id, m.heuristic as GameHeuristic);

export const DEFAULT_GAME = 'blue-rising';

/** Ids of the known games, in the table's order. */
export const GAMES: readonly string[] = Object.keys(GAME_MODULES);

/** Thrown for an unknown game id: names it and the known ones. */
export class UnknownGameError extends GameModuleError {
  constructor(readonly id: string) {
    super(`unknown game "${id}" (known: ${GAMES.join(', ')})`);
  }
}

export function gameModule(id: string = DEFAULT_GAME): GameModule {
  const m = Object.hasOwn(GAME_MODULES, id) ? GAME_MODULES[id] : undefined;
  if (!m) throw new UnknownGameError(id);
  return m;
}
