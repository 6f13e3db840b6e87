// `lab fix --card NAME [--field F] [--target LO,HI|band]`: the smallest change of one of the
// card's numbers that brings the decks holding it into the band, searched on the same seeds
// (src/sim/fix.ts); prints the proposal, its predicted effect and the matchups it moves.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { checkMode } from '../../core/module.ts';
import { DEFAULT_GAME, gameModule } from '../../games/registry.ts';
import { FIXES_FILE, flaggedCards, type FixesFile, type SuggestedFix } from '../../report/fixes.ts';
import type { Assessment } from '../../report/flags.ts';
import { atomicWrite } from '../../sim/output.ts';
import { holdersOf } from '../../sim/ablate.ts';
import { oddGames } from '../../sim/experiment.ts';
import { DEFAULT_TARGET, NAMED_TARGETS, fixField, parseTarget, runFix, type FixPoint, type FixResult } from '../../sim/fix.ts';
import type { RunSpec } from '../../sim/run.ts';
import { action, intOption, UsageError } from '../errors.ts';
import { loadCatalogue } from '../catalogue.ts';
import { gameOption, moduleOf } from '../game.ts';
import { makeProgress } from '../progress.ts';
import { defaultModeOf } from './ablate.ts';
import { catalogueCards, fieldOptions, fieldRun, shippedHolders } from '../holders.ts';
import { loadSides } from './simulate.ts';

const pts = (x: number) => (Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`);
const pct = (x: number) => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);

export function bandText(r: Pick<FixResult, 'target'>): string {
  const t = r.target;
  return t.kind === 'field' ? 'within the spread of the win rates of the decks without it (field)' : `within ${pct(t.lo)}–${pct(t.hi)}${t.name === DEFAULT_TARGET ? ` (${t.name})` : ''}`;
}

export function pointLine(p: FixPoint, field: string, current: number): string {
  const now = p.value === current ? ' (now)' : '';
  const change = p.value === current ? '' : `, ${pts(p.effect)} points [${pts(p.lo)}, ${pts(p.hi)}] from now`;
  const band = `band ${pct(p.bandLo)}–${pct(p.bandHi)}`;
  return `${field} ${p.value}${now}: holders ${pct(p.wr)} [${pct(p.wrLo)}, ${pct(p.wrHi)}] against the decks without it, ${p.status === 'in' ? 'in the band' : `${p.status} the band`} (${band})${change}`;
}

export function fixText(r: FixResult, bots: [string, string], field: number, workers: number): string {
  const lines: string[] = [];
  lines.push(`fix ${r.card} ${r.field} (now ${r.current})? ${r.mode}, bots ${bots.join(' vs ')}, against the ${field} shipped ${r.mode} decks; held by ${r.holders.join(', ')}`);
  lines.push(`band: the holders' win rate against the decks without the card ${bandText(r)}`);
  for (const p of r.points) lines.push(`  ${pointLine(p, r.field, r.current)}`);
  const p = r.points.find((x) => x.value === r.proposal)!;
  if (r.outcome === 'already') {
    lines.push(`no change needed: at ${r.field} ${r.current} the holders win ${pct(p.wr)} [${pct(p.wrLo)}, ${pct(p.wrHi)}], in the band`);
  } else if (r.outcome === 'none') {
    lines.push(`no change proposed: no ${r.field} tried brings the holders nearer the band than now (${pct(p.wr)} [${pct(p.wrLo)}, ${pct(p.wrHi)}], ${p.status} it); try another --field`);
  } else {
    const how = r.outcome === 'in' ? 'in the band' : `no value tried lands in the band; the nearest (${p.status} it)`;
    lines.push(`proposed: ${r.card} ${r.field} ${r.current} → ${r.proposal} (${r.change > 0 ? '+' : ''}${r.change}): the holders would win ${pct(p.wr)} [${pct(p.wrLo)}, ${pct(p.wrHi)}] against the decks without it, ${how}; the change moves them ${pts(p.effect)} points [${pts(p.lo)}, ${pts(p.hi)}] (paired over ${p.pairs.toLocaleString('en')} seed pairs)`);
    const width = Math.max(...r.decks.map((d) => d.deck.length));
    lines.push('each holder against the whole field:');
    for (const d of r.decks) lines.push(`  ${d.deck.padEnd(width)}  ${pct(d.without)} → ${pct(d.withCard)}  ${pts(d.diff)} [${pts(d.lo)}, ${pts(d.hi)}]`);
    const moved = r.matchups.filter((x) => x.lo > 0 || x.hi < 0);
    lines.push(moved.length ? `matchups it moves (95% interval clear of 0), of ${r.matchups.length}:` : `no matchup moves beyond its 95% interval (${r.matchups.length} measured)`);
    const mw = Math.max(0, ...moved.map((x) => `${x.deck} vs ${x.opponent}`.length));
    for (const x of moved.slice(0, 12)) lines.push(`  ${`${x.deck} vs ${x.opponent}`.padEnd(mw)}  ${pct(x.before)} → ${pct(x.after)}  ${pts(x.diff)} [${pts(x.lo)}, ${pts(x.hi)}]`);
    if (moved.length > 12) lines.push(`  … and ${moved.length - 12} more (--json)`);
  }
  lines.push(`${r.games.toLocaleString('en')} games in ${r.seconds.toFixed(1)} s on ${workers} worker${workers > 1 ? 's' : ''}, ${r.rounds > 1 ? `${r.rounds} rounds (a sweep, then bisection)` : '1 round'}, all on the same seeds`);
  return lines.join('\n') + '\n';
}

