// Flat Monte-Carlo and ISMCTS play Seuils through the generic contract, unchanged, and see
// only what their seat may know (determinize, §9): the shared search suite.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FlatMcBot, IsmctsBot } from '../../../bots/mcts.ts';
import { makeSeuilsBot } from '../../../src/games/seuils/bot/index.ts';
import { seuilsMatchFromFiles, type SeuilsState } from '../../../src/games/seuils/index.ts';
import { searchSuite } from '../search-suite.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/seuils');
const DECKS = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort().map((f) => join(DIR, f));

searchSuite<SeuilsState>({
  game: 'seuils',
  match: (a, b) => seuilsMatchFromFiles(DECKS[a % DECKS.length]!, DECKS[b % DECKS.length]!),
  bots: [
    { name: 'flatmc', label: 'flat Monte-Carlo (6 playouts a decision, depth 12)', make: (seed) => new FlatMcBot<SeuilsState>(seed, { playouts: 0, budget: 6, depth: 12, rollout: null }) },
    { name: 'ismcts', label: 'ISMCTS (8 iterations, depth 12)', make: (seed) => new IsmctsBot<SeuilsState>(seed, { iterations: 8, ms: 0, c: 0.7, depth: 12, rollout: null, prior: null, bias: 1 }) },
    {
      name: 'ismcts+heuristic',
      label: 'ISMCTS (8 iterations, depth 12) with the heuristic bot as rollout policy',
      make: (seed) => new IsmctsBot<SeuilsState>(seed, { iterations: 8, ms: 0, c: 0.7, depth: 12, rollout: makeSeuilsBot(seed + 1), prior: null, bias: 1 }),
    },
  ],
  games: 6,
  minWins: 5,
  seeds: [21, 22, 23],
  spyGames: 1,
  minDecisions: 3,
  snapshot: (st) => Array.from(st.w),
  legalSize: 4096,
});
