// ISMCTS with random rollouts on decisions sampled from random quick games: a profile target
// (node --cpu-prof --import tsx src/bench/ismcts-run.ts [iterations] [decisions]).
import { makeBot, parseBotSpec } from '../../bots/index.ts';
import { SeededRng } from '../core/rng.ts';
import { matchFromFiles } from '../games/blue-rising/index.ts';
import type { BRState } from '../games/blue-rising/state.ts';
import { botPositions } from './snapshots.ts';
const iterations = Number(process.argv[2] ?? 1000), count = Number(process.argv[3] ?? 40);
const game = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
const legal = new Int32Array(game.maxLegalActions);
const rng = new SeededRng('bench-bots');
const states = botPositions(game, count, rng);
const bot = makeBot<BRState>(parseBotSpec(`ismcts:iterations=${iterations}`), 1);
const c0 = process.cpuUsage();
for (const s of states) bot.choose(game, s, legal, game.legalActions(s, legal));
const c = process.cpuUsage(c0);
console.log('ismcts cpu iterations/s', Math.round((iterations * count) / ((c.user + c.system) / 1e6)));
