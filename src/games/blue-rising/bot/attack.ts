// Attacks: the expected value of attacking with one of our characters on a column (or a
// ranged target), from the chance to win with what each side may still add, the VP and the
// kill at stake, Contre-Attaque, an unknown Trap, and a character moving into an empty
// column (2a). Each (attacker, target) is scored at most once per decision.
import { KW_COUNTER, KW_RANGED, KW_STEALTH, VP_BY_GRADE } from '../catalogue/compile.ts';
import { PWIN_KEY, PWIN_MASK, PWIN_VAL, pwinFill } from './card-info.ts';
import { aloneInColumn, defPowerAt, defenderOf, fillKill, fillLoss, fillRecovery, lateFade, sideBoost, vpValue } from './values.ts';
import type { View } from './view.ts';

/** Fills v.memo.bestAtk[s]: the best of our slot s's attacks (read the memo: no boxed double). */
export function fillBestAttack(v: View, s: number): void {
  const am = v.memo.attack;
  let best = -Infinity;
  const gs = v.me * 6 + s;
  const ranged = (v.flags[gs]! & KW_RANGED) !== 0;
  for (let t = 0; t < (ranged ? 9 : 3); t++) {
    if (t >= 3 && !v.occ[v.op * 6 + t - 3]) continue;
    const k = s * 9 + t;
    if (am[k] !== am[k]) attackValueNow(v, s, t);
    const x = am[k]!;
    if (x > best) best = x;
  }
  v.memo.bestAtk[s] = best;
}
/** The best of our slot s's attacks (its value as an attacker this turn). */
export function bestAttackValue(v: View, s: number): number {
  const m = v.memo.bestAtk;
  if (m[s] !== m[s]) fillBestAttack(v, s);
  return m[s]!;
}

// The chance the attacker wins from expected margin m, an unknown Trap swinging trapRisk with
// chance q: (1 - q) * pWin(m) + q * pWin(m - trapRisk), or pWin(m) when q is 0 (card-info.ts),
// read from pWin's cache where it is used: as calls, V8 boxed every double passed and returned.

/** Fills v.memo.attack[s * 9 + t] with attackValue(v, s, t) if not yet there. */
export function fillAttack(v: View, s: number, t: number): void {
  const m = v.memo.attack;
  if (m[s * 9 + t] !== m[s * 9 + t]) attackValueNow(v, s, t);
}

/** Expected value of attacking with our slot s on target t (0–2 a column, 3–8 a ranged target). */
export function attackValue(v: View, s: number, t: number): number {
  const m = v.memo.attack;
  const x = m[s * 9 + t]!;
  if (x === x) return x;
  attackValueNow(v, s, t);
  return m[s * 9 + t]!;
}

