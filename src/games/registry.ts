// The games the lab can play, by id: one line per game module. The generic layers ask this
// table for a module and never import a game folder themselves.
import { registerGameHeuristic, type GameHeuristic } from '../../bots/index.ts';
import { GameModuleError, type GameModule } from '../core/module.ts';
import { blueRisingModule } from './blue-rising/module.ts';
import { diplomatieModule } from './diplomatie/module.ts';
import { paliersModule } from './paliers/module.ts';
import { seuilsModule } from './seuils/module.ts';

export type { MatchRequest, Variant } from '../core/module.ts';

export const GAME_MODULES: Readonly<Record<string, GameModule>> = {
  'blue-rising': blueRisingModule,
  diplomatie: diplomatieModule,
  paliers: paliersModule,
  seuils: seuilsModule,
};

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
