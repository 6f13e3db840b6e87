// What things are worth to the heuristic bot, from its view: a VP, a kill, a loss, a card in
// hand, a resource to raise, a column's threat, and the numbers computed once per decision
// (the deck clock, the pump in hand, the opponent's answers, the attack in progress).
// Scores are in "card units" (1 ≈ the worth of an average card).
import * as catalogueCodes from '../catalogue/compile.ts';
import * as stateLayout from '../state.ts';
import { CAT_AB_RESOURCE, CAT_COST, CAT_GRADE, CAT_POWER, CAT_TYPE, INFO_DEBUFF, INFO_ENTER_W, INFO_HAND_W, INFO_OBJ_W, INFO_OWN_PUMP, INFO_TP_ADJ, INFO_TP_BASE, INFO_TP_SELF, INFO_WORTH, pWinInt } from './card-info.ts';
import { CAN_TAP, CARD, ENV_CARD, ENV_TPOW, EQUIP, FLAGS, GRADE, HAND, MEMO_BOOST, MEMO_BOOST_EPOCH, MEMO_KILL, MEMO_LOSS, MEMO_OFFENSE, MEMO_RECOVERY, MY_TRAP, OCC, POW_ATK, POW_DEF, SEEN, SUPPORT, SUPPORTER, SUPPORT_GIVEN, VP, rowBonus, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  G_HERO, G_LEGEND, G_SQUIRE, KW_COUNTER, NUM_TRIGGERS, TR_ARTEFACT, TR_PLAY, TR_TAP,
  T_CHARACTER, T_EVENT, T_OBJECT, T_TRAP, VP_BY_GRADE,
} = catalogueCodes;
const {
  ADJ,
} = stateLayout;

export function aloneInColumn(v: View, gs: number): boolean {
  const side = (gs / 6) | 0, s = gs % 6;
  const other = side * 6 + (s < 3 ? s + 3 : s - 3);
  return OCC[other] === 0;
}
export function columnEmpty(v: View, side: number, c: number): boolean {
  return OCC[side * 6 + c] === 0 && OCC[side * 6 + 3 + c] === 0;
}
export function envPower(v: View, side: number): number {
  const env = ENV_CARD[side]!;
  return env < 0 ? 0 : CAT_POWER[env]!;
}
export function objWorthAt(v: View, gs: number): number {
  const o = EQUIP[gs]!;
  return o < 0 ? 0 : INFO_OBJ_W[o]!;
}
/** Its power as Defender (role ROLE_DEFENDER) with the row of `front` instead of the slot's own row. */
export function defPowerAt(v: View, gs: number, front: boolean): number {
  const isFront = gs % 6 < 3;
  let p = POW_DEF[gs]!;
  if (front === isFront || !SEEN[gs]) return p; // the same row (an unseen slot's rows count 0)
  p += rowBonus(v, gs, front) - rowBonus(v, gs, isFront);
  return p;
}
/** Our column c's predicted Defender (R38: the front, else the back), or -1. */
export function defenderOf(v: View, side: number, c: number): number {
  const front = side * 6 + c, back = side * 6 + 3 + c;
  return OCC[front] ? front : OCC[back] ? back : -1;
}

export function vpValue(v: View, player: number, n: number): number {
  if (n <= 0) return 0;
  let x = n * v.vpUnit;
  if (VP[player]! + n >= v.vpToWin) x += v.P.winBonus;
  return x;
}
/** 1 until turn 40, then down to 0 at turn 100: stalling is pointless near the turn cap. */
export function lateFade(v: View): number {
  return Math.max(0, Math.min(1, (100 - v.turn) / 60));
}

