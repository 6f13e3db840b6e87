// The rules: setup, turn structure, playing cards, paying, attacks with their windows,
// Artefacts, end of turn, the end. `legal` lists the actions of the current decision;
// `step` applies one and then resolves everything forced up to the next real decision.
import { nextU32 } from '../../core/rng.ts';
import { seedChanceStreams } from '../../core/seeds.ts';
import * as actionBands from './actions.ts';
import * as catalogueCodes from './catalogue/compile.ts';
import {
  ROLE_ATTACKER,
  ROLE_DEFENDER,
  TO_DISCARD,
  TO_HAND,
  clearTurnEffects,
  cardName,
  charCount,
  charPower,
  destroyInCombat,
  draw,
  gainVp,
  handAt,
  handCount,
  isAdjacent,
  isOver,
  keywordFlags,
  resistance,
  leavePlay,
  placeOnSlot,
  playerName,
  powerBreakdown,
  pushDeck,
  pushDiscard,
  pushGone,
  recordCount,
  recordPlayed,
  recordSeen,
  setEquip,
  shuffleDeck,
  slotOf,
  supportValue,
  swapSlots,
  tapChar,
  takeFromDeckAt,
  takeFromHand,
} from './board.ts';
import { resistTargets, resolveAbility } from './effects.ts';
import { describeAction } from './describe.ts';
import {
  BRState,
  owner,
  type GameContext,
} from './state.ts';
import * as stateLayout from './state.ts';
// The layout, action and catalogue constants bound as this module's own: optimized code
// folds a module's own constants, while an imported binding is loaded at every use
// (about 15% of a random game under tsx, measured with src/bench/play.ts). The bundles read
// them as the named imports they stand for (src/sim/named-imports.ts), as literals.
const {
  A_ART_ACTIVATE, A_ART_REVEAL, A_ATTACK, A_EOT_DISCARD, A_MOVE, A_MULLIGAN, A_PASS, A_PAY_DISCARD,
  A_PAY_ENV, A_PAY_SACRIFICE, A_PAY_TAP, A_PLAY, A_RESIST_PAY, A_RESOLVE_TRAP, A_SACRIFICE, A_SETUP,
  A_SUPPORT, A_TAP, A_TRAP_2A, TARGETS,
} = actionBands;
const {
  AB_SAC, AB_SAC_FIGHT, AB_SAC_RESOURCE, AB_TAP, AB_TAP_FIGHT, AB_TAP_RESOURCE, EFFECT_WORDS, G_LEGEND, KW_COUNTER, KW_RANGED, KW_RAGE, KW_STEALTH, NUM_TRIGGERS, S_DEFENDER,
  S_OWN_FIGHTER, S_TARGET, T_ARTEFACT, T_CHARACTER, T_ENVIRONMENT, T_EVENT, T_OBJECT, T_TRAP, TK_ANY,
  TK_NONE, TK_OPP, TK_OWN, TK_OWN_ADJ, TR_ARTEFACT, TR_ENTER, TR_PLAY, TR_SACRIFICE, TR_TAP, TR_TRAP,
} = catalogueCodes;
const {
  ADJ, ART_GONE, ART_HIDDEN, ART_NONE, ART_REVEALED, COLUMN_NAMES, DEF_CHAR, DEF_ENV, DEF_NONE, END_TURN_CAP,
  Z_ACTIVE, Z_ART, Z_ART_STATE, Z_ATK_COLUMN, Z_ATK_INST, Z_ATK_RANGED, Z_CURRENT, Z_DECK, Z_DECK_N,
  Z_DEF_INST, Z_DEF_KIND, Z_DISC_N, O_DUE, Z_END, O_ENTERED, Z_ENV, Z_ENV_TAPPED, Z_EQUIP, Z_FACEDOWN,
  Z_FIRST, Z_HAND, Z_HAND_N, Z_IN_ATTACK, O_LAST_ATK_POWER, O_LAST_DEF_POWER, Z_MULL_DONE, Z_OCC, Z_PASSES,
  Z_PAYER, Z_PEND, Z_PEND_EXTRA, Z_PEND_INST, Z_PEND_RETURN, Z_PEND_SOURCE, Z_PEND_TARGET, Z_PHASE,
  O_POOL, Z_SETUP_DONE, Z_STEP, O_SUPPORT, Z_SUPPORTER, Z_SUPPORT_N, Z_TAPPED, Z_TATK, Z_TBACK, Z_TDEF,
  Z_TFRONT, Z_TKW, Z_TPOW, Z_TRAP, Z_TRAP_2A, Z_TRES, O_TURN, O_VP, Z_WINNER, Z_WTURN, PEND_ARTEFACT,
  PEND_NONE, PEND_PLACE_TRAP, PEND_PLAY, PEND_RESIST, PEND_RESOLVE_TRAP, PEND_SACRIFICE, PEND_TAP,
  PH_EOT_DISCARD, PH_EOT_DOWN, PH_MAIN, PH_MULLIGAN, PH_OVER, PH_PAUSE, PH_PAY, PH_REACTION, PH_RESIST,
  PH_SETUP, PH_WINDOW, Z_PUBLIC, WIN_DRAW, WIN_NONE, ZONE_CAP, RNG_GAME, RNG_SEAT,
  NUM_INST, REC_FIELDS, R_DEALT, R_DEPTH, R_EOT, R_KEPT, R_OH, R_PITCHED, R_SETUP, VP_ENVIRONMENT, VP_KILL, Z_ATTACKED,
  O_ENV_TPOW, Z_TRAP_NEWCOL, Z_RS_ASK, O_RS_CARD, Z_RS_CHOSEN, Z_RS_INST, Z_RS_KIND, Z_RS_NEXT, Z_RS_P,
  Z_RS_PAID, Z_RS_RETURN, Z_RS_SLOT, Z_RS_SRC, Z_RS_TRIG, RK_DISCARD, RK_NONE, RK_REVEAL, C_SCAN, C_SCAN_OK,
  SCAN_WORDS, C_WIN, C_WIN_N, WIN_SAVED, CACHE_BASE, SCAN_OCC, SCAN_TAPS, SCAN_TAP_AB, SCAN_TAP_FIGHT,
  SCAN_TAP_RES, SCAN_SAC, SCAN_SAC_FIGHT, SCAN_SAC_RES, SCAN_RES, Z_BASE,
} = stateLayout;

// Attack steps kept in O_STEP.
export const STEP_2B = 2, STEP_3B = 3;

// ======================= new game =======================

/** Empties a state: no card anywhere, every slot free. */
export function clearState(st: BRState): void {
  st.bytes.fill(0);
  const w = st.w, z = st.z;
  w.fill(0, CACHE_BASE); // the rules' cache after the state (state.ts)
  z.fill(-1, Z_OCC, Z_OCC + 12);
  z.fill(-1, Z_EQUIP, Z_EQUIP + 12);
  z.fill(-1, Z_TRAP, Z_TRAP + 6);
  st.z.fill(-1, Z_DECK, Z_PUBLIC); // the zones; the public-knowledge flags stay 0
  z[Z_ENV] = z[Z_ENV + 1] = -1;
  z[Z_ART] = z[Z_ART + 1] = -1;
  z[Z_ATK_INST] = z[Z_DEF_INST] = z[Z_ATK_RANGED] = -1;
  z[Z_SUPPORTER] = z[Z_SUPPORTER + 1] = -1;
  z[Z_WINNER] = WIN_NONE;
  z[Z_PEND_INST] = z[Z_PEND_SOURCE] = z[Z_PEND_TARGET] = -1;
  clearResist(st);
  st.legalCount = -1;
}

/** Deals a new game (R9–R13 up to the first decision). */
export function newGame(st: BRState, seed: number): void {
  const ctx = st.ctx;
  clearState(st);
  if (st.rec !== null) st.rec.fill(0);
  const z = st.z;
  seedStreams(st, seed);
  for (let p = 0; p < 2; p++) {
    for (let i = 0; i < ctx.deckSize[p]!; i++) {
      const inst = p * 48 + i;
      const type = ctx.cat.type[ctx.cardOf[inst]!]!;
      if (type === T_ENVIRONMENT) z[Z_ENV + p] = inst; // R9
      else if (type === T_ARTEFACT) {
        if (ctx.options.artefacts) {
          z[Z_ART + p] = inst;
          z[Z_ART_STATE + p] = ART_HIDDEN;
        } else pushGone(st, inst);
      } else pushDeck(st, p, inst);
    }
  }
  const first = nextBit(st); // R10
  z[Z_FIRST] = first;
  z[Z_ACTIVE] = first;
  z[Z_PHASE] = PH_SETUP;
  z[Z_CURRENT] = first;
  if (st.log) st.log.line(`${playerName(st, first)} is the first player (R10).`);
  advance(st);
}

/**
 * Seeds the game's stream from `seed`, and each seat's shuffle stream from (seed, its deck),
 * so that the same seed with seats swapped deals each deck the same shuffles.
 */
export function seedStreams(st: BRState, seed: number): void {
  seedChanceStreams(seed, st.ctx.deckKeys, st.w32, RNG_GAME, RNG_SEAT);
}

function nextBit(st: BRState): number {
  return nextU32(st.w32, RNG_GAME) & 1;
}

// ======================= helpers =======================

function opp(p: number): number {
  return 1 - p;
}
function ability(st: BRState, card: number, trig: number): number {
  return card * NUM_TRIGGERS + trig;
}
function hasAbility(st: BRState, card: number, trig: number): boolean {
  return st.ctx.cat.abCount[card * NUM_TRIGGERS + trig]! > 0;
}

// One pass over a player's six slots per listing, kept after the state (C_SCAN + SCAN_WORDS * p,
// bit s = own slot s) and read there by the listing functions that follow it for the same player.

// By instance of one context (its cards never change): the card's ability bits and the
// resources of its tap and sacrifice abilities, so the scan skips the card lookup; its type
// and cost, for the listings' walks over a hand.
// Per player, for the setup listing: the cards dealt into the deck by newGame (all but the
// Environment and Artefact) and the Aspirants (by index) among them.
interface InstTables {
  bits: Uint8Array;
  kw: Int8Array;
  objKw: Int8Array;
  tapRes: Int16Array;
  sacRes: Int16Array;
  type: Int8Array;
  cost: Int16Array;
  setupPool: Int16Array;
  setupAsp: Int32Array;
}
function newInstTables(): InstTables {
  return {
    bits: new Uint8Array(NUM_INST), kw: new Int8Array(NUM_INST), objKw: new Int8Array(NUM_INST),
    tapRes: new Int16Array(NUM_INST), sacRes: new Int16Array(NUM_INST), type: new Int8Array(NUM_INST),
    cost: new Int16Array(NUM_INST), setupPool: new Int16Array(2), setupAsp: new Int32Array(2),
  };
}
/**
 * The tables of the current context (instCtx), copied from those of INST_OF, where every
 * context met keeps its own: a simulation alternates two contexts (seats swapped) game after
 * game. They are module-level bindings, never replaced, rather than an object's fields: V8 reads
 * them without an object's map check.
 */
