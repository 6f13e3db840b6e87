// `lab experiment FILE`: a base and patched arms (and sweeps of one card stat), all on the
// same seeds; outputs per arm and each arm's difference from the base with its interval.
import { join } from 'node:path';
import { Command } from 'commander';
import type { GameModule } from '../../core/module.ts';
import { GAMES, gameModule } from '../../games/registry.ts';
import { C, D, M } from '../../sim/aggregate.ts';
import { cardIntervals } from '../../sim/metrics.ts';
import { DIFFERENCE_COLUMNS, compareArms, type Difference } from '../../sim/compare.ts';
import { ExperimentError, ExperimentStopping, expandArms, loadExperiment, ruleArmName, ruleItems, type ArmStop, type ExperimentFile } from '../../sim/experiment.ts';
import { firstPlayerRows, type FirstPlayerRow } from '../../sim/first-player.ts';
import { runInBatches, type StopRule } from '../../sim/stopping.ts';
import { JOURNAL_NAME } from '../../sim/journal.ts';
import { atomicWrite, csvText } from '../../sim/output.ts';
import { rate, round6, wilson } from '../../report/stats.ts';
import { action, intOption, UsageError } from '../errors.ts';
import { prepareOutFolder } from '../out-folder.ts';
import { gameOption } from '../game.ts';
import { QUEUE_HELP, queueTarget } from './worker.ts';
import { armFolder, defaultWorkers, loadSides, parseBots, reportAfterRun, runAndWrite, textSummary } from './simulate.ts';
import type { RunSpec } from '../../sim/run.ts';
import { checkSidesAgainst, loadCatalogue, type LoadedCatalogue } from '../catalogue.ts';
import { recheckAfterRun, recheckOf } from '../recheck.ts';
import type { RecheckSpec } from '../../sim/recheck.ts';


/** A knob's value in the base arm: the file's own `rules`, else the game's default (NaN when not a number). */
export function knobBase(exp: ExperimentFile & { module?: GameModule }, rule: string, m: GameModule | undefined = exp.module): number {
  const v = exp.rules?.[rule] ?? m?.rules.knobs().find((k) => k.key === rule)?.default;
  return typeof v === 'number' ? v : NaN;
}

function rulesOf(exp: ExperimentFile, m: GameModule, file: string): Record<string, unknown> | undefined {
  if (!exp.rules) return undefined;
  try {
    return m.rules.parse(ruleItems(exp.rules));
  } catch (e) {
    throw new ExperimentError(`${file}: rules: ${(e as Error).message.replace(/^--rule /, '')}`);
  }
}

/** Builds the run of an experiment file (checks decks, bots, patches). */
export function experimentSpec(file: string, workers: number, wantRows: boolean, game?: string, catalogueOption?: string): { spec: RunSpec; exp: ExperimentFile; patched: string[]; catalogue: LoadedCatalogue; ruleArms: Map<string, Record<string, unknown>>; recheck?: RecheckSpec } {
  const exp = loadExperiment(file, { module: (id) => gameModule(id ?? game), games: GAMES });
  if (game !== undefined && exp.game !== undefined && exp.game !== game) throw new UsageError(`${file}: an experiment of game "${exp.game}", but --game ${game} was asked`);
  const m = exp.module;
  const cat = catalogueOption !== undefined ? loadCatalogue(m, catalogueOption) : loadCatalogue(m, exp.catalogue, `${file}: catalogue:`);
  let loaded;
  try {
    loaded = loadSides(exp.decks, exp.modes && exp.modes.length === 1 ? exp.modes[0] : undefined, m);
  } catch (e) {
    throw new ExperimentError(`${file}: decks: ${(e as Error).message}`);
  }
  checkSidesAgainst(loaded.sides, cat, catalogueOption !== undefined ? '--catalogue' : `${file}: catalogue:`);
  const modes = exp.modes ? loaded.modes.filter((m) => exp.modes!.includes(m)) : loaded.modes;
  for (const m of exp.modes ?? []) if (!loaded.modes.includes(m)) throw new ExperimentError(`${file}: modes: no ${m} deck among the decks`);
  let bots: [string, string];
  try {
    bots = parseBots(Array.isArray(exp.bots) ? exp.bots.join(',') : exp.bots ?? 'random', m.id);
  } catch (e) {
    throw new ExperimentError(`${file}: bots: ${(e as Error).message}`);
  }
  const rules = rulesOf(exp, m, file);
  const recheck = recheckOf(exp, m.id, file);
  const arms = expandArms(exp, m, file);
  // Arms with rule knobs of their own (rule variants and knob sweeps), by name.
  const ruleArms = new Map(arms.filter((a) => a.rules).map((a) => [a.name, a.rules!]));
  const folders = new Map<string, string>();
  for (const a of arms) {
    const f = armFolder(a.name);
    if (folders.has(f)) throw new ExperimentError(`${file}: arms "${folders.get(f)}" and "${a.name}" would share the folder arms/${f}: rename one`);
    folders.set(f, a.name);
  }
  const patched = new Set<string>();
  arms.forEach((a, i) => {
    a.patches.forEach((p, j) => {
      const nBase = exp.basePatches?.length ?? 0;
      const where = j < nBase ? `basePatches.${j}` : a.sweep ? `sweeps (${a.name})` : `arms.${i - 1}.patches.${j - nBase}`;
      try {
        m.patches.check(p, where, cat.cards);
      } catch (e) {
        throw new ExperimentError(`${file}: ${(e as Error).message}`);
      }
      patched.add(p.card);
    });
  });
  const spec: RunSpec = {
    game: m.id,
    modes,
    sides: loaded.sides.filter((s) => modes.includes(s.mode)),
    bots,
    gamesPerPairing: exp.games,
    seed: exp.seed,
    arms: arms.map((a, i) => {
      let armBots: [string, string] | undefined;
      if (a.bots !== undefined) {
        try {
          armBots = parseBots(Array.isArray(a.bots) ? a.bots.join(',') : a.bots, m.id);
        } catch (e) {
          throw new ExperimentError(`${file}: arms.${i - 1}.bots: ${(e as Error).message}`);
        }
      }
      return {
        label: a.name, variant: { ...(cat.cards ? { cards: cat.cards } : {}), patches: a.patches, rules: a.rules ?? rules }, description: a.description, bots: armBots,
        gamesPerPairing: a.games,
      };
    }),
    pairingMode: exp.pairings ?? 'round-robin',
    workers,
    wantRows,
  };
  return { spec, exp, patched: [...patched].sort(), catalogue: cat, ruleArms, ...(recheck ? { recheck } : {}) };
}

