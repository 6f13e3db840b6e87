// `writeReport(dir)`: a results folder (`lab simulate` or `lab experiment` output) →
// DIR/report/index.html (self-contained, inline SVG charts) and one vega-lite spec per chart
// (DIR/report/<chart>.vl.json), each file written to a temporary name and renamed.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { atomicWrite } from '../sim/output.ts';
import {
  assessDifferences, cardEffectChart, cardGihChart, cardIwdChart, cardPlayPitchChart, deckOrder, deckStrengthChart, deckWrChart, differencesChart,
  firstPlayerChart, fixSearchChart, gameLengthChart, knobSweepChart, matchupHeatmap, modesCardsChart, modesDecksChart, sweepChart, slug, vpSourcesChart, type Chart, type Section,
} from './charts.ts';
import { answerHtml } from './answer.ts';
import { recheckSection } from './recheck.ts';
import { assessArm, bandText, correctionText, type Assessment, type FlagSet } from './flags.ts';
import type { GameModule } from '../core/module.ts';
import { DEFAULT_GAME, gameModule } from '../games/registry.ts';
import { metricDefinitions } from './glossary.ts';
import { buildPage, type PageLink, type PageSection } from './html.ts';
import type { ReportContext, SectionMaker } from './context.ts';
import { metaOfMatchups, type ModeMeta } from './meta.ts';
import { metaSection } from './meta-section.ts';
import { cardsSection } from './cards-section.ts';
import { renderSvg } from './render.ts';
import { bradleyTerry, type BtFit, type BtGames } from './stats.ts';
import { armFolder } from '../sim/output.ts';
import { changesHtml, type NightlyChanges } from './nightly.ts';
import { nightlyVariantsSection, variantsSection } from './variants.ts';
import type { FirstPlayerRow } from '../sim/first-player.ts';
import type { KnobSweep, VariantsResult } from '../sim/opening.ts';
import { FIXES_FILE, withSuggestedFixes, type FixesFile } from './fixes.ts';
import { deckKeys, loadResults, type Band, type MatchupRow, type Results } from './summary.ts';

import { ReportError } from './summary.ts';

export { ReportError };

export interface ReportOptions {
  /** False discovery rate of the Benjamini–Hochberg correction (default 0.05). */
  q?: number;
  /** Overrides the band of summary.json (else metrics.md's defaults). */
  band?: Partial<Band>;
  /** Matchup cells with fewer games are labelled, not coloured (default 30). */
  minCellGames?: number;
  /** A section put first on the page, as trusted HTML (the nightly's "what changed since last night"). */
  preface?: { id: string; title: string; html: string };
  /** The game the results must be of (`lab report --game`); else summary.json's. */
  game?: string;
}

export interface ReportResult {
  /** Path of DIR/report/index.html. */
  html: string;
  /** Paths of the vega-lite specs written (DIR/report/*.vl.json), in page order. */
  specs: string[];
  /** Flagged items of the main arm (the run, or the experiment's base arm), most significant first. */
  flagged: Assessment[];
  /** Flagged items of every arm (experiments), keyed by arm label. */
  flaggedByArm: Record<string, Assessment[]>;
  charts: { id: string; title: string; section: Section; svgBytes: number; warnings: string[] }[];
  /** Bradley–Terry fits of the main arm, per mode. */
  strength: Record<string, BtFit>;
}

/**
 * The blocks of games of one mode for Bradley–Terry, by who moved first (matchups.csv
 * a_first_games / a_first_wr_a, b_first_games / b_first_wr_a). A draw counts half a win to each
 * side; a matchup's draws are shared between the two seatings in proportion to their games.
 */
export function btGamesFromMatchups(rows: MatchupRow[], mode: string): BtGames[] {
  const out: BtGames[] = [];
  for (const m of rows) {
    if (m.mode !== mode || !(m.games > 0)) continue;
    const n1 = m.a_first_games, n2 = m.b_first_games;
    const d1 = n1 + n2 > 0 ? (m.draws * n1) / (n1 + n2) : 0;
    const d2 = m.draws - d1;
    if (n1 > 0) {
      const aWins = Math.round((m.a_first_wr_a ?? 0) * n1);
      out.push({ first: m.deck_a, second: m.deck_b, n: n1, firstWins: aWins + d1 / 2 });
    }
    if (n2 > 0) {
      const aWins = Math.round((m.b_first_wr_a ?? 0) * n2);
      out.push({ first: m.deck_b, second: m.deck_a, n: n2, firstWins: n2 - aWins - d2 + d2 / 2 });
    }
  }
  return out;
}

