// One scorer per effect verb, in tables keyed by verb as effects.ts has one executor per
// verb: what one effect record is worth to us, judged from the view. In a fight a scorer
// also leaves its change to the fight in the Effect scratch (power deltas, the attack ending,
// a Contre-Attaque or Furtif granted), which fightGain turns into a value.
import { isAdjacent } from '../board.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import { bestAttackValue } from './attack.ts';
import { CAT_COST, INFO_WORTH } from './card-info.ts';
import { aloneInColumn, columnEmpty, defPowerAt, envPower, fillKill, fillLoss, lateFade, vpValue } from './values.ts';
import { CARD, ENV_TPOW, FLAGS, MEMO_KILL, MEMO_LOSS, OCC, POW_DEF, SEEN, SUPPORT, SUPPORTER, SUPPORT_GIVEN, attackedAt, enteredNowAt, readyAt, tappedAt, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  KW_RAGE, K_ATTACK, K_BACK, K_COUNTER, K_DEFENSE, K_FRONT, K_RAGE, K_RANGED, K_RESISTANT,
  K_STEALTH, V_DESTROY, V_DRAW, V_GAIN, V_KEYWORD, V_POWER, V_RETURN, V_SQUIRES, V_SWAP, V_TAP,
  V_UNTAP,
} = catalogueCodes;

/** What the ability being scored does to the fight in progress (reset per ability). */
export interface Effect {
  dAtk: number;
  dDef: number;
  /** A fighter leaves: the attack ends with no effect (D18). */
  ends: boolean;
  gCA: boolean;
  gStealth: boolean;
}

export function allocEffect(): Effect {
  return { dAtk: 0, dDef: 0, ends: false, gCA: false, gStealth: false };
}

/** Scores a verb aimed at the character on gs (src: the ability's source slot, or -1). */
export type CharVerbScorer = (v: View, fx: Effect, amt: number, kw: number, gs: number, src: number) => number;
/** Scores a verb aimed at the controller. */
export type PlayerVerbScorer = (v: View, amt: number) => number;
/** Scores a keyword granted to the character on gs. */
type KeywordScorer = (v: View, fx: Effect, amt: number, gs: number, mine: boolean) => number;

const none = (): number => 0;
const sideOf = (gs: number) => (gs / 6) | 0;

/**
 * The character on gs leaves play mid-attack: a fixed fighter ends the attack (D18); the
 * Defender predicted before step 3a is replaced by the next one in its column (R38).
 */
function fighterLeaves(v: View, fx: Effect, gs: number): void {
  const f = v.f;
  if (gs === f.agsFight || (gs === f.dgs && (f.dgsEng >= 0 || v.atkRanged >= 0))) {
    fx.ends = true;
    return;
  }
  if (gs !== f.dgs) return;
  const side = sideOf(gs);
  const s = gs % 6;
  const other = side * 6 + (s < 3 ? s + 3 : s - 3);
  const base = f.def - SUPPORT_GIVEN[side]!;
  const next = OCC[other] && s < 3 && SEEN[other] ? POW_DEF[other]! : envPower(v, side) + ENV_TPOW[side]!;
  fx.dDef += next - base;
}

/** Squires on our first empty slots (D1): what `amount` of them (0: every empty slot) bring. */
function squiresValue(v: View, amount: number): number {
  const P = v.P, me = v.me, f = v.f;
  let left = amount === 0 ? 6 : amount;
  let x = 0;
  let coveredMask = 0;
  for (let c = 0; c < 3; c++) if (!columnEmpty(v, me, c)) coveredMask |= 1 << c;
  for (let gs = me * 6; gs < me * 6 + 6 && left > 0; gs++) {
    if (OCC[gs]) continue;
    left--;
    x += 0.8 * P.board;
    const c = gs % 3;
    if (!(coveredMask & (1 << c))) {
      coveredMask |= 1 << c;
      x += P.cover * (v.myEnvPow < v.oppMaxAtk ? 1 : 0.4);
      // Mid-attack, before the Defender is fixed: a Squire in the attacked empty column defends instead of the Environment.
      if (f.in && me !== v.active && f.envPred && !f.envEng && c === f.trapCol && f.atk > f.def) {
        x += Math.max(0, -f.vA);
      }
    }
  }
  return x;
}

