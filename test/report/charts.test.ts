// Every chart of the report, built from a small hand-made results folder: the vega-lite spec
// compiles without a warning, renders headless to an SVG whose every data mark holds items, and
// carries a title, axis titles and the sample sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessDifferences, cardEffectChart, cardGihChart, chartCards, cardIwdChart, cardPlayPitchChart, deckOrder, deckStrengthChart, deckWrChart, differencesChart, firstPlayerChart,
  fixSearchChart, gameLengthChart, knobSweepChart, matchupHeatmap, modesCardsChart, modesDecksChart, placeLabels, sweepChart, vpSourcesChart, type Chart,
} from '../../src/report/charts.ts';
import { assessArm } from '../../src/report/flags.ts';
import { renderSvg } from '../../src/report/render.ts';
import { btGamesFromMatchups } from '../../src/report/report.ts';
import { bradleyTerry } from '../../src/report/stats.ts';
import { deckKeys, loadResults, type CardRow, type DifferenceRow, type Results, type Sweep } from '../../src/report/summary.ts';
import { writeFixture } from './fixture.ts';
import type { FirstPlayerRow } from '../../src/sim/first-player.ts';
import type { KnobSweep } from '../../src/sim/opening.ts';
import type { SuggestedFix } from '../../src/report/fixes.ts';
import { compileSpec, markGroups, svgTexts } from './helpers.ts';

let dir: string;
let results: Results;
const charts = new Map<string, Chart>();

const DIFFS: DifferenceRow[] = [
  { arm: 'nisqy-4', mode: 'quick', kind: 'deck', name: 'Gardiens rapide', base: 0.567, value: 0.5125, diff: -0.0545, lo: -0.0763, hi: -0.0327, n: 4000, significant: true },
  { arm: 'nisqy-4', mode: 'quick', kind: 'deck', name: 'Veilleurs rapide', base: 0.157, value: 0.17, diff: 0.013, lo: -0.003, hi: 0.029, n: 4000, significant: false },
  { arm: 'nisqy-4', mode: 'quick', kind: 'card', name: 'Nisqy', base: 0.6, value: 0.55, diff: -0.05, lo: -0.07, hi: -0.03, n: 8000, significant: true },
  { arm: 'nisqy-3', mode: 'quick', kind: 'card', name: 'Nisqy', base: 0.6, value: 0.5, diff: -0.1, lo: -0.12, hi: -0.08, n: 8000, significant: true },
];
const SWEEP: Sweep = {
  card: 'Arthur', field: 'power',
  points: [2, 3, 4, 5].flatMap((v, i) => [
    { value: v, mode: 'quick', kind: 'card' as const, name: 'Arthur', wr: 0.3 + 0.05 * i, lo: 0.28 + 0.05 * i, hi: 0.32 + 0.05 * i, n: 7000 + i },
    { value: v, mode: 'quick', kind: 'deck' as const, name: 'Veilleurs rapide', wr: 0.32 + 0.05 * i, lo: 0.3 + 0.05 * i, hi: 0.34 + 0.05 * i, n: 2000 },
  ]),
};
/** A knob swept over 1 and 2 (the base at 0), in two modes: the first player's rate falls as the second player gets resources. */
const KNOB: KnobSweep = { rule: 'secondPlayerResources', base: 0, points: [{ value: 1, arm: 'secondPlayerResources=1' }, { value: 2, arm: 'secondPlayerResources=2' }] };
const fpRow = (arm: string, mode: string, wins: number, lo: number, hi: number, diff: number | null): FirstPlayerRow => ({
  arm, mode, rules: null, games: 2000, firstWins: wins, secondWins: 2000 - wins, draws: 0, wr: wins / 2000, lo, hi, diff, diffLo: diff === null ? null : diff - 0.02, diffHi: diff === null ? null : diff + 0.02, pairs: diff === null ? 0 : 1000, interval: diff === null ? null : 'paired',
});
const FP: FirstPlayerRow[] = [
  fpRow('base', 'standard', 1148, 0.552, 0.596, null), fpRow('secondPlayerResources=1', 'standard', 1096, 0.526, 0.570, -0.026), fpRow('secondPlayerResources=2', 'standard', 1062, 0.509, 0.553, -0.043),
  fpRow('base', 'quick', 1100, 0.528, 0.572, null), fpRow('secondPlayerResources=1', 'quick', 1060, 0.508, 0.552, -0.02), fpRow('secondPlayerResources=2', 'quick', 1010, 0.483, 0.527, -0.045),
  fpRow('no-turn-1-attack', 'standard', 920, 0.438, 0.482, -0.114),
];
/** A fix search on a planted card: power 7 now, 4, 10, 6 and 5 tried, 5 proposed (the nightly's screen, lab report --suggest-fixes). */
const FIX: SuggestedFix = {
  mode: 'quick', card: 'Arthur', field: 'power', current: 7, proposal: 5, change: -2, outcome: 'in', band: 'within 45.0%–55.0% (even)',
  wr: 0.494, wrLo: 0.44, wrHi: 0.549, effect: -0.208, lo: -0.265, hi: -0.151, games: 2160,
  points: [[4, 0.414], [5, 0.494], [6, 0.606], [7, 0.703], [10, 0.772]].map(([value, wr]) => ({ value: value!, wr: wr!, wrLo: wr! - 0.055, wrHi: wr! + 0.055, bandLo: 0.45, bandHi: 0.55 })),
};

