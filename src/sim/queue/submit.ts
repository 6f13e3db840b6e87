// The submitting side: a ShardExecutor (run.ts) that hands each shard of the local plan to
// Redis as a BullMQ job and hands back the result a worker stored. The plan, the shard
// function, the journal and the merge stay run.ts's: only where shards play changes.
//
// A job's id is the run's hash and the shard's index, so the same command submitted again
// (after Ctrl-C, a crash, a Redis restart) finds its jobs: a finished one is taken as it is,
// a waiting one is waited for, a failed one is tried again (unless a game threw in it), a lost one
// is added again. Each shard index is taken once, whatever events repeat.
import { createHash } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import { gameModule } from '../../games/registry.ts';
import { SimulationError, type ExecutorFactory, type ShardExecutor } from '../run.ts';
import { FAILURE_MARK, type GameFailureInfo, type ShardResult, type ShardTask } from '../shard.ts';
import { SHARD_QUEUE, connectionOptions, eventsFromNow, type QueueTarget } from './connection.ts';

export interface ShardJob {
  /** The run's hash (code, catalogue, plan). */
  run: string;
  /** The worker bundle's hash (journal.ts codeKey) and the game's catalogue hash: a worker of other code refuses the job. */
  code: string;
  catalogue: string;
  task: ShardTask;
  /** The run's decks and their files, for the replay command of a game that throws. */
  sides: { name: string; mode: string; file: string | null }[];
}

export { QUEUE_PLAN_THREADS } from './connection.ts';
/** Finished jobs stay this long (a submitter gone for the night still finds them). */
export const KEEP_SECONDS = 7 * 24 * 3600;
/** Shards handed to Redis at once: enough for hundreds of worker threads, bounded memory here. */
const IN_FLIGHT = 2000;
/** How often the submitter checks whether Redis is back, and all its jobs itself (events are lost while Redis restarts). */
const SWEEP_MS = 3000;
const FULL_SWEEP_MS = 30_000;

export function runHash(code: string, catalogue: string, tasks: ShardTask[]): string {
  const h = createHash('sha256').update(code).update('\n').update(catalogue);
  for (const t of tasks) h.update('\n').update(JSON.stringify(t));
  return h.digest('hex').slice(0, 24);
}

export const jobId = (run: string, shardIndex: number) => `${run}-${shardIndex}`;

/** A failed job's reason: the one-line report, then the game's replay data when a game threw. */
export function failureReason(err: SimulationError): string {
  return err.failure ? `${err.message}\n${FAILURE_MARK}${JSON.stringify(err.failure)}` : err.message;
}

function failureOf(reason: string, task: ShardTask): SimulationError {
  const [line, mark] = reason.split('\n');
  if (mark?.startsWith(FAILURE_MARK)) return new SimulationError(line!, JSON.parse(mark.slice(FAILURE_MARK.length)) as GameFailureInfo);
  return new SimulationError(`shard ${task.shardIndex} (${task.mode} ${task.deckNames[0]} vs ${task.deckNames[1]}) failed on a worker: ${line}`);
}

export interface SubmitNotes {
  /** A line for the user (submitted, waiting for workers, Redis lost and back). */
  onNote?: (line: string) => void;
}

