import { matchFromFiles } from '../games/blue-rising/index.ts';
import { GameLog } from '../games/blue-rising/log.ts';
import { SeededRng } from '../core/rng.ts';
const mode = (process.argv[2] ?? 'quick') as 'quick'|'standard';
const g = matchFromFiles(mode, `/work/main/decks/${mode}-gardiens.deck`, `/work/main/decks/${mode}-veilleurs.deck`);
const st = g.allocState();
const out = new Int32Array(g.maxLegalActions);
const rng = new SeededRng(7);
const N = Number(process.argv[3] ?? 200);
let steps = 0, wins=[0,0,0];
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  if (i === 0 && process.argv[4]) st.log = new GameLog();
  g.newGame(st, i);
  while (!g.isTerminal(st)) {
    const n = g.legalActions(st, out);
    g.apply(st, out[rng.int(n)]);
    steps++;
  }
  if (st.log) { console.log(st.log.text()); st.log = null; }
  const o = g.outcome(st)!; wins[o.winner+1]++;
}
const ms = performance.now()-t0;
console.log({N, steps, perGame: steps/N, draws: wins[0], w0: wins[1], w1: wins[2], gamesPerSec: N/ms*1000, nsPerStep: ms*1e6/steps});
