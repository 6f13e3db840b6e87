// `lab simulate`: seeded bot-versus-bot games on worker threads, paired seeds, streaming
// aggregates, CSV + summary.json + manifest.json.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { parseBotSpec, splitBotList } from '../../../bots/index.ts';
import { checkMode, loadDeckFile, type GameModule } from '../../core/module.ts';
import { gameModule } from '../../games/registry.ts';
import { gameOption, moduleOf } from '../game.ts';
import { armFolder, removePendingTemps } from '../../sim/output.ts';


/** The queue's executor, its module (BullMQ) loaded only when a run is queued. */
function queueExecutorOf(target: QueueTarget, notes: SubmitNotes): ExecutorFactory {
  return async (run) => (await import('../../sim/queue/submit.ts')).queueExecutor(target, notes)(run);
}
export { armFolder };
import type { Aggregate } from '../../sim/aggregate.ts';
import { oddGames } from '../../sim/experiment.ts';
import { JOURNAL_NAME } from '../../sim/journal.ts';
import { runSimulation, SimulationError, type ExecutorFactory, type RunHooks, type RunResult, type RunSpec, type SideSpec } from '../../sim/run.ts';
import { GameRowWriter, summarize, writeJson, writeTables } from '../../sim/write.ts';
import { UsageError, action, intOption } from '../errors.ts';
import { engineVersion, machine, sha256 } from '../manifest.ts';
import { makeProgress } from '../progress.ts';
import { catalogueSha256, checkSidesAgainst, loadCatalogue } from '../catalogue.ts';
import { prepareOutFolder } from '../out-folder.ts';
import { QUEUE_PLAN_THREADS, type QueueTarget } from '../../sim/queue/connection.ts';
import type { SubmitNotes } from '../../sim/queue/submit.ts';
import { QUEUE_HELP, queueTarget } from './worker.ts';
import { writeReport } from '../../report/report.ts';

export interface SimulateOptions {
  game?: string;
  deck?: string[];
  bots: string;
  mode?: string;
  games: string;
  seed: string;
  workers?: string;
  out: string;
  json?: boolean;
  gamesCsv?: boolean;
  quiet?: boolean;
  rule?: string[];
  pairings?: 'round-robin' | 'mirror';
  report?: boolean;
  fresh?: boolean;
  catalogue?: string;
  queue?: string;
}

/** Loads and checks the decks of the module's game; groups them by mode ("both": every mode of the game). */
export function loadSides(files: string[], mode: string | undefined, m: GameModule): { sides: SideSpec[]; modes: string[] } {
  if (files.length === 0) throw new UsageError('--deck: give at least one deck file');
  if (mode !== undefined && mode !== 'both') checkMode(m, mode);
  const decks = files.map((f) => ({ file: f, deck: loadDeckFile(m, f) }));
  const wanted = mode === undefined || mode === 'both' ? null : mode;
  for (const d of decks) {
    if (wanted && d.deck.mode !== wanted) throw new UsageError(`--deck ${d.file}: a ${d.deck.mode} deck, but --mode ${wanted} was asked`);
  }
  const seen = new Map<string, string>();
  for (const d of decks) {
    const key = `${d.deck.mode}\t${d.deck.name}`;
    if (seen.has(key)) throw new UsageError(`--deck ${d.file}: deck name "${d.deck.name}" is also the name of ${seen.get(key)} (names must differ)`);
    seen.set(key, d.file);
  }
  const modes = m.modes.map((x) => x.id).filter((x) => decks.some((d) => d.deck.mode === x));
  if (mode === 'both' && modes.length < m.modes.length) {
    const every = m.modes.length === 2 ? 'both modes' : `every mode of ${m.id} (${m.modes.map((x) => x.id).join(', ')})`;
    throw new UsageError(`--mode both: give decks of ${every} (got only ${modes.join(', ')} decks)`);
  }
  return { sides: decks.map((d) => ({ name: d.deck.name, mode: d.deck.mode, deck: d.deck.list, file: d.file })), modes };
}

export function parseBots(text: string, game?: string): [string, string] {
  const specs = splitBotList(text).map((s) => parseBotSpec(s, game).text);
  if (specs.length === 1) return [specs[0]!, specs[0]!];
  if (specs.length !== 2) throw new UsageError(`--bots: give one bot or two, comma-separated (got ${specs.length})`);
  return [specs[0]!, specs[1]!];
}

/**
 * Removes what an earlier run left in the same folder and this one did not write (a
 * games.csv, the tables of arms that are gone), so a folder never mixes two runs.
 */
