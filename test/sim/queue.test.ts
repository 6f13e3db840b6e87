// Runs past one machine: shards as BullMQ jobs on a real redis-server (Debian's, installed by
// .ci/run) started here on a free loopback port. The submitter runs in this process (the
// CLI's own runAndWrite), the workers are `lab worker` children (two at most at once), and
// every queued run must write the very bytes of a local `--workers 1` run: with two workers,
// with a worker SIGKILLed while it holds a shard, and with Redis killed and restarted (its
// data lost) in the middle. A job from other code is refused with one line; a game that
// throws fails its job with the replay command; a bad or dead URL exits 2 with one line.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSides, runAndWrite } from '../../src/cli/commands/simulate.ts';
import { gameModule } from '../../src/games/registry.ts';
import { SHARD_QUEUE, connectionOptions, eventsFromNow, type QueueTarget } from '../../src/sim/queue/connection.ts';
import { planTasks, SimulationError, type RunSpec } from '../../src/sim/run.ts';
import { QUICK_E, QUICK_G, QUICK_V, lab, listFiles, stderrLines, tempDir } from './helpers.ts';
import { freePort, RedisHarness, REDIS, skipWithoutRedis, type LabWorker } from './redis-harness.ts';

const skip = skipWithoutRedis('test/sim/queue.test.ts');

let dir: string;
let h: RedisHarness;

/** A small round robin of three quick decks; `shardPairs` cuts it into several jobs. */
function spec(seed: number, extra: Partial<RunSpec> = {}): RunSpec {
  const m = gameModule('blue-rising');
  const { sides, modes } = loadSides([QUICK_G, QUICK_V, QUICK_E], undefined, m);
  return { game: m.id, modes, sides, bots: ['random', 'random'], gamesPerPairing: 240, seed, arms: [{ label: '' }], workers: 1, wantRows: true, shardPairs: 30, ...extra };
}

