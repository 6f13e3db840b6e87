// Runs a simulation: plans pairings and shards, runs the shards on piscina worker threads,
// merges their partial aggregates (order-independent sums) and hands game rows to a sink in
// plan order, so every output is the same on any number of workers.
import { Piscina } from 'piscina';
import { hashString } from '../core/seeds.ts';
import { isSearchBot } from '../../bots/index.ts';
import type { Variant } from '../games/registry.ts';
import { buildWorkerBundle, removeWorkerBundle } from './worker-bundle.ts';
import { PairCodeStore, emptyAggregate, mergeInto, type Aggregate } from './aggregate.ts';
import { EffectSums } from './card-effects.ts';
import { JournalWriter, codeKey, readJournal, shardKey, type JournalState } from './journal.ts';
import { FAILURE_MARK, WORKER_LOADED, type GameFailureInfo, type GameRow, type ShardResult, type ShardTask } from './shard.ts';

export interface SideSpec {
  name: string;
  mode: string;
  /** The deck list, opaque here (the registry's game reads it). */
  deck: unknown;
  /** Where it was read from, for replay commands. */
  file: string | null;
}

export interface ArmSpec {
  label: string;
  variant?: Variant;
  description?: string;
  /** The arm's own bots (a strength ladder's rung), else the run's. */
  bots?: [string, string];
  /** The arm's own games per pairing (a slow bot's arm), else the run's. */
  gamesPerPairing?: number;
  /**
   * Only the pairings where one of these decks ("mode\tname") plays (an ablation arm: the
   * other pairings' games would be the base's own, so they are not played again).
   */
  onlyDecks?: string[];
}

export interface RunSpec {
  game: string;
  modes: string[];
  sides: SideSpec[];
  /** Bots of the pairing's first and second deck. */
  bots: [string, string];
  /** Games per pairing per mode (even: played as pairs with seats swapped). */
  gamesPerPairing: number;
  seed: number;
  arms: ArmSpec[];
  workers: number;
  wantRows: boolean;
  /** Pairs of games per shard. */
  shardPairs?: number;
  /**
   * The threads the shards are sized for, when not `workers`: a run submitted to a queue is
   * planned for QUEUE_PLAN_THREADS whatever the submitter's --workers, so that the same
   * command gives the same jobs from any machine.
   */
  planThreads?: number;
  /** round-robin: every pair of the mode's decks; mirror: each deck against itself (bot ladders). */
  pairingMode?: 'round-robin' | 'mirror';
  /** The first pair index played (a batch of a run with a stopping rule); 0 by default. */
  firstPair?: number;
}

export interface Pairing {
  mode: string;
  a: SideSpec;
  b: SideSpec;
  key: number;
}

/** Every pair of the mode's decks (a round robin; one deck plays itself). */
export function pairings(spec: RunSpec): Pairing[] {
  const out: Pairing[] = [];
  for (const mode of spec.modes) {
    const sides = spec.sides.filter((s) => s.mode === mode);
    if (spec.pairingMode === 'mirror') {
      for (const d of sides) out.push({ mode, a: d, b: d, key: hashString(`${mode}\t${d.name}\t${d.name}`) });
      continue;
    }
    if (sides.length === 1) out.push({ mode, a: sides[0]!, b: sides[0]!, key: hashString(`${mode}\t${sides[0]!.name}\t${sides[0]!.name}`) });
    for (let i = 0; i < sides.length; i++) {
      for (let j = i + 1; j < sides.length; j++) {
        // The seed stream of a pairing depends on its decks' names only (all arms share it).
        out.push({ mode, a: sides[i]!, b: sides[j]!, key: hashString(`${mode}\t${sides[i]!.name}\t${sides[j]!.name}`) });
      }
    }
  }
  return out;
}

/** Pairs per shard when an arm's bots search. */
const SEARCH_SHARD_PAIRS = 2;
/**
 * Pairs per shard of a big run's bulk (random play: about half a second a shard). A shard costs
 * about 1 ms of its worker's time and 2 ms of the main thread's (counts, copy, journal line,
 * merge) whatever its games: a million-game run of 1000-pair shards spent a second on them.
 */
const BIG_SHARD_PAIRS = 2000;

