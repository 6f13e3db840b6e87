// `lab worker`: takes shard jobs (and scheduled nightlies) from a Redis queue and plays them
// on this machine's threads until stopped; SIGTERM lets the shards in hand finish, a second
// signal (or the grace running out) hands them back to the queue.
import { Command } from 'commander';
import { parseQueueUrl, probeRedis, QueueInputError, type QueueTarget } from '../../sim/queue/connection.ts';
import { UsageError, action, intOption } from '../errors.ts';
import { defaultWorkers } from './simulate.ts';

/** --queue's URL, parsed and reached once (bad URL or no Redis there: exit 2, one line). */
export async function queueTarget(text: string, option = '--queue'): Promise<QueueTarget> {
  try {
    const t = parseQueueUrl(text, option);
    await probeRedis(t, option);
    return t;
  } catch (err) {
    throw err instanceof QueueInputError ? new UsageError(err.message) : err;
  }
}

export const QUEUE_HELP = 'submit the run as jobs to this Redis (redis://HOST:PORT[/DB]) instead of playing it here; `lab worker` plays them, and this command waits, merges and writes the results';

export function workerCommand(): Command {
  return new Command('worker')
    .description('play the shards of runs submitted with --queue (and scheduled nightlies), on this machine\'s threads, until stopped')
    .requiredOption('--queue <url>', 'the Redis holding the jobs: redis://HOST:PORT[/DB]')
    .option('--workers <n>', `worker threads, also the shards taken at once (default: the cores, ${defaultWorkers()} here)`)
    .option('--grace-seconds <s>', 'on SIGTERM, how long the shards in hand may finish before going back to the queue', '20')
    .option('--quiet', 'only refusals and failures')
    .action(action(async (opts: { queue: string; workers?: string; graceSeconds: string; quiet?: boolean }) => {
      const workers = intOption('--workers', opts.workers, defaultWorkers(), 1, 256);
      const grace = intOption('--grace-seconds', opts.graceSeconds, 20, 0, 24 * 3600);
      const target = await queueTarget(opts.queue);
      const say = (line: string) => process.stderr.write(`lab worker: ${line}\n`);
      const log = opts.quiet ? (line: string) => (/^refused|failed/.test(line) ? say(line) : undefined) : say;
      // Signals are listened to before the worker starts: it may take a shard while it starts,
      // and a SIGTERM then must stop it as it would later, not kill it with the shard in hand.
      let early = 0;
      let onSignal = () => void early++;
      process.on('SIGTERM', () => onSignal());
      process.on('SIGINT', () => onSignal());
      const { startQueueWorker } = await import('../../sim/queue/worker.ts');
      const w = await startQueueWorker(target, { workers, log, progressMs: 10_000 });
      await new Promise<void>((resolve) => {
        let stopping = false;
        onSignal = () => {
          if (stopping) {
            say('handing the shards in hand back to the queue');
            w.release();
            return;
          }
          stopping = true;
          say(`stopping: the shards in hand finish (at most ${grace} s, then they go back to the queue; signal again to hand them back now)`);
          void w.close(grace * 1000).then(resolve, (err: unknown) => {
            say(`stopped with an error: ${(err as Error).message}`);
            resolve();
          });
        };
        for (let i = 0; i < early; i++) onSignal();
      });
      say('stopped');
      // Connections to a Redis that is gone keep reconnecting (and the process alive): the
      // worker has stopped, so the process ends here.
      process.exit(process.exitCode ?? 0);
    }));
}

export { UsageError };
