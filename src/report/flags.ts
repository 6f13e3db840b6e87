// Flags (metrics.md, "Band" and "Flagging many cards at once"): a card or deck is flagged when
// its 95% interval lies wholly outside the balance band AND Benjamini–Hochberg at q keeps it.
// Families, each corrected on its own, per arm: the deck-adjusted effect of every card (all
// modes), its deck-adjusted IWD by the middle checkpoint turn, the WR of every deck. p-values: two-sided, normal approximation, against the band
// edge nearest the estimate (1 for an estimate inside the band: no evidence of lying outside).
// A card's p-value reads its standard error from its interval, whose unit is the game (the
// copies of one game share its result; counting them as trials made p-values too small).
import { bandPValue, benjaminiHochberg, intervalBandPValue } from './stats.ts';
import type { Band, Tables } from './summary.ts';

export type Metric = 'gihWr' | 'iwd' | 'adj' | 'iwdTurn' | 'deckWr';

export type FlagStatus = 'flagged: above band' | 'flagged: below band' | 'outside band, not kept by BH' | 'inside band or inconclusive';
export const FLAG_STATUSES: FlagStatus[] = ['flagged: above band', 'flagged: below band', 'outside band, not kept by BH', 'inside band or inconclusive'];
export const FLAG_COLOURS = ['#d62728', '#1f77b4', '#ff9f1c', '#9a9a9a'];

export interface Assessment {
  arm: string;
  mode: string;
  kind: 'card' | 'deck';
  metric: Metric;
  name: string;
  value: number;
  lo: number;
  hi: number;
  /** Copies in hand (GIH WR, IWD) or games (decks). */
  n: number;
  /** IWD: copies never seen; deck-adjusted: seat-games without the card. */
  nNotSeen?: number;
  /** IWD by turn: the turn. */
  turn?: number;
  band: [number, number];
  p: number;
  outside: boolean;
  bhKept: boolean;
  flagged: boolean;
  direction: 'above' | 'below' | null;
  status: FlagStatus;
  /** In words: "Nisqy: GIH WR 61.2% [59.8, 62.6], band 45–55% (quick, 16,995 copies in hand, p = 2e-9)". */
  reason: string;
}

export interface Family {
  metric: Metric;
  label: string;
  m: number;
  kept: number;
  flagged: number;
}

export interface FlagSet {
  arm: string;
  q: number;
  assessments: Assessment[];
  /** Flagged items, smallest p first. */
  flagged: Assessment[];
  families: Family[];
}

export const METRIC_LABEL: Record<Metric, string> = { gihWr: 'GIH WR', iwd: 'IWD', adj: 'deck-adjusted effect', iwdTurn: 'IWD by turn', deckWr: 'WR' };

const int = (n: number) => Math.round(n).toLocaleString('en');
/** 0.612 → "61.2%". */
export const pct = (x: number | null | undefined, digits = 1) => (typeof x === 'number' && Number.isFinite(x) ? `${(100 * x).toFixed(digits)}%` : '—');
const num1 = (x: number) => (100 * x).toFixed(1);
const trim = (x: number) => String(Math.round(x * 1e4) / 100);
/** [0.45, 0.55] → "45–55%"; IWD [−0.05, 0.05] → "±5 points". */
export function bandText(metric: Metric, band: readonly [number, number]): string {
  if (metric !== 'gihWr' && metric !== 'deckWr') {
    if (Math.abs(band[0] + band[1]) < 1e-12) return `±${trim(band[1])} points`;
    return `${signed(band[0], 0)} to ${signed(band[1], 0)} points`;
  }
  return `${trim(band[0])}–${trim(band[1])}%`;
}
function signed(x: number, digits = 1): string {
  const v = (100 * x).toFixed(digits);
  return x > 0 ? `+${v}` : x < 0 ? v.replace('-', '−') : v;
}
export function pText(p: number): string {
  if (!Number.isFinite(p)) return 'p = —';
  if (p < 1e-300) return 'p < 1e-300';
  if (p < 1e-4) return `p = ${p.toExponential(1)}`;
  return `p = ${p.toPrecision(2)}`;
}

