// Attacks: the expected value of attacking with one of our characters on a column (or a
// ranged target), from the chance to win with what each side may still add, the VP and the
// kill at stake, Contre-Attaque, an unknown Trap, and a character moving into an empty
// column (2a). Each (attacker, target) is scored at most once per decision.
import * as catalogueCodes from '../catalogue/compile.ts';
import { pwinFill } from './card-info.ts';
import * as cardInfoCodes from './card-info.ts';
import { defPowerAt, fillKill, fillLoss, fillRecovery, lateFade, sideBoost, vpValue } from './values.ts';
import type { View } from './view.ts';
import { CAN_TAP, ENV_TPOW, FLAGS, GRADE, MEMO_ATTACK, MEMO_BEST_ATK, MEMO_EMPTY_COL, MEMO_KILL, MEMO_LOSS, MEMO_MOVER_DEF, MEMO_MOVER_EPOCH, MEMO_RECOVERY, MEMO_ROW_EPOCH, OCC, OPP_TRAP, POW_ATK, POW_DEF, SEEN, SUPPORT } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  KW_COUNTER, KW_RANGED, KW_STEALTH, VP_BY_GRADE,
} = catalogueCodes;
const {
  PWIN_KEY, PWIN_MASK, PWIN_VAL,
} = cardInfoCodes;

/**
 * Makes attacker s's memos (attack, emptyCol, bestAtk) this decision's: call before reading them.
 * Each decision clears them at the first use of that attacker rather than all of them at the
 * reset, since most decisions read one or two attackers or none.
 */
export function attackRow(v: View, s: number): void {
  const M = v.memo;
  if (MEMO_ROW_EPOCH[s] === M.epoch) return;
  MEMO_ROW_EPOCH[s] = M.epoch;
  const a = MEMO_ATTACK, e = MEMO_EMPTY_COL;
  for (let k = s * 9; k < s * 9 + 9; k++) a[k] = NaN;
  e[s * 3] = e[s * 3 + 1] = e[s * 3 + 2] = NaN;
  MEMO_BEST_ATK[s] = NaN;
}

/** Fills MEMO_BEST_ATK[s]: the best of our slot s's attacks (read the memo: no boxed double). */
export function fillBestAttack(v: View, s: number): void {
  attackRow(v, s);
  const am = MEMO_ATTACK;
  if (am[s * 9] !== am[s * 9]) fillAttackRow(v, s, -1);
  let best = -Infinity;
  const gs = v.me * 6 + s;
  const ranged = (FLAGS[gs]! & KW_RANGED) !== 0;
  for (let t = 0; t < (ranged ? 9 : 3); t++) {
    if (t >= 3 && !OCC[v.op * 6 + t - 3]) continue;
    let x = am[s * 9 + t]!;
    if (x !== x) {
      fillAttackRow(v, s, t);
      x = am[s * 9 + t]!;
    }
    if (x > best) best = x;
  }
  MEMO_BEST_ATK[s] = best;
}
/** The best of our slot s's attacks (its value as an attacker this turn). */
export function bestAttackValue(v: View, s: number): number {
  attackRow(v, s);
  const m = MEMO_BEST_ATK;
  if (m[s] !== m[s]) fillBestAttack(v, s);
  return m[s]!;
}

// The chance the attacker wins from expected margin m, an unknown Trap swinging trapRisk with
// chance q: (1 - q) * pWin(m) + q * pWin(m - trapRisk), or pWin(m) when q is 0 (card-info.ts),
// read from pWin's cache where it is used: as calls, V8 boxed every double passed and returned.

/** Fills MEMO_ATTACK[s * 9 + t] with attackValue(v, s, t) if not yet there. */
export function fillAttack(v: View, s: number, t: number): void {
  attackRow(v, s);
  const m = MEMO_ATTACK;
  if (m[s * 9 + t] !== m[s * 9 + t]) {
    fillAttackRow(v, s, -1);
    if (m[s * 9 + t] !== m[s * 9 + t]) fillAttackRow(v, s, t);
  }
}

/** Expected value of attacking with our slot s on target t (0–2 a column, 3–8 a ranged target). */
export function attackValue(v: View, s: number, t: number): number {
  attackRow(v, s);
  const m = MEMO_ATTACK;
  const x = m[s * 9 + t]!;
  if (x === x) return x;
  fillAttackRow(v, s, t);
  return m[s * 9 + t]!;
}

