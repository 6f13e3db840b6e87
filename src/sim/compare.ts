// Each arm against the base: differences of win rates with their 95% intervals (Newcombe's
// hybrid score interval for a difference of proportions; the arms share their seeds, so the
// interval is conservative — common random numbers make the real difference less noisy).
import { round6, rate } from '../report/stats.ts';
import { C, D, type Aggregate } from './aggregate.ts';
import { diffInterval } from './metrics.ts';

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
}

function diff(arm: string, mode: string, kind: 'deck' | 'card', name: string, kb: number, nb: number, ka: number, na: number): Difference {
  const [lo, hi] = diffInterval(ka, na, kb, nb);
  return {
    arm, mode, kind, name,
    base: round6(rate(kb, nb)), value: round6(rate(ka, na)), diff: round6(rate(ka, na) - rate(kb, nb)),
    lo: round6(lo), hi: round6(hi), n: na,
    significant: Number.isFinite(lo) && (lo > 0 || hi < 0),
  };
}

/** Deck win rates of every deck, and GIH win rates of the given cards, arm minus base. */
export function compareArms(base: Aggregate, arm: Aggregate, label: string, cards: readonly string[]): Difference[] {
  const out: Difference[] = [];
  for (const mode of Object.keys(arm.decks).sort()) {
    for (const deck of Object.keys(arm.decks[mode]!).sort()) {
      const a = arm.decks[mode]![deck]!, b = base.decks[mode]?.[deck];
      if (!b) continue;
      out.push(diff(label, mode, 'deck', deck, b[D.wins]!, b[D.games]!, a[D.wins]!, a[D.games]!));
    }
    for (const card of cards) {
      const a = arm.cards[mode]?.[card], b = base.cards[mode]?.[card];
      if (!a || !b) continue;
      out.push(diff(label, mode, 'card', card, b[C.wonGih]!, b[C.gih]!, a[C.wonGih]!, a[C.gih]!));
    }
  }
  return out;
}

export const DIFFERENCE_COLUMNS = ['arm', 'mode', 'kind', 'name', 'base', 'value', 'diff', 'lo', 'hi', 'n', 'significant'] as const;
