// The main phase: playing a character, an Object, a Trap or an Event from hand, using a tap
// or sacrifice effect, attacking, and the revealed Artefact (also in the pause, R43).
import * as actionBands from '../actions.ts';
import { isAdjacent } from '../board.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import { ABILITY_VALUE, evalAbility, fightGain } from './ability.ts';
import { attackRow, attackRowBound, fillAttack, ROW_BOUND } from './attack.ts';
import { CAT_AB_COUNT, CAT_AB_RESOURCE, CAT_AB_TARGET, CAT_COST, CAT_GRADE, CAT_KW_ATTACK, CAT_KW_BACK, CAT_KW_DEFENSE, CAT_KW_FLAGS, CAT_KW_FRONT, CAT_POWER, CAT_TYPE, INFO_GAIN, INFO_PLACE_W, INFO_TRAP_W, INFO_WORTH, pWinInt } from './card-info.ts';
import * as botCodes from './codes.ts';
import { objBonus, tapCost } from './pay.ts';
import { columnThreat, coverValue, objWorthAt, offense, offenseAt, payCost, relGs, vpValue } from './values.ts';
import type { Effect } from './verbs.ts';
import { CARD, ENV_CARD, EQUIP, GRADE, HAND, MEMO_ATTACK, MEMO_ENTER, MY_TRAP, OCC, SUPPORT, SUPPORTER, resistExtraOf, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  A_ART_ACTIVATE, A_ART_REVEAL, A_ATTACK, A_EOT_DISCARD, A_PASS, A_PLAY, A_SACRIFICE, A_SUPPORT,
  A_TAP, TARGETS,
} = actionBands;
const {
  G_HERO, G_SQUIRE, KW_RAGE, NUM_TRIGGERS, TK_NONE, TR_ARTEFACT, TR_ENTER, TR_PLAY,
  TR_SACRIFICE, TR_TAP, T_CHARACTER, T_EVENT, T_OBJECT, T_TRAP, VP_BY_GRADE,
} = catalogueCodes;
const {
  EPS,
} = botCodes;

/**
 * The main phase's scores of legal[0..n) into sc. `lazy` (the bot's own choice, index.ts): the
 * attacks of an attacker whose bound (attackRowBound) is below the best score before them, by
 * twice the tie margin (the bound and the exact values sum their terms in different orders, a
 * few 1e-15 apart), get that bound rather than their exact values. Such a score is neither a
 * new best nor a tie where choose reads it, as the exact one would not be: the same choice,
 * without most attack rows (in heuristic games, 59% fewer are computed).
 */
export function scoreMain(v: View, fx: Effect, legal: Int32Array, n: number, sc: Float64Array, lazy: boolean): void {
  // The module's arrays as locals, read before the loop: V8 then reads them at a fixed address.
  const type = CAT_TYPE, hand = HAND, am = MEMO_ATTACK, rowBound = ROW_BOUND;
  let best = -Infinity;
  for (let i = 0; i < n; ) {
    const a = legal[i]!;
    if (a >= A_PLAY && a < A_TAP) {
      const h = ((a - A_PLAY) / TARGETS) | 0;
      const c = hand[h]!;
      if (type[c] === T_CHARACTER) {
        const end = playCharValues(v, fx, c, h, legal, i, n, sc);
        for (; i < end; i++) if (sc[i]! > best) best = sc[i]!;
        continue;
      }
    } else if (lazy && a >= A_ATTACK && a < A_SUPPORT) {
      const s = ((a - A_ATTACK) / TARGETS) | 0;
      attackRow(v, s);
      if (am[s * 9] !== am[s * 9]) {
        attackRowBound(v, s);
        const x = rowBound[0]! + 0.01 * v.P.attackBias;
        if (x < best - 2 * EPS) {
          for (const end = A_ATTACK + (s + 1) * TARGETS; i < n && legal[i]! < end; i++) sc[i] = x;
          continue;
        }
      }
    }
    scoreMainAt(v, fx, a, sc, i);
    if (sc[i]! > best) best = sc[i]!;
    i++;
  }
}

// The score goes into sc[i] rather than being returned: a double returned by a call V8 does not
// inline is boxed, once per action.
function scoreMainAt(v: View, fx: Effect, a: number, sc: Float64Array, i: number): void {
  if (a === A_PASS) {
    sc[i] = 0;
    return;
  }
  const me = v.me;
  if (a < A_TAP) {
    const h = ((a - A_PLAY) / TARGETS) | 0, t = (a - A_PLAY) % TARGETS;
    const c = HAND[h]!;
    switch (CAT_TYPE[c]) {
      case T_OBJECT: playObjectValue(v, c, me * 6 + t, sc, i); return;
      case T_TRAP: setTrapValue(v, c, t, sc, i); return;
      case T_EVENT: playEventValue(v, fx, c, t, sc, i); return;
    }
    sc[i] = -1;
    return;
  }
  if (a < A_SACRIFICE) {
    const src = ((a - A_TAP) / TARGETS) | 0, t = (a - A_TAP) % TARGETS;
    tapEffectValue(v, fx, src, t, sc, i);
    return;
  }
  if (a < A_ATTACK) {
    const s = ((a - A_SACRIFICE) / TARGETS) | 0, t = (a - A_SACRIFICE) % TARGETS;
    sacrificeValue(v, fx, s, t, sc, i);
    return;
  }
  if (a < A_SUPPORT) {
    const s = ((a - A_ATTACK) / TARGETS) | 0, t = (a - A_ATTACK) % TARGETS;
    fillAttack(v, s, t);
    sc[i] = MEMO_ATTACK[s * 9 + t]! + 0.01 * v.P.attackBias;
    return;
  }
  sc[i] = scoreArtefactAction(v, fx, a);
}

