// Queue runs stopped by signals, and the nightly as a BullMQ job scheduler, against a real
// redis-server on a free loopback port (test/sim/redis-harness.ts). At most two `lab`
// children at once: a worker, and a submitter or a short command (or the nightly a worker
// runs). A worker stopped by SIGTERM finishes or hands back the shard in hand; a submitter
// stopped by Ctrl-C leaves its jobs queued and the same command takes them up: both write the
// bytes of a local --workers 1 run. `lab nightly --schedule` registers a scheduler whose job a
// worker turns into the dated report; `--schedule off` removes it.
import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, type Job } from 'bullmq';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSides, runAndWrite } from '../../src/cli/commands/simulate.ts';
import { gameModule } from '../../src/games/registry.ts';
import { NIGHTLY_QUEUE, SHARD_QUEUE, connectionOptions, eventsFromNow, type QueueTarget } from '../../src/sim/queue/connection.ts';
import type { RunSpec } from '../../src/sim/run.ts';
import { QUICK_E, QUICK_G, QUICK_V, lab, listFiles, spawnLab, stderrLines, tempDir, until } from './helpers.ts';
import { RedisHarness, REDIS, skipWithoutRedis, type LabWorker } from './redis-harness.ts';

const skip = skipWithoutRedis('test/sim/queue-signals.test.ts');

let dir: string;
let h: RedisHarness;
let shards: Queue;

/** Three quick decks, random bots, in shards of 600 games: a shard is in hand long enough to be seen. */
function spec(seed: number): RunSpec {
  const m = gameModule('blue-rising');
  const { sides, modes } = loadSides([QUICK_G, QUICK_V, QUICK_E], undefined, m);
  return { game: m.id, modes, sides, bots: ['random', 'random'], gamesPerPairing: 2400, seed, arms: [{ label: '' }], workers: 1, wantRows: true, shardPairs: 300 };
}

const run = (s: RunSpec, out: string, queue?: QueueTarget) => runAndWrite(s, out, { quiet: true, label: 'simulate', command: ['lab', 'simulate'], queue });

/** Every file of a run but its manifest (times, machine), byte for byte. */
function expectSameBytes(a: string, b: string): void {
  const files = listFiles(a).filter((f) => f !== 'manifest.json');
  expect(files).toContain('summary.json');
  expect(listFiles(b).filter((f) => f !== 'manifest.json')).toEqual(files);
  for (const f of files) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
}

