// Paying (D7): what each way to raise a resource costs us — a card discarded, a character
// tapped (what it can no longer do), an Object sacrificed, the Environment — and the
// Résistant extra (D22), paid when it costs no card.
import * as actionBands from '../actions.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import { attackRow, fillBestAttack } from './attack.ts';
import { CAT_AB_RESOURCE, CAT_COST, CAT_GRADE, CAT_KW_FLAGS, CAT_OBJ_ATTACK, CAT_OBJ_BACK, CAT_OBJ_DEFENSE, CAT_OBJ_FLAGS, CAT_OBJ_FRONT, CAT_OBJ_POWER, CAT_OBJ_RESISTANT, CAT_OBJ_SUPPORT, CAT_POWER, CAT_TYPE, INFO_GAIN } from './card-info.ts';
import { handValueNow } from './values.ts';
import { CAN_TAP, CARD, EQUIP, HAND, MEMO_BEST_ATK, OCC, SUPPORT, attackedAt, resistAt, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  A_PAY_DISCARD, A_PAY_ENV, A_PAY_SACRIFICE, A_PAY_TAP, A_RESIST_PAY,
} = actionBands;
const {
  G_HERO, KW_COUNTER, KW_RAGE, KW_RANGED, KW_STEALTH, NUM_TRIGGERS, TR_PLAY, TR_SACRIFICE, T_EVENT,
} = catalogueCodes;

/**
 * Whether scorePay reads more of the view than lightView gives (the hand, who stands where, our
 * Traps, the deck clock): only to tap a character or sacrifice an Object. Most payments list
 * discards and the Environment only.
 */
export function payReadsBoard(legal: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const a = legal[i]!;
    if (a >= A_PAY_TAP && a < A_PAY_ENV) return true;
  }
  return false;
}

export function scorePay(v: View, legal: Int32Array, n: number, sc: Float64Array): void {
  for (let i = 0; i < n; i++) sc[i] = -payCostOf(v, legal[i]!);
}

function payCostOf(v: View, a: number): number {
  const me = v.me;
  if (a < A_PAY_TAP) {
    const c = HAND[a - A_PAY_DISCARD]!;
    // A card that makes more than one resource when played is worth more than the 1 a discard makes.
    const gain = CAT_TYPE[c] === T_EVENT ? INFO_GAIN[c * NUM_TRIGGERS + TR_PLAY]! - CAT_COST[c]! : 0;
    return v.cardClock + 0.5 * handValueNow(v, c) + (gain > 1 ? 0.6 * (gain - 1) : 0);
  }
  if (a < A_PAY_SACRIFICE) {
    const gs = me * 6 + (a - A_PAY_TAP);
    return 0.05 + tapCost(v, gs);
  }
  if (a < A_PAY_ENV) {
    const gs = me * 6 + (a - A_PAY_SACRIFICE);
    const o = EQUIP[gs]!;
    return 0.05 + v.P.board * objBonus(v, o, gs) - 0.5 * v.P.resource * CAT_AB_RESOURCE[o * NUM_TRIGGERS + TR_SACRIFICE]!;
  }
  return 0.02; // the Environment: nothing else to do with a resource Environment
}

/** Cost of tapping our character on gs (for an effect or resources): what it can no longer do. */
export function tapCost(v: View, gs: number): number {
  const P = v.P;
  if (v.me === v.active) {
    if (v.inMain && !attackedAt(v, gs) && CAN_TAP[gs]) {
      const bm = MEMO_BEST_ATK, col = gs % 6;
      attackRow(v, col);
      if (bm[col] !== bm[col]) fillBestAttack(v, col);
      return Math.max(0, bm[col]!) + 0.05 + P.holdBack * 0.2 * (1 + SUPPORT[gs]!);
    }
    return 0.05 + P.holdBack * 0.2 * (1 + SUPPORT[gs]!);
  }
  return 0.05 + 0.1 * SUPPORT[gs]!;
}

/** The bonus of Object o on our character at gs, in power-point equivalents. */
export function objBonus(v: View, o: number, gs: number): number {
  const ch = CARD[gs]!;
  const front = gs % 6 < 3;
  const atkUse = CAT_POWER[ch]! >= 3 || CAT_GRADE[ch]! >= G_HERO ? 1 : 0.5;
  const defUse = front || !OCC[gs - 3] ? 1 : 0.35;
  const fl = CAT_OBJ_FLAGS[o]!;
  let b = CAT_OBJ_POWER[o]! * (0.5 * atkUse + 0.5 * defUse) + (front ? CAT_OBJ_FRONT[o]! : CAT_OBJ_BACK[o]!) * 0.7 +
    CAT_OBJ_ATTACK[o]! * 0.6 * atkUse + CAT_OBJ_DEFENSE[o]! * 0.6 * defUse + CAT_OBJ_SUPPORT[o]! * 0.35 + CAT_OBJ_RESISTANT[o]! * 0.3;
  if (fl & KW_STEALTH) b += 0.7 * atkUse;
  if (fl & KW_RANGED && !(CAT_KW_FLAGS[ch]! & KW_RANGED)) b += 0.6 * atkUse;
  if (fl & KW_COUNTER && !(CAT_KW_FLAGS[ch]! & KW_COUNTER)) b += 1.2 * defUse;
  if (fl & KW_RAGE && !(CAT_KW_FLAGS[ch]! & KW_RAGE)) b += 0.3;
  return b;
}

/** D22: pay the extra when it costs no card (pool and resource effects), else skip. */
export function scoreResist(v: View, legal: Int32Array, n: number, sc: Float64Array): void {
  const extra = resistAt(v, v.op * 6 + v.rsSlot);
  for (let i = 0; i < n; i++) sc[i] = legal[i] === A_RESIST_PAY ? (extra <= v.pool + v.freeRes ? 1 : -1) : 0;
}
