// The defender's answers to an attack: step 2a (a character moving into the empty attacked
// column, a Trap placed there for 1, R37) and the windows of steps 2b and 3b (Supports, tap
// and sacrifice effects, Events, the Trap of the attacked column, the Artefact), each scored
// by what it changes in the fight's outcome.
import * as actionBands from '../actions.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import { ABILITY_VALUE, evalAbility, fightGain } from './ability.ts';
import { attackRow, fillBestAttack } from './attack.ts';
import { CAT_COST, INFO_CA, INFO_DEBUFF, INFO_DEF_PUMP, INFO_DRAW, INFO_REMOVE_ATK, INFO_TRAP_W, pWin } from './card-info.ts';
import { playEventValue, sacrificeValue, scoreArtefactAction, tapEffectValue } from './main.ts';
import { aloneInColumn, columnThreat, defPowerAt, killValue, lossValue, outcome, payCost, sideBoost, vpValue } from './values.ts';
import type { Effect } from './verbs.ts';
import { CAN_TAP, FLAGS, GRADE, HAND, MEMO_BEST_ATK, MY_TRAP, POW_ATK, SUPPORT, attackedAt, readyAt, resistExtraOf, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  A_ART_REVEAL, A_ATTACK, A_MOVE, A_PASS, A_PLAY, A_RESOLVE_TRAP, A_SACRIFICE, A_SUPPORT, A_TAP,
  A_TRAP_2A, TARGETS,
} = actionBands;
const {
  KW_COUNTER, NUM_TRIGGERS, TR_TRAP, VP_BY_GRADE,
} = catalogueCodes;

/** Our attacker-side chance to win from margin m, with what each side may still add. */
function reactionOdds(v: View, m: number, myBoost: number): number {
  const P = v.P, f = v.f;
  const a = v.active;
  let atkPot = 0;
  if (f.agsFight >= 0) {
    const handA = a === v.me ? v.handN : v.oppHandN;
    atkPot = P.oppResponse * sideBoost(v, a, f.agsFight, f.agsFight) + (handA > 0 ? 0.5 * P.trapRisk * P.oppResponse : 0);
  }
  return pWin(m + atkPot - 0.8 * myBoost);
}

/** A set Trap's swing in a fight (its Défense+ and debuffs). */
function trapPower(v: View, card: number): number {
  return INFO_DEF_PUMP[card * NUM_TRIGGERS + TR_TRAP]! + INFO_DEBUFF[card * NUM_TRIGGERS + TR_TRAP]!;
}

/** Value (as the defender in step 2a) of placing hand Trap i in the attacked column for 1. */
function placeTrapValue(v: View, i: number): number {
  const P = v.P, f = v.f;
  const c = HAND[i]!;
  const s = c * NUM_TRIGGERS + TR_TRAP;
  const m = f.atk - f.def;
  const dgs = f.dgs;
  const myBoost = dgs >= 0 ? sideBoost(v, v.me, dgs, -1) : 0;
  const old = MY_TRAP[f.trapCol]!;
  const oldPow = old >= 0 ? trapPower(v, old) : 0;
  const p0 = reactionOdds(v, m, myBoost + (old >= 0 ? oldPow : 0));
  const pow = INFO_DEF_PUMP[s]! + INFO_DEBUFF[s]!; // an Environment Defender takes the Trap's bonus too (R39)
  let p1 = INFO_REMOVE_ATK[s]! > 0 ? 0.05 : reactionOdds(v, m, myBoost + pow);
  if (old >= 0) p1 = Math.min(p1, p0);
  const ca = f.ca || (INFO_CA[s]! > 0 && dgs >= 0);
  const v0 = p0 * f.vA + (1 - p0) * (f.ca ? f.vD : 0);
  const v1 = p1 * f.vA + (1 - p1) * (ca ? f.vD : 0);
  const keepOld = old >= 0 ? P.trapSet * INFO_TRAP_W[old]! : 0;
  return v1 - v0 + 0.3 * P.draw * INFO_DRAW[s]! - payCost(v, 1 + CAT_COST[c]!) - v.cardClock - keepOld;
}

/** Step 2a: pass, a Trap placed for 1, or a move into the empty attacked column (R37). */
export function scoreReaction(v: View, legal: Int32Array, n: number, sc: Float64Array): void {
  for (let i = 0; i < n; i++) sc[i] = reactionValue(v, legal[i]!);
}

