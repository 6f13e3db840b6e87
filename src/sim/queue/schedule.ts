// The nightly as a BullMQ job scheduler: registered once with a cron pattern, it adds a job to
// NIGHTLY_QUEUE at each tick; the worker that takes it runs `lab nightly` with the options
// registered, and that nightly's shards go to the shard queue like any submitted run.
import { CronExpressionParser } from 'cron-parser';
import { Queue } from 'bullmq';
import { NIGHTLY_QUEUE, QueueInputError, connectionOptions, type QueueTarget } from './connection.ts';

export interface NightlyJob {
  /** `lab nightly`'s options, less --queue and --schedule. */
  args: string[];
}

/** Checks a cron pattern (5 fields, or 6 with seconds first); returns its next tick. */
export function checkCron(pattern: string, option = '--schedule'): Date {
  const fields = pattern.trim().split(/\s+/);
  if (fields.length < 5 || fields.length > 6) throw new QueueInputError(`${option}: "${pattern}" is not a cron expression (5 fields, e.g. "0 2 * * *")`);
  try {
    return CronExpressionParser.parse(pattern, { strict: false }).next().toDate();
  } catch (err) {
    throw new QueueInputError(`${option}: "${pattern}" is not a cron expression (${(err as Error).message.split('\n')[0]})`);
  }
}

/** Registers (or updates) the game's nightly scheduler; returns its id and next run. */
export async function registerNightly(target: QueueTarget, game: string, pattern: string, args: string[]): Promise<{ id: string; next: Date }> {
  const next = checkCron(pattern);
  const queue = new Queue<NightlyJob>(NIGHTLY_QUEUE, { connection: connectionOptions(target) });
  queue.on('error', () => {});
  try {
    const id = `nightly-${game}`;
    await queue.upsertJobScheduler(id, { pattern }, { name: 'nightly', data: { args }, opts: { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } } });
    return { id, next };
  } finally {
    await queue.close();
  }
}

/** Removes the game's nightly scheduler; says whether there was one. */
export async function unregisterNightly(target: QueueTarget, game: string): Promise<boolean> {
  const queue = new Queue<NightlyJob>(NIGHTLY_QUEUE, { connection: connectionOptions(target) });
  queue.on('error', () => {});
  try {
    return await queue.removeJobScheduler(`nightly-${game}`);
  } finally {
    await queue.close();
  }
}