function valueText(a: Pick<Assessment, 'metric' | 'value' | 'lo' | 'hi' | 'turn'>): string {
  if (a.metric === 'adj') return `deck-adjusted effect ${signed(a.value)} points [${signed(a.lo)}, ${signed(a.hi)}]`;
  if (a.metric === 'iwdTurn') return `IWD by turn ${a.turn} (deck-adjusted, from the mode's median card) ${signed(a.value)} points [${signed(a.lo)}, ${signed(a.hi)}]`;
  if (a.metric === 'iwd') return `IWD ${signed(a.value)} points [${signed(a.lo)}, ${signed(a.hi)}]`;
  return `${METRIC_LABEL[a.metric]} ${pct(a.value)} [${num1(a.lo)}, ${num1(a.hi)}]`;
}

function reasonOf(a: Omit<Assessment, 'reason' | 'status'>, showMode: boolean): string {
  const sizes = a.kind === 'deck' ? `${int(a.n)} games`
    : a.metric === 'adj' ? `${int(a.n)} seat-games held it early, ${int(a.nNotSeen ?? 0)} not`
    : a.metric === 'iwdTurn' ? null
    : a.metric === 'iwd' ? `${int(a.n)} copies in hand, ${int(a.nNotSeen ?? 0)} not seen`
    : `${int(a.n)} copies in hand`;
  const extra = [showMode ? a.mode : null, sizes, pText(a.p)].filter(Boolean).join(', ');
  return `${a.name}: ${valueText(a)}, band ${bandText(a.metric, a.band)} (${extra})`;
}

/** Fewer seat-games than this with (or without) a card: its deck-adjusted interval is not trusted, nor assessed. */
export const MIN_SEAT_GAMES = 30;

const finite = (...xs: (number | null | undefined)[]): boolean => xs.every((x) => typeof x === 'number' && Number.isFinite(x));

