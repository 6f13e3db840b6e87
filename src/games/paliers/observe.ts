// Information sets (rules §12): what one seat may know, and a determinization that
// resamples everything hidden from it while keeping what it has seen.
//
// Hidden from a seat: the opponent's hand and both deck orders (the mulligan's set-aside
// cards are shuffled back, D9). Known: every count, both levels and PV, the table, both
// graveyards (public, D2), the combat, and the open deck lists.
import type { Rng } from '../../core/game.ts';
import {
  INST, MAX_EOT, MAX_PAIRS, NUM_INST, O_ACTIVE, O_ATK, O_ATK_TURN, O_AURA_ATQ, O_AURA_PV, O_BLK_CUR, O_BLK_N, O_BLOCKED, O_COL, O_COMBAT,
  O_COPY, O_CUR, O_DECK, O_DECK_N, O_DMG, O_DYING, O_END, O_ENDTURN, O_ENTROPY, O_EOT, O_EOT_N, O_FIRST, O_FOUGHT, O_FREEZE_TURN,
  O_FROZEN, O_G6_USED, O_GRAVE, O_GRAVE_N, O_HAND, O_HAND_N, O_IN_COMBAT, O_LAST_DECL, O_LEVEL, O_LIMIT_BONUS, O_MULL_DONE,
  O_MULL_LAST, O_NO_COMBAT, O_NPAIRS, O_ORDER_P, O_OVL, O_OWN_GAINS, O_PAIRS, O_PASSES, O_PATQ, O_PEND_ABIL, O_PEND_FROM_HAND,
  O_PEND_PLAYER, O_PEND_SRC, O_PHASE, O_PLACE_OFF, O_PLAYED, O_PLAYINST, O_PLAYK, O_PLAYSTEP, O_PPV, O_PRIO, O_PV, O_RET_PLAYER,
  O_SET_ASIDE, O_SET_ASIDE_N, O_SHIELD_USED, O_SPAN_GAIN, O_SPLIT_DEALER, O_SPLIT_DONE, O_SPLIT_LEFT, O_STAGE, O_TATQ, O_TPV,
  O_TURN, O_USED_TURN, O_V2_TURN, O_V5_TURN, O_WINNER, O_WMAIN, O_Y2_DONE, O_ZONE, PalState, PH_MULLIGAN, RNG_GAME, Z_DECK, Z_HAND,
} from './state.ts';

const HEADER = Int32Array.from([O_STAGE, O_PHASE, O_OVL, O_ACTIVE, O_FIRST, O_TURN, O_WINNER, O_END, O_PRIO, O_PASSES, O_WMAIN,
  O_ENDTURN, O_COMBAT, O_LAST_DECL, O_BLK_CUR, O_BLK_N, O_G6_USED, O_SPLIT_DEALER, O_SPLIT_LEFT, O_NPAIRS, O_PEND_SRC, O_PEND_ABIL,
  O_PEND_PLAYER, O_PEND_FROM_HAND, O_PLAYSTEP, O_PLAYINST, O_PLAYK, O_RET_PLAYER, O_ORDER_P, O_EOT_N]);
const PER_PLAYER = Int32Array.from([O_PV, O_LEVEL, O_PLAYED, O_OWN_GAINS, O_SPAN_GAIN, O_Y2_DONE, O_V2_TURN, O_V5_TURN, O_FREEZE_TURN,
  O_SHIELD_USED, O_DECK_N, O_HAND_N, O_GRAVE_N, O_SET_ASIDE_N, O_MULL_DONE, O_LIMIT_BONUS]);
const PER_INST = Int32Array.from([O_ZONE, O_DMG, O_PATQ, O_PPV, O_TATQ, O_TPV, O_ENTROPY, O_FROZEN, O_ATK_TURN, O_NO_COMBAT, O_USED_TURN,
  O_ATK, O_BLOCKED, O_IN_COMBAT, O_FOUGHT, O_DYING, O_PLACE_OFF, O_COPY, O_SPLIT_DONE]);
const PUBLIC_WORDS = HEADER.length + 1 + 2 * PER_PLAYER.length + 2 * 5 + 2 * 12;

/** Observation length: public words, own hand and its set-aside flags, graveyards, every instance, combat pairs, end-of-turn list. */
export const OBSERVATION_LENGTH = PUBLIC_WORDS + 2 * INST + NUM_INST + NUM_INST * (1 + PER_INST.length) + MAX_PAIRS * 4 + MAX_EOT;