// ---------- verbs on the controller ----------

const PLAYER_VERB_SCORERS: PlayerVerbScorer[] = [];
PLAYER_VERB_SCORERS[V_DRAW] = (v, amt) => {
  let x = amt * v.P.draw;
  if (v.deckN < amt) x -= v.P.exhaust * vpValue(v, v.op, 1) * lateFade(v);
  return x;
};
PLAYER_VERB_SCORERS[V_GAIN] = (v, amt) => (v.f.in ? 0.2 * amt * v.P.resource : Math.min(amt, v.demand) * v.P.resource);
PLAYER_VERB_SCORERS[V_SQUIRES] = squiresValue;

// ---------- keywords granted ----------

const KEYWORD_SCORERS: KeywordScorer[] = [];
KEYWORD_SCORERS[K_ATTACK] = (v, fx, amt, gs, mine) => {
  if (v.f.in) {
    if (gs === v.f.agsFight) fx.dAtk += amt;
    return 0;
  }
  return mine && v.me === v.active && readyAt(v, gs) ? 0.1 * amt : 0;
};
KEYWORD_SCORERS[K_DEFENSE] = (v, fx, amt, gs) => {
  if (v.f.in && gs === v.f.dgs) fx.dDef += amt;
  return 0;
};
const rowKeyword = (front: boolean): KeywordScorer => (v, fx, amt, gs) => {
  if (v.f.in && (gs % 6 < 3) === front) {
    if (gs === v.f.agsFight) fx.dAtk += amt;
    else if (gs === v.f.dgs) fx.dDef += amt;
  }
  return 0;
};
KEYWORD_SCORERS[K_FRONT] = rowKeyword(true);
KEYWORD_SCORERS[K_BACK] = rowKeyword(false);
KEYWORD_SCORERS[K_COUNTER] = (v, fx, _amt, gs, mine) => {
  if (v.f.in && gs === v.f.dgs && mine && !v.f.ca) fx.gCA = true;
  return 0;
};
KEYWORD_SCORERS[K_STEALTH] = (v, fx, _amt, gs, mine) => {
  if (v.f.in) {
    if (gs === v.f.agsFight && mine) fx.gStealth = true;
    return 0;
  }
  return mine && v.me === v.active && readyAt(v, gs) ? 0.15 : 0;
};
KEYWORD_SCORERS[K_RAGE] = (v, _fx, _amt, gs, mine) => {
  if (!mine || v.f.in || v.me !== v.active) return 0;
  if (tappedAt(v, gs) || attackedAt(v, gs)) return 0;
  if (!enteredNowAt(v, gs) || (FLAGS[gs]! & KW_RAGE) !== 0) return 0;
  return Math.max(0, 0.9 * bestAttackValue(v, gs % 6));
};
KEYWORD_SCORERS[K_RANGED] = (v, _fx, _amt, gs, mine) => (mine && !v.f.in && v.me === v.active && readyAt(v, gs) ? 0.2 : 0);
KEYWORD_SCORERS[K_RESISTANT] = (_v, _fx, _amt, _gs, mine) => (mine ? 0.05 : 0);

// ---------- verbs on a character ----------