async function run(s: RunSpec, out: string, queue?: QueueTarget, notes?: string[]): Promise<Record<string, unknown>> {
  const write = process.stderr.write;
  // The submitter's notes go to stderr: kept here for the assertions.
  if (notes) process.stderr.write = ((chunk: string) => (notes.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    return await runAndWrite(s, out, { quiet: !notes, label: 'simulate', command: ['lab', 'simulate'], queue });
  } finally {
    process.stderr.write = write;
  }
}

/** Every file of a run but its manifest (times, machine), byte for byte. */
function expectSameBytes(a: string, b: string): void {
  const files = listFiles(a).filter((f) => f !== 'manifest.json');
  expect(files).toContain('games.csv');
  expect(files).toContain('summary.json');
  expect(listFiles(b).filter((f) => f !== 'manifest.json')).toEqual(files);
  for (const f of files) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
}

/** Local reference runs, by seed. */
const local = new Map<number, string>();
async function reference(seed: number, extra: Partial<RunSpec> = {}): Promise<string> {
  if (!local.has(seed)) {
    const out = join(dir, `local-${seed}`);
    await run(spec(seed, extra), out);
    local.set(seed, out);
  }
  return local.get(seed)!;
}

(skip ? describe.skip : describe)(`runs on a Redis queue${skip ? ' (SKIPPED: no redis-server; apt-get install redis-server)' : ''}`, () => {
  let queue: Queue;
  beforeAll(async () => {
    expect(REDIS, 'CI is set, and the queue test needs redis-server: apt-get install redis-server (.ci/run does)').toBeTruthy();
    dir = tempDir('queue');
    h = new RedisHarness(dir);
    await h.start();
    queue = new Queue(SHARD_QUEUE, { connection: connectionOptions(h.target) });
    queue.on('error', () => {});
  });
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(`workers of ${dir}:\n${h.story()}`)));
  afterAll(async () => {
    await queue?.close();
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 with one line for a URL that is not Redis\'s, or a Redis that is not there', async () => {
    const base = ['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '20', '--quiet', '--out', join(dir, 'bad')];
    const [notRedis, nobody] = await Promise.all([lab([...base, '--queue', `http://127.0.0.1:${h.port}`]), lab([...base, '--queue', `redis://127.0.0.1:${await freePort()}`])]);
    expect(notRedis.status, notRedis.stderr).toBe(2);
    expect(stderrLines(notRedis)).toEqual([`lab: --queue: "http://127.0.0.1:${h.port}" is not a Redis URL (expected redis://HOST:PORT[/DB])`]);
    expect(nobody.status, nobody.stderr).toBe(2);
    expect(stderrLines(nobody)).toHaveLength(1);
    expect(nobody.stderr).toMatch(/^lab: --queue redis:\/\/127\.0\.0\.1:\d+: cannot reach Redis \(ECONNREFUSED\)\n$/);
    expect(existsSync(join(dir, 'bad', 'summary.json'))).toBe(false);
  });

  describe('with two workers', () => {
    let a: LabWorker;
    let b: LabWorker;
    beforeAll(async () => {
      [a, b] = await Promise.all([h.startWorker(), h.startWorker()]);
    });
    afterAll(async () => {
      await Promise.all([a && h.stopWorker(a), b && h.stopWorker(b)]);
    });

    it('say they wait on an empty queue, then play a run that writes the bytes of a local one', async () => {
      for (const w of [a, b]) {
        expect(w.stderr).toMatch(/^lab worker: taking shards from redis:\/\/127\.0\.0\.1:\d+\/0 \(1 thread, code [0-9a-f]{12}\)\n/);
        expect(w.stderr).toContain(`lab worker: queue ${SHARD_QUEUE} on ${h.target.url} is empty: waiting for shards\n`);
      }
      const notes: string[] = [];
      const out = join(dir, 'two');
      const summary = await run(spec(11), out, h.target, notes);
      expect(summary.games).toBe(3 * 240);
      expect(notes.join('')).toMatch(/submitting 12 shards \(run [0-9a-f]{24}\) to redis:/);
      expectSameBytes(await reference(11), out);
      // The run's jobs are removed once its results are written.
      expect(await queue.getJobCounts('completed', 'wait', 'active')).toEqual({ completed: 0, wait: 0, active: 0 });
    });

    it('refuse a job from other code with one line, and its submitter would be told', async () => {
      const task = planTasks(spec(12))[0]!;
      const events = await eventsFromNow(h.target, queue, () => {});
      const failed = new Promise<string>((res) => events.on('failed', ({ jobId, failedReason }) => jobId === 'other-code-0' && res(failedReason)));
      await queue.add('shard', { run: 'other', code: 'f'.repeat(64), catalogue: gameModule('blue-rising').catalogue.sha256(), task, sides: [] }, { jobId: 'other-code-0' });
      const reason = await failed;
      await events.close();
      expect(reason).toMatch(/^refused job other-code-0: submitted by other code ffffffffffff \(this worker's: [0-9a-f]{12}\); run workers of the submitter's code$/);
      const lines = [a, b].flatMap((w) => w.stderr.split('\n')).filter((l) => l.includes('refused'));
      expect(lines).toEqual([`lab worker: ${reason}`]);
      await queue.remove('other-code-0');
    });

    it('fail the job of a game that throws with its replay command, which the submitter reports', async () => {
      const m = gameModule('blue-rising');
      const s = spec(13, { gamesPerPairing: 40, arms: [{ label: '', variant: { rules: m.rules.parse(['faultCard=Nisqy']) } }] });
      const err = await run(s, join(dir, 'fault'), h.target).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(SimulationError);
      const line = (err as Error).message;
      expect(line).toMatch(/^a game failed: .*fault injected.*reproduce with: lab replay --mode quick --deck decks\/quick-\S+\.deck --deck decks\/quick-\S+\.deck --seed \d+ --bots random,random --rule faultCard=Nisqy$/);
      expect(line).not.toContain('\n');
      expect(existsSync(join(dir, 'fault', 'summary.json'))).toBe(false);
      // The failed run's other jobs stay queued (the same command would take them up): cleared for the next test.
      await queue.drain();
      while ((await queue.getActiveCount()) > 0) await new Promise((r) => setTimeout(r, 100));
      await Promise.all([queue.clean(0, 10_000, 'failed'), queue.clean(0, 10_000, 'completed')]);
    });

    it('finish a run when one of them is SIGKILLed while it holds a shard', async () => {
      // Bigger shards, so that a shard is in hand long enough to be seen.
      const s = spec(14, { shardPairs: 120 });
      const events = await eventsFromNow(h.target, queue, () => {});
      let stalled = 0;
      events.on('stalled', () => stalled++);
      let killed = '';
      const watch = (async () => {
        while (!killed) {
          for (const job of await queue.getActive()) {
            const w = [a, b].find((x) => job.processedBy?.endsWith(`-${x.child.pid}`));
            if (w && !killed) {
              killed = job.id!;
              w.child.kill('SIGKILL');
            }
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const out = join(dir, 'killed');
      await run(s, out, h.target);
      await watch;
      await events.close();
      expect(killed).toMatch(/^[0-9a-f]{24}-\d+$/);
      // The killed worker's shard went back to the queue through BullMQ's stalled-job check.
      expect(stalled).toBeGreaterThanOrEqual(1);
      expectSameBytes(await reference(14), out);
    });

    it('finish a run when Redis is killed (losing every job) and restarted in the middle', async () => {
      const alive = [a, b].filter((w) => w.child.exitCode === null && w.child.signalCode === null);
      expect(alive.length).toBeGreaterThanOrEqual(1);
      const events = await eventsFromNow(h.target, queue, () => {});
      let restarted: Promise<void> | null = null;
      events.on('completed', () => {
        restarted ??= (async () => {
          await h.stop();
          await new Promise((r) => setTimeout(r, 1000));
          await h.start();
        })();
      });
      const notes: string[] = [];
      const out = join(dir, 'restart');
      await run(spec(15, { gamesPerPairing: 160, shardPairs: 10 }), out, h.target, notes);
      await restarted;
      await events.close();
      expect(restarted).not.toBeNull();
      expect(notes.join('')).toContain('lost Redis at');
      expectSameBytes(await reference(15, { gamesPerPairing: 160 }), out);
      for (const w of alive) expect(w.stderr).toContain('lost Redis at');
    });
  });
});
