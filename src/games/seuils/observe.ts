// Information sets (rules §9, D9): what one seat may know, and a determinization that
// resamples everything hidden from it while keeping what it has seen.
//
// Hidden from a seat: the opponent's hand and deck (their order, and which cards the
// opponent put under their deck with the mulligan: the seat learns only how many), and the
// order of its own deck above the cards it put at the bottom itself (D9: it knows those and
// their order), and which cards the opponent has in play face down (D11: it sees how many,
// and which are consumed, not what they are). Known: every count, every card in play and its state, discards, the stack,
// the combat, and the open deck lists.
import type { Rng } from '../../core/game.ts';
import {
  INST, NUM_INST, O_ACTIVE, O_ASG_DEALER, O_ASG_LEFT, O_ATK_ON, O_ATK_TARGET, O_COMBAT, O_CONS, O_CSPD, O_CUR, O_DECK,
  O_DECK_N, O_DECL_LAST, O_DECL_N, O_DISC, O_DISC_N, O_DMG, O_END, O_ENTERED, O_EOT_LIFE, O_EOT_SPD, O_EOT_STR,
  O_FETCH_MASK, O_FETCH_N, O_FIRST, O_GROUP, O_HAND, O_HAND_N, O_HANDLED, O_HOST, O_INFL, O_KNOWN, O_LOCK, O_MULL_N,
  O_PASSES, O_PEND, O_PEND_K, O_PEND_PLAYER, O_PEND_SRC, O_PERM_LIFE, O_PERM_SPD, O_PERM_STR, O_PHASE, O_PRIO,
  O_SETUP_P, O_SETUP_STAGE, O_STACK, O_STACK_N, O_TURN, O_USED, O_WCTX, O_WINNER, O_ZONE, RNG_GAME, SeuilsState,
  STACK_CAP, STACK_FIELDS, Z_DECK, Z_HAND, Z_PLAY, O_FACEDOWN,
} from './state.ts';
import { T_RESOURCE } from './catalogue/compile.ts';

const HEADER = [O_TURN, O_PHASE, O_ACTIVE, O_FIRST, O_CUR, O_WINNER, O_END, O_INFL, O_INFL + 1, O_PRIO, O_PASSES, O_WCTX,
  O_STACK_N, O_PEND, O_PEND_K, O_PEND_PLAYER, O_ATK_ON, O_ATK_TARGET, O_DECL_LAST, O_DECL_N, O_ASG_DEALER, O_ASG_LEFT,
  O_SETUP_P, O_SETUP_STAGE, O_FETCH_N, O_FETCH_N + 1, O_FETCH_MASK, O_FETCH_MASK + 1, O_MULL_N, O_MULL_N + 1, O_KNOWN,
  O_KNOWN + 1, O_DECK_N, O_DECK_N + 1, O_HAND_N, O_HAND_N + 1, O_DISC_N, O_DISC_N + 1];
const HEADER_OFFSETS = Int32Array.from(HEADER);
/** Per-instance public fields (in play or on the stack). */
const INST_FIELDS = [O_ZONE, O_CONS, O_DMG, O_ENTERED, O_HOST, O_EOT_STR, O_EOT_SPD, O_EOT_LIFE, O_PERM_STR, O_PERM_SPD,
  O_PERM_LIFE, O_USED, O_COMBAT, O_HANDLED, O_GROUP, O_LOCK, O_CSPD, O_FACEDOWN];
const INST_OFFSETS = Int32Array.from(INST_FIELDS);
/** Zone code an observation shows for a card the seat cannot locate (the opponent's hand or deck). */
export const HIDDEN = -9;

/** Observation length: header, pending card, own hand, own known bottom, discards, instances, stack, face-down counts. */
export const OBSERVATION_LENGTH = HEADER.length + 1 + INST + INST + NUM_INST + NUM_INST * (1 + INST_FIELDS.length) + STACK_CAP * STACK_FIELDS + 4;

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
    // D11: the opponent's face-down cards show only as counts (below): which instance is down would name the card.
    const open = mine || (z !== Z_HAND && z !== Z_DECK && w[O_FACEDOWN + g] === 0);
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
  // D11: per player, the cards in play face down and how many of them are consumed.
  for (let p = 0; p < 2; p++) {
    let down = 0, consumed = 0;
    for (let g = p * INST; g < (p + 1) * INST; g++) {
      if (w[O_ZONE + g] !== Z_PLAY || w[O_FACEDOWN + g] === 0) continue;
      down++;
      consumed += w[O_CONS + g]!;
    }
    out[n++] = down;
    out[n++] = consumed;
  }
  return n;
}

/**
 * D11: the opponent's face-down cards are any of their unseen non-resource cards (a resource
 * card is played face up): each face-down place (its consumed and entered marks) gets one
 * drawn at random from the face-down cards and the non-resource cards of their hand and deck,
 * and a card it replaces takes the other's place in the hand or the deck. The hand and deck
 * are shuffled together afterwards, so only which cards are down matters here.
 */
function resampleFaceDown(st: SeuilsState, opp: number, rng: Rng): void {
  const w = st.w;
  const cat = st.ctx.cat;
  let down = 0;
  for (let g = opp * INST; g < (opp + 1) * INST; g++) if (w[O_ZONE + g] === Z_PLAY && w[O_FACEDOWN + g] === 1) down++;
  if (down === 0) return;
  // Candidates: the face-down instances and the non-resource instances of the hand and deck.
  const cand = st.ctx.scratch;
  let m = 0;
  for (let g = opp * INST; g < (opp + 1) * INST; g++) {
    const z = w[O_ZONE + g]!;
    if ((z === Z_PLAY && w[O_FACEDOWN + g] === 1) || ((z === Z_HAND || z === Z_DECK) && cat.type[st.ctx.cardOf[g]!] !== T_RESOURCE)) cand[m++] = g;
  }
  for (let g = opp * INST; g < (opp + 1) * INST; g++) {
    if (w[O_ZONE + g] !== Z_PLAY || w[O_FACEDOWN + g] !== 1) continue;
    // Partial Fisher-Yates over the candidates not yet placed: pick one for this place.
    const pick = Math.floor(rng.next() * m);
    const h = cand[pick]!;
    cand[pick] = cand[m - 1]!;
    m--;
    if (h === g) continue;
    // Swap g (down) and h: h may sit in the hand, the deck, or another down place not yet reached.
    swapInstances(w, opp, g, h);
    for (let i = 0; i < m; i++) if (cand[i] === h) cand[i] = g;
  }
}

/** Exchanges where two instances of player p are: zone, place in the hand or deck, and their in-play marks. */
function swapInstances(w: Int32Array, p: number, a: number, b: number): void {
  const za = w[O_ZONE + a]!, zb = w[O_ZONE + b]!;
  const place = (g: number, z: number): number => {
    if (z === Z_HAND) {
      for (let i = 0; i < w[O_HAND_N + p]!; i++) if (w[O_HAND + p * INST + i] === g) return O_HAND + p * INST + i;
    } else if (z === Z_DECK) {
      for (let i = 0; i < w[O_DECK_N + p]!; i++) if (w[O_DECK + p * INST + i] === g) return O_DECK + p * INST + i;
    }
    return -1;
  };
  const pa = place(a, za), pb = place(b, zb);
  if (pa >= 0) w[pa] = b;
  if (pb >= 0) w[pb] = a;
  for (const off of [O_ZONE, O_CONS, O_ENTERED, O_FACEDOWN]) {
    const t = w[off + a]!;
    w[off + a] = w[off + b]!;
    w[off + b] = t;
  }
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
  resampleFaceDown(st, opp, rng);
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
