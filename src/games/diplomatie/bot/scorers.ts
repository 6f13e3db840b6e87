// One scorer per effect verb, as the engine has one executor per verb (rules.ts,
// resolveAbility). A scorer says what one effect of an ability the bot controls is worth to
// it, in points, for a given target; the context (bot.ts) knows the position through the
// seat's view only: the pending fight, the races, what creatures are worth.
import {
  MAX_EFFECTS, V_AURA, V_DAMAGE, V_DESTROY, V_DOUBLE, V_DRAW, V_EXHAUST, V_GAIN_PD, V_GAIN_PV, V_NONE, V_POWER, V_PUT, V_READY,
  V_SHROUD,
} from '../catalogue/compile.ts';
import { SLOTS, TC_HAND } from '../state.ts';
import type { DipProfile } from './profile.ts';
import { H_ATK_RETARGETED, type DipView } from './view.ts';

/** What the scorers may ask of the bot about the current position. */
export interface ScoreContext {
  readonly v: DipView;
  readonly P: DipProfile;
  /** Value to me of player p losing n PV (negative when p is me; ± win when it ends the game). */
  pvLoss(p: number, n: number): number;
  /** Value to me of player p gaining n PD. */
  pdGain(p: number, n: number): number;
  /** A creature on the board: its Puissance and abilities, in points (unsigned). */
  worthAt(code: number): number;
  /** A creature card entering play for me from the hand (board worth, entry triggers, passives), in points. */
  enterValue(id: number): number;
  /** True when a fight is pending (an attack on the stack whose attacker is still there). */
  readonly inFight: boolean;
  readonly fightAtk: number;
  readonly fightDef: number;
  /** Value to me of the pending fight as it stands, and with changes (Puissance added, a side exhausted or readied, a side gone, a new defender). */
  readonly fightBase: number;
  fightWith(dAtk: number, dDef: number, defExh: number, gone: number, newDef: number): number;
  /** Is it the turn of player p, before the end of its step 2 (its creatures may still attack)? */
  beforeAttacks(p: number): boolean;
}

export type VerbScorer = (c: ScoreContext, amount: number, permanent: boolean, tcode: number) => number;

const owner = (code: number): number => (code / SLOTS) | 0;

/** A change of Puissance at code: its weight in a pending fight, or on the board if permanent. */
function powerChange(c: ScoreContext, code: number, n: number, permanent: boolean): number {
  const v = c.v;
  const sign = owner(code) === v.me ? 1 : -1;
  let val = permanent ? sign * n * c.P.board : 0;
  if (c.inFight && (code === c.fightAtk || code === c.fightDef)) {
    val += c.fightWith(code === c.fightAtk ? n : 0, code === c.fightDef ? n : 0, -1, -1, -1) - c.fightBase;
  } else if (!permanent && owner(code) === v.me && c.beforeAttacks(v.me) && !v.exhAt(code)) {
    val += 0.05 * n * c.P.board; // it may attack later this turn: a little
  }
  return val;
}

const scoreDraw: VerbScorer = (c, n) => {
  const v = c.v;
  const deck = v.deckN(v.me);
  const got = Math.min(n, deck);
  let val = got * c.P.card * c.P.drawn;
  // R12: the deck's last cards are the opponent's Siege PD at my next draws.
  if (deck - n < v.options.turnDraw) val -= 0.5 * c.pdGain(v.op, Math.min(n, v.options.turnDraw));
  return val;
};

const scoreGainPV: VerbScorer = (c, n) => c.pvLoss(c.v.me, -n);

const scoreDamage: VerbScorer = (c, n) => c.pvLoss(c.v.op, n);

const scoreGainPD: VerbScorer = (c, n) => c.pdGain(c.v.me, n);

const scoreDestroy: VerbScorer = (c, _n, _p, code) => {
  if (code < 0 || code >= TC_HAND) return 0;
  const mine = owner(code) === c.v.me;
  let val = mine ? -c.P.lose * c.worthAt(code) : c.P.kill * c.worthAt(code);
  if (c.inFight && (code === c.fightAtk || code === c.fightDef)) val += c.fightWith(0, 0, -1, code, -1) - c.fightBase;
  return val;
};