function removeStaleOutputs(out: string, wroteGames: boolean, armFolders: string[]): void {
  if (!wroteGames) rmSync(join(out, 'games.csv'), { force: true });
  // An experiment's tables are per arm; a plain run has no differences.
  const stale = armFolders.length > 0 ? ['cards.csv', 'decks.csv', 'matchups.csv', 'deck_matchups.csv', 'modes.csv'] : ['differences.csv'];
  for (const f of stale) rmSync(join(out, f), { force: true });
  const armsDir = join(out, 'arms');
  if (!existsSync(armsDir)) return;
  for (const f of readdirSync(armsDir)) {
    if (!armFolders.includes(f)) rmSync(join(armsDir, f), { recursive: true, force: true });
  }
  if (armFolders.length === 0) rmSync(armsDir, { recursive: true, force: true });
}

/**
 * A report describes one run: an earlier run's goes just before the new results land (renamed
 * away first, so it vanishes at once, then deleted). A run that fails before this point
 * leaves the earlier results and their report together.
 */
function removeOldReport(out: string): void {
  const report = join(out, 'report');
  if (!existsSync(report)) return;
  const old = `${report}.${process.pid}.old`;
  renameSync(report, old);
  rmSync(old, { recursive: true, force: true });
}

export function defaultWorkers(): number {
  return Math.max(1, os.availableParallelism());
}