let instCtx: GameContext | null = null;
const INST_BITS = new Uint8Array(NUM_INST), INST_KW = new Int8Array(NUM_INST), INST_OBJ_KW = new Int8Array(NUM_INST);
const INST_TAP_RES = new Int16Array(NUM_INST), INST_SAC_RES = new Int16Array(NUM_INST);
const INST_TYPE = new Int8Array(NUM_INST), INST_COST = new Int16Array(NUM_INST);
const INST_SETUP_POOL = new Int16Array(2), INST_SETUP_ASP = new Int32Array(2);
const INST_OF = new WeakMap<GameContext, InstTables>();
function instTables(ctx: GameContext): void {
  let t = INST_OF.get(ctx);
  if (t === undefined) {
    t = newInstTables();
    buildInstTables(ctx, t);
    INST_OF.set(ctx, t);
  }
  INST_BITS.set(t.bits);
  INST_KW.set(t.kw);
  INST_OBJ_KW.set(t.objKw);
  INST_TAP_RES.set(t.tapRes);
  INST_SAC_RES.set(t.sacRes);
  INST_TYPE.set(t.type);
  INST_COST.set(t.cost);
  INST_SETUP_POOL.set(t.setupPool);
  INST_SETUP_ASP.set(t.setupAsp);
  instCtx = ctx;
}
/** board.ts's keywordFlags from the instance tables (current after a scan): no card lookups. */
function kwFlagsAt(z: Int8Array, gs: number): number {
  const o = z[Z_EQUIP + gs]!;
  return INST_KW[z[Z_OCC + gs]!]! | z[Z_TKW + gs]! | (o >= 0 ? INST_OBJ_KW[o]! : 0);
}
function buildInstTables(ctx: GameContext, t: InstTables): void {
  const cat = ctx.cat;
  for (let i = 0; i < NUM_INST; i++) {
    const c = ctx.cardOf[i]!;
    t.bits[i] = cat.abilityBits[c]!;
    t.kw[i] = cat.kwFlags[c]!;
    t.objKw[i] = cat.objFlags[c]!;
    t.tapRes[i] = cat.abResource[c * NUM_TRIGGERS + TR_TAP]!;
    t.sacRes[i] = cat.abResource[c * NUM_TRIGGERS + TR_SACRIFICE]!;
    t.type[i] = cat.type[c]!;
    t.cost[i] = cat.cost[c]!;
  }
  for (let p = 0; p < 2; p++) {
    let pool = 0, asp = 0;
    for (let i = 0; i < ctx.deckSize[p]!; i++) {
      const c = ctx.cardOf[p * 48 + i]!;
      if (cat.type[c] === T_ENVIRONMENT || cat.type[c] === T_ARTEFACT) continue;
      pool++;
      const k = ctx.aspirantIndex[p]![c]!;
      if (k >= 0) asp |= 1 << k;
    }
    t.setupPool[p] = pool;
    t.setupAsp[p] = asp;
  }
}

/** Makes p's slot scan current; returns the offset of its words in st.w (C_SCAN + SCAN_WORDS * p). */
function scanSlots(st: BRState, p: number): number {
  // The scan of an unchanged board is kept after the state (C_SCAN_OK): a window's second
  // step, a payment or the next player's listing often find the same slots. This check is
  // small enough for V8 to inline where it is called; the scan itself is a call.
  if (instCtx !== st.ctx || ((st.w[C_SCAN_OK]! >> p) & 1) === 0) rescanSlots(st, p);
  return C_SCAN + p * SCAN_WORDS;
}
/** scanSlots' scan: p's slots read into its words. */
function rescanSlots(st: BRState, p: number): void {
  const w = st.w, z = st.z;
  if (instCtx !== st.ctx) instTables(st.ctx);
  const c = C_SCAN + p * SCAN_WORDS;
  if (((w[C_SCAN_OK]! >> p) & 1) === 0) {
    const bits = INST_BITS, tapRes0 = INST_TAP_RES, sacRes0 = INST_SAC_RES;
    const turn = w[O_TURN]!;
    let occ = 0, taps = 0, tapAb = 0, tapFight = 0, tapRes = 0, sac = 0, sacFight = 0, sacRes = 0, r = 0;
    // The ability bits go into the masks by shifts rather than branches: the board of a random
    // game makes those branches unpredictable.
    for (let s = 0, gs = p * 6; s < 6; s++, gs++) {
      const inst = z[Z_OCC + gs]!;
      if (inst >= 0) {
        occ |= 1 << s;
        if (z[Z_TAPPED + gs] === 0 && (w[O_ENTERED + gs] !== turn || (kwFlagsAt(z, gs) & KW_RAGE) !== 0)) {
          taps |= 1 << s;
          const b = bits[inst]!;
          tapAb |= (b & AB_TAP) << s;
          tapFight |= ((b & AB_TAP_FIGHT) >> 1) << s;
          tapRes |= ((b & AB_TAP_RESOURCE) >> 2) << s;
          r += tapRes0[inst]!;
        }
      }
      const obj = z[Z_EQUIP + gs]!;
      if (obj >= 0 && owner(obj) === p) {
        const b = bits[obj]!;
        sac |= ((b & AB_SAC) >> 3) << s;
        sacFight |= ((b & AB_SAC_FIGHT) >> 4) << s;
        sacRes |= ((b & AB_SAC_RESOURCE) >> 5) << s;
        if (inst >= 0) r += sacRes0[obj]!;
      }
    }
    w[c + SCAN_OCC] = occ;
    w[c + SCAN_TAPS] = taps;
    w[c + SCAN_TAP_AB] = tapAb;
    w[c + SCAN_TAP_FIGHT] = tapFight;
    w[c + SCAN_TAP_RES] = tapRes;
    w[c + SCAN_SAC] = sac;
    w[c + SCAN_SAC_FIGHT] = sacFight;
    w[c + SCAN_SAC_RES] = sacRes;
    w[c + SCAN_RES] = r;
    w[C_SCAN_OK] = w[C_SCAN_OK]! | (1 << p);
  }
}

/** Bit s set when p's character on slot s may be tapped now (R24, R51). */
function tappable(st: BRState, p: number): number {
  return st.w[scanSlots(st, p) + SCAN_TAPS]!;
}

// What p could raise for one enumeration (R19, D7, D11): pool, hand discards, and the
// resource effects summed by the scan. Most costs are covered by pool + hand, so a listing
// that needs no scan of its own (2a, the pause, D22) scans only when a cost goes beyond that.
// The afford scratch is module-level numbers, not an object: V8 reads and writes a module
// binding holding a small integer without the object's map check (a state stored here would
// also cost a write barrier at every listing).
let affP = 0, affMain = 0, affCheap = 0, affFull = -1, affPerCard = 1;
/**
 * `scanned`: scanSlots(st, p) was just called. affFull is then -2 (p's scan is current, the sum
 * waits for a cost beyond the cheap bound) or -1 (no scan yet); most listings never need it.
 */
function beginAfford(st: BRState, p: number, inMain: boolean, scanned: boolean): void {
  const w = st.w, z = st.z;
  const perCard = st.ctx.options.discardResource;
  affP = p;
  affMain = inMain ? 1 : 0;
  affPerCard = perCard;
  affCheap = w[O_POOL + p]! + z[Z_HAND_N + p]! * perCard;
  affFull = scanned ? -2 : -1;
}
/** affCheap plus the resource effects of the last scan and, where usable, the Environment's. */
function fullPotential(st: BRState, p: number, inMain: boolean): number {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  let full = affCheap + w[C_SCAN + p * SCAN_WORDS + SCAN_RES]!;
  if (inMain || ctx.options.environmentTapInWindows) {
    const env = z[Z_ENV + p]!;
    if (env >= 0 && z[Z_ENV_TAPPED + p] === 0) full += ctx.cat.abResource[ctx.cardOf[env]! * NUM_TRIGGERS + TR_TAP]!;
  }
  return full;
}
/** Can the player of beginAfford raise `need` resources (`fromHand`: the card paid for leaves the hand)? */
function canRaise(st: BRState, need: number, fromHand: boolean): boolean {
  const n = fromHand ? need + affPerCard : need;
  if (n <= affCheap) return true;
  if (affFull < 0) {
    if (affFull === -1) scanSlots(st, affP);
    affFull = fullPotential(st, affP, affMain !== 0);
  }
  return n <= affFull;
}

/** Instance on the actor-relative target t (0–5 own, 6–11 opponent's), or -1. */
function targetInst(st: BRState, p: number, t: number): number {
  const gs = t < 6 ? p * 6 + t : opp(p) * 6 + (t - 6);
  return st.z[Z_OCC + gs]!;
}

/** The column whose Trap matters for the current attack (R49: the ranged target's column). */
function trapColumn(st: BRState): number {
  const z = st.z;
  if (z[Z_ATK_RANGED]! >= 0) {
    const gs = slotOf(st, z[Z_ATK_RANGED]!);
    return gs < 0 ? z[Z_ATK_COLUMN]! : gs % 3;
  }
  return z[Z_ATK_COLUMN]!;
}

/**
 * Before 3a of a column attack the Defender is unknown, so a Trap whose every effect names
 * "the Defender" (or its controller's fighter) would resolve for nothing: it is not offered.
 */
function trapOnlyWasted(st: BRState, card: number): boolean {
  const z = st.z;
  if (z[Z_STEP] !== STEP_2B || z[Z_ATK_RANGED]! >= 0) return false;
  const cat = st.ctx.cat;
  const slot = card * NUM_TRIGGERS + TR_TRAP;
  const start = cat.abStart[slot]!, n = cat.abCount[slot]!;
  for (let k = 0; k < n; k++) {
    const r = (start + k) * EFFECT_WORDS;
    if (cat.program[r + 4]! >= 0) continue; // a rider follows its subject, the Defender here
    const sel = cat.program[r + 1]!;
    if (sel !== S_DEFENDER && sel !== S_OWN_FIGHTER && sel !== S_TARGET) return false;
  }
  return true;
}

function attackerHasStealth(st: BRState): boolean {
  const gs = slotOf(st, st.z[Z_ATK_INST]!);
  return gs >= 0 && (kwFlagsAt(st.z, gs) & KW_STEALTH) !== 0;
}

