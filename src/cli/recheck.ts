// An experiment's `recheck` field on the command line: its bots checked before any game, and
// after the run, its flagged findings played again with those bots (src/sim/recheck.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ExperimentError, type ExperimentFile } from '../sim/experiment.ts';
import { RECHECK_CSV, RECHECK_JSON, runRecheck, topFindings, writeRecheck, type RecheckResult, type RecheckSpec } from '../sim/recheck.ts';
import type { RunSpec } from '../sim/run.ts';
import { loadResults } from '../report/summary.ts';
import { makeProgress } from './progress.ts';
import { parseBots } from './commands/simulate.ts';

/** Findings rechecked when the field gives no `top`. */
export const DEFAULT_RECHECK_TOP = 3;
const JOURNAL = 'partial-recheck.jsonl';

export function recheckOf(exp: ExperimentFile, game: string, file: string): RecheckSpec | undefined {
  if (!exp.recheck) return undefined;
  let bots: [string, string];
  try {
    bots = parseBots(Array.isArray(exp.recheck.bots) ? exp.recheck.bots.join(',') : exp.recheck.bots, game);
  } catch (e) {
    throw new ExperimentError(`${file}: recheck.bots: ${(e as Error).message}`);
  }
  return { bots, games: exp.recheck.games, top: exp.recheck.top ?? DEFAULT_RECHECK_TOP };
}

const pts = (x: number | null, deck: boolean) => (x === null ? '—' : deck ? `${(100 * x).toFixed(1)}%` : `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`);

/** One line per finding: both intervals and the verdict. */
export function recheckText(r: RecheckResult): string {
  const lines = r.rows.map((x) => {
    const d = x.kind === 'deck';
    const iv = (m: { value: number | null; lo: number | null; hi: number | null }) => `${pts(m.value, d)} [${pts(m.lo, d)}, ${pts(m.hi, d)}]`;
    return `  ${x.mode} ${x.kind} ${x.name} (${x.metric}): ${iv(x.original)} with ${x.original.bots.join(',')} → ${iv(x.recheck)}: ${x.recheck.verdict}${x.dependsOnSkill ? ' (depends on skill)' : ''}\n`;
  });
  return `recheck with ${r.bots.join(',')}, ${r.gamesPerPairing} games a pairing: ${r.rows.length} finding(s), ${r.games.toLocaleString('en')} games in ${Math.round(r.seconds)} s\n${lines.join('')}`;
}

/**
 * After the run's files are written: recheck its top findings, write recheck.csv/json beside
 * them. Without a recheck, those of an earlier run in the folder are removed (the report would
 * show them).
 */
export async function recheckAfterRun(spec: RunSpec, rc: RecheckSpec | undefined, out: string, opts: { quiet?: boolean; fresh?: boolean; label: string }): Promise<RecheckResult | null> {
  if (!rc) {
    for (const f of [RECHECK_JSON, RECHECK_CSV]) rmSync(join(out, f), { force: true });
    return null;
  }
  const results = loadResults(out);
  const main = results.tables.get('base') ?? results.tables.get('')!;
  const findings = topFindings(main, results.band, rc.top, results.tables.has('base') ? 'base' : '');
  const progress = makeProgress(opts.label, Boolean(opts.quiet));
  const journal = join(out, JOURNAL);
  let r: RecheckResult;
  try {
    r = await runRecheck(spec, spec.arms[0]!, findings, main, rc, {
      onProgress: (d, t, shard) => progress.update(d, t, { where: `${shard.arm}, ${shard.mode}`, kind: shard.kind }),
      onPlan: (kinds) => progress.plan(kinds),
      journal,
      fresh: opts.fresh,
    });
  } finally {
    progress.stop();
  }
  writeRecheck(out, r);
  rmSync(journal, { force: true });
  if (!opts.quiet) process.stderr.write(recheckText(r));
  return r;
}
