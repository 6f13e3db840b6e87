// The opening: placing the setup Aspirants (R11, one per column first) and the mulligan
// (R14: put back the cards worse than the deck's average by the profile's margin).
import * as actionBands from '../actions.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import * as stateLayout from '../state.ts';
import { CAT_AB_RESOURCE, CAT_COST, CAT_GRADE, CAT_KW_BACK, CAT_KW_DEFENSE, CAT_KW_FLAGS, CAT_KW_FRONT, CAT_POWER, CAT_SUPPORT, CAT_TYPE, INFO_ENTER_W, INFO_HAND_W, INFO_WORTH } from './card-info.ts';
import { HAND, OCC, OWN_CARDS, deckHistogram, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  A_MULLIGAN, A_SETUP,
} = actionBands;
const {
  G_LEGEND, KW_COUNTER, KW_RANGED, NUM_TRIGGERS, TR_TAP, T_CHARACTER,
} = catalogueCodes;
const {
  ZONE_CAP,
} = stateLayout;

export function scoreSetup(v: View, legal: Int32Array, n: number, sc: Float64Array): void {
  for (let i = 0; i < n; i++) sc[i] = setupValue(v, legal[i]!);
}

function setupValue(v: View, a: number): number {
  const k = ((a - A_SETUP) / 6) | 0, s = (a - A_SETUP) % 6;
  const c = v.aspirants[k]!;
  const base = (INFO_WORTH[c]! + 1.2 * INFO_ENTER_W[c]! + 0.5 * CAT_AB_RESOURCE[c * NUM_TRIGGERS + TR_TAP]!) * 10;
  const col = s % 3, front = s < 3;
  const me = v.me;
  let fit = 0;
  const covered = OCC[me * 6 + col] || OCC[me * 6 + 3 + col];
  if (!covered) fit += 6; // one character per column first: no Environment left open
  else fit += 0.5;
  if (front) fit += 0.5 * CAT_KW_FRONT[c]! + 0.25 * (CAT_POWER[c]! + CAT_KW_DEFENSE[c]!) + (CAT_KW_FLAGS[c]! & KW_COUNTER ? 0.5 : 0);
  else fit += 0.5 * CAT_KW_BACK[c]! + 0.35 * CAT_SUPPORT[c]! + (CAT_KW_FLAGS[c]! & KW_RANGED ? 0.5 : 0);
  if (col === 1) fit += 0.1; // the centre touches both other columns
  return base + fit;
}

/** Average worth of a card of our deck (a multiset: counted by card, never by position). */
export function deckAverage(v: View, opening: boolean): number {
  const ownOnly = deckHistogram(v);
  const hist = v.deckHist;
  const n = v.deckN;
  let sum = 0;
  if (ownOnly) {
    // Over our own cards in ascending order: the deck holds no other, and the sum adds its
    // terms in the order the pass over the whole catalogue below would.
    const own = OWN_CARDS.cards, lo = v.me * ZONE_CAP, hi = lo + OWN_CARDS.n[v.me]!;
    for (let k = lo; k < hi; k++) {
      const c = own[k]!;
      if (hist[c]) sum += hist[c]! * (opening ? openingValue(v, c) : INFO_HAND_W[c]!);
    }
  } else {
    const size = v.cat.size;
    for (let c = 0; c < size; c++) if (hist[c]) sum += hist[c]! * (opening ? openingValue(v, c) : INFO_HAND_W[c]!);
  }
  return n > 0 ? sum / n : 0;
}

/** A card's worth in an opening hand: cheap characters and playable cards up, costly ones down. */
function openingValue(v: View, c: number): number {
  let x = INFO_HAND_W[c]!;
  if (CAT_TYPE[c] === T_CHARACTER) {
    if (CAT_COST[c]! <= 1) x += 0.4;
    if (CAT_COST[c]! >= 4) x -= 0.5;
    if (CAT_GRADE[c] === G_LEGEND) x -= 0.6;
  } else if (CAT_COST[c]! >= 3) x -= 0.4;
  return x;
}

/** Each mask of hand cards to put back: the sum of how much worse than the deck's average they are. */
export function scoreMulligan(v: View, delta: Float64Array, legal: Int32Array, n: number, sc: Float64Array): void {
  const avg = deckAverage(v, true);
  const hn = v.handN;
  for (let i = 0; i < hn; i++) delta[i] = avg - openingValue(v, HAND[i]!) - v.P.mulligan;
  for (let j = 0; j < n; j++) {
    const mask = legal[j]! - A_MULLIGAN;
    let s = 0;
    for (let i = 0; i < hn; i++) if (mask & (1 << i)) s += delta[i]!;
    sc[j] = s;
  }
}