/** R43: does p's Artefact Quest hold now? */
export function questHolds(st: BRState, p: number): boolean {
  const w = st.w, z = st.z;
  const cat = st.ctx.cat;
  const card = st.ctx.cardOf[z[Z_ART + p]!]!;
  const n = cat.questN[card]!;
  switch (cat.questKind[card]) {
    case 0: return charCount(st, p) <= n;
    case 1: return charCount(st, opp(p)) <= n;
    case 2: return w[O_VP + opp(p)]! >= n;
    case 3: return w[O_VP + p]! >= n;
    case 4: return z[Z_HAND_N + p]! >= n;
    case 5: return z[Z_DISC_N + p]! >= n;
    case 6: return w[O_TURN]! >= n;
  }
  return false;
}

function canReveal(st: BRState, p: number): boolean {
  const z = st.z;
  if (z[Z_ART_STATE + p] !== ART_HIDDEN) return false;
  const card = st.ctx.cardOf[z[Z_ART + p]!]!;
  if (p !== z[Z_ACTIVE] && st.ctx.cat.questOpponentTurn[card] === 0) return false;
  return questHolds(st, p);
}

// ======================= legal actions =======================

/**
 * Writes the targets of ability (card, trig) for actor p into out as base + t, when the
 * cost can be raised (see beginAfford). Returns the new count. D22's Résistant extras are
 * decided as the ability resolves; a chosen opposing Résistant target is offered only when
 * its extra can be raised too, since without it the choice could only be skipped.
 */
function writeTargets(st: BRState, p: number, card: number, trig: number, srcGs: number,
  cost: number, fromHand: boolean, out: Int32Array, n: number, base: number): number {
  // Most abilities take no target: this part is small enough for V8 to inline.
  if (st.ctx.cat.abTarget[card * NUM_TRIGGERS + trig] === TK_NONE) {
    if (canRaise(st, cost, fromHand)) out[n++] = base;
    return n;
  }
  return writeChosenTargets(st, p, card, trig, srcGs, cost, fromHand, out, n, base);
}
/** writeTargets for an ability that takes a target. */
function writeChosenTargets(st: BRState, p: number, card: number, trig: number, srcGs: number,
  cost: number, fromHand: boolean, out: Int32Array, n: number, base: number): number {
  const cat = st.ctx.cat;
  const z = st.z;
  const slot = card * NUM_TRIGGERS + trig;
  const tk = cat.abTarget[slot]!;
  // The cost without a Résistant extra is the same for every target: asked once, when a target
  // first needs it (-1: not yet). canRaise may scan p's slots, which only fills the scan's cache.
  let plain = -1;
  if (tk !== TK_OPP) {
    // Own targets (t = 0–5): no extra.
    const own = p * 6;
    const noSelf = cat.abNoSelf[slot] !== 0;
    for (let t = 0; t < 6; t++) {
      const gs = own + t;
      if (z[Z_OCC + gs]! < 0 || z[Z_FACEDOWN + gs] !== 0) continue;
      if (tk === TK_OWN_ADJ && (gs === srcGs || srcGs < 0 || !isAdjacent(srcGs, gs))) continue;
      if (gs === srcGs && noSelf) continue; // a swap needs another character
      if (plain < 0) plain = canRaise(st, cost, fromHand) ? 1 : 0;
      if (plain === 0) break;
      out[n++] = base + t;
    }
    if (tk !== TK_ANY) return n;
  }
  // Opposing targets (t = 6–11), never the source: a Résistant one costs its extra too (D22).
  const oppBase = (1 - p) * 6 - 6; // gs = oppBase + t
  for (let t = 6; t < 12; t++) {
    const gs = oppBase + t;
    if (z[Z_OCC + gs]! < 0 || z[Z_FACEDOWN + gs] !== 0) continue;
    const extra = resistance(st, gs);
    if (extra === 0) {
      if (plain < 0) plain = canRaise(st, cost, fromHand) ? 1 : 0;
      if (plain !== 0) out[n++] = base + t;
    } else if (canRaise(st, cost + extra, fromHand)) out[n++] = base + t;
  }
  return n;
}

/**
 * R25 / D8: the slot of p's character of card c (the last one, should there be two), or -1:
 * read from the occupied slots of p's scan, current when the main phase lists (2 to 4 most often).
 */
function slotOfCard(st: BRState, p: number, c: number): number {
  const z = st.z, cardOf = st.ctx.cardOf;
  for (let m = st.w[C_SCAN + p * SCAN_WORDS + SCAN_OCC]!; m !== 0; ) {
    const s = 31 - Math.clz32(m);
    if (cardOf[z[Z_OCC + p * 6 + s]!] === c) return s;
    m &= ~(1 << s);
  }
  return -1;
}
/** ADJ_MASK[a]: bit b set when own slots a and b are adjacent (R3). */
const ADJ_MASK = new Int32Array(6);
for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) if (ADJ[a * 6 + b]) ADJ_MASK[a] |= 1 << b;
function legalMain(st: BRState, p: number, out: Int32Array): number {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  const cat = ctx.cat;
  let n = 0;
  out[n++] = A_PASS;
  const taps = tappable(st, p);
  beginAfford(st, p, true, true);
  const hn = z[Z_HAND_N + p]!;
  const type = INST_TYPE, costOf = INST_COST; // current after the scan
  // The hand read from z by its offset (handAt would reload the state's array at each card).
  for (let i = 0, hz = Z_HAND + p * ZONE_CAP; i < hn; i++) {
    const inst = z[hz + i]!;
    const base = A_PLAY + i * TARGETS;
    const cost = costOf[inst]!;
    switch (type[inst]) {
      case T_CHARACTER: {
        if (!canRaise(st, cost, true)) break;
        const c = ctx.cardOf[inst]!;
        if (cat.grade[c] === G_LEGEND && w[O_VP + opp(p)]! < ctx.options.legendMinOpponentVp) break; // R26
        const own = slotOfCard(st, p, c);
        if (own < 0) {
          // The six slots written out: the loop spent some 19 instructions an entry on its checks.
          out[n] = base;
          out[n + 1] = base + 1;
          out[n + 2] = base + 2;
          out[n + 3] = base + 3;
          out[n + 4] = base + 4;
          out[n + 5] = base + 5;
          n += 6;
        } else if (ctx.options.uniquenessReplaceSelfOnly) {
          out[n++] = base + own; // R25 / D8: only over the character of this name
        }
        break;
      }
      case T_OBJECT: {
        if (!canRaise(st, cost, true)) break;
        // D14: on an own character, or any with the knob off.
        for (let m = w[C_SCAN + p * SCAN_WORDS + SCAN_OCC]!; m !== 0; m &= m - 1) out[n++] = base + 31 - Math.clz32(m & -m);
        if (!ctx.options.objectsOnOwnOnly) {
          for (let t = 6; t < 12; t++) if (targetInst(st, p, t) >= 0) out[n++] = base + t;
        }
        break;
      }
      case T_TRAP: // R29: placed face down without paying
        for (let t = 0; t < 3; t++) out[n++] = base + t;
        break;
      case T_EVENT: {
        const c = ctx.cardOf[inst]!;
        if (cat.abFight[ability(st, c, TR_PLAY)]) break;
        n = writeTargets(st, p, c, TR_PLAY, -1, cost, true, out, n, base);
        break;
      }
    }
  }
  n = legalTaps(st, p, true, out, n);
  // Opening knob: with firstTurnAttack off, the game's first turn has no attack.
  for (let m = ctx.options.firstTurnAttack || w[O_TURN] !== 1 ? taps : 0; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    const gs = p * 6 + s;
    if (z[Z_ATTACKED + gs] !== 0) continue; // R33: at most once a turn
    out[n++] = A_ATTACK + s * TARGETS; // R33: any column
    out[n++] = A_ATTACK + s * TARGETS + 1;
    out[n++] = A_ATTACK + s * TARGETS + 2;
    if (kwFlagsAt(z, gs) & KW_RANGED) {
      for (let t = 0; t < 6; t++) if (z[Z_OCC + opp(p) * 6 + t]! >= 0) out[n++] = A_ATTACK + s * TARGETS + 3 + t; // R49
    }
  }
  return legalArtefact(st, p, out, n);
}

/**
 * Tap effects of characters (and, in the main phase, the Environment) and Object sacrifices,
 * from the masks of the scan just made for p.
 */
function legalTaps(st: BRState, p: number, inMain: boolean, out: Int32Array, n: number): number {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  const c = C_SCAN + p * SCAN_WORDS; // p's scan, current
  const tapAb = w[c + SCAN_TAP_AB]!;
  for (let m = inMain ? tapAb & ~w[c + SCAN_TAP_FIGHT]! : tapAb; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    const gs = p * 6 + s;
    const inst = z[Z_OCC + gs]!;
    n = writeTargets(st, p, ctx.cardOf[inst]!, TR_TAP, gs, 0, false, out, n, A_TAP + s * TARGETS);
  }
  const env = z[Z_ENV + p]!;
  // The Environment's tap ability first: most have none, and it is one table read.
  if (env >= 0 && (INST_BITS[env]! & AB_TAP) !== 0 && z[Z_ENV_TAPPED + p] === 0 && (inMain || ctx.options.environmentTapInWindows)) {
    n = writeTargets(st, p, ctx.cardOf[env]!, TR_TAP, -1, 0, false, out, n, A_TAP + 6 * TARGETS);
  }
  const sac = w[c + SCAN_SAC]!;
  for (let m = inMain ? sac & ~w[c + SCAN_SAC_FIGHT]! : sac; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    const c = ctx.cardOf[z[Z_EQUIP + p * 6 + s]!]!;
    n = writeTargets(st, p, c, TR_SACRIFICE, -1, 0, false, out, n, A_SACRIFICE + s * TARGETS);
  }
  return n;
}

function legalArtefact(st: BRState, p: number, out: Int32Array, n: number): number {
  // Most listings find no Artefact: this check is small enough for V8 to inline.
  return st.z[Z_ART + p]! < 0 ? n : legalArtefactOf(st, p, out, n);
}
/** legalArtefact for a player with an Artefact. */
function legalArtefactOf(st: BRState, p: number, out: Int32Array, n: number): number {
  const z = st.z;
  if (canReveal(st, p)) out[n++] = A_ART_REVEAL;
  if (z[Z_ART_STATE + p] === ART_REVEALED) {
    const c = st.ctx.cardOf[z[Z_ART + p]!]!;
    if (!st.ctx.cat.abFight[ability(st, c, TR_ARTEFACT)] || z[Z_IN_ATTACK]) {
      n = writeTargets(st, p, c, TR_ARTEFACT, -1, st.ctx.cat.cost[c]!, false, out, n, A_ART_ACTIVATE);
    }
  }
  return n;
}

