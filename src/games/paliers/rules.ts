// The Paliers rules engine: R1–R39 and D1–D43 of ../shared/spec/paliers-rules.md over the
// flat state of state.ts. `step` applies one decision, then `settle` runs everything forced
// (deaths, the rest of a play, turn stages) up to the next real choice; a decision with a
// single legal action is played by the engine itself (§12's rule for empty windows).
// Nothing here allocates: scratch lives in the state and the context.
import { nextInt, shuffleFromWords } from '../../core/rng.ts';
import { seedChanceStreams } from '../../core/seeds.ts';
import {
  A_ASSIGN, A_ASSIGN_REST, A_BLOCK, A_DECLARE, A_DESTROY, A_DISCARD, A_FREEZE, A_ORDER, A_PASS, A_PLAY, A_RETURN, A_SACRIFICE,
  A_SET_ASIDE, A_TARGET, A_USE,
} from './actions.ts';
import {
  AURA_ALL, C_BLUE, C_GREEN, C_RED, C_VIOLET, C_YELLOW, MAX_ABILITIES, MAX_EFFECTS, T_CHARACTER, T_LEVELUP, T_PLACE, T_SPELL,
  TG_ANY_CHAR, TG_ANY_PLACE, TG_GRAVE_CHAR, TG_NONE, TG_OPP_CHAR, TG_OPP_PLACE, TG_OWN_CHAR, TG_SELF, V_ATQ, V_CARD_LIMIT,
  V_COPY_PLACE, V_DAMAGE, V_DAMAGE_PLAYER, V_DESTROY, V_DISABLE_PLACE, V_DRAW, V_FREEZE, V_GAIN_LEVEL, V_HEAL_CHAR, V_HEAL_PLAYER,
  V_NONE, V_PV, V_RESURRECT, V_SACRIFICE, V_SUSPEND_PLACE, W_ACTIVATED, W_DIES, W_ENTER, W_EOT, W_PLAY, W_STATIC,
} from './catalogue/compile.ts';
import type { Catalogue } from './catalogue/compile.ts';
import {
  END_BOTH, END_EMPTY_DECK, END_NONE, END_PV, END_TURN_CAP, INST, K, MAX_EOT, MAX_PAIRS, NUM_INST, O_ACTIVE, O_ATK, O_ATK_TURN, O_AURA_ATQ,
  O_AURA_PV, O_BLK_CUR, O_BLK_N, O_BLOCKED, O_COL, O_COMBAT, O_COPY, O_CUR, O_DECK, O_DECK_N, O_DMG, O_DYING, O_END, O_ENDTURN,
  O_ENTROPY, O_EOT, O_EOT_N, O_FIRST, O_FOUGHT, O_FREEZE_TURN, O_FROZEN, O_G6_USED, O_GRAVE, O_GRAVE_N, O_HAND, O_HAND_N,
  O_IN_COMBAT, O_LAST_DECL, O_LEVEL, O_LIMIT_BONUS, O_MULL_DONE, O_MULL_LAST, O_NO_COMBAT, O_NPAIRS, O_ORDER_P, O_OVL, O_OWN_GAINS,
  O_PAIRS, O_PASSES, O_PATQ, O_PEND_ABIL, O_PEND_FROM_HAND, O_PEND_PLAYER, O_PEND_SRC, O_PHASE, O_PLACE_OFF, O_PLAYED, O_PLAYINST,
  O_PLAYK, O_PLAYSTEP, O_PPV, O_PRIO, O_PV, O_RET_PLAYER, O_SET_ASIDE, O_SET_ASIDE_N, O_SHIELD_USED, O_SPAN_GAIN, O_SPLIT_DEALER,
  O_SPLIT_DONE, O_SPLIT_LEFT, O_STAGE, O_TATQ, O_TPV, O_TURN, O_USED_TURN, O_V2_TURN, O_V5_TURN, O_WINNER, O_WMAIN, O_Y2_DONE,
  O_ZONE, OV_DEATH_ORDER, OV_DESTROY, OV_NONE, OV_RETURN, OV_TARGET, PalEngineLimitError, PalState, PH_ATTACK, PH_BLOCK, PH_DISCARD, PH_MULLIGAN, PH_NONE, PH_ORDER,
  PH_OVER, PH_SPLIT, PH_WINDOW, PS_CAP, PS_ENTER, PS_NONE, R_DEALT, R_DIED, R_DISCARDED, R_DRAWN, R_FIRST_SEEN, R_KEPT, R_KILLS,
  R_OH, R_PLAYED, R_PV_DEALT, REC_FIELDS, REC_LEAD_CHANGES, REC_LEADER, REC_SOURCES, RNG_GAME, RNG_SEAT, S_CLOCK, S_EFFECT, S_EXCESS, S_RED4,
  S_RED6, S_UNBLOCKED, SOURCES, ST_ATTACKED, ST_BLOCK, ST_COMBAT, ST_COMBAT_END, ST_DAMAGE, ST_DAMAGE2, ST_DISCARD, ST_DRAW,
  ST_END_A, ST_END_B, ST_HEAL, ST_MAIN1, ST_MAIN2, ST_SPLIT, ST_SURVIVE, ST_TURN_START, ST_W1, ST_W2, ST_W6, ST_W7, ST_W_ATK,
  ST_W_BLK, ST_W_DMG, STATE_WORDS, WIN_DRAW, Z_CHAR, Z_DECK, Z_GRAVE, Z_HAND, Z_LIMBO, Z_PLACE,
} from './state.ts';

const ownerOf = (g: number): number => (g >= INST ? 1 : 0);
export const colCount = (w: Int32Array, p: number, c: number): number => w[O_COL + p * 5 + c]!;

// ---------------- balance counters (recorded only on states that record) ----------------

function count(st: PalState, g: number, field: number, n = 1): void {
  if (st.rec !== null && g >= 0) st.rec[g * REC_FIELDS + field]! += n;
}
function seen(st: PalState, g: number): void {
  if (st.rec !== null && st.rec[g * REC_FIELDS + R_FIRST_SEEN] === 0) st.rec[g * REC_FIELDS + R_FIRST_SEEN] = st.w[O_TURN]! + 1;
}
function recordLead(st: PalState): void {
  const rec = st.rec;
  if (rec === null) return;
  const a = st.w[O_PV]!, b = st.w[O_PV + 1]!;
  const leader = a > b ? 1 : b > a ? 2 : 0;
  if (leader !== 0 && rec[REC_LEADER] !== 0 && leader !== rec[REC_LEADER]) rec[REC_LEAD_CHANGES]!++;
  if (leader !== 0) rec[REC_LEADER] = leader;
}

// ---------------- derived numbers ----------------

/** A character's current ATQ: printed + permanent + until end of turn + auras (never below 0). */
export function atqOf(st: PalState, g: number): number {
  const w = st.w, cat = st.ctx.cat;
  const id = st.ctx.cardOf[g]!, p = ownerOf(g);
  let a = cat.atq[id]! + w[O_PATQ + g]! + w[O_TATQ + g]! + w[O_AURA_ATQ + p * 6 + AURA_ALL]!;
  const m = cat.colours[id]!;
  for (let c = 0; c < 5; c++) if (m & (1 << c)) a += w[O_AURA_ATQ + p * 6 + c]!;
  return a < 0 ? 0 : a;
}
/** Its PV without damage: printed + bonuses + auras + Green (2) for a Green character (R37). */
export function maxPvOf(st: PalState, g: number): number {
  const w = st.w, cat = st.ctx.cat;
  const id = st.ctx.cardOf[g]!, p = ownerOf(g);
  let v = cat.pv[id]! + w[O_PPV + g]! + w[O_TPV + g]! + w[O_AURA_PV + p * 6 + AURA_ALL]!;
  const m = cat.colours[id]!;
  for (let c = 0; c < 5; c++) if (m & (1 << c)) v += w[O_AURA_PV + p * 6 + c]!;
  if (m & (1 << C_GREEN) && colCount(w, p, C_GREEN) >= 2) v += 1;
  return v;
}
export const curPvOf = (st: PalState, g: number): number => maxPvOf(st, g) - st.w[O_DMG + g]!;

