// The report's first screen: what is out of line, in sentences, per mode. Cards are named by
// their deck-adjusted effect (card-effects.ts: win rate when held early, in the kept opening hand
// or the next cards of the library, minus when not, within seat deck × opposing deck × who moved
// first), never by GIH WR or raw IWD,
// which mostly measure the decks holding the card and their game length.
import { EARLY_DRAWS } from '../sim/card-effects.ts';
import { MIN_SEAT_GAMES } from './flags.ts';
import { escapeHtml } from './html.ts';
import { benjaminiHochberg, Z95 } from './stats.ts';
import type { Band, CardRow, Tables } from './summary.ts';
import type { ModeMeta } from './meta.ts';
import { metaSentence } from './meta-section.ts';

export interface RankedCard {
  mode: string;
  card: string;
  effect: number;
  lo: number;
  hi: number;
  p: number;
  /** effect / standard error: the strength of the evidence, signed. */
  z: number;
  /** Benjamini–Hochberg at q over the mode's cards. */
  bhKept: boolean;
}

const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : NaN);

/**
 * A mode's cards by their deck-adjusted effect, strongest evidence first: `strong` by z
 * descending (positive effects), `weak` by z ascending (negative). Ranking by z rather than by
 * the effect in points keeps a rare card's noisy estimate from heading the list: on the shipped
 * quick decks a Hero planted at +3 power heads the list by z on seeds 2026, 2027 and 2028, but
 * comes second or third by points (or by the interval's low end), behind cards held by one deck whose
 * estimates are larger and wider (README, "Which card is out of line").
 */
export function rankCards(cards: readonly CardRow[], mode: string, q = 0.05): { strong: RankedCard[]; weak: RankedCard[]; all: RankedCard[] } {
  const rows = cards.filter((c) => c.mode === mode && num(c.adj_n_present) >= MIN_SEAT_GAMES && num(c.adj_n_absent) >= MIN_SEAT_GAMES && Number.isFinite(num(c.adj_effect)) && Number.isFinite(num(c.adj_lo)) && num(c.adj_hi) > num(c.adj_lo));
  const ps = rows.map((c) => num(c.adj_p));
  const kept = benjaminiHochberg(ps, q);
  const all = rows.map((c, i): RankedCard => {
    const se = (num(c.adj_hi) - num(c.adj_lo)) / (2 * Z95);
    return { mode, card: c.card, effect: num(c.adj_effect), lo: num(c.adj_lo), hi: num(c.adj_hi), p: ps[i]!, z: num(c.adj_effect) / se, bhKept: kept[i]! };
  });
  const byName = (a: RankedCard, b: RankedCard) => a.card.localeCompare(b.card, 'fr');
  const strong = all.filter((r) => r.z > 0).sort((a, b) => b.z - a.z || byName(a, b));
  const weak = all.filter((r) => r.z < 0).sort((a, b) => a.z - b.z || byName(a, b));
  return { strong, weak, all };
}

const pts = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(100 * x).toFixed(1)}`;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pTxt = (p: number) => (p < 1e-4 ? `p = ${p.toExponential(0)}` : `p = ${p.toPrecision(2)}`);
const cardText = (r: RankedCard) => `<b>${escapeHtml(r.card)}</b> ${pts(r.effect)} points [${pts(r.lo)}, ${pts(r.hi)}]`;

/** How many cards the first screen names on each side. */
const NAMED = 3;

/** One mode's answer as sentences (HTML). */
export function modeAnswer(t: Tables, mode: string, band: Band, q = 0.05): string[] {
  const out: string[] = [];
  const { strong, weak, all } = rankCards(t.cards, mode, q);
  const s = strong.filter((r) => r.bhKept).slice(0, NAMED), w = weak.filter((r) => r.bhKept).slice(0, NAMED);
  if (all.length === 0) out.push('No card has a deck-adjusted estimate (no card was both dealt and not dealt in one seat deck × opposing deck × first-player cell).');
  else {
    out.push(s.length
      ? `Cards that win more than their decks explain: ${s.map(cardText).join('; ')} (win rate when held early, in the kept opening hand or the next ${EARLY_DRAWS} cards of the library, minus when not).`
      : `No card wins significantly more than its decks explain (${all.length} cards, Benjamini–Hochberg q = ${q}).`);
    out.push(w.length
      ? `Cards that win less: ${w.map(cardText).join('; ')}.`
      : 'No card wins significantly less than its decks explain.');
  }
  const decks = t.decks.filter((d) => d.mode === mode && d.wr !== null).sort((a, b) => num(b.wr) - num(a.wr));
  const above = decks.filter((d) => num(d.wr_lo) > band.deckWr[1]);
  const below = decks.filter((d) => num(d.wr_hi) < band.deckWr[0]).reverse();
  const deckText = (d: (typeof decks)[number]) => `<b>${escapeHtml(d.deck)}</b> ${pct(num(d.wr))} [${(100 * num(d.wr_lo)).toFixed(1)}, ${(100 * num(d.wr_hi)).toFixed(1)}]`;
  if (decks.length > 1) {
    const band2 = `${Math.round(100 * band.deckWr[0])}–${Math.round(100 * band.deckWr[1])}%`;
    out.push(above.length || below.length
      ? `Decks outside ${band2}: ${[above.length ? `dominating ${above.map(deckText).join(', ')}` : '', below.length ? `trailing ${below.map(deckText).join(', ')}` : ''].filter(Boolean).join('; ')}.`
      : `Every deck's win rate is within ${band2} (best ${deckText(decks[0]!)}, worst ${deckText(decks[decks.length - 1]!)}).`);
  }
  const m = t.modes.find((r) => r.mode === mode);
  if (m && m.first_player_wr !== null) {
    const fp = num(m.first_player_wr), lo = num(m.first_player_wr_lo), hi = num(m.first_player_wr_hi);
    const verdict = lo > 0.5 ? 'an advantage' : hi < 0.5 ? 'a disadvantage' : 'no clear advantage';
    out.push(`The first player wins ${pct(fp)} [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}] of ${m.games.toLocaleString('en')} games: ${verdict}.`);
  }
  return out;
}