function reactionValue(v: View, a: number): number {
  if (a === A_PASS) return 0;
  if (a >= A_TRAP_2A) return placeTrapValue(v, a - A_TRAP_2A);
  // A move into the empty attacked column (R37 2a).
  const P = v.P, me = v.me, f = v.f;
  const from = ((a - A_MOVE) / 6) | 0, to = (a - A_MOVE) % 6;
  const fgs = me * 6 + from;
  const myTrap = MY_TRAP[f.trapCol]!;
  const trapPow = myTrap >= 0 ? trapPower(v, myTrap) : 0;
  // Now: the Environment defends.
  const pEnv = reactionOdds(v, f.atk - f.def, 0.5 * trapPow);
  const vEnv = pEnv * f.vA;
  // After the move: the mover defends from its new row, with a Support next to it.
  let sup = 0;
  for (let gs = me * 6; gs < me * 6 + 6; gs++) {
    if (gs === fgs || !CAN_TAP[gs]) continue;
    const x = gs % 6;
    const adj = x % 3 === to % 3 || ((x < 3) === (to < 3) && Math.abs((x % 3) - (to % 3)) === 1);
    if (!adj) continue;
    const s = SUPPORT[gs]!;
    if (s > sup) sup = s;
  }
  const Dp = defPowerAt(v, fgs, to < 3);
  const p = reactionOdds(v, f.atk - Dp, sup + 0.5 * trapPow);
  const vp = VP_BY_GRADE[GRADE[fgs]!]!;
  const a0 = v.active;
  const vA = -(vpValue(v, a0, vp) + lossValue(v, fgs));
  const ca = (FLAGS[fgs]! & KW_COUNTER) !== 0;
  const vD = ca && f.agsFight >= 0 ? vpValue(v, me, VP_BY_GRADE[GRADE[f.agsFight]!]!) + killValue(v, f.agsFight) : 0;
  let x = p * vA + (1 - p) * vD - vEnv;
  // The column it leaves may be empty now, and more attackers may come.
  if (aloneInColumn(v, fgs)) {
    let more = 0;
    for (let gs = a0 * 6; gs < a0 * 6 + 6; gs++) if (readyAt(v, gs) && POW_ATK[gs]! > v.myEnvPow) more++; // canTap is 0 on every unseen slot
    if (more > 0) x -= 0.5 * vpValue(v, a0, 1);
  }
  x -= 0.05 + P.holdBack * 0.05 * SUPPORT[fgs]!;
  return x;
}

/** Scratch of the window scorer, allocated once per bot. */
export interface WindowScratch {
  dm: Float64Array; // [MAX_LEGAL] each action's change to the margin, my side's view
  tapBest: Float64Array; // [6]
  supBest: Float64Array; // [6]
  cardBest: Float64Array; // [2 * ZONE_CAP]
  /**
   * Set by the bot's choose (not by explain): a Support's forgone attack (its best attack's
   * value, the costliest part of a window) may be left out of its score while no other part of
   * the window reads it, and is added only where choose may pick that Support (supportExact).
   */
  lazy: boolean;
  /** [MAX_LEGAL] 1 where sc holds a Support's score without its forgone attack (an upper bound: supportCost >= 0). */
  pend: Uint8Array;
  /** [MAX_LEGAL] that Support's fight gain, for supportExact. */
  gain: Float64Array;
}

/** A window (2b, 3b): every action's value, then help towards turning a fight we lose. */
export function scoreWindow(v: View, fx: Effect, ws: WindowScratch, legal: Int32Array, n: number, sc: Float64Array): void {
  const f = v.f;
  const meAtk = v.me === v.active;
  const m0 = f.atk - f.def;
  const cur = outcome(v, m0, f.ca);
  const dm = ws.dm;
  // First pass: every action's own value (its fight gain included) and its change to the
  // margin (my side's view); what we could add in all, each character supporting or
  // using its tap effect, each card once, one Support at most.
  const tapBest = ws.tapBest, supBest = ws.supBest, cardBest = ws.cardBest;
  const losing = meAtk ? m0 <= 0 : m0 > 0;
  // Winning, the second pass below reads no score: a Support's forgone attack may wait for choose.
  const defer = ws.lazy && meAtk && !losing && v.P.supportCost >= 0;
  const pend = ws.pend;
  // Loops, not fill(): a builtin call costs more than these few stores.
  for (let s = 0; s < 6; s++) tapBest[s] = supBest[s] = 0;
  for (let i = 0; i < v.handN; i++) cardBest[i] = 0;
  let other = 0;
  for (let j = 0; j < n; j++) {
    const a = legal[j]!;
    fx.dAtk = fx.dDef = 0;
    fx.ends = fx.gCA = fx.gStealth = false;
    pend[j] = 0;
    if (defer && a >= A_SUPPORT && a < A_RESOLVE_TRAP) supportLazy(v, fx, ws, a, sc, j);
    else windowBase(v, fx, a, sc, j);
    const d = meAtk ? fx.dAtk - fx.dDef : fx.dDef - fx.dAtk;
    dm[j] = fx.ends ? 0 : d;
    if (d <= 0 || sc[j]! < -3) continue;
    if (a >= A_SUPPORT && a < A_RESOLVE_TRAP) supBest[a - A_SUPPORT] = Math.max(supBest[a - A_SUPPORT]!, d);
    else if (a >= A_TAP && a < A_SACRIFICE && ((a - A_TAP) / TARGETS) < 6) {
      const s = ((a - A_TAP) / TARGETS) | 0;
      tapBest[s] = Math.max(tapBest[s]!, d);
    } else if (a >= A_PLAY && a < A_TAP) {
      const i = ((a - A_PLAY) / TARGETS) | 0;
      cardBest[i] = Math.max(cardBest[i]!, d);
    } else other = Math.max(other, d);
  }
  let taps = 0, sw = 0, cards = 0;
  for (let s = 0; s < 6; s++) {
    taps += tapBest[s]!;
    sw = Math.max(sw, supBest[s]! - tapBest[s]!);
  }
  for (let i = 0; i < v.handN; i++) cards += cardBest[i]!;
  // Second pass: when we lose now and no single action turns it, an action that gets us
  // part of the way counts in proportion, if all we have together can turn it.
  if (!losing) return;
  const deficit = meAtk ? 1 - m0 : m0;
  const avail = taps + sw + cards + other;
  if (avail < deficit) return;
  const full = outcome(v, meAtk ? 1 : 0, f.ca) - cur; // my gain when it turns
  if (full <= 0) return;
  for (let j = 0; j < n; j++) {
    const d = dm[j]!;
    if (d <= 0 || d >= deficit) continue;
    sc[j] = sc[j]! + 0.8 * full * (d / deficit);
  }
}

