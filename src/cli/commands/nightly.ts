// `lab nightly`: runs experiments/nightly.json into reports/nightly/YYYY-MM-DD/, writes its
// report with "what changed since last night" at the top, and (with --fail-on-flags) exits
// 1 when anything is flagged, for a scheduler.
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { gameModule } from '../../games/registry.ts';
import { gameOption } from '../game.ts';
import { atomicWrite, stableJson } from '../../sim/output.ts';
import { changesHtml, compareNightlies, previousNightly } from '../../report/nightly.ts';
import { writeReport } from '../../report/report.ts';
import { CheckFailed, UsageError, action, intOption } from '../errors.ts';
import { prepareOutFolder } from '../out-folder.ts';
import { experimentSpec } from './experiment.ts';
import { recheckAfterRun } from '../recheck.ts';
import { defaultWorkers, runAndWrite } from './simulate.ts';
import { QUEUE_HELP, queueTarget } from './worker.ts';
import { QueueInputError } from '../../sim/queue/connection.ts';
import { checkCron, registerNightly, unregisterNightly } from '../../sim/queue/schedule.ts';

/** `--schedule`: registers tonight's options (less --queue, --schedule and --date) as a job scheduler. */
async function scheduleNightly(pattern: string, queueUrl: string | undefined, game: string): Promise<void> {
  if (queueUrl === undefined) throw new UsageError('--schedule: give --queue redis://HOST:PORT too (the schedule lives in Redis)');
  if (pattern === 'off') {
    const t = await queueTarget(queueUrl);
    const had = await unregisterNightly(t, gameModule(game).id);
    process.stdout.write(had ? `removed nightly-${gameModule(game).id} from ${t.shown}\n` : `no nightly-${gameModule(game).id} on ${t.shown}\n`);
    return;
  }
  try {
    checkCron(pattern);
  } catch (err) {
    throw err instanceof QueueInputError ? new UsageError(err.message) : err;
  }
  const target = await queueTarget(queueUrl);
  const argv = process.argv.slice(process.argv.indexOf('nightly') + 1);
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (['--queue', '--schedule', '--date'].includes(a)) i++;
    else if (!/^--(queue|schedule|date)=/.test(a)) args.push(a);
  }
  const { id, next } = await registerNightly(target, gameModule(game).id, pattern, args);
  process.stdout.write(`registered ${id} on ${target.shown} at "${pattern}" (next: ${next.toISOString()}); a \`lab worker --queue ${target.shown}\` runs it\n`);
}

const NIGHTLY_FILE = 'experiments/nightly.json';
/** Blue Rising's nightly file, and each other game's experiments/<id>-nightly.json. */
const nightlyFile = (game: string) => (game === 'blue-rising' ? NIGHTLY_FILE : `experiments/${game}-nightly.json`);
/** The nightly file is sized for this many minutes on the project's 2-core machine. */
const SIZED_FOR_MINUTES = 20;

function today(): string {
  const d = new Date();
  const z = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${z(d.getMonth() + 1)}-${z(d.getDate())}`;
}

export function nightlyCommand(): Command {
  return new Command('nightly')
    .description('run experiments/nightly.json into a dated folder, report it, and say what changed since the latest earlier nightly')
    .option('--out <dir>', 'the folder holding the dated nightly folders', 'reports/nightly')
    .option('--budget-minutes <m>', `scale the game counts to fit M minutes (the file is sized for ${SIZED_FOR_MINUTES})`)
    .option('--fail-on-flags', 'exit 1 when any card or deck is flagged')
    .option('--date <yyyy-mm-dd>', 'the folder name (default: today)')
    .addOption(gameOption())
    .option('--file <experiment>', `the nightly experiment file (default: ${NIGHTLY_FILE}, or experiments/<game>-nightly.json)`)
    .option('--workers <n>', `worker threads (default: the cores, ${defaultWorkers()} here)`)
    .option('--quiet', 'no progress')
    .option('--fresh', 'play every game even if tonight\'s folder holds an interrupted run\'s journal; by default the same command resumes it')
    .option('--queue <url>', QUEUE_HELP)
    .option('--schedule <cron>', 'with --queue: register this nightly as a job scheduler (e.g. "0 2 * * *"; off: remove it); a `lab worker` takes it at each tick and writes the dated report')
    .action(action(async (opts: { game: string; out: string; budgetMinutes?: string; failOnFlags?: boolean; date?: string; file?: string; workers?: string; quiet?: boolean; fresh?: boolean; queue?: string; schedule?: string }) => {
      if (opts.schedule !== undefined) return scheduleNightly(opts.schedule, opts.queue, opts.game);
      const queue = opts.queue === undefined ? undefined : await queueTarget(opts.queue);
      const date = opts.date ?? today();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UsageError(`--date: expected YYYY-MM-DD, got "${date}"`);
      const workers = intOption('--workers', opts.workers, defaultWorkers(), 1, 256);
      const minutes = opts.budgetMinutes === undefined ? SIZED_FOR_MINUTES : intOption('--budget-minutes', opts.budgetMinutes, SIZED_FOR_MINUTES, 1, 24 * 60);
      const m = gameModule(opts.game);
      const { spec, exp, catalogue, recheck } = experimentSpec(opts.file ?? nightlyFile(m.id), workers, false, m.id);
      // Game counts scale with the budget (pairs of games: at least one pair per pairing).
      const scale = (g: number) => Math.max(2, 2 * Math.round((g * minutes) / SIZED_FOR_MINUTES / 2));
      spec.gamesPerPairing = scale(spec.gamesPerPairing);
      for (const arm of spec.arms) if (arm.gamesPerPairing !== undefined) arm.gamesPerPairing = scale(arm.gamesPerPairing);
      const root = resolve(opts.out);
      const dir = prepareOutFolder(join(opts.out, date), '--out');
      await runAndWrite(spec, dir, {
        quiet: opts.quiet,
        fresh: opts.fresh,
        label: `nightly ${date}`,
        command: ['lab', ...process.argv.slice(2)],
        catalogue,
        queue,
        extra: { experiment: exp.name, description: exp.description ?? null, band: exp.band ?? null, patchedCards: [], budgetMinutes: minutes },
      });
      // Tonight's top findings again with the stronger bot, its games scaled with the rest.
      await recheckAfterRun(spec, recheck && { ...recheck, games: scale(recheck.games) }, dir, { quiet: opts.quiet, fresh: opts.fresh, label: `nightly ${date}: recheck` });
      // The catalogue as it was tonight (the nightly file's own, if it names one), so tomorrow can say which cards changed.
      atomicWrite(join(dir, 'catalogue.json'), stableJson(catalogue.cards ?? m.catalogue.cards()));
      const changes = compareNightlies(previousNightly(root, date), dir);
      atomicWrite(join(dir, 'changes.json'), stableJson(changes));
      const r = await writeReport(dir, { preface: { id: 'changes', title: 'What changed since last night', html: changesHtml(changes) } });
      const flagged = Object.values(r.flaggedByArm).reduce((a, f) => a + f.length, 0);
      process.stdout.write(`${r.html}\n`);
      if (!opts.quiet) {
        process.stderr.write(`${changes.previous ? `${changes.moved.length} rates moved since ${changes.previous}` : 'first nightly here'}; ${flagged} flagged\n`);
      }
      if (opts.failOnFlags && flagged > 0) throw new CheckFailed(`${flagged} card${flagged > 1 ? 's or decks' : ' or deck'} flagged (see ${r.html})`);
    }));
}
