// The working side: a BullMQ worker that takes shard jobs and plays them on this machine's
// threads (the same piscina pool and worker bundle as a local run), and takes scheduled
// nightlies. A job from other code or another catalogue is refused: its counters would not
// be the ones its submitter's code computes.
//
// Locks are short (a dead worker's shard is back in the queue within about 15 s) and renewed
// from the main thread, which stays free while the threads play. A shard killed mid-way is
// played again from its first pair: shards are deterministic, and BullMQ takes only the
// completion of the lock's holder, so nothing is counted twice.
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { gameModule } from '../../games/registry.ts';
import { codeKey } from '../journal.ts';
import { describeFailure, localPool, SimulationError } from '../run.ts';
import type { ShardResult } from '../shard.ts';
import { packedForJson } from '../card-effects.ts';
import { buildWorkerBundle, removeWorkerBundle } from '../worker-bundle.ts';
import { NIGHTLY_QUEUE, SHARD_QUEUE, connectionOptions, type QueueTarget } from './connection.ts';
import { failureReason, type ShardJob } from './submit.ts';
import type { NightlyJob } from './schedule.ts';

const LAB = fileURLToPath(new URL('../../cli/lab.js', import.meta.url));

export const LOCK_MS = 10_000;
export const STALLED_CHECK_MS = 5_000;
/** How long past the grace period a stopping worker waits for Redis to answer. */
const CLOSE_MARGIN_MS = 10_000;
/** A shard whose worker died this many times fails (a game that kills its process every time). */
export const MAX_STALLED = 3;

export interface WorkerOptions {
  /** Threads playing shards: also the shards taken at once. */
  workers: number;
  /** Lines for the user: waiting, progress, refusals. */
  log: (line: string) => void;
  /** Progress lines at most this often. */
  progressMs?: number;
}

export interface QueueWorker {
  /** Stops taking jobs; the shards in hand finish, or after `graceMs` go back to the queue. */
  close(graceMs: number): Promise<void>;
  /** The jobs in hand now go back to the queue, for another worker. */
  release(): void;
}

