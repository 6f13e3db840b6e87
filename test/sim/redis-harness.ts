// The queue tests' harness: a real redis-server (Debian's, installed by .ci/run) on a free
// loopback port that keeps nothing on disk, and `lab worker` children whose exit code,
// signal and stderr are kept, to be printed when a test fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseQueueUrl, type QueueTarget } from '../../src/sim/queue/connection.ts';
import { SUITE_TIMEOUT_MS, spawnLab } from './helpers.ts';

export const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

/** Without redis-server (and without CI set) a queue test file is skipped, loudly. */
export function skipWithoutRedis(file: string): boolean {
  const skip = !REDIS && !process.env.CI;
  if (skip) {
    process.stderr.write(
      [
        '',
        `*** SKIPPED: ${file}, runs on a Redis queue: no redis-server at /usr/bin/redis-server.`,
        '*** Install it with `sudo apt-get install redis-server` (.ci/run does it), then run `npm test` again.',
        '*** With CI set, a missing redis-server fails this test instead.',
        '',
        '',
      ].join('\n'),
    );
  }
  return skip;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

/**
 * A worker lives through several tests, longer than the suite's timeout on a loaded
 * machine: its backstop (the kill of a child left behind by a hung test) is ten times that,
 * and the file's afterAll stops it long before.
 */
export const WORKER_BACKSTOP_MS = 10 * SUITE_TIMEOUT_MS;

export interface LabWorker {
  child: ChildProcess;
  stderr: string;
  /** When it was started (ms since the epoch). */
  started: number;
  /** How it ended, once it has: exit code or signal, and after how long. */
  exit: { code: number | null; signal: NodeJS.Signals | null; afterMs: number } | null;
  closed: Promise<void>;
}

export class RedisHarness {
  port = 0;
  target!: QueueTarget;
  private redis: ChildProcess | null = null;
  /** Every worker started, stopped at the end whatever failed (none outlives the file). */
  readonly workers: LabWorker[] = [];

  /** `dir`: redis-server's working folder (it writes nothing there). */
  constructor(private readonly dir: string) {}

  async start(): Promise<void> {
    if (this.port === 0) {
      this.port = await freePort();
      this.target = parseQueueUrl(`redis://127.0.0.1:${this.port}/0`);
    }
    const child = spawn(REDIS!, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.redis = child;
    let out = '';
    await new Promise<void>((res, rej) => {
      child.stdout!.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('Ready to accept connections')) res();
      });
      child.once('exit', (code) => rej(new Error(`redis-server exited ${code}: ${out}`)));
    });
  }

  /** SIGKILL: every job and result is lost. */
  async stop(): Promise<void> {
    const child = this.redis;
    this.redis = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((res) => {
      child.once('exit', () => res());
      child.kill('SIGKILL');
    });
  }

  /**
   * `lab worker --queue … --workers 1 [...args]`, once it has said it waits for shards (the
   * queue is empty when one starts); `ready` false: at once, while it starts (it takes the
   * shards waiting as soon as it can, before it says anything).
   */
  async startWorker(args: string[] = [], ready = true): Promise<LabWorker> {
    const started = Date.now();
    const child = await spawnLab(['worker', '--queue', this.target.url, '--workers', '1', ...args], { backstopMs: WORKER_BACKSTOP_MS });
    const w: LabWorker = { child, stderr: '', started, exit: null, closed: new Promise((res) => child.once('close', () => res())) };
    this.workers.push(w);
    child.once('exit', (code, signal) => (w.exit = { code, signal, afterMs: Date.now() - started }));
    child.stdout.resume();
    const waiting = new Promise<void>((res, rej) => {
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        w.stderr += d;
        if (w.stderr.includes('is empty: waiting for shards')) res();
      });
      child.once('close', (code, signal) => rej(new Error(`lab worker exited (code ${code}, signal ${signal}) before it waited for shards: ${w.stderr}`)));
    });
    waiting.catch(() => {}); // not waited for when `ready` is false
    if (ready) await waiting;
    return w;
  }

  async stopWorker(w: LabWorker, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill(signal);
    await w.closed;
  }

  /** Other `lab` children's stderr, for story(). */
  readonly others: { name: string; stderr: () => string }[] = [];

  /** What became of every worker so far: printed when a test fails, which may well be why. */
  story(): string {
    return [...this.others.map((o) => `${o.name}'s stderr:\n${o.stderr().replace(/^/gm, '  | ')}`)].concat(this.workers
      .map((w) => {
        const fate = w.exit ? `exited (code ${w.exit.code}, signal ${w.exit.signal}) ${(w.exit.afterMs / 1000).toFixed(1)} s after its start` : `alive ${((Date.now() - w.started) / 1000).toFixed(1)} s after its start`;
        return `lab worker pid ${w.child.pid}: ${fate}; its stderr:\n${w.stderr.replace(/^/gm, '  | ')}`;
      }))
      .join('\n');
  }

  /** Stops (SIGKILL) every worker still alive: after each test, so that none holds a `lab` slot into the next. */
  async killWorkers(): Promise<void> {
    await Promise.all(this.workers.map((w) => this.stopWorker(w, 'SIGKILL')));
  }

  /** Stops every worker (SIGKILL) and Redis. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => this.stopWorker(w, 'SIGKILL')));
    await this.stop();
  }
}
