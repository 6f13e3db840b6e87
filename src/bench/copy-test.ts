const N = 1608;
const arena = new Uint8Array(N * 65);
const srcs = Array.from({ length: 64 }, (_, i) => new Uint8Array(arena.buffer, i * N, N));
const dst = new Uint8Array(arena.buffer, 64 * N, N);
const a32 = new Int32Array(arena.buffer);
for (let i = 0; i < a32.length; i++) a32[i] = i * 2654435761;
function t(name: string, f: (i: number) => void) {
  const res: number[] = [];
  for (let r = 0; r < 7; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < 1_000_000; i++) f(i); const c = process.cpuUsage(c0); res.push((c.user + c.system) / 1000); }
  res.sort((a, b) => a - b); console.log(name, 'ns', res[3]!.toFixed(1));
}
t('set', (i) => dst.set(srcs[i & 63]!));
t('copyWithin', (i) => arena.copyWithin(64 * N, (i & 63) * N, (i & 63) * N + N));
const f64 = new Float64Array(arena.buffer);
t('f64 copyWithin', (i) => f64.copyWithin(64 * N / 8, (i & 63) * N / 8, ((i & 63) * N + N) / 8));
const srcs64 = srcs.map((s) => new Float64Array(s.buffer, s.byteOffset, N / 8)); const dst64 = new Float64Array(dst.buffer, dst.byteOffset, N / 8);
t('f64 set', (i) => dst64.set(srcs64[i & 63]!));