/** The strongest and weakest cards of a mode, with their figures: the drill-down under the answer. */
function cardTable(t: Tables, mode: string, q: number, turn: number | null): string {
  const { strong, weak } = rankCards(t.cards, mode, q);
  const rows = [...strong.slice(0, 8), ...weak.slice(0, 8).reverse()];
  if (rows.length === 0) return '';
  const byName = new Map(t.cards.filter((c) => c.mode === mode).map((c) => [c.card, c]));
  const f = (x: unknown) => (Number.isFinite(num(x)) ? pts(num(x)) : '—');
  const head = ['card', 'deck-adjusted effect (points)', '95% interval', 'p', `IWD by turn ${turn ?? '—'}, deck-adjusted`, 'GIH WR (describes only)'];
  const body = rows.map((r) => {
    const c = byName.get(r.card)!;
    const k = turn === null ? '' : `iwd_adj_by_turn_${turn}`;
    const tone = r.effect > 0 ? 'strong' : 'weak';
    return `<tr class="${tone}"><td>${escapeHtml(r.card)}</td><td>${pts(r.effect)}</td><td>[${pts(r.lo)}, ${pts(r.hi)}]</td><td>${pTxt(r.p)}${r.bhKept ? '' : ' (not kept by BH)'}</td>`
      + `<td>${turn === null ? '—' : `${f(c[k])} [${f(c[`${k}_lo`])}, ${f(c[`${k}_hi`])}]`}</td><td>${Number.isFinite(num(c.gih_wr)) ? pct(num(c.gih_wr)) : '—'}</td></tr>`;
  }).join('');
  return `<table class="answer"><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The first screen: per mode, the answer in sentences, then the strongest and weakest cards. */
export function answerHtml(t: Tables, band: Band, q = 0.05, meta: readonly ModeMeta[] = []): string {
  const modes = [...new Set([...t.modes.map((m) => m.mode), ...t.cards.map((c) => c.mode)])].sort();
  // The middle IWD-by-turn checkpoint the cards carry (turn 6 for Blue Rising).
  const turns = [...new Set(Object.keys(t.cards[0] ?? {}).map((k) => /^iwd_adj_by_turn_(\d+)$/.exec(k)?.[1]).filter(Boolean).map(Number))].sort((a, b) => a - b);
  const turn = turns.length ? turns[Math.floor(turns.length / 2)]! : null;
  const parts: string[] = [];
  for (const mode of modes) {
    parts.push(`<h3>${escapeHtml(mode)}</h3>`);
    const m = meta.find((x) => x.mode === mode);
    const said = [...modeAnswer(t, mode, band, q), ...(m && metaSentence(m) ? [`${metaSentence(m)!} (<a href="#meta">the meta</a>)`] : [])];
    parts.push(`<ul class="answer">${said.map((s) => `<li>${s}</li>`).join('')}</ul>`);
    parts.push(cardTable(t, mode, q, turn));
  }
  parts.push(`<p class="note">Deck-adjusted effect: the win rate of the seat-games whose deck held the card early, in its kept opening hand or among the next ${EARLY_DRAWS} cards of its library as play began (the shuffle fixes it before any play, so it cannot follow how the game goes; a game that does not report its draw order: dealt in the opening hand), minus those of the same deck that did not, compared within each seat deck × opposing deck × first-player cell and pooled with Mantel–Haenszel weights; 95% interval with the seed pair as the unit (cluster-robust sandwich). Cards are ordered by the strength of the evidence (effect over its standard error) and named only when Benjamini–Hochberg at q = ${q} over the mode's cards keeps them. IWD by turn T, deck-adjusted: the same comparison for "seen by turn T" among games that reach turn T; drawing more cards by T is itself a sign of a game going well, so it runs above zero for most cards. GIH WR only describes: it mostly tracks the decks holding the card.</p>`);
  return parts.join('\n');
}