const CHAR_VERB_SCORERS: CharVerbScorer[] = [];
CHAR_VERB_SCORERS[V_POWER] = (v, fx, amt, _kw, gs) => {
  if (v.f.in) {
    if (gs === v.f.agsFight) fx.dAtk += amt;
    else if (gs === v.f.dgs) fx.dDef += amt;
    return 0;
  }
  if (sideOf(gs) === v.me && amt > 0 && v.me === v.active && readyAt(v, gs)) return 0.12 * amt;
  return 0;
};
CHAR_VERB_SCORERS[V_KEYWORD] = (v, fx, amt, kw, gs) => {
  const k = KEYWORD_SCORERS[kw];
  return k ? k(v, fx, amt, gs, sideOf(gs) === v.me) : 0;
};
CHAR_VERB_SCORERS[V_RETURN] = (v, fx, _amt, _kw, gs) => {
  if (v.f.in) fighterLeaves(v, fx, gs);
  const c = CARD[gs]!;
  if (sideOf(gs) === v.me) return -(0.5 * v.P.board * INFO_WORTH[c]! + 0.4 * CAT_COST[c]! + 0.3);
  return 0.4 * v.P.board * INFO_WORTH[c]! + 0.4 * CAT_COST[c]!;
};
CHAR_VERB_SCORERS[V_DESTROY] = (v, fx, _amt, _kw, gs) => {
  if (v.f.in) fighterLeaves(v, fx, gs);
  // The memos read in place (values.ts: no boxed double per call).
  if (sideOf(gs) === v.me) {
    const lm = MEMO_LOSS;
    if (lm[gs] !== lm[gs]) fillLoss(v, gs);
    return -lm[gs]!;
  }
  const km = MEMO_KILL;
  if (km[gs] !== km[gs]) fillKill(v, gs);
  return km[gs]! + (aloneInColumn(v, gs) && v.me === v.active ? v.P.open * v.vpUnit * (v.followUp >= 1 ? 0.4 : 0.1) : 0);
};
CHAR_VERB_SCORERS[V_SWAP] = (v, fx, _amt, _kw, gs, src) => {
  if (src < 0 || src === gs) return 0;
  const f = v.f;
  // Before the Defender is fixed (2b), a swap can put a stronger character in front of the attack.
  if (f.in && v.me !== v.active && f.step === 2 && v.atkRanged < 0 && f.agsFight >= 0) {
    const col = v.atkColumn, me = v.me;
    const front = me * 6 + col, back = me * 6 + 3 + col;
    // Who stands on the column's slots after the swap.
    const f2 = front === src ? gs : front === gs ? src : front;
    const b2 = back === src ? gs : back === gs ? src : back;
    const newDef = OCC[f2] ? f2 : OCC[b2] ? b2 : -1;
    if (newDef >= 0 && newDef !== f.dgs) {
      const newFront = (newDef === f2 ? front : back) % 6 < 3;
      const np = defPowerAt(v, newDef, newFront);
      const oldP = f.dgs >= 0 ? f.def - SUPPORT_GIVEN[me]! : f.def;
      fx.dDef += np - oldP;
    }
    return -0.05;
  }
  return -0.1;
};
CHAR_VERB_SCORERS[V_UNTAP] = (v, _fx, _amt, _kw, gs) => {
  const mine = sideOf(gs) === v.me;
  if (!mine || !tappedAt(v, gs)) return mine ? 0 : -0.1;
  if (v.f.in) return 0.1;
  if (v.me === v.active && !attackedAt(v, gs) && (!enteredNowAt(v, gs) || (FLAGS[gs]! & KW_RAGE))) {
    return Math.max(0, 0.9 * bestAttackValue(v, gs % 6));
  }
  return v.P.holdBack * (0.3 + 0.2 * SUPPORT[gs]!);
};
CHAR_VERB_SCORERS[V_TAP] = (v, _fx, _amt, _kw, gs) => {
  if (sideOf(gs) === v.me) return -0.2;
  if (tappedAt(v, gs)) return 0;
  const f = v.f;
  if (f.in) {
    const oppFighter = v.me === v.active ? f.dgs : f.agsFight;
    if (oppFighter >= 0 && SUPPORTER[v.op]! < 0 && (gs === oppFighter || isAdjacent(gs, oppFighter))) {
      return 0.3 * SUPPORT[gs]!;
    }
    return 0.02;
  }
  return v.me === v.active ? 0.1 + 0.1 * SUPPORT[gs]! : 0.05;
};

for (let verb = 0; verb <= V_TAP; verb++) {
  CHAR_VERB_SCORERS[verb] ??= none;
  PLAYER_VERB_SCORERS[verb] ??= none;
}
for (let kw = 0; kw <= K_RESISTANT; kw++) KEYWORD_SCORERS[kw] ??= none;

export { CHAR_VERB_SCORERS, PLAYER_VERB_SCORERS };