function legalPay(st: BRState, p: number, out: Int32Array): number {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  let n = 0;
  const hn = z[Z_HAND_N + p]!;
  for (let i = 0; i < hn; i++) out[n++] = A_PAY_DISCARD + i;
  const c = scanSlots(st, p);
  for (let m = w[c + SCAN_TAP_RES]!; m !== 0; m &= m - 1) out[n++] = A_PAY_TAP + 31 - Math.clz32(m & -m);
  for (let m = w[c + SCAN_SAC_RES]!; m !== 0; m &= m - 1) out[n++] = A_PAY_SACRIFICE + 31 - Math.clz32(m & -m);
  // The Environment's own resource first (the instance tables are current after the scan): most yield none.
  const env = z[Z_ENV + p]!;
  if (env >= 0 && INST_TAP_RES[env]! > 0 && z[Z_ENV_TAPPED + p] === 0) {
    const ret = z[Z_PEND_RETURN] === PH_RESIST ? z[Z_RS_RETURN] : z[Z_PEND_RETURN];
    if (ret === PH_MAIN || ctx.options.environmentTapInWindows) out[n++] = A_PAY_ENV;
  }
  return n;
}

function legalReaction(st: BRState, d: number, out: Int32Array): number {
  const z = st.z;
  const ctx = st.ctx;
  let n = 0;
  out[n++] = A_PASS;
  const col = z[Z_ATK_COLUMN]!;
  // R37 2a: move a character from another column into the empty target column (not ranged, D19).
  if (z[Z_ATK_RANGED]! < 0 && z[Z_OCC + d * 6 + col]! < 0 && z[Z_OCC + d * 6 + 3 + col]! < 0) {
    for (let m = tappable(st, d); m !== 0; m &= m - 1) {
      const s = 31 - Math.clz32(m & -m);
      out[n++] = A_MOVE + s * 6 + col;
      out[n++] = A_MOVE + s * 6 + 3 + col;
    }
  }
  if (z[Z_TRAP_2A]! < ctx.options.reactionTraps) n = legalReactionTraps(st, d, out, n);
  return n;
}

function legalReactionTraps(st: BRState, d: number, out: Int32Array, n: number): number {
  const z = st.z;
  const ctx = st.ctx;
  beginAfford(st, d, false, false);
  if (!canRaise(st, ctx.options.reactionTrapCost, true)) return n;
  const hn = z[Z_HAND_N + d]!;
  if (instCtx !== ctx) instTables(ctx);
  const type = INST_TYPE;
  for (let i = 0; i < hn; i++) {
    if (type[z[Z_HAND + d * ZONE_CAP + i]!] === T_TRAP) out[n++] = A_TRAP_2A + i;
  }
  return n;
}

function legalWindow(st: BRState, x: number, out: Int32Array): number {
  const w = st.w, z = st.z;
  const active = z[Z_ACTIVE]!;
  if (x !== active) return legalWindowFor(st, x, active, out);
  if (z[Z_STEP] === STEP_3B) {
    // The attacker's first listing in 3b: the list it had when 2b closed (see C_WIN_N).
    const saved = w[C_WIN_N]!;
    if (saved > 0) {
      w[C_WIN_N] = 0;
      for (let i = 0; i < saved; i++) out[i] = w[C_WIN + i]!;
      return saved;
    }
    return legalWindowFor(st, x, active, out);
  }
  const n = legalWindowFor(st, x, active, out);
  w[C_WIN_N] = n <= WIN_SAVED ? n : 0;
  for (let i = 0; i < n && i < WIN_SAVED; i++) w[C_WIN + i] = out[i]!;
  return n;
}

function legalWindowFor(st: BRState, x: number, active: number, out: Int32Array): number {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  const cat = ctx.cat;
  let n = 0;
  out[n++] = A_PASS;
  const taps = tappable(st, x);
  beginAfford(st, x, false, true);
  if (x === active) {
    // R34: the attacker may play Events.
    const hn = z[Z_HAND_N + x]!;
    const type = INST_TYPE; // current after the scan
    for (let i = 0; i < hn; i++) {
      const inst = z[Z_HAND + x * ZONE_CAP + i]!;
      if (type[inst] !== T_EVENT) continue;
      const c = ctx.cardOf[inst]!;
      n = writeTargets(st, x, c, TR_PLAY, -1, cat.cost[c]!, true, out, n, A_PLAY + i * TARGETS);
    }
  }
  n = legalTaps(st, x, false, out, n);
  // R35: one Support (`supportsPerAttack`) per player per attack, from the fighter itself or a character adjacent to it.
  // With D15 on, no tappable character means no Support: the fighter's slot is not needed.
  if (z[Z_SUPPORT_N + x]! < ctx.options.supportsPerAttack && (taps !== 0 || !ctx.options.supportTaps)) {
    let fighter = -1;
    let envDefender = false;
    if (x === active) fighter = slotOf(st, z[Z_ATK_INST]!);
    else if (z[Z_DEF_KIND] === DEF_CHAR) fighter = slotOf(st, z[Z_DEF_INST]!);
    else if (z[Z_DEF_KIND] === DEF_ENV && ctx.options.environmentSupport) envDefender = true; // D16
    // The slots that may support: the fighter and its neighbours (a fighter on the other side has none).
    let near = 0;
    if (envDefender) near = 63;
    else if (fighter >= x * 6 && fighter < x * 6 + 6) near = ADJ_MASK[fighter - x * 6]! | (1 << (fighter - x * 6));
    if (near !== 0) {
      if (ctx.options.supportTaps) {
        // D15: Support taps the supporter, so it must be tappable (R24, R51).
        for (let m = taps & near; m !== 0; m &= m - 1) out[n++] = A_SUPPORT + 31 - Math.clz32(m & -m);
      } else {
        for (let s = 0; s < 6; s++) {
          const gs = x * 6 + s;
          if (z[Z_OCC + gs]! < 0) continue;
          // Support needs a character that is not disoriented (R24, R51).
          if (w[O_ENTERED + gs] === w[O_TURN] && (kwFlagsAt(z, gs) & KW_RAGE) === 0) continue;
          if (near & (1 << s)) out[n++] = A_SUPPORT + s;
        }
      }
    }
  }
  if (x !== active) {
    const col = trapColumn(st);
    const trap = z[Z_TRAP + x * 3 + col]!;
    if (trap >= 0 && !attackerHasStealth(st) && !trapOnlyWasted(st, ctx.cardOf[trap]!)) { // R50: Furtif stops Traps
      const c = ctx.cardOf[trap]!;
      if (canRaise(st, cat.cost[c]!, false)) out[n++] = A_RESOLVE_TRAP;
    }
    // R49: a ranged target that changed column lets the defender place a Trap in the new column.
    if (z[Z_ATK_RANGED]! >= 0 && col !== z[Z_ATK_COLUMN] && z[Z_TRAP_NEWCOL] === 0) {
      n = legalReactionTraps(st, x, out, n);
    }
  }
  return legalArtefact(st, x, out, n);
}

function legalPause(st: BRState, x: number, out: Int32Array): number {
  let n = 0;
  out[n++] = A_PASS;
  beginAfford(st, x, false, false);
  return legalArtefact(st, x, out, n);
}

function legalSetup(st: BRState, p: number, out: Int32Array): number {
  const m = setupChoices(st, p);
  const free = m & 63;
  let n = 0;
  for (let k = 0, asp = m >> 6; asp !== 0; k++, asp >>= 1) {
    if ((asp & 1) === 0) continue;
    for (let s = 0; s < 6; s++) if (free & (1 << s)) out[n++] = A_SETUP + k * 6 + s;
  }
  return n;
}

/**
 * p's setup choices: the Aspirants (by index) still in the deck, minus those already placed
 * (R25: distinct), shifted by 6, over the mask of the free slots.
 */
function setupChoices(st: BRState, p: number): number {
  const z = st.z;
  const ctx = st.ctx;
  const idx = ctx.aspirantIndex[p]!;
  if (instCtx !== ctx) instTables(ctx);
  let free = 0, placed = 0, fromDeck = 0;
  for (let s = 0; s < 6; s++) {
    const inst = z[Z_OCC + p * 6 + s]!;
    if (inst < 0) free |= 1 << s;
    else {
      const k = idx[ctx.cardOf[inst]!]!;
      if (k >= 0) placed |= 1 << k;
      if (inst - p * 48 < ctx.deckSize[p]!) fromDeck++;
    }
  }
  let inDeck = 0;
  if (z[Z_DECK_N + p]! + fromDeck === INST_SETUP_POOL[p]) {
    // The deck and the slots hold every card newGame dealt to the deck: its Aspirants are
    // those of the list, less those on the slots.
    inDeck = INST_SETUP_ASP[p]!;
  } else {
    const base = Z_DECK + p * ZONE_CAP;
    for (let i = 0, n = z[Z_DECK_N + p]!; i < n; i++) {
      const k = idx[ctx.cardOf[st.z[base + i]!]!]!;
      if (k >= 0) inDeck |= 1 << k;
    }
  }
  return ((inDeck & ~placed) << 6) | free;
}

function deckIndexOf(st: BRState, p: number, card: number): number {
  const z = st.z;
  const n = z[Z_DECK_N + p]!;
  for (let i = 0; i < n; i++) if (st.ctx.cardOf[st.z[Z_DECK + p * ZONE_CAP + i]!] === card) return i;
  return -1;
}

/** Legal actions of the current decision, sorted, into out. */
export function legal(st: BRState, out: Int32Array): number {
  const z = st.z;
  const p = z[Z_CURRENT]!;
  switch (z[Z_PHASE]) {
    case PH_SETUP: return legalSetup(st, p, out);
    case PH_MULLIGAN: {
      const m = 1 << z[Z_HAND_N + p]!;
      for (let i = 0; i < m; i++) out[i] = A_MULLIGAN + i;
      return m;
    }
    case PH_MAIN: return legalMain(st, p, out);
    case PH_PAY: return legalPay(st, p, out);
    case PH_REACTION: return legalReaction(st, p, out);
    case PH_WINDOW: return legalWindow(st, p, out);
    case PH_PAUSE: return legalPause(st, p, out);
    case PH_RESIST:
      out[0] = A_PASS;
      out[1] = A_RESIST_PAY;
      return 2;
    case PH_EOT_DISCARD: {
      const hn = z[Z_HAND_N + p]!;
      out[0] = A_PASS;
      for (let i = 0; i < hn; i++) out[i + 1] = A_EOT_DISCARD + i;
      return hn + 1;
    }
    case PH_EOT_DOWN: {
      const hn = z[Z_HAND_N + p]!;
      for (let i = 0; i < hn; i++) out[i] = A_EOT_DISCARD + i;
      return hn;
    }
  }
  return 0;
}

// ======================= applying actions =======================

/** Applies a legal action, then everything forced up to the next decision with a choice. */
export function step(st: BRState, action: number): void {
  applyOne(st, action, false);
  advance(st);
}