/** What hand card i's on-enter effect brings (the same wherever it enters): once per decision. */
function enterValue(v: View, fx: Effect, c: number, i: number): number {
  const m = MEMO_ENTER;
  let x = m[i]!;
  if (x !== x) {
    evalAbility(v, fx, c, TR_ENTER, -1, -1);
    m[i] = x = ABILITY_VALUE[0]!;
  }
  return x;
}

// A character's plays on its slots (up to six actions in a row of the list) share their terms:
// the card's (on-enter effect, payment, Rage) and its row's (placement, offense, a Hero's
// exposure) are computed once for the run, each slot adding only its own. Each score sums the
// same terms in the same order as each play scored alone would.
// Off the heap, as ability.ts's ABILITY_VALUE.
const ROW_PLACE = new Float64Array(new ArrayBuffer(16)), ROW_OFFENSE = new Float64Array(new ArrayBuffer(16));
const ROW_EXPOSURE = new Float64Array(new ArrayBuffer(16));
/**
 * Scores the run of plays of the character c in hand slot h that starts at legal[from] (the
 * actions A_PLAY + h * TARGETS + t) into sc; returns the index after the run.
 */
function playCharValues(v: View, fx: Effect, c: number, h: number, legal: Int32Array, from: number, n: number, sc: Float64Array): number {
  const P = v.P;
  const me = v.me;
  const base = A_PLAY + h * TARGETS;
  const enter = enterValue(v, fx, c, h);
  const g = CAT_GRADE[c]!;
  const hero = g >= G_HERO;
  const heroVp = hero ? vpValue(v, v.op, VP_BY_GRADE[g]!) : 0;
  for (let r = 0; r < 2; r++) {
    const front = r === 0;
    ROW_PLACE[r] = P.board * INFO_PLACE_W[2 * c + r]!;
    ROW_OFFENSE[r] = offense(v, CAT_POWER[c]! + CAT_KW_ATTACK[c]! + (front ? CAT_KW_FRONT[c]! : CAT_KW_BACK[c]!), me);
    if (hero) {
      const dp = CAT_POWER[c]! + (front ? CAT_KW_FRONT[c]! : CAT_KW_BACK[c]!) + CAT_KW_DEFENSE[c]!;
      ROW_EXPOSURE[r] = P.heroExposure * pWinInt(v.oppMaxAtk - dp) * heroVp;
    }
  }
  const rage = (CAT_KW_FLAGS[c]! & KW_RAGE) !== 0;
  const spend = payCost(v, CAT_COST[c]!) + v.cardClock;
  let i = from;
  for (; i < n; i++) {
    const t = legal[i]! - base;
    if (t < 0 || t >= TARGETS) break;
    const gs = me * 6 + t;
    const col = t % 3, front = t < 3, r = front ? 0 : 1;
    let x = ROW_PLACE[r]!;
    x += enter;
    x += ROW_OFFENSE[r]!;
    if (!OCC[gs]) x += coverValue(v, col);
    else x -= P.board * INFO_WORTH[CARD[gs]!]! + 0.5 * objWorthAt(v, gs) + offenseAt(v, gs) + 0.3;
    // A Hero or Legend that will be the Defender of its column is a VP for the taking.
    if (hero) x -= ROW_EXPOSURE[r]! * (front || !OCC[me * 6 + col] ? 0.6 : 0.15);
    if (rage) x += 0.3 * P.attackBias;
    x -= spend;
    sc[i] = x;
  }
  return i;
}

/** Writes its value into sc[at] (as the scorers below: a returned double would be boxed). */
function playObjectValue(v: View, o: number, gs: number, sc: Float64Array, at: number): void {
  const P = v.P;
  const sac = o * NUM_TRIGGERS + TR_SACRIFICE;
  let x = P.board * objBonus(v, o, gs) + 0.3 * P.resource * CAT_AB_RESOURCE[sac]! +
    (CAT_AB_COUNT[sac]! > 0 && CAT_AB_RESOURCE[sac] === 0 ? 0.3 : 0);
  const oc = EQUIP[gs]!;
  if (oc >= 0) {
    x -= P.board * objBonus(v, oc, gs) + 0.5 * P.resource * CAT_AB_RESOURCE[oc * NUM_TRIGGERS + TR_SACRIFICE]! + 0.3;
  }
  // An Object dies with a character that is likely to die.
  if (GRADE[gs] === G_SQUIRE) x *= 0.6;
  x -= payCost(v, CAT_COST[o]!) + v.cardClock;
  sc[at] = x;
}

