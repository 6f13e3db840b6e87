// Information sets (rules §9, D9): what one seat may know, and a determinization that
// resamples everything hidden from it while keeping what it has seen.
//
// Hidden from a seat: the opponent's hand and deck (their order, and which cards the
// opponent put under their deck with the mulligan: the seat learns only how many), and the
// order of its own deck above the cards it put at the bottom itself (D9: it knows those and
// their order). Known: every count, every card in play and its state, discards, the stack,
// the combat, and the open deck lists.
import type { Rng } from '../../core/game.ts';
import {
  INST, NUM_INST, O_ACTIVE, O_ASG_DEALER, O_ASG_LEFT, O_ATK_ON, O_ATK_TARGET, O_COMBAT, O_CONS, O_CSPD, O_CUR, O_DECK,
  O_DECK_N, O_DECL_LAST, O_DECL_N, O_DISC, O_DISC_N, O_DMG, O_END, O_ENTERED, O_EOT_LIFE, O_EOT_SPD, O_EOT_STR,
  O_FETCH_MASK, O_FETCH_N, O_FIRST, O_GROUP, O_HAND, O_HAND_N, O_HANDLED, O_HOST, O_INFL, O_KNOWN, O_LOCK, O_MULL_N,
  O_PASSES, O_PEND, O_PEND_K, O_PEND_PLAYER, O_PEND_SRC, O_PERM_LIFE, O_PERM_SPD, O_PERM_STR, O_PHASE, O_PRIO,
  O_SETUP_P, O_SETUP_STAGE, O_STACK, O_STACK_N, O_TURN, O_USED, O_WCTX, O_WINNER, O_ZONE, RNG_GAME, SeuilsState,
  STACK_CAP, STACK_FIELDS, Z_DECK, Z_HAND,
} from './state.ts';

const HEADER = [O_TURN, O_PHASE, O_ACTIVE, O_FIRST, O_CUR, O_WINNER, O_END, O_INFL, O_INFL + 1, O_PRIO, O_PASSES, O_WCTX,
  O_STACK_N, O_PEND, O_PEND_K, O_PEND_PLAYER, O_ATK_ON, O_ATK_TARGET, O_DECL_LAST, O_DECL_N, O_ASG_DEALER, O_ASG_LEFT,
  O_SETUP_P, O_SETUP_STAGE, O_FETCH_N, O_FETCH_N + 1, O_FETCH_MASK, O_FETCH_MASK + 1, O_MULL_N, O_MULL_N + 1, O_KNOWN,
  O_KNOWN + 1, O_DECK_N, O_DECK_N + 1, O_HAND_N, O_HAND_N + 1, O_DISC_N, O_DISC_N + 1];
const HEADER_OFFSETS = Int32Array.from(HEADER);
/** Per-instance public fields (in play or on the stack). */
const INST_FIELDS = [O_ZONE, O_CONS, O_DMG, O_ENTERED, O_HOST, O_EOT_STR, O_EOT_SPD, O_EOT_LIFE, O_PERM_STR, O_PERM_SPD,
  O_PERM_LIFE, O_USED, O_COMBAT, O_HANDLED, O_GROUP, O_LOCK, O_CSPD];
const INST_OFFSETS = Int32Array.from(INST_FIELDS);
/** Zone code an observation shows for a card the seat cannot locate (the opponent's hand or deck). */
export const HIDDEN = -9;

/** Observation length: header, pending card, own hand, own known bottom, discards, instances, stack. */
export const OBSERVATION_LENGTH = HEADER.length + 1 + INST + INST + NUM_INST + NUM_INST * (1 + INST_FIELDS.length) + STACK_CAP * STACK_FIELDS;

const cardId = (st: SeuilsState, g: number): number => (g >= 0 ? st.ctx.cardOf[g]! : -1);

export function observe(st: SeuilsState, seat: number, out: Int32Array): number {
  const w = st.w;
  let n = 0;
  for (let i = 0; i < HEADER_OFFSETS.length; i++) out[n++] = w[HEADER_OFFSETS[i]!]!;
  // The pending card is on the stack zone (announced, paid): public.
  out[n++] = cardId(st, w[O_PEND_SRC]!);
  for (let h = 0; h < INST; h++) out[n++] = cardId(st, w[O_HAND + seat * INST + h]!);
  const known = w[O_KNOWN + seat]!;
  for (let i = 0; i < INST; i++) out[n++] = i < known ? cardId(st, w[O_DECK + seat * INST + i]!) : -1;
  for (let i = 0; i < NUM_INST; i++) out[n++] = cardId(st, w[O_DISC + i]!);
  for (let g = 0; g < NUM_INST; g++) {
    const z = w[O_ZONE + g]!;
    const mine = (g >= INST ? 1 : 0) === seat;
    const open = mine || (z !== Z_HAND && z !== Z_DECK);
    if (!open) {
      out[n++] = HIDDEN;
      for (let f = 0; f < INST_OFFSETS.length; f++) out[n++] = 0;
      continue;
    }
    // Own cards in the deck show only "in the deck" (the known bottom above gives their order).
    out[n++] = z;
    for (let f = 0; f < INST_OFFSETS.length; f++) out[n++] = w[INST_OFFSETS[f]! + g]!;
  }
  for (let i = 0; i < STACK_CAP; i++) {
    const b = O_STACK + i * STACK_FIELDS;
    out[n++] = w[b]!;
    out[n++] = w[b + 1]!;
    out[n++] = cardId(st, w[b + 2]!);
    out[n++] = w[b + 3]!;
    out[n++] = w[b + 4]!;
  }
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
 * §9: deals the opponent's unseen cards (hand and deck together) back into their hand and
 * deck places, counts kept; reshuffles the part of the seat's own deck above the bottom
 * cards it knows (D9); reseeds the chance streams. In place.
 */
export function determinizeInPlace(st: SeuilsState, seat: number, rng: Rng): void {
  const w = st.w;
  const places = st.ctx.scratch;
  const insts = st.ctx.scratch2;
  const opp = 1 - seat;
  let n = 0;
  const hn = w[O_HAND_N + opp]!;
  for (let h = 0; h < hn; h++) {
    places[n] = O_HAND + opp * INST + h;
    insts[n++] = w[places[n - 1]!]!;
  }
  const dn = w[O_DECK_N + opp]!;
  for (let i = 0; i < dn; i++) {
    places[n] = O_DECK + opp * INST + i;
    insts[n++] = w[places[n - 1]!]!;
  }
  shuffleRange(insts, 0, n, rng);
  for (let i = 0; i < n; i++) {
    const loc = places[i]!, g = insts[i]!;
    w[loc] = g;
    w[O_ZONE + g] = loc < O_HAND + NUM_INST && loc >= O_HAND ? Z_HAND : Z_DECK;
  }
  const base = O_DECK + seat * INST;
  shuffleRange(w, base + w[O_KNOWN + seat]!, base + w[O_DECK_N + seat]!, rng);
  for (let i = 0; i < 12; i++) w[RNG_GAME + i] = Math.floor(rng.next() * 4294967296) | 0;
  for (let s = 0; s < 3; s++) if ((w[4 * s]! | w[4 * s + 1]! | w[4 * s + 2]! | w[4 * s + 3]!) === 0) w[4 * s] = 1;
}