/** R19, R39 (4): the level the cap and the card limit read. */
function effLevel(w: Int32Array, p: number): number {
  return w[O_LEVEL + p]! + (colCount(w, p, C_YELLOW) >= 4 ? 1 : 0);
}
/** R23: the cap on the total level of p's characters. */
export function capOf(st: PalState, p: number): number {
  return st.ctx.options.capPerLevel * effLevel(st.w, p);
}
/** R26: cards p may play in the current span (D19), Places' bonuses included. */
export function cardLimitOf(st: PalState, p: number): number {
  return effLevel(st.w, p) + st.ctx.options.cardsPerTurnBonus + st.w[O_LIMIT_BONUS + p]!;
}
/** R27, D20: Place slots by level alone. */
export function placeSlotsOf(st: PalState, p: number): number {
  const o = st.ctx.options, lv = st.w[O_LEVEL + p]!;
  return 1 + (lv >= o.placeSlot2Level ? 1 : 0) + (lv >= o.placeSlot3Level ? 1 : 0);
}
export function totalLevel(st: PalState, p: number): number {
  const w = st.w;
  let t = 0;
  for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_ZONE + g] === Z_CHAR) t += st.ctx.cat.level[st.ctx.cardOf[g]!]!;
  return t;
}
function placesInPlay(w: Int32Array, p: number): number {
  let n = 0;
  for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_ZONE + g] === Z_PLACE) n++;
  return n;
}

/** Static bonuses of p's characters and active Places (R27's disable/suspend, copies included), recomputed on every change. */
function recomputeAuras(st: PalState, p: number): void {
  const w = st.w, cat = st.ctx.cat;
  w.fill(0, O_AURA_ATQ + p * 6, O_AURA_ATQ + p * 6 + 6);
  w.fill(0, O_AURA_PV + p * 6, O_AURA_PV + p * 6 + 6);
  w[O_LIMIT_BONUS + p] = 0;
  const add = (id: number) => {
    if (cat.hasStatic[id] === 0) return;
    for (let c = 0; c < 6; c++) {
      w[O_AURA_ATQ + p * 6 + c]! += cat.atqAura[id * 6 + c]!;
      w[O_AURA_PV + p * 6 + c]! += cat.pvAura[id * 6 + c]!;
    }
    w[O_LIMIT_BONUS + p]! += cat.limitBonus[id]!;
  };
  for (let g = p * INST; g < (p + 1) * INST; g++) {
    const z = w[O_ZONE + g]!;
    if (z === Z_CHAR) add(st.ctx.cardOf[g]!);
    else if (z === Z_PLACE && w[O_PLACE_OFF + g] === 0) {
      add(st.ctx.cardOf[g]!);
      if (w[O_COPY + g]! >= 0) add(w[O_COPY + g]!);
    }
  }
}

// ---------------- zones ----------------

function handAdd(st: PalState, p: number, g: number): void {
  const w = st.w;
  w[O_HAND + p * INST + w[O_HAND_N + p]!] = g;
  w[O_HAND_N + p]!++;
  w[O_ZONE + g] = Z_HAND;
  seen(st, g);
}
export function handTake(w: Int32Array, p: number, h: number): number {
  const base = O_HAND + p * INST;
  const n = w[O_HAND_N + p]!;
  const g = w[base + h]!;
  for (let i = h; i < n - 1; i++) w[base + i] = w[base + i + 1]!;
  w[base + n - 1] = -1;
  w[O_HAND_N + p] = n - 1;
  return g;
}
export function graveAdd(w: Int32Array, g: number): void {
  const p = ownerOf(g);
  w[O_GRAVE + p * INST + w[O_GRAVE_N + p]!] = g;
  w[O_GRAVE_N + p]!++;
  w[O_ZONE + g] = Z_GRAVE;
}
function graveTake(w: Int32Array, g: number): void {
  const p = ownerOf(g);
  const base = O_GRAVE + p * INST;
  const n = w[O_GRAVE_N + p]!;
  let i = 0;
  while (i < n && w[base + i] !== g) i++;
  for (; i < n - 1; i++) w[base + i] = w[base + i + 1]!;
  w[base + n - 1] = -1;
  w[O_GRAVE_N + p] = n - 1;
}
/** R11, D14: draw one card; an empty deck gives nothing (or loses, knob emptyDeckLoses). */
function drawCard(st: PalState, p: number): void {
  const w = st.w;
  const n = w[O_DECK_N + p]!;
  if (n === 0) {
    if (st.ctx.options.emptyDeckLoses) finish(w, 1 - p, END_EMPTY_DECK);
    return;
  }
  const g = w[O_DECK + p * INST + n - 1]!;
  w[O_DECK + p * INST + n - 1] = -1;
  w[O_DECK_N + p] = n - 1;
  handAdd(st, p, g);
  count(st, g, R_DRAWN);
}

/** A character enters play (any means): fresh, subject to entropy (D12); its colours count at once (D29). */
export function enterChar(st: PalState, g: number): void {
  const w = st.w;
  w[O_ZONE + g] = Z_CHAR;
  w[O_DMG + g] = 0;
  w[O_PATQ + g] = 0;
  w[O_PPV + g] = 0;
  w[O_TATQ + g] = 0;
  w[O_TPV + g] = 0;
  w[O_ENTROPY + g] = 1;
  w[O_FROZEN + g] = 0;
  w[O_ATK_TURN + g] = -100;
  w[O_NO_COMBAT + g] = -100;
  w[O_USED_TURN + g] = -100;
  w[O_ATK + g] = 0;
  w[O_BLOCKED + g] = 0;
  w[O_IN_COMBAT + g] = 0;
  w[O_FOUGHT + g] = 0;
  w[O_DYING + g] = 0;
  w[O_SPLIT_DONE + g] = 0;
  const p = ownerOf(g);
  const m = st.ctx.cat.colours[st.ctx.cardOf[g]!]!;
  for (let c = 0; c < 5; c++) if (m & (1 << c)) w[O_COL + p * 5 + c]!++;
  recomputeAuras(st, p);
  seen(st, g);
}
export function enterPlace(st: PalState, g: number): void {
  const w = st.w;
  w[O_ZONE + g] = Z_PLACE;
  w[O_PLACE_OFF + g] = 0;
  w[O_COPY + g] = -1;
  w[O_USED_TURN + g] = -100;
  recomputeAuras(st, ownerOf(g));
  seen(st, g);
}
function leaveToGrave(st: PalState, g: number): void {
  const w = st.w;
  const p = ownerOf(g);
  if (w[O_ZONE + g] === Z_CHAR) {
    const m = st.ctx.cat.colours[st.ctx.cardOf[g]!]!;
    for (let c = 0; c < 5; c++) if (m & (1 << c)) w[O_COL + p * 5 + c]!--;
  }
  w[O_IN_COMBAT + g] = 0;
  w[O_DYING + g] = 0;
  graveAdd(w, g);
  recomputeAuras(st, p);
}

// ---------------- PV, levels, the end (D1) ----------------

function finish(w: Int32Array, winner: number, end: number): void {
  w[O_PHASE] = PH_OVER;
  w[O_OVL] = OV_NONE;
  w[O_WINNER] = winner;
  w[O_END] = end;
  w[O_CUR] = -1;
}
/** D1: checked whenever PV change; both at 0 at once is a draw. */
function checkWin(w: Int32Array): boolean {
  const a = w[O_PV]! <= 0, b = w[O_PV + 1]! <= 0;
  if (a && b) finish(w, WIN_DRAW, END_BOTH);
  else if (a) finish(w, 1, END_PV);
  else if (b) finish(w, 0, END_PV);
  return a || b;
}
/** Damage or PV loss to player p; Blue (2)'s shield absorbs the first points in a combat phase (D31). Returns the PV lost. */
function damagePlayer(st: PalState, p: number, n: number, src: number, source: number): number {
  const w = st.w;
  if (w[O_COMBAT] === 1 && colCount(w, p, C_BLUE) >= 2) {
    const room = st.ctx.options.blueShield - w[O_SHIELD_USED + p]!;
    const absorb = room <= 0 ? 0 : n < room ? n : room;
    w[O_SHIELD_USED + p]! += absorb;
    n -= absorb;
  }
  if (n <= 0) return 0;
  w[O_PV + p]! -= n;
  if (st.rec !== null) {
    if (src >= 0) st.rec[src * REC_FIELDS + R_PV_DEALT]! += n;
    st.rec[REC_SOURCES + (1 - p) * SOURCES + source]! += n;
  }
  recordLead(st);
  checkWin(w);
  return n;
}

/**
 * R20–R22, D11, D17, D42: p gains n levels, one at a time; a level above the maximum is not
 * gained. Yellow (3) draws on each; the R22 gain in one's own turn flags the turn's end.
 */
