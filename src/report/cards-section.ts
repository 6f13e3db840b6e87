// The report's card drill-down: per mode, every card in one sortable table (its deck-adjusted
// effect first, the describing rates after), and under it, per card, which decks hold it, with
// how many copies, and its figures in each: the deck-adjusted effect within that deck, the
// ablation's change of that deck's win rate when an ablation.json sits in the results folder
// (`lab ablate --out DIR`), and the deck's win rates with and without the card dealt.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rankCards } from './answer.ts';
import type { CardDeckRow } from './card-decks.ts';
import type { ReportContext } from './context.ts';
import { metricDefinitions } from './glossary.ts';
import { cardAnchor, escapeHtml, sortableTable, type Cell, type Heading, type PageSection } from './html.ts';
import type { CardRow } from './summary.ts';

/** An ablation.json's effects (src/sim/ablate.ts CardEffect), as much as the page reads. */
interface AblationEffect {
  mode: string;
  card: string;
  standIn?: string;
  effect: number | null;
  lo: number | null;
  hi: number | null;
  pairs?: number;
  decks?: { deck: string; diff: number | null; lo: number | null; hi: number | null; pairs?: number }[];
}

/** DIR/ablation.json's effects by "mode\tcard", or null when there is none (or it is not one). */
export function readAblation(dir: string): (Map<string, AblationEffect> & { about?: string }) | null {
  const file = join(dir, 'ablation.json');
  if (!existsSync(file)) return null;
  try {
    const j = JSON.parse(readFileSync(file, 'utf8')) as { effects?: AblationEffect[]; bots?: string[]; gamesPerPairing?: number; seed?: number };
    if (!Array.isArray(j.effects)) return null;
    const out: Map<string, AblationEffect> & { about?: string } = new Map(j.effects.map((e) => [`${e.mode}\t${e.card}`, e]));
    // Its own run's bots, games and seed: the page says them, the ablation may differ from this run.
    const about = [Array.isArray(j.bots) ? `bots ${j.bots.join(' vs ')}` : '', typeof j.gamesPerPairing === 'number' ? `${j.gamesPerPairing} games per pairing` : '', typeof j.seed === 'number' ? `seed ${j.seed}` : ''].filter(Boolean).join(', ');
    if (about) out.about = about;
    return out;
  } catch {
    return null; // the drill-down only adds it; the page says no ablation was found
  }
}

const slugOf = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';

