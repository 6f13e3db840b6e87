// Information sets (rules §12, D37): what one seat may know, and a determinization that
// resamples everything hidden from it while keeping what it has seen.
//
// Hidden from a seat: the opponent's hand (except creatures shown as a target, R25's
// "put into play"), the order of both main decks and Diplomacy decks, and the identity of
// the opponent's face-down attached cards. Known: counts everywhere, which opponent hand
// slots and attached cards are Diplomacy cards (each one reaches a hand openly, D37), both
// boards, evolution piles, discards, the stack, and the open deck lists.
import type { Rng } from '../../core/game.ts';
import { T_DIPLOMACY } from './catalogue/compile.ts';
import {
  ATTACH_MAX, DipState, INST_PER_PLAYER, K, O_ACTIVE, O_ATK_INST, O_ATK_ON, O_ATK_PLAYER, O_ATK_RETARGETED, O_ATK_SLOT,
  O_ATK_TCODE, O_ATK_TINST, O_ATTACKED, O_CHG, O_CUR, O_DECK, O_DECK_N, O_DIP_N, O_DIPDECK, O_DISC, O_DISC_N, O_END,
  O_ENTERED, O_EOT, O_EXH, O_EXTRA_N, O_FIRST, O_HAND, O_HAND_N, O_HOST, O_LIGHT, O_PASSES, O_PD, O_PEND, O_PEND_ABIL,
  O_PEND_LAST, O_PEND_NEED, O_PEND_NPICK, O_PEND_PLAYER, O_PEND_SLOT, O_PEND_SRC, O_PERM, O_PHASE, O_PICKS, O_PRIO,
  O_PUBLIC, O_PV, O_STACK, O_STACK_N, O_TOP, O_TRIG, O_TRIG_N, O_TURN, O_USED, O_WCTX, O_WIN_FIRST, O_WINNER, O_ZONE,
  SLOTS, STACK_CAP, STACK_FIELDS, TRIG_CAP, TRIG_FIELDS, UNDER_MAX, Z_ATTACHED, Z_DECK, Z_DIPDECK, Z_HAND,
  Z_UNDER, RNG_GAME,
} from './state.ts';

const HEADER = [O_TURN, O_PHASE, O_ACTIVE, O_FIRST, O_CUR, O_WINNER, O_END, O_PV, O_PV + 1, O_PD, O_PD + 1, O_LIGHT,
  O_LIGHT + 1, O_EXTRA_N, O_EXTRA_N + 1, O_ATTACKED, O_ATTACKED + 1, O_WCTX, O_PRIO, O_PASSES, O_WIN_FIRST, O_PEND,
  O_PEND_ABIL, O_PEND_NEED, O_PEND_LAST, O_PEND_NPICK, O_PEND_PLAYER, O_PEND_SLOT, O_ATK_ON, O_ATK_SLOT, O_ATK_TCODE,
  O_ATK_RETARGETED, O_ATK_PLAYER, O_DECK_N, O_DECK_N + 1, O_HAND_N, O_HAND_N + 1, O_DISC_N, O_DISC_N + 1, O_DIP_N,
  O_DIP_N + 1, O_STACK_N, O_TRIG_N];
const HEADER_OFFSETS = Int32Array.from(HEADER);
const SLOT_OBS = 10 + UNDER_MAX + ATTACH_MAX;

/** Observation length: header, public card ids, picks, hands, discards, slots, name flags, stack, triggers. */
export const OBSERVATION_LENGTH = HEADER.length + 3 + 36 + 36 + 36 + 72 + 2 * SLOTS * SLOT_OBS + 2 * 36 * K + STACK_CAP * STACK_FIELDS + TRIG_CAP * TRIG_FIELDS;

const cardId = (st: DipState, inst: number): number => (inst >= 0 ? st.ctx.cardOf[inst]! : -1);

/** Writes the ids of `n` instances sorted ascending (a multiset: order is not information). */
function sortedIds(out: Int32Array, at: number, n: number): void {
  for (let i = at + 1; i < at + n; i++) {
    const v = out[i]!;
    let j = i - 1;
    while (j >= at && out[j]! > v) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = v;
  }
}