export function gainLevel(st: PalState, p: number, n: number, auto: boolean): void {
  const w = st.w, o = st.ctx.options;
  for (let i = 0; i < n; i++) {
    if (w[O_LEVEL + p]! >= o.maxLevel || w[O_PHASE] === PH_OVER) return;
    w[O_LEVEL + p]!++;
    if (!auto || o.autoLevelBlocksNext) w[O_SPAN_GAIN + p] = 1;
    if (p === w[O_ACTIVE] && (!auto || o.autoLevelCountsForSecondGain)) {
      w[O_OWN_GAINS + p]!++;
      if (w[O_OWN_GAINS + p]! >= o.turnEndingGain && w[O_STAGE]! < ST_DISCARD) w[O_ENDTURN] = 1;
    }
    if (colCount(w, p, C_YELLOW) >= 3) drawCard(st, p);
  }
}
/** R39 (2), D34: the first time p counts 2 Yellow, one level, once per game. */
function checkYellow2(st: PalState, p: number): void {
  const w = st.w;
  if (w[O_Y2_DONE + p] === 0 && colCount(w, p, C_YELLOW) >= 2) {
    w[O_Y2_DONE + p] = 1;
    gainLevel(st, p, 1, false);
  }
}

// ---------------- effects: one executor per verb ----------------

function resolveEffect(st: PalState, p: number, src: number, ei: number, t: number): void {
  const w = st.w, cat = st.ctx.cat;
  const amt = cat.eAmount[ei]!;
  switch (cat.eVerb[ei]) {
    case V_GAIN_LEVEL:
      gainLevel(st, p, amt, false);
      return;
    case V_DRAW:
      for (let i = 0; i < amt && w[O_PHASE] !== PH_OVER; i++) drawCard(st, p);
      return;
    case V_DAMAGE:
      if (w[O_ZONE + t] === Z_CHAR) {
        const before = curPvOf(st, t);
        w[O_DMG + t]! += amt;
        if (before > 0 && before <= amt) count(st, src, R_KILLS);
      }
      return;
    case V_DAMAGE_PLAYER:
      damagePlayer(st, 1 - p, amt, src, S_EFFECT);
      return;
    case V_HEAL_PLAYER:
      w[O_PV + p]! += amt;
      recordLead(st);
      return;
    case V_HEAL_CHAR:
      if (w[O_ZONE + t] === Z_CHAR) w[O_DMG + t] = Math.max(0, w[O_DMG + t]! - amt);
      return;
    case V_ATQ:
      if (w[O_ZONE + t] === Z_CHAR) w[(cat.ePermanent[ei] ? O_PATQ : O_TATQ) + t]! += amt;
      return;
    case V_PV:
      if (w[O_ZONE + t] === Z_CHAR) w[(cat.ePermanent[ei] ? O_PPV : O_TPV) + t]! += amt;
      return;
    case V_FREEZE:
      if (w[O_ZONE + t] === Z_CHAR) w[O_FROZEN + t] = p + 1;
      return;
    case V_DESTROY:
    case V_SACRIFICE:
      if (w[O_ZONE + t] === Z_CHAR && w[O_DYING + t] === 0) {
        w[O_DYING + t] = 1;
        if (ownerOf(t) !== p) count(st, src, R_KILLS);
      }
      return;
    case V_RESURRECT:
      if (w[O_ZONE + t] === Z_GRAVE) {
        graveTake(w, t);
        enterChar(st, t);
        checkYellow2(st, ownerOf(t));
      }
      return;
    case V_DISABLE_PLACE:
      if (w[O_ZONE + t] === Z_PLACE) {
        w[O_PLACE_OFF + t] = 2;
        recomputeAuras(st, ownerOf(t));
      }
      return;
    case V_SUSPEND_PLACE:
      if (w[O_ZONE + t] === Z_PLACE && w[O_PLACE_OFF + t] === 0) {
        w[O_PLACE_OFF + t] = 1;
        recomputeAuras(st, ownerOf(t));
      }
      return;
    case V_COPY_PLACE:
      if (w[O_ZONE + t] === Z_PLACE && w[O_ZONE + src] === Z_PLACE) {
        w[O_COPY + src] = st.ctx.cardOf[t]!;
        recomputeAuras(st, ownerOf(src));
      }
      return;
    default:
      return; // V_NONE and the static verbs act through recomputeAuras
  }
}
function resolveAbility(st: PalState, p: number, src: number, id: number, k: number, t: number): void {
  const base = (id * MAX_ABILITIES + k) * MAX_EFFECTS;
  for (let e = 0; e < MAX_EFFECTS; e++) {
    if (st.ctx.cat.eVerb[base + e] === V_NONE || st.w[O_PHASE] === PH_OVER) return;
    resolveEffect(st, p, src, base + e, t);
  }
}

// ---------------- targets ----------------

function targetOk(st: PalState, p: number, tg: number, g: number, src: number): boolean {
  const w = st.w;
  const z = w[O_ZONE + g]!;
  switch (tg) {
    case TG_SELF:
      return g === src && z === Z_CHAR;
    case TG_OWN_CHAR:
      return z === Z_CHAR && ownerOf(g) === p;
    case TG_OPP_CHAR:
      return z === Z_CHAR && ownerOf(g) !== p;
    case TG_ANY_CHAR:
      return z === Z_CHAR;
    case TG_ANY_PLACE:
      return z === Z_PLACE && g !== src;
    case TG_OPP_PLACE:
      return z === Z_PLACE && ownerOf(g) !== p;
    case TG_GRAVE_CHAR:
      return z === Z_GRAVE && ownerOf(g) === p && st.ctx.cat.kind[st.ctx.cardOf[g]!] === T_CHARACTER;
    default:
      return false;
  }
}
function hasTarget(st: PalState, p: number, tg: number, src: number): boolean {
  if (tg === TG_NONE) return true;
  for (let g = 0; g < NUM_INST; g++) if (st.ctx.cardOf[g]! >= 0 && targetOk(st, p, tg, g, src)) return true;
  return false;
}
/** Starts ability k of card id from source src: untargeted or 'self' resolve now, others ask for a target. Returns false when waiting. */
function startAbility(st: PalState, p: number, src: number, id: number, k: number, partOfPlay: boolean): boolean {
  const w = st.w;
  const tg = st.ctx.cat.aTarget[id * MAX_ABILITIES + k]!;
  if (tg === TG_NONE || tg === TG_SELF) {
    resolveAbility(st, p, src, id, k, src);
    return true;
  }
  if (!hasTarget(st, p, tg, src)) return true; // nothing to aim at: the ability does nothing
  w[O_OVL] = OV_TARGET;
  w[O_PEND_SRC] = src;
  w[O_PEND_ABIL] = k;
  w[O_PEND_PLAYER] = p;
  w[O_PEND_FROM_HAND] = partOfPlay ? 1 : 0;
  return false;
}

// ---------------- deaths (R31, D18, D33, D39, Violet) ----------------

/** Marks every character at 0 PV or less (R31); true when some death waits. */
function markDeaths(st: PalState): boolean {
  const w = st.w;
  let any = false;
  for (let g = 0; g < NUM_INST; g++) {
    // A dead character whose trigger waits for its owner's order (D35) is in the graveyard with mark 3.
    if (w[O_DYING + g] !== 0) any = true;
    if (w[O_ZONE + g] !== Z_CHAR) continue;
    if (w[O_DYING + g] === 0 && curPvOf(st, g) <= 0) {
      w[O_DYING + g] = 1;
      any = true;
    }
  }
  return any;
}

/** A batch of simultaneous deaths; false when Violet (5) asks its controller which one returns. */
function processDeaths(st: PalState): boolean {
  const w = st.w, cat = st.ctx.cat;
  const a = w[O_ACTIVE]!, turn = w[O_TURN]!;
  for (let k = 0; k < 2; k++) {
    const p = k === 0 ? a : 1 - a;
    let n = 0, last = -1;
    for (let g = p * INST; g < (p + 1) * INST; g++) {
      if (w[O_ZONE + g] === Z_CHAR && w[O_DYING + g] === 1) {
        n++;
        last = g;
      }
    }
    if (n === 0 || !st.ctx.options.violet5 || colCount(w, p, C_VIOLET) < 5 || w[O_V5_TURN + p] === turn) continue;
    if (n > 1) {
      w[O_OVL] = OV_RETURN;
      w[O_RET_PLAYER] = p;
      return false;
    }
    w[O_DYING + last] = 2;
    w[O_V5_TURN + p] = turn;
  }
  for (let k = 0; k < 2; k++) {
    const p = k === 0 ? a : 1 - a;
    const violet = colCount(w, p, C_VIOLET); // D39: read before anyone leaves
    let deaths = 0;
    for (let g = p * INST; g < (p + 1) * INST; g++) {
      if (w[O_ZONE + g] !== Z_CHAR) continue;
      const d = w[O_DYING + g]!;
      if (d === 1) {
        leaveToGrave(st, g);
        w[O_DYING + g] = 3; // died, its own trigger still due
        count(st, g, R_DIED);
        deaths++;
      } else if (d === 2) {
        // Violet (5): back with 1 PV, out of every combat this turn (D33).
        w[O_DMG + g] = maxPvOf(st, g) - 1;
        w[O_IN_COMBAT + g] = 0;
        w[O_NO_COMBAT + g] = turn;
        w[O_DYING + g] = 3;
        count(st, g, R_DIED);
        deaths++;
      }
    }
    if (deaths > 0 && violet >= 2 && w[O_V2_TURN + p] !== turn) {
      w[O_V2_TURN + p] = turn;
      drawCard(st, p);
    }
    // D35: the owner orders their simultaneous death triggers; one alone resolves at once.
    let pending = 0, only = -1;
    for (let g = p * INST; g < (p + 1) * INST; g++) {
      if (w[O_DYING + g] !== 3) continue;
      if (hasDeathTrigger(cat, st.ctx.cardOf[g]!)) {
        pending++;
        only = g;
      } else w[O_DYING + g] = 0;
    }
    if (pending > 1 && w[O_PHASE] !== PH_OVER) {
      w[O_OVL] = OV_DEATH_ORDER;
      w[O_RET_PLAYER] = p;
      return false;
    }
    if (pending === 1) resolveDeathTrigger(st, only);
  }
  return true;
}