/** Resolves forced decisions (a single legal action) and caches the next legal list. */
export function advance(st: BRState): void {
  for (;;) {
    if (st.z[Z_PHASE] === PH_OVER) {
      st.legalCount = 0;
      return;
    }
    const n = legal(st, st.legal);
    st.legalCount = n;
    if (n !== 1) {
      if (n === 0) throw new Error(`engine: no legal action in phase ${st.z[Z_PHASE]} for player ${st.z[Z_CURRENT]}`);
      return;
    }
    st.forcedSteps++;
    applyOne(st, st.legal[0]!, true);
  }
}

function applyOne(st: BRState, a: number, forced: boolean): void {
  const w = st.w, z = st.z;
  const p = z[Z_CURRENT]!;
  if (st.log) {
    const quietPass = forced && a === A_PASS && (z[Z_PHASE] === PH_WINDOW || z[Z_PHASE] === PH_REACTION || z[Z_PHASE] === PH_PAUSE);
    if (!quietPass) st.log.line(`${playerName(st, p)}: ${describeAction(st, a)}${forced ? ' (forced)' : ''}`);
  }
  st.legalCount = -1;
  // The attacker's saved list (C_WIN_N) holds across passes only: any other action may change
  // what it lists, even one applied without listing first.
  if (a !== A_PASS) w[C_WIN_N] = 0;
  switch (z[Z_PHASE]) {
    case PH_SETUP: return doSetup(st, p, a);
    case PH_MULLIGAN: return doMulligan(st, p, a - A_MULLIGAN);
    case PH_MAIN: return doMain(st, p, a);
    case PH_PAY: return doPay(st, p, a);
    case PH_REACTION: return doReaction(st, p, a);
    case PH_WINDOW: return doWindow(st, p, a);
    case PH_PAUSE: return doPause(st, p, a);
    case PH_RESIST: return doResist(st, p, a);
    case PH_EOT_DISCARD:
    case PH_EOT_DOWN: return doEndOfTurnDiscard(st, p, a);
  }
  throw new Error(`engine: action ${a} in phase ${z[Z_PHASE]}`);
}

// ---------- setup (R11–R15, D3, D13, D24) ----------

function doSetup(st: BRState, p: number, a: number): void {
  const z = st.z;
  const ctx = st.ctx;
  const k = ((a - A_SETUP) / 6) | 0;
  const s = (a - A_SETUP) % 6;
  const card = ctx.aspirants[p]![k]!;
  const inst = takeFromDeckAt(st, p, deckIndexOf(st, p, card));
  const gs = p * 6 + s;
  // D3: setup Aspirants are not disoriented on their owner's first turn (unless the knob says so).
  const firstTurn = p === z[Z_FIRST] ? 1 : 2;
  placeOnSlot(st, gs, inst, ctx.options.setupDisoriented ? firstTurn : -1);
  z[Z_FACEDOWN + gs] = 1;
  if (st.rec !== null) {
    recordCount(st, inst, R_SETUP);
    recordSeen(st, inst);
  }
  z[Z_SETUP_DONE + p] = z[Z_SETUP_DONE + p]! + 1;
  if (z[Z_SETUP_DONE + p]! < ctx.options.setupAspirants) {
    const m = setupChoices(st, p);
    if ((m & 63) !== 0 && m >> 6 !== 0) return; // another Aspirant to place, and a free slot
  }
  if (p === z[Z_FIRST]) {
    z[Z_CURRENT] = opp(p);
    return;
  }
  // R12, R13: shuffle, then the first player draws 3, the second 5.
  const first = z[Z_FIRST]!;
  shuffleDeck(st, first);
  shuffleDeck(st, opp(first));
  draw(st, first, ctx.options.openingDraw[0]);
  draw(st, opp(first), ctx.options.openingDraw[1]);
  if (st.rec !== null) recordHands(st, R_DEALT);
  z[Z_PHASE] = PH_MULLIGAN;
  z[Z_CURRENT] = first;
}

function doMulligan(st: BRState, p: number, mask: number): void {
  const z = st.z;
  const sc = st.ctx.scratch;
  // R14: set the chosen cards aside, draw as many, then shuffle them into the deck.
  let k = 0;
  for (let i = z[Z_HAND_N + p]! - 1; i >= 0; i--) {
    if (mask & (1 << i)) sc[k++] = takeFromHand(st, p, i);
  }
  draw(st, p, k);
  for (let i = 0; i < k; i++) pushDeck(st, p, sc[i]!);
  if (k > 0) shuffleDeck(st, p);
  z[Z_MULL_DONE + p] = 1;
  if (p === z[Z_FIRST]) {
    z[Z_CURRENT] = opp(p);
    return;
  }
  if (st.rec !== null) {
    recordHands(st, R_OH);
    recordDepths(st);
  }
  // R15, D13: reveal; the first player's on-enter effects resolve first, then the other's.
  const first = z[Z_FIRST]!;
  for (const q of [first, opp(first)]) {
    for (let gs = q * 6; gs < q * 6 + 6; gs++) z[Z_FACEDOWN + gs] = 0;
    if (st.log) st.log.line(`${playerName(st, q)} reveals ${revealList(st, q)} (R15)`);
  }
  revealEffects(st, 0);
}

/** R15, D13: the revealed Aspirants' on-enter effects, the first player's first, from position k0 on. */
function revealEffects(st: BRState, k0: number): void {
  const z = st.z;
  const first = z[Z_FIRST]!;
  for (let k = k0; k < 12; k++) {
    const q = k < 6 ? first : opp(first);
    const inst = z[Z_OCC + q * 6 + (k % 6)]!;
    if (inst < 0) continue;
    const c = st.ctx.cardOf[inst]!;
    if (hasAbility(st, c, TR_ENTER)) {
      if (st.log) st.log.line(`  ${cardName(st, inst)}: on enter (D20)`);
      if (resolveWithResist(st, q, c, TR_ENTER, inst, -1, RK_REVEAL, -1, z[Z_PHASE]!)) {
        z[Z_RS_NEXT] = k + 1;
        return;
      }
      if (isOver(st)) return;
    }
  }
  startTurn(st, first);
}

/** Marks every card in both hands (the opening hand dealt, then kept after the mulligans). */
function recordHands(st: BRState, field: number): void {
  const rec = st.rec!;
  for (let p = 0; p < 2; p++) {
    for (let i = 0; i < st.z[Z_HAND_N + p]!; i++) {
      const inst = handAt(st, p, i);
      rec[inst * REC_FIELDS + field] = 1;
      if (field === R_OH && rec[inst * REC_FIELDS + R_DEALT] === 1) rec[inst * REC_FIELDS + R_KEPT] = 1;
    }
  }
}

/** Each copy's place in its owner's draw order as play begins: the kept hand, then the library from the top. */
function recordDepths(st: BRState): void {
  const rec = st.rec!, z = st.z;
  for (let p = 0; p < 2; p++) {
    for (let i = 0; i < z[Z_HAND_N + p]!; i++) rec[handAt(st, p, i) * REC_FIELDS + R_DEPTH] = 1;
    const n = z[Z_DECK_N + p]!;
    for (let i = 0; i < n; i++) rec[st.z[Z_DECK + p * ZONE_CAP + i]! * REC_FIELDS + R_DEPTH] = 1 + (n - i); // top: index n − 1
  }
}

function revealList(st: BRState, p: number): string {
  const parts: string[] = [];
  for (let gs = p * 6; gs < p * 6 + 6; gs++) {
    const inst = st.z[Z_OCC + gs]!;
    if (inst >= 0) parts.push(`${cardName(st, inst)} (${['front-left', 'front-centre', 'front-right', 'back-left', 'back-centre', 'back-right'][gs % 6]})`);
  }
  return parts.join(', ');
}

// ---------- turn structure (R16–R18, D5) ----------

function startTurn(st: BRState, p: number): void {
  const w = st.w, z = st.z;
  const turn = w[O_TURN]! + 1;
  w[O_TURN] = turn;
  z[Z_ACTIVE] = p;
  w[C_SCAN_OK] = 0; // R24: disoriented characters are not any more; and the untap below
  if (st.log) st.log.turn = turn;
  if (turn >= st.ctx.options.turnCap) {
    // D5: the turn cap ends the game as a draw, recorded as such.
    z[Z_WINNER] = WIN_DRAW;
    z[Z_END] = END_TURN_CAP;
    z[Z_PHASE] = PH_OVER;
    z[Z_CURRENT] = -1;
    if (st.log) st.log.line(`Turn ${turn} reached without a winner: the game is a draw (D5, cap ${st.ctx.options.turnCap}).`);
    return;
  }
  // R16: the active player untaps everything.
  for (let gs = p * 6; gs < p * 6 + 6; gs++) z[Z_TAPPED + gs] = 0;
  z[Z_ENV_TAPPED + p] = 0;
  if (turn === 2) w[O_POOL + p] += st.ctx.options.secondPlayerResources; // opening knob: the second player's first turn
  z[Z_PHASE] = PH_MAIN;
  z[Z_CURRENT] = p;
  if (st.log) {
    st.log.line('');
    st.log.line(`=== Turn ${turn}: ${playerName(st, p)} (VP ${w[O_VP]}–${w[O_VP + 1]}, hand ${z[Z_HAND_N + p]}, deck ${z[Z_DECK_N + p]}) ===`);
  }
}

/** The until-end-of-turn fields of the slots are one run of bytes in the layout. */
const TURN_EFFECTS_RUN = Z_TKW === Z_TPOW + 12 && Z_TFRONT === Z_TPOW + 24 && Z_TBACK === Z_TPOW + 36 &&
  Z_TDEF === Z_TPOW + 48 && Z_TATK === Z_TPOW + 60 && Z_TRES === Z_TPOW + 72;

/**
 * Zeroes bytes [from, to) of the byte region, its 4-byte-aligned middle as Int32 words: a
 * fill of so short a run costs about twice these stores.
 */
function zeroBytes(st: BRState, from: number, to: number): void {
  const z = st.z, w32 = st.w32;
  let a = Z_BASE + from;
  const b = Z_BASE + to;
  for (; a < b && (a & 3) !== 0; a++) z[a - Z_BASE] = 0;
  for (; a + 4 <= b; a += 4) w32[a >> 2] = 0;
  for (; a < b; a++) z[a - Z_BASE] = 0;
}