export function queueExecutor(target: QueueTarget, notes: SubmitNotes = {}): ExecutorFactory {
  return async ({ spec, tasks, code, fresh }): Promise<ShardExecutor> => {
    const catalogue = gameModule(spec.game).catalogue.sha256();
    const run = runHash(code, catalogue, tasks);
    const sides = spec.sides.map((s) => ({ name: s.name, mode: s.mode, file: s.file }));
    const connection = connectionOptions(target);
    const queue = new Queue<ShardJob, ShardResult>(SHARD_QUEUE, { connection });
    // Connection errors come back as events while ioredis reconnects: say so once per outage.
    let down = false;
    const onError = () => {
      if (!down) notes.onNote?.(`lost Redis at ${target.shown}: reconnecting (jobs and results stay there)`);
      down = true;
    };
    queue.on('error', onError);
    await queue.waitUntilReady();
    // --fresh: the run's finished jobs (and waiting ones) are removed, so every shard is played
    // again; a job a worker holds now cannot be removed, and its result is as good as new.
    if (fresh) await Promise.all(tasks.map((t) => queue.remove(jobId(run, t.shardIndex))));
    // Read from before the first job is added: a shard finished at once is not missed.
    const events = await eventsFromNow(target, queue, onError);

    interface Pending {
      task: ShardTask;
      resolve: (r: ShardResult) => void;
      reject: (e: unknown) => void;
      /** Being read or added just now (a sweep and an event may both look). */
      busy: boolean;
    }
    const pending = new Map<string, Pending>();
    const settle = (id: string, fn: (p: Pending) => void) => {
      const p = pending.get(id);
      if (!p) return; // taken already: a repeated event, a duplicate completion
      pending.delete(id);
      fn(p);
    };
    const add = (task: ShardTask) =>
      queue.add('shard', { run, code, catalogue, task, sides } satisfies ShardJob, {
        jobId: jobId(run, task.shardIndex),
        attempts: 1,
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      });
    /** Looks at a job in Redis and acts on its state; `firstLook`: this submitter's first (a failed job is tried again). */
    const look = async (id: string, firstLook: boolean): Promise<void> => {
      const p = pending.get(id);
      if (!p || p.busy) return;
      p.busy = true;
      try {
        const state = await queue.getJobState(id);
        if (state === 'completed') {
          const job = (await queue.getJob(id)) as Job<ShardJob, ShardResult> | undefined;
          if (job?.returnvalue) settle(id, (q) => q.resolve(job.returnvalue));
        } else if (state === 'failed') {
          const job = await queue.getJob(id);
          // A game that threw would throw again (a shard is deterministic): only a job that
          // failed for another reason (a worker that died with it, or refused it) is tried again.
          if (firstLook && job && !job.failedReason?.includes(`\n${FAILURE_MARK}`)) await job.retry('failed');
          else settle(id, (q) => q.reject(failureOf(job?.failedReason ?? 'failed', q.task)));
        } else if (state === 'unknown') {
          await add(p.task); // lost (a Redis restarted without its data): played again
        }
      } finally {
        p.busy = false;
      }
    };
    events.on('completed', ({ jobId: id }) => void look(id, false).catch(() => {}));
    events.on('failed', ({ jobId: id }) => void look(id, false).catch(() => {}));
    // Every job is looked at again when Redis comes back (it may have lost them, and their
    // events), and every FULL_SWEEP_MS anyway (a restart too quick to be noticed).
    let lastSweep = performance.now();
    const lookAll = () => {
      lastSweep = performance.now();
      for (const id of pending.keys()) void look(id, false).catch(() => {});
    };
    const sweep = setInterval(() => {
      if (down) {
        // Any command answering means Redis is back.
        void queue.getJobCounts('wait').then(() => {
          if (!down) return;
          notes.onNote?.(`Redis at ${target.shown} is back`);
          down = false;
          lookAll();
        }, () => {});
      } else if (performance.now() - lastSweep >= FULL_SWEEP_MS) lookAll();
    }, SWEEP_MS);
    notes.onNote?.(`submitting ${tasks.length.toLocaleString('en')} shards (run ${run}) to ${target.shown}; \`lab worker --queue ${target.shown}\` plays them`);

    return {
      inFlight: IN_FLIGHT,
      run: (task) =>
        new Promise<ShardResult>((resolve, reject) => {
          const id = jobId(run, task.shardIndex);
          pending.set(id, { task, resolve, reject, busy: false });
          add(task).then(() => look(id, true)).catch((err: unknown) => settle(id, (q) => q.reject(err)));
        }),
      destroy: async (finished) => {
        clearInterval(sweep);
        for (const [id, p] of pending) settle(id, () => p.reject(new SimulationError('interrupted')));
        try {
          // Every result is merged and about to be written: the run's jobs are of no more use.
          if (finished) await Promise.all(tasks.map((t) => queue.remove(jobId(run, t.shardIndex)).catch(() => 0)));
        } finally {
          await Promise.allSettled([events.close(), queue.close()]);
        }
      },
    };
  };
}