function hasDeathTrigger(cat: Catalogue, id: number): boolean {
  for (let ab = 0; ab < cat.numAbilities[id]!; ab++) if (cat.aWhen[id * MAX_ABILITIES + ab] === W_DIES) return true;
  return false;
}

/** A dead character's own death abilities, in the order of its text. */
function resolveDeathTrigger(st: PalState, g: number): void {
  const w = st.w, cat = st.ctx.cat;
  w[O_DYING + g] = 0;
  const id = st.ctx.cardOf[g]!;
  for (let ab = 0; ab < cat.numAbilities[id]!; ab++) {
    if (cat.aWhen[id * MAX_ABILITIES + ab] === W_DIES && w[O_PHASE] !== PH_OVER) resolveAbility(st, ownerOf(g), g, id, ab, g);
  }
}

// ---------------- playing cards ----------------

/** D38: a Blue spell played while Blue (5) holds does not count toward the card limit. */
function freeSpell(st: PalState, p: number, id: number): boolean {
  const cat = st.ctx.cat;
  return cat.kind[id] === T_SPELL && (cat.colours[id]! & (1 << C_BLUE)) !== 0 && colCount(st.w, p, C_BLUE) >= 5;
}
/** Can p play hand card h now (D16, R26, R33, D18, D20)? `main`: p is active in phase 3 or 5. */
function canPlay(st: PalState, p: number, h: number, main: boolean): boolean {
  const w = st.w, cat = st.ctx.cat;
  const g = w[O_HAND + p * INST + h]!;
  const id = st.ctx.cardOf[g]!;
  const kind = cat.kind[id]!;
  const limitOk = w[O_PLAYED + p]! < cardLimitOf(st, p) || freeSpell(st, p, id);
  if (!limitOk) return false;
  if (kind === T_CHARACTER) return main && cat.level[id]! <= capOf(st, p);
  if (kind === T_PLACE) return main && placesInPlay(w, p) < placeSlotsOf(st, p);
  if (kind === T_LEVELUP) return main;
  if (cat.mainOnly[id] === 1 && !main) return false;
  for (let k = 0; k < cat.numAbilities[id]!; k++) if (!hasTarget(st, p, cat.aTarget[id * MAX_ABILITIES + k]!, g)) return false;
  return true;
}
function playCard(st: PalState, p: number, h: number): void {
  const w = st.w, cat = st.ctx.cat;
  const g = handTake(w, p, h);
  const id = st.ctx.cardOf[g]!;
  if (!freeSpell(st, p, id)) w[O_PLAYED + p]!++;
  count(st, g, R_PLAYED);
  const kind = cat.kind[id]!;
  w[O_PLAYINST] = g;
  w[O_PLAYK] = 0;
  if (kind === T_CHARACTER) {
    enterChar(st, g);
    checkYellow2(st, p); // D36: thresholds and Yellow (2) before the cap
    w[O_PLAYSTEP] = PS_CAP;
  } else if (kind === T_PLACE) {
    enterPlace(st, g);
    w[O_PLAYSTEP] = PS_ENTER;
  } else {
    w[O_ZONE + g] = Z_LIMBO;
    if (kind === T_LEVELUP) gainLevel(st, p, cat.levels[id]!, false);
    w[O_PLAYSTEP] = PS_ENTER;
  }
}
/** The rest of a play (D36): the cap (R24), then the card's entering or resolving abilities. False when a choice waits. */
function continuePlay(st: PalState): boolean {
  const w = st.w, cat = st.ctx.cat;
  const g = w[O_PLAYINST]!, p = ownerOf(g), id = st.ctx.cardOf[g]!;
  if (w[O_PLAYSTEP] === PS_CAP) {
    if (w[O_ZONE + g] === Z_CHAR && totalLevel(st, p) > capOf(st, p)) {
      for (let x = p * INST; x < (p + 1) * INST; x++) {
        if (x !== g && w[O_ZONE + x] === Z_CHAR) {
          w[O_OVL] = OV_DESTROY;
          return false;
        }
      }
    }
    w[O_PLAYSTEP] = PS_ENTER;
    return true;
  }
  const kind = cat.kind[id]!;
  const when = kind === T_SPELL || kind === T_LEVELUP ? W_PLAY : W_ENTER;
  while (w[O_PLAYK]! < cat.numAbilities[id]!) {
    const k = w[O_PLAYK]!;
    w[O_PLAYK] = k + 1;
    if (cat.aWhen[id * MAX_ABILITIES + k] !== when) continue;
    if (w[O_PHASE] === PH_OVER) return true;
    if (!startAbility(st, p, g, id, k, true)) return false;
  }
  if (w[O_ZONE + g] === Z_LIMBO) graveAdd(w, g);
  w[O_PLAYSTEP] = PS_NONE;
  w[O_PLAYINST] = -1;
  return true;
}

function canUse(st: PalState, p: number, g: number, k: number): boolean {
  const w = st.w, cat = st.ctx.cat;
  const z = w[O_ZONE + g]!;
  if (z !== Z_CHAR && !(z === Z_PLACE && w[O_PLACE_OFF + g] === 0)) return false;
  if (w[O_USED_TURN + g] === w[O_TURN] || w[O_DYING + g] !== 0) return false;
  const id = st.ctx.cardOf[g]!;
  if (k >= cat.numAbilities[id]! || cat.aWhen[id * MAX_ABILITIES + k] !== W_ACTIVATED) return false;
  return hasTarget(st, p, cat.aTarget[id * MAX_ABILITIES + k]!, g);
}
function canSacrifice(st: PalState, p: number, g: number): boolean {
  return st.w[O_ZONE + g] === Z_CHAR && st.w[O_DYING + g] === 0 && colCount(st.w, p, C_VIOLET) >= 3;
}
function canFreeze(st: PalState, p: number, g: number): boolean {
  const w = st.w;
  return w[O_ZONE + g] === Z_CHAR && w[O_FROZEN + g] === 0 && colCount(w, p, C_BLUE) >= 3 && w[O_FREEZE_TURN + p] !== w[O_TURN];
}

// ---------------- combat (§7) ----------------

function canAttack(st: PalState, g: number): boolean {
  const w = st.w;
  return w[O_ZONE + g] === Z_CHAR && w[O_ENTROPY + g] === 0 && w[O_FROZEN + g] === 0 && w[O_NO_COMBAT + g] !== w[O_TURN];
}
/** R30, D22: not frozen, did not attack in its controller's last turn (the turn before this one). */
export function canBlock(st: PalState, g: number): boolean {
  const w = st.w;
  return w[O_ZONE + g] === Z_CHAR && w[O_FROZEN + g] === 0 && w[O_ATK_TURN + g] !== w[O_TURN]! - 1 && w[O_NO_COMBAT + g] !== w[O_TURN];
}
function nextBlocker(st: PalState, from: number): number {
  const d = 1 - st.w[O_ACTIVE]!;
  for (let g = Math.max(from + 1, d * INST); g < (d + 1) * INST; g++) if (canBlock(st, g)) return g;
  return -1;
}
/** R29, D28, R37 (6): how many attackers this blocker may block. */
function blockCapacity(st: PalState, g: number): number {
  const w = st.w, cat = st.ctx.cat;
  const id = st.ctx.cardOf[g]!;
  const used = w[O_G6_USED]!;
  const extra = used === g + 1 || (used === 0 && colCount(w, ownerOf(g), C_GREEN) >= 6 && (cat.colours[id]! & (1 << C_GREEN)) !== 0);
  return cat.blockMax[id]! + (extra ? 1 : 0);
}
function pairLive(w: Int32Array, j: number): boolean {
  const b = w[O_PAIRS + j * 4]!, a = w[O_PAIRS + j * 4 + 1]!;
  return w[O_ZONE + b] === Z_CHAR && w[O_ZONE + a] === Z_CHAR && w[O_IN_COMBAT + b] === 1 && w[O_IN_COMBAT + a] === 1;
}
function pairIndex(w: Int32Array, b: number, a: number): number {
  for (let j = 0; j < w[O_NPAIRS]!; j++) if (w[O_PAIRS + j * 4] === b && w[O_PAIRS + j * 4 + 1] === a) return j;
  return -1;
}
function livePartners(w: Int32Array, g: number): number {
  let n = 0;
  for (let j = 0; j < w[O_NPAIRS]!; j++) if ((w[O_PAIRS + j * 4] === g || w[O_PAIRS + j * 4 + 1] === g) && pairLive(w, j)) n++;
  return n;
}
function canBeBlockedBy(st: PalState, a: number, b: number): boolean {
  const w = st.w;
  if (w[O_ATK + a] !== 1 || w[O_IN_COMBAT + a] !== 1 || w[O_ZONE + a] !== Z_CHAR) return false;
  if (pairIndex(w, b, a) >= 0) return false;
  return !(st.ctx.cat.singleBlocker[st.ctx.cardOf[a]!] === 1 && w[O_BLOCKED + a] === 1);
}

