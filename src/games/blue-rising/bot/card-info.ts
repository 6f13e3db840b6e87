// What the cards are worth to the heuristic bot, computed once per compiled catalogue: each
// card's worth on the board, in hand, set as a Trap or carried as an Object, and per ability
// slot what its base effects add up to by kind (pumps, debuffs, draws, removals…). The
// scorers read these tables instead of walking the effect program at every decision.
import type { Catalogue } from '../catalogue/compile.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
export * from './codes.ts';
import { PWIN_MASK, PWIN_MID, STEEP, ST_ATK, ST_BACK, ST_DEF, ST_FLAGS, ST_FRONT, ST_POW, ST_RES, ST_SUPPORT, ST_W } from './codes.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  EFFECT_WORDS, G_LEGEND, KW_COUNTER, KW_RAGE, KW_RANGED, KW_STEALTH, K_ATTACK, K_COUNTER,
  K_DEFENSE, K_RAGE, K_STEALTH, MAX_CARDS, NUM_TRIGGERS, S_ADJ_OWN, S_ALL_OPP, S_ALL_OWN, S_ATTACKER,
  S_CHOSEN_ANY, S_CHOSEN_OPP, S_CHOSEN_OWN, S_CHOSEN_OWN_ADJ, S_DEFENDER, S_OPP_FIGHTER,
  S_OWN_FIGHTER, S_SELF, S_TARGET, TR_ENTER, TR_PLAY, TR_SACRIFICE, TR_TAP, TR_TRAP, T_CHARACTER,
  T_EVENT, T_OBJECT, T_TRAP, V_DESTROY, V_DRAW, V_GAIN, V_KEYWORD, V_POWER, V_RETURN, V_SQUIRES,
  V_TAP,
} = catalogueCodes;

/** Static summaries of the catalogue, computed once per Catalogue. */
export interface CardInfo {
  /** Characters: what one is worth on the board (power points and their equivalents). */
  worth: Float64Array;
  /** Characters: what its on-enter effect is worth. */
  enterW: Float64Array;
  /** What holding the card is worth (before the situation adjusts it). */
  handW: Float64Array;
  /** Traps: what one set face down is worth. */
  trapW: Float64Array;
  /** Objects: a generic worth of the bonus. */
  objW: Float64Array;
  // Per ability slot (card * NUM_TRIGGERS + trigger), base effects only:
  ownPump: Float64Array; // +power (or Attaque+) to an own character or the own fighter
  debuff: Float64Array; // -power to an opposing character / fighter / the Attacker
  defPump: Float64Array; // +power (or Défense+) to the Defender
  draw: Float64Array;
  gain: Float64Array;
  squires: Float64Array;
  destroyOpp: Float64Array;
  removeAtk: Float64Array; // destroys or returns the Attacker
  tapOpp: Float64Array;
  ca: Float64Array; // grants Contre-Attaque
  stealth: Float64Array;
  rage: Float64Array;
  // Per card, the tap effect as a fight boost (for estimating the other side's answers):
  tpSelf: Float64Array;
  tpAdj: Float64Array;
  tpAny: Float64Array;
  tpDebuff: Float64Array;
  /** tpAny + tpDebuff (the part of the tap boost that does not depend on the fighter's slot). */
  tpBase: Float64Array;
  /** Characters: worth plus what the row adds when played there, at [card * 2] the front row, [card * 2 + 1] the back (main.ts's playCharValues). */
  placeW: Float64Array;
  /** Per card, its numbers as a character (ST_* at card * ST_W), then as an Object (objStat): one table each, read per slot by the view. */
  charStat: Int32Array;
  objStat: Int32Array;
}

const INFO = new WeakMap<Catalogue, CardInfo>();

