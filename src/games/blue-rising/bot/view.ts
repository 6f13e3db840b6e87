// What the heuristic bot's seat may know, read from the state once per decision into flat
// arrays and numbers: its own hand and deck (as a multiset, never its order), both boards
// (never an opponent's face-down setup Aspirant: `seen` is 0 and its card -1), VP, pools,
// the attack context, the opponent's hand and deck SIZES, and only the presence of the
// opponent's face-down Traps. The scorers read this view, never the state; the state itself
// is kept only for the engine's own estimate of a Résistant extra (`resistExtraOf`).
//
// The memos of one decision (a kill's value, an attack's value…, MEMO_* below) are values
// that are pure functions of the view, computed at most once and then read again.
import { resistance, slotOf } from '../board.ts';
import type { Catalogue } from '../catalogue/compile.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import { resistExtra } from '../effects.ts';
import type { BRState, GameContext } from '../state.ts';
import * as stateLayout from '../state.ts';
import { CAT_AB_RESOURCE, CAT_GRADE, INFO_CHAR_STAT, INFO_OBJ_STAT, useCatalogue } from './card-info.ts';
import * as cardInfoCodes from './card-info.ts';
import type { HeuristicProfile } from './profiles.ts';
import { computeBase, deckClock, envPower, setupFight } from './values.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  KW_RAGE, NUM_TRIGGERS, TR_SACRIFICE, TR_TAP,
} = catalogueCodes;
const {
  ART_REVEALED, DEF_CHAR, DEF_ENV, Z_ACTIVE, Z_ART, Z_ART_STATE, Z_ATK_COLUMN, Z_ATK_INST,
  Z_ATK_RANGED, Z_ATTACKED, Z_CURRENT, Z_DECK, Z_DECK_N, Z_DEF_INST, Z_DEF_KIND, O_ENTERED, Z_ENV,
  Z_ENV_TAPPED, O_ENV_TPOW, Z_EQUIP, Z_FACEDOWN, Z_HAND, Z_HAND_N, Z_IN_ATTACK, Z_OCC,
  Z_PEND_RETURN, Z_PHASE, O_POOL, Z_RS_SLOT, Z_STEP, O_SUPPORT, Z_SUPPORTER, Z_TAPPED, Z_TATK,
  Z_TBACK, Z_TDEF, Z_TFRONT, Z_TKW, Z_TPOW, Z_TRES, Z_TRAP, O_TURN, O_VP, PH_EOT_DISCARD,
  PH_EOT_DOWN, PH_MAIN, PH_MULLIGAN, PH_PAY, PH_REACTION, PH_SETUP, PH_WINDOW, ZONE_CAP,
  INST_PER_PLAYER, NUM_INST,
} = stateLayout;
const {
  ST_ATK, ST_BACK, ST_DEF, ST_FLAGS, ST_FRONT, ST_POW, ST_RES, ST_SUPPORT, ST_W,
} = cardInfoCodes;

/** The attack in progress, as the seat sees it (phases 2a and the windows only). */
export interface Fight {
  /** In an attack's reaction or window phase (the fight scorers apply). */
  in: boolean;
  agsFight: number; // attacker's global slot
  dgs: number; // defender's global slot, predicted before step 3a
  dgsEng: number; // defender's slot as the engine names it ("the Defender")
  envEng: boolean; // the Environment is the Defender (engine)
  envPred: boolean; // the Environment is (predicted to be) the Defender
  atk: number;
  def: number;
  ca: boolean;
  vA: number; // my value when the Attacker wins
  vD: number; // my value when the Defender wins with Contre-Attaque
  trapCol: number;
  step: number;
}

/** The memos' clock: the memos themselves are the MEMO_* constants below. */
export interface Memo {
  /** Counts the decisions' resets (a double: no wrap): a memo cleared where first read is stamped with it. */
  epoch: number;
}

