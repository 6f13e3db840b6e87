// The workloads of bench:instructions (instructions.ts): each one an entry bundled with esbuild
// from a tree's own engine and bots (this tree's, or an older commit's worktree), run for n
// units and printing a digest of the choices it made, so that runs can be compared.
import { join } from 'node:path';
import { bundleTree } from './bundle-tree.ts';
import { ROOT } from './old-tree.ts';

export interface Workload {
  name: string;
  unit: string;
  n1: number;
  n2: number;
  /** The loop the entry runs n times (`quick`, `standard`, `game`, `legal`, `states`, `rng` and `mk` are set up before it; it folds its choices into `h`, the digest). */
  body: string;
  /** Modules of the tree the body reads beyond those every entry imports: name → path in the tree. */
  imports?: Record<string, string>;
}

const LADDER_FLATMC = 'flatmc:budget=1000,rollout=heuristic,depth=12';
const LADDER_ISMCTS = 'ismcts:iterations=1000,rollout=heuristic,depth=12,prior=heuristic,bias=4';
// Random games of one mode (the game's seeds 1000, 1001, …), the moves drawn from one stream.
const randomBody = (mode: 'quick' | 'standard') =>
  `const g = ${mode}; const st = g.allocState(); const r = rng('x'); for (let i = 0; i < n; i++) { g.newGame(st, 1000 + i); while (!g.isTerminal(st)) { const k = g.legalActions(st, legal); const a = legal[r.int(k)]; h = (h * 31 + a) | 0; g.apply(st, a); } }`;
const searchBody = (spec: string) =>
  `const bot = mk('${spec}', 1); for (let i = 0; i < n; i++) { const s = states[i % states.length]; h = (h * 31 + bot.choose(game, s, legal, game.legalActions(s, legal))) | 0; }`;

export const WORKLOADS: Workload[] = [
  { name: 'random-quick', unit: 'game', n1: 2000, n2: 6000, body: randomBody('quick') },
  { name: 'random-standard', unit: 'game', n1: 1000, n2: 3000, body: randomBody('standard') },
  {
    name: 'heuristic-decisions', unit: 'round of 40 positions', n1: 3000, n2: 9000,
    body: "const bot = mk('heuristic', 1); for (let i = 0; i < n; i++) for (const s of states) h = (h * 31 + bot.choose(game, s, legal, game.legalActions(s, legal))) | 0;",
  },
  {
    name: 'heuristic-games', unit: 'game', n1: 600, n2: 1800,
    body: "const bots = [mk('heuristic', 1), mk('heuristic', 2)]; const st = game.allocState(); for (let i = 0; i < n; i++) { game.newGame(st, 7000 + i); while (!game.isTerminal(st)) { const k = game.legalActions(st, legal); const a = bots[game.currentPlayer(st)].choose(game, st, legal, k); h = (h * 31 + a) | 0; game.apply(st, a); } }",
  },
  { name: 'ismcts-random', unit: 'decision (1,000 iterations)', n1: 5, n2: 25, body: searchBody('ismcts:iterations=1000') },
  { name: 'ladder-flatmc', unit: 'decision', n1: 2, n2: 6, body: searchBody(LADDER_FLATMC) },
  { name: 'ladder-ismcts', unit: 'decision', n1: 2, n2: 6, body: searchBody(LADDER_ISMCTS) },
  {
    // What each game of the million-game run costs a worker: one shard of random quick games of
    // Gardiens against Veilleurs (seed 1), the card counters and effect counts included. Its
    // digest: the pairing's wins and draws and the mode's counters (turns, decisions, …).
    name: 'shard-quick', unit: 'seed pair (2 games)', n1: 1000, n2: 3000,
    imports: { shards: 'src/sim/shard.ts', deckFiles: 'src/games/blue-rising/decks.ts' },
    body: "const A = deckFiles.loadDeck(decks + '/quick-gardiens.deck', 'quick'), B = deckFiles.loadDeck(decks + '/quick-veilleurs.deck', 'quick'); const r = shards.runShard({ shardIndex: 0, game: 'blue-rising', mode: 'quick', decks: [A, B], deckNames: [A.name, B.name], bots: ['random', 'random'], arm: '', masterSeed: 1, pairingKey: 0, pairStart: 0, pairCount: n, wantRows: false }); const m = Object.values(r.agg.matchups.quick)[0], md = r.agg.modes.quick; for (let i = 0; i < 4; i++) h = (h * 31 + m[i]) | 0; for (let i = 0; i < 9; i++) h = (h * 31 + md[i]) | 0;",
  },
];

/** The entry bundled for `root`: the tree's own engine and bots, this tree's positions (botPositions). */
export function entrySource(root: string, w: Workload): string {
  const p = (rel: string) => JSON.stringify(join(root, rel));
  return `
import ${p('src/games/registry.ts')};
import * as botRegistry from ${p('bots/index.ts')};
import * as rngs from ${p('src/core/rng.ts')};
import * as br from ${p('src/games/blue-rising/index.ts')};
import { botPositions } from ${JSON.stringify(join(ROOT, 'src/bench/snapshots.ts'))};
${Object.entries(w.imports ?? {}).map(([name, rel]) => `import * as ${name} from ${p(rel)};`).join('\n')}
const decks = ${p('decks')};
const match = (mode) => br.matchFromFiles(mode, decks + '/' + mode + '-gardiens.deck', decks + '/' + mode + '-veilleurs.deck');
const quick = match('quick'), standard = match('standard'), game = quick;
const rng = (seed) => new rngs.SeededRng(seed);
const mk = (spec, seed) => botRegistry.makeBot(botRegistry.parseBotSpec(spec), seed);
const legal = new Int32Array(Math.max(quick.maxLegalActions, standard.maxLegalActions));
const states = botPositions(quick, 40, rng('bench-bots'));
// In a function, not at the module's top level: V8 optimizes the loop as it does the benches'.
function work(n) {
  let h = 0;
  ${w.body}
  return h;
}
console.log('digest ' + work(Number(process.argv[2])));
`;
}

/** Bundles the workload's entry for `root` into `dir` (as the game workers run it); returns the bundle's path. */
export async function bundle(root: string, w: Workload, dir: string, tag: string): Promise<string> {
  const outfile = join(dir, `${tag}-${w.name}.mjs`);
  await bundleTree(root, entrySource(root, w), outfile, w.name);
  return outfile;
}