const int = (n: number) => Math.round(n).toLocaleString('en');

/** A cards.csv column the game drops (a counter its rules lack): its chart and glossary line go too. */
const dropped = (game: GameModule, column: string) => game.words.columns?.[column] === '';

function linksOf(results: Results, reportDir: string, game: GameModule): { links: PageLink[]; groups: { title: string; links: PageLink[] }[] } {
  const dir = results.dir;
  const rel = (p: string) => `../${p}`;
  const file = (p: string, text: string, note?: string): PageLink[] => (existsSync(join(dir, p)) ? [{ href: rel(p), text, note }] : []);
  void reportDir;
  const tables: [string, string][] = [
    ['cards.csv', `per mode and card: GIH WR, IWD, ${dropped(game, 'pitch_rate') ? 'play rate' : 'play and pitch rates'}, IWD by turn`],
    ['decks.csv', game.words.decksCsv],
    ['matchups.csv', 'per pair of decks: WR with interval, pairs, WR by who moved first'],
    ['deck_matchups.csv', 'each pair from both sides: filter one deck to see all its matchups'],
    ['modes.csv', game.words.modesCsv],
  ];
  const links: PageLink[] = [];
  const groups: { title: string; links: PageLink[] }[] = [];
  if (results.kind === 'simulate') {
    for (const [f, note] of tables) links.push(...file(f, f, note));
    links.push(...file('games.csv', 'games.csv', 'one row per game'));
  } else {
    links.push(...file('differences.csv', 'differences.csv', 'each arm minus the base, with intervals'));
    for (const arm of results.arms) {
      const folder = `arms/${armFolder(arm)}`;
      const ls: PageLink[] = [];
      for (const [f, note] of tables) ls.push(...file(`${folder}/${f}`, `${folder}/${f}`, note));
      if (ls.length) groups.push({ title: `Arm ${arm}`, links: ls });
    }
    links.push(...file('games.csv', 'games.csv', 'one row per game'));
  }
  links.push(...file('summary.json', 'summary.json', 'all the tables, game-length histogram'));
  links.push(...file('manifest.json', 'manifest.json', 'command, seeds, versions, machine'));
  return { links, groups };
}

/**
 * The report's own sections after the flags, in page order: one function each, given the
 * report's context (context.ts); a function returning null leaves its section out.
 */
export const SECTIONS: readonly SectionMaker[] = [nightlyVariantsSection, metaSection, cardsSection];