function endMainPhase(st: BRState, p: number): void {
  const w = st.w, z = st.z;
  // R21, D6: both pools empty at the end of the active player's main phase.
  w[O_POOL] = 0;
  w[O_POOL + 1] = 0;
  // R18, R31: "until end of turn" bonuses end.
  w[C_SCAN_OK] = 0; // keywords gained this turn (Rage) go
  if (TURN_EFFECTS_RUN) {
    // clearTurnEffects on all 12 slots, as two runs of bytes.
    zeroBytes(st, Z_TPOW, Z_TPOW + 7 * 12);
    zeroBytes(st, Z_ATTACKED, Z_ATTACKED + 12);
  } else {
    for (let gs = 0; gs < 12; gs++) clearTurnEffects(st, gs);
  }
  w[O_ENV_TPOW] = 0;
  w[O_ENV_TPOW + 1] = 0;
  if (st.log) st.log.endOfTurn();
  z[Z_PHASE] = PH_EOT_DISCARD;
  z[Z_CURRENT] = p;
}

function doEndOfTurnDiscard(st: BRState, p: number, a: number): void {
  const w = st.w, z = st.z;
  const opts = st.ctx.options;
  if (a !== A_PASS) {
    const inst = takeFromHand(st, p, a - A_EOT_DISCARD);
    pushDiscard(st, inst);
    recordCount(st, inst, R_EOT);
    if (opts.endOfTurnDiscardsGiveResources) w[O_POOL + p] = w[O_POOL + p]! + opts.discardResource; // D26
    if (z[Z_PHASE] === PH_EOT_DOWN && z[Z_HAND_N + p]! <= opts.handSize) nextTurn(st, p);
    return;
  }
  // R18: draw up to the hand size, then discard down to it.
  const need = opts.handSize - z[Z_HAND_N + p]!;
  if (need > 0) draw(st, p, need);
  if (isOver(st)) return;
  if (z[Z_HAND_N + p]! > opts.handSize) {
    z[Z_PHASE] = PH_EOT_DOWN;
    return;
  }
  nextTurn(st, p);
}

function nextTurn(st: BRState, p: number): void {
  startTurn(st, opp(p));
}

// ---------- main phase (R17, R22–R33) ----------

function doMain(st: BRState, p: number, a: number): void {
  if (a === A_PASS) return endMainPhase(st, p);
  if (a >= A_PLAY && a < A_TAP) return declarePlay(st, p, a, PH_MAIN);
  if (a >= A_TAP && a < A_ATTACK) return declareTap(st, p, a, PH_MAIN);
  if (a >= A_ATTACK && a < A_SUPPORT) return declareAttack(st, p, a);
  if (a === A_ART_REVEAL) return reveal(st, p);
  if (a >= A_ART_ACTIVATE && a < A_EOT_DISCARD) return declareArtefact(st, p, a, PH_MAIN);
  throw new Error(`engine: action ${a} is not a main-phase action`);
}

/** Starts a payment of `due`, or completes the act at once when the pool covers it. */
function pay(st: BRState, p: number, due: number, pend: number, ret: number): void {
  const w = st.w, z = st.z;
  z[Z_PEND] = pend;
  z[Z_PEND_RETURN] = ret;
  z[Z_PAYER] = p;
  if (w[O_POOL + p]! >= due) {
    w[O_POOL + p] = w[O_POOL + p]! - due;
    if (st.log && due > 0) st.log.line(`  pays ${due} from the pool (left ${w[O_POOL + p]})`);
    completePending(st, p);
    return;
  }
  w[O_DUE] = due;
  z[Z_PHASE] = PH_PAY;
  z[Z_CURRENT] = p;
}

function declarePlay(st: BRState, p: number, a: number, ret: number): void {
  const z = st.z;
  const ctx = st.ctx;
  const i = ((a - A_PLAY) / TARGETS) | 0;
  const t = (a - A_PLAY) % TARGETS;
  const inst = takeFromHand(st, p, i);
  const c = ctx.cardOf[inst]!;
  z[Z_PEND_INST] = inst;
  z[Z_PEND_TARGET] = t;
  if (ctx.cat.type[c] === T_TRAP) {
    completePlay(st, p); // R29: no cost to place
    return;
  }
  pay(st, p, ctx.cat.cost[c]!, PEND_PLAY, ret);
}

function declareTap(st: BRState, p: number, a: number, ret: number): void {
  const z = st.z;
  const ctx = st.ctx;
  if (a >= A_SACRIFICE) {
    const s = ((a - A_SACRIFICE) / TARGETS) | 0;
    const t = (a - A_SACRIFICE) % TARGETS;
    const gs = p * 6 + s;
    const obj = z[Z_EQUIP + gs]!;
    const c = ctx.cardOf[obj]!;
    // The Object is destroyed as the cost of its effect.
    setEquip(st, gs, -1);
    pushDiscard(st, obj);
    const chosen = ctx.cat.abTarget[ability(st, c, TR_SACRIFICE)] === TK_NONE ? -1 : targetInst(st, p, t);
    z[Z_PEND_INST] = obj;
    z[Z_PEND_TARGET] = chosen;
    pay(st, p, 0, PEND_SACRIFICE, ret);
    return;
  }
  const src = ((a - A_TAP) / TARGETS) | 0;
  const t = (a - A_TAP) % TARGETS;
  let card: number, srcInst: number;
  if (src === 6) {
    z[Z_ENV_TAPPED + p] = 1;
    srcInst = -1;
    card = ctx.cardOf[z[Z_ENV + p]!]!;
  } else {
    const gs = p * 6 + src;
    tapChar(st, gs); // R30
    srcInst = z[Z_OCC + gs]!;
    card = ctx.cardOf[srcInst]!;
  }
  const chosen = ctx.cat.abTarget[ability(st, card, TR_TAP)] === TK_NONE ? -1 : targetInst(st, p, t);
  z[Z_PEND_SOURCE] = src === 6 ? -2 : srcInst;
  z[Z_PEND_TARGET] = chosen;
  pay(st, p, 0, PEND_TAP, ret);
}

function declareArtefact(st: BRState, p: number, a: number, ret: number): void {
  const z = st.z;
  const c = st.ctx.cardOf[z[Z_ART + p]!]!;
  const t = a - A_ART_ACTIVATE;
  const chosen = st.ctx.cat.abTarget[ability(st, c, TR_ARTEFACT)] === TK_NONE ? -1 : targetInst(st, p, t);
  z[Z_PEND_TARGET] = chosen;
  pay(st, p, st.ctx.cat.cost[c]!, PEND_ARTEFACT, ret);
}

function reveal(st: BRState, p: number): void {
  const z = st.z;
  z[Z_ART_STATE + p] = ART_REVEALED;
  if (st.log) st.log.line(`  ${playerName(st, p)} reveals ${cardName(st, z[Z_ART + p]!)}: its Quest holds (R43)`);
}

function doPay(st: BRState, p: number, a: number): void {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  const cat = ctx.cat;
  let gain = 0;
  if (a < A_PAY_TAP) {
    const inst = takeFromHand(st, p, a - A_PAY_DISCARD);
    pushDiscard(st, inst); // R19a: discarding a card makes a resource (`discardResource`)
    recordCount(st, inst, R_PITCHED);
    gain = ctx.options.discardResource;
  } else if (a < A_PAY_SACRIFICE) {
    const gs = p * 6 + (a - A_PAY_TAP);
    tapChar(st, gs);
    gain = cat.abResource[ability(st, ctx.cardOf[z[Z_OCC + gs]!]!, TR_TAP)]!;
  } else if (a < A_PAY_ENV) {
    const gs = p * 6 + (a - A_PAY_SACRIFICE);
    const obj = z[Z_EQUIP + gs]!;
    setEquip(st, gs, -1);
    pushDiscard(st, obj);
    gain = cat.abResource[ability(st, ctx.cardOf[obj]!, TR_SACRIFICE)]!;
  } else {
    z[Z_ENV_TAPPED + p] = 1;
    gain = cat.abResource[ability(st, ctx.cardOf[z[Z_ENV + p]!]!, TR_TAP)]!;
  }
  w[O_POOL + p] = w[O_POOL + p]! + gain;
  const due = w[O_DUE]!;
  if (w[O_POOL + p]! < due) return;
  w[O_POOL + p] = w[O_POOL + p]! - due;
  w[O_DUE] = 0;
  if (st.log) st.log.line(`  pays ${due} (pool left ${w[O_POOL + p]})`);
  completePending(st, p);
}

function completePending(st: BRState, p: number): void {
  const z = st.z;
  const ctx = st.ctx;
  const ret = z[Z_PEND_RETURN]!;
  const pend = z[Z_PEND]!;
  z[Z_PEND] = PEND_NONE;
  z[Z_PHASE] = ret;
  // Set when the resolution stops on a D22 decision: the rest happens after it (resumeResist).
  let held = false;
  switch (pend) {
    case PEND_RESIST:
      z[Z_RS_PAID] = z[Z_RS_PAID]! | (1 << z[Z_RS_SLOT]!);
      resumeResist(st);
      return;
    case PEND_PLAY:
      held = completePlay(st, p);
      break;
    case PEND_TAP: {
      const src = z[Z_PEND_SOURCE]!;
      const card = src === -2 ? ctx.cardOf[z[Z_ENV + p]!]! : ctx.cardOf[src]!;
      held = resolveWithResist(st, p, card, TR_TAP, src === -2 ? -1 : src, z[Z_PEND_TARGET]!, RK_NONE, -1, ret);
      break;
    }
    case PEND_SACRIFICE:
      held = resolveWithResist(st, p, ctx.cardOf[z[Z_PEND_INST]!]!, TR_SACRIFICE, -1, z[Z_PEND_TARGET]!, RK_NONE, -1, ret);
      break;
    case PEND_RESOLVE_TRAP: {
      const idx = Z_TRAP + p * 3 + trapColumn(st);
      const trap = z[idx]!;
      z[idx] = -1;
      if (st.log) st.log.line(`  ${cardName(st, trap)} is revealed and resolves (R29)`);
      held = resolveWithResist(st, p, ctx.cardOf[trap]!, TR_TRAP, -1, -1, RK_DISCARD, trap, ret); // R29: then discarded
      break;
    }
    case PEND_PLACE_TRAP: {
      const inst = z[Z_PEND_INST]!;
      const idx = Z_TRAP + p * 3 + trapColumn(st);
      if (z[idx]! >= 0) pushDiscard(st, z[idx]!); // D25 / R29: the Trap there is discarded
      z[idx] = inst;
      recordPlayed(st, inst);
      if (z[Z_PHASE] === PH_WINDOW) z[Z_TRAP_NEWCOL] = 1; // R49: the new column's Trap
      else z[Z_TRAP_2A] = z[Z_TRAP_2A]! + 1;
      break;
    }
    case PEND_ARTEFACT: {
      const art = z[Z_ART + p]!;
      if (st.log) st.log.line(`  ${cardName(st, art)} resolves, then leaves the game (R43)`);
      z[Z_ART_STATE + p] = ART_GONE;
      z[Z_ART + p] = -1;
      pushGone(st, art);
      held = resolveWithResist(st, p, ctx.cardOf[art]!, TR_ARTEFACT, -1, z[Z_PEND_TARGET]!, RK_NONE, -1, ret);
      break;
    }
  }
  z[Z_PEND_INST] = z[Z_PEND_SOURCE] = z[Z_PEND_TARGET] = -1;
  if (held || isOver(st)) return;
  afterResolution(st, p, ret);
}