/** Computes attackValue(v, s, t) into v.memo.attack (written there, not returned: no boxed double). */
function attackValueNow(v: View, s: number, t: number): void {
  const out = v.memo.attack;
  const k = s * 9 + t;
  const P = v.P;
  const me = v.me, op = v.op;
  const ags = me * 6 + s;
  if (!v.seen[ags]) {
    out[k] = -1;
    return;
  }
  const flags = v.flags[ags]!;
  const aBase = v.powAtk[ags]!;
  const A = aBase + 0.85 * sideBoost(v, me, ags, ags) + v.myPump;
  let col: number, dgs: number;
  if (t < 3) {
    col = t;
    dgs = defenderOf(v, op, t);
  } else {
    dgs = op * 6 + (t - 3);
    col = (t - 3) % 3;
  }
  if (dgs >= 0 && !v.seen[dgs]) {
    out[k] = -1;
    return;
  }
  // An unknown face-down Trap (R29) is resolved when the opponent can pay and we are not Furtif (R50).
  let q = 0;
  if (!(flags & KW_STEALTH) && v.oppCanPay) {
    if (v.oppTrap[col]) q = 0.75;
    else if (v.oppHandN > 1) q = 0.1; // one placed in 2a (R37)
  }
  const tapCost = P.holdBack * (0.3 + 0.3 * v.support[ags]!);
  // Late in a long game, any attack that should win breaks the standoff (D5: a draw is no win).
  const urge = 2 * (1 - lateFade(v));
  const aGrade = v.grade[ags]!;
  // The memos read in place (see values.ts: no boxed double per call).
  const M = v.memo, recM = M.recovery, lossM = M.loss, killM = M.kill;
  if (recM[ags] !== recM[ags]) fillRecovery(v, ags);
  const rec = recM[ags]!;
  if (lossM[ags] !== lossM[ags]) fillLoss(v, ags);
  const lossA = lossM[ags]!;
  // Some Traps remove the Attacker outright.
  const trapLoss = q * 0.2 * (lossA + 0.5 * vpValue(v, op, VP_BY_GRADE[aGrade]!));
  if (dgs >= 0) {
    const defFlags = v.flags[dgs]!;
    const D = v.powDef[dgs]! + P.oppResponse * (sideBoost(v, op, dgs, -1) + v.oppArtPump) + P.marginShift;
    const mg = A - D;
    let p: number;
    {
      // (1 - q) * pWin(mg) + q * pWin(mg - trapRisk), or pWin(mg), read from pWin's cache in place.
      let h = ((mg * 1021.5) | 0) & PWIN_MASK;
      if (PWIN_KEY[h] !== mg) pwinFill(h, mg);
      const p0 = PWIN_VAL[h]!;
      if (q > 0) {
        const y = mg - P.trapRisk;
        h = ((y * 1021.5) | 0) & PWIN_MASK;
        if (PWIN_KEY[h] !== y) pwinFill(h, y);
        p = (1 - q) * p0 + q * PWIN_VAL[h]!;
      } else p = p0;
    }
    const vp = VP_BY_GRADE[v.grade[dgs]!]!;
    if (killM[dgs] !== killM[dgs]) fillKill(v, dgs);
    let win = vpValue(v, me, vp) + killM[dgs]! - (vp > 0 ? rec : 0);
    if (aloneInColumn(v, dgs) && !(t >= 3 && dgs % 6 >= 3 && v.occ[dgs - 3])) {
      win += P.open * v.vpUnit * (v.followUp >= 2 ? 0.5 : 0.15);
    }
    const lose = defFlags & KW_COUNTER ? vpValue(v, op, VP_BY_GRADE[aGrade]!) + lossA : 0;
    out[k] = p * (win + P.attackBias + urge) - (1 - p) * lose - tapCost - trapLoss;
    return;
  }
  // The column is empty: the Environment defends (R38), unless a character moves in (2a).
  // That value depends on the column only through q: computed once per (attacker, q).
  const key = s * 3 + (q === 0 ? 0 : q === 0.75 ? 2 : 1);
  const memo = v.memo.emptyCol;
  let val = memo[key]!;
  if (val !== val) {
    const E = v.oppEnvPow + v.envTpow[op]! + P.oppResponse * v.oppArtPump + P.marginShift;
    const me1 = A - E;
    let pe: number;
    {
      // (1 - q) * pWin(me1) + q * pWin(me1 - trapRisk), or pWin(me1), read from pWin's cache in place.
      let h = ((me1 * 1021.5) | 0) & PWIN_MASK;
      if (PWIN_KEY[h] !== me1) pwinFill(h, me1);
      const p0 = PWIN_VAL[h]!;
      if (q > 0) {
        const y = me1 - P.trapRisk;
        h = ((y * 1021.5) | 0) & PWIN_MASK;
        if (PWIN_KEY[h] !== y) pwinFill(h, y);
        pe = (1 - q) * p0 + q * PWIN_VAL[h]!;
      } else pe = p0;
    }
    const envVal = pe * (vpValue(v, me, 1) - rec + P.attackBias + urge);
    let worst = envVal, movers = false;
    for (let gs = op * 6; gs < op * 6 + 6; gs++) {
      if (!v.seen[gs] || !v.canTap[gs]) continue;
      movers = true;
      const D = Math.max(defPowerAt(v, gs, true), defPowerAt(v, gs, false)) + P.marginShift;
      const mg = A - D;
      let p: number;
      {
        // (1 - q) * pWin(mg) + q * pWin(mg - trapRisk), or pWin(mg), read from pWin's cache in place.
        let h = ((mg * 1021.5) | 0) & PWIN_MASK;
        if (PWIN_KEY[h] !== mg) pwinFill(h, mg);
        const p0 = PWIN_VAL[h]!;
        if (q > 0) {
          const y = mg - P.trapRisk;
          h = ((y * 1021.5) | 0) & PWIN_MASK;
          if (PWIN_KEY[h] !== y) pwinFill(h, y);
          p = (1 - q) * p0 + q * PWIN_VAL[h]!;
        } else p = p0;
      }
      const vp = VP_BY_GRADE[v.grade[gs]!]!;
      if (killM[gs] !== killM[gs]) fillKill(v, gs);
      const win = vpValue(v, me, vp) + killM[gs]! - (vp > 0 ? rec : 0);
      const lose = v.flags[gs]! & KW_COUNTER ? vpValue(v, op, VP_BY_GRADE[aGrade]!) + lossA : 0;
      const x = p * (win + P.attackBias + urge) - (1 - p) * lose;
      if (x < worst) worst = x;
    }
    memo[key] = val = movers ? (1 - P.oppResponse) * envVal + P.oppResponse * worst : envVal;
  }
  out[k] = val - tapCost - trapLoss;
}