/** D23, D37, R35 (4), D28: one damage step for the dealers with (firstStrike === fs), or all dealers when fs < 0. */
function dealDamage(st: PalState, fs: number): void {
  const w = st.w, cat = st.ctx.cat;
  const a0 = w[O_ACTIVE]!, def = 1 - a0;
  const np = w[O_NPAIRS]!;
  const deals = (g: number) => fs < 0 || cat.firstStrike[st.ctx.cardOf[g]!] === fs;
  let red4 = 0;
  const red4On = colCount(w, a0, C_RED) >= 4;
  // Excess is read before any damage of this step: ATQ minus the blockers' current PV (D23).
  for (let a = a0 * INST; a < (a0 + 1) * INST; a++) {
    if (w[O_ATK + a] !== 1 || w[O_IN_COMBAT + a] !== 1 || w[O_ZONE + a] !== Z_CHAR || !deals(a)) continue;
    let sum = 0, nb = 0;
    for (let j = 0; j < np; j++) {
      if (w[O_PAIRS + j * 4 + 1] !== a || !pairLive(w, j)) continue;
      sum += curPvOf(st, w[O_PAIRS + j * 4]!);
      nb++;
    }
    const excess = atqOf(st, a) - sum;
    if (nb === 0 || excess <= 0) continue;
    if (red4On) red4++;
    if (cat.excessToPlayer[st.ctx.cardOf[a]!] === 1) w[O_SPLIT_DONE + a] |= excess << 1; // kept for the step below
  }
  for (let j = 0; j < np; j++) {
    if (!pairLive(w, j)) continue;
    const b = w[O_PAIRS + j * 4]!, a = w[O_PAIRS + j * 4 + 1]!;
    w[O_FOUGHT + a] = 1;
    w[O_FOUGHT + b] = 1;
    if (deals(a)) hit(st, a, b, (w[O_SPLIT_DONE + a]! & 1) === 1 ? w[O_PAIRS + j * 4 + 2]! : atqOf(st, a));
    if (deals(b)) hit(st, b, a, (w[O_SPLIT_DONE + b]! & 1) === 1 ? w[O_PAIRS + j * 4 + 3]! : atqOf(st, b));
  }
  if (red4 > 0) damagePlayer(st, def, red4, -1, S_RED4);
  for (let a = a0 * INST; a < (a0 + 1) * INST; a++) {
    const excess = w[O_SPLIT_DONE + a]! >> 1;
    if (excess === 0) continue;
    w[O_SPLIT_DONE + a]! &= 1;
    if (w[O_PHASE] !== PH_OVER) damagePlayer(st, def, excess, a, S_EXCESS);
  }
}
function hit(st: PalState, from: number, to: number, n: number): void {
  if (n <= 0) return;
  const before = curPvOf(st, to);
  st.w[O_DMG + to]! += n;
  if (before > 0 && before <= n) count(st, from, R_KILLS);
}

function clearCombat(w: Int32Array): void {
  for (let g = 0; g < NUM_INST; g++) {
    w[O_ATK + g] = 0;
    w[O_BLOCKED + g] = 0;
    w[O_IN_COMBAT + g] = 0;
    w[O_FOUGHT + g] = 0;
    w[O_SPLIT_DONE + g] = 0;
  }
  w.fill(-1, O_PAIRS, O_PAIRS + MAX_PAIRS * 4);
  w[O_NPAIRS] = 0;
  w[O_COMBAT] = 0;
  w[O_G6_USED] = 0;
  w[O_BLK_CUR] = -1;
  w[O_BLK_N] = 0;
  w[O_SPLIT_DEALER] = -1;
  w[O_SPLIT_LEFT] = 0;
}

/** R32, D24: the end-of-combat PV loss of the defender. */
function combatEnd(st: PalState): void {
  const w = st.w, o = st.ctx.options;
  const a0 = w[O_ACTIVE]!, def = 1 - a0;
  let live = 0, unblocked = 0;
  for (let g = a0 * INST; g < (a0 + 1) * INST; g++) {
    if (w[O_ATK + g] !== 1 || w[O_BLOCKED + g] === 1) continue;
    unblocked++;
    if (w[O_ZONE + g] === Z_CHAR && w[O_IN_COMBAT + g] === 1) live++;
  }
  const t = w[O_TURN]!;
  const term = Math.floor((o.turnNumberIsRound ? Math.ceil(t / 2) : t) / o.turnTermDivisor);
  const applies = o.turnTermNeedsLiveAttacker ? live > 0 : unblocked > 0;
  if (applies) {
    const lost = damagePlayer(st, def, live + term, -1, S_CLOCK);
    // The lost PV are told apart: one per live unblocked attacker first, the turn term after.
    if (st.rec !== null) {
      const fromAttackers = lost < live ? lost : live;
      st.rec[REC_SOURCES + a0 * SOURCES + S_CLOCK]! -= fromAttackers;
      st.rec[REC_SOURCES + a0 * SOURCES + S_UNBLOCKED]! += fromAttackers;
      let left = fromAttackers;
      for (let g = a0 * INST; g < (a0 + 1) * INST && left > 0; g++) {
        if (w[O_ATK + g] === 1 && w[O_BLOCKED + g] === 0 && w[O_ZONE + g] === Z_CHAR && w[O_IN_COMBAT + g] === 1) {
          st.rec[g * REC_FIELDS + R_PV_DEALT]!++;
          left--;
        }
      }
    }
  }
  clearCombat(w);
}

// ---------------- turn flow ----------------

function openWindow(w: Int32Array, main: boolean, next: number): void {
  w[O_STAGE] = next;
  w[O_PHASE] = PH_WINDOW;
  w[O_PRIO] = w[O_ACTIVE]!;
  w[O_PASSES] = 0;
  w[O_WMAIN] = main ? 1 : 0;
}
function collectEot(st: PalState, p: number): number {
  const w = st.w, cat = st.ctx.cat;
  const active = w[O_ACTIVE] === p;
  let n = 0;
  const scan = (g: number, id: number, off: number) => {
    for (let k = 0; k < cat.numAbilities[id]!; k++) {
      const ai = id * MAX_ABILITIES + k;
      if (cat.aWhen[ai] !== W_EOT || (cat.aYourTurn[ai] !== 0 && !active)) continue;
      if (n >= MAX_EOT) throw new PalEngineLimitError('MAX_EOT', `more than ${MAX_EOT} end-of-turn effects pending for player ${p} (turn ${w[O_TURN]})`);
      w[O_EOT + n++] = g * 6 + off + k;
    }
  };
  for (let g = p * INST; g < (p + 1) * INST; g++) {
    const z = w[O_ZONE + g]!;
    if (z === Z_CHAR) scan(g, st.ctx.cardOf[g]!, 0);
    else if (z === Z_PLACE && w[O_PLACE_OFF + g] === 0) {
      scan(g, st.ctx.cardOf[g]!, 0);
      if (w[O_COPY + g]! >= 0) scan(g, w[O_COPY + g]!, 3);
    }
  }
  w[O_EOT_N] = n;
  return n;
}
function resolveEot(st: PalState, j: number): void {
  const w = st.w;
  const e = w[O_EOT + j]!;
  const n = w[O_EOT_N]!;
  for (let i = j; i < n - 1; i++) w[O_EOT + i] = w[O_EOT + i + 1]!;
  w[O_EOT + n - 1] = 0;
  w[O_EOT_N] = n - 1;
  const g = (e / 6) | 0, slot = e % 6;
  const z = w[O_ZONE + g]!;
  if (z !== Z_CHAR && !(z === Z_PLACE && w[O_PLACE_OFF + g] === 0)) return; // it left play or was switched off meanwhile
  const id = slot >= 3 ? w[O_COPY + g]! : st.ctx.cardOf[g]!;
  if (id < 0) return;
  resolveAbility(st, ownerOf(g), g, id, slot % 3, g);
}