export function planTasks(spec: RunSpec): ShardTask[] {
  const pairsOf = (arm: ArmSpec) => Math.ceil((arm.gamesPerPairing ?? spec.gamesPerPairing) / 2);
  // Shards of up to 250 pairs, smaller when the run is small, so every worker has work
  // (results do not depend on the shard size: seeds come from the pair index). A big run's
  // shards are up to BIG_SHARD_PAIRS pairs while more than 8 shards per thread are left, then
  // shrink back to that size: a shard's counts, message, merge and journal line cost the
  // same whatever its games, and the last shards stay small so no thread waits long at the end.
  const threads = spec.planThreads ?? spec.workers;
  const totalPairs = spec.arms.reduce((a, arm) => a + pairsOf(arm) * pairings(spec).length, 0);
  const shardPairs = spec.shardPairs ?? Math.max(1, Math.min(250, Math.ceil(totalPairs / (threads * 8))));
  let left = totalPairs;
  const tasks: ShardTask[] = [];
  for (const arm of spec.arms) {
    const pairsPerPairing = pairsOf(arm);
    // A searching bot's game takes seconds: small shards keep progress and the two cores busy.
    const search = (arm.bots ?? spec.bots).some(isSearchBot);
    const armShardPairs = spec.shardPairs ?? (search ? Math.min(shardPairs, SEARCH_SHARD_PAIRS) : shardPairs);
    const first = spec.firstPair ?? 0;
    for (const p of pairings(spec)) {
      if (arm.onlyDecks && !arm.onlyDecks.includes(`${p.mode}\t${p.a.name}`) && !arm.onlyDecks.includes(`${p.mode}\t${p.b.name}`)) {
        left -= pairsPerPairing;
        continue;
      }
      for (let start = first, size = armShardPairs; start < first + pairsPerPairing; start += size) {
        size = spec.shardPairs !== undefined || search ? armShardPairs : Math.max(armShardPairs, Math.min(BIG_SHARD_PAIRS, Math.ceil(left / (threads * 8))));
        left -= Math.min(size, first + pairsPerPairing - start);
        tasks.push({
          shardIndex: tasks.length,
          game: spec.game,
          mode: p.mode,
          decks: [p.a.deck, p.b.deck],
          deckNames: [p.a.name, p.b.name],
          bots: arm.bots ?? spec.bots,
          variant: arm.variant,
          arm: arm.label,
          masterSeed: spec.seed,
          pairingKey: p.key,
          pairStart: start,
          pairCount: Math.min(size, first + pairsPerPairing - start),
          wantRows: spec.wantRows,
        });
      }
    }
  }
  return tasks;
}

export class SimulationError extends Error {
  constructor(message: string, readonly failure?: GameFailureInfo) {
    super(message);
  }
}

export interface RunHooks {
  /** After each shard: the games done, of how many, and the arm, mode and kind of game (progressKind) of the shard just finished. */
  onProgress?: (gamesDone: number, gamesTotal: number, shard: { arm: string; mode: string; kind: string }) => void;
  /** Before any game: the games left to play by kind (progressKind), for an ETA. */
  onPlan?: (kinds: { kind: string; games: number }[]) => void;
  /** Rows of each shard, in plan order. */
  onRows?: (rows: GameRow[]) => void;
  /** Gets a function that stops the run (Ctrl-C). */
  onAbortable?: (abort: () => Promise<void>) => void;
  /**
   * A journal file (journal.ts): finished shards are appended to it, and the shards it already
   * holds for this very run are not played again. Left in place when the run ends: the caller
   * removes it once the results are written.
   */
  journal?: string;
  /** Set aside any journal and play every game. */
  fresh?: boolean;
  /** Told, before any game, whether the run resumes and how many games it takes from the journal. */
  onJournal?: (state: JournalState, gamesResumed: number, gamesTotal: number) => void;
  /** Plays the shards elsewhere (src/sim/queue: as jobs on Redis) instead of on this machine's threads. */
  executor?: ExecutorFactory;
}

/** Where shards are played: this machine's thread pool, or a queue other machines take them from. */
export interface ShardExecutor {
  run(task: ShardTask): Promise<ShardResult>;
  /** Shards handed over at once. */
  inFlight: number;
  /** Stops (Ctrl-C, a failure: `finished` false) or ends a run whose shards are all merged (true). */
  destroy(finished: boolean): Promise<void>;
}
/** `fresh`: --fresh was given (results kept from an earlier session are not to be taken). */
export type ExecutorFactory = (run: { spec: RunSpec; tasks: ShardTask[]; code: string; fresh: boolean }) => Promise<ShardExecutor>;