export interface View {
  st: BRState;
  cat: Catalogue;
  P: HeuristicProfile;
  me: number;
  op: number;
  active: number;
  phase: number;
  turn: number;
  vpToWin: number;
  vpUnit: number;
  pool: number;
  oppPool: number;
  handN: number;
  oppHandN: number;
  deckN: number;
  /** Our setup Aspirants' cards (R11). */
  aspirants: Int16Array;
  /** Our deck as a multiset: count per card (filled on demand, see `deckHistogram`). */
  deckHist: Int32Array;
  // ---- the board's arrays are the module constants OCC … SUPPORT_GIVEN below ----
  myEnvTapped: boolean;
  myArt: number; // our Artefact's card, or -1
  inAttack: boolean;
  atkColumn: number;
  atkRanged: number; // the ranged target's instance, or -1
  rsSlot: number;
  /** An opposing character has Résistant (from the state, as the engine's estimate reads it): else every extra is 0. */
  oppResist: boolean;
  // ---- derived, per decision ----
  freeRes: number;
  inMain: boolean;
  cardClock: number;
  discardUnit: number;
  demand: number;
  oppCanPay: boolean;
  oppMaxAtk: number;
  myPump: number;
  oppArtPump: number; // what the opponent's revealed Artefact adds to its fighter
  followUp: number;
  oppEnvPow: number;
  myEnvPow: number;
  oppWeakest: number; // the weakest opposing column's defence (its Defender, else the Environment)
  myWeakest: number;
  f: Fight;
  memo: Memo;
}

// Every array of the view and of its memos is a view over this one ArrayBuffer, and those the
// scorers read most are exported as module constants: in the workers' bundle (made `const`
// again: src/sim/const-bindings.ts) V8's optimized code reads and writes such an array at a
// fixed address with its length as a number, where reading it through the view object checks
// the object's map and then the array's map, length and data pointer (and an array of 64 bytes
// or fewer made by `new Int32Array(n)` lives in the heap, where it may move). A loop reads them through locals set before it: named inside
// the loop, V8 read some of them through the map, length and data pointer again (lightView,
// attack.ts's fillAttackRow, main.ts's scoreMain).
const VIEW_BUFFER = new ArrayBuffer(4096);
let viewBytes = 0;
/** Where the next array of `bytes` bytes starts in VIEW_BUFFER (each at a multiple of 8). */
function take(bytes: number): number {
  const at = viewBytes;
  viewBytes += Math.ceil(bytes / 8) * 8;
  if (viewBytes > VIEW_BUFFER.byteLength) throw new Error(`the view's arrays need more than ${VIEW_BUFFER.byteLength} bytes`);
  return at;
}
const f64 = (n: number) => new Float64Array(VIEW_BUFFER, take(8 * n), n);
const i32 = (n: number) => new Int32Array(VIEW_BUFFER, take(4 * n), n);
const u8 = (n: number) => new Uint8Array(VIEW_BUFFER, take(n), n);

// The memos: parts of one array, which buildView clears from kill to enter at each decision;
// boost and the attack memos are cleared where first read in a decision (values.ts's sideBoost,
// attack.ts's attackRow).
const MEMO_ALL = f64(12 * 4 + ZONE_CAP + 24 + 6 + 54 + 18);
let memoAt = 0;
const memoPart = (n: number) => MEMO_ALL.subarray(memoAt, (memoAt += n));
export const MEMO_KILL = memoPart(12), MEMO_LOSS = memoPart(12), MEMO_OFFENSE = memoPart(12), MEMO_RECOVERY = memoPart(12);
export const MEMO_ENTER = memoPart(ZONE_CAP), MEMO_BOOST = memoPart(24), MEMO_BEST_ATK = memoPart(6), MEMO_ATTACK = memoPart(54);
export const MEMO_EMPTY_COL = memoPart(18);
export const MEMO_ROW_EPOCH = f64(6).fill(-1), MEMO_BOOST_EPOCH = f64(24).fill(-1);
export const MEMO_MOVER_DEF = i32(12), MEMO_MOVER_EPOCH = f64(12).fill(-1);
// MEMO_KILL, MEMO_LOSS, MEMO_OFFENSE, MEMO_RECOVERY: per global slot, killValue, lossValue,
// offenseAt and recoveryCost; MEMO_ENTER: per hand index, a hand character's on-enter effect;
// MEMO_BOOST: [24] sideBoost(side of fgs, fgs, excl) for excl = -1 (even) or fgs (odd);
// MEMO_BEST_ATK: [6] bestAttackValue; MEMO_ATTACK: [6 * 9] attackValue; MEMO_EMPTY_COL: [6 * 3]
// an attack on an empty column, per attacker and Trap risk. MEMO_ROW_EPOCH: per attacker, the
// epoch its attack, empty-column and best-attack memos were cleared in (attack.ts's attackRow);
// MEMO_BOOST_EPOCH: the epoch of each boost entry; MEMO_MOVER_DEF and MEMO_MOVER_EPOCH: per
// opposing slot, a mover's best defence from either row (attack.ts) and the epoch of it.
// One set of memos for every view: each full decision resets them before it reads any, the
// opening and end-of-turn scorers read none, and no decision runs inside another (one thread).
const SHARED_MEMO: Memo = { epoch: 0 };