export function observe(st: DipState, seat: number, out: Int32Array): number {
  const w = st.w;
  const cat = st.ctx.cat;
  let n = 0;
  for (let i = 0; i < HEADER_OFFSETS.length; i++) out[n++] = w[HEADER_OFFSETS[i]!]!;
  out[n++] = cardId(st, w[O_PEND_SRC]!);
  out[n++] = cardId(st, w[O_ATK_INST]!);
  out[n++] = cardId(st, w[O_ATK_TINST]!);
  for (let i = 0; i < 36; i++) out[n++] = w[O_PICKS + i]!;
  const opp = 1 - seat;
  for (let h = 0; h < 36; h++) out[n++] = cardId(st, w[O_HAND + seat * INST_PER_PLAYER + h]!);
  for (let h = 0; h < 36; h++) {
    const inst = w[O_HAND + opp * INST_PER_PLAYER + h]!;
    out[n++] = inst < 0 ? -1 : w[O_PUBLIC + inst] === 1 ? cardId(st, inst) : cat.type[st.ctx.cardOf[inst]!] === T_DIPLOMACY ? -3 : -2;
  }
  for (let i = 0; i < 72; i++) out[n++] = cardId(st, w[O_DISC + i]!);
  for (let q = 0; q < 2; q++) {
    for (let s = 0; s < SLOTS; s++) {
      const g = q * SLOTS + s;
      out[n++] = cardId(st, w[O_TOP + g]!);
      out[n++] = w[O_EXH + g]!;
      out[n++] = w[O_EOT + g]!;
      out[n++] = w[O_PERM + g]!;
      out[n++] = w[O_ENTERED + g]!;
      for (let k = 0; k < K; k++) out[n++] = w[O_CHG + g * K + k]!;
      const at = n;
      n += 2 + UNDER_MAX + ATTACH_MAX;
      out.fill(-1, at, n);
      let att = 0, attDip = 0, under = 0;
      if (w[O_TOP + g]! >= 0) {
        for (let i = q * INST_PER_PLAYER; i < (q + 1) * INST_PER_PLAYER; i++) {
          if (w[O_HOST + i] !== s) continue;
          const z = w[O_ZONE + i]!;
          if (z === Z_UNDER) out[at + 2 + under++] = cardId(st, i);
          else if (z === Z_ATTACHED) {
            if (q === seat) out[at + 2 + UNDER_MAX + att] = cardId(st, i);
            att++;
            if (cat.type[st.ctx.cardOf[i]!] === T_DIPLOMACY) attDip++;
          }
        }
      }
      out[at] = att;
      out[at + 1] = attDip;
      sortedIds(out, at + 2, under);
      if (q === seat) sortedIds(out, at + 2 + UNDER_MAX, att);
    }
  }
  for (let i = 0; i < 2 * 36 * K; i++) out[n++] = w[O_USED + i]!;
  for (let i = 0; i < STACK_CAP; i++) {
    const b = O_STACK + i * STACK_FIELDS;
    out[n++] = w[b]!;
    out[n++] = w[b + 1]!;
    out[n++] = cardId(st, w[b + 2]!);
    out[n++] = w[b + 3]!;
    out[n++] = w[b + 4]!;
    out[n++] = cardId(st, w[b + 5]!);
  }
  for (let i = 0; i < TRIG_CAP; i++) {
    const b = O_TRIG + i * TRIG_FIELDS;
    out[n++] = w[b]!;
    out[n++] = cardId(st, w[b + 1]!);
    out[n++] = w[b + 2]!;
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
 * D37: deals the cards `seat` has not seen back into the places it cannot see, main-deck
 * cards among main-deck places and Diplomacy cards among Diplomacy places, counts kept;
 * reshuffles the seat's own decks; reseeds the chance streams. In place.
 */
export function determinizeInPlace(st: DipState, seat: number, rng: Rng): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const places = st.ctx.scratch; // word offset of the place, or -(slot + 1) for an attached pile
  const insts = st.ctx.scratch2;
  const opp = 1 - seat;
  for (let cls = 0; cls < 2; cls++) {
    const dip = cls === 1;
    let n = 0;
    const hn = w[O_HAND_N + opp]!;
    for (let h = 0; h < hn; h++) {
      const loc = O_HAND + opp * INST_PER_PLAYER + h;
      const inst = w[loc]!;
      if (w[O_PUBLIC + inst] === 1 || (cat.type[st.ctx.cardOf[inst]!] === T_DIPLOMACY) !== dip) continue;
      places[n] = loc;
      insts[n++] = inst;
    }
    if (dip) {
      for (let i = 0; i < w[O_DIP_N + opp]!; i++) {
        places[n] = O_DIPDECK + opp * 6 + i;
        insts[n++] = w[O_DIPDECK + opp * 6 + i]!;
      }
    } else {
      for (let i = 0; i < w[O_DECK_N + opp]!; i++) {
        places[n] = O_DECK + opp * INST_PER_PLAYER + i;
        insts[n++] = w[O_DECK + opp * INST_PER_PLAYER + i]!;
      }
    }
    for (let i = opp * INST_PER_PLAYER; i < (opp + 1) * INST_PER_PLAYER; i++) {
      if (w[O_ZONE + i] !== Z_ATTACHED || (cat.type[st.ctx.cardOf[i]!] === T_DIPLOMACY) !== dip) continue;
      places[n] = -(w[O_HOST + i]! + 1);
      insts[n++] = i;
    }
    shuffleRange(insts, 0, n, rng);
    for (let i = 0; i < n; i++) {
      const loc = places[i]!, inst = insts[i]!;
      if (loc < 0) {
        w[O_ZONE + inst] = Z_ATTACHED;
        w[O_HOST + inst] = -loc - 1;
      } else {
        w[loc] = inst;
        w[O_ZONE + inst] = loc >= O_DIPDECK && loc < O_DIPDECK + 12 ? Z_DIPDECK : loc >= O_HAND && loc < O_HAND + 72 ? Z_HAND : Z_DECK;
        w[O_HOST + inst] = -1;
      }
    }
  }
  shuffleRange(w, O_DECK + seat * INST_PER_PLAYER, O_DECK + seat * INST_PER_PLAYER + w[O_DECK_N + seat]!, rng);
  shuffleRange(w, O_DIPDECK + seat * 6, O_DIPDECK + seat * 6 + w[O_DIP_N + seat]!, rng);
  for (let i = 0; i < 12; i++) w[RNG_GAME + i] = Math.floor(rng.next() * 4294967296) | 0;
  if ((w[0]! | w[1]! | w[2]! | w[3]!) === 0) w[0] = 1;
}