/** What a character threatens each turn: the chance its attack beats the weakest column of the other side. */
export function offense(v: View, attackPower: number, side: number): number {
  const weakest = side === v.me ? v.oppWeakest : v.myWeakest;
  return v.P.offense * v.vpUnit * pWinInt(attackPower - weakest);
}
// The memoised values below are filled by a function that returns nothing: the hot callers
// (attack.ts) read the memo in place, since a double returned by a call V8 does not inline is
// boxed (a heap allocation per call).
/** Fills MEMO_OFFENSE[gs]. */
function fillOffense(v: View, gs: number): void {
  MEMO_OFFENSE[gs] = offense(v, POW_ATK[gs]!, (gs / 6) | 0);
}
export function offenseAt(v: View, gs: number): number {
  const m = MEMO_OFFENSE;
  if (m[gs] !== m[gs]) fillOffense(v, gs);
  return m[gs]!;
}
/** Fills MEMO_KILL[gs]: the value of destroying the opposing character on gs, beyond the VP. */
export function fillKill(v: View, gs: number): void {
  const P = v.P;
  const c = CARD[gs]!;
  const g = CAT_GRADE[c]!;
  const k = g === G_LEGEND ? P.killLegend : g === G_HERO ? P.killHero : g === G_SQUIRE ? 0.3 * P.killAspirant : P.killAspirant;
  const om = MEMO_OFFENSE;
  if (om[gs] !== om[gs]) fillOffense(v, gs);
  MEMO_KILL[gs] = P.board * INFO_WORTH[c]! + 0.5 * objWorthAt(v, gs) + k + om[gs]!;
}
/** Value of destroying the opposing character on gs, beyond the VP. */
export function killValue(v: View, gs: number): number {
  const m = MEMO_KILL;
  if (m[gs] !== m[gs]) fillKill(v, gs);
  return m[gs]!;
}
/** Fills MEMO_LOSS[gs]: the value lost when our character on gs leaves play (beyond the VP). */
export function fillLoss(v: View, gs: number): void {
  const P = v.P;
  const c = CARD[gs]!;
  const om = MEMO_OFFENSE;
  if (om[gs] !== om[gs]) fillOffense(v, gs);
  MEMO_LOSS[gs] = P.loseOwn * (P.board * INFO_WORTH[c]! + 0.5 * objWorthAt(v, gs) + om[gs]!) +
    (aloneInColumn(v, gs) ? 0.5 * P.cover : 0);
}
/** Value lost when our character on gs leaves play (beyond the VP). */
export function lossValue(v: View, gs: number): number {
  const m = MEMO_LOSS;
  if (m[gs] !== m[gs]) fillLoss(v, gs);
  return m[gs]!;
}
/** Fills MEMO_RECOVERY[gs]: the cost of our attacker returning to hand after scoring (R41). */
export function fillRecovery(v: View, gs: number): void {
  const c = CARD[gs]!;
  MEMO_RECOVERY[gs] = v.P.recovery * (0.5 * CAT_COST[c]! + 0.5) + (aloneInColumn(v, gs) ? 0.4 * v.P.cover : 0) -
    0.5 * INFO_ENTER_W[c]!;
}
/** The cost of our attacker returning to hand after scoring (R41). */
export function recoveryCost(v: View, gs: number): number {
  const m = MEMO_RECOVERY;
  if (m[gs] !== m[gs]) fillRecovery(v, gs);
  return m[gs]!;
}

// What side's characters but excl add to its fighter on fgs, each one its tap effect or its
// Support (the best switch): board.ts's isAdjacent and the tap boost (tpAny + tpDebuff, plus
// tpSelf for the fighter itself or tpAdj next to it) read in one pass.
function sideBoostNow(v: View, side: number, fgs: number, excl: number): number {
  const canSupport = !(v.inAttack && SUPPORTER[side]! >= 0);
  const tpBase = INFO_TP_BASE, tpSelf = INFO_TP_SELF, tpAdj = INFO_TP_ADJ;
  const canTap = CAN_TAP, card = CARD, support = SUPPORT;
  const fRow = fgs >= 0 && ((fgs / 6) | 0) === side ? (fgs % 6) * 6 : -1; // ADJ's row of fgs, when on this side
  let taps = 0, bestSwitch = 0;
  for (let gs = side * 6; gs < side * 6 + 6; gs++) {
    if (gs === excl || !canTap[gs]) continue; // canTap is 0 on every unseen slot
    const c = card[gs]!;
    let b = tpBase[c]!;
    const near = gs === fgs || (fRow >= 0 && ADJ[fRow + (gs % 6)] === 1);
    if (gs === fgs) b += tpSelf[c]!;
    else if (near) b += tpAdj[c]!;
    taps += b;
    if (canSupport && near) {
      const sw = support[gs]! - b;
      if (sw > bestSwitch) bestSwitch = sw;
    }
  }
  return taps + bestSwitch;
}
/**
 * What side's untapped characters (but excl) could still add to its fighter on fgs: each
 * one either supports or uses its tap effect, and one Support at most per attack (R35).
 */