export async function startQueueWorker(target: QueueTarget, opts: WorkerOptions): Promise<QueueWorker> {
  const bundle = await buildWorkerBundle();
  const code = codeKey(bundle);
  const pool = localPool(bundle, opts.workers);
  const catalogues = new Map<string, string | null>();
  const catalogueOf = (game: string) => {
    if (!catalogues.has(game)) {
      try {
        catalogues.set(game, gameModule(game).catalogue.sha256());
      } catch {
        catalogues.set(game, null); // a game this code does not know
      }
    }
    return catalogues.get(game)!;
  };
  const connection = connectionOptions(target);
  let releasing = false;
  const releasers = new Set<() => void>();
  let shards = 0;
  let games = 0;
  let lastLine = performance.now();
  let lastGames = 0;
  let idleSaid = false;
  /** The start line is out (an empty queue is reported after it). */
  let said = false;
  /** Shards in hand, and whether the queue ran dry while some were: it is reported once they are done. */
  let inHand = 0;
  let idleOnceDone = false;
  const sayIdle = () => {
    idleSaid = true;
    opts.log(`queue ${SHARD_QUEUE} on ${target.shown} is empty: waiting for shards`);
  };

  const processShard = async (job: Job<ShardJob, ShardResult>, token?: string): Promise<ShardResult> => {
    idleSaid = false;
    idleOnceDone = false;
    const d = job.data;
    const mine = catalogueOf(d.task.game);
    if (d.code !== code || d.catalogue !== mine) {
      const what = d.code !== code ? `code ${d.code.slice(0, 12)} (this worker's: ${code.slice(0, 12)})` : `catalogue ${d.catalogue.slice(0, 12)} (this worker's: ${mine?.slice(0, 12) ?? `no game ${d.task.game}`})`;
      const line = `refused job ${job.id}: submitted by other ${what}; run workers of the submitter's code`;
      opts.log(line);
      throw new UnrecoverableError(line);
    }
    let release!: () => void;
    const released = new Promise<'released'>((res) => (release = () => res('released')));
    releasers.add(release);
    if (releasing) release();
    inHand++;
    try {
      const res = await Promise.race([pool.run(d.task), released]);
      if (res === 'released') {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      shards++;
      games += res.games;
      const now = performance.now();
      if (opts.progressMs !== undefined && now - lastLine >= opts.progressMs) {
        // The rate since the last line (idle time between runs included).
        const rate = Math.round(((games - lastGames) * 1000) / (now - lastLine));
        lastLine = now;
        lastGames = games;
        opts.log(`${shards.toLocaleString('en')} shards, ${games.toLocaleString('en')} games played (${rate.toLocaleString('en')} games/s lately)`);
      }
      // The result goes to Redis as JSON: the packed counts as plain numbers.
      if (res.agg.packedEffects) res.agg.packedEffects = packedForJson(res.agg.packedEffects);
      return res;
    } catch (err) {
      if (err instanceof WaitingError) throw err;
      // A game that threw fails for good (it would throw again): its reason holds the replay command.
      const failure = describeFailure(err, d.task, { sides: d.sides.map((x) => ({ ...x, deck: null })) });
      throw new UnrecoverableError(failureReason(failure));
    } finally {
      releasers.delete(release);
      if (--inHand === 0 && idleOnceDone && !idleSaid) sayIdle();
    }
  };

  // Named by host and pid: a job's processedBy says which process holds it.
  const common = { connection, name: `${hostname()}-${process.pid}`, lockDuration: LOCK_MS, stalledInterval: STALLED_CHECK_MS, maxStalledCount: MAX_STALLED };
  const shardWorker = new Worker<ShardJob, ShardResult>(SHARD_QUEUE, processShard, { ...common, concurrency: opts.workers });
  // The nightly job submits its shards to the queue above (this worker and others play them).
  const nightlyWorker = new Worker<NightlyJob>(
    NIGHTLY_QUEUE,
    async (job, token) => {
      let release!: () => void;
      const released = new Promise<'released'>((res) => (release = () => res('released')));
      releasers.add(release);
      if (releasing) release();
      try {
        const child = runNightly(job, target, opts.log);
        if ((await Promise.race([child.done, released])) === 'released') {
          // The nightly stops (its jobs stay queued) and its job goes back for another worker.
          child.stop();
          await child.done.catch(() => {});
          await job.moveToWait(token);
          throw new WaitingError();
        }
      } finally {
        releasers.delete(release);
      }
    },
    { ...common, concurrency: 1 },
  );
  let down = false;
  const onError = (err: Error) => {
    if (/ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection is closed|ENOTFOUND|EAI_AGAIN/.test(err.message)) {
      if (!down) opts.log(`lost Redis at ${target.shown}: reconnecting`);
      down = true;
      return;
    }
    opts.log(`queue: ${err.message.split('\n')[0]}`);
  };
  shardWorker.on('error', onError);
  nightlyWorker.on('error', onError);
  shardWorker.on('ready', () => {
    if (down) opts.log(`Redis at ${target.shown} is back`);
    down = false;
  });
  // 'drained': nothing left waiting, though the last shards taken may still be playing.
  shardWorker.on('drained', () => {
    if (idleSaid || !said) return;
    if (inHand > 0) idleOnceDone = true;
    else sayIdle();
  });
  await Promise.all([shardWorker.waitUntilReady(), nightlyWorker.waitUntilReady()]);
  const probe = new Queue(SHARD_QUEUE, { connection });
  const waiting = await probe.getWaitingCount().finally(() => probe.close());
  opts.log(`taking shards from ${target.shown} (${opts.workers} thread${opts.workers > 1 ? 's' : ''}, code ${code.slice(0, 12)})`);
  said = true;
  if (waiting === 0 && !idleSaid && inHand === 0) sayIdle();

  const releaseAll = () => {
    releasing = true;
    for (const r of releasers) r();
  };
  return {
    release: releaseAll,
    close: async (graceMs) => {
      const timer = setTimeout(releaseAll, graceMs);
      // BullMQ's close waits for Redis; with Redis gone it would wait for ever. Past the grace
      // and a margin the worker stops without it: a shard still in hand was handed back
      // (released) or goes back by the stalled-job check once Redis answers again.
      let giveUp: NodeJS.Timeout | undefined;
      const unanswered = new Promise<'unanswered'>((res) => (giveUp = setTimeout(() => res('unanswered'), graceMs + CLOSE_MARGIN_MS)));
      try {
        const how = await Promise.race([Promise.all([shardWorker.close(), nightlyWorker.close()]), unanswered]);
        if (how === 'unanswered') {
          opts.log(`Redis at ${target.shown} did not answer within ${Math.round((graceMs + CLOSE_MARGIN_MS) / 1000)} s: stopping without it`);
          void shardWorker.close(true).catch(() => {});
          void nightlyWorker.close(true).catch(() => {});
        }
      } finally {
        clearTimeout(giveUp);
        clearTimeout(timer);
        await pool.destroy(false);
        removeWorkerBundle(bundle);
      }
    },
  };
}

/** A scheduled nightly: `lab nightly … --queue` in a child process, whose shards go to the queue. */
function runNightly(job: Job<NightlyJob>, target: QueueTarget, log: (line: string) => void): { done: Promise<void>; stop: () => void } {
  log(`nightly ${job.id}: lab nightly ${job.data.args.join(' ')}`);
  let stop = () => {};
  const done = new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [LAB, 'nightly', ...job.data.args, '--queue', target.url, '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    stop = () => child.kill('SIGINT');
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('close', (status) => {
      const lastOf = (s: string) => s.trim().split('\n').pop() ?? '';
      if (status === 0) {
        log(`nightly ${job.id}: wrote ${lastOf(out)}`);
        resolve();
      } else {
        log(`nightly ${job.id} failed: ${lastOf(err)}`);
        reject(new SimulationError(`lab nightly exited ${status}: ${lastOf(err)}`));
      }
    });
  });
  return { done, stop };
}