/** Every card's GIH WR and IWD and every deck's WR of one arm, against the band, with BH at q per family. */
export function assessArm(tables: Tables, arm: string, band: Band, q = 0.05): FlagSet {
  const showMode = new Set([...tables.cards.map((c) => c.mode), ...tables.decks.map((d) => d.mode)]).size > 1;
  const raw: Omit<Assessment, 'reason' | 'status' | 'bhKept' | 'flagged'>[][] = [[], [], []];
  // GIH WR and raw IWD describe, they never flag (metrics.md): they mostly measure the decks
  // holding a card and how long their games last. Cards flag on their deck-adjusted effect, and
  // on IWD by turn stratified the same way, taken from the mode's median card (drawing more by
  // turn T is itself a sign of a game going well, which lifts every card).
  const turns = [...new Set(tables.cards.flatMap((c) => Object.keys(c).map((k) => /^iwd_adj_by_turn_(\d+)$/.exec(k)?.[1]).filter(Boolean).map(Number)))].sort((x, y) => x - y);
  const turn = turns.length ? turns[Math.floor(turns.length / 2)]! : null;
  const tk = turn === null ? '' : `iwd_adj_by_turn_${turn}`;
  const median = new Map<string, number>();
  for (const mode of new Set(tables.cards.map((c) => c.mode))) {
    const v = tables.cards.filter((c) => c.mode === mode).map((c) => c[tk]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x)).sort((x, y) => x - y);
    if (v.length) median.set(mode, v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2);
  }
  for (const c of tables.cards) {
    const n1 = Number(c.adj_n_present ?? 0), n0 = Number(c.adj_n_absent ?? 0);
    if (finite(c.adj_effect as number, c.adj_lo as number, c.adj_hi as number) && n1 >= MIN_SEAT_GAMES && n0 >= MIN_SEAT_GAMES) {
      const b = band.iwd, v = c.adj_effect as number, lo = c.adj_lo as number, hi = c.adj_hi as number;
      const p = intervalBandPValue(v, lo, hi, b);
      const above = lo > b[1], below = hi < b[0];
      raw[0]!.push({ arm, mode: c.mode, kind: 'card', metric: 'adj', name: c.card, value: v, lo, hi, n: n1, nNotSeen: n0, band: b, p, outside: above || below, direction: above ? 'above' : below ? 'below' : null });
    }
    const m = median.get(c.mode);
    if (turn !== null && m !== undefined && n1 >= MIN_SEAT_GAMES && n0 >= MIN_SEAT_GAMES && finite(c[tk] as number, c[`${tk}_lo`] as number, c[`${tk}_hi`] as number)) {
      const b = band.iwd, v = (c[tk] as number) - m, lo = (c[`${tk}_lo`] as number) - m, hi = (c[`${tk}_hi`] as number) - m;
      const p = intervalBandPValue(v, lo, hi, b);
      const above = lo > b[1], below = hi < b[0];
      raw[1]!.push({ arm, mode: c.mode, kind: 'card', metric: 'iwdTurn', name: c.card, value: v, lo, hi, n: n1, nNotSeen: n0, turn, band: b, p, outside: above || below, direction: above ? 'above' : below ? 'below' : null });
    }
  }
  for (const d of tables.decks) {
    if (!finite(d.wr, d.wr_lo, d.wr_hi) || !(d.games > 0)) continue;
    const b = band.deckWr;
    const p = bandPValue(d.wins, d.games, b);
    const above = d.wr_lo! > b[1], below = d.wr_hi! < b[0];
    raw[2]!.push({ arm, mode: d.mode, kind: 'deck', metric: 'deckWr', name: d.deck, value: d.wr!, lo: d.wr_lo!, hi: d.wr_hi!, n: d.games, band: b, p, outside: above || below, direction: above ? 'above' : below ? 'below' : null });
  }
  const labels = ['deck-adjusted effect of every card', `deck-adjusted IWD by turn ${turn ?? '—'} of every card`, 'WR of every deck'];
  const metrics: Metric[] = ['adj', 'iwdTurn', 'deckWr'];
  const assessments: Assessment[] = [];
  const families: Family[] = [];
  raw.forEach((fam, f) => {
    const kept = benjaminiHochberg(fam.map((a) => a.p), q);
    let flagged = 0;
    fam.forEach((a, i) => {
      const bhKept = kept[i]!;
      const isFlagged = a.outside && bhKept;
      if (isFlagged) flagged++;
      const status: FlagStatus = isFlagged ? (a.direction === 'above' ? 'flagged: above band' : 'flagged: below band')
        : a.outside ? 'outside band, not kept by BH' : 'inside band or inconclusive';
      const full = { ...a, bhKept, flagged: isFlagged, status };
      assessments.push({ ...full, reason: reasonOf(full, showMode) });
    });
    families.push({ metric: metrics[f]!, label: labels[f]!, m: fam.length, kept: kept.filter(Boolean).length, flagged });
  });
  const flagged = assessments.filter((a) => a.flagged).sort((x, y) => x.p - y.p || Math.abs(y.value - (y.direction === 'above' ? y.band[1] : y.band[0])) - Math.abs(x.value - (x.direction === 'above' ? x.band[1] : x.band[0])) || x.name.localeCompare(y.name, 'fr'));
  return { arm, q, assessments, flagged, families };
}

/** "Benjamini–Hochberg at q = 0.05, …": the correction, in words, for the page. */
export function correctionText(set: FlagSet): string {
  const fams = set.families.map((f) => `the ${f.label} (m = ${f.m})`).join(', ');
  return `Correction: Benjamini–Hochberg (false discovery rate q = ${set.q}), applied separately to ${fams}. `
    + `Each p-value is two-sided, from the normal approximation, against the band edge nearest the estimate `
    + `(for deck win rates the score test, the one the Wilson interval inverts; for a card's deck-adjusted effect and IWD by turn, the standard error read from its interval, whose unit is the seed pair, not the copy); `
    + `an estimate inside the band gets p = 1. An item is flagged only when its 95% interval lies wholly outside the band and the correction keeps it.`;
}

/** A key identifying the same item in two arms. */
export const itemKey = (a: Pick<Assessment, 'mode' | 'metric' | 'name'>) => `${a.mode}\t${a.metric}\t${a.name}`;