/**
 * Computes attackValue(v, s, t) into MEMO_ATTACK (written there, not returned: no boxed
 * double) for target `only`, or when `only` is -1 for every target fillBestAttack reads (the
 * columns, and the occupied opposing slots for a ranged attacker; the main phase lists exactly
 * those), what depends only on the attacker read once for them all.
 */
function fillAttackRow(v: View, s: number, only: number): void {
  const out = MEMO_ATTACK;
  const me = v.me, op = v.op;
  const ags = me * 6 + s;
  const flags = FLAGS[ags]!;
  const t0 = only < 0 ? 0 : only, t1 = only < 0 ? (flags & KW_RANGED ? 9 : 3) : only + 1;
  if (!SEEN[ags]) {
    for (let t = t0; t < t1; t++) if (only >= 0 || t < 3 || OCC[op * 6 + t - 3]) out[s * 9 + t] = -1;
    return;
  }
  const P = v.P;
  const aBase = POW_ATK[ags]!;
  const A = aBase + 0.85 * sideBoost(v, me, ags, ags) + v.myPump;
  const canTrap = !(flags & KW_STEALTH) && v.oppCanPay;
  const tapCost = P.holdBack * (0.3 + 0.3 * SUPPORT[ags]!);
  const urge = 2 * (1 - lateFade(v));
  const aGrade = GRADE[ags]!;
  const M = v.memo, recM = MEMO_RECOVERY, lossM = MEMO_LOSS, killM = MEMO_KILL;
  if (recM[ags] !== recM[ags]) fillRecovery(v, ags);
  const rec = recM[ags]!;
  if (lossM[ags] !== lossM[ags]) fillLoss(v, ags);
  const lossA = lossM[ags]!;
  const trapLossBase = lossA + 0.5 * vpValue(v, op, VP_BY_GRADE[aGrade]!);
  const counterLoss = vpValue(v, op, VP_BY_GRADE[aGrade]!) + lossA;
  // What the targets read, as locals: the calls below (sideBoost, fillKill) would make V8 load
  // each field again per target, and a module's array read within the loop is read through its
  // map, length and data pointer where one read into a local before the loop is at a fixed
  // address (view.ts).
  const pwKey = PWIN_KEY, pwVal = PWIN_VAL;
  const occ = OCC, seen = SEEN, oppTrap = OPP_TRAP, powDef = POW_DEF, grade = GRADE, flagsA = FLAGS, canTap = CAN_TAP;
  const moverDef = MEMO_MOVER_DEF, moverEpoch = MEMO_MOVER_EPOCH, emptyCol = MEMO_EMPTY_COL;
  const oppHandN = v.oppHandN, oppArtPump = v.oppArtPump;
  const oppResponse = P.oppResponse, marginShift = P.marginShift, trapRisk = P.trapRisk, bias = P.attackBias;
  const openBonus = P.open * v.vpUnit * (v.followUp >= 2 ? 0.5 : 0.15);
  for (let t = t0; t < t1; t++) {
    let col: number, dgs: number;
    if (t < 3) {
      col = t;
      dgs = occ[op * 6 + t] ? op * 6 + t : occ[op * 6 + 3 + t] ? op * 6 + 3 + t : -1; // defenderOf(v, op, t)
    } else {
      dgs = op * 6 + (t - 3);
      if (only < 0 && !occ[dgs]) continue;
      col = (t - 3) % 3;
    }
    const k = s * 9 + t;
    if (dgs >= 0 && !seen[dgs]) {
      out[k] = -1;
      continue;
    }
    let q = 0;
    if (canTrap) {
      if (oppTrap[col]) q = 0.75;
      else if (oppHandN > 1) q = 0.1;
    }
    const trapLoss = q * 0.2 * trapLossBase;
    if (dgs >= 0) {
      const D = powDef[dgs]! + oppResponse * (sideBoost(v, op, dgs, -1) + oppArtPump) + marginShift;
      const mg = A - D;
      let p: number;
      {
        // (1 - q) * pWin(mg) + q * pWin(mg - trapRisk), or pWin(mg), read from pWin's cache in place.
        let h = ((mg * 1021.5) | 0) & PWIN_MASK;
        if (pwKey[h] !== mg) pwinFill(h, mg);
        const p0 = pwVal[h]!;
        if (q > 0) {
          const y = mg - trapRisk;
          h = ((y * 1021.5) | 0) & PWIN_MASK;
          if (pwKey[h] !== y) pwinFill(h, y);
          p = (1 - q) * p0 + q * pwVal[h]!;
        } else p = p0;
      }
      const vp = VP_BY_GRADE[grade[dgs]!]!;
      if (killM[dgs] !== killM[dgs]) fillKill(v, dgs);
      let win = vpValue(v, me, vp) + killM[dgs]! - (vp > 0 ? rec : 0);
      // aloneInColumn(v, dgs), and for a ranged shot at a back row, no one in front of it.
      if (!occ[dgs % 6 < 3 ? dgs + 3 : dgs - 3] && !(t >= 3 && dgs % 6 >= 3 && occ[dgs - 3])) win += openBonus;
      const lose = flagsA[dgs]! & KW_COUNTER ? counterLoss : 0;
      out[k] = p * (win + bias + urge) - (1 - p) * lose - tapCost - trapLoss;
      continue;
    }
    // The column is empty: the Environment defends (R38), unless a character moves in (2a).
    // That value depends on the column only through q: computed once per (attacker, q).
    const key = s * 3 + (q === 0 ? 0 : q === 0.75 ? 2 : 1);
    const memo = emptyCol;
    let val = memo[key]!;
    if (val !== val) {
      const E = v.oppEnvPow + ENV_TPOW[op]! + P.oppResponse * v.oppArtPump + P.marginShift;
      const me1 = A - E;
      let pe: number;
      {
        // (1 - q) * pWin(me1) + q * pWin(me1 - trapRisk), or pWin(me1), read from pWin's cache in place.
        let h = ((me1 * 1021.5) | 0) & PWIN_MASK;
        if (pwKey[h] !== me1) pwinFill(h, me1);
        const p0 = pwVal[h]!;
        if (q > 0) {
          const y = me1 - P.trapRisk;
          h = ((y * 1021.5) | 0) & PWIN_MASK;
          if (pwKey[h] !== y) pwinFill(h, y);
          pe = (1 - q) * p0 + q * pwVal[h]!;
        } else pe = p0;
      }
      const envVal = pe * (vpValue(v, me, 1) - rec + P.attackBias + urge);
      let worst = envVal, movers = false;
      for (let gs = op * 6; gs < op * 6 + 6; gs++) {
        if (!canTap[gs]) continue; // canTap is 0 on every unseen slot
        movers = true;
        // Its best defence from either row, once per decision for every attacker.
        let dBest: number;
        if (moverEpoch[gs] === M.epoch) dBest = moverDef[gs]!;
        else {
          dBest = Math.max(defPowerAt(v, gs, true), defPowerAt(v, gs, false));
          moverDef[gs] = dBest;
          moverEpoch[gs] = M.epoch;
        }
        const D = dBest + P.marginShift;
        const mg = A - D;
        let p: number;
        {
          // (1 - q) * pWin(mg) + q * pWin(mg - trapRisk), or pWin(mg), read from pWin's cache in place.
          let h = ((mg * 1021.5) | 0) & PWIN_MASK;
          if (pwKey[h] !== mg) pwinFill(h, mg);
          const p0 = pwVal[h]!;
          if (q > 0) {
            const y = mg - P.trapRisk;
            h = ((y * 1021.5) | 0) & PWIN_MASK;
            if (pwKey[h] !== y) pwinFill(h, y);
            p = (1 - q) * p0 + q * pwVal[h]!;
          } else p = p0;
        }
        const vp = VP_BY_GRADE[grade[gs]!]!;
        if (killM[gs] !== killM[gs]) fillKill(v, gs);
        const win = vpValue(v, me, vp) + killM[gs]! - (vp > 0 ? rec : 0);
        const lose = flagsA[gs]! & KW_COUNTER ? counterLoss : 0;
        const x = p * (win + P.attackBias + urge) - (1 - p) * lose;
        if (x < worst) worst = x;
      }
      memo[key] = val = movers ? (1 - P.oppResponse) * envVal + P.oppResponse * worst : envVal;
    }
    out[k] = val - tapCost - trapLoss;
  }
}