export function fixCommand(): Command {
  return fieldOptions(new Command('fix')
    .description('search one of a card\'s numbers, on the same seeds, for the smallest change that brings the decks holding it into a band, and print it with its predicted effect')
    .addOption(gameOption())
    .requiredOption('--card <name>', 'the card to fix')
    .option('--field <field>', 'the number to change (the game\'s numeric patch fields; default: power where the card has it)')
    .option('--target <band>', `the band of the holders' win rate against the decks without the card: LO,HI (e.g. 0.45,0.55) or ${Object.keys(NAMED_TARGETS).join(', ')}`, DEFAULT_TARGET)
    .option('--bots <list>', 'bots of the first and second deck of each pairing', 'heuristic')
    .option('--games <n>', 'games per pairing for each value tried (even)', '200'))
    .action(action(async (opts: { game?: string; card: string; field?: string; target: string; bots: string; games: string; mode?: string; seed: string; workers?: string; catalogue?: string; json?: boolean; quiet?: boolean }) => {
      const m = moduleOf(opts);
      const mode = checkMode(m, opts.mode ?? defaultModeOf(m));
      const cat = loadCatalogue(m, opts.catalogue);
      try {
        m.patches.check({ card: opts.card }, '--card', cat.cards);
      } catch (e) {
        throw new UsageError((e as Error).message.replace(/^--card\.card:/, '--card:'));
      }
      const cards = catalogueCards(m, cat);
      let f, target;
      try {
        f = fixField(m, cards, opts.card, opts.field);
        target = parseTarget(opts.target);
        m.patches.check(m.patches.sweepPatch(opts.card, f.field, f.current), '--card', cat.cards);
      } catch (e) {
        throw new UsageError((e as Error).message.replace(/^--card\.(\w+)/, '--field $1'));
      }
      const games = intOption('--games', opts.games, 200, 2, 1e8);
      const odd = oddGames(games);
      if (odd) throw new UsageError(`option --games: ${odd}`);
      const { sides, holders } = shippedHolders(m, mode, cat, opts.card);
      if (holders.length === sides.length) throw new UsageError(`--card: every shipped ${mode} deck holds "${opts.card}": no deck without it to measure against`);
      const run = fieldRun(m, mode, sides, opts, games);
      const { bots, workers } = run;
      const base = cat.cards ? { cards: cat.cards } : undefined;
      const progress = makeProgress('fix', Boolean(opts.quiet));
      const started = performance.now();
      const r = await runFix({ run, card: opts.card, field: f.field, current: f.current, range: f.range, base, patch: (v) => m.patches.sweepPatch(opts.card, f.field, v), target }, {
        onProgress: (d, t, shard) => progress.update(d, t, { where: shard.arm, kind: shard.kind }),
        onPoint: opts.quiet ? undefined : (p) => process.stderr.write(`fix: ${pointLine(p, f.field, f.current)}\n`),
      });
      progress.stop();
      r.seconds = (performance.now() - started) / 1000;
      if (opts.json) process.stdout.write(JSON.stringify({ bots, gamesPerPairing: games, catalogueSha256: cat.sha256, ...r }, null, 2) + '\n');
      else process.stdout.write(fixText(r, bots, sides.length, workers));
    }));
}

/**
 * `lab report DIR --suggest-fixes`: a fix for each flagged card, searched against the run's own
 * decks, bots, seed and catalogue (its manifest.json), with the default field and band;
 * written to DIR/fixes.json, which the report shows (src/report/fixes.ts).
 */
/** Values a fix search is planned for when its games come from a budget (the current one, one step either side, a few more). */
export const FIX_VALUES_PLANNED = 6;

/**
 * Games per pairing for one card's search out of a budget of games: the budget over the values
 * planned and the pairings where a deck holding the card plays (the ones a value is played on);
 * even, at least one seed pair.
 */