export function sideBoost(v: View, side: number, fgs: number, excl: number): number {
  if (fgs < 0 || ((fgs / 6) | 0) !== side || (excl !== -1 && excl !== fgs)) return sideBoostNow(v, side, fgs, excl);
  const k = 2 * fgs + (excl === fgs ? 1 : 0);
  const M = v.memo, m = MEMO_BOOST, epoch = M.epoch;
  if (MEMO_BOOST_EPOCH[k] === epoch) return m[k]!; // the reset does not clear boost: a stale entry is computed again
  const x = sideBoostNow(v, side, fgs, excl);
  m[k] = x;
  MEMO_BOOST_EPOCH[k] = epoch;
  return x;
}

/** The lowest defence among side's three columns (R38: the front Defender, else the back, else the Environment). */
function weakestColumn(v: View, side: number): number {
  let lo = Infinity;
  for (let c = 0; c < 3; c++) {
    const dgs = defenderOf(v, side, c);
    const d = dgs < 0 ? envPower(v, side) : SEEN[dgs] ? POW_DEF[dgs]! : 2;
    if (d < lo) lo = d;
  }
  return lo;
}

/** What a card in our hand is worth now. */
export function handValueNow(v: View, c: number): number {
  let x = INFO_HAND_W[c]!;
  const t = CAT_TYPE[c]!;
  if (t === T_CHARACTER) {
    if (CAT_GRADE[c] === G_LEGEND && VP[v.op]! < 1) x -= 0.6; // R26: not yet
    let chars = 0;
    for (let gs = v.me * 6; gs < v.me * 6 + 6; gs++) {
      if (!OCC[gs]) continue;
      chars++;
      if (CARD[gs] === c) x -= 0.6; // R25 / D8: only replaces itself
    }
    if (chars === 6) x -= 0.3;
  } else if (t === T_TRAP) {
    let set = 0;
    for (let col = 0; col < 3; col++) if (MY_TRAP[col]! >= 0) set++;
    if (set === 3) x -= 0.3;
  }
  return x;
}

/** What raising `need` more resources costs us (pool first, then free effects, then discards). */
export function payCost(v: View, need: number): number {
  let rem = need - v.pool;
  if (rem <= 0) return 0;
  const free = Math.min(rem, v.freeRes);
  rem -= free;
  return 0.15 * free + rem * v.discardUnit;
}

/** How much the opponent wants to hit our column c next turn, and what we would lose. */
export function columnThreat(v: View, c: number): number {
  const dgs = defenderOf(v, v.me, c);
  if (dgs < 0) return v.myEnvPow < v.oppMaxAtk ? 1.3 : 0.6;
  const dp = POW_DEF[dgs]!;
  const pl = pWinInt(v.oppMaxAtk - dp);
  const stake = VP_BY_GRADE[GRADE[dgs]!]! + 0.4;
  return 0.3 + pl * stake;
}
/** Value of covering our empty column c. */
export function coverValue(v: View, c: number): number {
  return v.P.cover * (v.myEnvPow < v.oppMaxAtk ? 1 : 0.4) * (columnEmpty(v, v.me, c) ? 1 : 0);
}
/** A target's global slot from its action-relative index (0–5 ours, 6–11 theirs). */
export function relGs(v: View, t: number): number {
  return t < 6 ? v.me * 6 + t : v.op * 6 + (t - 6);
}