/** Runs the spec, writes every output into `out`, returns the summary. */
export async function runAndWrite(
  spec: RunSpec,
  out: string,
  opts: {
    quiet?: boolean;
    label: string;
    command: string[];
    extra?: Record<string, unknown>;
    /** Derives more summary fields from the arms' aggregates (experiments: differences, sweeps). */
    onAggregates?: (aggs: Map<string, Aggregate>) => Record<string, unknown>;
    /** Play every game, setting aside the journal of an interrupted run. */
    fresh?: boolean;
    /** A designer's catalogue (--catalogue): its file and hash, for the manifest. */
    catalogue?: { file: string | null; sha256: string };
    /** --queue: the shards go to this Redis as jobs (lab worker plays them). */
    queue?: QueueTarget;
    /** Plays the spec another way (an experiment's stopping rule: in batches), else runSimulation. */
    run?: (spec: RunSpec, hooks: RunHooks) => Promise<RunResult>;
  },
): Promise<Record<string, unknown>> {
  const startedAt = new Date();
  const m = gameModule(spec.game);
  const progress = makeProgress(opts.label, Boolean(opts.quiet));
  const rowsWriter = spec.wantRows ? new GameRowWriter(join(out, 'games.csv'), m.words) : null;
  const journal = join(out, JOURNAL_NAME);
  let abort: (() => Promise<void>) | null = null;
  let interrupted = false;
  let gamesDone = 0;
  const keptInJournal = () => `the ${gamesDone.toLocaleString('en')} games played are kept in ${journal}: the same command resumes from there`;
  const onSigint = () => {
    interrupted = true;
    progress.stop();
    const kept = opts.queue ? `; the run's jobs stay on ${opts.queue.shown}: the same command picks them up` : gamesDone > 0 ? `; ${keptInJournal()}` : '';
    process.stderr.write(`lab: interrupted; no result file was written${kept}\n`);
    void (abort?.() ?? Promise.resolve()).finally(() => {
      removePendingTemps();
      process.exit(130);
    });
  };
  // Ctrl-C, or a scheduler's SIGTERM: stop the workers and leave no file behind.
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);
  // A queued run's shards are sized the same whatever this machine's --workers (QUEUE_PLAN_THREADS).
  const planned = opts.queue && spec.planThreads === undefined ? { ...spec, planThreads: QUEUE_PLAN_THREADS } : spec;
  let result;
  try {
    result = await (opts.run ?? runSimulation)(planned, {
      onProgress: (d, t, shard) => {
        gamesDone = d;
        progress.update(d, t, { where: shard.arm ? `arm ${shard.arm}, ${shard.mode}` : shard.mode, kind: shard.kind });
      },
      onPlan: (kinds) => progress.plan(kinds),
      onRows: rowsWriter ? (rows) => rowsWriter.write(rows) : undefined,
      onAbortable: (a) => (abort = a),
      journal,
      fresh: opts.fresh,
      executor: opts.queue ? queueExecutorOf(opts.queue, { onNote: opts.quiet ? undefined : (line) => process.stderr.write(`${opts.label}: ${line}\n`) }) : undefined,
      onJournal: (state, resumed, total) => {
        gamesDone = resumed;
        if (resumed > 0) progress.resumed(resumed);
        if (opts.quiet) return;
        if (state === 'resumed') process.stderr.write(`${opts.label}: resuming an interrupted run: ${resumed.toLocaleString('en')} of ${total.toLocaleString('en')} games taken from ${journal} (--fresh plays them again)\n`);
        if (state === 'other-run') process.stderr.write(`${opts.label}: ${journal} is the journal of another run (other decks, bots, options or code): set aside, every game is played\n`);
      },
    });
  } catch (err) {
    progress.stop();
    if (rowsWriter) await rowsWriter.close(false).catch(() => {});
    removePendingTemps();
    // Ctrl-C: the signal handler has said so and exits; nothing more to report.
    if (interrupted) await new Promise(() => {});
    // A worker that died (memory, a kill) leaves the journal: say that nothing played is lost.
    if (err instanceof SimulationError && !err.failure && gamesDone > 0 && existsSync(journal)) {
      throw new SimulationError(`${err.message}; ${keptInJournal()}`);
    }
    throw err;
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigint);
  }
  progress.stop();
  const endedAt = new Date();
  const arms = spec.arms.map((a) => a.label);
  const perArm: Record<string, unknown> = {};
  removeOldReport(out);
  for (const label of arms) {
    const agg = result.aggregates.get(label)!;
    const dir = arms.length === 1 && label === '' ? out : join(out, 'arms', armFolder(label));
    writeTables(dir, agg, m.words);
    perArm[label] = summarize(agg);
  }
  if (rowsWriter) await rowsWriter.close(true);
  removeStaleOutputs(out, spec.wantRows, arms.length === 1 && arms[0] === '' ? [] : arms.map(armFolder));
  const summary: Record<string, unknown> = {
    game: spec.game,
    seed: spec.seed,
    modes: spec.modes,
    decks: spec.sides.map((s) => ({ name: s.name, mode: s.mode })),
    // Each deck's list (card → copies), for the report's per-card drill-down.
    deckLists: spec.sides.map((s) => ({ name: s.name, mode: s.mode, cards: deckCopies(s.deck) })),
    bots: spec.bots,
    gamesPerPairing: spec.gamesPerPairing,
    games: result.games,
    ...(arms.length === 1 && arms[0] === '' ? (perArm[''] as object) : { arms: perArm }),
    ...(opts.extra ?? {}),
    ...(opts.onAggregates ? opts.onAggregates(result.aggregates) : {}),
  };
  writeJson(join(out, 'summary.json'), summary);
  const playedNow = result.games - result.resumedGames;
  writeJson(join(out, 'manifest.json'), {
    command: opts.command,
    config: {
      game: spec.game,
      modes: spec.modes,
      decks: spec.sides.map((s) => ({ name: s.name, mode: s.mode, file: s.file, sha256: s.file ? sha256(readFileSync(s.file, 'utf8')) : null })),
      bots: spec.bots,
      pairings: spec.pairingMode ?? 'round-robin',
      gamesPerPairing: spec.gamesPerPairing,
      // A designer's catalogue is named by its file and hash, not copied into each arm.
      arms: spec.arms.map((a) => (a.variant?.cards ? { ...a, variant: { ...a.variant, cards: `sha256 ${opts.catalogue?.file ? opts.catalogue.sha256 : catalogueSha256(a.variant.cards)}` } } : a)),
      gamesCsv: spec.wantRows,
    },
    masterSeed: spec.seed,
    engineVersion: engineVersion(),
    catalogueSha256: opts.catalogue?.file ? opts.catalogue.sha256 : m.catalogue.sha256(),
    ...(opts.catalogue?.file ? { catalogueFile: opts.catalogue.file } : {}),
    machine: machine(),
    workers: spec.workers,
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    // A resumed run: the time and speed are this session's, over the games it played itself.
    seconds: Math.round(result.seconds * 1000) / 1000,
    games: result.games,
    resumedGames: result.resumedGames,
    gamesPerSecond: Math.round(playedNow / result.seconds),
    // Peak resident memory of the whole process, worker threads included.
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  });
  rmSync(journal, { force: true });
  return summary;
}

/** A deck list's copies per card (every game's list has entries). */
function deckCopies(list: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of (list as { entries?: { name: string; count: number }[] }).entries ?? []) out[e.name] = (out[e.name] ?? 0) + e.count;
  return out;
}