function startTurn(st: PalState): void {
  const w = st.w, o = st.ctx.options;
  const a = w[O_ACTIVE]!;
  // D11, D31: unfreezing and the automatic level come first.
  for (let g = 0; g < NUM_INST; g++) if (w[O_FROZEN + g] === a + 1) w[O_FROZEN + g] = 0;
  w[O_PLAYED + a] = 0;
  w[O_OWN_GAINS + a] = 0;
  w[O_ENDTURN] = 0;
  const gained = w[O_SPAN_GAIN + a]!;
  w[O_SPAN_GAIN + a] = 0;
  if (w[O_LEVEL + a]! < o.autoLevelBelow && gained === 0) gainLevel(st, a, 1, true);
  // R10: phase 1.
  for (let g = a * INST; g < (a + 1) * INST; g++) if (w[O_ZONE + g] === Z_CHAR) w[O_ENTROPY + g] = 0;
}

function runStage(st: PalState): void {
  const w = st.w, o = st.ctx.options;
  const a = w[O_ACTIVE]!;
  switch (w[O_STAGE]) {
    case ST_TURN_START:
      startTurn(st);
      w[O_STAGE] = ST_W1;
      return;
    case ST_W1:
      openWindow(w, false, ST_DRAW);
      return;
    case ST_DRAW:
      if (w[O_TURN] !== 1 || o.firstPlayerDraws) drawCard(st, a);
      w[O_STAGE] = ST_W2;
      return;
    case ST_W2:
      openWindow(w, false, ST_MAIN1);
      return;
    case ST_MAIN1:
      openWindow(w, true, ST_COMBAT);
      return;
    case ST_COMBAT:
      clearCombat(w);
      w[O_COMBAT] = 1;
      w[O_SHIELD_USED] = 0;
      w[O_SHIELD_USED + 1] = 0;
      // R35 (6), D30, D35: the active player's first, each checked for a win.
      for (let k = 0; k < 2 && w[O_PHASE] !== PH_OVER; k++) {
        const p = k === 0 ? a : 1 - a;
        if (colCount(w, p, C_RED) >= 6 && (!o.red6OwnCombatOnly || p === a)) damagePlayer(st, 1 - p, 1, -1, S_RED6);
      }
      if (w[O_PHASE] === PH_OVER) return;
      w[O_STAGE] = ST_ATTACKED;
      w[O_PHASE] = PH_ATTACK;
      w[O_LAST_DECL] = -1;
      return;
    case ST_ATTACKED: {
      let n = 0;
      for (let g = a * INST; g < (a + 1) * INST; g++) if (w[O_ATK + g] === 1) n++;
      if (n === 0) {
        w[O_STAGE] = ST_COMBAT_END;
        return;
      }
      // R35 (2), D30: +1 ATQ until end of turn to each declared attacker.
      if (colCount(w, a, C_RED) >= 2) for (let g = a * INST; g < (a + 1) * INST; g++) if (w[O_ATK + g] === 1) w[O_TATQ + g]!++;
      w[O_STAGE] = ST_W_ATK;
      return;
    }
    case ST_W_ATK:
      openWindow(w, false, ST_BLOCK);
      return;
    case ST_BLOCK: {
      w[O_STAGE] = ST_W_BLK;
      const b = nextBlocker(st, -1);
      if (b >= 0) {
        w[O_BLK_CUR] = b;
        w[O_BLK_N] = 0;
        w[O_PHASE] = PH_BLOCK;
      }
      return;
    }
    case ST_W_BLK:
      openWindow(w, false, ST_SPLIT);
      return;
    case ST_SPLIT: {
      // D23: the active player's attackers split first, then the defender's blockers.
      for (let k = 0; k < 2; k++) {
        const p = k === 0 ? a : 1 - a;
        for (let g = p * INST; g < (p + 1) * INST; g++) {
          if (w[O_ZONE + g] !== Z_CHAR || w[O_IN_COMBAT + g] !== 1 || w[O_SPLIT_DONE + g] !== 0 || livePartners(w, g) < 2) continue;
          w[O_SPLIT_DONE + g] = 1;
          const left = atqOf(st, g);
          if (left === 0) continue;
          w[O_SPLIT_DEALER] = g;
          w[O_SPLIT_LEFT] = left;
          w[O_PHASE] = PH_SPLIT;
          return;
        }
      }
      w[O_STAGE] = ST_DAMAGE;
      return;
    }
    case ST_DAMAGE: {
      let first = false;
      for (let j = 0; j < w[O_NPAIRS]! && !first; j++) {
        if (!pairLive(w, j)) continue;
        const cat = st.ctx.cat;
        if (cat.firstStrike[st.ctx.cardOf[w[O_PAIRS + j * 4]!]!] === 1 || cat.firstStrike[st.ctx.cardOf[w[O_PAIRS + j * 4 + 1]!]!] === 1) first = true;
      }
      if (first) {
        dealDamage(st, 1);
        w[O_STAGE] = ST_DAMAGE2;
      } else {
        dealDamage(st, -1);
        w[O_STAGE] = ST_SURVIVE;
      }
      return;
    }
    case ST_DAMAGE2:
      dealDamage(st, 0);
      w[O_STAGE] = ST_SURVIVE;
      return;
    case ST_SURVIVE:
      // R37 (4), D32: survivors of a fight gain +1 permanent PV.
      for (let p = 0; p < 2; p++) {
        if (colCount(w, p, C_GREEN) < 4) continue;
        for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_ZONE + g] === Z_CHAR && w[O_FOUGHT + g] === 1 && w[O_IN_COMBAT + g] === 1) w[O_PPV + g]!++;
      }
      w[O_STAGE] = ST_W_DMG;
      return;
    case ST_W_DMG:
      openWindow(w, false, ST_COMBAT_END);
      return;
    case ST_COMBAT_END:
      combatEnd(st);
      w[O_STAGE] = ST_MAIN2;
      return;
    case ST_MAIN2:
      openWindow(w, true, ST_DISCARD);
      return;
    case ST_DISCARD:
      if (w[O_HAND_N + a]! > o.handLimit) w[O_PHASE] = PH_DISCARD;
      else w[O_STAGE] = ST_W6;
      return;
    case ST_W6:
      openWindow(w, false, ST_END_A);
      return;
    case ST_END_A:
    case ST_END_B: {
      const p = w[O_STAGE] === ST_END_A ? a : 1 - a;
      w[O_STAGE] = w[O_STAGE] === ST_END_A ? ST_END_B : ST_W7;
      w[O_ORDER_P] = p;
      if (collectEot(st, p) > 0) w[O_PHASE] = PH_ORDER;
      return;
    }
    case ST_W7:
      openWindow(w, false, ST_HEAL);
      return;
    case ST_HEAL: {
      // R16, D10, D40: heal everything, then the until-end-of-turn effects end.
      for (let g = 0; g < NUM_INST; g++) {
        w[O_DMG + g] = 0;
        w[O_TATQ + g] = 0;
        w[O_TPV + g] = 0;
        if (w[O_PLACE_OFF + g] === 1) w[O_PLACE_OFF + g] = 0;
      }
      recomputeAuras(st, 0);
      recomputeAuras(st, 1);
      if (w[O_TURN]! + 1 >= o.turnCap) {
        finish(w, WIN_DRAW, END_TURN_CAP);
        return;
      }
      w[O_TURN]!++;
      w[O_ACTIVE] = 1 - a;
      w[O_STAGE] = ST_TURN_START;
      return;
    }
    default:
      throw new Error(`paliers: unknown stage ${w[O_STAGE]}`);
  }
}

/** R22, D17: the turn's current phase stops at once; discard, end and heal still happen. */
function jumpToDiscard(st: PalState): void {
  const w = st.w;
  clearCombat(w);
  w[O_PHASE] = PH_NONE;
  w[O_STAGE] = ST_DISCARD;
}

