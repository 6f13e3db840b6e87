// CPU time (not wall time) per random step, robust to a busy machine: for A/B comparisons of
// engine changes (`npx tsx src/bench/cpu-steps.ts`, or bundled with esbuild, several runs each).
import { matchFromFiles } from '../games/blue-rising/index.ts';
import { SeededRng } from '../core/rng.ts';
const g = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
const st = g.allocState(); const out = new Int32Array(1024);
const run = (games: number, seed: number) => { const rng = new SeededRng(seed); let steps = 0; for (let i = 0; i < games; i++) { g.newGame(st, seed * 100000 + i); while (!g.isTerminal(st)) { const n = g.legalActions(st, out); g.apply(st, out[rng.int(n)]!); steps++; } } return steps; };
run(3000, 1);
const res: number[] = [];
for (let r = 0; r < 5; r++) { const c0 = process.cpuUsage(); const steps = run(4000, 2); const c = process.cpuUsage(c0); res.push((c.user + c.system) * 1000 / steps); }
res.sort((a, b) => a - b);
console.log('cpu ns/step median', res[2]!.toFixed(1), 'min', res[0]!.toFixed(1));