/** Who decides next once an act completed in phase `ret`. */
function afterResolution(st: BRState, p: number, ret: number): void {
  const z = st.z;
  if (ret === PH_MAIN) z[Z_CURRENT] = p;
  else if (ret === PH_REACTION) z[Z_CURRENT] = p;
  else if (ret === PH_WINDOW) afterWindowAction(st, p);
  else if (ret === PH_PAUSE) z[Z_CURRENT] = p;
}

/** Completes a paid play; true when an ability it resolves stops on a D22 decision. */
function completePlay(st: BRState, p: number): boolean {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  const inst = z[Z_PEND_INST]!;
  const t = z[Z_PEND_TARGET]!;
  const c = ctx.cardOf[inst]!;
  z[Z_PEND_INST] = -1;
  if (c === ctx.faultCardId) throw new Error(`fault injected for tests: ${ctx.cat.names[c]} was played`);
  recordPlayed(st, inst);
  switch (ctx.cat.type[c]) {
    case T_CHARACTER: {
      const gs = p * 6 + t;
      if (z[Z_OCC + gs]! >= 0) {
        if (st.log) st.log.line(`  ${cardName(st, z[Z_OCC + gs]!)} is replaced (R23)`);
        leavePlay(st, gs, TO_DISCARD);
      }
      placeOnSlot(st, gs, inst, w[O_TURN]!); // R24: disoriented this turn
      if (hasAbility(st, c, TR_ENTER)) return resolveWithResist(st, p, c, TR_ENTER, inst, -1, RK_NONE, -1, z[Z_PHASE]!); // D20
      return false;
    }
    case T_OBJECT: {
      const gs = t < 6 ? p * 6 + t : opp(p) * 6 + t - 6;
      const old = z[Z_EQUIP + gs]!;
      if (old >= 0) {
        pushDiscard(st, old); // R27: the first Object is discarded
        if (st.log) st.log.line(`  ${cardName(st, old)} is discarded (one Object per character, R27)`);
      }
      setEquip(st, gs, inst);
      return false;
    }
    case T_TRAP: {
      const idx = Z_TRAP + p * 3 + t;
      if (z[idx]! >= 0) pushDiscard(st, z[idx]!); // R29: the Trap there is discarded
      z[idx] = inst;
      return false;
    }
    case T_EVENT: {
      const tk = ctx.cat.abTarget[ability(st, c, TR_PLAY)]!;
      // R28: resolve, then discard
      return resolveWithResist(st, p, c, TR_PLAY, -1, tk === TK_NONE ? -1 : targetInst(st, p, t), RK_DISCARD, inst, z[Z_PHASE]!);
    }
  }
  return false;
}

// ---------- D22: Résistant extras, decided as an ability resolves ----------

/**
 * Resolves ability (card, trig) of p. For each opposing Résistant character it would affect
 * whose extra p can raise, p first decides whether to pay it (PH_RESIST, then the payment
 * sub-step if the pool falls short); the others, and those not paid for, are skipped.
 * `kind` says what follows (RK_DISCARD: `inst` goes to the discard), `ret` the phase it
 * happens in. Returns true when it stopped on a decision: resumeResist finishes it later.
 */
function resolveWithResist(st: BRState, p: number, card: number, trig: number, src: number, chosen: number,
  kind: number, inst: number, ret: number): boolean {
  const ask = resistTargets(st, p, card, trig, src, chosen);
  if (ask === 0) {
    resolveAbility(st, p, card, trig, src, chosen, 0);
    if (kind === RK_DISCARD) pushDiscard(st, inst);
    return false;
  }
  const w = st.w, z = st.z;
  z[Z_RS_P] = p;
  w[O_RS_CARD] = card;
  z[Z_RS_TRIG] = trig;
  z[Z_RS_SRC] = src;
  z[Z_RS_CHOSEN] = chosen;
  z[Z_RS_KIND] = kind;
  z[Z_RS_INST] = inst;
  z[Z_RS_RETURN] = ret;
  z[Z_RS_ASK] = ask;
  z[Z_RS_PAID] = 0;
  if (nextResist(st)) return true;
  clearResist(st);
  return false;
}

/** Asks about the next opposing Résistant character whose extra can be raised (true), or resolves. */
function nextResist(st: BRState): boolean {
  const w = st.w, z = st.z;
  const p = z[Z_RS_P]!;
  const o = opp(p);
  let ask = z[Z_RS_ASK]!;
  while (ask !== 0) {
    const s = 31 - Math.clz32(ask & -ask);
    ask &= ask - 1;
    z[Z_RS_ASK] = ask;
    beginAfford(st, p, z[Z_RS_RETURN] === PH_MAIN, false);
    if (z[Z_OCC + o * 6 + s]! >= 0 && canRaise(st, resistance(st, o * 6 + s), false)) {
      z[Z_RS_SLOT] = s;
      z[Z_PHASE] = PH_RESIST;
      z[Z_CURRENT] = p;
      return true;
    }
  }
  z[Z_PHASE] = z[Z_RS_RETURN]!;
  resolveAbility(st, p, w[O_RS_CARD]!, z[Z_RS_TRIG]!, z[Z_RS_SRC]!, z[Z_RS_CHOSEN]!, z[Z_RS_PAID]!);
  if (z[Z_RS_KIND] === RK_DISCARD) pushDiscard(st, z[Z_RS_INST]!);
  return false;
}

function clearResist(st: BRState): void {
  const w = st.w, z = st.z;
  z[Z_RS_P] = w[O_RS_CARD] = z[Z_RS_TRIG] = z[Z_RS_SRC] = z[Z_RS_CHOSEN] = z[Z_RS_INST] = z[Z_RS_SLOT] = -1;
  z[Z_RS_KIND] = z[Z_RS_RETURN] = z[Z_RS_NEXT] = z[Z_RS_ASK] = z[Z_RS_PAID] = 0;
}

/** After a D22 decision (or its payment): the next one, else the resolution and what follows it. */
function resumeResist(st: BRState): void {
  if (nextResist(st)) return;
  const z = st.z;
  const p = z[Z_RS_P]!, kind = z[Z_RS_KIND]!, ret = z[Z_RS_RETURN]!, next = z[Z_RS_NEXT]!;
  clearResist(st);
  if (isOver(st)) return;
  if (kind === RK_REVEAL) revealEffects(st, next);
  else afterResolution(st, p, ret);
}

function doResist(st: BRState, p: number, a: number): void {
  const z = st.z;
  const gs = opp(p) * 6 + z[Z_RS_SLOT]!;
  if (a === A_RESIST_PAY) {
    pay(st, p, resistance(st, gs), PEND_RESIST, PH_RESIST);
    return;
  }
  resumeResist(st);
}

// ---------- attacks (R33–R41, R45–R52, D9, D12, D15–D19, D25) ----------

function declareAttack(st: BRState, p: number, a: number): void {
  const w = st.w, z = st.z;
  const s = ((a - A_ATTACK) / TARGETS) | 0;
  const t = (a - A_ATTACK) % TARGETS;
  const gs = p * 6 + s;
  const d = opp(p);
  tapChar(st, gs); // step 1: the Attacker taps
  z[Z_ATTACKED + gs] = 1;
  z[Z_IN_ATTACK] = 1;
  z[Z_ATK_INST] = z[Z_OCC + gs]!;
  if (t < 3) {
    z[Z_ATK_COLUMN] = t;
    z[Z_ATK_RANGED] = -1;
  } else {
    z[Z_ATK_RANGED] = z[Z_OCC + d * 6 + t - 3]!;
    z[Z_ATK_COLUMN] = (t - 3) % 3;
  }
  z[Z_DEF_KIND] = DEF_NONE;
  z[Z_DEF_INST] = -1;
  w[O_SUPPORT] = w[O_SUPPORT + 1] = 0;
  z[Z_SUPPORTER] = z[Z_SUPPORTER + 1] = -1;
  z[Z_SUPPORT_N] = z[Z_SUPPORT_N + 1] = 0;
  z[Z_TRAP_2A] = 0;
  z[Z_TRAP_NEWCOL] = 0;
  z[Z_PHASE] = PH_REACTION;
  z[Z_CURRENT] = d;
}

function doReaction(st: BRState, d: number, a: number): void {
  const z = st.z;
  if (a === A_PASS) {
    openWindow(st, STEP_2B);
    return;
  }
  if (a >= A_MOVE && a < A_TRAP_2A) {
    const from = ((a - A_MOVE) / 6) | 0;
    const to = (a - A_MOVE) % 6;
    const a1 = d * 6 + from, b = d * 6 + to;
    tapChar(st, a1);
    swapSlots(st, a1, b); // the target slot is empty: moving is a swap with nothing
    return;
  }
  // A_TRAP_2A: the Trap leaves the hand and waits for its 1 resource.
  const inst = takeFromHand(st, d, a - A_TRAP_2A);
  z[Z_PEND_INST] = inst;
  pay(st, d, st.ctx.options.reactionTrapCost, PEND_PLACE_TRAP, z[Z_PHASE]!);
}

function openWindow(st: BRState, stepNo: number): void {
  const z = st.z;
  z[Z_STEP] = stepNo;
  z[Z_PASSES] = 0;
  z[Z_WTURN] = z[Z_ACTIVE]!; // R36: attacker priority
  z[Z_PHASE] = PH_WINDOW;
  z[Z_CURRENT] = z[Z_ACTIVE]!;
  if (st.log) st.log.line(`  step ${stepNo === STEP_2B ? '2b' : '3b'}: action window (the attacker acts first, D9)`);
}

function afterWindowAction(st: BRState, x: number): void {
  const z = st.z;
  if (z[Z_PHASE] !== PH_WINDOW) return;
  z[Z_PASSES] = 0; // D9: each action reopens the loop
  z[Z_WTURN] = opp(x);
  z[Z_CURRENT] = opp(x);
}

