// The piscina worker: runs shards. The catalogue compiles once per worker (registry cache).
import { isMainThread, parentPort, threadId } from 'node:worker_threads';
import { WORKER_LOADED, runShard, type ShardResult, type ShardTask } from './shard.ts';

export default function worker(task: ShardTask): ShardResult {
  return runShard(task);
}

// Loaded: tell the pool. A thread terminated while Node is still instantiating its module (a
// run that fails or ends before this thread is ready) aborts the whole process on Node 20, so
// the pool waits for this message before it terminates the thread (run.ts, localPool).
if (!isMainThread && parentPort) parentPort.postMessage({ [WORKER_LOADED]: threadId });