/** Writes DIR/report/index.html and the charts' vega-lite specs; returns what it wrote and the flags. */
export async function writeReport(dir: string, opts: ReportOptions = {}): Promise<ReportResult> {
  const results = loadResults(dir, opts.band);
  // The game's words (summary.json names the game; results written before it are Blue Rising's).
  const ofGame = typeof results.summary.game === 'string' ? results.summary.game : DEFAULT_GAME;
  if (opts.game !== undefined && opts.game !== ofGame) throw new ReportError(`${dir}: results of game ${ofGame}, but --game ${opts.game} was asked`);
  const game = gameModule(ofGame);
  const q = opts.q ?? 0.05;
  const band = results.band;
  const flagSets: FlagSet[] = results.arms.map((arm) => assessArm(results.tables.get(arm)!, arm, band, q));
  const mainArm = results.arms[0]!;
  const main = results.tables.get(mainArm)!;
  const modes = [...new Set([...main.modes.map((m) => m.mode), ...main.decks.map((d) => d.mode), ...main.cards.map((c) => c.mode)])].sort();
  // The meta as summary.json carries it, else (results written before it) from the matchups.
  const meta = new Map<string, ModeMeta[]>(results.arms.map((arm) => {
    const t = results.tables.get(arm)!;
    return [arm, t.meta ?? metaOfMatchups(t.matchups)];
  }));
  const charts: Chart[] = [];
  const remarks: Partial<Record<Section, string[]>> = {};
  const remark = (s: Section, text: string) => (remarks[s] ??= []).push(text);
  const push = (c: Chart | null) => {
    if (c) charts.push(c);
  };

  const s0 = results.summary;
  // Experiments first: what the arms changed.
  if (results.kind === 'experiment') {
    const diffs = assessDifferences(results.differences, q);
    push(differencesChart(diffs, results.arms, 'experiment-differences'));
    results.sweeps.forEach((s, i) => push(sweepChart(s, band, `experiment-sweep-${i + 1}-${slug(s.card)}-${slug(s.field)}`)));
    if (diffs.length === 0 && results.sweeps.length === 0) remark('experiment', 'This experiment has no patched arm and no sweep: nothing to compare.');
  }
  // Rule knobs swept: the first player's rate against the knob (an experiment's, the nightly's variants), drawn in the variants section.
  const knobSweeps: { sweeps: KnobSweep[]; rows: FirstPlayerRow[] }[] = [];
  if (Array.isArray(s0.knobSweeps) && Array.isArray(s0.firstPlayer)) knobSweeps.push({ sweeps: s0.knobSweeps as KnobSweep[], rows: s0.firstPlayer as FirstPlayerRow[] });
  const variantsFile = join(results.dir, 'variants.json');
  if (existsSync(variantsFile)) {
    const v = JSON.parse(readFileSync(variantsFile, 'utf8')) as VariantsResult;
    knobSweeps.push({ sweeps: v.knobSweeps ?? [], rows: v.firstPlayer ?? [] });
  }
  for (const k of knobSweeps) for (const sw of k.sweeps) push(knobSweepChart(sw, k.rows, `variants-sweep-${slug(sw.rule)}`));
  // Each suggested fix's search: the holders' rate against the value tried (drawn with the fixes).
  const fixesFile = join(results.dir, FIXES_FILE);
  if (existsSync(fixesFile)) for (const f of (JSON.parse(readFileSync(fixesFile, 'utf8')) as FixesFile).fixes) push(fixSearchChart(f, `fix-${slug(f.mode)}-${slug(f.card)}`));

  for (const mode of modes) {
    push(cardEffectChart(mode, main.cards, flagSets[0]!, band, `cards-effect-${slug(mode)}`));
    push(cardGihChart(mode, main.cards, flagSets[0]!, band, `cards-gih-${slug(mode)}`));
    const iwd = cardIwdChart(mode, main.cards, flagSets[0]!, band, `cards-iwd-${slug(mode)}`);
    if (iwd) push(iwd);
    else if (main.cards.some((c) => c.mode === mode)) remark('cards', `${mode}: no IWD chart — no card had a copy that was never seen (GNS), so IWD is undefined for every card.`);
    if (!dropped(game, 'pitch_rate')) push(cardPlayPitchChart(mode, main.cards, `cards-play-pitch-${slug(mode)}`));
  }
  const strength: Record<string, BtFit> = {};
  for (const mode of modes) {
    const deckNames = main.decks.filter((d) => d.mode === mode).map((d) => d.deck);
    const bt = bradleyTerry(btGamesFromMatchups(main.matchups, mode), { players: deckNames });
    strength[mode] = bt;
    push(matchupHeatmap(mode, main.matchups, deckOrder(mode, main.decks, bt), `decks-matchups-${slug(mode)}`, opts.minCellGames ?? 30));
    if (deckNames.length < 2) remark('decks', `${mode}: one deck only, no strength to compare (Bradley–Terry needs two decks or more).`);
    else if (!bt.converged) remark('decks', `${mode}: Bradley–Terry has no finite maximum (a deck won or lost every game it played, or the decks are not all connected by games); no strength chart. Play more games.`);
    else push(deckStrengthChart(mode, main.decks, bt, `decks-strength-${slug(mode)}`));
    push(deckWrChart(mode, main.decks, flagSets[0]!, band, `decks-wr-${slug(mode)}`));
  }
  push(firstPlayerChart(main.modes, 'modes-first-player'));
  push(gameLengthChart(main, 'modes-game-length'));
  push(vpSourcesChart(main, 'modes-vp-sources', game.words));
  push(modesDecksChart(main.decks, deckKeys(results, game.words.deckBase), 'modes-decks-side-by-side'));
  push(modesCardsChart(main.cards, band, 'modes-cards-side-by-side'));
  if (modes.length < 2 && game.modes.length > 1) remark('modes', `Only ${modes[0] ?? 'one'} mode in this run: no standard-versus-quick comparison (simulate with --mode both for it).`);

  // Render, then write: specs first, the page last (it links them).
  const outDir = join(results.dir, 'report');
  const rendered: { chart: Chart; svg: string; warnings: string[] }[] = [];
  for (const chart of charts) {
    const r = await renderSvg(chart.spec);
    rendered.push({ chart, svg: r.svg, warnings: r.warnings });
  }
  const specs: string[] = [];
  for (const { chart } of rendered) {
    const f = join(outDir, `${chart.id}.vl.json`);
    atomicWrite(f, JSON.stringify(chart.spec, null, 2) + '\n');
    specs.push(f);
  }
  // Specs of an earlier report of this folder that this one no longer draws.
  const keep = new Set(specs.map((s) => s.slice(outDir.length + 1)));
  for (const f of readdirSync(outDir)) if (f.endsWith('.vl.json') && !keep.has(f)) rmSync(join(outDir, f), { force: true });

  const s = results.summary;
  const games = typeof s.games === 'number' ? s.games : null;
  const armLabel = (arm: string) => (arm === '' ? '' : `arm ${arm}`);
  const ctx: ReportContext = { results, game, main, mainArm, modes, flagSets, band, q, armLabel, meta, dropped: (c) => dropped(game, c) };
  const sections = SECTIONS.map((f) => f(ctx)).filter((x): x is PageSection => x !== null);
  const title = results.kind === 'experiment' ? `Experiment ${results.experiment ?? ''}`.trim() : `Simulation: ${modes.join(' and ')}, ${main.decks.length} deck(s)`;
  const facts: [string, string][] = [];
  facts.push(['results folder', results.dir]);
  if (results.description) facts.push(['description', results.description]);
  if (results.kind === 'experiment') {
    facts.push(['arms', results.arms.join(', ')]);
    if (results.patchedCards.length) facts.push(['patched cards', results.patchedCards.join(', ')]);
  }
  facts.push(['modes', modes.join(', ')]);
  facts.push(['decks', modes.map((m) => `${m}: ${main.decks.filter((d) => d.mode === m).map((d) => d.deck).join(', ')}`).join('; ')]);
  // An arm may have its own game count (a slow bot's arm): say "per arm" only when they agree.
  const armGames = (results.manifest?.config as { arms?: { gamesPerPairing?: number }[] } | undefined)?.arms?.some((a) => a.gamesPerPairing !== undefined);
  if (games !== null) facts.push(['games', `${int(games)}${typeof s.gamesPerPairing === 'number' ? ` (${int(s.gamesPerPairing)} per pairing per mode${results.kind === 'experiment' ? (armGames ? ' in the base arm; see the arms for theirs' : ' per arm') : ''})` : ''}`]);
  if (Array.isArray(s.bots)) facts.push(['bots', (s.bots as string[]).join(' vs ')]);
  if (s.seed !== undefined) facts.push(['master seed', String(s.seed)]);
  const m = results.manifest;
  if (m) {
    if (typeof m.engineVersion === 'string') facts.push(['engine version', m.engineVersion]);
    if (typeof m.endedAt === 'string') facts.push(['run ended', m.endedAt]);
    if (Array.isArray(m.command)) facts.push(['command', (m.command as string[]).join(' ')]);
  }
  facts.push(['balance band', `GIH WR ${bandText('gihWr', band.gihWr)}, IWD ${bandText('iwd', band.iwd)}, deck WR ${bandText('deckWr', band.deckWr)} (${results.bandSource})`]);

  const notes = [
    'Intervals are 95%: Wilson for deck and matchup win rates; card GIH WR and IWD take the seed pair as their unit (the copies of one game share its result); a deck\'s difference between arms is paired by seed pair where the arm plays the base\'s games, else Newcombe\'s. A win rate counts draws (turn cap) as not won.',
    'GIH WR, GD/GNS WR and IWD follow METRICS.md (17lands definitions, copy-weighted) and only describe: GIH WR mostly tracks the decks holding the card, GD, GNS and IWD favour cards that want long games. Cards are named and flagged on their deck-adjusted effect (cards.csv adj_*) and deck-adjusted IWD by turn (iwd_adj_by_turn_*).',
    `Flags: ${correctionText(flagSets[0]!)}`,
    'Deck strength: Bradley–Terry with a first-move term, logit P(i beats j) = βᵢ − βⱼ + γ·[i moves first], fitted by Newton–Raphson maximum likelihood from the matchup table split by who moved first; β centred to sum 0; standard errors from the inverse of the observed information; a draw counts half a win to each side.',
    results.kind === 'experiment'
      ? 'Experiment charts use summary.json differences and sweeps; every arm shares the base arm\'s seeds, so a deck\'s difference is taken pair by pair where the arm plays the base\'s games, and the Newcombe intervals kept elsewhere are conservative. The card, deck and mode charts show the base arm; the other arms\' tables are linked above and their flags listed under Flagged.'
      : 'Every pairing is played as pairs of games with the seats swapped and the same shuffles (common random numbers).',
    'Hover a point or bar for its numbers (SVG titles). Each chart\'s vega-lite spec is saved beside this page with its data inline.',
  ];
  const { links, groups } = linksOf(results, outDir, game);
  const html = buildPage({
    title: `Blue Rising Lab — ${title}`,
    subtitle: results.kind === 'experiment' ? 'Balance report of a lab experiment run' : 'Balance report of a lab simulate run',
    facts,
    flagSets,
    armLabel,
    correction: correctionText(flagSets[0]!),
    bandText: `GIH WR ${bandText('gihWr', band.gihWr)}, IWD ${bandText('iwd', band.iwd)}, deck WR ${bandText('deckWr', band.deckWr)}`,
    links,
    linkGroups: groups,
    charts: rendered.map(({ chart, svg }) => ({ id: chart.id, section: chart.section, title: chart.title, caption: chart.caption, svg, specFile: `${chart.id}.vl.json` })),
    notes,
    remarks,
    prefaceCharts: ['fixes'],
    preface: withSuggestedFixes(opts.preface ?? nightlyPreface(results.dir) ?? variantsSection(results), results.dir),
    modesIntro: `Per mode (${game.modes.map((x) => x.id).join(', ')}). n = games.`,
    answer: answerHtml(main, band, q, meta.get(mainArm)) + recheckSection(results.dir),
    sections,
    cardDrill: sections.some((x) => x.id === 'card-drill'),
    glossary: { definitions: metricDefinitions(game.words.glossary, (c) => dropped(game, c)), metricsHref: relative(outDir, METRICS_FILE).split(sep).map(encodeURIComponent).join('/') },
  });
  const htmlFile = join(outDir, 'index.html');
  atomicWrite(htmlFile, html);
  return {
    html: htmlFile,
    specs,
    flagged: flagSets[0]!.flagged,
    flaggedByArm: Object.fromEntries(flagSets.map((f) => [f.arm, f.flagged])),
    charts: rendered.map(({ chart, svg, warnings }) => ({ id: chart.id, title: chart.title, section: chart.section, svgBytes: svg.length, warnings })),
    strength,
  };
}

/** The project's metrics page, linked from the report relative to where the report is. */
const METRICS_FILE = fileURLToPath(new URL('./METRICS.md', import.meta.url));

/** A nightly folder keeps its comparison in changes.json: a re-made report keeps it on top. */
function nightlyPreface(dir: string): ReportOptions['preface'] {
  const file = join(dir, 'changes.json');
  if (!existsSync(file)) return undefined;
  const changes = JSON.parse(readFileSync(file, 'utf8')) as NightlyChanges;
  return { id: 'changes', title: 'What changed since last night', html: changesHtml(changes) };
}
