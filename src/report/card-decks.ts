// A card's figures in each deck holding it (the report's per-card drill-down): from the
// deck-adjusted effect's counts (card-effects.ts), the cells of one seat deck only. summary.json
// carries the rows (src/sim/write.ts), since the counts themselves are not written out.
import { adjustedCounts, estimateEffect, type EffectCounts, type EffectTable } from '../sim/card-effects.ts';

export interface CardDeckRow {
  mode: string;
  card: string;
  deck: string;
  /** Seat-games of the deck (the card is in its list). */
  seat_games: number;
  /** Seat-games whose opening hand was dealt the card, and the win rates with and without it. */
  dealt_games: number;
  wr_dealt: number | null;
  wr_not_dealt: number | null;
  /** The deck-adjusted effect within this deck (its opposing deck × first-player cells), 95% interval. */
  adj_effect: number | null;
  adj_lo: number | null;
  adj_hi: number | null;
}

const r6 = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : null);

/** The counts of one seat deck: its cells, and the cross sums of two of its cells. */
export function deckCounts(e: EffectCounts, deck: string): EffectCounts {
  const own = (key: string) => key.startsWith(`${deck}\t`);
  const cells: Record<string, number[]> = {};
  for (const [k, v] of Object.entries(e.cells)) if (own(k)) cells[k] = v;
  const cross: Record<string, number[]> = {};
  for (const [k, v] of Object.entries(e.cross)) {
    const nl = k.indexOf('\n');
    if (own(k.slice(0, nl)) && own(k.slice(nl + 1))) cross[k] = v;
  }
  // The seed pairs of the other decks add nothing to the sums; G/(G − 1) keeps the run's G.
  return { clusters: e.clusters, cells, cross };
}

/** Per mode, card and deck holding it (sorted), the card's figures in that deck. */
export function cardDeckRows(effects: EffectTable | undefined): CardDeckRow[] {
  const out: CardDeckRow[] = [];
  for (const mode of Object.keys(effects ?? {}).sort()) {
    const cards = effects![mode]!;
    for (const card of Object.keys(cards).sort((a, b) => a.localeCompare(b, 'fr'))) {
      const e = cards[card]!.dealt, adj = adjustedCounts(cards[card]);
      if (!e || !adj) continue;
      const decks = [...new Set(Object.keys(e.cells).map((k) => k.slice(0, k.indexOf('\t'))))].sort((a, b) => a.localeCompare(b, 'fr'));
      for (const deck of decks) {
        const c = deckCounts(e, deck);
        let n1 = 0, y1 = 0, n0 = 0, y0 = 0;
        for (const [k, [n, y]] of Object.entries(c.cells)) {
          if (k.endsWith('\t1')) (n1 += n!), (y1 += y!);
          else (n0 += n!), (y0 += y!);
        }
        // Dealt: what the deck was dealt (describes); the effect: the deck-adjusted presence.
        const a = estimateEffect(deckCounts(adj, deck));
        out.push({
          mode, card, deck, seat_games: n0 + n1, dealt_games: n1, wr_dealt: r6(y1 / n1), wr_not_dealt: r6(y0 / n0),
          adj_effect: r6(a.effect), adj_lo: r6(a.lo), adj_hi: r6(a.hi),
        });
      }
    }
  }
  return out;
}