// The view's arrays are shared by every view alike: each decision writes what its scorers
// read before they read it (buildView, lightView, deckHistogram), so nothing carries over from
// one decision to the next, and a simulation, which makes two bots per game, allocates none.
// Per global slot (0–5 seat 0, 6–11 seat 1): OCC, a character is there (public, even face down);
// SEEN, there and we may look at it; CARD, its card if seen, else -1; GRADE; EQUIP, its Object's
// card, or -1; CAN_TAP, 0 on every unseen slot (the scorers rely on it); FLAGS, keywordFlags;
// SUPPORT, supportValue; POW_ATK and POW_DEF, charPower as Attacker and as Defender.
export const OCC = u8(12), SEEN = u8(12), CARD = i32(12), GRADE = i32(12), EQUIP = i32(12), CAN_TAP = u8(12);
export const FLAGS = i32(12), SUPPORT = i32(12), POW_ATK = i32(12), POW_DEF = i32(12);
// VP per seat; HAND, our hand's cards in [0, handN); MY_TRAP, our Trap's card per column, or -1;
// OPP_TRAP, a face-down opposing Trap is there; ENV_CARD, each seat's Environment card, or -1;
// ENV_TPOW, its power until the end of turn; SUPPORTER and SUPPORT_GIVEN, each seat's supporter
// instance (Z_SUPPORTER) and the Support it gave (O_SUPPORT).
export const VP = i32(2), HAND = i32(ZONE_CAP), MY_TRAP = i32(3), OPP_TRAP = u8(3), ENV_CARD = i32(2), ENV_TPOW = i32(2);
export const SUPPORTER = i32(2), SUPPORT_GIVEN = i32(2);
// Per slot, 1 when the arrays above hold there what an unseen slot reads (seen 0, card and
// equip -1, every number 0), so that a slot that stays unseen is not written again.
const SHARED_BLANK = u8(12);
// What buildView copies over the slot memos and MEMO_ENTER at each decision.
const NAN_SLOT_MEMOS = new Float64Array(48 + ZONE_CAP).fill(NaN);
// Our characters' cards, gathered by buildView's pass for computeBase.
const MY_CARDS = i32(6);
// Per seat, the distinct cards of its own instances in ascending order ([p * ZONE_CAP, + n[p])):
// what its deck may hold (deckAverage), read from `of` (a ctx.cardOf) and shared by every view.
export const OWN_CARDS = { cards: new Int16Array(2 * ZONE_CAP), n: new Int32Array(2), of: null as Int16Array | null };
// The card of each instance of the context buildView last read (its ctx.cardOf), as a module constant.
const CARD_OF = new Int16Array(NUM_INST);
let cardOfCtx: GameContext | null = null;
const NO_ASPIRANTS = new Int16Array(0);
const NO_HIST = new Int32Array(0);
let sharedHist = NO_HIST; // grown to the largest catalogue seen

