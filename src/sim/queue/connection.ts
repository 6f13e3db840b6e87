// Where the queue lives: a redis:// URL, checked before anything is submitted, and the
// connection options BullMQ's clients share (commands wait while Redis restarts, not fail).
// BullMQ and ioredis load when a queue is first used (about 0.5 s and 30 MB): a run without
// --queue never pays for them.
import type { ConnectionOptions, Queue, QueueEvents } from 'bullmq';
import type { RedisOptions } from 'ioredis';

/** The queue of shard jobs and the queue of scheduled nightlies (BullMQ's default key prefix). */
export const SHARD_QUEUE = 'lab-shards';
export const NIGHTLY_QUEUE = 'lab-nightly';

/** Bad input about the queue (its URL, Redis unreachable, a schedule): the CLI exits 2 with it. */
export class QueueInputError extends Error {}

/**
 * The threads a queued run's shards are sized for (RunSpec.planThreads), whatever the
 * submitter's --workers: the same command gives the same shards, hence the same job ids,
 * from any machine.
 */
export const QUEUE_PLAN_THREADS = 8;

export interface QueueTarget {
  /** The URL as given. */
  url: string;
  /** The URL with any password masked, for messages. */
  shown: string;
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
}

/** redis://[user:password@]host[:port][/db] or rediss://… (TLS). */
export function parseQueueUrl(text: string, option = '--queue'): QueueTarget {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new QueueInputError(`${option}: "${text}" is not a URL (expected redis://HOST:PORT[/DB])`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new QueueInputError(`${option}: "${text}" is not a Redis URL (expected redis://HOST:PORT[/DB])`);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new QueueInputError(`${option}: "${text}" names no host (expected redis://HOST:PORT[/DB])`);
  const port = u.port === '' ? 6379 : Number(u.port);
  const path = u.pathname.replace(/^\//, '');
  if (!/^\d*$/.test(path) || Number(path) > 1_000_000) throw new QueueInputError(`${option}: "${text}": the database must be a number (redis://HOST:PORT/0)`);
  if (u.search || u.hash) throw new QueueInputError(`${option}: "${text}": no query or fragment expected (redis://HOST:PORT[/DB])`);
  const shown = u.password ? text.replace(`:${u.password}@`, ':***@') : text;
  return {
    url: text,
    shown,
    host,
    port,
    db: path === '' ? 0 : Number(path),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    tls: u.protocol === 'rediss:',
  };
}

function baseOptions(t: QueueTarget): RedisOptions {
  return { host: t.host, port: t.port, db: t.db, username: t.username, password: t.password, ...(t.tls ? { tls: {} } : {}) };
}

/**
 * BullMQ's connections: a command issued while Redis is down waits for the reconnection
 * (retried every second at most) instead of failing, so a restart loses nothing.
 */
export function connectionOptions(t: QueueTarget): ConnectionOptions {
  const { tls, ...rest } = baseOptions(t);
  return { ...rest, ...(tls ? { tls } : {}), maxRetriesPerRequest: null, retryStrategy: (n: number) => Math.min(100 * n, 1000) };
}

/** Connects once, with no retry, and checks the server is a Redis BullMQ runs on (5 or later). */
export async function probeRedis(t: QueueTarget, option = '--queue', timeoutMs = 5000): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis({ ...baseOptions(t), lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  let last: NodeJS.ErrnoException | null = null;
  client.on('error', (e: NodeJS.ErrnoException) => (last ??= e));
  try {
    await client.connect();
    const info = await client.info('server');
    const version = /redis_version:(\d+)/.exec(info)?.[1];
    if (version === undefined) throw new Error('the server there does not answer as Redis does');
    if (Number(version) < 5) throw new Error(`Redis ${version} is too old (5 or later)`);
  } catch (err) {
    // The socket's own error (ECONNREFUSED) says more than the command's ("Connection is closed").
    const e = last ?? (err as NodeJS.ErrnoException);
    throw new QueueInputError(`${option} ${t.shown}: cannot reach Redis (${e.code ?? e.message.split('\n')[0]})`);
  } finally {
    client.disconnect();
  }
}

/**
 * The queue's events from the present end of its event stream: every event after this
 * resolves is seen. (QueueEvents' default start, '$', is wherever the stream ends when its
 * first read reaches Redis, some time after waitUntilReady: an event in between, such as a
 * job finishing at once, would be lost.) `onError` is listened to from the start.
 */
export async function eventsFromNow(target: QueueTarget, queue: Queue, onError: (err: Error) => void): Promise<QueueEvents> {
  const { Redis } = await import('ioredis');
  const client = new Redis({ ...baseOptions(target), maxRetriesPerRequest: null, retryStrategy: (n: number) => Math.min(100 * n, 1000) });
  client.on('error', () => {}); // retried: the command waits for Redis
  let last: string;
  try {
    last = (await client.xrevrange(queue.keys.events!, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
  } finally {
    client.disconnect();
  }
  const { QueueEvents } = await import('bullmq');
  const events = new QueueEvents(queue.name, { connection: connectionOptions(target), lastEventId: last, prefix: queue.opts.prefix });
  events.on('error', onError);
  await events.waitUntilReady();
  return events;
}