export function experimentCommand(): Command {
  return new Command('experiment')
    .description('run an experiment file: a base arm, patched arms and sweeps on the same seeds, with each arm\'s difference from the base')
    .argument('<file>', 'experiment file (JSON)')
    .addOption(gameOption().default(undefined, 'the file\'s game field, else blue-rising'))
    .option('--out <dir>', 'output folder (default: reports/experiments/<name>)')
    .option('--workers <n>', `worker threads (default: the cores, ${defaultWorkers()} here)`)
    .option('--json', 'print summary.json on stdout')
    .option('--games-csv', 'also write games.csv, one row per game (streamed)')
    .option('--quiet', 'no progress')
    .option('--report', 'also write the HTML report (lab report) and print its path')
    .option('--catalogue <file>', 'play with this card data file instead of the experiment\'s catalogue or the shipped cards')
    .option('--fresh', `play every game even if the output folder holds an interrupted run's journal (${JOURNAL_NAME}); by default the same command resumes it`)
    .option('--queue <url>', QUEUE_HELP)
    .option('--arm <name>', 'run only the base and this arm of the file\'s arms (repeatable; sweeps are left out), e.g. one rung of a ladder', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .action(action(async (file: string, opts: { game?: string; out?: string; workers?: string; json?: boolean; gamesCsv?: boolean; quiet?: boolean; report?: boolean; fresh?: boolean; arm: string[]; catalogue?: string; queue?: string }) => {
      const workers = intOption('--workers', opts.workers, defaultWorkers(), 1, 256);
      const { spec, exp, patched, catalogue, ruleArms, recheck } = experimentSpec(file, workers, Boolean(opts.gamesCsv), opts.game, opts.catalogue);
      // Card sweeps get their points; a knob sweep's arms are rule variants (firstPlayer, differences).
      const sweepsToRun = opts.arm.length ? [] : (exp.sweeps ?? []).filter((s) => s.rule === undefined) as { card: string; field: string; values: number[] }[];
      if (opts.arm.length) {
        const names = (exp.arms ?? []).map((a) => a.name);
        for (const n of opts.arm) {
          if (!names.includes(n)) throw new UsageError(`option --arm: no arm "${n}" in ${file} (its arms: ${names.length ? names.join(', ') : 'none'})`);
        }
        spec.arms = spec.arms.filter((a, i) => i === 0 || opts.arm.includes(a.label));
      }
      if (spec.sides.length === 0) throw new UsageError(`${file}: no deck to play`);
      const queue = opts.queue === undefined ? undefined : await queueTarget(opts.queue);
      // A stopping rule: the arms play in batches of seed pairs until each is decided (or the cap).
      const stopRule = (exp as { stopRule?: StopRule }).stopRule;
      const stopping = stopRule ? new ExperimentStopping(stopRule, spec, exp.basePatches?.length ?? 0, file) : null;
      const out = opts.out === undefined ? prepareOutFolder(join('reports', 'experiments', exp.name), 'output folder') : prepareOutFolder(opts.out, '--out');
      let diffs: Difference[] = [];
      const sweeps: unknown[] = [];
      const summary = await runAndWrite(spec, out, {
        quiet: opts.quiet,
        fresh: opts.fresh,
        label: `experiment ${exp.name}`,
        command: ['lab', ...process.argv.slice(2)],
        catalogue,
        queue,
        extra: { experiment: exp.name, description: exp.description ?? null, band: exp.band ?? null, patchedCards: patched },
        run: stopping ? async (s, hooks) => {
          const res = await runInBatches(s, stopping.rule.batchPairs, (b, from, to) => stopping.after(b, from, to), hooks);
          s.gamesPerPairing = 2 * res.pairs;
          return res;
        } : undefined,
        onAggregates: (aggs) => {
          const base = aggs.get('base')!;
          const sameGames = (arm: (typeof spec.arms)[number]) => arm.bots === undefined && (arm.gamesPerPairing === undefined || arm.gamesPerPairing === spec.gamesPerPairing);
          // Rule variants: the first player's win rate of every arm and its paired change.
          const firstPlayer = spec.arms.some((a) => ruleArms.has(a.label))
            ? firstPlayerRows({ label: 'base', agg: base, sameGames: true }, spec.arms.slice(1).map((a) => ({ label: a.label, agg: aggs.get(a.label)!, rules: ruleArms.get(a.label), sameGames: sameGames(a) })))
            : null;
          // Paired by seed pair when the arm plays the base's games (its own bots or games do not).
          for (const arm of spec.arms.slice(1)) {
            const same = arm.bots === undefined && (arm.gamesPerPairing === undefined || arm.gamesPerPairing === spec.gamesPerPairing);
            diffs.push(...compareArms(base, aggs.get(arm.label)!, arm.label, patched, same));
          }
          for (const s of sweepsToRun) {
            const points: unknown[] = [];
            for (const v of s.values) {
              const agg = aggs.get(`${s.card} ${s.field}=${v}`)!;
              for (const mode of Object.keys(agg.cards).sort()) {
                const c = agg.cards[mode]?.[s.card];
                if (c) {
                  const { lo, hi } = cardIntervals(c).gih;
                  points.push({ value: v, mode, kind: 'card', name: s.card, wr: round6(rate(c[C.wonGih]!, c[C.gih]!)), lo: round6(lo), hi: round6(hi), n: c[C.gih]! });
                }
                for (const deck of Object.keys(agg.decks[mode] ?? {}).sort()) {
                  if (!agg.cards[mode]?.[s.card]) continue;
                  const d = agg.decks[mode]![deck]!;
                  const holds = spec.sides.some((sd) => sd.name === deck && sd.mode === mode && (sd.deck as { entries: readonly { name: string }[] }).entries.some((e) => e.name === s.card));
                  if (!holds) continue;
                  const [lo, hi] = wilson(d[D.wins]!, d[D.games]!);
                  points.push({ value: v, mode, kind: 'deck', name: deck, wr: round6(rate(d[D.wins]!, d[D.games]!)), lo: round6(lo), hi: round6(hi), n: d[D.games]! });
                }
              }
            }
            sweeps.push({ card: s.card, field: s.field, points });
          }
          // Rungs of a bot ladder: how often the arm's first bot won, over all its games.
          const rungs = spec.arms.filter((a) => a.bots).map((a) => {
            let games = 0, wins = 0, draws = 0;
            for (const t of Object.values(aggs.get(a.label)!.matchups)) {
              for (const m of Object.values(t)) {
                games += m[M.games]!;
                wins += m[M.winsA]!;
                draws += m[M.draws]!;
              }
            }
            const [lo, hi] = wilson(wins, games);
            const target = exp.arms?.find((x) => x.name === a.label)?.target;
            const rung = { arm: a.label, bots: a.bots, games, winsFirstBot: wins, draws, wrFirstBot: round6(rate(wins, games)), lo: round6(lo), hi: round6(hi) };
            return target === undefined ? rung : { ...rung, target, verdict: rungVerdict(lo, hi, target) };
          });
          // Knob sweeps over numbers: the report draws the first player's rate against the knob.
          const knobSweeps = (exp.sweeps ?? []).filter((sw) => sw.rule !== undefined && !opts.arm.length && sw.values.every((v) => typeof v === 'number')).map((sw) => ({
            rule: sw.rule!,
            base: knobBase(exp, sw.rule!),
            points: (sw.values as number[]).map((value) => ({ value, arm: ruleArmName(sw.rule!, value) })),
          })).filter((k) => Number.isFinite(k.base));
          const extra = firstPlayer ? { firstPlayer, ...(knobSweeps.length ? { knobSweeps } : {}) } : {};
          const stop = stopping ? { stopping: stoppingSummary(exp.stop!, stopping.rule, spec.gamesPerPairing / 2, stopping.results()) } : {};
          return rungs.length ? { differences: diffs, sweeps, rungs, ...extra, ...stop } : { differences: diffs, sweeps, ...extra, ...stop };
        },
      });
      atomicWrite(join(out, 'differences.csv'), csvText(DIFFERENCE_COLUMNS, diffs.map((d) => DIFFERENCE_COLUMNS.map((k) => d[k]))));
      diffs = [];
      await recheckAfterRun(spec, recheck, out, { quiet: opts.quiet, fresh: opts.fresh, label: `experiment ${exp.name}: recheck` });
      if (opts.report) await reportAfterRun(out, opts.quiet);
      if (opts.json) process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
      else if (!opts.quiet) {
        const base = (summary.arms as Record<string, Record<string, unknown>> | undefined)?.base;
        if (base) process.stdout.write(textSummary(base));
        for (const r of (summary.rungs ?? []) as Rung[]) process.stdout.write(rungLine(r));
        for (const r of (summary.firstPlayer ?? []) as FirstPlayerRow[]) process.stdout.write(firstPlayerLine(r));
        const st = summary.stopping as ReturnType<typeof stoppingSummary> | undefined;
        if (st) process.stdout.write(stoppingText(st));
        process.stderr.write(`wrote ${out}/{summary.json,manifest.json,differences.csv,arms/…}\n`);
      }
    }));
}

/** summary.json's `stopping`: the rule as written, where the run stopped, and each arm's decision with its evidence. */
export function stoppingSummary(rule: unknown, parsed: StopRule, pairsPerPairing: number, arms: ArmStop[]) {
  return {
    rule,
    cap: parsed.maxGames,
    decided: arms.every((a) => a.decision !== 'cap'),
    pairsPerPairing,
    arms,
  };
}

export function stoppingText(st: ReturnType<typeof stoppingSummary>): string {
  const head = st.decided ? `stopped: every arm decided after ${st.pairsPerPairing} seed pairs a pairing` : `stopped at the cap of ${st.cap} games (${st.pairsPerPairing} seed pairs a pairing)`;
  const pts = (x: number) => (x === null || Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`);
  const lines = [head];
  for (const a of st.arms) lines.push(`  ${a.arm} (${a.cards.join(', ')}): holders' WR ${pts(a.effect)} points [${pts(a.lo)}, ${pts(a.hi)}] over ${a.pairs} seed pairs; ${a.evidence}`);
  return lines.join('\n') + '\n';
}

interface Rung {
  arm: string;
  games: number;
  wrFirstBot: number;
  lo: number;
  hi: number;
  target?: number;
  verdict?: string;
}

/** Met when the whole 95% interval is at or above the target, missed when it is all below. */
export function rungVerdict(lo: number, hi: number, target: number): 'met' | 'missed' | 'undecided' {
  return lo >= target ? 'met' : hi < target ? 'missed' : 'undecided';
}

const pct = (x: number) => (100 * x).toFixed(1);

export function rungLine(r: Rung): string {
  const head = `${r.arm}: the first bot wins ${pct(r.wrFirstBot)}% [${pct(r.lo)}, ${pct(r.hi)}] of ${r.games} games`;
  if (r.target === undefined) return `${head}\n`;
  const why = r.verdict === 'missed' ? `, by ${pct(r.target - r.wrFirstBot)} points` : r.verdict === 'undecided' ? ' (the interval holds the target: play more games)' : '';
  return `${head}; target >= ${pct(r.target)}%: ${r.verdict}${why}\n`;
}

const pts = (x: number | null) => (x === null ? '?' : `${x >= 0 ? '+' : '-'}${Math.abs(100 * x).toFixed(1)}`);

/** A rule arm's line: the first player's win rate and its change from the base. */
export function firstPlayerLine(r: FirstPlayerRow): string {
  const head = `${r.arm} (${r.mode}): the first player wins ${pct(r.wr ?? NaN)}% [${pct(r.lo ?? NaN)}, ${pct(r.hi ?? NaN)}] of ${r.games} games`;
  return r.diff === null ? `${head}\n` : `${head}; ${pts(r.diff)} points [${pts(r.diffLo)}, ${pts(r.diffHi)}] from the base (${r.interval})\n`;
}