/** Value of one window action (fight gain included), into sc[at] (a returned double would be boxed). */
function windowBase(v: View, fx: Effect, a: number, sc: Float64Array, at: number): void {
  const me = v.me, P = v.P;
  if (a === A_PASS) {
    sc[at] = 0;
    return;
  }
  if (a >= A_SUPPORT && a < A_RESOLVE_TRAP) {
    const gs = me * 6 + (a - A_SUPPORT);
    const s = SUPPORT[gs]!;
    if (me === v.active) fx.dAtk = s;
    else fx.dDef = s;
    sc[at] = fightGain(v, fx) - supportCost(v, gs, me === v.active && !attackedAt(v, gs));
    return;
  }
  if (a === A_RESOLVE_TRAP) {
    const trap = MY_TRAP[v.f.trapCol]!;
    evalAbility(v, fx, trap, TR_TRAP, -1, -1);
    const x = ABILITY_VALUE[0]!;
    const keep = 0.5 * P.trapSet * INFO_TRAP_W[trap]! * columnThreat(v, v.f.trapCol);
    sc[at] = x + fightGain(v, fx) - keep - payCost(v, CAT_COST[trap]! + resistExtraOf(v, trap, TR_TRAP, -1, -1));
    return;
  }
  if (a >= A_TRAP_2A && a < A_ART_REVEAL) {
    sc[at] = placeTrapValue(v, a - A_TRAP_2A);
    return;
  }
  if (a >= A_PLAY && a < A_TAP) {
    const i = ((a - A_PLAY) / TARGETS) | 0, t = (a - A_PLAY) % TARGETS;
    playEventValue(v, fx, HAND[i]!, t, sc, at);
    return;
  }
  if (a >= A_TAP && a < A_SACRIFICE) {
    tapEffectValue(v, fx, ((a - A_TAP) / TARGETS) | 0, (a - A_TAP) % TARGETS, sc, at);
    return;
  }
  if (a >= A_SACRIFICE && a < A_ATTACK) {
    sacrificeValue(v, fx, ((a - A_SACRIFICE) / TARGETS) | 0, (a - A_SACRIFICE) % TARGETS, sc, at);
    return;
  }
  sc[at] = scoreArtefactAction(v, fx, a);
}

/** What tapping our slot gs to support costs; `forgone`: its alternative, an attack of its own this turn, counts. */
function supportCost(v: View, gs: number, forgone: boolean): number {
  const P = v.P;
  const s = SUPPORT[gs]!;
  let cost = 0.05;
  if (v.me === v.active) {
    if (forgone) {
      const bm = MEMO_BEST_ATK, col = gs % 6;
      attackRow(v, col);
      if (bm[col] !== bm[col]) fillBestAttack(v, col);
      cost += P.supportCost * Math.max(0, bm[col]!);
    }
    cost += P.supportCost * P.holdBack * 0.2 * (1 + s);
  } else cost += 0.05 * s;
  return cost;
}

/** A Support (attacker side) scored as windowBase does, its forgone attack left to supportExact. */
function supportLazy(v: View, fx: Effect, ws: WindowScratch, a: number, sc: Float64Array, at: number): void {
  const gs = v.me * 6 + (a - A_SUPPORT);
  fx.dAtk = SUPPORT[gs]!;
  const g = fightGain(v, fx);
  if (attackedAt(v, gs)) {
    sc[at] = g - supportCost(v, gs, false);
    return;
  }
  // supportCost >= 0 and the forgone attack counts at least 0: without it, an upper bound.
  sc[at] = g - supportCost(v, gs, false);
  ws.gain[at] = g;
  ws.pend[at] = 1;
}

/** The score windowBase gives the pending Support legal action a (see WindowScratch.lazy). */
export function supportExact(v: View, ws: WindowScratch, a: number, at: number): number {
  return ws.gain[at]! - supportCost(v, v.me * 6 + (a - A_SUPPORT), true);
}
