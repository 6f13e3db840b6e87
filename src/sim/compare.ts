// Each arm against the base: differences of win rates with their 95% intervals. The arms share
// their seeds (pair i of a pairing has the same seed in every arm), so a deck's WR difference
// is paired by seed pair (src/report/paired.ts): its variance comes from the per-pair
// differences, far below the unpaired one when the patch leaves most games alone. Where the
// games do not match (an arm with its own bots or games), and for card GIH WR (no per-pair
// card data), the interval is unpaired: Newcombe's hybrid form over each arm's interval — for
// a card, its game-clustered interval (the seed pair as cluster).
import { pairedDifference } from '../report/paired.ts';
import { round6, rate } from '../report/stats.ts';
import { C, D, pairWins, type Aggregate } from './aggregate.ts';
import { cardIntervals, diffInterval, newcombe } from './metrics.ts';

export interface Difference {
  arm: string;
  mode: string;
  kind: 'deck' | 'card';
  name: string;
  base: number | null;
  value: number | null;
  diff: number | null;
  lo: number | null;
  hi: number | null;
  n: number;
  significant: boolean;
  /** paired: on the seed pairs both arms played; unpaired: the arms taken as independent. */
  interval: 'paired' | 'unpaired';
}

function row(arm: string, mode: string, kind: 'deck' | 'card', name: string, vb: number, va: number, n: number, lo: number, hi: number, interval: 'paired' | 'unpaired'): Difference {
  return {
    arm, mode, kind, name,
    base: round6(vb), value: round6(va), diff: round6(va - vb),
    lo: round6(lo), hi: round6(hi), n,
    significant: Number.isFinite(lo) && (lo > 0 || hi < 0),
    interval,
  };
}

/**
 * A deck's score in each seed pair it played, in a fixed order (pairings by key, pairs by
 * index): its wins over the pair's games (2 games, or 4 seat-games when it plays itself), and
 * the games per pair. null when a pair is missing or the games per pair vary.
 */
export function deckPairScores(agg: Aggregate, mode: string, deck: string): { keys: string[]; lengths: number[]; scores: number[]; perPair: number } | null {
  const t = agg.pairs?.[mode];
  if (!t) return null;
  const keys: string[] = [], lengths: number[] = [], scores: number[] = [];
  let perPair = 0;
  for (const key of Object.keys(t).sort()) {
    const [a, b] = key.split('\t') as [string, string];
    if (a !== deck && b !== deck) continue;
    const m = a === b ? 4 : 2;
    if (perPair !== 0 && perPair !== m) return null;
    perPair = m;
    const codes = t[key]!;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      if (!(typeof code === 'number' && code > 0)) return null;
      const [wa, wb] = pairWins(code);
      scores.push(a === b ? wa + wb : a === deck ? wa : wb);
    }
    keys.push(key);
    lengths.push(codes.length);
  }
  return keys.length ? { keys, lengths, scores, perPair } : null;
}

/** The paired interval of a deck's WR, arm minus base, or null when the two arms' pairs differ. */
function pairedDeck(base: Aggregate, arm: Aggregate, mode: string, deck: string): [number, number] | null {
  const b = deckPairScores(base, mode, deck), a = deckPairScores(arm, mode, deck);
  if (!a || !b || a.perPair !== b.perPair || a.keys.join('\n') !== b.keys.join('\n') || a.lengths.join() !== b.lengths.join()) return null;
  const p = pairedDifference(a.scores, b.scores, a.perPair);
  return Number.isFinite(p.lo) ? [p.lo, p.hi] : null;
}

/**
 * Deck win rates of every deck, and GIH win rates of the given cards, arm minus base. `paired`:
 * the arm played the base's games with only its patches changed (same bots, same games), so
 * deck differences are paired by seed pair.
 */
export function compareArms(base: Aggregate, arm: Aggregate, label: string, cards: readonly string[], paired = true): Difference[] {
  const out: Difference[] = [];
  for (const mode of Object.keys(arm.decks).sort()) {
    for (const deck of Object.keys(arm.decks[mode]!).sort()) {
      const a = arm.decks[mode]![deck]!, b = base.decks[mode]?.[deck];
      if (!b) continue;
      const vb = rate(b[D.wins]!, b[D.games]!), va = rate(a[D.wins]!, a[D.games]!);
      const pi = paired ? pairedDeck(base, arm, mode, deck) : null;
      if (pi) out.push(row(label, mode, 'deck', deck, vb, va, a[D.games]!, pi[0], pi[1], 'paired'));
      else {
        const [lo, hi] = diffInterval(a[D.wins]!, a[D.games]!, b[D.wins]!, b[D.games]!);
        out.push(row(label, mode, 'deck', deck, vb, va, a[D.games]!, lo, hi, 'unpaired'));
      }
    }
    for (const card of cards) {
      const a = arm.cards[mode]?.[card], b = base.cards[mode]?.[card];
      if (!a || !b) continue;
      // Newcombe's hybrid form on the two clustered intervals (the seed pair as cluster).
      const ca = cardIntervals(a).gih, cb = cardIntervals(b).gih;
      const [lo, hi] = newcombe(ca.rate, ca.lo, ca.hi, cb.rate, cb.lo, cb.hi);
      out.push(row(label, mode, 'card', card, rate(b[C.wonGih]!, b[C.gih]!), rate(a[C.wonGih]!, a[C.gih]!), a[C.gih]!, lo, hi, 'unpaired'));
    }
  }
  return out;
}

export const DIFFERENCE_COLUMNS = ['arm', 'mode', 'kind', 'name', 'base', 'value', 'diff', 'lo', 'hi', 'n', 'significant', 'interval'] as const;
