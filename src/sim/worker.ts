// The piscina worker: runs shards. The catalogue compiles once per worker (registry cache).
import { runShard, type ShardResult, type ShardTask } from './shard.ts';

export default function worker(task: ShardTask): ShardResult {
  return runShard(task);
}