export function simulateCommand(): Command {
  return new Command('simulate')
    .description('play seeded bot-versus-bot games on worker threads and write balance aggregates (CSV, summary.json, manifest.json)')
    .addOption(gameOption())
    .option('--deck <files...>', 'deck files (repeat --deck or list several; more than two: a round robin)')
    .option('--bots <list>', 'bots of the first and second deck of each pairing (one name for both)', 'random')
    .option('--mode <mode>', 'game mode, one of the game\'s (default: the decks\' own; both: each deck in its mode)')
    .option('--games <n>', 'games per pairing per mode, an even number (played in pairs, seats swapped)', '1000')
    .option('--seed <n>', 'master seed', '1')
    .option('--workers <n>', `worker threads (default: the cores, ${defaultWorkers()} here)`)
    .requiredOption('--out <dir>', 'output folder')
    .option('--json', 'print summary.json on stdout')
    .option('--games-csv', 'also write games.csv, one row per game (streamed)')
    .option('--quiet', 'no progress')
    .option('--rule <key=value>', 'override a rule knob of rules-options.ts (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--report', 'also write the HTML report (lab report) and print its path')
    .option('--fresh', `play every game even if the --out folder holds an interrupted run's journal (${JOURNAL_NAME}); by default the same command resumes it`)
    .option('--catalogue <file>', 'play with this card data file (a copy of the game\'s, e.g. src/games/blue-rising/catalogue/cards.json) instead of the shipped cards')
    .option('--queue <url>', QUEUE_HELP)
    .addOption(new Option('--pairings <kind>', 'round-robin: every pair of decks; mirror: each deck against itself (to compare bots)').choices(['round-robin', 'mirror']).default('round-robin'))
    .action(action(async (opts: SimulateOptions, cmd: Command) => {
      const m = moduleOf(opts);
      const { sides, modes } = loadSides(opts.deck ?? [], opts.mode, m);
      const cat = loadCatalogue(m, opts.catalogue);
      checkSidesAgainst(sides, cat);
      const games = intOption('--games', opts.games, 1000, 1, 1e9);
      const odd = oddGames(games);
      if (odd) throw new UsageError(`option --games: ${odd}`);
      const spec: RunSpec = {
        game: m.id,
        modes,
        sides,
        bots: parseBots(opts.bots, m.id),
        gamesPerPairing: games,
        seed: intOption('--seed', opts.seed, 1, 0, 2 ** 32 - 1),
        arms: [{
          label: '',
          variant: opts.rule?.length || cat.cards ? { ...(cat.cards ? { cards: cat.cards } : {}), ...(opts.rule?.length ? { rules: m.rules.parse(opts.rule) } : {}) } : undefined,
        }],
        workers: intOption('--workers', opts.workers, defaultWorkers(), 1, 256),
        wantRows: Boolean(opts.gamesCsv),
        pairingMode: opts.pairings,
      };
      const queue = opts.queue === undefined ? undefined : await queueTarget(opts.queue);
      const out = prepareOutFolder(opts.out, '--out');
      const summary = await runAndWrite(spec, out, { quiet: opts.quiet, fresh: opts.fresh, label: 'simulate', command: ['lab', ...process.argv.slice(2)], catalogue: cat, queue });
      void cmd;
      if (opts.report) await reportAfterRun(out, opts.quiet);
      if (opts.json) process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
      else {
        if (!opts.quiet) process.stdout.write(textSummary(summary));
        if (!opts.quiet) process.stderr.write(`wrote ${out}/{summary.json,manifest.json,cards.csv,decks.csv,matchups.csv,deck_matchups.csv,modes.csv${spec.wantRows ? ',games.csv' : ''}}\n`);
      }
    }));
}

export { SimulationError };

const pct = (x: unknown) => (typeof x === 'number' ? `${(100 * x).toFixed(1)}%` : '—');

/** A few lines a designer reads first: per mode, first-player advantage and the decks ranked. */
export function textSummary(summary: Record<string, unknown>): string {
  const modes = (summary.modes ?? []) as Record<string, number | string>[];
  const decks = (summary.decks ?? []) as Record<string, number | string>[];
  const lines: string[] = [];
  for (const m of modes) {
    lines.push(`${m.mode}: ${Number(m.games).toLocaleString('en')} games; first player wins ${pct(m.first_player_wr)} [${pct(m.first_player_wr_lo)}, ${pct(m.first_player_wr_hi)}]; draws ${pct(m.draw_rate)}; ${Number(m.mean_turns).toFixed(1)} turns on average`);
    const rows = decks.filter((d) => d.mode === m.mode).sort((a, b) => Number(b.wr) - Number(a.wr));
    const width = Math.max(...rows.map((d) => String(d.deck).length));
    for (const d of rows) lines.push(`  ${String(d.deck).padEnd(width)}  ${pct(d.wr).padStart(6)} [${pct(d.wr_lo)}, ${pct(d.wr_hi)}]  (${d.games} games)`);
  }
  return lines.join('\n') + '\n';
}

/** Writes DIR/report/index.html and says where it is (the last line a designer needs). */
export async function reportAfterRun(out: string, quiet?: boolean): Promise<void> {
  const r = await writeReport(out);
  if (!quiet) process.stderr.write(`report: ${r.html}\n`);
  else process.stdout.write(`${r.html}\n`);
}