/** attackRowBound's result (a returned double would be boxed); off the heap, as ability.ts's ABILITY_VALUE. */
export const ROW_BOUND = new Float64Array(new ArrayBuffer(8));

/**
 * Writes into ROW_BOUND[0] a number no attackValue(v, s, t) exceeds (to rounding), over the
 * targets t of our slot s that the main phase lists (those fillAttackRow(v, s, -1) fills),
 * without the defending side's boosts or the 2a movers. A value is
 * p·X − (1 − p)·lose − tapCost − trapLoss, p the chance to win (pWin's mix over an unknown Trap):
 * - p is at most the same mix at the margin without the defender's boost: that boost is never
 *   negative (card-info's tap terms are all ≥ 0, oppResponse ≥ 0) and pWin grows with the margin;
 * - linear in p, the value is then at most max(−lose, p̂·X − (1 − p̂)·lose), X taking the
 *   open-column bonus whenever it is positive;
 * - an empty column's (1 − r)·envVal + r·(its worst mover, at most envVal) is at most
 *   envVal = pₑ·Y, so at most p̂ₑ·Y or 0, for r = oppResponse in [0, 1]; another oppResponse
 *   gives +Infinity (no bound).
 * Reads and fills the memos the exact values read (recovery, loss, kill, the attacker's boost).
 */