/** Runs everything forced until a decision or the end. */
function settle(st: PalState): void {
  const w = st.w;
  for (;;) {
    if (w[O_PHASE] === PH_OVER || w[O_OVL] !== OV_NONE) return;
    if (markDeaths(st)) {
      if (!processDeaths(st)) return;
      continue;
    }
    if (w[O_PLAYSTEP] !== PS_NONE) {
      if (!continuePlay(st)) return;
      continue;
    }
    if (w[O_ENDTURN] === 1) {
      w[O_ENDTURN] = 0;
      if (w[O_STAGE]! < ST_DISCARD && w[O_PHASE] !== PH_MULLIGAN) jumpToDiscard(st);
      continue;
    }
    if (w[O_PHASE] !== PH_NONE) return;
    runStage(st);
  }
}

// ---------------- who decides, legality ----------------

export function decider(w: Int32Array): number {
  if (w[O_PHASE] === PH_OVER) return -1;
  switch (w[O_OVL]) {
    case OV_TARGET:
      return w[O_PEND_PLAYER]!;
    case OV_DESTROY:
      return ownerOf(w[O_PLAYINST]!);
    case OV_RETURN:
    case OV_DEATH_ORDER:
      return w[O_RET_PLAYER]!;
  }
  switch (w[O_PHASE]) {
    case PH_WINDOW:
      return w[O_PRIO]!;
    case PH_BLOCK:
      return 1 - w[O_ACTIVE]!;
    case PH_SPLIT:
      return ownerOf(w[O_SPLIT_DEALER]!);
    case PH_ORDER:
      return w[O_ORDER_P]!;
    case PH_MULLIGAN:
      return w[O_CUR]!;
    default:
      return w[O_ACTIVE]!;
  }
}

export function legal(st: PalState, out: Int32Array): number {
  const w = st.w, cat = st.ctx.cat;
  if (w[O_PHASE] === PH_OVER) return 0;
  const p = decider(w);
  const q = 1 - p;
  let n = 0;
  switch (w[O_OVL]) {
    case OV_TARGET: {
      const src = w[O_PEND_SRC]!;
      const id = st.ctx.cardOf[src]!;
      const tg = cat.aTarget[id * MAX_ABILITIES + w[O_PEND_ABIL]!]!;
      for (let g = 0; g < NUM_INST; g++) if (st.ctx.cardOf[g]! >= 0 && targetOk(st, p, tg, g, src)) out[n++] = A_TARGET + g;
      return n;
    }
    case OV_DESTROY:
      for (let i = 0; i < INST; i++) {
        const g = p * INST + i;
        if (g !== w[O_PLAYINST] && w[O_ZONE + g] === Z_CHAR) out[n++] = A_DESTROY + i;
      }
      return n;
    case OV_RETURN:
      for (let i = 0; i < INST; i++) if (w[O_ZONE + p * INST + i] === Z_CHAR && w[O_DYING + p * INST + i] === 1) out[n++] = A_RETURN + i;
      return n;
    case OV_DEATH_ORDER:
      for (let i = 0; i < INST; i++) if (w[O_DYING + p * INST + i] === 3 && hasDeathTrigger(cat, st.ctx.cardOf[p * INST + i]!)) out[n++] = A_ORDER + i;
      return n;
  }
  switch (w[O_PHASE]) {
    case PH_WINDOW: {
      out[n++] = A_PASS;
      const main = w[O_WMAIN] === 1 && p === w[O_ACTIVE];
      const hn = w[O_HAND_N + p]!;
      for (let h = 0; h < hn; h++) if (canPlay(st, p, h, main)) out[n++] = A_PLAY + h;
      for (let i = 0; i < INST; i++) {
        const g = p * INST + i;
        const z = w[O_ZONE + g]!;
        if (z !== Z_CHAR && z !== Z_PLACE) continue;
        for (let k = 0; k < K; k++) if (canUse(st, p, g, k)) out[n++] = A_USE + i * K + k;
      }
      // The threshold checks are hoisted: most windows have neither Violet (3) nor Blue (3).
      if (colCount(w, p, C_VIOLET) >= 3) for (let i = 0; i < INST; i++) if (canSacrifice(st, p, p * INST + i)) out[n++] = A_SACRIFICE + i;
      if (colCount(w, p, C_BLUE) >= 3 && w[O_FREEZE_TURN + p] !== w[O_TURN]) for (let i = 0; i < INST; i++) if (canFreeze(st, p, q * INST + i)) out[n++] = A_FREEZE + i;
      return n;
    }
    case PH_ATTACK:
      out[n++] = A_PASS;
      for (let i = w[O_LAST_DECL]! + 1; i < INST; i++) if (canAttack(st, p * INST + i)) out[n++] = A_DECLARE + i;
      return n;
    case PH_BLOCK: {
      out[n++] = A_PASS;
      const b = w[O_BLK_CUR]!;
      for (let i = 0; i < INST; i++) if (canBeBlockedBy(st, q * INST + i, b)) out[n++] = A_BLOCK + i;
      return n;
    }
    case PH_SPLIT: {
      const d = w[O_SPLIT_DEALER]!;
      const m = n;
      for (let i = 0; i < INST; i++) if (partnerPair(w, d, q * INST + i) >= 0) out[n++] = A_ASSIGN + i;
      const cnt = n - m;
      for (let x = 0; x < cnt; x++) out[n++] = out[m + x]! - A_ASSIGN + A_ASSIGN_REST;
      return n;
    }
    case PH_DISCARD:
      for (let h = 0; h < w[O_HAND_N + p]!; h++) out[n++] = A_DISCARD + h;
      return n;
    case PH_ORDER:
      for (let j = 0; j < w[O_EOT_N]!; j++) out[n++] = A_ORDER + j;
      return n;
    case PH_MULLIGAN:
      out[n++] = A_PASS;
      for (let h = w[O_MULL_LAST]! + 1; h < w[O_HAND_N + p]!; h++) out[n++] = A_SET_ASIDE + h;
      return n;
    default:
      return 0;
  }
}
/** The live pair in which dealer d fights opposing character x, or -1. */
function partnerPair(w: Int32Array, d: number, x: number): number {
  const j = ownerOf(d) === w[O_ACTIVE] ? pairIndex(w, x, d) : pairIndex(w, d, x);
  return j >= 0 && pairLive(w, j) ? j : -1;
}

// ---------------- applying a decision ----------------