/** The id of a shard job `w` holds, as soon as it holds one. */
async function heldBy(w: LabWorker): Promise<string> {
  for (;;) {
    const job = (await shards.getActive()).find((j) => j.processedBy?.endsWith(`-${w.child.pid}`));
    if (job) return job.id!;
    if (w.exit) throw new Error(`lab worker ${w.child.pid} ended before it took a shard`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function today(): string {
  const d = new Date();
  const z = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${z(d.getMonth() + 1)}-${z(d.getDate())}`;
}

(skip ? describe.skip : describe)(`queue runs and signals${skip ? ' (SKIPPED: no redis-server; apt-get install redis-server)' : ''}`, () => {
  beforeAll(async () => {
    expect(REDIS, 'CI is set, and the queue test needs redis-server: apt-get install redis-server (.ci/run does)').toBeTruthy();
    dir = tempDir('queue-signals');
    h = new RedisHarness(dir);
    await h.start();
    shards = new Queue(SHARD_QUEUE, { connection: connectionOptions(h.target) });
    shards.on('error', () => {});
  });
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(`workers of ${dir}:\n${h.story()}`)));
  afterEach(() => h.killWorkers());
  afterAll(async () => {
    await shards?.close();
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a worker stopped by SIGTERM mid-shard hands it back at once (--grace-seconds 0) or finishes it, and the run writes the bytes of a local --workers 1 run', async () => {
    const local = join(dir, 'sigterm-local');
    await run(spec(21), local);
    const events = await eventsFromNow(h.target, shards, () => {});
    let stalled = 0;
    events.on('stalled', () => stalled++);
    const out = join(dir, 'sigterm');
    const a = await h.startWorker(['--grace-seconds', '0']);
    const running = run(spec(21), out, h.target);
    // The shards in hand are looked for while the worker plays: a few seconds in all.
    running.catch(() => {}); // awaited below

    // No grace: the shard in hand goes back to the queue, not through a lock's expiry.
    const seenA = await heldBy(a);
    a.child.kill('SIGTERM');
    await a.closed;
    expect(a.exit, a.stderr).toMatchObject({ code: 0, signal: null });
    expect(a.stderr).toContain('lab worker: stopping: the shards in hand finish (at most 0 s, then they go back to the queue');
    expect(a.stderr).toMatch(/lab worker: stopped\n$/);
    const jobA = (await shards.getJob(seenA)) as Job;
    // Waiting again after one start (a shard finished just before the signal would be completed instead).
    const stateA = await jobA.getState();
    expect(['waiting', 'completed'], `${seenA} is ${stateA}`).toContain(stateA);
    if (stateA === 'waiting') expect(jobA.attemptsStarted).toBe(1);
    expect(await shards.getActiveCount()).toBe(0);

    // The default grace: the shard in hand finishes before the worker stops.
    const b = await h.startWorker([], false);
    const seenB = await heldBy(b);
    b.child.kill('SIGTERM');
    await b.closed;
    expect(b.exit, b.stderr).toMatchObject({ code: 0, signal: null });
    expect(b.stderr).toContain('lab worker: stopping: the shards in hand finish (at most 20 s');
    expect(await (await shards.getJob(seenB))!.getState()).toBe('completed');
    expect(await shards.getActiveCount()).toBe(0);

    const c = await h.startWorker();
    await running;
    await h.stopWorker(c);
    await events.close();
    expect(c.exit, c.stderr).toMatchObject({ code: 0, signal: null });
    // Nothing went back to the queue through BullMQ's stalled-job check.
    expect(stalled).toBe(0);
    expectSameBytes(local, out);
    expect(await shards.getJobCounts('completed', 'wait', 'active')).toEqual({ completed: 0, wait: 0, active: 0 });
  });

  it('Ctrl-C on a submitter leaves its jobs queued, and the same command takes them up and writes the bytes of a local --workers 1 run', async () => {
    const out = join(dir, 'sigint');
    const args = ['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--deck', QUICK_E, '--games', '2400', '--seed', '22', '--out', out, '--queue', h.target.url];
    const w = await h.startWorker();
    const first = await spawnLab(args);
    let stderr = '';
    first.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    h.others.push({ name: 'the interrupted submitter', stderr: () => stderr });
    first.stdout.resume();
    const closed = new Promise<number | null>((res) => first.once('close', (code) => res(code)));
    // Interrupted once some shards are done and others are not.
    await until(() => /submitting \d+ shards \(run [0-9a-f]+\)/.test(stderr));
    const [, count, runId] = /submitting (\d+) shards \(run ([0-9a-f]+)\)/.exec(stderr)!;
    const total = Number(count);
    const jobsLeft = async () => (await shards.getJobs(['completed', 'wait', 'active'])).filter((j) => j.id!.startsWith(`${runId}-`)).length;
    expect(total).toBeGreaterThan(4);
    for (;;) {
      const c = await shards.getJobCounts('completed', 'wait');
      if (c.completed! >= 1 && c.wait! >= 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGINT');
    expect(await closed, stderr).toBe(130);
    expect(stderr.trim().split('\n').pop()).toBe(`lab: interrupted; no result file was written; the run's jobs stay on ${h.target.url}: the same command picks them up`);
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    // Every job of the run is still there (the worker goes on playing them).
    expect(await jobsLeft()).toBe(total);

    const again = await lab(args);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain(`wrote ${out}/{summary.json,`);
    expect(again.stderr).toContain(`submitting ${total} shards (run ${runId})`);
    await h.stopWorker(w);
    expect(await jobsLeft()).toBe(0);

    const local = join(dir, 'sigint-local');
    const ref = await lab([...args.slice(0, args.indexOf('--out')), '--out', local, '--workers', '1', '--quiet']);
    expect(ref.status, ref.stderr).toBe(0);
    expectSameBytes(local, out);
  });

  it('lab nightly --schedule registers a job scheduler whose job a worker turns into the dated report; off removes it; a schedule that is not cron exits 2', async () => {
    const bad = await lab(['nightly', '--queue', h.target.url, '--schedule', 'every night']);
    expect(bad.status, bad.stderr).toBe(2);
    expect(stderrLines(bad)).toEqual(['lab: --schedule: "every night" is not a cron expression (5 fields, e.g. "0 2 * * *")']);

    const nightly = new Queue(NIGHTLY_QUEUE, { connection: connectionOptions(h.target) });
    nightly.on('error', () => {});
    try {
      const w = await h.startWorker();
      const exp = join(dir, 'tiny.json');
      writeFileSync(exp, JSON.stringify({ name: 'tiny', decks: [QUICK_G, QUICK_V], games: 200, seed: 2 }));
      const out = join(dir, 'nightly');
      const reg = await lab(['nightly', '--file', exp, '--out', out, '--workers', '1', '--quiet', '--queue', h.target.url, '--schedule', '0 2 * * *']);
      expect(reg.status, reg.stderr).toBe(0);
      expect(reg.stdout).toMatch(/^registered nightly-blue-rising on redis:\/\/127\.0\.0\.1:\d+\/0 at "0 2 \* \* \*" \(next: \d{4}-\d\d-\d\dT\d\d:00:00\.000Z\); a `lab worker --queue redis:\/\/127\.0\.0\.1:\d+\/0` runs it\n$/);
      const schedulers = await nightly.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.pattern])).toEqual([['nightly-blue-rising', '0 2 * * *']]);
      // Tonight's job, run now rather than at two in the morning.
      const delayed = await nightly.getDelayed();
      expect(delayed).toHaveLength(1);
      expect(delayed[0]!.data).toEqual({ args: ['--file', exp, '--out', out, '--workers', '1', '--quiet'] });
      await delayed[0]!.promote();
      await until(() => /nightly \S+: (wrote|failed)/.test(w.stderr) || w.exit !== null);
      const date = today();
      expect(w.stderr).toContain(`: wrote ${join(out, date, 'report', 'index.html')}\n`);
      const summary = JSON.parse(readFileSync(join(out, date, 'summary.json'), 'utf8')) as { games: number };
      expect(summary.games).toBe(200);
      expect(existsSync(join(out, date, 'changes.json'))).toBe(true);

      const off = await lab(['nightly', '--queue', h.target.url, '--schedule', 'off']);
      expect(off.status, off.stderr).toBe(0);
      expect(off.stdout).toBe(`removed nightly-blue-rising from ${h.target.url}\n`);
      expect(await nightly.getJobSchedulers()).toEqual([]);
      expect(await nightly.getDelayedCount()).toBe(0);
      await h.stopWorker(w);
      expect(w.exit, w.stderr).toMatchObject({ code: 0, signal: null });
    } finally {
      await nightly.close();
    }
  });
});
