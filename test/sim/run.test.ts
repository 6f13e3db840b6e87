// The local thread pool of src/sim/run.ts: a thread is never terminated while Node still loads
// its module. On Node 20, terminating a thread in the middle of instantiating its ES module
// aborts the whole process ("IsGraphAsync must be used on an instantiated module"): a run that
// failed in its first shard, before the other thread was ready, died with a native stack
// instead of its one-line report. Each thread of the worker bundle says when it has loaded,
// and the pool's destroy waits for that (threadsLoaded).
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { threadsLoaded } from '../../src/sim/run.ts';
import { WORKER_LOADED } from '../../src/sim/shard.ts';
import { buildWorkerBundle, removeWorkerBundle } from '../../src/sim/worker-bundle.ts';

describe('threadsLoaded', () => {
  it('resolves at once when every thread has loaded or exited', async () => {
    const t0 = Date.now();
    await threadsLoaded([{ threadId: 4 }, { threadId: -1 }, { threadId: 7 }], new Set([4, 7]));
    expect(Date.now() - t0).toBeLessThan(10_000); // not the 60 s it gives a thread still loading
  });

  it('waits while a thread is still loading, and resolves once it has loaded', async () => {
    const loaded = new Set([4]);
    let resolvedWith = -1;
    setTimeout(() => loaded.add(9), 120);
    await threadsLoaded([{ threadId: 4 }, { threadId: 9 }], loaded).then(() => {
      resolvedWith = loaded.size;
    });
    expect(resolvedWith).toBe(2);
  });

  it('stops waiting for a thread that exits while loading', async () => {
    const thread = { threadId: 9 };
    setTimeout(() => {
      thread.threadId = -1;
    }, 120);
    const t0 = Date.now();
    await threadsLoaded([thread], new Set());
    expect(thread.threadId).toBe(-1);
    expect(Date.now() - t0).toBeLessThan(30_000); // not the 60 s it gives a thread still loading
  });
});

describe("the worker bundle's threads", () => {
  it('each post their threadId once their module has loaded', async () => {
    const bundle = await buildWorkerBundle('blue-rising');
    const pool = new Piscina({ filename: bundle, minThreads: 2, maxThreads: 2 });
    const posted = new Set<number>();
    pool.on('message', (m: Record<string, number>) => {
      if (WORKER_LOADED in m) posted.add(m[WORKER_LOADED]!);
    });
    try {
      await threadsLoaded(pool.threads, posted);
      const ids = pool.threads.map((t) => t.threadId);
      expect(ids).toHaveLength(2);
      expect([...posted].sort()).toEqual([...ids].sort());
    } finally {
      await pool.destroy();
      removeWorkerBundle(bundle);
    }
  });
});