function applyRaw(st: PalState, action: number): void {
  const w = st.w;
  const p = decider(w);
  const ovl = w[O_OVL]!;
  if (ovl === OV_TARGET) {
    const src = w[O_PEND_SRC]!;
    const id = st.ctx.cardOf[src]!;
    w[O_OVL] = OV_NONE;
    resolveAbility(st, p, src, id, w[O_PEND_ABIL]!, action - A_TARGET);
    if (w[O_PEND_FROM_HAND] === 0) w[O_PEND_SRC] = -1;
    return;
  }
  if (ovl === OV_DESTROY) {
    w[O_OVL] = OV_NONE;
    w[O_DYING + p * INST + action - A_DESTROY] = 1; // D18: a death
    return;
  }
  if (ovl === OV_RETURN) {
    w[O_OVL] = OV_NONE;
    w[O_DYING + p * INST + action - A_RETURN] = 2;
    w[O_V5_TURN + p] = w[O_TURN]!;
    return;
  }
  if (ovl === OV_DEATH_ORDER) {
    w[O_OVL] = OV_NONE;
    resolveDeathTrigger(st, p * INST + action - A_ORDER);
    return;
  }
  const ph = w[O_PHASE]!;
  if (ph === PH_WINDOW) {
    if (action === A_PASS) {
      w[O_PASSES]!++;
      if (w[O_PASSES]! >= 2) w[O_PHASE] = PH_NONE;
      else w[O_PRIO] = 1 - p;
      return;
    }
    w[O_PASSES] = 0;
    if (action < A_USE) playCard(st, p, action - A_PLAY);
    else if (action < A_SACRIFICE) {
      const x = action - A_USE;
      const g = p * INST + ((x / K) | 0), k = x % K;
      const id = st.ctx.cardOf[g]!;
      w[O_USED_TURN + g] = w[O_TURN]!;
      if (st.ctx.cat.aCostSac[id * MAX_ABILITIES + k] === 1) w[O_DYING + g] = 1;
      startAbility(st, p, g, id, k, false);
    } else if (action < A_FREEZE) w[O_DYING + p * INST + action - A_SACRIFICE] = 1;
    else {
      w[O_FROZEN + (1 - p) * INST + action - A_FREEZE] = p + 1;
      w[O_FREEZE_TURN + p] = w[O_TURN]!;
    }
    return;
  }
  switch (ph) {
    case PH_ATTACK:
      if (action === A_PASS) w[O_PHASE] = PH_NONE;
      else {
        const i = action - A_DECLARE, g = p * INST + i;
        w[O_ATK + g] = 1;
        w[O_IN_COMBAT + g] = 1;
        w[O_ATK_TURN + g] = w[O_TURN]!;
        w[O_LAST_DECL] = i;
      }
      return;
    case PH_BLOCK: {
      const b = w[O_BLK_CUR]!;
      if (action !== A_PASS) {
        const a = (1 - p) * INST + action - A_BLOCK;
        const j = w[O_NPAIRS]!;
        if (j >= MAX_PAIRS) throw new PalEngineLimitError('MAX_PAIRS', `more than ${MAX_PAIRS} block pairs in one combat (turn ${w[O_TURN]})`);
        w[O_PAIRS + j * 4] = b;
        w[O_PAIRS + j * 4 + 1] = a;
        w[O_PAIRS + j * 4 + 2] = 0;
        w[O_PAIRS + j * 4 + 3] = 0;
        w[O_NPAIRS] = j + 1;
        w[O_BLOCKED + a] = 1;
        w[O_IN_COMBAT + b] = 1;
        w[O_BLK_N]!++;
        if (w[O_BLK_N]! > st.ctx.cat.blockMax[st.ctx.cardOf[b]!]!) w[O_G6_USED] = b + 1;
        if (w[O_BLK_N]! < blockCapacity(st, b)) return;
      }
      const nb = nextBlocker(st, b);
      w[O_BLK_CUR] = nb;
      w[O_BLK_N] = 0;
      if (nb < 0) w[O_PHASE] = PH_NONE;
      return;
    }
    case PH_SPLIT: {
      const d = w[O_SPLIT_DEALER]!;
      const rest = action >= A_ASSIGN_REST;
      const x = (1 - p) * INST + action - (rest ? A_ASSIGN_REST : A_ASSIGN);
      const j = partnerPair(w, d, x);
      const pts = rest ? w[O_SPLIT_LEFT]! : 1;
      w[O_PAIRS + j * 4 + (ownerOf(d) === w[O_ACTIVE] ? 2 : 3)]! += pts;
      w[O_SPLIT_LEFT]! -= pts;
      if (w[O_SPLIT_LEFT]! <= 0) w[O_PHASE] = PH_NONE;
      return;
    }
    case PH_DISCARD: {
      const g = handTake(w, p, action - A_DISCARD);
      graveAdd(w, g);
      count(st, g, R_DISCARDED);
      if (w[O_HAND_N + p]! <= st.ctx.options.handLimit) {
        w[O_PHASE] = PH_NONE;
        w[O_STAGE] = ST_W6;
      }
      return;
    }
    case PH_ORDER:
      resolveEot(st, action - A_ORDER);
      if (w[O_EOT_N] === 0 && w[O_PHASE] !== PH_OVER) w[O_PHASE] = PH_NONE;
      return;
    case PH_MULLIGAN:
      if (action === A_PASS) finishMulligan(st, p);
      else {
        const h = action - A_SET_ASIDE;
        w[O_SET_ASIDE + w[O_HAND + p * INST + h]!] = 1;
        w[O_SET_ASIDE_N + p]!++;
        w[O_MULL_LAST] = h;
      }
      return;
    default:
      throw new Error(`paliers: no decision to apply ${action} to`);
  }
}

/** R9, D9: set-aside cards leave the hand, as many are drawn, then they are shuffled into the deck. */
function finishMulligan(st: PalState, p: number): void {
  const w = st.w;
  const base = O_HAND + p * INST;
  let kept = 0;
  const n = w[O_HAND_N + p]!;
  let back = 0;
  for (let h = 0; h < n; h++) {
    const g = w[base + h]!;
    if (w[O_SET_ASIDE + g] === 1) {
      w[O_ZONE + g] = Z_LIMBO;
      back++;
    } else {
      w[base + kept++] = g;
      count(st, g, R_KEPT);
    }
  }
  for (let h = kept; h < n; h++) w[base + h] = -1;
  w[O_HAND_N + p] = kept;
  for (let i = 0; i < back; i++) drawCard(st, p);
  for (let g = p * INST; g < (p + 1) * INST; g++) {
    if (w[O_SET_ASIDE + g] !== 1) continue;
    w[O_SET_ASIDE + g] = 0;
    w[O_DECK + p * INST + w[O_DECK_N + p]!] = g;
    w[O_DECK_N + p]!++;
    w[O_ZONE + g] = Z_DECK;
  }
  shuffleDeck(w, p);
  w[O_MULL_DONE + p] = 1;
  w[O_MULL_LAST] = -1;
  if (w[O_MULL_DONE + 1 - p] === 0) w[O_CUR] = 1 - p;
  else beginPlay(st);
}
function beginPlay(st: PalState): void {
  const w = st.w;
  for (let p = 0; p < 2; p++) for (let h = 0; h < w[O_HAND_N + p]!; h++) count(st, w[O_HAND + p * INST + h]!, R_OH);
  w[O_PHASE] = PH_NONE;
  w[O_TURN] = 1;
  w[O_ACTIVE] = w[O_FIRST]!;
  w[O_STAGE] = ST_TURN_START;
}

/** Applies one decision, then everything forced, including decisions with one legal action. */
export function step(st: PalState, action: number): void {
  applyRaw(st, action);
  advance(st);
}
/** Settles and plays single-action decisions until a real choice or the end; caches the legal list. */
export function advance(st: PalState): void {
  for (;;) {
    settle(st);
    const n = legal(st, st.legal);
    st.legalCount = n;
    if (n !== 1) return;
    applyRaw(st, st.legal[0]!);
  }
}

// ---------------- setup ----------------

/** Everything empty: no card anywhere, nobody to move. */
export function clearState(st: PalState): void {
  const w = st.w;
  w.fill(0, 0, STATE_WORDS);
  w.fill(-1, O_DECK, O_DECK + 3 * NUM_INST);
  w.fill(-1, O_PAIRS, O_PAIRS + MAX_PAIRS * 4);
  w.fill(-1, O_COPY, O_COPY + NUM_INST);
  w.fill(-100, O_ATK_TURN, O_ATK_TURN + NUM_INST);
  w.fill(-100, O_NO_COMBAT, O_NO_COMBAT + NUM_INST);
  w.fill(-100, O_USED_TURN, O_USED_TURN + NUM_INST);
  w.fill(-1, O_V2_TURN, O_V2_TURN + 2);
  w.fill(-1, O_V5_TURN, O_V5_TURN + 2);
  w.fill(-1, O_FREEZE_TURN, O_FREEZE_TURN + 2);
  w[O_PLAYINST] = -1;
  w[O_PEND_SRC] = -1;
  w[O_SPLIT_DEALER] = -1;
  w[O_BLK_CUR] = -1;
  w[O_MULL_LAST] = -1;
  w[O_ZONE] = Z_DECK;
  for (let g = 0; g < NUM_INST; g++) w[O_ZONE + g] = st.ctx.cardOf[g]! >= 0 ? Z_DECK : -1;
  w[O_END] = END_NONE;
  if (st.rec !== null) st.rec.fill(0);
  st.legalCount = -1;
}

function shuffleDeck(w: Int32Array, p: number): void {
  shuffleFromWords(w, RNG_SEAT + 4 * p, w, O_DECK + p * INST, w[O_DECK_N + p]!);
}

/** D8, R9: shuffle, first player from the seed, 8 cards each, then the hidden mulligans (D9). */
export function newGame(st: PalState, seed: number): void {
  const w = st.w, o = st.ctx.options;
  clearState(st);
  seedChanceStreams(seed, st.ctx.deckKeys, w, RNG_GAME, RNG_SEAT);
  for (let p = 0; p < 2; p++) {
    const size = st.ctx.deckSize[p]!;
    for (let i = 0; i < size; i++) w[O_DECK + p * INST + i] = p * INST + i;
    w[O_DECK_N + p] = size;
    shuffleDeck(w, p);
    w[O_PV + p] = o.startPV;
    w[O_LEVEL + p] = o.startLevel;
  }
  w[O_FIRST] = nextInt(w, RNG_GAME, 2);
  w[O_ACTIVE] = w[O_FIRST]!;
  for (let p = 0; p < 2; p++) {
    for (let i = 0; i < o.openingHand; i++) drawCard(st, p);
    for (let h = 0; h < w[O_HAND_N + p]!; h++) {
      const g = w[O_HAND + p * INST + h]!;
      count(st, g, R_DEALT);
      if (st.rec !== null) st.rec[g * REC_FIELDS + R_DRAWN]!--; // dealt, not drawn
    }
  }
  if (o.mulligan) {
    w[O_PHASE] = PH_MULLIGAN;
    w[O_CUR] = w[O_FIRST]!;
  } else {
    for (let p = 0; p < 2; p++) for (let h = 0; h < w[O_HAND_N + p]!; h++) count(st, w[O_HAND + p * INST + h]!, R_KEPT);
    beginPlay(st);
  }
  advance(st);
}