/** The price of spending a card now (v.cardClock). */
export function deckClock(v: View): void {
  const P = v.P, me = v.me, op = v.op;
  // The deck clock: every card used is drawn again at the end of our turn (R18); the draw
  // that finds the deck empty gives the opponent a VP (R42).
  const deckN = v.deckN;
  const slack = me === v.active ? 0 : 2;
  const draws = Math.max(0, 5 - v.handN) + slack;
  let penalty = 0;
  if (draws + 1 > deckN && draws <= deckN) {
    // Postponing the reshuffle is worth a lot when that VP would end the game, less when the
    // deck is already empty (it only delays what any card will cause), and nothing once the
    // game drags on towards the turn cap (D5: a draw is no win).
    penalty = P.exhaust * vpValue(v, op, 1) * (deckN === 0 ? 0.35 : 1) * lateFade(v);
  }
  // A card spent in the opponent's turn is also missing from our own next turn (the hand
  // refills only at the end of our turn, R18).
  v.cardClock = P.card + penalty + (me === v.active ? 0 : 0.7 * P.resource);
}

/**
 * The numbers every scorer past the opening reads: resources, the deck clock, the opponent's
 * answers. buildView's pass over the slots gives what sums over them: our characters (chars),
 * the resources our tap and sacrifice effects could raise (free) and the opponent's (oppRes),
 * the opponent's strongest attacker (oppMax), our ready attackers that beat its Environment (fu),
 * and v.oppEnvPow and v.myEnvPow.
 */
export function computeBase(v: View, oppArtCard: number, mine: Int32Array, chars: number, free: number, oppRes: number, oppMax: number, fu: number): void {
  const P = v.P;
  const me = v.me, op = v.op;
  // The view's arrays as locals: one property load each, not one per slot.
  const hand = HAND;
  const abResource = CAT_AB_RESOURCE, type = CAT_TYPE, grade = CAT_GRADE, cost = CAT_COST;
  const handW = INFO_HAND_W, ownPump = INFO_OWN_PUMP, debuff = INFO_DEBUFF;
  v.oppWeakest = weakestColumn(v, op);
  v.myWeakest = weakestColumn(v, me);

  // Resources we could raise without discarding (D7, D11).
  const env = ENV_CARD[me]!;
  if (v.inMain && env >= 0 && !v.myEnvTapped) free += abResource[env * NUM_TRIGGERS + TR_TAP]!;
  v.freeRes = free;

  deckClock(v);
  // One pass over the hand: handValueNow of each card (what it counts on the board counted
  // once), our best pump for a fight (the attacker plays Events, R34), and what we want to pay for.
  let traps = 0;
  for (let col = 0; col < 3; col++) if (MY_TRAP[col]! >= 0) traps++;
  const legendEarly = VP[op]! < 1;
  const handN = v.handN;
  // Our characters' cards (mine[0, chars), from buildView's pass), read once for every hand card.
  const nMine = chars;
  const canRaise = v.pool + free + handN - 1;
  let minHand = Infinity, pump = 0, demand = 0;
  for (let i = 0; i < handN; i++) {
    const c = hand[i]!;
    let x = handW[c]!;
    const t = type[c]!;
    const cc = cost[c]!;
    if (t === T_CHARACTER) {
      const early = legendEarly && grade[c] === G_LEGEND;
      if (early) x -= 0.6; // R26: not yet
      for (let k = 0; k < nMine; k++) if (mine[k] === c) x -= 0.6; // R25 / D8
      if (chars === 6) x -= 0.3;
      if (cc > 0 && !early) demand += cc;
    } else if (t === T_TRAP) {
      if (traps === 3) x -= 0.3;
    } else if (t === T_EVENT) {
      const s = c * NUM_TRIGGERS + TR_PLAY;
      const pp = ownPump[s]! + debuff[s]!;
      if (pp > pump && cc <= canRaise) pump = pp;
    } else if (t === T_OBJECT && cc > 0) demand += cc;
    if (x < minHand) minHand = x;
  }
  if (minHand === Infinity) minHand = 0;
  v.discardUnit = v.cardClock + 0.5 * Math.max(0, minHand);

  // Can the opponent pay for a Trap (pool, hand, visible resource effects)?
  v.oppCanPay = v.oppPool + v.oppHandN + oppRes >= 1;
  let artPump = 0;
  if (oppArtCard >= 0) {
    const art = oppArtCard * NUM_TRIGGERS + TR_ARTEFACT;
    artPump = INFO_OWN_PUMP[art]! + INFO_DEBUFF[art]!;
  }
  v.oppArtPump = artPump;
  v.oppMaxAtk = oppMax + 1; // plus a likely Support

  v.myPump = pump * P.pumpUse;
  v.demand = Math.max(0, Math.min(4, demand - v.pool));

  // Ready attackers that could hit an emptied column behind a kill.
  v.followUp = me === v.active ? fu : 0;
}

