// The nightly comparison: tonight's results against the latest earlier nightly folder —
// cards and decks whose rates moved significantly (Benjamini–Hochberg across everything
// compared; a card's rates with the seed pair as the unit, not the copy), next to what
// changed in the catalogue, the decks, the bots and the engine version.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SEAT_GAMES } from './flags.ts';
import { Z95, benjaminiHochberg, round6, twoSidedP } from './stats.ts';
import { diffInterval } from '../sim/metrics.ts';

export interface Moved {
  arm: string;
  mode: string;
  kind: 'card' | 'deck';
  name: string;
  metric: Metric;
  before: number;
  after: number;
  diff: number;
  lo: number;
  hi: number;
  p: number;
}

/** A card's GIH WR and deck-adjusted effect (seed pair as the unit), a deck's WR (games). */
export type Metric = 'GIH WR' | 'deck-adjusted effect' | 'WR';

export interface NightlyChanges {
  previous: string | null;
  moved: Moved[];
  compared: number;
  catalogue: string[];
  decks: string[];
  bots: string[];
  engine: string | null;
}

type Json = Record<string, unknown>;
const readJson = (f: string): Json => JSON.parse(readFileSync(f, 'utf8')) as Json;

/** The latest folder named YYYY-MM-DD in `root`, before `date`, that holds a summary.json. */
export function previousNightly(root: string, date: string): string | null {
  if (!existsSync(root)) return null;
  const dates = readdirSync(root).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d < date && existsSync(join(root, d, 'summary.json'))).sort();
  return dates.length ? join(root, dates[dates.length - 1]!) : null;
}

/** The per-arm tables of a summary (a plain run is one arm named ""). */
function armsOf(summary: Json): Record<string, Json> {
  return (summary.arms as Record<string, Json> | undefined) ?? { '': summary };
}

export interface Item {
  key: string;
  arm: string;
  mode: string;
  kind: 'card' | 'deck';
  metric: Metric;
  name: string;
  value: number;
  /** Cards: the standard error read from the interval, whose unit is the seed pair (the copies of one game share its result). */
  se: number;
  /** Decks: wins and games. */
  k: number;
  n: number;
}

const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : NaN);

function items(summary: Json): Map<string, Item> {
  const out = new Map<string, Item>();
  const add = (it: Item) => out.set(it.key, it);
  for (const [arm, t] of Object.entries(armsOf(summary))) {
    for (const c of (t.cards ?? []) as Json[]) {
      const mode = String(c.mode), name = String(c.card);
      // A card's rates: the value and the standard error of its game-clustered interval.
      const cardItem = (metric: Metric, v: number, lo: number, hi: number) => {
        const se = (hi - lo) / (2 * Z95);
        if (Number.isFinite(v) && se > 0) add({ key: `${arm}\tcard\t${metric}\t${mode}\t${name}`, arm, mode, kind: 'card', metric, name, value: v, se, k: NaN, n: NaN });
      };
      if (Number(c.gih_n) > 0) cardItem('GIH WR', num(c.gih_wr), num(c.gih_lo), num(c.gih_hi));
      if (Number(c.adj_n_present) >= MIN_SEAT_GAMES && Number(c.adj_n_absent) >= MIN_SEAT_GAMES) cardItem('deck-adjusted effect', num(c.adj_effect), num(c.adj_lo), num(c.adj_hi));
    }
    for (const d of (t.decks ?? []) as Json[]) {
      const n = Number(d.games);
      if (!(n > 0)) continue;
      const k = Number(d.wins);
      add({ key: `${arm}\tdeck\tWR\t${d.mode}\t${d.deck}`, arm, mode: String(d.mode), kind: 'deck', metric: 'WR', name: String(d.deck), value: k / n, se: NaN, k, n });
    }
  }
  return out;
}

/** Two-proportion z-test (pooled), two-sided. */
function twoProportionP(k1: number, n1: number, k2: number, n2: number): number {
  const p = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (se === 0) return 1;
  return twoSidedP((k2 / n2 - k1 / n1) / se);
}

/**
 * Last night's item against tonight's: its p-value and the change's 95% interval. A card's
 * nights are taken as independent estimates with their cluster-robust standard errors (the
 * nightly's fixed seed makes them positively correlated when the code is the same, so the test
 * is conservative then); a deck's, a two-proportion test on its games.
 */
function compareItems(x: Item, y: Item): { p: number; lo: number; hi: number } {
  if (x.kind === 'deck') {
    const [lo, hi] = diffInterval(y.k, y.n, x.k, x.n);
    return { p: twoProportionP(x.k, x.n, y.k, y.n), lo, hi };
  }
  const se = Math.hypot(x.se, y.se), d = y.value - x.value;
  return { p: se > 0 ? twoSidedP(d / se) : 1, lo: d - Z95 * se, hi: d + Z95 * se };
}

