// The bench's clock, in ns. `--clock=cpu` reads this process's CPU time (user + system)
// instead of the wall clock: on a machine shared with other work, a thread that waits for a
// core does not count, so A/B ratios (compare.ts) stay steady. Default: the wall clock.
const cpuClock = process.argv.includes('--clock=cpu');

export const clockName = cpuClock ? 'cpu' : 'wall';

export function nowNs(): number {
  if (cpuClock) {
    const u = process.cpuUsage();
    return (u.user + u.system) * 1000;
  }
  return Number(process.hrtime.bigint());
}
