// A run's journal: every finished shard is appended to OUT/partial-run.jsonl as it comes in,
// so that a run stopped by Ctrl-C, a scheduler or a dying machine resumes where it stopped.
// Shards are deterministic (their seeds come from the pair index), so a resumed run writes
// exactly what an uninterrupted one would. Each entry is keyed by everything that decides its
// games (decks, bots, arm and its patches, seed, pairs, rows or not) and by the worker code:
// entries of another run or of older code match nothing and are played again.
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, fsync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import type { PackedEffects } from './card-effects.ts';
import type { ShardResult, ShardTask } from './shard.ts';

function base64OfInt32(a: Int32Array): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}
function int32FromBase64(text: string): Int32Array {
  const bytes = Buffer.from(text, 'base64');
  const out = new Int32Array(bytes.length >> 2);
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4)); // a copy: the decoded bytes need not be aligned
  return out;
}

export const JOURNAL_NAME = 'partial-run.jsonl';
/** 2: a shard's packed effect counts are base64 of their Int32Array; 1 (still read): a list of numbers. */
const FORMAT = 2;
const READ_FORMATS = [1, 2];

/** The worker code's fingerprint: a journal written by other code is not trusted. */
export function codeKey(workerBundle: string): string {
  return createHash('sha256').update(readFileSync(workerBundle)).digest('hex');
}

/**
 * A shard's identity: its games and the code that plays them. The shard's index is left out
 * (it follows the run's other arms and its worker count), so a rung run alone with --arm and
 * the whole ladder share their shards.
 */
export function shardKey(task: ShardTask, code: string): string {
  const { shardIndex: _index, ...games } = task;
  return createHash('sha256').update(code).update(JSON.stringify(games)).digest('hex');
}

interface Header {
  journal: number;
}

export interface JournalEntry {
  key: string;
  result: ShardResult;
}

/** fresh: no journal; resumed: some of its shards belong to this run; other-run: none do. */
export type JournalState = 'fresh' | 'resumed' | 'other-run';

/**
 * Hands each entry to `take`, which says whether the entry belongs to this run (one at a
 * time: a big run's rows need not all sit in memory).
 */
export async function readJournal(file: string, take: (e: JournalEntry) => boolean): Promise<JournalState> {
  if (!existsSync(file)) return 'fresh';
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let first = true;
  let taken = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A line cut short by a hard kill: the shard it held is simply played again.
      continue;
    }
    if (first) {
      first = false;
      if (!READ_FORMATS.includes((value as Partial<Header>).journal as number)) break;
      continue;
    }
    const entry = value as JournalEntry;
    const packed = entry.result?.agg?.packedEffects as (Omit<PackedEffects, 'data'> & { data: PackedEffects['data'] | string }) | undefined;
    if (packed && typeof packed.data === 'string') packed.data = int32FromBase64(packed.data);
    if (take(entry)) taken++;
  }
  lines.close();
  return taken > 0 ? 'resumed' : 'other-run';
}

/**
 * Appends finished shards. Each line is written at once (a killed process loses none); the
 * flush to the disk runs off the main thread, one at a time, the next one taking every line
 * written meanwhile: a flush takes milliseconds to tens of milliseconds on a busy disk, and a
 * main thread waiting on it hands the workers no new shard (they sat idle a tenth of a run).
 */
export class JournalWriter {
  private fd: number;
  /** A flush is running; lines were written since it began; close once it ends. */
  private flushing = false;
  private pending = false;
  private closeAfterFlush = false;

  /** `keep`: append to the journal read on resuming; otherwise start a new one. */
  constructor(readonly file: string, keep: boolean) {
    mkdirSync(dirname(file), { recursive: true });
    if (!keep) rmSync(file, { force: true });
    const fresh = !keep || !existsSync(file);
    this.fd = openSync(file, 'a');
    writeSync(this.fd, fresh ? `${JSON.stringify({ journal: FORMAT } satisfies Header)}\n` : '\n'); // '\n' ends a line a hard kill may have cut short
    fsyncSync(this.fd);
  }

  append(entry: JournalEntry): void {
    // The packed effect counts as base64 of their bytes: a fifth of the time of listing them.
    const agg = entry.result.agg, packed = agg.packedEffects;
    const line = packed && !Array.isArray(packed.data)
      ? { key: entry.key, result: { ...entry.result, agg: { ...agg, packedEffects: { ...packed, data: base64OfInt32(packed.data) } } } }
      : entry;
    writeSync(this.fd, `${JSON.stringify(line)}\n`);
    this.flush();
  }

  private flush(): void {
    if (this.flushing) {
      this.pending = true;
      return;
    }
    this.flushing = true;
    this.pending = false;
    const fd = this.fd;
    fsync(fd, () => {
      // A failed flush leaves the lines written: they are on the disk when the system is.
      this.flushing = false;
      if (!this.closeAfterFlush) {
        if (this.pending) this.flush();
        return;
      }
      try {
        if (this.pending) fsyncSync(fd); // the last lines, once
      } catch {
        // As above: written, if not yet on the disk.
      }
      closeSync(fd);
    });
  }

  close(): void {
    if (this.fd < 0) return;
    if (this.flushing) this.closeAfterFlush = true;
    else closeSync(this.fd);
    this.fd = -1;
  }

  /** Closes and deletes the journal (a game threw: its shards are of no use to a rerun). */
  remove(): void {
    this.close();
    rmSync(this.file, { force: true });
  }
}