function catalogueChanges(prev: string, cur: string): string[] {
  const a = join(prev, 'catalogue.json'), b = join(cur, 'catalogue.json');
  if (!existsSync(a) || !existsSync(b)) return [];
  const before = new Map((JSON.parse(readFileSync(a, 'utf8')) as Json[]).map((c) => [String(c.name), c]));
  const after = new Map((JSON.parse(readFileSync(b, 'utf8')) as Json[]).map((c) => [String(c.name), c]));
  const out: string[] = [];
  for (const [name, c] of after) {
    const old = before.get(name);
    if (!old) {
      out.push(`${name}: new card`);
      continue;
    }
    const fields = [...new Set([...Object.keys(old), ...Object.keys(c)])].filter((f) => JSON.stringify(old[f]) !== JSON.stringify(c[f]));
    if (fields.length) out.push(`${name}: ${fields.map((f) => (typeof c[f] === 'number' || typeof old[f] === 'number' ? `${f} ${JSON.stringify(old[f])} → ${JSON.stringify(c[f])}` : `${f} changed`)).join(', ')}`);
  }
  for (const name of before.keys()) if (!after.has(name)) out.push(`${name}: removed`);
  return out;
}

/** Every rate both nights hold, with its test (before any correction). */
export function nightlyTests(prev: string, cur: string): { pairs: [Item, Item][]; tests: { p: number; lo: number; hi: number }[] } {
  const a = items(readJson(join(prev, 'summary.json')));
  const b = items(readJson(join(cur, 'summary.json')));
  const pairs: [Item, Item][] = [];
  for (const [key, now] of b) {
    const then = a.get(key);
    if (then) pairs.push([then, now]);
  }
  return { pairs, tests: pairs.map(([x, y]) => compareItems(x, y)) };
}

export function compareNightlies(prev: string | null, cur: string, q = 0.05): NightlyChanges {
  if (!prev) return { previous: null, moved: [], compared: 0, catalogue: [], decks: [], bots: [], engine: null };
  const { pairs, tests } = nightlyTests(prev, cur);
  const ps = tests.map((t) => t.p);
  const keep = benjaminiHochberg(ps, q);
  const moved: Moved[] = [];
  pairs.forEach(([x, y], i) => {
    if (!keep[i]) return;
    const { lo, hi } = tests[i]!;
    moved.push({
      arm: y.arm, mode: y.mode, kind: y.kind, name: y.name, metric: y.metric,
      before: round6(x.value)!, after: round6(y.value)!, diff: round6(y.value - x.value)!, lo: round6(lo)!, hi: round6(hi)!, p: ps[i]!,
    });
  });
  moved.sort((m, n) => m.p - n.p);
  const ma = readJson(join(prev, 'manifest.json')), mb = readJson(join(cur, 'manifest.json'));
  const decksOf = (m: Json) => new Map(((m.config as Json).decks as Json[]).map((d) => [`${d.mode} ${d.name}`, String(d.sha256)]));
  const da = decksOf(ma), db = decksOf(mb);
  const decks: string[] = [];
  for (const [k, h] of db) if (!da.has(k)) decks.push(`${k}: new deck`); else if (da.get(k) !== h) decks.push(`${k}: list changed`);
  for (const k of da.keys()) if (!db.has(k)) decks.push(`${k}: removed`);
  const botsOf = (m: Json) => JSON.stringify([(m.config as Json).bots, ((m.config as Json).arms as Json[]).map((x) => [x.label, x.bots ?? null])]);
  const bots = botsOf(ma) === botsOf(mb) ? [] : [`bots: ${botsOf(ma)} → ${botsOf(mb)}`];
  const engine = ma.engineVersion === mb.engineVersion ? null : `${String(ma.engineVersion)} → ${String(mb.engineVersion)}`;
  return { previous: prev, moved, compared: pairs.length, catalogue: catalogueChanges(prev, cur), decks, bots, engine };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

/** The "what changed since last night" section, as HTML for the report's preface. */
export function changesHtml(c: NightlyChanges, q = 0.05): string {
  if (!c.previous) return '<p>The first nightly in this folder: nothing to compare yet.</p>';
  const out: string[] = [];
  out.push(`<p>Compared with <code>${esc(c.previous)}</code>: ${c.compared} card and deck rates; ${c.moved.length} moved significantly (Benjamini–Hochberg at q = ${q} over them all; a card's GIH WR and deck-adjusted effect tested with their standard errors whose unit is the seed pair, a deck's WR by a two-proportion test on its games).</p>`);
  if (c.moved.length) {
    out.push('<table><thead><tr><th>arm</th><th>mode</th><th>what</th><th>rate</th><th>last night</th><th>tonight</th><th>change (points) [95%]</th></tr></thead><tbody>');
    for (const m of c.moved) {
      const v = m.metric === 'deck-adjusted effect' ? pts : pct;
      out.push(`<tr><td>${esc(m.arm || '—')}</td><td>${esc(m.mode)}</td><td>${esc(`${m.kind} ${m.name}`)}</td><td>${m.metric}</td><td>${v(m.before)}</td><td>${v(m.after)}</td><td>${pts(m.diff)} [${pts(m.lo)}, ${pts(m.hi)}]</td></tr>`);
    }
    out.push('</tbody></table>');
  }
  const list = (title: string, xs: string[]) => out.push(`<h3>${esc(title)}</h3>${xs.length ? `<ul>${xs.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '<p>No change.</p>'}`);
  list('Catalogue', c.catalogue);
  list('Decks', c.decks);
  list('Bots', c.bots);
  list('Engine version', c.engine ? [c.engine] : []);
  return out.join('\n');
}