/** This machine's worker threads (piscina), playing the worker bundle. */
export function localPool(bundle: string, workers: number): ShardExecutor {
  const pool = new Piscina<ShardTask, ShardResult>({
    filename: bundle,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    // Keep the queue short: shards are submitted as workers free up (flat memory).
    maxQueue: 'auto',
    // Games allocate little that lives: a young generation of 2 MB semi-spaces keeps each
    // thread's RSS down (V8 grows them to 8 MB or more). Smaller ones scavenge too often: per
    // 22,000 random quick games, 13 scavenges by default, 28 with 2 MB, 58 with 1 MB.
    resourceLimits: { maxYoungGenerationSizeMb: 6 },
  });
  // When a shard fails the pool is destroyed while other shards may still answer; piscina
  // reports such late answers as 'error' events, which would crash the process with a
  // stack trace instead of the one-line report of the first failure.
  pool.on('error', () => {});
  // Threads whose module has loaded (worker.ts posts its threadId). Terminating a thread while
  // Node 20 still instantiates its module aborts the whole process ("IsGraphAsync must be used
  // on an instantiated module"): a run that fails, or ends, before a thread is ready would
  // then die with a native stack instead of its own report.
  const loaded = new Set<number>();
  pool.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && WORKER_LOADED in m) loaded.add((m as Record<string, number>)[WORKER_LOADED]!);
  });
  return {
    run: (task) => pool.run(task),
    inFlight: Math.max(2, workers * 2),
    destroy: async () => {
      await threadsLoaded(pool.threads, loaded);
      await pool.destroy();
    },
  };
}

/** How long destroy waits for a thread still loading; a thread that never loads (a hung import) is then terminated anyway. */
const LOAD_WAIT_MS = 60_000;