export function allocView(P: HeuristicProfile): View {
  return {
    st: null as unknown as BRState, cat: null as unknown as Catalogue, P,
    me: 0, op: 1, active: 0, phase: 0, turn: 0, vpToWin: 5, vpUnit: 1, pool: 0, oppPool: 0, handN: 0, oppHandN: 0, deckN: 0,
    aspirants: NO_ASPIRANTS, deckHist: NO_HIST, myEnvTapped: false, myArt: -1, inAttack: false,
    atkColumn: 0, atkRanged: -1, rsSlot: 0, oppResist: false,
    freeRes: 0, inMain: false, cardClock: 0, discardUnit: 0, demand: 0, oppCanPay: false, oppMaxAtk: 0, myPump: 0,
    oppArtPump: 0, followUp: 0, oppEnvPow: 0, myEnvPow: 0, oppWeakest: 0, myWeakest: 0,
    f: { in: false, agsFight: -1, dgs: -1, dgsEng: -1, envEng: false, envPred: false, atk: 0, def: 0, ca: false, vA: 0, vD: 0, trapCol: 0, step: 0 },
    memo: SHARED_MEMO,
  };
}

/**
 * Reads what the seat to move may know from `st` into `v` (in place: nothing allocated).
 * `light`: the scorer reads only what lightView reads (a payment by discards and the
 * Environment only, see payReadsBoard).
 */
