// The end of turn (R18): discarding down to 5 keeps the best cards; a voluntary discard
// cycles a card worse than the deck's average for a fresh one, at the deck clock's price.
import * as actionBands from '../actions.ts';
import * as stateLayout from '../state.ts';
import { deckAverage } from './opening.ts';
import { handValueNow } from './values.ts';
import { HAND, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  A_EOT_DISCARD, A_PASS,
} = actionBands;
const {
  PH_EOT_DOWN,
} = stateLayout;

export function scoreEot(v: View, legal: Int32Array, n: number, sc: Float64Array): void {
  const avg = deckAverage(v, false);
  const forced = v.phase === PH_EOT_DOWN;
  for (let j = 0; j < n; j++) {
    const a = legal[j]!;
    if (a === A_PASS) {
      sc[j] = 0;
      continue;
    }
    const x = handValueNow(v, HAND[a - A_EOT_DISCARD]!);
    sc[j] = forced ? -x : avg - x - v.P.cycle - v.cardClock;
  }
}