/** Resolves once every thread has loaded its module (in `loaded`) or exited. */
export async function threadsLoaded(threads: readonly { threadId: number }[], loaded: ReadonlySet<number>): Promise<void> {
  const until = Date.now() + LOAD_WAIT_MS;
  // threadId is -1 once a thread has exited.
  while (!threads.every((t) => t.threadId === -1 || loaded.has(t.threadId)) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface RunResult {
  aggregates: Map<string, Aggregate>;
  games: number;
  /** Of those, games taken from the journal of an interrupted run. */
  resumedGames: number;
  seconds: number;
  tasks: number;
}


export async function runSimulation(spec: RunSpec, hooks: RunHooks = {}): Promise<RunResult> {
  const tasks = planTasks(spec);
  const total = tasks.reduce((a, t) => a + 2 * t.pairCount, 0);
  const aggregates = new Map<string, Aggregate>(spec.arms.map((a) => [a.label, emptyAggregate()]));
  // The shards' effect counts are summed as numbers and keyed once, at the end.
  const effects = new Map<string, EffectSums>(spec.arms.map((a) => [a.label, new EffectSums()]));
  // Likewise the pair codes, kept in typed arrays and written into the aggregates at the end.
  const pairCodes = new Map<string, PairCodeStore>(spec.arms.map((a) => [a.label, new PairCodeStore()]));
  const started = performance.now();
  let done = 0;
  // A bundle of the run's game only, unless a queue plays it (its workers run every game's).
  const bundle = await buildWorkerBundle(hooks.executor ? undefined : spec.game);
  // Rows reach the sink in plan order: later shards wait in a small buffer.
  const waiting = new Map<number, GameRow[]>();
  let nextRows = 0;
  const flushRows = () => {
    while (waiting.has(nextRows)) {
      hooks.onRows?.(waiting.get(nextRows)!);
      waiting.delete(nextRows);
      nextRows++;
    }
  };
  const finish = (task: ShardTask, res: ShardResult) => {
    if (res.agg.packedEffects) {
      effects.get(task.arm)!.add(res.agg.packedEffects);
      delete res.agg.packedEffects;
    }
    pairCodes.get(task.arm)!.take(res.agg);
    mergeInto(aggregates.get(task.arm)!, res.agg);
    done += res.games;
    if (spec.wantRows) {
      waiting.set(task.shardIndex, res.rows ?? []);
      flushRows();
    }
  };
  // Shards an interrupted run already played (the journal's, when it is this run's).
  const played = new Set<number>();
  let journal: JournalWriter | null = null;
  const keys: string[] = [];
  const code = hooks.journal || hooks.executor ? codeKey(bundle) : '';
  if (hooks.journal) {
    for (const t of tasks) keys.push(shardKey(t, code));
    const byKey = new Map(tasks.map((t, i) => [keys[i]!, t]));
    let state: JournalState = 'fresh';
    if (!hooks.fresh) {
      state = await readJournal(hooks.journal, (e) => {
        const task = byKey.get(e.key);
        // Not this run's, or cut otherwise (another worker count): played again.
        if (!task || played.has(task.shardIndex)) return false;
        played.add(task.shardIndex);
        finish(task, e.result);
        return true;
      });
    }
    journal = new JournalWriter(hooks.journal, state === 'resumed');
    hooks.onJournal?.(state, done, total);
  }
  const resumedGames = done;
  let pool: ShardExecutor;
  try {
    pool = hooks.executor ? await hooks.executor({ spec, tasks, code, fresh: Boolean(hooks.fresh) }) : localPool(bundle, spec.workers);
  } catch (err) {
    journal?.close();
    removeWorkerBundle(bundle);
    throw err;
  }
  let aborted = false;
  hooks.onAbortable?.(async () => {
    aborted = true;
    await pool.destroy(false);
  });
  let finished = false;
  try {
    const toPlay = played.size ? tasks.filter((t) => !played.has(t.shardIndex)) : tasks;
    if (hooks.onPlan) {
      const kinds = new Map<string, number>();
      for (const t of toPlay) {
        const kind = progressKind(t);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 2 * t.pairCount);
      }
      hooks.onPlan([...kinds].map(([kind, games]) => ({ kind, games })));
    }
    let next = 0;
    const inFlight = new Set<Promise<void>>();
    const limit = pool.inFlight;
    const submit = (task: ShardTask) => {
      const p = pool.run(task).then(
        (res) => {
          journal?.append({ key: keys[task.shardIndex]!, result: res });
          finish(task, res);
          hooks.onProgress?.(done, total, { arm: task.arm, mode: task.mode, kind: progressKind(task) });
        },
        (err: unknown) => {
          throw err instanceof SimulationError ? err : describeFailure(err, task, spec);
        },
      );
      const tracked = p.finally(() => inFlight.delete(tracked));
      tracked.catch(() => {}); // the first failure is reported once, through the race below
      inFlight.add(tracked);
    };
    while (next < toPlay.length || inFlight.size > 0) {
      while (next < toPlay.length && inFlight.size < limit) submit(toPlay[next++]!);
      if (inFlight.size > 0) await Promise.race(inFlight);
    }
    finished = true;
  } catch (err) {
    if (aborted) throw new SimulationError('interrupted');
    // A game that throws fails again on resuming until the code changes, and changed code
    // sets the journal aside anyway: keep it only when a worker died (memory, a kill).
    if (err instanceof SimulationError && err.failure) journal?.remove();
    throw err;
  } finally {
    journal?.close();
    await pool.destroy(finished);
    removeWorkerBundle(bundle);
  }
  for (const [label, sums] of effects) sums.unpackInto(aggregates.get(label)!);
  for (const [label, codes] of pairCodes) codes.foldInto(aggregates.get(label)!);
  return { aggregates, games: done, resumedGames, seconds: (performance.now() - started) / 1000, tasks: tasks.length };
}

/** Games of one kind play at about one speed: the same mode and bots (arms that only patch cards or rules are alike). */
export function progressKind(t: ShardTask): string {
  return `${t.mode}\t${t.bots[0]},${t.bots[1]}`;
}

function shellQuote(s: string): string {
  return /^[\w./:=,@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A failed shard as one line: the game, its seed and the command that replays it (`spec`: its decks' files). */
export function describeFailure(err: unknown, task: ShardTask, spec: Pick<RunSpec, 'sides'>): SimulationError {
  const msg = err instanceof Error ? err.message : String(err);
  const at = msg.indexOf(FAILURE_MARK);
  if (at >= 0) {
    const info = JSON.parse(msg.slice(at + FAILURE_MARK.length)) as GameFailureInfo;
    const fileOf = (name: string) => spec.sides.find((s) => s.name === name && s.mode === info.mode)?.file ?? `<deck "${name}">`;
    const rules = Object.entries(task.variant?.rules ?? {}).flatMap(([k, v]) => ['--rule', `${k}=${v ?? ''}`]);
    const cmd = ['lab', 'replay', '--mode', info.mode, '--deck', fileOf(info.seatDecks[0]), '--deck', fileOf(info.seatDecks[1]),
      '--seed', String(info.seed), '--bots', `${info.seatBots[0]},${info.seatBots[1]}`, ...rules].map(shellQuote).join(' ');
    const arm = info.arm ? `arm "${info.arm}", ` : '';
    const variant = task.variant?.patches?.length ? ` (with this arm's card patches: ${JSON.stringify(task.variant.patches)})` : '';
    return new SimulationError(
      `a game failed: ${info.message} — ${arm}${info.mode} mode, ${info.seatDecks[0]} (seat 0) vs ${info.seatDecks[1]} (seat 1), pair ${info.pair}, seed ${info.seed}; reproduce with: ${cmd}${variant}`,
      info,
    );
  }
  return new SimulationError(
    `a worker died while playing ${task.mode} ${task.deckNames[0]} vs ${task.deckNames[1]}, pairs ${task.pairStart}–${task.pairStart + task.pairCount - 1}: ${msg.split('\n')[0]}`,
  );
}