/**
 * The attack in progress: who fights (ags, the ranged target rgs, the engine's Defender
 * dgsEng; defKind 1 a character, 2 the Environment, 0 not fixed yet), the totals, and my
 * value when the Attacker wins and when a Contre-Attaque Defender wins.
 */
export function setupFight(v: View, ags: number, rgs: number, dgsEng: number, defKind: number, step: number): void {
  const f = v.f;
  f.in = true;
  const a = v.active, d = 1 - a;
  f.agsFight = ags;
  const ranged = v.atkRanged;
  let col = v.atkColumn;
  if (ranged >= 0 && rgs >= 0) col = rgs % 3;
  f.trapCol = col;
  f.step = step;
  if (defKind === 1) {
    f.dgs = f.dgsEng = dgsEng;
    f.envEng = f.envPred = false;
  } else if (defKind === 2) {
    f.dgs = f.dgsEng = -1;
    f.envEng = f.envPred = true;
  } else {
    f.dgsEng = -1;
    f.envEng = false;
    if (ranged >= 0) f.dgs = rgs;
    else f.dgs = defenderOf(v, d, v.atkColumn);
    f.envPred = f.dgs < 0 && ranged < 0;
  }
  f.atk = ags >= 0 ? POW_ATK[ags]! + SUPPORT_GIVEN[a]! : 0;
  if (f.dgs >= 0) f.def = POW_DEF[f.dgs]! + SUPPORT_GIVEN[d]!;
  else f.def = envPower(v, d) + ENV_TPOW[d]! + SUPPORT_GIVEN[d]!;
  f.ca = f.dgs >= 0 && (FLAGS[f.dgs]! & KW_COUNTER) !== 0;
  const meAtk = v.me === a;
  if (ags < 0) {
    f.vA = f.vD = 0;
    return;
  }
  if (f.dgs >= 0) {
    const vp = VP_BY_GRADE[GRADE[f.dgs]!]!;
    f.vA = meAtk ? vpValue(v, a, vp) + killValue(v, f.dgs) - (vp > 0 ? recoveryCost(v, ags) : 0)
      : -(vpValue(v, a, vp) + lossValue(v, f.dgs));
  } else {
    f.vA = meAtk ? vpValue(v, a, 1) - recoveryCost(v, ags) : -vpValue(v, a, 1);
  }
  const vpa = VP_BY_GRADE[GRADE[ags]!]!;
  f.vD = meAtk ? -(vpValue(v, d, vpa) + lossValue(v, ags)) : vpValue(v, d, vpa) + killValue(v, ags);
}

/** My value of the fight's end at margin m (attacker minus defender), with Contre-Attaque or not. */
export function outcome(v: View, m: number, ca: boolean): number {
  return m > 0 ? v.f.vA : ca ? v.f.vD : 0;
}
