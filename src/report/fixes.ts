// Suggested fixes on the report page (opt-in: `lab report DIR --suggest-fixes`): for each card
// the flags name, the smallest change `lab fix` found, kept in DIR/fixes.json so that a report
// made again shows them without replaying. The section joins the page's preface (after the
// nightly's "what changed", when there is one).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assessment } from './flags.ts';
import { escapeHtml } from './html.ts';

export const FIXES_FILE = 'fixes.json';

/** One flagged card's fix, as `lab fix` found it (src/sim/fix.ts), or why there is none. */
export interface SuggestedFix {
  mode: string;
  card: string;
  field?: string;
  current?: number;
  proposal?: number;
  change?: number;
  /** in: lands in the band; nearest: no value does; already: no change needed; none: no value tried comes nearer. */
  outcome?: 'in' | 'nearest' | 'already' | 'none';
  /** The band in words, the holders' WR against the decks without the card at the proposal, and the change's paired effect. */
  band?: string;
  wr?: number;
  wrLo?: number;
  wrHi?: number;
  effect?: number;
  lo?: number;
  hi?: number;
  games?: number;
  /** Every value the search measured: the holders' WR with its 95% interval, and the band there. */
  points?: { value: number; wr: number; wrLo: number; wrHi: number; bandLo: number; bandHi: number }[];
  /** Why no fix was searched (a card every deck holds, a card with no numeric field). */
  skipped?: string;
}

export interface FixesFile {
  /** Bots, games per pairing and seed the searches used. */
  settings: string;
  /** Set when the searches were a budget-limited screen (the nightly's): what the budget was. */
  screen?: string;
  fixes: SuggestedFix[];
}

/** The flagged cards, once per mode and card, most significant first (the flags' order). */
export function flaggedCards(flagged: readonly Assessment[]): { mode: string; card: string }[] {
  const seen = new Set<string>();
  const out: { mode: string; card: string }[] = [];
  for (const a of flagged) {
    if (a.kind !== 'card' || seen.has(`${a.mode}\t${a.name}`)) continue;
    seen.add(`${a.mode}\t${a.name}`);
    out.push({ mode: a.mode, card: a.name });
  }
  return out;
}

const pct = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);
const pts = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`);

export function fixesHtml(f: FixesFile): string {
  if (!f.fixes.length) return `<p>No card is flagged: no fix to suggest (${escapeHtml(f.settings)}${f.screen ? `; ${escapeHtml(f.screen)}` : ''}).</p>`;
  const rows = f.fixes.map((x) => {
    if (x.skipped) return `<tr><td>${escapeHtml(x.mode)}</td><td>${escapeHtml(x.card)}</td><td colspan="4">${escapeHtml(x.skipped)}</td></tr>`;
    const change = x.outcome === 'already' ? 'no change needed' : x.outcome === 'none' ? `no ${escapeHtml(x.field ?? '')} tried comes nearer the band` : `${escapeHtml(x.field ?? '')} ${x.current} → ${x.proposal}${x.outcome === 'nearest' ? ' (nearest the band; none lands in it)' : ''}`;
    return `<tr><td>${escapeHtml(x.mode)}</td><td>${escapeHtml(x.card)}</td><td>${change}</td><td>${pct(x.wr)} [${pct(x.wrLo)}, ${pct(x.wrHi)}]</td><td>${x.outcome === 'already' || x.outcome === 'none' ? '—' : `${pts(x.effect)} [${pts(x.lo)}, ${pts(x.hi)}]`}</td><td>${escapeHtml(x.band ?? '')}</td></tr>`;
  });
  const screen = f.screen ? `<p><strong>A screen, not a verdict</strong>: ${escapeHtml(f.screen)}</p>` : '';
  return `${screen}<p>For each flagged card, the smallest change of one of its numbers that brings the decks holding it into the band: every value tried is played against the decks of the run on the same seeds as the card unchanged (<code>lab fix</code>; ${escapeHtml(f.settings)}). Predicted: the holders' win rate against the decks without the card, and the paired change from now, with 95% intervals.</p>`
    + `<table class="sortable"><thead><tr><th>mode</th><th>card</th><th>proposed change</th><th>holders' WR after</th><th>change (points)</th><th>band</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The page's preface with the suggested fixes of DIR/fixes.json added (unchanged when there are none). */
export function withSuggestedFixes(preface: { id: string; title: string; html: string } | undefined, dir: string): { id: string; title: string; html: string } | undefined {
  const file = join(dir, FIXES_FILE);
  if (!existsSync(file)) return preface;
  const html = fixesHtml(JSON.parse(readFileSync(file, 'utf8')) as FixesFile);
  if (!preface) return { id: 'fixes', title: 'Suggested fixes', html };
  return { ...preface, html: `${preface.html}<h3 id="fixes">Suggested fixes</h3>${html}` };
}