export function buildView(v: View, st: BRState, light: boolean): void {
  v.st = st;
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  useCatalogue(ctx.cat); // the card tables the scorers read (card-info.ts)
  if (v.cat !== ctx.cat) {
    v.cat = ctx.cat;
    if (sharedHist.length < ctx.cat.size) sharedHist = new Int32Array(ctx.cat.size);
    v.deckHist = sharedHist;
  }
  if (cardOfCtx !== ctx) {
    CARD_OF.set(ctx.cardOf);
    cardOfCtx = ctx;
  }
  const cardOf = CARD_OF;
  const me = (v.me = z[Z_CURRENT]!);
  const op = (v.op = 1 - me);
  v.active = z[Z_ACTIVE]!;
  v.phase = z[Z_PHASE]!;
  v.turn = w[O_TURN]!;
  v.vpToWin = ctx.options.vpToWin;
  v.vpUnit = (v.P.vp * 5) / v.vpToWin;
  VP[0] = w[O_VP]!;
  VP[1] = w[O_VP + 1]!;
  v.pool = w[O_POOL + me]!;
  v.oppPool = w[O_POOL + op]!;
  v.handN = z[Z_HAND_N + me]!;
  v.oppHandN = z[Z_HAND_N + op]!;
  v.deckN = z[Z_DECK_N + me]!;
  v.aspirants = ctx.aspirants[me]!;
  {
    const hand = HAND, z = st.z, handN = v.handN, base = Z_HAND + me * ZONE_CAP;
    for (let i = 0; i < handN; i++) hand[i] = cardOf[z[base + i]!]!;
  }
  v.f.in = false;
  const phase = v.phase;
  if (light || phase === PH_SETUP || phase === PH_MULLIGAN || phase === PH_EOT_DISCARD || phase === PH_EOT_DOWN) {
    // The opening, the end of turn and a payment by discards read only who stands where, our
    // Traps and the deck clock.
    lightView(v, st);
    return;
  }
  const m = v.memo;
  m.epoch++;
  // The reset of the slot memos (NaN: not computed yet): MEMO_KILL, MEMO_LOSS, MEMO_OFFENSE and
  // MEMO_RECOVERY are MEMO_ALL[0, 48), MEMO_ENTER follows them. One copy of a NaN template, not a loop: the
  // optimized loop checked the array's map and reloaded its length and data pointer at every
  // store, about 18 instructions per entry, some 960 a decision; `fill` called into the runtime.
  MEMO_ALL.set(NAN_SLOT_MEMOS);
  // Per slot, the numbers board.ts's charPower, keywordFlags, canTap and supportValue give, read
  // in one pass (the bot reads them many times per decision); what it seldom reads (attacked,
  // Résistant, the other row's bonus) is read where asked (attackedAt, resistAt, rowBonus).
  const turn = v.turn;
  const occA = OCC, seenA = SEEN;
  const cardA = CARD, gradeA = GRADE, equipA = EQUIP, flagsA = FLAGS, canTapA = CAN_TAP;
  const supportA = SUPPORT, atkA = POW_ATK, defA = POW_DEF;
  const blankA = SHARED_BLANK;
  const CS = INFO_CHAR_STAT, OS = INFO_OBJ_STAT, gradeOf = CAT_GRADE;
  for (let p = 0; p < 2; p++) {
    const env = z[Z_ENV + p]!;
    ENV_CARD[p] = env < 0 ? -1 : cardOf[env]!;
    ENV_TPOW[p] = w[O_ENV_TPOW + p]!;
    SUPPORTER[p] = z[Z_SUPPORTER + p]!;
    SUPPORT_GIVEN[p] = w[O_SUPPORT + p]!;
  }
  const oppEnvPow = envPower(v, op);
  v.oppEnvPow = oppEnvPow;
  v.myEnvPow = envPower(v, me);
  // What computeBase sums over the slots, read in this pass: our characters (and their cards),
  // the resources our tap and sacrifice effects could raise, the opponent's, its strongest
  // attacker, and our ready attackers that beat its Environment.
  const abResource = CAT_AB_RESOURCE;
  const myLo = me * 6, myHi = myLo + 6;
  const myCards = MY_CARDS;
  let chars = 0, free = 0, oppRes = 0, oppMax = 0, fu = 0;
  let oppResist = false;
  for (let gs = 0; gs < 12; gs++) {
    const inst = z[Z_OCC + gs]!;
    const mine = gs >= myLo && gs < myHi;
    if (inst < 0 || (!mine && z[Z_FACEDOWN + gs] !== 0)) {
      occA[gs] = inst < 0 ? 0 : 1;
      if (blankA[gs] === 0) {
        seenA[gs] = canTapA[gs] = 0;
        cardA[gs] = equipA[gs] = -1;
        gradeA[gs] = flagsA[gs] = supportA[gs] = atkA[gs] = defA[gs] = 0;
        blankA[gs] = 1;
      }
      // The engine's estimate reads the state: a face-down opposing character may be Résistant.
      if (inst >= 0 && !oppResist && resistance(st, gs) > 0) oppResist = true;
      continue;
    }
    occA[gs] = 1;
    seenA[gs] = 1;
    blankA[gs] = 0;
    const c = cardOf[inst]!;
    const o = z[Z_EQUIP + gs]!;
    cardA[gs] = c;
    gradeA[gs] = gradeOf[c]!;
    const b = c * ST_W;
    let flags = CS[b + ST_FLAGS]! | z[Z_TKW + gs]!;
    let support = CS[b + ST_SUPPORT]!;
    // The row bonus of its own row only (Avant in front, Arrière behind): rowBonus reads the other.
    const front = gs % 6 < 3;
    let row = front ? CS[b + ST_FRONT]! + z[Z_TFRONT + gs]! : CS[b + ST_BACK]! + z[Z_TBACK + gs]!;
    let atk = CS[b + ST_ATK]! + z[Z_TATK + gs]!, def = CS[b + ST_DEF]! + z[Z_TDEF + gs]!;
    let base = CS[b + ST_POW]! + z[Z_TPOW + gs]!;
    let res = 0;
    let objResist = 0; // the Object's Résistant, for resistAt's sum below
    if (o >= 0) {
      const oc = cardOf[o]!;
      const ob = oc * ST_W;
      equipA[gs] = oc;
      flags |= OS[ob + ST_FLAGS]!;
      support += OS[ob + ST_SUPPORT]!;
      row += OS[ob + (front ? ST_FRONT : ST_BACK)]!;
      atk += OS[ob + ST_ATK]!;
      def += OS[ob + ST_DEF]!;
      base += OS[ob + ST_POW]!;
      res = abResource[oc * NUM_TRIGGERS + TR_SACRIFICE]!;
      objResist = OS[ob + ST_RES]!;
    } else equipA[gs] = -1;
    flagsA[gs] = flags;
    // board.ts's canTap: untapped, and not entered this turn unless Rage.
    const ct = z[Z_TAPPED + gs] === 0 && (w[O_ENTERED + gs] !== turn || (flags & KW_RAGE) !== 0);
    canTapA[gs] = ct ? 1 : 0;
    supportA[gs] = support;
    base += row;
    const powAtk = base + atk;
    atkA[gs] = powAtk;
    defA[gs] = base + def;
    if (ct) res += abResource[c * NUM_TRIGGERS + TR_TAP]!;
    if (mine) {
      myCards[chars++] = c;
      free += res;
      if (ct && z[Z_ATTACKED + gs] === 0 && powAtk > oppEnvPow) fu++; // ready
    } else {
      // resistAt's sum, from what this pass read
      if (!oppResist && CS[b + ST_RES]! + z[Z_TRES + gs]! + objResist > 0) oppResist = true;
      oppRes += res;
      if (powAtk > oppMax) oppMax = powAtk;
    }
  }
  for (let c = 0; c < 3; c++) {
    const mine = z[Z_TRAP + me * 3 + c]!;
    MY_TRAP[c] = mine >= 0 ? cardOf[mine]! : -1;
    OPP_TRAP[c] = z[Z_TRAP + op * 3 + c]! >= 0 ? 1 : 0;
  }
  v.myEnvTapped = z[Z_ENV_TAPPED + me] !== 0;
  const art = z[Z_ART + me]!;
  v.myArt = art < 0 ? -1 : cardOf[art]!;
  v.inAttack = z[Z_IN_ATTACK] !== 0;
  v.atkColumn = z[Z_ATK_COLUMN]!;
  v.atkRanged = z[Z_ATK_RANGED]!;
  v.rsSlot = z[Z_RS_SLOT]!;
  v.oppResist = oppResist;
  if (v.phase === PH_SETUP || v.phase === PH_MULLIGAN) return;
  v.inMain = v.phase === PH_MAIN || (v.phase === PH_PAY && z[Z_PEND_RETURN] === PH_MAIN);
  let oppArtCard = -1;
  if (z[Z_ART_STATE + op] === ART_REVEALED) oppArtCard = cardOf[z[Z_ART + op]!]!;
  computeBase(v, oppArtCard, myCards, chars, free, oppRes, oppMax, fu);
  if (v.phase === PH_REACTION || v.phase === PH_WINDOW) {
    const atk = z[Z_ATK_INST]!;
    const ranged = z[Z_ATK_RANGED]!;
    const kind = z[Z_DEF_KIND]!;
    setupFight(v, atk >= 0 ? slotOf(st, atk) : -1, ranged >= 0 ? slotOf(st, ranged) : -1, kind === DEF_CHAR ? slotOf(st, z[Z_DEF_INST]!) : -1,
      kind === DEF_CHAR ? 1 : kind === DEF_ENV ? 2 : 0, z[Z_STEP]!);
  }
}