export function observe(st: PalState, seat: number, out: Int32Array): number {
  const w = st.w;
  const cardOf = st.ctx.cardOf;
  let n = 0;
  for (let i = 0; i < HEADER.length; i++) out[n++] = w[HEADER[i]!]!;
  // The mulligan's progress is the decider's own business; the other seat sees the count only.
  out[n++] = w[O_PHASE] === PH_MULLIGAN && w[O_CUR] !== seat ? -1 : w[O_MULL_LAST]!;
  for (let p = 0; p < 2; p++) for (let i = 0; i < PER_PLAYER.length; i++) out[n++] = w[PER_PLAYER[i]! + p]!;
  for (let i = 0; i < 10; i++) out[n++] = w[O_COL + i]!;
  for (let i = 0; i < 12; i++) out[n++] = w[O_AURA_ATQ + i]!;
  for (let i = 0; i < 12; i++) out[n++] = w[O_AURA_PV + i]!;
  for (let h = 0; h < INST; h++) {
    const g = w[O_HAND + seat * INST + h]!;
    out[n++] = g < 0 ? -1 : cardOf[g]!;
    out[n++] = g < 0 ? 0 : w[O_SET_ASIDE + g]!;
  }
  for (let i = 0; i < NUM_INST; i++) {
    const g = w[O_GRAVE + i]!;
    out[n++] = g < 0 ? -1 : cardOf[g]!;
  }
  for (let g = 0; g < NUM_INST; g++) {
    const z = w[O_ZONE + g]!;
    const hidden = z === Z_DECK || (z === Z_HAND && (g >= INST ? 1 : 0) !== seat);
    if (hidden || cardOf[g]! < 0) {
      out[n++] = -2;
      for (let i = 0; i < PER_INST.length; i++) out[n++] = -2;
      continue;
    }
    out[n++] = cardOf[g]!;
    for (let i = 0; i < PER_INST.length; i++) out[n++] = w[PER_INST[i]! + g]!;
  }
  for (let i = 0; i < MAX_PAIRS * 4; i++) out[n++] = w[O_PAIRS + i]!;
  for (let i = 0; i < MAX_EOT; i++) out[n++] = w[O_EOT + i]!;
  return n;
}

function shuffleRange(a: Int32Array, from: number, to: number, rng: Rng): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + Math.floor(rng.next() * (i - from + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/**
 * §12: deals the opponent's unseen cards (deck list minus graveyard and table) into their
 * hand and deck at random with the right counts, reshuffles `seat`'s own deck, reseeds the
 * chance stream. In place.
 */
export function determinizeInPlace(st: PalState, seat: number, rng: Rng): void {
  const w = st.w;
  const pool = st.ctx.scratch;
  const opp = 1 - seat;
  const hn = w[O_HAND_N + opp]!, dn = w[O_DECK_N + opp]!;
  let n = 0;
  for (let h = 0; h < hn; h++) {
    const g = w[O_HAND + opp * INST + h]!;
    pool[INST + h] = w[O_SET_ASIDE + g]!; // a set-aside mark belongs to the hand position
    w[O_SET_ASIDE + g] = 0;
    pool[n++] = g;
  }
  for (let i = 0; i < dn; i++) pool[n++] = w[O_DECK + opp * INST + i]!;
  shuffleRange(pool, 0, n, rng);
  for (let h = 0; h < hn; h++) {
    const g = pool[h]!;
    w[O_HAND + opp * INST + h] = g;
    w[O_ZONE + g] = Z_HAND;
    w[O_SET_ASIDE + g] = pool[INST + h]!;
  }
  for (let i = 0; i < dn; i++) {
    const g = pool[hn + i]!;
    w[O_DECK + opp * INST + i] = g;
    w[O_ZONE + g] = Z_DECK;
  }
  shuffleRange(w, O_DECK + seat * INST, O_DECK + seat * INST + w[O_DECK_N + seat]!, rng);
  // The game's stream and both seats' (RNG_SEAT follows RNG_GAME): twelve words, each stream non-zero.
  for (let i = 0; i < 12; i++) w[RNG_GAME + i] = Math.floor(rng.next() * 4294967296) | 0;
  for (let s = RNG_GAME; s < RNG_GAME + 12; s += 4) if ((w[s]! | w[s + 1]! | w[s + 2]! | w[s + 3]!) === 0) w[s] = 1;
}