const scoreExhaust: VerbScorer = (c, _n, _p, code) => {
  if (code < 0 || code >= TC_HAND) return 0;
  const v = c.v;
  if (v.exhAt(code)) return 0;
  const q = owner(code);
  let val = (q === v.me ? -0.5 : 1) * c.P.exhaustOpp * c.worthAt(code);
  // An exhausted creature cannot attack: worth most before its controller's attacks.
  if (q === v.op && c.beforeAttacks(v.op)) val += c.P.threat * Math.max(0, v.powerAt(code));
  if (c.inFight && code === c.fightDef) val += c.fightWith(0, 0, 1, -1, -1) - c.fightBase;
  return val;
};

const scoreReady: VerbScorer = (c, _n, _p, code) => {
  if (code < 0 || code >= TC_HAND) return 0;
  const v = c.v;
  if (!v.exhAt(code)) return 0;
  const q = owner(code);
  let val = (q === v.me ? 1 : -1) * 0.5 * c.P.exhaustOpp * c.worthAt(code);
  if (q === v.me && c.beforeAttacks(v.me)) val += 0.3 * c.P.board * Math.max(0, v.powerAt(code)); // it may attack again
  if (c.inFight && code === c.fightDef) val += c.fightWith(0, 0, 0, -1, -1) - c.fightBase;
  return val;
};

const scorePower: VerbScorer = (c, n, permanent, code) => (code < 0 || code >= TC_HAND ? 0 : powerChange(c, code, n, permanent));

const scoreDouble: VerbScorer = (c, _n, permanent, code) => (code < 0 || code >= TC_HAND ? 0 : powerChange(c, code, Math.max(0, c.v.powerAt(code)), permanent));

const scorePut: VerbScorer = (c, _n, _p, code) => {
  if (code < TC_HAND) return 0;
  const v = c.v;
  const id = v.myHand(code - TC_HAND);
  if (id < 0) return 0;
  // The card leaves the hand for the board; during a direct attack on me it becomes the target (R25).
  let val = c.enterValue(id) - c.P.card;
  if (c.inFight && c.fightDef === -1 && owner(c.fightAtk) === v.op && v.options.entryRetargets && v.h(H_ATK_RETARGETED) === 0) {
    val += c.fightWith(0, 0, -1, -1, id) - c.fightBase;
  }
  return val;
};

// Passives act while their card is in play: bot.ts scores them when the card enters.
const scorePassive: VerbScorer = () => 0;

/** Indexed by verb code (compile.ts V_*). */
export const VERB_SCORERS: readonly VerbScorer[] = (() => {
  const t: VerbScorer[] = [];
  t[V_NONE] = () => 0;
  t[V_DRAW] = scoreDraw;
  t[V_GAIN_PV] = scoreGainPV;
  t[V_DAMAGE] = scoreDamage;
  t[V_GAIN_PD] = scoreGainPD;
  t[V_DESTROY] = scoreDestroy;
  t[V_EXHAUST] = scoreExhaust;
  t[V_READY] = scoreReady;
  t[V_POWER] = scorePower;
  t[V_DOUBLE] = scoreDouble;
  t[V_PUT] = scorePut;
  t[V_SHROUD] = scorePassive;
  t[V_AURA] = scorePassive;
  return t;
})();

/** Sum of the effects of ability a (catalogue index) on target tcode. */
export function scoreEffects(c: ScoreContext, a: number, tcode: number): number {
  const cat = c.v.cat;
  let val = 0;
  for (let e = 0; e < MAX_EFFECTS; e++) {
    const x = a * MAX_EFFECTS + e;
    const verb = cat.eVerb[x]!;
    if (verb === V_NONE) break;
    val += VERB_SCORERS[verb]!(c, cat.eAmount[x]!, cat.ePermanent[x] === 1, tcode);
  }
  return val;
}
