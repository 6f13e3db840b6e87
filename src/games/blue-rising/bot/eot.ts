// The end of turn (R18): discarding down to 5 keeps the best cards; a voluntary discard
// cycles a card worse than the deck's average for a fresh one, at the deck clock's price.
import { A_EOT_DISCARD, A_PASS } from '../actions.ts';
import { PH_EOT_DOWN } from '../state.ts';
import { deckAverage } from './opening.ts';
import { handValueNow } from './values.ts';
import type { View } from './view.ts';

export function scoreEot(v: View, legal: Int32Array, n: number, sc: Float64Array): void {
  const avg = deckAverage(v, false);
  const forced = v.phase === PH_EOT_DOWN;
  for (let j = 0; j < n; j++) {
    const a = legal[j]!;
    if (a === A_PASS) {
      sc[j] = 0;
      continue;
    }
    const x = handValueNow(v, v.hand[a - A_EOT_DISCARD]!);
    sc[j] = forced ? -x : avg - x - v.P.cycle - v.cardClock;
  }
}