function doWindow(st: BRState, x: number, a: number): void {
  const w = st.w, z = st.z;
  if (a === A_PASS) {
    const passes = z[Z_PASSES]! + 1;
    z[Z_PASSES] = passes;
    if (passes < 2) {
      z[Z_WTURN] = opp(x);
      z[Z_CURRENT] = opp(x);
      return;
    }
    // D9: both passed in a row, the window closes.
    if (z[Z_STEP] === STEP_2B) identifyDefender(st);
    else compareAndResolve(st);
    return;
  }
  if (a >= A_PLAY && a < A_TAP) return declarePlay(st, x, a, PH_WINDOW);
  if (a >= A_TAP && a < A_ATTACK) return declareTap(st, x, a, PH_WINDOW);
  if (a >= A_SUPPORT && a < A_RESOLVE_TRAP) {
    const gs = x * 6 + (a - A_SUPPORT);
    if (st.ctx.options.supportTaps) tapChar(st, gs); // D15: Support taps
    const v = supportValue(st, gs);
    w[O_SUPPORT + x] = w[O_SUPPORT + x]! + v;
    z[Z_SUPPORT_N + x] = z[Z_SUPPORT_N + x]! + 1;
    z[Z_SUPPORTER + x] = z[Z_OCC + gs]!;
    if (st.log) st.log.line(`  ${cardName(st, z[Z_OCC + gs]!)} supports: +${v}`);
    afterWindowAction(st, x);
    return;
  }
  if (a === A_RESOLVE_TRAP) {
    const c = st.ctx.cardOf[z[Z_TRAP + x * 3 + trapColumn(st)]!]!;
    pay(st, x, st.ctx.cat.cost[c]!, PEND_RESOLVE_TRAP, PH_WINDOW);
    return;
  }
  if (a >= A_TRAP_2A && a < A_ART_REVEAL) {
    const inst = takeFromHand(st, x, a - A_TRAP_2A);
    z[Z_PEND_INST] = inst;
    pay(st, x, st.ctx.options.reactionTrapCost, PEND_PLACE_TRAP, PH_WINDOW);
    return;
  }
  if (a === A_ART_REVEAL) {
    reveal(st, x);
    afterWindowAction(st, x);
    return;
  }
  if (a >= A_ART_ACTIVATE && a < A_EOT_DISCARD) return declareArtefact(st, x, a, PH_WINDOW);
  throw new Error(`engine: action ${a} is not a window action`);
}

/** D18: the attack ends with no effect when a fighter left play. */
function fightersGone(st: BRState): boolean {
  const z = st.z;
  if (slotOf(st, z[Z_ATK_INST]!) < 0) return true;
  if (z[Z_DEF_KIND] === DEF_CHAR && slotOf(st, z[Z_DEF_INST]!) < 0) return true;
  return false;
}

function identifyDefender(st: BRState): void {
  const z = st.z;
  const d = opp(z[Z_ACTIVE]!);
  if (fightersGone(st)) return endAttack(st, 'the Attacker left play (D18)');
  const ranged = z[Z_ATK_RANGED]!;
  if (ranged >= 0) {
    // D19: the targeted character is the Defender whatever its row.
    if (slotOf(st, ranged) < 0) return endAttack(st, 'the ranged target left play (D18)');
    z[Z_DEF_KIND] = DEF_CHAR;
    z[Z_DEF_INST] = ranged;
  } else {
    const col = z[Z_ATK_COLUMN]!;
    const front = z[Z_OCC + d * 6 + col]!, back = z[Z_OCC + d * 6 + 3 + col]!;
    if (front >= 0 || back >= 0) {
      z[Z_DEF_KIND] = DEF_CHAR; // R38 (a tapped character can defend, R38b)
      z[Z_DEF_INST] = front >= 0 ? front : back;
    } else {
      z[Z_DEF_KIND] = DEF_ENV;
      z[Z_DEF_INST] = z[Z_ENV + d]!;
    }
  }
  if (st.log) st.log.line(`  step 3a: the Defender is ${cardName(st, z[Z_DEF_INST]!)}${z[Z_DEF_KIND] === DEF_ENV ? ' (the Environment)' : ''}`);
  openWindow(st, STEP_3B);
}

/** Step 4 totals (R39), written to O_LAST_ATK_POWER / O_LAST_DEF_POWER. */
export function fightTotals(st: BRState): void {
  const z = st.z;
  fightTotalsAt(st, slotOf(st, z[Z_ATK_INST]!), z[Z_DEF_KIND] === DEF_CHAR ? slotOf(st, z[Z_DEF_INST]!) : -1);
}

/** fightTotals with the fighters' slots found already (ags, and dgs for a character Defender). */
function fightTotalsAt(st: BRState, ags: number, dgs: number): void {
  const w = st.w, z = st.z;
  const a = z[Z_ACTIVE]!;
  const d = opp(a);
  const atk = ags >= 0 ? charPower(st, ags, ROLE_ATTACKER) + w[O_SUPPORT + a]! : 0;
  let def = 0;
  if (z[Z_DEF_KIND] === DEF_CHAR) {
    def = dgs >= 0 ? charPower(st, dgs, ROLE_DEFENDER) + w[O_SUPPORT + d]! : 0;
  } else if (z[Z_DEF_KIND] === DEF_ENV) {
    def = st.ctx.cat.power[st.ctx.cardOf[z[Z_DEF_INST]!]!]! + w[O_ENV_TPOW + d]! + w[O_SUPPORT + d]!; // R6b, R39
  }
  w[O_LAST_ATK_POWER] = atk;
  w[O_LAST_DEF_POWER] = def;
}

function compareAndResolve(st: BRState): void {
  const w = st.w, z = st.z;
  const a = z[Z_ACTIVE]!;
  const d = opp(a);
  // The fighters' slots, found once (D18: the attack ends when one left play).
  const ags = slotOf(st, z[Z_ATK_INST]!);
  const defChar = z[Z_DEF_KIND] === DEF_CHAR;
  const dgs0 = defChar ? slotOf(st, z[Z_DEF_INST]!) : -1;
  if (ags < 0 || (defChar && dgs0 < 0)) return endAttack(st, 'a fighter left play before step 4 (D18)');
  fightTotalsAt(st, ags, dgs0);
  const atk = w[O_LAST_ATK_POWER]!, def = w[O_LAST_DEF_POWER]!;
  const envDef = z[Z_DEF_KIND] === DEF_ENV;
  const dgs = envDef ? -1 : defChar ? dgs0 : slotOf(st, z[Z_DEF_INST]!);
  if (st.log) {
    st.log.line(`  step 4: ${cardName(st, z[Z_ATK_INST]!)} ${atk} = ${powerBreakdown(st, ags, ROLE_ATTACKER, w[O_SUPPORT + a]!, z[Z_SUPPORTER + a]!)}`);
    if (envDef) {
      const envPow = st.ctx.cat.power[st.ctx.cardOf[z[Z_DEF_INST]!]!]!;
      const notes = st.log.bonusesOf(z[Z_DEF_INST]!);
      const temp = w[O_ENV_TPOW + d]! ? ` + ${w[O_ENV_TPOW + d]} (${notes.length ? notes.join(', ') : 'effects'})` : '';
      st.log.line(`          ${cardName(st, z[Z_DEF_INST]!)} ${def} = ${envPow} (Environment power, R6b)${temp}${w[O_SUPPORT + d] ? ` + ${w[O_SUPPORT + d]} support` : ''}`);
    } else {
      st.log.line(`          ${cardName(st, z[Z_DEF_INST]!)} ${def} = ${powerBreakdown(st, dgs, ROLE_DEFENDER, w[O_SUPPORT + d]!, z[Z_SUPPORTER + d]!)}`);
    }
    st.log.line(`  ${atk} ${atk > def ? '>' : '≤'} ${def}: the ${atk > def ? 'Attacker' : 'Defender'} wins (R39)`);
  }
  if (atk > def) {
    // R40: the Defender is destroyed; VP by grade, or `environmentVp` for the Environment.
    let vp: number;
    if (envDef) {
      vp = st.ctx.options.environmentVp;
      if (vp > 0) gainVp(st, a, vp, VP_ENVIRONMENT, z[Z_ATK_INST]!, -1);
    } else {
      vp = destroyInCombat(st, dgs, a);
      if (vp > 0) gainVp(st, a, vp, VP_KILL, z[Z_ATK_INST]!, z[Z_DEF_INST]!);
    }
    if (vp > 0 && !isOver(st)) {
      const g2 = slotOf(st, z[Z_ATK_INST]!);
      if (g2 >= 0) {
        if (st.log) st.log.line(`  Recovery (R41):`);
        leavePlay(st, g2, TO_HAND);
      }
    }
  } else if (!envDef && (keywordFlags(st, dgs) & KW_COUNTER) !== 0) {
    // R48: Contre-Attaque destroys the Attacker; the Defender scores by its grade.
    if (st.log) st.log.line(`  Contre-Attaque (R48): ${cardName(st, z[Z_ATK_INST]!)} is destroyed`);
    const vp = destroyInCombat(st, ags, d);
    if (vp > 0) {
      gainVp(st, d, vp, VP_KILL, z[Z_DEF_INST]!, z[Z_ATK_INST]!);
      if (!isOver(st)) {
        const g2 = slotOf(st, z[Z_DEF_INST]!);
        if (g2 >= 0) {
          if (st.log) st.log.line(`  Recovery (R41):`);
          leavePlay(st, g2, TO_HAND);
        }
      }
    }
  }
  if (isOver(st)) return;
  endAttack(st, '');
}

function endAttack(st: BRState, why: string): void {
  const w = st.w, z = st.z;
  if (why && st.log) st.log.line(`  the attack ends with no effect: ${why}`);
  z[Z_IN_ATTACK] = 0;
  z[Z_ATK_INST] = z[Z_DEF_INST] = z[Z_ATK_RANGED] = -1;
  z[Z_DEF_KIND] = DEF_NONE;
  w[O_SUPPORT] = w[O_SUPPORT + 1] = 0;
  z[Z_SUPPORTER] = z[Z_SUPPORTER + 1] = -1;
  z[Z_SUPPORT_N] = z[Z_SUPPORT_N + 1] = 0;
  z[Z_STEP] = 0;
  // D12: a pause for the non-active player's Artefact, skipped when it has none to use.
  const d = opp(z[Z_ACTIVE]!);
  if (z[Z_ART_STATE + d] === ART_REVEALED || canReveal(st, d)) {
    z[Z_PHASE] = PH_PAUSE;
    z[Z_CURRENT] = d;
  } else {
    z[Z_PHASE] = PH_MAIN;
    z[Z_CURRENT] = z[Z_ACTIVE]!;
  }
}

function doPause(st: BRState, x: number, a: number): void {
  const z = st.z;
  if (a === A_PASS) {
    z[Z_PHASE] = PH_MAIN;
    z[Z_CURRENT] = z[Z_ACTIVE]!;
    return;
  }
  if (a === A_ART_REVEAL) return reveal(st, x);
  if (a >= A_ART_ACTIVATE && a < A_EOT_DISCARD) return declareArtefact(st, x, a, PH_PAUSE);
  throw new Error(`engine: action ${a} is not a pause action`);
}