export function fixGamesOf(budget: number, decks: number, holders: number): number {
  const pairings = (decks * (decks - 1)) / 2 - ((decks - holders) * (decks - holders - 1)) / 2;
  return Math.max(2, 2 * Math.floor(budget / (FIX_VALUES_PLANNED * Math.max(1, pairings)) / 2));
}

export async function suggestFixes(dir: string, flagged: readonly Assessment[], opts: { games: number; workers: number; quiet?: boolean; top?: number; budgetGames?: number; screen?: string }): Promise<FixesFile> {
  const read = (f: string): Record<string, unknown> => {
    const file = join(dir, f);
    if (!existsSync(file)) throw new UsageError(`--suggest-fixes: ${file} is missing (a lab simulate or lab experiment results folder has it)`);
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  };
  const manifest = read('manifest.json');
  const summary = read('summary.json');
  const m = gameModule(typeof summary.game === 'string' ? summary.game : DEFAULT_GAME);
  const config = (manifest.config ?? {}) as { decks?: { file?: string; mode: string }[]; bots?: [string, string]; arms?: { variant?: { patches?: Record<string, unknown>[] } }[] };
  const seed = typeof manifest.masterSeed === 'number' ? manifest.masterSeed : 1;
  const bots = config.bots ?? ['heuristic', 'heuristic'];
  const cat = loadCatalogue(m, typeof manifest.catalogueFile === 'string' ? manifest.catalogueFile : undefined, '--suggest-fixes: the run\'s catalogue');
  const basePatches = config.arms?.[0]?.variant?.patches ?? [];
  const base = cat.cards || basePatches.length ? { ...(cat.cards ? { cards: cat.cards } : {}), ...(basePatches.length ? { patches: basePatches } : {}) } : undefined;
  const cards = catalogueCards(m, cat);
  const target = parseTarget(DEFAULT_TARGET);
  const fixes: SuggestedFix[] = [];
  const list = flaggedCards(flagged).slice(0, opts.top ?? Infinity);
  const gamesUsed: number[] = [];
  for (const [i, { mode, card }] of list.entries()) {
    const files = (config.decks ?? []).filter((d) => d.mode === mode && d.file).map((d) => d.file!);
    if (!files.length) {
      fixes.push({ mode, card, skipped: 'the run\'s manifest names no deck file of this mode' });
      continue;
    }
    const { sides } = loadSides(files, mode, m);
    const holders = holdersOf(sides, card, mode);
    if (holders.length === sides.length) {
      fixes.push({ mode, card, skipped: 'every deck of the run holds it: no deck without it to measure against' });
      continue;
    }
    let f;
    try {
      f = fixField(m, cards, card, undefined);
    } catch (e) {
      fixes.push({ mode, card, skipped: (e as Error).message.replace(/^--\w+: /, '') });
      continue;
    }
    const progress = makeProgress(`fix ${i + 1}/${list.length} ${card}`, Boolean(opts.quiet));
    // A budget of games is shared evenly by the cards searched.
    const games = opts.budgetGames === undefined ? opts.games : fixGamesOf(opts.budgetGames / list.length, sides.length, holders.length);
    gamesUsed.push(games);
    const run: RunSpec = { game: m.id, modes: [mode], sides, bots, gamesPerPairing: games, seed, arms: [], workers: opts.workers, wantRows: false };
    const r = await runFix({ run, card, field: f.field, current: f.current, range: f.range, base, patch: (v) => m.patches.sweepPatch(card, f.field, v), target }, {
      onProgress: (d, t, shard) => progress.update(d, t, { where: shard.arm, kind: shard.kind }),
    });
    progress.stop();
    const p = r.points.find((x) => x.value === r.proposal)!;
    fixes.push({
      mode, card, field: r.field, current: r.current, proposal: r.proposal, change: r.change, outcome: r.outcome, band: bandText(r),
      wr: p.wr, wrLo: p.wrLo, wrHi: p.wrHi, effect: p.effect, lo: p.lo, hi: p.hi, games: r.games,
      points: r.points.map((x) => ({ value: x.value, wr: x.wr, wrLo: x.wrLo, wrHi: x.wrHi, bandLo: x.bandLo, bandHi: x.bandHi })),
    });
  }
  const per = gamesUsed.length ? [...new Set(gamesUsed)].join(' or ') : opts.budgetGames === undefined ? String(opts.games) : null;
  const out: FixesFile = { settings: `bots ${bots.join(' vs ')}, ${per === null ? '' : `${per} games a pairing for each value tried, `}seed ${seed}`, ...(opts.screen ? { screen: opts.screen } : {}), fixes };
  atomicWrite(join(dir, FIXES_FILE), JSON.stringify(out, null, 2) + '\n');
  return out;
}
