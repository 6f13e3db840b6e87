// Every game module, in the registry's order (registry.ts builds its table from this list).
// A worker bundle of one game (src/sim/worker-bundle.ts) keeps only that game's import line
// and its entry: one line per game, `import { xModule } from './<id>/module.ts';`.
import { blueRisingModule } from './blue-rising/module.ts';
import { diplomatieModule } from './diplomatie/module.ts';
import { paliersModule } from './paliers/module.ts';
import { seuilsModule } from './seuils/module.ts';

export const GAME_MODULE_LIST = [blueRisingModule, diplomatieModule, paliersModule, seuilsModule];