const fin = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const pts = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(100 * x).toFixed(1)}`;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const int = (n: number) => Math.round(n).toLocaleString('en');
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const none: Cell = { html: '—', v: '' };
const rateCell = (x: unknown): Cell => (fin(x) ? { html: pct(x), v: r6(x) } : none);
const intCell = (x: unknown): Cell => (fin(x) ? { html: int(x), v: x } : none);
/** An effect in points with its interval; sorts by the effect. */
const effectCell = (e: unknown, lo: unknown, hi: unknown): Cell =>
  (fin(e) ? { html: `${pts(e)}${fin(lo) && fin(hi) ? ` <span class="ci">[${pts(lo)}, ${pts(hi)}]</span>` : ''}`, v: r6(e) } : none);
const pCell = (p: unknown): Cell => (fin(p) ? { html: p < 1e-4 ? p.toExponential(0) : p.toPrecision(2), v: p } : none);

/** The deck lists of the run (summary.json deckLists): mode → deck → card → copies. */
function deckLists(summary: Record<string, unknown>): Map<string, Map<string, Record<string, number>>> {
  const out = new Map<string, Map<string, Record<string, number>>>();
  const lists = Array.isArray(summary.deckLists) ? (summary.deckLists as { name: string; mode: string; cards: Record<string, number> }[]) : [];
  for (const l of lists) {
    if (!out.has(l.mode)) out.set(l.mode, new Map());
    out.get(l.mode)!.set(l.name, l.cards ?? {});
  }
  return out;
}

/** The page's card drill-down section. */
export function cardsSection(ctx: ReportContext): PageSection | null {
  const { main, modes, q } = ctx;
  if (main.cards.length === 0) return null;
  const lists = deckLists(ctx.results.summary);
  const ablation = readAblation(ctx.results.dir);
  const glossary = metricDefinitions(ctx.game.words.glossary, ctx.dropped);
  // The game's score-per-play column (Blue Rising "VP per play", Diplomatie "PD per play" …).
  const scoreColumn = ctx.game.words.columns?.vp_per_play ?? 'vp_per_play';
  const scoreTerm = scoreColumn === '' ? null : glossary.find((d) => d.where.split(/[ ,]+/).includes(scoreColumn))?.term ?? scoreColumn;
  const showPitch = !ctx.dropped('pitch_rate');
  const turns = [...new Set(main.cards.flatMap((c) => Object.keys(c).map((k) => /^iwd_adj_by_turn_(\d+)$/.exec(k)?.[1]).filter(Boolean).map(Number)))].sort((a, b) => a - b);
  const turn = turns.length ? turns[Math.floor(turns.length / 2)]! : null;
  const out: string[] = [];
  out.push('<p class="sub">Every card of each mode, one row each; click a column\'s header to sort by it (again to reverse), a card\'s name to open its figures in each deck holding it. '
    + 'Red rows: cards that win significantly more than their decks explain; blue rows: less (deck-adjusted effect, Benjamini–Hochberg at q = ' + q + '). '
    + `${ablation ? `Ablation: this folder's ablation.json (lab ablate${ablation.about ? `: ${ablation.about}` : ''}), the holders' win rate with the card minus with its stand-in, paired on the same seeds.` : 'No ablation.json in this folder: run lab ablate --out on it for the ablation column.'}</p>`);
  for (const mode of modes) {
    const cards = main.cards.filter((c) => c.mode === mode);
    if (cards.length === 0) continue;
    const { all } = rankCards(main.cards, mode, q);
    const ranked = new Map(all.map((r) => [r.card, r]));
    const perDeck = (main.cardDecks ?? []).filter((r) => r.mode === mode);
    const decksOfMode = lists.get(mode) ?? new Map<string, Record<string, number>>();
    const deckRow = new Map(main.decks.filter((d) => d.mode === mode).map((d) => [d.deck, d]));
    const holdersOf = (card: string): { deck: string; copies: number | null; row: CardDeckRow | undefined }[] => {
      const rows = perDeck.filter((r) => r.card === card);
      const names = new Set<string>(rows.map((r) => r.deck));
      for (const [deck, list] of decksOfMode) if ((list[card] ?? 0) > 0) names.add(deck);
      return [...names].sort((a, b) => a.localeCompare(b, 'fr')).map((deck) => ({ deck, copies: decksOfMode.get(deck)?.[card] ?? null, row: rows.find((r) => r.deck === deck) }));
    };
    const ablOf = (card: string) => ablation?.get(`${mode}\t${card}`);
    const hasAbl = ablation !== null && cards.some((c) => ablOf(c.card));
    // Each heading's tooltip: the figure's meaning from the page's glossary.
    const h = (text: string, term: string): Heading => ({ text, title: glossary.find((d) => d.term === term)?.meaning });
    const head: Heading[] = ['card', 'decks holding it', 'copies', h('deck-adjusted effect (points) [95%]', 'Deck-adjusted effect'), 'p',
      ...(hasAbl ? [h('ablation effect (points) [95%]', 'Ablation effect')] : []),
      ...(turn !== null ? [h(`IWD by turn ${turn}, deck-adjusted`, 'IWD by turn T, deck-adjusted')] : []),
      h('GIH WR (describes only)', 'GIH WR'), h('play rate', 'Play rate'), ...(showPitch ? [h('pitch rate', 'Pitch rate')] : []), ...(scoreTerm ? [h(scoreTerm, scoreTerm)] : [])];
    const rows: Cell[][] = [];
    const tones: string[] = [];
    // Strongest evidence first (the answer's order), then the cards without an estimate by name.
    const order = [...cards].sort((a, b) => (ranked.get(b.card)?.z ?? -Infinity) - (ranked.get(a.card)?.z ?? -Infinity) || a.card.localeCompare(b.card, 'fr'));
    for (const c of order) {
      const r = ranked.get(c.card);
      const holders = holdersOf(c.card);
      const copies = holders.reduce((s, h) => s + (h.copies ?? 0), 0);
      const a = ablOf(c.card);
      const k = turn === null ? '' : `iwd_adj_by_turn_${turn}`;
      rows.push([
        { html: `<a href="#${cardAnchor(mode, c.card)}">${escapeHtml(c.card)}</a>`, v: c.card },
        { html: escapeHtml(holders.map((h) => h.deck).join(', ') || '—'), v: holders.length },
        holders.some((h) => h.copies !== null) ? intCell(copies) : none,
        effectCell(c.adj_effect, c.adj_lo, c.adj_hi),
        pCell(c.adj_p),
        ...(hasAbl ? [a ? effectCell(a.effect, a.lo, a.hi) : none] : []),
        ...(turn !== null ? [effectCell(c[k], c[`${k}_lo`], c[`${k}_hi`])] : []),
        rateCell(c.gih_wr), rateCell(c.play_rate), ...(showPitch ? [rateCell(c.pitch_rate)] : []), ...(scoreTerm ? [fin(c.vp_per_play) ? { html: c.vp_per_play.toFixed(2), v: c.vp_per_play } : none] : []),
      ]);
      tones.push(r?.bhKept ? (r.effect > 0 ? 'strong' : 'weak') : '');
    }
    out.push(`<h3>${escapeHtml(mode)}: ${cards.length} cards</h3>`);
    out.push(sortableTable('cards', head, rows, `cards-${slugOf(mode)}`, tones));
    out.push(`<h3>${escapeHtml(mode)}: each card in its decks</h3>`);
    for (const c of order) out.push(cardDetails(c, mode, holdersOf(c.card), ablOf(c.card), deckRow, ranked.get(c.card)?.bhKept ?? false));
  }
  return { id: 'card-drill', title: 'Cards, one by one', html: out.join('\n') };
}

function cardDetails(c: CardRow, mode: string, holders: { deck: string; copies: number | null; row: CardDeckRow | undefined }[],
  abl: AblationEffect | undefined, deckRow: Map<string, { wr: number | null; wr_lo: number | null; wr_hi: number | null; games: number }>, kept: boolean): string {
  const tone = kept && fin(c.adj_effect) ? (c.adj_effect > 0 ? ' strong-text' : ' weak-text') : '';
  const head = fin(c.adj_effect) ? `deck-adjusted ${pts(c.adj_effect)}${fin(c.adj_lo) && fin(c.adj_hi) ? ` [${pts(c.adj_lo)}, ${pts(c.adj_hi)}]` : ''}` : 'no deck-adjusted estimate';
  const summary = `<summary><b class="${tone.trim()}">${escapeHtml(c.card)}</b> — ${escapeHtml(head)}; ${holders.length} deck${holders.length === 1 ? '' : 's'}</summary>`;
  const said: string[] = [];
  said.push(`Held by ${holders.length ? holders.map((h) => `${h.deck}${h.copies !== null ? ` (${h.copies} cop${h.copies === 1 ? 'y' : 'ies'})` : ''}`).join(', ') : 'no deck of this mode'}.`);
  if (abl) said.push(`Ablation: the holders' win rate with the card minus with its stand-in (${abl.standIn ?? 'replacement level'}), paired on the same seeds: ${fin(abl.effect) ? `${pts(abl.effect)} points` : '—'}${fin(abl.lo) && fin(abl.hi) ? ` [${pts(abl.lo)}, ${pts(abl.hi)}]` : ''}${abl.pairs ? ` over ${int(abl.pairs)} seed pairs` : ''}.`);
  const hasAbl = Boolean(abl?.decks?.length);
  const rows: Cell[][] = holders.map((h) => {
    const d = deckRow.get(h.deck);
    const ad = abl?.decks?.find((x) => x.deck === h.deck);
    return [
      h.deck,
      h.copies === null ? none : intCell(h.copies),
      intCell(h.row?.seat_games), intCell(h.row?.dealt_games),
      rateCell(h.row?.wr_dealt), rateCell(h.row?.wr_not_dealt),
      effectCell(h.row?.adj_effect, h.row?.adj_lo, h.row?.adj_hi),
      ...(hasAbl ? [ad ? effectCell(ad.diff, ad.lo, ad.hi) : none] : []),
      d && fin(d.wr) ? { html: `${pct(d.wr)}${fin(d.wr_lo) && fin(d.wr_hi) ? ` <span class="ci">[${(100 * d.wr_lo).toFixed(1)}, ${(100 * d.wr_hi).toFixed(1)}]</span>` : ''}`, v: r6(d.wr) } : none,
    ];
  });
  const head2 = ['deck', 'copies', 'seat-games', 'dealt it (opening hand)', 'WR when dealt', 'WR when not dealt', 'deck-adjusted effect in this deck (points) [95%]',
    ...(hasAbl ? ['ablation: deck WR with the card − with its stand-in (points) [95%]'] : []), 'deck WR [95%]'];
  const table = holders.length ? sortableTable('card-decks', head2, rows) : '';
  return `<details class="card" id="${cardAnchor(mode, c.card)}">${summary}<p>${said.map(escapeHtml).join(' ')}</p>${table}</details>`;
}
