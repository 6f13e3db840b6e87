// `lab report DIR`: a results folder (`lab simulate` or `lab experiment` output) → DIR/report/
// index.html, one self-contained page (inline SVG charts, flags first, links to the CSVs), and
// each chart's vega-lite spec beside it.
import { Command } from 'commander';
import { ReportError, writeReport } from '../../report/report.ts';
import { action, intOption, UsageError } from '../errors.ts';
import { gameOption, moduleOf } from '../game.ts';
import { suggestFixes } from './fix.ts';
import { defaultWorkers } from './simulate.ts';

export function reportCommand(): Command {
  return new Command('report')
    .description('turn a results folder (lab simulate or lab experiment output) into DIR/report/index.html: charts, flagged cards and decks, links to the tables')
    .addOption(gameOption().default(undefined, 'the game summary.json names'))
    .argument('<dir>', 'results folder (the one holding summary.json)')
    .option('--q <q>', 'false discovery rate of the Benjamini–Hochberg correction of the flags', '0.05')
    .option('--suggest-fixes', 'search a fix for each flagged card (lab fix, on the run\'s decks, bots and seed) and list them on the page')
    .option('--fix-games <n>', 'games per pairing for each value a fix tries (even)', '100')
    .option('--json', 'print what was written and the flagged items as JSON')
    .option('--quiet', 'print nothing')
    .action(action(async (dir: string, opts: { game?: string; q: string; json?: boolean; quiet?: boolean; suggestFixes?: boolean; fixGames: string }) => {
      const q = Number(opts.q);
      if (!/^\s*(0?\.\d+|1(\.0*)?|0)\s*$/.test(opts.q) || !(q > 0 && q < 1)) throw new UsageError(`option --q: expected a number between 0 and 1 (exclusive), got "${opts.q}"`);
      let result;
      try {
        if (opts.game !== undefined) moduleOf(opts);
        result = await writeReport(dir, { q, game: opts.game });
        if (opts.suggestFixes) {
          const games = intOption('--fix-games', opts.fixGames, 100, 2, 1e8);
          if (games % 2) throw new UsageError(`option --fix-games: ${games} is odd, and games are played in pairs with the seats swapped`);
          await suggestFixes(dir, result.flagged, { games, workers: defaultWorkers(), quiet: opts.quiet || opts.json });
          result = await writeReport(dir, { q, game: opts.game });
        }
      } catch (e) {
        if (e instanceof ReportError) throw new UsageError(e.message);
        throw e;
      }
      if (opts.json) {
        process.stdout.write(JSON.stringify({
          html: result.html,
          specs: result.specs,
          charts: result.charts.map((c) => ({ id: c.id, title: c.title })),
          flagged: result.flagged.map((f) => ({ mode: f.mode, kind: f.kind, metric: f.metric, name: f.name, value: f.value, lo: f.lo, hi: f.hi, n: f.n, p: f.p, reason: f.reason })),
        }, null, 2) + '\n');
      } else if (!opts.quiet) {
        const lines = [`wrote ${result.html} (${result.charts.length} charts, their vega-lite specs beside it; ${result.flagged.length} flagged, Benjamini–Hochberg q = ${q})`];
        for (const f of result.flagged.slice(0, 10)) lines.push(`  ${f.reason}`);
        if (result.flagged.length > 10) lines.push(`  … and ${result.flagged.length - 10} more on the page`);
        process.stdout.write(lines.join('\n') + '\n');
      }
    }));
}
