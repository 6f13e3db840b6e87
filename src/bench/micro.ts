import { matchFromFiles } from '../games/blue-rising/index.ts';
import { legal } from '../games/blue-rising/rules.ts';
import { SeededRng } from '../core/rng.ts';
import { Z_PHASE } from '../games/blue-rising/state.ts';
const g = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
const st = g.allocState(); const out = new Int32Array(1024); const rng = new SeededRng(1);
const snaps: any[] = [];
for (let i = 0; i < 200; i++) { g.newGame(st, i); while (!g.isTerminal(st)) { const n = g.legalActions(st, out); if (rng.int(10) === 0) { const c = g.allocState(); g.cloneInto(st, c); snaps.push(c); } g.apply(st, out[rng.int(n)]); } }
const byPhase: Record<number, any[]> = {};
for (const s of snaps) (byPhase[s.z[Z_PHASE]] ??= []).push(s);
for (const [ph, list] of Object.entries(byPhase)) {
  let t0 = performance.now(); let k = 0;
  for (let r = 0; r < 200; r++) for (const s of list) { k += legal(s, out); }
  const ms = performance.now() - t0;
  console.log('phase', ph, 'n', list.length, 'ns/legal', (ms * 1e6 / (200 * list.length)).toFixed(0), 'avg', (k / 200 / list.length).toFixed(1));
}
// apply cost
const s2 = g.allocState();
let t0 = performance.now(); let cnt = 0;
for (let r = 0; r < 20; r++) for (const s of snaps) { g.cloneInto(s, s2); const n = g.legalActions(s2, out); g.apply(s2, out[rng.int(n)]); cnt++; }
console.log('clone+legal+apply ns', ((performance.now() - t0) * 1e6 / cnt).toFixed(0));
t0 = performance.now(); cnt = 0;
for (let r = 0; r < 200; r++) for (const s of snaps) { g.cloneInto(s, s2); cnt++; }
console.log('clone ns', ((performance.now() - t0) * 1e6 / cnt).toFixed(0));
