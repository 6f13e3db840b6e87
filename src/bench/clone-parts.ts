// Where a cloneInto's time goes: the state's bytes, the cached legal list.
import { matchFromFiles } from '../games/blue-rising/index.ts';
import { SeededRng } from '../core/rng.ts';
const g = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');
const snaps = [] as ReturnType<typeof g.allocState>[];
{
  const st = g.allocState(); const out = new Int32Array(1024); const rng = new SeededRng(3);
  for (let i = 0; snaps.length < 64; i++) { g.newGame(st, i); let k = 0; while (!g.isTerminal(st) && snaps.length < 64) { if (k++ % 8 === 7) { const c = g.allocState(); g.cloneInto(st, c); snaps.push(c); } const n = g.legalActions(st, out); g.apply(st, out[rng.int(n)]!); } }
}
const dst = g.allocState();
function t(name: string, f: (i: number) => void) {
  const res: number[] = [];
  for (let r = 0; r < 7; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < 1_000_000; i++) f(i); const c = process.cpuUsage(c0); res.push((c.user + c.system) / 1000); }
  res.sort((a, b) => a - b); console.log(name, 'ns', res[3]!.toFixed(1));
}
t('cloneInto', (i) => g.cloneInto(snaps[i & 63]!, dst));
t(`head.set (what cloneInto copies, ${dst.head.length} bytes)`, (i) => dst.head.set(snaps[i & 63]!.head));
t(`bytes.set (the state alone, ${dst.bytes.length} bytes)`, (i) => dst.bytes.set(snaps[i & 63]!.bytes));
t(`w.set (state, cache words and the saved 2b list, ${dst.w.byteLength} bytes)`, (i) => dst.w.set(snaps[i & 63]!.w));
const words64 = dst.head.length >> 3, words32 = dst.head.length >> 2;
const f64 = snaps.map((s) => new Float64Array(s.buffer, 0, words64)); const d64 = new Float64Array(dst.buffer, 0, words64);
t(`f64 loop ${words64}`, (i) => { const s = f64[i & 63]!; for (let k = 0; k < words64; k++) d64[k] = s[k]!; });
let sum = 0; for (const s of snaps) sum += s.legalCount; console.log('mean legal', sum / 64);
for (const size of [64, 256, 512, 768, dst.head.length]) {
  const srcs = snaps.map((s) => new Uint8Array(s.buffer, 0, size)); const d = new Uint8Array(dst.buffer, 0, size);
  t(`u8 set ${size}`, (i) => d.set(srcs[i & 63]!));
}
const b32 = snaps.map((s) => new Int32Array(s.buffer, 0, words32)); const d32 = new Int32Array(dst.buffer, 0, words32);
t(`i32 loop ${words32}`, (i) => { const s = b32[i & 63]!; for (let k = 0; k < words32; k++) d32[k] = s[k]!; });
