// Random quick or standard games, CPU ns per decision: a profile target
// (node --cpu-prof --import tsx src/bench/play.ts quick 15000).
import { matchFromFiles } from '../games/blue-rising/index.ts';
import { SeededRng } from '../core/rng.ts';
const mode = (process.argv[2] ?? 'quick') as 'quick' | 'standard';
const games = Number(process.argv[3] ?? 15000);
const g = matchFromFiles(mode, `decks/${mode}-gardiens.deck`, `decks/${mode}-veilleurs.deck`);
function run(games: number, seed: number): number {
  const st = g.allocState(); const out = new Int32Array(1024);
  const rng = new SeededRng(seed); let steps = 0;
  for (let i = 0; i < games; i++) { g.newGame(st, seed * 1e6 + i); while (!g.isTerminal(st)) { const n = g.legalActions(st, out); g.apply(st, out[rng.int(n)]!); steps++; } }
  return steps;
}
run(2000, 1);
const c0 = process.cpuUsage(); const w0 = performance.now();
const steps = run(games, 2);
const c = process.cpuUsage(c0);
console.log(mode, "wall ns/step", ((performance.now() - w0) * 1e6 / steps).toFixed(0), "steps/game", (steps / games).toFixed(1), 'cpu ns/step', ((c.user + c.system) * 1000 / steps).toFixed(0), 'games/s cpu', (games / ((c.user + c.system) / 1e6)).toFixed(0));