/** The view the opening, the end-of-turn and the light payment scorers read: the board's cards, our Traps, the deck clock. */
function lightView(v: View, st: BRState): void {
  const z = st.z, cardOf = CARD_OF, me = v.me;
  if (v.phase === PH_MULLIGAN) return; // the hand and the deck only
  if (v.phase === PH_SETUP) {
    for (let gs = me * 6; gs < me * 6 + 6; gs++) OCC[gs] = z[Z_OCC + gs]! >= 0 ? 1 : 0; // our own slots only
    return;
  }
  const occ = OCC, seenA = SEEN, card = CARD, blank = SHARED_BLANK;
  for (let gs = 0; gs < 12; gs++) {
    const inst = z[Z_OCC + gs]!;
    const seen = inst >= 0 && (z[Z_FACEDOWN + gs] === 0 || ((gs / 6) | 0) === me);
    occ[gs] = inst >= 0 ? 1 : 0;
    seenA[gs] = seen ? 1 : 0;
    card[gs] = seen ? cardOf[inst]! : -1;
    if (seen) blank[gs] = 0;
  }
  for (let c = 0; c < 3; c++) {
    const mine = z[Z_TRAP + me * 3 + c]!;
    MY_TRAP[c] = mine >= 0 ? cardOf[mine]! : -1;
  }
  deckClock(v);
}

/**
 * Our deck as counts per card (a multiset: never its order), into v.deckHist. Returns true when
 * the deck holds only our own instances, counted at the cards of OWN_CARDS alone (our own
 * instances' cards, ascending: no other entry is written); else every card's count.
 */
