// `lab nightly`: runs experiments/nightly.json into reports/nightly/YYYY-MM-DD/, rechecks its
// top findings with a stronger bot, measures the game's opening variants and screens a fix for
// its top flagged cards (each on a share of its base arm's games), writes its report with "what
// changed since last night" at the top, and (with --fail-on-flags) exits 1 when anything is
// flagged, for a scheduler.
import { rmSync } from 'node:fs';
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
import { pairings, type RunSpec } from '../../sim/run.ts';
import { ruleItems } from '../../sim/experiment.ts';
import { runOpeningVariants, skippedVariants, writeVariants, type VariantsResult } from '../../sim/opening.ts';
import { assessArm } from '../../report/flags.ts';
import { loadResults } from '../../report/summary.ts';
import type { GameModule, OpeningHook } from '../../core/module.ts';
import { makeProgress } from '../progress.ts';
import { FIX_VALUES_PLANNED, suggestFixes } from './fix.ts';
import { FIXES_FILE } from '../../report/fixes.ts';

/** `--schedule`: registers tonight's options (less --queue, --schedule and --date) as a job scheduler. */
async function scheduleNightly(pattern: string, queueUrl: string | undefined, game: string): Promise<void> {
  if (queueUrl === undefined) throw new UsageError('--schedule: give --queue redis://HOST:PORT too (the schedule lives in Redis)');
  const { checkCron, registerNightly, unregisterNightly } = await import('../../sim/queue/schedule.ts');
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

/** Shares of the nightly's base-arm games given to the opening variants and to the fix screen. */
export const VARIANT_SHARE = 0.1;
export const FIX_SHARE = 0.1;
/** Flagged cards the fix screen searches, most significant first. */
export const FIX_TOP = 2;

/** A share of games: a number in [0, 1] (0: the part is not played). */
function shareOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const x = Number(value);
  if (!/^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value) || !(x >= 0 && x <= 1)) throw new UsageError(`option ${name}: expected a share of games between 0 and 1, got "${value}"`);
  return x;
}

/** Games of the nightly's base arm (the share the variants and the fixes are sized from). */
export const baseGames = (spec: RunSpec) => spec.gamesPerPairing * pairings(spec).length;

/** The game's opening variants with their knobs checked by its own rules hook (a bad declaration names itself). */
function checkedOpening(m: GameModule): OpeningHook | undefined {
  const o = m.rules.opening;
  if (!o) return undefined;
  const parse = (rules: Record<string, unknown>, where: string) => {
    try {
      return m.rules.parse(ruleItems(rules as Parameters<typeof ruleItems>[0]));
    } catch (e) {
      throw new Error(`${m.id}: rules.opening ${where}: ${(e as Error).message}`);
    }
  };
  const variants = o.variants.map((v) => ({ ...v, rules: parse(v.rules, v.name) }));
  if (o.sweep) for (const v of o.sweep.values) parse({ [o.sweep.rule]: v }, `sweep ${o.sweep.rule}=${v}`);
  return { ...o, variants };
}

/** Tonight's opening variants (or why none), on a share of the base arm's games. */
async function nightlyVariants(m: GameModule, spec: RunSpec, share: number, opts: { quiet?: boolean; label: string }): Promise<VariantsResult> {
  const opening = checkedOpening(m);
  if (!opening) return skippedVariants(`${m.title} declares no opening knobs (its module has no rules.opening): the nightly measures no rule variant for it.`, share);
  if (share === 0) return skippedVariants('Not played tonight (--variant-share 0).', share);
  const baseRules = (spec.arms[0]?.variant?.rules ?? {}) as Record<string, unknown>;
  const baseValueOf = (rule: string) => {
    const v = baseRules[rule] ?? m.rules.knobs().find((k) => k.key === rule)?.default;
    return typeof v === 'number' ? v : NaN;
  };
  const progress = makeProgress(opts.label, Boolean(opts.quiet));
  try {
    return await runOpeningVariants(spec, opening, baseValueOf, share, {
      onProgress: (d, t, shard) => progress.update(d, t, { where: `${shard.arm}, ${shard.mode}`, kind: shard.kind }),
      onPlan: (kinds) => progress.plan(kinds),
    });
  } finally {
    progress.stop();
  }
}

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
    .option('--variant-share <s>', `share of the base arm's games played by the game's opening variants (0: none)`, String(VARIANT_SHARE))
    .option('--fix-share <s>', `share of the base arm's games the fix screen of the top ${FIX_TOP} flagged cards plays (0: none)`, String(FIX_SHARE))
    .option('--schedule <cron>', 'with --queue: register this nightly as a job scheduler (e.g. "0 2 * * *"; off: remove it); a `lab worker` takes it at each tick and writes the dated report')
    .action(action(async (opts: { game: string; out: string; budgetMinutes?: string; failOnFlags?: boolean; date?: string; file?: string; workers?: string; quiet?: boolean; fresh?: boolean; queue?: string; schedule?: string; variantShare?: string; fixShare?: string }) => {
      if (opts.schedule !== undefined) return scheduleNightly(opts.schedule, opts.queue, opts.game);
      const queue = opts.queue === undefined ? undefined : await queueTarget(opts.queue);
      const date = opts.date ?? today();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UsageError(`--date: expected YYYY-MM-DD, got "${date}"`);
      const workers = intOption('--workers', opts.workers, defaultWorkers(), 1, 256);
      const variantShare = shareOption('--variant-share', opts.variantShare, VARIANT_SHARE);
      const fixShare = shareOption('--fix-share', opts.fixShare, FIX_SHARE);
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
      // The game's opening variants on a share of the base arm's games, the same seed pairs in every arm.
      const variants = await nightlyVariants(m, spec, variantShare, { quiet: opts.quiet, label: `nightly ${date}: opening variants` });
      writeVariants(dir, variants);
      // A fix screen for the top flagged cards, on a share of the base arm's games.
      const results = loadResults(dir);
      const flaggedTonight = assessArm(results.tables.get(results.arms[0]!)!, results.arms[0]!, results.band).flagged;
      if (fixShare > 0) {
        const budget = Math.round(fixShare * baseGames(spec));
        await suggestFixes(dir, flaggedTonight, {
          games: 2, workers, quiet: opts.quiet, top: FIX_TOP, budgetGames: budget,
          screen: `the nightly's ${FIX_TOP} most significant flagged cards searched with ${Math.round(100 * fixShare)}% of its base arm's games (${budget.toLocaleString('en')}) shared between them, each search sized for about ${FIX_VALUES_PLANNED} values (one that needs more plays more); confirm a proposal with lab fix at its own games.`,
        });
      } else rmSync(join(dir, FIXES_FILE), { force: true });
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