export function attackRowBound(v: View, s: number): void {
  const me = v.me, op = v.op;
  const ags = me * 6 + s;
  if (!SEEN[ags]) {
    ROW_BOUND[0] = -1;
    return;
  }
  const P = v.P;
  if (!(P.oppResponse >= 0 && P.oppResponse <= 1)) {
    ROW_BOUND[0] = Infinity;
    return;
  }
  const flags = FLAGS[ags]!;
  const A = POW_ATK[ags]! + 0.85 * sideBoost(v, me, ags, ags) + v.myPump;
  const canTrap = !(flags & KW_STEALTH) && v.oppCanPay;
  const tapCost = P.holdBack * (0.3 + 0.3 * SUPPORT[ags]!);
  const gain = P.attackBias + 2 * (1 - lateFade(v));
  const recM = MEMO_RECOVERY, lossM = MEMO_LOSS, killM = MEMO_KILL;
  if (recM[ags] !== recM[ags]) fillRecovery(v, ags);
  const rec = recM[ags]!;
  if (lossM[ags] !== lossM[ags]) fillLoss(v, ags);
  const aVp = vpValue(v, op, VP_BY_GRADE[GRADE[ags]!]!);
  const counterLoss = aVp + lossM[ags]!;
  const trapLossBase = lossM[ags]! + 0.5 * aVp;
  const openBonus = Math.max(0, P.open * v.vpUnit * (v.followUp >= 2 ? 0.5 : 0.15));
  const dShift = P.oppResponse * v.oppArtPump + P.marginShift;
  const occ = OCC, seen = SEEN;
  let best = -Infinity;
  for (let t = 0, tEnd = flags & KW_RANGED ? 9 : 3; t < tEnd; t++) {
    let dgs: number;
    if (t < 3) dgs = occ[op * 6 + t] ? op * 6 + t : occ[op * 6 + 3 + t] ? op * 6 + 3 + t : -1;
    else {
      dgs = op * 6 + (t - 3);
      if (!occ[dgs]) continue;
    }
    let x: number;
    if (dgs >= 0 && !seen[dgs]) x = -1;
    else {
      let q = 0;
      if (canTrap) {
        if (OPP_TRAP[t < 3 ? t : (t - 3) % 3]) q = 0.75;
        else if (v.oppHandN > 1) q = 0.1;
      }
      const mg = A - (dgs >= 0 ? POW_DEF[dgs]! : v.oppEnvPow + ENV_TPOW[op]!) - dShift;
      // (1 - q) * pWin(mg) + q * pWin(mg - trapRisk), read from pWin's cache in place as above.
      let h = ((mg * 1021.5) | 0) & PWIN_MASK;
      if (PWIN_KEY[h] !== mg) pwinFill(h, mg);
      let p = PWIN_VAL[h]!;
      if (q > 0) {
        const y = mg - P.trapRisk;
        h = ((y * 1021.5) | 0) & PWIN_MASK;
        if (PWIN_KEY[h] !== y) pwinFill(h, y);
        p = (1 - q) * p + q * PWIN_VAL[h]!;
      }
      if (dgs >= 0) {
        const vp = VP_BY_GRADE[GRADE[dgs]!]!;
        if (killM[dgs] !== killM[dgs]) fillKill(v, dgs);
        const X = vpValue(v, me, vp) + killM[dgs]! - (vp > 0 ? rec : 0) + openBonus + gain;
        const lose = FLAGS[dgs]! & KW_COUNTER ? counterLoss : 0;
        x = Math.max(-lose, p * X - (1 - p) * lose);
      } else {
        const Y = vpValue(v, me, 1) - rec + gain; // the Environment's value, at most p·Y (or 0)
        x = Y > 0 ? p * Y : 0;
      }
      x -= tapCost + q * 0.2 * trapLossBase;
    }
    if (x > best) best = x;
  }
  ROW_BOUND[0] = best;
}
