// The helpers' bound on `lab` child processes (test/sim/helpers.ts): however many runs a file
// starts at once, at most LAB_PER_PROCESS are alive at any moment, counted from /proc (Linux)
// and from each run's own start and end.
import { describe, expect, it } from 'vitest';
import { LAB, LAB_PER_PROCESS, lab, labSync, liveChildren, spawnLab } from './helpers.ts';

describe('lab child processes', () => {
  it(`ten runs started at once: never more than ${LAB_PER_PROCESS} alive, and that many do run together`, async () => {
    let most = 0;
    let polls = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        most = Math.max(most, liveChildren(process.pid, LAB).length);
        polls++;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const marks: [number, number][] = [];
    const runs = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const child = await spawnLab(['--help']);
        const start = performance.now();
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
        const code = await new Promise<number | null>((res) => child.on('close', res));
        marks.push([start, performance.now()]);
        return { code, out };
      }),
    );
    polling = false;
    await poller;
    for (const r of runs) {
      expect(r.code).toBe(0);
      expect(r.out).toContain('simulate');
    }
    // From the runs' own spans (spawned to closed, a superset of each process's life).
    const events = marks.flatMap(([a, b]) => [[a, 1], [b, -1]] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    let alive = 0;
    let mostBySpan = 0;
    for (const [, d] of events) mostBySpan = Math.max(mostBySpan, (alive += d));
    expect(marks).toHaveLength(10);
    expect(mostBySpan).toBe(LAB_PER_PROCESS);
    // From /proc, polled while they ran.
    expect(polls).toBeGreaterThan(10);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(LAB_PER_PROCESS);
  });

  it('lab() queues too, and a blocking run refuses to start while the slots are all taken', async () => {
    const pending = Array.from({ length: LAB_PER_PROCESS + 1 }, () => lab(['--help']));
    // The first LAB_PER_PROCESS have their slots now; the last one waits for one.
    expect(() => labSync(['--help'])).toThrow(/already running/);
    const done = await Promise.all(pending);
    expect(done.map((r) => r.status)).toEqual(Array(LAB_PER_PROCESS + 1).fill(0));
    expect(labSync(['--help']).status).toBe(0);
  });
});