export function deckHistogram(v: View): boolean {
  const st = v.st, z = st.z, cardOf = st.ctx.cardOf;
  const O = OWN_CARDS;
  if (O.of !== cardOf) readOwnCards(cardOf);
  const hist = v.deckHist, own = O.cards, lo = v.me * ZONE_CAP, hi = lo + O.n[v.me]!;
  const base = Z_DECK + v.me * ZONE_CAP, first = v.me * INST_PER_PLAYER;
  let ownOnly = true;
  for (let i = 0; i < v.deckN; i++) {
    const inst = z[base + i]!;
    if (inst < first || inst >= first + INST_PER_PLAYER) ownOnly = false;
  }
  if (ownOnly) for (let k = lo; k < hi; k++) hist[own[k]!] = 0;
  else hist.fill(0, 0, v.cat.size);
  for (let i = 0; i < v.deckN; i++) hist[cardOf[z[base + i]!]!]!++;
  return ownOnly;
}

/** OWN_CARDS from cardOf: per seat, the distinct cards of its instances, ascending (no allocation). */
function readOwnCards(cardOf: Int16Array): void {
  const own = OWN_CARDS.cards;
  for (let p = 0; p < 2; p++) {
    const lo = p * ZONE_CAP;
    let n = 0;
    for (let i = 0; i < INST_PER_PLAYER; i++) {
      const c = cardOf[p * INST_PER_PLAYER + i]!;
      if (c < 0) continue;
      // Insertion into the sorted run own[lo, lo + n), skipping a card already there.
      let k = lo + n;
      while (k > lo && own[k - 1]! > c) k--;
      if (k > lo && own[k - 1] === c) continue;
      for (let j = lo + n; j > k; j--) own[j] = own[j - 1]!;
      own[k] = c;
      n++;
    }
    OWN_CARDS.n[p] = n;
  }
  OWN_CARDS.of = cardOf;
}

// What the scorers seldom read of a seen slot, read from the state when asked rather than
// copied at every decision (all public).
/** The character on the seen slot gs is tapped. */
export function tappedAt(v: View, gs: number): boolean {
  return v.st.z[Z_TAPPED + gs] !== 0;
}
/** The character on the seen slot gs entered play this turn. */
export function enteredNowAt(v: View, gs: number): boolean {
  return v.st.w[O_ENTERED + gs] === v.turn;
}
/** The character on the seen slot gs attacked this turn. */
export function attackedAt(v: View, gs: number): boolean {
  return v.st.z[Z_ATTACKED + gs] !== 0;
}
/** The character on the seen slot gs may still attack: it can tap and has not attacked. */
export function readyAt(v: View, gs: number): boolean {
  return CAN_TAP[gs] !== 0 && !attackedAt(v, gs);
}
/** Board.ts's resistance of the character on gs if seen, else 0. */
export function resistAt(v: View, gs: number): number {
  if (!SEEN[gs]) return 0;
  const b = CARD[gs]! * ST_W, o = EQUIP[gs]!;
  return INFO_CHAR_STAT[b + ST_RES]! + v.st.z[Z_TRES + gs]! + (o >= 0 ? INFO_OBJ_STAT[o * ST_W + ST_RES]! : 0);
}
/** The Avant (front) or Arrière (back) bonus the character on the seen slot gs has in that row. */
export function rowBonus(v: View, gs: number, front: boolean): number {
  const z = v.st.z, b = CARD[gs]! * ST_W, o = EQUIP[gs]!;
  const f = front ? ST_FRONT : ST_BACK;
  return INFO_CHAR_STAT[b + f]! + z[(front ? Z_TFRONT : Z_TBACK) + gs]! + (o >= 0 ? INFO_OBJ_STAT[o * ST_W + f]! : 0);
}

/** What the engine would charge for the opposing Résistant characters an ability affects (D22). */
export function resistExtraOf(v: View, card: number, trig: number, srcGs: number, chosenGs: number): number {
  if (!v.oppResist) return 0; // resistExtra sums the resistance of opposing characters: none has any
  const z = v.st.z; // a slot's instance, as buildView read it
  return resistExtra(v.st, v.me, card, trig, srcGs >= 0 ? z[Z_OCC + srcGs]! : -1, chosenGs >= 0 ? z[Z_OCC + chosenGs]! : -1);
}