export function cardInfo(cat: Catalogue): CardInfo {
  let info = INFO.get(cat);
  if (info) return info;
  const n = cat.size;
  const slots = n * NUM_TRIGGERS;
  const f = (k: number) => new Float64Array(k);
  info = {
    worth: f(n), enterW: f(n), handW: f(n), trapW: f(n), objW: f(n),
    ownPump: f(slots), debuff: f(slots), defPump: f(slots), draw: f(slots), gain: f(slots), squires: f(slots),
    destroyOpp: f(slots), removeAtk: f(slots), tapOpp: f(slots), ca: f(slots), stealth: f(slots), rage: f(slots),
    tpSelf: f(n), tpAdj: f(n), tpAny: f(n), tpDebuff: f(n), tpBase: f(n), placeW: f(2 * n),
    charStat: new Int32Array(n * ST_W), objStat: new Int32Array(n * ST_W),
  };
  for (let c = 0; c < n; c++) {
    const b = c * ST_W, cs = info.charStat, os = info.objStat;
    cs[b + ST_FLAGS] = cat.kwFlags[c]!;
    cs[b + ST_SUPPORT] = cat.support[c]!;
    cs[b + ST_RES] = cat.kwResistant[c]!;
    cs[b + ST_FRONT] = cat.kwFront[c]!;
    cs[b + ST_BACK] = cat.kwBack[c]!;
    cs[b + ST_ATK] = cat.kwAttack[c]!;
    cs[b + ST_DEF] = cat.kwDefense[c]!;
    cs[b + ST_POW] = cat.power[c]!;
    os[b + ST_FLAGS] = cat.objFlags[c]!;
    os[b + ST_SUPPORT] = cat.objSupport[c]!;
    os[b + ST_RES] = cat.objResistant[c]!;
    os[b + ST_FRONT] = cat.objFront[c]!;
    os[b + ST_BACK] = cat.objBack[c]!;
    os[b + ST_ATK] = cat.objAttack[c]!;
    os[b + ST_DEF] = cat.objDefense[c]!;
    os[b + ST_POW] = cat.objPower[c]!;
  }
  const I = info;
  const prog = cat.program;
  for (let slot = 0; slot < slots; slot++) {
    const start = cat.abStart[slot]!, cnt = cat.abCount[slot]!;
    for (let k = 0; k < cnt; k++) {
      const r = (start + k) * EFFECT_WORDS;
      const verb = prog[r]!, sel = prog[r + 1]!, amt = prog[r + 2]!, kw = prog[r + 3]!, rider = prog[r + 4]!;
      const wgt = rider >= 0 ? 0.4 : 1; // a rider holds only for its faction
      const own = sel === S_SELF || sel === S_CHOSEN_OWN || sel === S_CHOSEN_ANY || sel === S_CHOSEN_OWN_ADJ ||
        sel === S_OWN_FIGHTER || sel === S_ALL_OWN || sel === S_ADJ_OWN || sel === S_TARGET;
      const opp = sel === S_CHOSEN_OPP || sel === S_OPP_FIGHTER || sel === S_ALL_OPP || sel === S_ATTACKER;
      switch (verb) {
        case V_POWER:
          if (amt > 0 && sel === S_DEFENDER) I.defPump[slot] += amt * wgt;
          else if (amt > 0 && own) I.ownPump[slot] += amt * wgt;
          else if (amt < 0 && (opp || sel === S_CHOSEN_ANY)) I.debuff[slot] += -amt * wgt;
          break;
        case V_KEYWORD:
          if (kw === K_ATTACK && own) I.ownPump[slot] += amt * wgt;
          else if (kw === K_DEFENSE && (own || sel === S_DEFENDER)) I.defPump[slot] += amt * wgt;
          else if (kw === K_COUNTER) I.ca[slot] += wgt;
          else if (kw === K_STEALTH) I.stealth[slot] += wgt;
          else if (kw === K_RAGE) I.rage[slot] += wgt;
          break;
        case V_DRAW: I.draw[slot] += amt * wgt; break;
        case V_GAIN: I.gain[slot] += amt * wgt; break;
        case V_SQUIRES: I.squires[slot] += (amt === 0 ? 3 : amt) * wgt; break;
        case V_DESTROY:
          if (sel === S_ATTACKER) I.removeAtk[slot] += wgt;
          else if (sel === S_CHOSEN_OPP || sel === S_CHOSEN_ANY) I.destroyOpp[slot] += wgt;
          else if (sel === S_ALL_OPP) I.destroyOpp[slot] += 3 * wgt;
          break;
        case V_RETURN:
          if (sel === S_ATTACKER) I.removeAtk[slot] += 0.8 * wgt;
          else if (sel === S_CHOSEN_OPP) I.destroyOpp[slot] += 0.5 * wgt;
          break;
        case V_TAP:
          if (sel === S_CHOSEN_OPP || sel === S_CHOSEN_ANY) I.tapOpp[slot] += wgt;
          else if (sel === S_ALL_OPP) I.tapOpp[slot] += 3 * wgt;
          break;
      }
    }
  }
  for (let c = 0; c < n; c++) {
    const t = cat.type[c]!;
    const tap = c * NUM_TRIGGERS + TR_TAP;
    const enter = c * NUM_TRIGGERS + TR_ENTER;
    if (t === T_CHARACTER) {
      // The tap effect as a fight boost.
      const start = cat.abStart[tap]!, cnt = cat.abCount[tap]!;
      for (let k = 0; k < cnt; k++) {
        const r = (start + k) * EFFECT_WORDS;
        if (prog[r + 4]! >= 0) continue;
        const verb = prog[r]!, sel = prog[r + 1]!, amt = prog[r + 2]!, kw = prog[r + 3]!;
        const p = verb === V_POWER ? amt : verb === V_KEYWORD && kw === K_DEFENSE ? amt : 0;
        if (p > 0) {
          if (sel === S_SELF) I.tpSelf[c] += p;
          else if (sel === S_ADJ_OWN || sel === S_CHOSEN_OWN_ADJ) I.tpAdj[c] += p;
          else if (sel === S_OWN_FIGHTER || sel === S_ALL_OWN || sel === S_CHOSEN_OWN || sel === S_CHOSEN_ANY) I.tpAny[c] += p;
        } else if (p < 0 && (sel === S_OPP_FIGHTER || sel === S_CHOSEN_OPP || sel === S_ALL_OPP || sel === S_CHOSEN_ANY)) {
          I.tpDebuff[c] += -p;
        }
      }
      I.tpBase[c] = I.tpAny[c]! + I.tpDebuff[c]!;
      const flags = cat.kwFlags[c]!;
      let tapW = 0;
      if (cat.abCount[tap]! > 0) {
        tapW = 0.4 + 0.35 * (I.tpSelf[c]! + I.tpAdj[c]! + I.tpAny[c]! + I.tpDebuff[c]!) + 0.5 * I.draw[tap]! +
          0.5 * I.gain[tap]! + 0.4 * I.tapOpp[tap]! + 0.3 * I.squires[tap]!;
      }
      I.worth[c] = cat.power[c]! + 0.5 * cat.support[c]! + 0.5 * Math.max(cat.kwFront[c]!, cat.kwBack[c]!) +
        0.4 * cat.kwDefense[c]! + 0.4 * cat.kwAttack[c]! + (flags & KW_COUNTER ? 1.2 : 0) + (flags & KW_RANGED ? 0.8 : 0) +
        (flags & KW_STEALTH ? 0.6 : 0) + (flags & KW_RAGE ? 0.6 : 0) + 0.4 * cat.kwResistant[c]! + tapW;
      I.enterW[c] = 0.8 * I.draw[enter]! + 0.8 * I.squires[enter]! + 0.3 * I.debuff[enter]! + 0.2 * I.ownPump[enter]! +
        0.5 * I.tapOpp[enter]!;
      I.placeW[2 * c] = I.worth[c]! + (0.5 * cat.kwFront[c]! + 0.1 * (cat.power[c]! + cat.kwDefense[c]!));
      I.placeW[2 * c + 1] = I.worth[c]! + (0.5 * cat.kwBack[c]! + 0.3 * cat.support[c]! + (flags & KW_RANGED ? 0.4 : 0));
      const grade = cat.grade[c]!;
      I.handW[c] = 0.5 + 0.3 * I.worth[c]! + 0.5 * I.enterW[c]! - 0.2 * Math.max(0, cat.cost[c]! - 1) - (grade === G_LEGEND ? 0.3 : 0);
    } else if (t === T_EVENT) {
      const s = c * NUM_TRIGGERS + TR_PLAY;
      I.handW[c] = 0.2 + 0.35 * (I.ownPump[s]! + I.debuff[s]!) + 0.55 * I.draw[s]! + 0.5 * I.gain[s]! + 2 * I.destroyOpp[s]! +
        0.4 * I.tapOpp[s]! + 0.6 * I.squires[s]! + 0.5 * I.rage[s]! + 0.5 * I.stealth[s]! - 0.2 * cat.cost[c]!;
    } else if (t === T_TRAP) {
      const s = c * NUM_TRIGGERS + TR_TRAP;
      I.trapW[c] = 0.6 + 0.3 * (I.defPump[s]! + I.debuff[s]!) + 1.3 * I.removeAtk[s]! + 0.3 * I.draw[s]! + 0.5 * I.ca[s]! -
        0.15 * cat.cost[c]!;
      I.handW[c] = 0.1 + I.trapW[c]!;
    } else if (t === T_OBJECT) {
      const s = c * NUM_TRIGGERS + TR_SACRIFICE;
      const fl = cat.objFlags[c]!;
      I.objW[c] = 0.5 * cat.objPower[c]! + 0.3 * (cat.objAttack[c]! + cat.objDefense[c]! + cat.objFront[c]! + cat.objBack[c]!) +
        0.3 * cat.objSupport[c]! + (fl & KW_STEALTH ? 0.5 : 0) + (fl & KW_RANGED ? 0.5 : 0) + (fl & KW_COUNTER ? 0.8 : 0) +
        (fl & KW_RAGE ? 0.3 : 0) + 0.3 * cat.objResistant[c]! + 0.5 * cat.abResource[s]! +
        (cat.abCount[s]! > 0 && cat.abResource[s] === 0 ? 0.3 : 0);
      I.handW[c] = 0.3 + I.objW[c]! - 0.15 * cat.cost[c]!;
    }
  }
  INFO.set(cat, info);
  return info;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
/** Chance that the side ahead by `margin` (expected attacker total minus defender total) wins: strictly more. */
export function pWin(margin: number): number {
  const h = ((margin * 1021.5) | 0) & PWIN_MASK;
  if (PWIN_KEY[h] !== margin) pwinFill(h, margin);
  return PWIN_VAL[h]!;
}
// Math.exp costs about 30 ns, and the scorers ask for the same few margins decision after
// decision: pWin keeps the last value computed per hashed margin (the hash: h above). A hit
// returns the double computed for that very margin, so the cache changes no result, only the
// time. The attack scorer reads it in place (a double passed to a call V8 does not inline is
// boxed): h, then pwinFill(h, m) when PWIN_KEY[h] !== m, then PWIN_VAL[h].
export const PWIN_KEY = new Float64Array(PWIN_MASK + 1).fill(NaN);
export const PWIN_VAL = new Float64Array(PWIN_MASK + 1);
export function pwinFill(h: number, margin: number): void {
  PWIN_KEY[h] = margin;
  PWIN_VAL[h] = logistic(STEEP * (margin - 0.5));
}
// pWin of the integer margins, computed once by pWin itself (so the same doubles): most
// margins the scorers ask about are differences of integer powers.
const PWIN_INT = new Float64Array(2 * PWIN_MID);
for (let k = 0; k < 2 * PWIN_MID; k++) PWIN_INT[k] = logistic(STEEP * (k - PWIN_MID - 0.5));
/** pWin(margin) for an integer margin (read from a table within ±64). */
export function pWinInt(margin: number): number {
  const k = margin + PWIN_MID;
  return k >= 0 && k < 2 * PWIN_MID ? PWIN_INT[k]! : 1 / (1 + Math.exp(-(STEEP * (margin - 0.5))));
}

// ======================= the current catalogue's tables =======================
// The tables above that the scorers read, and the catalogue's own, for the catalogue of the
// decision being made: module constants with room for MAX_CARDS cards, into which useCatalogue
// copies a catalogue's tables when it is not the last one's (a simulation meets one). In the
// workers' bundle (made `const` again: src/sim/const-bindings.ts) V8's optimized code reads such
// an array at a fixed address with its length as a number, where reading it through the view's
// CardInfo or catalogue loaded and checked the view, that object and the array first (view.ts).
// INFO_X is cardInfo(cat).x, CAT_X is cat.x.
const perCard = () => new Float64Array(MAX_CARDS);
const perAbility = () => new Float64Array(MAX_CARDS * NUM_TRIGGERS);
export const INFO_WORTH = perCard(), INFO_ENTER_W = perCard(), INFO_HAND_W = perCard(), INFO_TRAP_W = perCard();
export const INFO_OBJ_W = perCard(), INFO_TP_SELF = perCard(), INFO_TP_ADJ = perCard(), INFO_TP_BASE = perCard();
export const INFO_PLACE_W = new Float64Array(2 * MAX_CARDS);
export const INFO_OWN_PUMP = perAbility(), INFO_DEBUFF = perAbility(), INFO_DEF_PUMP = perAbility(), INFO_DRAW = perAbility();
export const INFO_GAIN = perAbility(), INFO_REMOVE_ATK = perAbility(), INFO_CA = perAbility();
export const INFO_CHAR_STAT = new Int32Array(MAX_CARDS * ST_W), INFO_OBJ_STAT = new Int32Array(MAX_CARDS * ST_W);
export const CAT_TYPE = new Int8Array(MAX_CARDS), CAT_GRADE = new Int8Array(MAX_CARDS), CAT_COST = new Int16Array(MAX_CARDS);
export const CAT_POWER = new Int16Array(MAX_CARDS), CAT_SUPPORT = new Int16Array(MAX_CARDS), CAT_KW_FLAGS = new Int8Array(MAX_CARDS);
export const CAT_KW_FRONT = new Int16Array(MAX_CARDS), CAT_KW_BACK = new Int16Array(MAX_CARDS);
export const CAT_KW_ATTACK = new Int16Array(MAX_CARDS), CAT_KW_DEFENSE = new Int16Array(MAX_CARDS);
export const CAT_OBJ_FLAGS = new Int8Array(MAX_CARDS), CAT_OBJ_POWER = new Int16Array(MAX_CARDS), CAT_OBJ_SUPPORT = new Int16Array(MAX_CARDS);
export const CAT_OBJ_FRONT = new Int16Array(MAX_CARDS), CAT_OBJ_BACK = new Int16Array(MAX_CARDS);
export const CAT_OBJ_ATTACK = new Int16Array(MAX_CARDS), CAT_OBJ_DEFENSE = new Int16Array(MAX_CARDS);
export const CAT_OBJ_RESISTANT = new Int16Array(MAX_CARDS);
export const CAT_AB_COUNT = new Int16Array(MAX_CARDS * NUM_TRIGGERS), CAT_AB_TARGET = new Int8Array(MAX_CARDS * NUM_TRIGGERS);
export const CAT_AB_RESOURCE = new Int16Array(MAX_CARDS * NUM_TRIGGERS);
let currentCat: Catalogue | null = null;

/** Makes the tables above `cat`'s (buildView calls it before any scorer reads them). */
export function useCatalogue(cat: Catalogue): void {
  // Small enough for V8 to inline where it is called; the copy itself is a call.
  if (cat !== currentCat) copyCatalogue(cat);
}
function copyCatalogue(cat: Catalogue): void {
  const I = cardInfo(cat); // compile.ts holds a catalogue to MAX_CARDS cards
  INFO_WORTH.set(I.worth);
  INFO_ENTER_W.set(I.enterW);
  INFO_HAND_W.set(I.handW);
  INFO_TRAP_W.set(I.trapW);
  INFO_OBJ_W.set(I.objW);
  INFO_TP_SELF.set(I.tpSelf);
  INFO_TP_ADJ.set(I.tpAdj);
  INFO_TP_BASE.set(I.tpBase);
  INFO_PLACE_W.set(I.placeW);
  INFO_OWN_PUMP.set(I.ownPump);
  INFO_DEBUFF.set(I.debuff);
  INFO_DEF_PUMP.set(I.defPump);
  INFO_DRAW.set(I.draw);
  INFO_GAIN.set(I.gain);
  INFO_REMOVE_ATK.set(I.removeAtk);
  INFO_CA.set(I.ca);
  INFO_CHAR_STAT.set(I.charStat);
  INFO_OBJ_STAT.set(I.objStat);
  CAT_TYPE.set(cat.type);
  CAT_GRADE.set(cat.grade);
  CAT_COST.set(cat.cost);
  CAT_POWER.set(cat.power);
  CAT_SUPPORT.set(cat.support);
  CAT_KW_FLAGS.set(cat.kwFlags);
  CAT_KW_FRONT.set(cat.kwFront);
  CAT_KW_BACK.set(cat.kwBack);
  CAT_KW_ATTACK.set(cat.kwAttack);
  CAT_KW_DEFENSE.set(cat.kwDefense);
  CAT_OBJ_FLAGS.set(cat.objFlags);
  CAT_OBJ_POWER.set(cat.objPower);
  CAT_OBJ_SUPPORT.set(cat.objSupport);
  CAT_OBJ_FRONT.set(cat.objFront);
  CAT_OBJ_BACK.set(cat.objBack);
  CAT_OBJ_ATTACK.set(cat.objAttack);
  CAT_OBJ_DEFENSE.set(cat.objDefense);
  CAT_OBJ_RESISTANT.set(cat.objResistant);
  CAT_AB_COUNT.set(cat.abCount);
  CAT_AB_TARGET.set(cat.abTarget);
  CAT_AB_RESOURCE.set(cat.abResource);
  currentCat = cat;
}