function setTrapValue(v: View, c: number, col: number, sc: Float64Array, at: number): void {
  const P = v.P;
  const threat = columnThreat(v, col);
  let x = P.trapSet * INFO_TRAP_W[c]! * threat - v.cardClock;
  const old = MY_TRAP[col]!;
  if (old >= 0) x -= P.trapSet * INFO_TRAP_W[old]! * threat + 0.3;
  sc[at] = x;
}

export function playEventValue(v: View, fx: Effect, c: number, t: number, sc: Float64Array, at: number): void {
  const chosen = CAT_AB_TARGET[c * NUM_TRIGGERS + TR_PLAY] === TK_NONE ? -1 : relGs(v, t);
  evalAbility(v, fx, c, TR_PLAY, -1, chosen);
  let x = ABILITY_VALUE[0]!;
  if (v.f.in) x += fightGain(v, fx);
  const extra = resistExtraOf(v, c, TR_PLAY, -1, chosen);
  x -= payCost(v, CAT_COST[c]! + extra) + v.cardClock;
  // Resources first: a resource Event played before a costly card is worth more than a discard.
  if (INFO_GAIN[c * NUM_TRIGGERS + TR_PLAY]! > 0 && v.demand > 0 && !v.f.in) x += 3;
  sc[at] = x;
}

export function tapEffectValue(v: View, fx: Effect, src: number, t: number, sc: Float64Array, at: number): void {
  const me = v.me;
  let card: number, srcGs: number, cost: number;
  const srcCard = src === 6 ? ENV_CARD[me]! : CARD[me * 6 + src]!;
  if (CAT_AB_RESOURCE[srcCard * NUM_TRIGGERS + TR_TAP]! > 0) {
    sc[at] = -0.1; // a resource effect: the payment uses it (D7)
    return;
  }
  if (src === 6) {
    card = ENV_CARD[me]!;
    srcGs = -1;
    cost = 0;
  } else {
    srcGs = me * 6 + src;
    card = CARD[srcGs]!;
    cost = tapCost(v, srcGs);
    // In a fight, a character of ours tapped for an effect no longer supports.
    if (v.f.in && SUPPORTER[me]! < 0) {
      const fgs = me === v.active ? v.f.agsFight : v.f.dgs;
      if (fgs >= 0 && (srcGs === fgs || isAdjacent(srcGs, fgs))) cost += 0.3 * SUPPORT[srcGs]!;
    }
  }
  const chosen = CAT_AB_TARGET[card * NUM_TRIGGERS + TR_TAP] === TK_NONE ? -1 : relGs(v, t);
  evalAbility(v, fx, card, TR_TAP, srcGs, chosen);
  let x = ABILITY_VALUE[0]!;
  if (v.f.in) x += fightGain(v, fx);
  x -= payCost(v, resistExtraOf(v, card, TR_TAP, srcGs, chosen)) + cost;
  // A free Environment effect (a draw, Squires, a pump for the attacks to come) goes first.
  if (src === 6 && v.inMain && x > 0.05) x += 10;
  sc[at] = x;
}

export function sacrificeValue(v: View, fx: Effect, s: number, t: number, sc: Float64Array, at: number): void {
  const me = v.me;
  const gs = me * 6 + s;
  const o = EQUIP[gs]!;
  if (CAT_AB_RESOURCE[o * NUM_TRIGGERS + TR_SACRIFICE]! > 0) {
    sc[at] = -0.1; // a resource effect: the payment uses it (D7)
    return;
  }
  const chosen = CAT_AB_TARGET[o * NUM_TRIGGERS + TR_SACRIFICE] === TK_NONE ? -1 : relGs(v, t);
  evalAbility(v, fx, o, TR_SACRIFICE, -1, chosen);
  let x = ABILITY_VALUE[0]!;
  if (v.f.in) x += fightGain(v, fx);
  x -= v.P.board * objBonus(v, o, gs) + 0.05;
  x -= payCost(v, resistExtraOf(v, o, TR_SACRIFICE, -1, chosen));
  sc[at] = x;
}

export function scoreArtefactAction(v: View, fx: Effect, a: number): number {
  if (a === A_PASS) return 0;
  if (a === A_ART_REVEAL) return v.P.reveal;
  if (a >= A_ART_ACTIVATE && a < A_EOT_DISCARD) {
    const art = v.myArt;
    const chosen = CAT_AB_TARGET[art * NUM_TRIGGERS + TR_ARTEFACT] === TK_NONE ? -1 : relGs(v, a - A_ART_ACTIVATE);
    evalAbility(v, fx, art, TR_ARTEFACT, -1, chosen);
    let x = ABILITY_VALUE[0]!;
    if (v.f.in) x += fightGain(v, fx);
    x -= payCost(v, CAT_COST[art]! + resistExtraOf(v, art, TR_ARTEFACT, -1, chosen));
    return x - v.P.artefactHold;
  }
  return -1;
}
