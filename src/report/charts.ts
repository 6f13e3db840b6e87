// The report's charts as vega-lite specs, each with its data inline (so the .vl.json file opens
// as it is in a vega-lite editor), a title, axis titles and the sample sizes in its labels and
// tooltips. Rendering to SVG is render.ts; the page is html.ts.
import { EARLY_DRAWS } from '../sim/card-effects.ts';
import type { TopLevelSpec } from 'vega-lite';
import { FLAG_COLOURS, FLAG_STATUSES, bandText, itemKey, pct, type Assessment, type FlagSet } from './flags.ts';
import { Z95, benjaminiHochberg, intervalBandPValue, type BtFit } from './stats.ts';
import { textWidth } from './render.ts';
import type { Band, CardRow, DeckRow, DifferenceRow, MatchupRow, ModeRow, Sweep, Tables } from './summary.ts';
import type { FirstPlayerRow } from '../sim/first-player.ts';
import type { KnobSweep } from '../sim/opening.ts';
import type { SuggestedFix } from './fixes.ts';

/** Where a chart goes: a charts section of the page, or (variants) inside the rule-variants section. */
export type Section = 'cards' | 'decks' | 'modes' | 'experiment' | 'variants' | 'fixes';

export interface Chart {
  /** File stem: the spec is saved as `<id>.vl.json`. */
  id: string;
  section: Section;
  title: string;
  /** What the chart shows, in words, for the page. */
  caption: string;
  spec: TopLevelSpec;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const WIDTH = 560;
const CONFIG = {
  font: 'sans-serif',
  view: { stroke: null },
  axis: { labelLimit: 1000, titleFontWeight: 'normal' as const, labelFontSize: 11, titleFontSize: 12 },
  legend: { labelLimit: 320, orient: 'bottom' as const, direction: 'horizontal' as const },
  title: { anchor: 'start' as const, fontSize: 15, subtitleFontSize: 12, subtitleColor: '#555', offset: 12 },
};
const BAND_COLOUR = '#2ca02c';
/**
 * One colour meaning in every chart: red is strong (a card or deck above, an arm's rise), blue
 * is weak (below, a fall); what says neither strong nor weak is grey or, for categories (modes,
 * score sources, sweep series), colours that are neither red nor blue.
 */
const NEUTRAL = '#555555';
const CATEGORY_COLOURS = ['#7f7f7f', '#9467bd', '#8c564b', '#bcbd22', '#17becf', '#e377c2', '#2ca02c', '#ff9f1c'];
/** Cards per side in the card charts: the strongest and the weakest by the deck-adjusted effect. */
export const CHART_CARDS = 10;
/** A nominal y axis whose title sits horizontally above its labels (never across long labels). */
const Y_AXIS = { titleAngle: 0, titleAlign: 'right' as const, titleBaseline: 'bottom' as const, titleX: 0, titleY: -8, labelLimit: 1000 };
const int = (n: number) => Math.round(n).toLocaleString('en');
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

function base(title: string, subtitle: string[], description: string) {
  return { $schema: SCHEMA, description, title: { text: title, subtitle }, config: CONFIG };
}

const flagColour = (title = 'flag') => ({
  field: 'status',
  type: 'nominal' as const,
  title,
  scale: { domain: FLAG_STATUSES, range: FLAG_COLOURS },
  legend: { title, columns: 2 },
});

/** A shaded vertical band [lo, hi] on the x axis, drawn once. */
function xBand(lo: number, hi: number) {
  return {
    data: { values: [{ band_lo: lo, band_hi: hi }] },
    mark: { type: 'rect' as const, aria: false, color: BAND_COLOUR, opacity: 0.13 },
    encoding: { x: { field: 'band_lo', type: 'quantitative' as const }, x2: { field: 'band_hi' } },
  };
}

/**
 * An estimate with its 95% interval: a rule from low to high and a point at the estimate, with
 * the point carrying the description and tooltip. `along` is the estimate's axis ('x' for rows
 * of items, 'y' for a series over a swept value); `across` is the other axis's encoding.
 */
function estimateWithInterval(o: {
  along: 'x' | 'y';
  across: Record<string, unknown>;
  axis: Record<string, unknown>;
  /** Fields of the estimate, its low and its high end. */
  fields: [string, string, string];
  /** A colour encoding, or one colour for every mark. */
  colour: Record<string, unknown> | string;
  size: number;
  strokeWidth: number;
  /** More encoding channels for both marks (yOffset). */
  extra?: Record<string, unknown>;
  tooltip: Record<string, unknown>[];
}) {
  const [value, lo, hi] = o.fields;
  const other = o.along === 'x' ? 'y' : 'x';
  const markColour = typeof o.colour === 'string' ? { color: o.colour } : {};
  const colour = typeof o.colour === 'string' ? {} : { color: o.colour };
  const rule = {
    mark: { type: 'rule' as const, aria: false, strokeWidth: o.strokeWidth, ...markColour },
    encoding: { [other]: o.across, ...o.extra, [o.along]: { ...o.axis, field: lo }, [`${o.along}2`]: { field: hi }, ...colour },
  };
  const point = {
    mark: { type: 'point' as const, filled: true, size: o.size, opacity: 1, ...markColour },
    encoding: { [other]: o.across, ...o.extra, [o.along]: { ...o.axis, field: value }, ...colour, description: { field: 'desc' }, tooltip: o.tooltip },
  };
  return [rule, point] as const;
}

// ----------------------------------------------------------------------------------------- cards

/**
 * The cards a card chart shows, in order: the CHART_CARDS strongest and the CHART_CARDS weakest
 * of the mode by the deck-adjusted effect, strongest first (every card when there are no more
 * than twice that; cards without an estimate then come last, by name).
 */
export function chartCards(cards: readonly CardRow[], mode: string, n = CHART_CARDS): { names: string[]; total: number; all: boolean } {
  const ofMode = cards.filter((c) => c.mode === mode);
  const eff = (c: CardRow) => (typeof c.adj_effect === 'number' && Number.isFinite(c.adj_effect) ? c.adj_effect : NaN);
  const byName = (a: CardRow, b: CardRow) => a.card.localeCompare(b.card, 'fr');
  const rated = ofMode.filter((c) => !Number.isNaN(eff(c))).sort((a, b) => eff(b) - eff(a) || byName(a, b));
  if (rated.length <= 2 * n) {
    const rest = ofMode.filter((c) => Number.isNaN(eff(c))).sort(byName);
    return { names: [...rated, ...rest].map((c) => c.card), total: ofMode.length, all: true };
  }
  return { names: [...rated.slice(0, n), ...rated.slice(-n)].map((c) => c.card), total: ofMode.length, all: false };
}

/** "the 10 strongest and 10 weakest of 65 cards by the deck-adjusted effect" (or "all 12 cards …"). */
function shownText(pick: { names: string[]; total: number; all: boolean }): string {
  return pick.all ? `all ${pick.total} cards, strongest deck-adjusted effect first` : `the ${CHART_CARDS} strongest and ${CHART_CARDS} weakest of ${pick.total} cards by the deck-adjusted effect, strongest first (every card is in the "Cards, one by one" table and cards.csv)`;
}

export function cardEffectChart(mode: string, cards: CardRow[], flags: FlagSet, band: Band, id: string): Chart | null {
  const byKey = new Map(flags.assessments.filter((a) => a.metric === 'adj').map((a) => [itemKey(a), a]));
  const pick = chartCards(cards, mode);
  const at = new Map(pick.names.map((c, i) => [c, i]));
  const rows = cards
    .filter((c) => c.mode === mode && at.has(c.card) && typeof c.adj_effect === 'number' && typeof c.adj_lo === 'number' && typeof c.adj_hi === 'number' && Number.isFinite(c.adj_lo))
    .sort((a, b) => at.get(a.card)! - at.get(b.card)!)
    .map((c) => {
      const a = byKey.get(itemKey({ mode, metric: 'adj', name: c.card }));
      const n1 = Number(c.adj_n_present ?? 0), n0 = Number(c.adj_n_absent ?? 0);
      const e = c.adj_effect as number, lo = c.adj_lo as number, hi = c.adj_hi as number;
      return {
        card: c.card, label: `${c.card} (n=${int(n1)} / ${int(n0)})`, effect: r4(100 * e), lo: r4(100 * lo), hi: r4(100 * hi), n_dealt: n1, n_not: n0,
        status: a?.status ?? FLAG_STATUSES[3],
        desc: `${c.card}: deck-adjusted effect ${(100 * e).toFixed(1)} points [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}], n = ${int(n1)} seat-games held it early, ${int(n0)} not; ${a?.status ?? FLAG_STATUSES[3]}`,
      };
    });
  if (rows.length === 0) return null;
  const y = { field: 'label', type: 'nominal' as const, sort: rows.map((r) => r.label), title: 'card (n = seat-games holding it early / not)', axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'deck-adjusted effect, points: WR dealt − not dealt, same deck, opponent and seat (95% interval)' };
  const title = `Deck-adjusted card effect — ${mode}`;
  return {
    id, section: 'cards', title,
    caption: `What a card wins beyond its deck: the win rate of the seat-games whose deck held it early (kept opening hand or the next ${EARLY_DRAWS} cards of its library as play began) minus those of the same deck that did not, within each opposing deck and seat, in points, with its 95% interval (the seed pair as unit). Shown: ${shownText(pick)}. The band ${bandText('iwd', band.iwd)} is shaded; red: flagged stronger, blue: flagged weaker.`,
    spec: {
      ...base(title, [`${pick.all ? `all ${pick.total} cards` : `top ${CHART_CARDS} and bottom ${CHART_CARDS} of ${pick.total} cards`}; 95% intervals (seed pair as unit); band ${bandText('iwd', band.iwd)} shaded; n = seat-games`], `${title}: ${rows.length} cards`),
      width: WIDTH,
      height: { step: 16 },
      data: { values: rows },
      layer: [
        xBand(100 * band.iwd[0], 100 * band.iwd[1]),
        { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', aria: false, color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
        ...estimateWithInterval({
          along: 'x', across: y, axis: x, fields: ['effect', 'lo', 'hi'], colour: flagColour(), size: 45, strokeWidth: 2,
          tooltip: [
            { field: 'card' }, { field: 'effect', title: 'effect (points)', format: '+.1f' }, { field: 'lo', title: 'low', format: '+.1f' }, { field: 'hi', title: 'high', format: '+.1f' },
            { field: 'n_dealt', title: 'n dealt', format: ',' }, { field: 'n_not', title: 'n not dealt', format: ',' }, { field: 'status', title: 'flag' },
          ],
        }),
      ],
    } as TopLevelSpec,
  };
}

export function cardGihChart(mode: string, cards: CardRow[], flags: FlagSet, band: Band, id: string): Chart | null {
  // Coloured by the card's deck-adjusted flag: GIH WR describes, it never flags (metrics.md).
  const byKey = new Map(flags.assessments.filter((a) => a.metric === 'adj').map((a) => [itemKey(a), a]));
  const pick = chartCards(cards, mode);
  const at = new Map(pick.names.map((c, i) => [c, i]));
  const rows = cards
    .filter((c) => c.mode === mode && at.has(c.card) && c.gih_n > 0 && c.gih_wr !== null && c.gih_lo !== null && c.gih_hi !== null)
    .map((c) => {
      const a = byKey.get(itemKey({ mode, metric: 'adj', name: c.card }));
      return {
        card: c.card, label: `${c.card} (n=${int(c.gih_n)})`, gih_wr: c.gih_wr, gih_lo: c.gih_lo, gih_hi: c.gih_hi, n: c.gih_n,
        status: a?.status ?? FLAG_STATUSES[3], p: a ? r4(a.p) : null,
        desc: `${c.card}: GIH WR ${pct(c.gih_wr)} [${pct(c.gih_lo)}, ${pct(c.gih_hi)}], n = ${int(c.gih_n)} copies in hand; ${a?.status ?? FLAG_STATUSES[3]}`,
      };
    })
    .sort((x, y) => at.get(x.card)! - at.get(y.card)!);
  if (rows.length === 0) return null;
  const order = rows.map((r) => r.label);
  const flagged = rows.filter((r) => r.status.startsWith('flagged')).length;
  const y = { field: 'label', type: 'nominal' as const, sort: order, title: 'card (n = copies in hand)', axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'GIH WR: won when in hand (95% interval, game as unit)', axis: { format: '.0%' }, scale: { zero: false } };
  const title = `GIH WR by card — ${mode}`;
  return {
    id, section: 'cards', title,
    caption: `Win rate of the games in which each card was in hand (opening hand or drawn), copy-weighted, with its 95% interval (the game as unit, not the copy). Shown: ${shownText(pick)}. The green band is the balance band (${bandText('gihWr', band.gihWr)}); ${flagged} card(s) flagged on their deck-adjusted effect (red stronger, blue weaker; GIH WR itself describes, it does not flag) are coloured.`,
    spec: {
      ...base(title, [`${pick.all ? `all ${pick.total} cards` : `top ${CHART_CARDS} and bottom ${CHART_CARDS} of ${pick.total} cards by the deck-adjusted effect`}; 95% intervals (game as unit); balance band ${bandText('gihWr', band.gihWr)} shaded; n = copies in hand`], `${title}: ${rows.length} cards`),
      width: WIDTH,
      height: { step: 16 },
      data: { values: rows },
      layer: [
        xBand(band.gihWr[0], band.gihWr[1]),
        ...estimateWithInterval({
          along: 'x', across: y, axis: x, fields: ['gih_wr', 'gih_lo', 'gih_hi'], colour: flagColour(), size: 45, strokeWidth: 2,
          tooltip: [
            { field: 'card', title: 'card' }, { field: 'gih_wr', title: 'GIH WR', format: '.1%' }, { field: 'gih_lo', title: 'low', format: '.1%' },
            { field: 'gih_hi', title: 'high', format: '.1%' }, { field: 'n', title: 'n (copies in hand)', format: ',' }, { field: 'status', title: 'flag' }, { field: 'p', title: 'p (vs band)' },
          ],
        }),
      ],
    } as TopLevelSpec,
  };
}

export function cardIwdChart(mode: string, cards: CardRow[], flags: FlagSet, band: Band, id: string): Chart | null {
  // Coloured by the card's deck-adjusted flag: raw IWD describes, it never flags (metrics.md).
  const byKey = new Map(flags.assessments.filter((a) => a.metric === 'adj').map((a) => [itemKey(a), a]));
  const pick = chartCards(cards, mode);
  const at = new Map(pick.names.map((c, i) => [c, i]));
  const rows = cards
    .filter((c) => c.mode === mode && at.has(c.card) && c.iwd !== null && c.iwd_lo !== null && c.iwd_hi !== null && c.gns_n > 0)
    .map((c) => {
      const a = byKey.get(itemKey({ mode, metric: 'adj', name: c.card }));
      return {
        card: c.card, label: `${c.card} (n=${int(c.gih_n)} / ${int(c.gns_n)})`,
        iwd: r4(100 * c.iwd!), iwd_lo: r4(100 * c.iwd_lo!), iwd_hi: r4(100 * c.iwd_hi!), n_in_hand: c.gih_n, n_not_seen: c.gns_n,
        status: a?.status ?? FLAG_STATUSES[3],
        desc: `${c.card}: IWD ${(100 * c.iwd!).toFixed(1)} points [${(100 * c.iwd_lo!).toFixed(1)}, ${(100 * c.iwd_hi!).toFixed(1)}], n = ${int(c.gih_n)} in hand, ${int(c.gns_n)} never seen; ${a?.status ?? FLAG_STATUSES[3]}`,
      };
    })
    .sort((x, y) => at.get(x.card)! - at.get(y.card)!);
  if (rows.length === 0) return null;
  const missing = pick.names.length - rows.length;
  const order = rows.map((r) => r.label);
  const y = { field: 'label', type: 'nominal' as const, sort: order, title: 'card (n = copies in hand / never seen)', axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'IWD, points: GIH WR − GNS WR (95% interval, the seed pair as unit)' };
  const title = `IWD (improvement when drawn) by card — ${mode}`;
  return {
    id, section: 'cards', title,
    caption: `Improvement when drawn: the win rate when the card was in hand minus when it was never seen, in points, with a 95% interval whose unit is the seed pair (METRICS.md notes it favours cards that want long games; cards.csv has IWD by turn). Band ${bandText('iwd', band.iwd)} shaded. Shown: ${shownText(pick)}.${missing > 0 ? ` ${missing} of them with no copy ever left unseen (GNS) have no IWD and are left out.` : ''}`,
    spec: {
      ...base(title, [`${pick.all ? `all ${pick.total} cards` : `top ${CHART_CARDS} and bottom ${CHART_CARDS} of ${pick.total} cards by the deck-adjusted effect`}; bars: IWD; lines: 95% interval (seed pairs as units); band ${bandText('iwd', band.iwd)} shaded; n = copies in hand / never seen`], `${title}: ${rows.length} cards`),
      width: WIDTH,
      height: { step: 16 },
      data: { values: rows },
      layer: [
        xBand(100 * band.iwd[0], 100 * band.iwd[1]),
        { mark: { type: 'bar', opacity: 0.75, height: { band: 0.7 } }, encoding: { y, x: { ...x, field: 'iwd' }, color: flagColour(), description: { field: 'desc' }, tooltip: [
          { field: 'card' }, { field: 'iwd', title: 'IWD (points)', format: '+.1f' }, { field: 'iwd_lo', title: 'low', format: '+.1f' }, { field: 'iwd_hi', title: 'high', format: '+.1f' },
          { field: 'n_in_hand', title: 'n in hand', format: ',' }, { field: 'n_not_seen', title: 'n never seen', format: ',' }, { field: 'status', title: 'flag' },
        ] } },
        { mark: { type: 'rule', aria: false, color: '#333' }, encoding: { y, x: { ...x, field: 'iwd_lo' }, x2: { field: 'iwd_hi' } } },
      ],
    } as TopLevelSpec,
  };
}

/**
 * Which points of a scatter get a text label: greedily, most copies first, a label only where its
 * box (estimated from font metrics) overlaps no label or point already placed.
 */
export function placeLabels(points: { x: number; y: number; text: string; r: number }[], fontSize = 9): ('right' | 'left' | null)[] {
  type Box = [number, number, number, number];
  const boxes: Box[] = points.map((p) => [p.x - p.r, p.y - p.r, p.x + p.r, p.y + p.r]);
  const placed: Box[] = [];
  const order = points.map((_, i) => i).sort((a, b) => points[b]!.r - points[a]!.r);
  const out: ('right' | 'left' | null)[] = points.map(() => null);
  const hit = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  for (const i of order) {
    const p = points[i]!;
    const w = textWidth(p.text, fontSize);
    const top = p.y - fontSize / 2 - 1, bottom = p.y + fontSize / 2 + 1;
    const options: ['right' | 'left', Box][] = [['right', [p.x + p.r + 2, top, p.x + p.r + 3 + w, bottom]], ['left', [p.x - p.r - 3 - w, top, p.x - p.r - 2, bottom]]];
    for (const [side, box] of options) {
      if (box[0] < 0) continue;
      if (placed.some((b) => hit(box, b)) || boxes.some((b, j) => j !== i && hit(box, b))) continue;
      placed.push(box);
      out[i] = side;
      break;
    }
  }
  return out;
}

export function cardPlayPitchChart(mode: string, cards: CardRow[], id: string): Chart | null {
  const raw = cards.filter((c) => c.mode === mode && c.gih_n > 0 && c.play_rate !== null && c.pitch_rate !== null);
  if (raw.length === 0) return null;
  const width = WIDTH, height = 420;
  const xMax = Math.min(1, Math.ceil(Math.max(...raw.map((c) => c.play_rate!)) * 10 + 0.5) / 10);
  const yMax = Math.min(1, Math.ceil(Math.max(...raw.map((c) => c.pitch_rate!)) * 10 + 0.5) / 10);
  const nMax = Math.max(...raw.map((c) => c.gih_n));
  const area = (n: number) => 20 + (240 * n) / nMax; // the size scale below: [0, nMax] → [20, 260] px²
  const fit = placeLabels(raw.map((c) => ({ x: (c.play_rate! / xMax) * width, y: (1 - c.pitch_rate! / yMax) * height, text: c.card, r: Math.sqrt(area(c.gih_n) / Math.PI) })));
  const rows = raw.map((c, i) => ({ card: c.card, label_right: fit[i] === 'right' ? c.card : '', label_left: fit[i] === 'left' ? c.card : '', play_rate: c.play_rate, pitch_rate: c.pitch_rate, n: c.gih_n, played: c.played, pitched: c.pitched,
    desc: `${c.card}: play rate ${pct(c.play_rate)}, pitch rate ${pct(c.pitch_rate)}, n = ${int(c.gih_n)} copies in hand` }));
  const labelled = fit.filter(Boolean).length;
  const x = { field: 'play_rate', type: 'quantitative' as const, title: 'play rate: copies played (once or more) / copies held', axis: { format: '.0%' }, scale: { domain: [0, xMax], nice: false, padding: 0 } };
  const yy = { field: 'pitch_rate', type: 'quantitative' as const, title: 'pitch rate: copies discarded for resources / copies in hand', axis: { format: '.0%' }, scale: { domain: [0, yMax], nice: false, padding: 0 } };
  const title = `Play rate against pitch rate — ${mode}`;
  return {
    id, section: 'cards', title,
    caption: `One point per card: how often a copy in hand was played (x) and how often it was discarded to pay for something else (y). Cards up and to the left are burnt rather than played — a weak-card signal. Point size: copies in hand (n). ${labelled} of ${rows.length} points are named where the names do not overlap; hover any point for its name and numbers.`,
    spec: {
      ...base(title, [`one point per card (${rows.length}); size = n, copies in hand (${int(Math.min(...rows.map((r) => r.n)))}–${int(nMax)})`], `${title}: ${rows.length} cards`),
      width,
      height,
      data: { values: rows },
      layer: [
        {
          mark: { type: 'circle', opacity: 0.7, color: NEUTRAL },
          encoding: {
            x, y: yy, description: { field: 'desc' }, 
            size: { field: 'n', type: 'quantitative', title: 'n (copies in hand)', scale: { domain: [0, nMax], range: [20, 260] }, legend: { format: ',.0f' } },
            tooltip: [{ field: 'card' }, { field: 'play_rate', title: 'play rate', format: '.1%' }, { field: 'pitch_rate', title: 'pitch rate', format: '.1%' },
              { field: 'n', title: 'n (copies in hand)', format: ',' }, { field: 'played', format: ',' }, { field: 'pitched', format: ',' }],
          },
        },
        { mark: { type: 'text', aria: false, align: 'left', baseline: 'middle', dx: 7, fontSize: 9, color: '#333' }, encoding: { x, y: yy, text: { field: 'label_right' } } },
        { mark: { type: 'text', aria: false, align: 'right', baseline: 'middle', dx: -7, fontSize: 9, color: '#333' }, encoding: { x, y: yy, text: { field: 'label_left' } } },
      ],
    } as TopLevelSpec,
  };
}

// ----------------------------------------------------------------------------------------- decks

/** Decks of a mode in the order strongest first: Bradley–Terry β when fitted, else win rate. */
export function deckOrder(mode: string, decks: DeckRow[], bt: BtFit | null): string[] {
  const names = decks.filter((d) => d.mode === mode).map((d) => d.deck);
  const beta = new Map(bt && bt.converged ? bt.players.map((p, i) => [p, bt.beta[i]!]) : []);
  const wr = new Map(decks.filter((d) => d.mode === mode).map((d) => [d.deck, d.wr ?? -1]));
  return names.sort((a, b) => (beta.get(b) ?? wr.get(b)!) - (beta.get(a) ?? wr.get(a)!) || a.localeCompare(b, 'fr'));
}

export function matchupHeatmap(mode: string, matchups: MatchupRow[], order: string[], id: string, minGames = 30): Chart | null {
  const cells: Record<string, unknown>[] = [];
  const cell = (row: string, col: string, wins: number, n: number) => {
    const wr = n > 0 ? wins / n : null;
    const small = n < minGames;
    cells.push({
      deck: row, opponent: col, wr: wr === null ? null : r4(wr), n, small,
      desc: `${row} against ${col}: ${wr === null ? 'no games' : `won ${pct(wr)}`} of n = ${int(n)} games${small ? ` (under ${minGames}: not coloured)` : ''}`,
      label: `${wr === null ? '—' : pct(wr, 0)}\nn=${int(n)}${small ? ` (<${minGames})` : ''}`,
    });
  };
  for (const m of matchups.filter((r) => r.mode === mode)) {
    cell(m.deck_a, m.deck_b, m.wins_a, m.games);
    if (m.deck_a !== m.deck_b) cell(m.deck_b, m.deck_a, m.wins_b, m.games);
  }
  if (cells.length === 0) return null;
  const small = cells.filter((c) => c.small).length;
  const axisOrder = [...order, ...new Set(cells.flatMap((c) => [c.deck as string, c.opponent as string]).filter((d) => !order.includes(d)))];
  const title = `Matchups — ${mode}`;
  const x = { field: 'opponent', type: 'nominal' as const, sort: axisOrder, title: 'opponent', axis: { labelAngle: -35, orient: 'top' as const } };
  const y = { field: 'deck', type: 'nominal' as const, sort: axisOrder, title: 'deck (its win rate in the cell)', axis: Y_AXIS };
  return {
    id, section: 'decks', title,
    caption: `Each cell: the row deck's win rate against the column deck (draws count as not won) and the number of games n. Cells under ${minGames} games are labelled but not coloured${small ? ` (${small} here)` : ''}. Decks ordered strongest first (Bradley–Terry). Per-cell Wilson intervals are in matchups.csv.`,
    spec: {
      ...base(title, [`row deck's win rate against the column deck; n = games; cells under ${minGames} games grey`], `${title}: ${cells.length} cells`),
      data: { values: cells },
      width: { step: Math.max(58, Math.min(90, Math.floor(640 / Math.max(1, axisOrder.length)))) },
      height: { step: 40 },
      layer: [
        {
          mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
          encoding: {
            x, y, description: { field: 'desc' }, 
            color: {
              condition: { test: `datum.small || datum.wr === null`, value: '#eeeeee' },
              field: 'wr', type: 'quantitative', title: 'win rate of the row deck',
              scale: { scheme: 'redblue', reverse: true, domain: [0.15, 0.85], domainMid: 0.5, clamp: true },
              legend: { format: '.0%', direction: 'horizontal', orient: 'bottom', gradientLength: 240 },
            },
            tooltip: [{ field: 'deck' }, { field: 'opponent' }, { field: 'wr', title: 'win rate', format: '.1%' }, { field: 'n', title: 'n (games)', format: ',' }],
          },
        },
        {
          mark: { type: 'text', aria: false, lineBreak: '\n', fontSize: 10, lineHeight: 12 },
          encoding: {
            x, y, text: { field: 'label' },
            color: { condition: { test: '!datum.small && datum.wr !== null && (datum.wr > 0.75 || datum.wr < 0.25)', value: 'white' }, value: 'black' },
          },
        },
      ],
    } as TopLevelSpec,
  };
}

export function deckStrengthChart(mode: string, decks: DeckRow[], bt: BtFit, id: string): Chart | null {
  if (!bt.converged || bt.players.length < 2) return null;
  const games = new Map(decks.filter((d) => d.mode === mode).map((d) => [d.deck, d.games]));
  const rows = bt.players.map((p, i) => ({
    deck: p, label: `${p} (n=${int(games.get(p) ?? bt.games[i]!)})`, beta: r4(bt.beta[i]!), lo: r4(bt.lo[i]!), hi: r4(bt.hi[i]!), se: r4(bt.se[i]!),
    vs_average: r4(1 / (1 + Math.exp(-bt.beta[i]!))), n: games.get(p) ?? bt.games[i]!,
    desc: `${p}: β = ${bt.beta[i]!.toFixed(3)} [${bt.lo[i]!.toFixed(3)}, ${bt.hi[i]!.toFixed(3)}], beats an average deck ${pct(1 / (1 + Math.exp(-bt.beta[i]!)))}; n = ${int(games.get(p) ?? bt.games[i]!)} games`,
  })).filter((r) => Number.isFinite(r.beta)).sort((a, b) => b.beta - a.beta);
  const order = rows.map((r) => r.label);
  const y = { field: 'label', type: 'nominal' as const, sort: order, title: 'deck (n = games)', axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'strength β, log-odds (0 = average deck; 95% interval)' };
  const g = `first-move advantage γ = ${bt.gamma.toFixed(3)} [${bt.gammaLo.toFixed(3)}, ${bt.gammaHi.toFixed(3)}] log-odds (odds × ${Math.exp(bt.gamma).toFixed(2)})`;
  const title = `Deck strength (Bradley–Terry) — ${mode}`;
  return {
    id, section: 'decks', title,
    caption: `Bradley–Terry fit of the matchup table: logit P(i beats j) = βᵢ − βⱼ + γ·[i moves first], by maximum likelihood (Newton–Raphson), β centred to sum 0, 95% intervals from the observed information. A deck with β = 0.4 beats an average deck about ${pct(1 / (1 + Math.exp(-0.4)), 0)} of the time (seats balanced). Draws count half a win to each side. ${g}.`,
    spec: {
      ...base(title, [g, `maximum likelihood; 95% intervals from the observed information; n = games of each deck`], `${title}: ${rows.length} decks`),
      width: WIDTH,
      height: { step: 22 },
      data: { values: rows },
      layer: [
        { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', aria: false, color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
        ...estimateWithInterval({
          along: 'x', across: y, axis: x, fields: ['beta', 'lo', 'hi'], colour: NEUTRAL, size: 60, strokeWidth: 2,
          tooltip: [{ field: 'deck' }, { field: 'beta', title: 'β', format: '.3f' }, { field: 'se', title: 'standard error', format: '.3f' },
            { field: 'vs_average', title: 'P(beats an average deck)', format: '.1%' }, { field: 'n', title: 'n (games)', format: ',' }],
        }),
      ],
    } as TopLevelSpec,
  };
}

export function deckWrChart(mode: string, decks: DeckRow[], flags: FlagSet, band: Band, id: string): Chart | null {
  const byKey = new Map(flags.assessments.filter((a) => a.metric === 'deckWr').map((a) => [itemKey(a), a]));
  const rows = decks
    .filter((d) => d.mode === mode && d.games > 0 && d.wr !== null)
    .map((d) => ({
      deck: d.deck, label: `${d.deck} (n=${int(d.games)})`, wr: d.wr, lo: d.wr_lo, hi: d.wr_hi, n: d.games, draws: d.draws,
      status: byKey.get(itemKey({ mode, metric: 'deckWr', name: d.deck }))?.status ?? FLAG_STATUSES[3],
      desc: `${d.deck}: WR ${pct(d.wr)} [${pct(d.wr_lo)}, ${pct(d.wr_hi)}], n = ${int(d.games)} games (${int(d.draws)} draws); ${byKey.get(itemKey({ mode, metric: 'deckWr', name: d.deck }))?.status ?? FLAG_STATUSES[3]}`,
    }))
    .sort((a, b) => b.wr! - a.wr!);
  if (rows.length === 0) return null;
  const order = rows.map((r) => r.label);
  const y = { field: 'label', type: 'nominal' as const, sort: order, title: 'deck (n = games)', axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'win rate (95% Wilson interval)', axis: { format: '.0%' }, scale: { zero: false } };
  const title = `Deck win rate — ${mode}`;
  return {
    id, section: 'decks', title,
    caption: `Each deck's win rate over all its games (draws count as not won) with its 95% Wilson interval; band ${bandText('deckWr', band.deckWr)} shaded; flagged decks coloured. Against a round robin's field, so it depends on which decks are in the run; the Bradley–Terry chart separates strength from the field.`,
    spec: {
      ...base(title, [`95% Wilson intervals; balance band ${bandText('deckWr', band.deckWr)} shaded; n = games`], `${title}: ${rows.length} decks`),
      width: WIDTH,
      height: { step: 22 },
      data: { values: rows },
      layer: [
        xBand(band.deckWr[0], band.deckWr[1]),
        ...estimateWithInterval({
          along: 'x', across: y, axis: x, fields: ['wr', 'lo', 'hi'], colour: flagColour(), size: 60, strokeWidth: 2,
          tooltip: [{ field: 'deck' }, { field: 'wr', title: 'WR', format: '.1%' }, { field: 'lo', title: 'low', format: '.1%' }, { field: 'hi', title: 'high', format: '.1%' },
            { field: 'n', title: 'n (games)', format: ',' }, { field: 'draws', title: 'draws' }, { field: 'status', title: 'flag' }],
        }),
      ],
    } as TopLevelSpec,
  };
}

// ----------------------------------------------------------------------------------------- modes

export function firstPlayerChart(modes: ModeRow[], id: string): Chart | null {
  const rows = modes.filter((m) => m.games > 0 && m.first_player_wr !== null).map((m) => ({
    mode: m.mode, label: `${m.mode} (n=${int(m.games)})`, wr: m.first_player_wr, lo: m.first_player_wr_lo, hi: m.first_player_wr_hi, n: m.games, draws: m.draws,
    desc: `${m.mode}: the first player wins ${pct(m.first_player_wr)} [${pct(m.first_player_wr_lo)}, ${pct(m.first_player_wr_hi)}], n = ${int(m.games)} games`,
  }));
  if (rows.length === 0) return null;
  const y = { field: 'label', type: 'nominal' as const, title: 'mode (n = games)', sort: rows.map((r) => r.label), axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'P(first player wins), 95% Wilson interval', axis: { format: '.0%' }, scale: { zero: false } };
  const title = 'First-player advantage';
  return {
    id, section: 'modes', title,
    caption: 'How often the player who moves first wins (draws count as not won), per mode, with its 95% Wilson interval; the dashed line is 50%.',
    spec: {
      ...base(title, ['P(first player wins) per mode; 95% Wilson intervals; dashed: 50%; n = games'], `${title}: ${rows.length} modes`),
      width: WIDTH,
      height: { step: 34 },
      data: { values: rows },
      layer: [
        { data: { values: [{ half: 0.5 }] }, mark: { type: 'rule', aria: false, color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'half', type: 'quantitative' } } },
        ...estimateWithInterval({
          along: 'x', across: y, axis: x, fields: ['wr', 'lo', 'hi'], colour: NEUTRAL, size: 80, strokeWidth: 3,
          tooltip: [{ field: 'mode' }, { field: 'wr', title: 'first player wins', format: '.1%' }, { field: 'lo', format: '.1%' }, { field: 'hi', format: '.1%' }, { field: 'n', title: 'n (games)', format: ',' }, { field: 'draws' }],
        }),
        { mark: { type: 'text', aria: false, dy: -12, fontSize: 11 }, encoding: { y, x: { ...x, field: 'wr' }, text: { field: 'wr', format: '.1%' } } },
      ],
    } as TopLevelSpec,
  };
}

export function gameLengthChart(tables: Tables, id: string): Chart | null {
  const modes = Object.keys(tables.gameLength).sort();
  const games = new Map(tables.modes.map((m) => [m.mode, m]));
  const rows: Record<string, unknown>[] = [];
  for (const mode of modes) {
    const hist = tables.gameLength[mode] ?? [];
    const n = hist.reduce((s, [, g]) => s + g, 0);
    const m = games.get(mode);
    const label = `${mode}: n=${int(n)} games${m && typeof m.mean_turns === 'number' ? `, mean ${m.mean_turns.toFixed(1)} turns` : ''}${m && m.draws > 0 ? `, ${int(m.draws)} draws (turn cap)` : ''}`;
    for (const [turns, g] of hist) rows.push({ mode: label, turns, turns_end: turns + 1, games: g, share: r4(g / n), desc: `${mode}: ${int(g)} of ${int(n)} games (${pct(g / n)}) lasted ${turns} turns` });
  }
  if (rows.length === 0) return null;
  const title = 'Game length';
  return {
    id, section: 'modes', title,
    caption: 'How many turns the games lasted (summary.json gameLength), one panel per mode. modes.csv has the mean, standard deviation and decisions per game.',
    spec: {
      ...base(title, ['games by number of turns, per mode; n = games'], `${title}: ${modes.length} modes`),
      data: { values: rows },
      facet: { row: { field: 'mode', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top', labelFontSize: 12 } } },
      spec: {
        width: WIDTH,
        height: 150,
        mark: { type: 'bar', color: NEUTRAL, stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          x: { field: 'turns', type: 'quantitative', bin: { binned: true, step: 1 }, title: 'turns in the game' },
          x2: { field: 'turns_end' },
          y: { field: 'games', type: 'quantitative', title: 'games' },
          description: { field: 'desc' },
          tooltip: [{ field: 'turns' }, { field: 'games', format: ',' }, { field: 'share', title: 'share of games', format: '.1%' }],
        },
      },
      resolve: { scale: { y: 'independent', x: 'shared' } },
    } as TopLevelSpec,
  };
}

/** The words of the score-sources chart (a game's GameWords). */
export interface SourceWords {
  sourcesTitle: string;
  sourcesAxis: string;
  sourcesLegend: string;
  sourcesSubtitle: string;
  sourcesCaption: string;
  sourceUnit: string;
}

/** Blue Rising's, the words of results that name no game. */
export const VP_SOURCE_WORDS: SourceWords = {
  sourcesTitle: 'How VP were scored',
  sourcesAxis: 'share of all VP scored',
  sourcesLegend: 'VP source',
  sourcesSubtitle: 'share of VP by source, per mode (stacked); n = games',
  sourcesCaption: 'Share of all victory points scored by each source, per mode: kills, Environment hits, an opponent\'s deck running out (exhaustion), other.',
  sourceUnit: 'VP',
};

export function vpSourcesChart(tables: Tables, id: string, w: SourceWords = VP_SOURCE_WORDS): Chart | null {
  const rows: Record<string, unknown>[] = [];
  for (const m of tables.modes) {
    for (const s of tables.vpSources) {
      const share = m[`vp_${s}_share`];
      if (typeof share === 'number' && Number.isFinite(share)) rows.push({ mode: `${m.mode} (n=${int(m.games)})`, source: s, share, label: share >= 0.06 ? pct(share, 0) : '', desc: `${m.mode}: ${pct(share)} of ${w.sourceUnit} from ${s} (n = ${int(m.games)} games)` });
    }
  }
  if (rows.length === 0) return null;
  const title = w.sourcesTitle;
  const y = { field: 'mode', type: 'nominal' as const, title: 'mode (n = games)', axis: Y_AXIS };
  const x = { field: 'share', type: 'quantitative' as const, stack: 'zero' as const, title: w.sourcesAxis, axis: { format: '.0%' } };
  const colour = { field: 'source', type: 'nominal' as const, title: w.sourcesLegend, sort: tables.vpSources, scale: { domain: tables.vpSources, range: CATEGORY_COLOURS.slice(1) } };
  return {
    id, section: 'modes', title,
    caption: w.sourcesCaption,
    spec: {
      ...base(title, [w.sourcesSubtitle], `${title}: ${tables.modes.length} modes`),
      width: WIDTH,
      height: { step: 36 },
      data: { values: rows },
      layer: [
        { mark: { type: 'bar' }, encoding: { y, x, color: colour, description: { field: 'desc' }, order: { field: 'source_order', type: 'quantitative' }, tooltip: [{ field: 'mode' }, { field: 'source' }, { field: 'share', format: '.1%' }] } },
        { mark: { type: 'text', aria: false, align: 'right', dx: -4, color: 'white', fontSize: 11 }, encoding: { y, x, detail: { field: 'source', type: 'nominal' }, order: { field: 'source_order', type: 'quantitative' }, text: { field: 'label' } } },
      ],
      transform: [{ calculate: `indexof(${JSON.stringify(tables.vpSources)}, datum.source)`, as: 'source_order' }],
    } as TopLevelSpec,
  };
}

/** Each deck (matched across modes by its file) in standard and in quick, side by side. */
export function modesDecksChart(decks: DeckRow[], keys: Map<string, string>, id: string): Chart | null {
  const modes = [...new Set(decks.map((d) => d.mode))].sort();
  if (modes.length < 2) return null;
  const groups = new Map<string, DeckRow[]>();
  for (const d of decks) {
    const k = keys.get(`${d.mode}\t${d.deck}`) ?? d.deck.toLowerCase();
    groups.set(k, [...(groups.get(k) ?? []), d]);
  }
  const rows: Record<string, unknown>[] = [];
  for (const [, ds] of groups) {
    const names = [...new Set(ds.map((d) => d.deck))].join(' / ');
    const label = `${names} (n=${ds.map((d) => `${int(d.games)} ${d.mode}`).join(', ')})`;
    for (const d of ds) if (d.wr !== null) rows.push({ label, deck: d.deck, mode: d.mode, wr: d.wr, lo: d.wr_lo, hi: d.wr_hi, n: d.games, desc: `${d.deck} (${d.mode}): WR ${pct(d.wr)} [${pct(d.wr_lo)}, ${pct(d.wr_hi)}], n = ${int(d.games)} games` });
  }
  if (rows.length === 0) return null;
  const order = [...new Set(rows.sort((a, b) => (b.wr as number) - (a.wr as number)).map((r) => r.label as string))];
  const title = 'Decks: standard and quick side by side';
  return sideBySide(id, title, rows, order, modes, 'deck (n = games per mode)', 'win rate (95% Wilson interval)',
    'Each deck\'s win rate in each mode it was played in, decks matched across modes by their file (quick-x.deck ↔ standard-x.deck).', null);
}

/** Each card present in both modes: GIH WR in standard and in quick, side by side. */
export function modesCardsChart(cards: CardRow[], band: Band, id: string): Chart | null {
  const modes = [...new Set(cards.map((c) => c.mode))].sort();
  if (modes.length < 2) return null;
  const byCard = new Map<string, CardRow[]>();
  for (const c of cards) if (c.gih_n > 0 && c.gih_wr !== null) byCard.set(c.card, [...(byCard.get(c.card) ?? []), c]);
  // The cards of both modes with the largest and smallest mean deck-adjusted effect.
  const both = [...byCard.entries()].filter(([, cs]) => new Set(cs.map((c) => c.mode)).size >= 2)
    .map(([card, cs]) => ({ card, mode: 'both', adj_effect: cs.reduce((s, c) => s + (typeof c.adj_effect === 'number' ? c.adj_effect : NaN), 0) / cs.length } as unknown as CardRow));
  const keep = new Set(chartCards(both, 'both').names);
  for (const card of [...byCard.keys()]) if (!keep.has(card) && both.some((b) => b.card === card)) byCard.delete(card);
  const rows: Record<string, unknown>[] = [];
  for (const [card, cs] of byCard) {
    if (new Set(cs.map((c) => c.mode)).size < 2) continue;
    const label = `${card} (n=${cs.map((c) => `${int(c.gih_n)} ${c.mode}`).join(', ')})`;
    for (const c of cs) rows.push({ label, card, mode: c.mode, wr: c.gih_wr, lo: c.gih_lo, hi: c.gih_hi, n: c.gih_n, desc: `${card} (${c.mode}): GIH WR ${pct(c.gih_wr)} [${pct(c.gih_lo)}, ${pct(c.gih_hi)}], n = ${int(c.gih_n)} copies in hand` });
  }
  if (rows.length === 0) return null;
  const mean = new Map<string, number>();
  for (const r of rows) mean.set(r.label as string, (mean.get(r.label as string) ?? 0) + (r.wr as number));
  const order = [...mean.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l);
  const only = byCard.size - order.length;
  const title = 'Cards: standard and quick side by side';
  return sideBySide(id, title, rows, order, modes, 'card (n = copies in hand per mode)', 'GIH WR (95% Wilson interval)',
    `GIH WR of each card played in both modes, side by side${both.length > 2 * CHART_CARDS ? `: the ${CHART_CARDS} with the largest and the ${CHART_CARDS} with the smallest mean deck-adjusted effect of the ${both.length} such cards` : ''}.${only > 0 ? ` ${only} card(s) played in one mode only are left out.` : ''}`, band.gihWr);
}

function sideBySide(id: string, title: string, rows: Record<string, unknown>[], order: string[], modes: string[], yTitle: string, xTitle: string, caption: string, band: [number, number] | null): Chart {
  const y = { field: 'label', type: 'nominal' as const, sort: order, title: yTitle, axis: Y_AXIS };
  const yOffset = { field: 'mode', type: 'nominal' as const, sort: modes };
  const colour = { field: 'mode', type: 'nominal' as const, title: 'mode', scale: { domain: modes, range: CATEGORY_COLOURS.slice(1, 1 + Math.max(2, modes.length)) } };
  const x = { type: 'quantitative' as const, title: xTitle, axis: { format: '.0%' }, scale: { zero: false } };
  return {
    id, section: 'modes', title, caption,
    spec: {
      ...base(title, [`${modes.join(' and ')}; 95% Wilson intervals; n in the labels`], `${title}: ${order.length} rows`),
      width: WIDTH,
      height: { step: 11 },
      data: { values: rows },
      layer: [
        ...(band ? [xBand(band[0], band[1])] : []),
        ...estimateWithInterval({
          along: 'x', across: y, axis: x, fields: ['wr', 'lo', 'hi'], colour, size: 45, strokeWidth: 2, extra: { yOffset },
          tooltip: [{ field: 'label', title: 'item' }, { field: 'mode' }, { field: 'wr', title: 'win rate', format: '.1%' }, { field: 'lo', format: '.1%' }, { field: 'hi', format: '.1%' }, { field: 'n', format: ',' }],
        }),
      ],
    } as TopLevelSpec,
  };
}

// ------------------------------------------------------------------------------------ experiments

export interface DifferenceAssessment extends DifferenceRow {
  p: number;
  bhKept: boolean;
  status: 'significant after BH' | 'interval excludes 0, not after BH' | 'not significant';
}

/** Each difference's p-value against 0 (from its interval, paired or Newcombe's) and Benjamini–Hochberg across all of them. */
export function assessDifferences(diffs: DifferenceRow[], q = 0.05): DifferenceAssessment[] {
  const ps = diffs.map((d) => (d.diff === null || d.lo === null || d.hi === null ? NaN : intervalBandPValue(d.diff, d.lo, d.hi, [0, 0], Z95)));
  const kept = benjaminiHochberg(ps, q);
  return diffs.map((d, i) => {
    const excl = d.lo !== null && d.hi !== null && (d.lo > 0 || d.hi < 0);
    return { ...d, p: ps[i]!, bhKept: kept[i]!, status: excl && kept[i] ? 'significant after BH' : excl ? 'interval excludes 0, not after BH' : 'not significant' };
  });
}

const TONES = ['rise, significant after BH', 'fall, significant after BH', 'interval excludes 0, not after BH', 'not significant'];

export function differencesChart(diffs: DifferenceAssessment[], arms: string[], id: string): Chart | null {
  const multiMode = new Set(diffs.map((d) => d.mode)).size > 1;
  const rows = diffs.filter((d) => d.diff !== null && d.lo !== null && d.hi !== null).map((d) => ({
    arm: d.arm,
    label: `${d.kind === 'card' ? `${d.name} (GIH WR)` : `${d.name} (deck WR)`}${multiMode ? ` · ${d.mode}` : ''} n=${int(d.n)}`,
    name: d.name, kind: d.kind, mode: d.mode, zero: 0, diff: r4(100 * d.diff!), lo: r4(100 * d.lo!), hi: r4(100 * d.hi!), base: d.base, value: d.value, n: d.n, status: d.status, p: r4(d.p),
    tone: d.status === 'significant after BH' ? (d.diff! > 0 ? TONES[0]! : TONES[1]!) : d.status,
    desc: `${d.arm}, ${d.name} (${d.kind === 'card' ? 'GIH WR' : 'deck WR'}${multiMode ? `, ${d.mode}` : ''}): ${pct(d.base)} → ${pct(d.value)}, difference ${(100 * d.diff!).toFixed(1)} points [${(100 * d.lo!).toFixed(1)}, ${(100 * d.hi!).toFixed(1)}], n = ${int(d.n)}; ${d.status}`,
  }));
  if (rows.length === 0) return null;
  // Red a significant rise, blue a significant fall: the report's one colour meaning.
  const colour = { field: 'tone', type: 'nominal' as const, title: 'difference', scale: { domain: TONES, range: FLAG_COLOURS } };
  const y = { field: 'label', type: 'nominal' as const, title: null, sort: null, axis: Y_AXIS };
  const x = { type: 'quantitative' as const, title: 'arm − base, points (95% interval: paired by seed pair, else Newcombe)' };
  const armOrder = arms.filter((a) => rows.some((r) => r.arm === a));
  const title = 'Each arm against the base';
  return {
    id, section: 'experiment', title,
    caption: 'For each patched or swept arm: the change of every deck\'s win rate and of the patched cards\' GIH WR against the base arm, in points, with the 95% interval of summary.json: paired by seed pair for a deck whose arm plays the base\'s games and bots, else Newcombe\'s (conservative, since the arms share their seeds). Red (a rise) or blue (a fall) when the interval excludes 0 and Benjamini–Hochberg (q = 0.05, across all the differences shown) keeps it. n = games (decks) or copies in hand (cards) in the arm.',
    spec: {
      ...base(title, ['difference from the base arm, points; 95% intervals, paired or Newcombe; n = games or copies in hand in the arm'], `${title}: ${rows.length} differences`),
      data: { values: rows },
      // One panel per arm (vconcat rather than a facet: layered facets with independent y scales make vega-lite warn).
      vconcat: armOrder.map((arm) => ({
        title: { text: `arm ${arm}`, fontSize: 12, anchor: 'start' as const, subtitle: '' },
        transform: [{ filter: { field: 'arm', equal: arm } }],
        width: WIDTH,
        height: { step: 20 },
        layer: [
          { mark: { type: 'rule', aria: false, color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
          ...estimateWithInterval({
            along: 'x', across: y, axis: x, fields: ['diff', 'lo', 'hi'], colour, size: 50, strokeWidth: 2,
            tooltip: [{ field: 'arm' }, { field: 'name' }, { field: 'kind' }, { field: 'mode' }, { field: 'base', title: 'base', format: '.1%' }, { field: 'value', title: 'arm', format: '.1%' },
              { field: 'diff', title: 'difference (points)', format: '+.1f' }, { field: 'lo', format: '+.1f' }, { field: 'hi', format: '+.1f' }, { field: 'n', title: 'n', format: ',' }, { field: 'p' }],
          }),
        ],
      })),
      resolve: { scale: { x: 'shared', y: 'independent', color: 'shared' } },
    } as TopLevelSpec,
  };
}

export function sweepChart(sweep: Sweep, band: Band, id: string): Chart | null {
  const multiMode = new Set(sweep.points.map((p) => p.mode)).size > 1;
  const rows = sweep.points.filter((p) => p.wr !== null && p.lo !== null && p.hi !== null).map((p) => ({
    value: p.value, series: `${p.name} (${p.kind === 'card' ? 'GIH WR' : 'deck WR'})${multiMode ? ` · ${p.mode}` : ''}`,
    kind: p.kind, name: p.name, mode: p.mode, wr: p.wr, lo: p.lo, hi: p.hi, n: p.n,
    desc: `${sweep.card} ${sweep.field} = ${p.value}: ${p.name} ${p.kind === 'card' ? 'GIH WR' : 'WR'} ${pct(p.wr)} [${pct(p.lo)}, ${pct(p.hi)}], n = ${int(p.n)}${multiMode ? ` (${p.mode})` : ''}`,
  }));
  if (rows.length === 0) return null;
  const values = [...new Set(rows.map((r) => r.value))].sort((a, b) => a - b);
  const nRange = (kind: string, unit: string) => {
    const ns = rows.filter((r) => r.kind === kind).map((r) => r.n);
    if (ns.length === 0) return null;
    const lo = Math.min(...ns), hi = Math.max(...ns);
    return `${kind === 'card' ? 'card' : 'decks'}: n = ${lo === hi ? int(lo) : `${int(lo)}–${int(hi)}`} ${unit}`;
  };
  const sizes = [nRange('card', 'copies in hand'), nRange('deck', 'games')].filter(Boolean).join('; ');
  const x = { field: 'value', type: 'quantitative' as const, title: `${sweep.card} ${sweep.field}`, axis: { values, format: 'd' }, scale: { domain: [values[0]! - 0.5, values[values.length - 1]! + 0.5], nice: false } };
  const yq = { type: 'quantitative' as const, title: 'win rate (95% Wilson interval)', axis: { format: '.0%' }, scale: { zero: false } };
  const colour = { field: 'series', type: 'nominal' as const, title: 'series', scale: { range: CATEGORY_COLOURS } };
  const sameBands = band.gihWr[0] === band.deckWr[0] && band.gihWr[1] === band.deckWr[1];
  const [range, dot] = estimateWithInterval({
    along: 'y', across: x, axis: yq, fields: ['wr', 'lo', 'hi'], colour, size: 50, strokeWidth: 1.5,
    tooltip: [{ field: 'series' }, { field: 'value', title: sweep.field }, { field: 'wr', title: 'win rate', format: '.1%' }, { field: 'lo', format: '.1%' }, { field: 'hi', format: '.1%' }, { field: 'n', format: ',' }],
  });
  const title = `Sweep: ${sweep.card} ${sweep.field} → win rate`;
  const bandNote = sameBands ? `balance band ${bandText('gihWr', band.gihWr)} shaded` : `card band ${bandText('gihWr', band.gihWr)} shaded, deck band ${bandText('deckWr', band.deckWr)} dashed`;
  return {
    id, section: 'experiment', title,
    caption: `Each value of ${sweep.card}'s ${sweep.field} is an arm played on the same seeds: the card's GIH WR and the win rate of each deck holding it, with 95% Wilson intervals; ${bandNote}. ${sizes}.`,
    spec: {
      ...base(title, [`${bandNote}; 95% Wilson intervals`, sizes], `${title}: ${values.length} values`),
      width: WIDTH,
      height: 300,
      data: { values: rows },
      layer: [
        { data: { values: [{ lo: band.gihWr[0], hi: band.gihWr[1] }] }, mark: { type: 'rect', aria: false, color: BAND_COLOUR, opacity: 0.13 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
        ...(sameBands ? [] : [{ data: { values: [{ edge: band.deckWr[0] }, { edge: band.deckWr[1] }] }, mark: { type: 'rule' as const, aria: false, color: BAND_COLOUR, strokeDash: [5, 4] }, encoding: { y: { field: 'edge', type: 'quantitative' as const } } }]),
        range,
        { mark: { type: 'line', aria: false, strokeWidth: 2 }, encoding: { x, y: { ...yq, field: 'wr' }, color: colour } },
        dot,
      ],
    } as TopLevelSpec,
  };
}

/**
 * A rule knob swept (an experiment's knob sweep, the nightly's opening sweep): the first player's
 * win rate against the knob's value, the base at its own value, with 95% Wilson intervals and a
 * dashed line at 50%; one series a mode.
 */
export function knobSweepChart(sweep: KnobSweep, rows: readonly FirstPlayerRow[], id: string): Chart | null {
  // The base at its own value, unless the sweep has an arm at that value (the same games).
  const at = sweep.points.some((p) => p.value === sweep.base) ? sweep.points : [{ value: sweep.base, arm: 'base' }, ...sweep.points];
  const out: Record<string, unknown>[] = [];
  for (const { value, arm } of at) {
    for (const r of rows.filter((x) => x.arm === arm && x.wr !== null && x.lo !== null && x.hi !== null)) {
      out.push({
        value, arm, mode: r.mode, wr: r.wr, lo: r.lo, hi: r.hi, n: r.games, diff: r.diff,
        desc: `${sweep.rule} = ${value}${arm === 'base' ? ' (base)' : ''}, ${r.mode}: the first player wins ${pct(r.wr)} [${pct(r.lo)}, ${pct(r.hi)}], n = ${int(r.games)} games`,
      });
    }
  }
  const values = [...new Set(out.map((r) => r.value as number))].sort((a, b) => a - b);
  if (values.length < 2) return null;
  const modes = [...new Set(out.map((r) => r.mode as string))].sort();
  const ns = out.map((r) => r.n as number);
  const sizes = `n = ${Math.min(...ns) === Math.max(...ns) ? int(ns[0]!) : `${int(Math.min(...ns))}–${int(Math.max(...ns))}`} games a point`;
  const x = { field: 'value', type: 'quantitative' as const, title: sweep.rule, axis: { values, format: 'd' }, scale: { domain: [values[0]! - 0.5, values[values.length - 1]! + 0.5], nice: false } };
  const yq = { type: 'quantitative' as const, title: 'P(first player wins), 95% Wilson interval', axis: { format: '.0%' }, scale: { zero: false } };
  const colour = modes.length > 1 ? { field: 'mode', type: 'nominal' as const, title: 'mode', scale: { domain: modes, range: CATEGORY_COLOURS } } : NEUTRAL;
  const [range, dot] = estimateWithInterval({
    along: 'y', across: x, axis: yq, fields: ['wr', 'lo', 'hi'], colour, size: 60, strokeWidth: 2,
    tooltip: [{ field: 'arm' }, { field: 'mode' }, { field: 'value', title: sweep.rule }, { field: 'wr', title: 'first player wins', format: '.1%' }, { field: 'lo', format: '.1%' }, { field: 'hi', format: '.1%' }, { field: 'diff', title: 'change from base (paired)', format: '+.1%' }, { field: 'n', title: 'n (games)', format: ',' }],
  });
  const line = { mark: { type: 'line' as const, aria: false, strokeWidth: 1.5, ...(typeof colour === 'string' ? { color: colour } : {}) }, encoding: { x, y: { ...yq, field: 'wr' }, ...(typeof colour === 'string' ? {} : { color: colour }) } };
  const title = `Sweep: ${sweep.rule} → first-player win rate`;
  return {
    id, section: 'variants', title,
    caption: `Each value of the rule knob ${sweep.rule} is an arm played on the base's seeds (the base at ${sweep.base}): the first player's win rate with its 95% Wilson interval; the dashed line is 50%. ${sizes}.`,
    spec: {
      ...base(title, ['P(first player wins) per knob value; 95% Wilson intervals; dashed: 50%', sizes], `${title}: ${values.length} values`),
      width: WIDTH,
      height: 260,
      data: { values: out },
      layer: [
        { data: { values: [{ half: 0.5 }] }, mark: { type: 'rule', aria: false, color: '#888', strokeDash: [4, 3] }, encoding: { y: { field: 'half', type: 'quantitative' } } },
        range,
        line,
        dot,
      ],
    } as TopLevelSpec,
  };
}

/**
 * A fix search (a card stat swept by `lab fix`, the nightly's screen): the holders' win rate
 * against the decks without the card at each value tried, with its 95% interval, the band
 * shaded, the current value and the proposal named.
 */
export function fixSearchChart(fix: SuggestedFix, id: string): Chart | null {
  const pts = (fix.points ?? []).filter((p) => Number.isFinite(p.wr) && Number.isFinite(p.wrLo) && Number.isFinite(p.wrHi));
  if (pts.length < 2 || fix.field === undefined) return null;
  const field = fix.field;
  const role = (v: number) => (v === fix.current && v === fix.proposal ? 'now (kept)' : v === fix.current ? 'now' : v === fix.proposal ? 'proposed' : '');
  const rows = pts.map((p) => ({
    ...p, role: role(p.value),
    desc: `${fix.card} ${field} = ${p.value}${role(p.value) ? ` (${role(p.value)})` : ''}: the holders win ${pct(p.wr)} [${pct(p.wrLo)}, ${pct(p.wrHi)}] against the decks without it; band ${pct(p.bandLo)}–${pct(p.bandHi)}`,
  }));
  const values = rows.map((r) => r.value).sort((a, b) => a - b);
  const x = { field: 'value', type: 'quantitative' as const, title: `${fix.card} ${field}`, axis: { values, format: 'd' }, scale: { domain: [values[0]! - 0.5, values[values.length - 1]! + 0.5], nice: false } };
  const yq = { type: 'quantitative' as const, title: 'holders\' WR against the decks without it (95%)', axis: { format: '.0%' }, scale: { zero: false } };
  const [range, dot] = estimateWithInterval({
    along: 'y', across: x, axis: yq, fields: ['wr', 'wrLo', 'wrHi'], colour: NEUTRAL, size: 60, strokeWidth: 2,
    tooltip: [{ field: 'value', title: field }, { field: 'role' }, { field: 'wr', title: 'holders\' WR', format: '.1%' }, { field: 'wrLo', format: '.1%' }, { field: 'wrHi', format: '.1%' }, { field: 'bandLo', title: 'band low', format: '.1%' }, { field: 'bandHi', title: 'band high', format: '.1%' }],
  });
  const title = `Fix search: ${fix.card} ${field} → holders' win rate`;
  const games = `n = ${int(fix.games ?? 0)} games in all (${fix.mode})`;
  return {
    id, section: 'fixes', title,
    caption: `Each value of ${fix.card}'s ${field} tried, played on the same seeds: the win rate of the decks holding it against the decks without it, with its 95% interval on the seed pairs; the band shaded; ${games}.`,
    spec: {
      ...base(title, ['band shaded; 95% intervals on the seed pairs', games], `${title}: ${values.length} values`),
      width: WIDTH,
      height: 240,
      data: { values: rows },
      layer: [
        { mark: { type: 'area', aria: false, color: BAND_COLOUR, opacity: 0.13, interpolate: 'step' }, encoding: { x, y: { field: 'bandLo', type: 'quantitative' }, y2: { field: 'bandHi' } } },
        range,
        { mark: { type: 'line', aria: false, strokeWidth: 1.5, color: NEUTRAL }, encoding: { x, y: { ...yq, field: 'wr' } } },
        dot,
        { mark: { type: 'text', aria: false, dy: -12, fontSize: 11 }, encoding: { x, y: { ...yq, field: 'wrHi' }, text: { field: 'role' } } },
      ],
    } as TopLevelSpec,
  };
}

/** A file-name-safe stem. */
export function slug(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

export type { Assessment };
