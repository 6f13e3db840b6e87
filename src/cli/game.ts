// The --game option every command takes, and the module it names.
import { Option } from 'commander';
import type { GameModule } from '../core/module.ts';
import { DEFAULT_GAME, GAMES, gameModule } from '../games/registry.ts';

export function gameOption(): Option {
  return new Option('--game <id>', `the game (${GAMES.join(', ')})`).default(DEFAULT_GAME);
}

/** The module of --game (an unknown id: exit 2 naming it and the known ones). */
export function moduleOf(opts: { game?: string }): GameModule {
  return gameModule(opts.game ?? DEFAULT_GAME);
}