beforeAll(() => {
  dir = writeFixture(mkdtempSync(join(tmpdir(), 'lab-report-charts-')));
  results = loadResults(dir);
  const t = results.tables.get('')!;
  const flags = assessArm(t, '', results.band);
  const add = (c: Chart | null) => {
    expect(c).not.toBeNull();
    charts.set(c!.id, c!);
  };
  for (const mode of ['quick', 'standard']) {
    add(cardEffectChart(mode, t.cards, flags, results.band, `effect-${mode}`));
    add(cardGihChart(mode, t.cards, flags, results.band, `gih-${mode}`));
    add(cardIwdChart(mode, t.cards, flags, results.band, `iwd-${mode}`));
    add(cardPlayPitchChart(mode, t.cards, `play-pitch-${mode}`));
    const bt = bradleyTerry(btGamesFromMatchups(t.matchups, mode), { players: t.decks.filter((d) => d.mode === mode).map((d) => d.deck) });
    add(matchupHeatmap(mode, t.matchups, deckOrder(mode, t.decks, bt), `matchups-${mode}`));
    add(deckStrengthChart(mode, t.decks, bt, `strength-${mode}`));
    add(deckWrChart(mode, t.decks, flags, results.band, `deck-wr-${mode}`));
  }
  add(firstPlayerChart(t.modes, 'first-player'));
  add(gameLengthChart(t, 'game-length'));
  add(vpSourcesChart(t, 'vp-sources'));
  add(modesDecksChart(t.decks, deckKeys(results), 'modes-decks'));
  add(modesCardsChart(t.cards, results.band, 'modes-cards'));
  add(differencesChart(assessDifferences(DIFFS), ['base', 'nisqy-4', 'nisqy-3'], 'differences'));
  add(sweepChart(SWEEP, results.band, 'sweep'));
  add(knobSweepChart(KNOB, FP, 'knob-sweep'));
  add(fixSearchChart(FIX, 'fix-search'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const IDS = [
  'effect-quick', 'effect-standard', 'gih-quick', 'iwd-quick', 'play-pitch-quick', 'matchups-quick', 'strength-quick', 'deck-wr-quick',
  'gih-standard', 'iwd-standard', 'play-pitch-standard', 'matchups-standard', 'strength-standard', 'deck-wr-standard',
  'first-player', 'game-length', 'vp-sources', 'modes-decks', 'modes-cards', 'differences', 'sweep', 'knob-sweep', 'fix-search',
];

describe('every chart', () => {
  it.each(IDS)('%s compiles, renders marks, has a title, axis titles and n', async (id) => {
    const chart = charts.get(id)!;
    expect(chart.title.length).toBeGreaterThan(3);
    expect(chart.caption.length).toBeGreaterThan(20);
    const { warnings } = compileSpec(chart.spec);
    expect(warnings).toEqual([]);
    // Data inline: the spec stands alone in a vega-lite editor.
    expect(JSON.stringify(chart.spec)).not.toMatch(/"url"\s*:/);
    const { svg, warnings: renderWarnings } = await renderSvg(chart.spec);
    expect(renderWarnings).toEqual([]);
    expect(svg.startsWith('<svg')).toBe(true);
    const groups = markGroups(svg);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g.items, `${id}: an empty ${g.type} mark`).toBeGreaterThan(0);
    expect(svgTexts(svg, 'title-text').join(' ')).toContain(chart.title);
    const axisTitles = svgTexts(svg, 'axis-title').filter((t) => t.trim() !== '');
    expect(axisTitles.length, `${id}: axis titles`).toBeGreaterThanOrEqual(1);
    // Sample sizes: in the axis labels, cell labels, subtitles or hover titles.
    expect(svg).toMatch(/\bn ?= ?[\d,]+/);
  });
});

describe('specific charts', () => {
  it('GIH WR: sorted, the flagged card coloured, the band drawn, n in the labels', async () => {
    const { svg } = await renderSvg(charts.get('gih-quick')!.spec);
    const labels = svgTexts(svg, 'axis-label');
    const cards = labels.filter((l) => /\(n=/.test(l));
    expect(cards).toEqual(['Nisqy (n=4,600)', 'Glance (n=1,000)', 'Yukino (n=1,000)', 'Arthur (n=1,000)']);
    expect(svg).toContain('<title>Nisqy: GIH WR 61.2% [59.8%, 62.6%], n = 4,600 copies in hand; flagged: above band</title>');
    expect(svg).toMatch(/aria-label="Nisqy: GIH WR[^"]*"[^>]*fill="#d62728"/);
    expect(svg).toMatch(/aria-label="Glance: GIH WR[^"]*"[^>]*fill="#ff9f1c"/); // outside, not kept by BH
  });

  it('matchups: a cell under 30 games is labelled, not coloured', async () => {
    const { svg } = await renderSvg(charts.get('matchups-quick')!.spec);
    expect(svg).toMatch(/aria-label="Gardiens rapide against Émissaires rapide: won 60\.0% of n = 20 games \(under 30: not coloured\)"[^>]*fill="#eeeeee"/);
    expect(svg).toMatch(/aria-label="Gardiens rapide against Veilleurs rapide: won 72\.5% of n = 400 games"[^>]*fill="rgb\(/);
    expect(svg).toContain('n=20 (&lt;30)');
  });

  it('deck strength: one point per deck, strongest first, γ in the subtitle', async () => {
    const { svg } = await renderSvg(charts.get('strength-quick')!.spec);
    expect(svgTexts(svg, 'axis-label').filter((l) => /\(n=/.test(l))).toEqual(['Gardiens rapide (n=420)', 'Émissaires rapide (n=420)', 'Veilleurs rapide (n=800)']);
    expect(svgTexts(svg, 'title-subtitle').join(' ')).toMatch(/first-move advantage γ = -?\d\.\d{3} \[/);
  });

  it('standard vs quick: decks matched across modes by their files', () => {
    const rows = (charts.get('modes-decks')!.spec as { data: { values: { label: string; mode: string }[] } }).data.values;
    const gardiens = rows.filter((r) => r.label.startsWith('Gardiens rapide / Gardiens'));
    expect(gardiens.map((r) => r.mode).sort()).toEqual(['quick', 'standard']);
    const cards = (charts.get('modes-cards')!.spec as { data: { values: { card: string }[] } }).data.values;
    expect([...new Set(cards.map((c) => c.card))].sort()).toEqual(['Arthur', 'Nisqy']); // the cards in both modes
  });

  it('differences: Benjamini–Hochberg across the differences, one panel per arm in run order', async () => {
    const assessed = assessDifferences(DIFFS);
    expect(assessed.map((d) => d.status)).toEqual(['significant after BH', 'not significant', 'significant after BH', 'significant after BH']);
    const { svg } = await renderSvg(charts.get('differences')!.spec);
    const titles = svgTexts(svg, 'title-text');
    expect(titles.indexOf('arm nisqy-4')).toBeLessThan(titles.indexOf('arm nisqy-3'));
  });

  it('sweep: the band is drawn and n is given per series', async () => {
    const chart = charts.get('sweep')!;
    const { svg } = await renderSvg(chart.spec);
    expect(svgTexts(svg, 'title-subtitle').join(' ')).toContain('card: n = 7,000–7,003 copies in hand; decks: n = 2,000 games');
    expect(markGroups(svg).filter((g) => g.type === 'rect')).toHaveLength(1); // the band
    const lines = markGroups(svg).filter((g) => g.type === 'line');
    expect(lines).toHaveLength(2); // one line per series
    for (const l of lines) expect(l.items).toBe(1);
  });

  it('knob sweep: the first player\'s rate against the knob, base included, one series a mode, 50% dashed, neither red nor blue', async () => {
    const chart = charts.get('knob-sweep')!;
    expect(chart.section).toBe('variants');
    const rows = (chart.spec as { data: { values: { value: number; arm: string; mode: string; wr: number }[] } }).data.values;
    // Three values a mode, the base at 0; the variant that is not on the sweep left out.
    expect(rows.filter((r) => r.mode === 'standard').map((r) => [r.value, r.arm, r.wr])).toEqual([[0, 'base', 0.574], [1, 'secondPlayerResources=1', 0.548], [2, 'secondPlayerResources=2', 0.531]]);
    expect(rows.filter((r) => r.mode === 'quick').map((r) => r.value)).toEqual([0, 1, 2]);
    const { svg } = await renderSvg(chart.spec);
    expect(svgTexts(svg, 'axis-title')).toContain('secondPlayerResources');
    expect(svgTexts(svg, 'title-subtitle').join(' ')).toContain('n = 2,000 games a point');
    expect(svg).toContain('<title>secondPlayerResources = 2, standard: the first player wins 53.1% [50.9%, 55.3%], n = 2,000 games</title>');
    const lines = markGroups(svg).filter((g) => g.type === 'line');
    expect(lines).toHaveLength(2); // one line per mode
    expect(markGroups(svg).filter((g) => g.type === 'symbol').reduce((a, g) => a + g.items, 0)).toBe(6);
    expect(svg).toMatch(/stroke-dasharray="4,3"/); // 50%
    expect(svg).not.toMatch(/fill="#(d62728|1f77b4|4c78a8)"/);
    // One value only: no chart.
    expect(knobSweepChart({ ...KNOB, points: [] }, FP, 'x')).toBeNull();
  });

  it('fix search: the holders\' rate at each value tried, the band shaded, now and the proposal named', async () => {
    const chart = charts.get('fix-search')!;
    expect(chart.section).toBe('fixes');
    const rows = (chart.spec as { data: { values: { value: number; role: string }[] } }).data.values;
    expect(rows.map((r) => [r.value, r.role])).toEqual([[4, ''], [5, 'proposed'], [6, ''], [7, 'now'], [10, '']]);
    const { svg } = await renderSvg(chart.spec);
    expect(svgTexts(svg, 'axis-title')).toContain('Arthur power');
    expect(svg).toContain('<title>Arthur power = 5 (proposed): the holders win 49.4% [43.9%, 54.9%] against the decks without it; band 45.0%–55.0%</title>');
    expect(markGroups(svg).filter((g) => g.type === 'area')).toHaveLength(1); // the band
    expect(markGroups(svg).filter((g) => g.type === 'symbol').reduce((a, g) => a + g.items, 0)).toBe(5);
    expect(fixSearchChart({ ...FIX, points: FIX.points!.slice(0, 1) }, 'x')).toBeNull();
  });

  it('card charts: the ten strongest and ten weakest by the deck-adjusted effect, every card when there are twenty or fewer', () => {
    const row = (card: string, e: number | null) => ({ mode: 'quick', card, adj_effect: e } as unknown as CardRow);
    const many = Array.from({ length: 30 }, (_, i) => row(`C${String(i).padStart(2, '0')}`, (i - 15) / 100));
    const pick = chartCards([...many, row('Sans estimation', null), row('Autre mode', 0.5)].map((r) => (r.card === 'Autre mode' ? { ...r, mode: 'standard' } : r)), 'quick');
    expect(pick.all).toBe(false);
    expect(pick.total).toBe(31);
    expect(pick.names).toEqual([...Array.from({ length: 10 }, (_, i) => `C${29 - i}`), ...Array.from({ length: 10 }, (_, i) => `C0${9 - i}`)]);
    const few = chartCards([row('B', 0.01), row('Sans estimation', null), row('A', 0.02), row('C', -0.01)], 'quick');
    expect(few).toEqual({ names: ['A', 'B', 'C', 'Sans estimation'], total: 4, all: true });
    // The fixture's quick cards, strongest first: the effect chart's rows.
    const rows = (charts.get('effect-quick')!.spec as { data: { values: { card: string; effect: number }[] } }).data.values;
    expect(rows.map((r) => [r.card, r.effect])).toEqual([['Nisqy', 10], ['Glance', 6.5], ['Yukino', 0], ['Arthur', -10]]);
  });

  it('one colour meaning: red strong, blue weak, in the effect chart, the matchup matrix and the differences', async () => {
    const effect = (await renderSvg(charts.get('effect-quick')!.spec)).svg;
    expect(effect).toMatch(/aria-label="Nisqy: deck-adjusted effect 10\.0 points[^"]*"[^>]*fill="#d62728"/);
    expect(effect).toMatch(/aria-label="Arthur: deck-adjusted effect -10\.0 points[^"]*"[^>]*fill="#1f77b4"/);
    // A row deck winning 72.5% is red, losing 27.5% blue.
    const rgb = (svg: string, label: string) => {
      const m = new RegExp(`aria-label="${label}[^"]*"[^>]*fill="rgb\\((\\d+), (\\d+), (\\d+)\\)"`).exec(svg)!;
      return [Number(m[1]), Number(m[2]), Number(m[3])];
    };
    const heat = (await renderSvg(charts.get('matchups-quick')!.spec)).svg;
    const win = rgb(heat, 'Gardiens rapide against Veilleurs rapide: won 72'), loss = rgb(heat, 'Veilleurs rapide against Gardiens rapide: won 27');
    expect(win[0]).toBeGreaterThan(win[2]!);
    expect(loss[2]).toBeGreaterThan(loss[0]!);
    // A significant fall of an arm is blue.
    const diffs = (await renderSvg(charts.get('differences')!.spec)).svg;
    expect(diffs).toMatch(/aria-label="nisqy-4, Gardiens rapide \(deck WR\)[^"]*"[^>]*fill="#1f77b4"/);
    // Neutral figures are neither red nor blue.
    for (const id of ['strength-quick', 'first-player', 'game-length', 'play-pitch-quick']) {
      const svg = (await renderSvg(charts.get(id)!.spec)).svg;
      expect(svg, id).not.toMatch(/fill="#(d62728|1f77b4|4c78a8)"/);
    }
  });

  it('scatter labels never overlap', () => {
    const pts = [{ x: 100, y: 100, text: 'Aaaaaaaa', r: 4 }, { x: 105, y: 101, text: 'Bbbbbbbb', r: 4 }, { x: 300, y: 300, text: 'C', r: 4 }];
    const placed = placeLabels(pts);
    expect(placed[2]).toBe('right');
    expect(placed.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(placed[0] === placed[1]).toBe(false); // the two close points never share a side
  });
});
