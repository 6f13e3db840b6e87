// The Diplomatie rules engine: R1–R29 and D1–D40 of ../shared/spec/diplomatie-rules.md over
// the flat state of state.ts. `step` applies one decision and then plays every forced
// decision (a single legal action, §12's engine rule) until a real choice or the end.
// Nothing here allocates: scratch lives in the state and the context.
import { nextInt, shuffleFromWords } from '../../core/rng.ts';
import { seedChanceStreams } from '../../core/seeds.ts';
import {
  A_ATTACH, A_ATTACK, A_CAST, A_DEFEND, A_EVOLVE, A_EXTRA, A_LIGHT, A_NO, A_ORDER, A_PASS, A_PLAY, A_TARGET, A_YES,
} from './actions.ts';
import {
  K_CAST, K_EVENT, K_QUICK, K_TRIGGERED, L_CHARGES, L_ONCE, M_ATTACKS, M_DESTROYED, M_ENTERS, M_IS_ATTACKED, M_TURN_END,
  M_TURN_START, MAX_EFFECTS, SIDE_OPP, SIDE_OWN, ST_EXHAUSTED, ST_READY, T_CREATURE, T_DIPLOMACY, T_EVENT, T_KINGDOM,
  TG_CREATURE, TG_HAND, TG_NONE, TG_SELF, V_DAMAGE, V_DESTROY, V_DOUBLE, V_DRAW, V_EXHAUST, V_GAIN_PD, V_GAIN_PV, V_POWER,
  V_PUT, V_READY,
} from './catalogue/compile.ts';
import {
  DipState, END_BOTH, END_NONE, END_PD, END_PV, END_TURN_CAP, INST_PER_PLAYER, K, MAIN_MAX, NUM_INST, O_ACTIVE, O_ATK_INST,
  O_ATK_ON, O_ATK_PLAYER, O_ATK_RETARGETED, O_ATK_SLOT, O_ATK_TCODE, O_ATK_TINST, O_ATTACKED, O_CHG, O_CUR, O_DECK, O_DECK_N,
  O_DIP_N, O_DIPDECK, O_DISC, O_DISC_N, O_END, O_ENTERED, O_EOT, O_EXH, O_EXTRA_N, O_FIRST, O_HAND, O_HAND_N, O_HOST, O_LIGHT,
  O_PASSES, O_PD, O_PEND, O_PEND_ABIL, O_PEND_LAST, O_PEND_NEED, O_PEND_NPICK, O_PEND_PLAYER, O_PEND_SLOT, O_PEND_SRC, O_PERM,
  O_PHASE, O_PICKS, O_PRIO, O_PUBLIC, O_PV, O_STACK, O_STACK_N, O_TOP, O_TRIG, O_TRIG_N, O_TURN, O_USED, O_WCTX, O_WIN_FIRST,
  O_WINNER, O_ZONE, R_DESTROYED, R_DRAWN, R_FIRST_SEEN, R_OH, R_PD_SCORED, R_PITCHED, R_PLAYED, R_PV_DEALT, REC_FIELDS,
  REC_LEAD_CHANGES, REC_LEADER, REC_SOURCES, S_PD_EFFECT, S_PD_RESTRAINT, S_PD_SIEGE, S_PV_ATTACK, S_PV_EFFECT, SOURCES, P_CAST, P_EXTRA, P_NONE, P_PLAY, P_TRIGGER, PH_DEFEND, PH_MAIN, PH_OPTIONAL, PH_ORDER, PH_OVER, PH_PICK,
  PH_TARGET, PH_WINDOW, RNG_GAME, RNG_SEAT, SK_ABILITY, SK_ATTACK, SK_EVENT, SLOTS, STACK_FIELDS, STATE_WORDS, TC_HAND,
  TRIG_FIELDS, WC_END, WC_MAIN, WC_START, WIN_DRAW, WIN_NONE, Z_ATTACHED, Z_DECK, Z_DIPDECK, Z_DISCARD, Z_HAND, Z_LIMBO,
  Z_PLAY, Z_STACK, Z_UNDER,
} from './state.ts';

export const owner = (inst: number): number => (inst >= INST_PER_PLAYER ? 1 : 0);
const ab = (st: DipState, inst: number, k: number): number => st.ctx.cardOf[inst]! * K + k;

// ---------------- balance counters (recorded only on states that record) ----------------

function count(st: DipState, inst: number, field: number, n = 1): void {
  if (st.rec !== null && inst >= 0) st.rec[inst * REC_FIELDS + field]! += n;
}

function seen(st: DipState, inst: number): void {
  const rec = st.rec;
  if (rec !== null && rec[inst * REC_FIELDS + R_FIRST_SEEN] === 0) rec[inst * REC_FIELDS + R_FIRST_SEEN] = st.w[O_TURN]! + 1;
}

function source(st: DipState, seat: number, src: number, n: number): void {
  if (st.rec !== null) st.rec[REC_SOURCES + seat * SOURCES + src]! += n;
}

/** At each turn start: the seat nearer its winning line leads (the larger share of either race). */
function recordLead(st: DipState): void {
  const rec = st.rec;
  if (rec === null) return;
  const w = st.w;
  const o = st.ctx.options;
  const prog = (p: number) => Math.max((o.startPV - w[O_PV + 1 - p]!) / o.startPV, w[O_PD + p]! / o.pdToWin);
  const a = prog(0), b = prog(1);
  if (a === b) return;
  const leader = a > b ? 0 : 1;
  const last = rec[REC_LEADER]! - 1;
  if (last >= 0 && last !== leader) rec[REC_LEAD_CHANGES]!++;
  rec[REC_LEADER] = leader + 1;
}

// ---------------- zones ----------------

function handAdd(w: Int32Array, p: number, inst: number): void {
  const n = w[O_HAND_N + p]!;
  w[O_HAND + p * INST_PER_PLAYER + n] = inst;
  w[O_HAND_N + p] = n + 1;
  w[O_ZONE + inst] = Z_HAND;
  w[O_HOST + inst] = -1;
  w[O_PUBLIC + inst] = 0;
}

/** Removes hand slot h of p, keeping the order of the rest; returns the instance. */
export function handTake(w: Int32Array, p: number, h: number): number {
  const base = O_HAND + p * INST_PER_PLAYER;
  const n = w[O_HAND_N + p]!;
  const inst = w[base + h]!;
  for (let i = h; i < n - 1; i++) w[base + i] = w[base + i + 1]!;
  w[base + n - 1] = -1;
  w[O_HAND_N + p] = n - 1;
  w[O_PUBLIC + inst] = 0;
  return inst;
}

function discardAdd(w: Int32Array, inst: number): void {
  const p = owner(inst);
  const n = w[O_DISC_N + p]!;
  w[O_DISC + p * INST_PER_PLAYER + n] = inst;
  w[O_DISC_N + p] = n + 1;
  w[O_ZONE + inst] = Z_DISCARD;
  w[O_HOST + inst] = -1;
}

/** Draws one card from p's main deck; false when it is empty (D13: nothing happens). */
function drawOne(st: DipState, p: number): boolean {
  const w = st.w;
  const n = w[O_DECK_N + p]!;
  if (n === 0) return false;
  const inst = w[O_DECK + p * INST_PER_PLAYER + n - 1]!;
  w[O_DECK + p * INST_PER_PLAYER + n - 1] = -1;
  w[O_DECK_N + p] = n - 1;
  handAdd(w, p, inst);
  if (st.rec !== null) {
    count(st, inst, w[O_TURN] === 0 ? R_OH : R_DRAWN);
    seen(st, inst);
  }
  return true;
}

// ---------------- Puissance, targets ----------------

/** Current Puissance of creature slot s of q (may be negative; compare with max(0, …), D28). */
export function power(st: DipState, q: number, s: number): number {
  const w = st.w;
  const cat = st.ctx.cat;
  const g = q * SLOTS + s;
  let v = cat.power[st.ctx.cardOf[w[O_TOP + g]!]!]! + w[O_PERM + g]! + w[O_EOT + g]!;
  for (let t = 0; t < SLOTS; t++) {
    const inst = w[O_TOP + q * SLOTS + t]!;
    if (inst >= 0) v += cat.aura[st.ctx.cardOf[inst]!]!;
  }
  return v;
}

function isCreatureAt(st: DipState, q: number, s: number): boolean {
  const inst = st.w[O_TOP + q * SLOTS + s]!;
  return inst >= 0 && st.ctx.cat.type[st.ctx.cardOf[inst]!] === T_CREATURE;
}

function alliesShrouded(st: DipState, q: number): boolean {
  const w = st.w;
  for (let t = 0; t < SLOTS; t++) {
    const inst = w[O_TOP + q * SLOTS + t]!;
    if (inst >= 0 && st.ctx.cat.shroudAllies[st.ctx.cardOf[inst]!] === 1) return true;
  }
  return false;
}

/** D34: may controller p's ability a (catalogue index) choose the creature at code? */
export function creatureTargetOk(st: DipState, p: number, a: number, code: number): boolean {
  const q = (code / SLOTS) | 0, s = code - q * SLOTS;
  if (!isCreatureAt(st, q, s)) return false;
  const cat = st.ctx.cat;
  const side = cat.aSide[a]!;
  if (side === SIDE_OWN && q !== p) return false;
  if (side === SIDE_OPP && q === p) return false;
  const exh = st.w[O_EXH + code]!;
  const state = cat.aState[a]!;
  if (state === ST_READY && exh !== 0) return false;
  if (state === ST_EXHAUSTED && exh === 0) return false;
  if (q !== p) {
    if (cat.shroudSelf[st.ctx.cardOf[st.w[O_TOP + code]!]!] === 1) return false;
    if (alliesShrouded(st, q)) return false;
  }
  return true;
}

function handTargetOk(st: DipState, p: number, a: number, h: number): boolean {
  const w = st.w;
  if (h >= w[O_HAND_N + p]!) return false;
  const id = st.ctx.cardOf[w[O_HAND + p * INST_PER_PLAYER + h]!]!;
  const cat = st.ctx.cat;
  return cat.type[id] === T_CREATURE && cat.level[id]! <= cat.aMaxLevel[a]!;
}

/** Has ability a (catalogue index) of controller p a legal choice of target (or needs none)? */
function hasTarget(st: DipState, p: number, a: number): boolean {
  const tg = st.ctx.cat.aTarget[a]!;
  if (tg === TG_CREATURE) {
    for (let c = 0; c < 2 * SLOTS; c++) if (creatureTargetOk(st, p, a, c)) return true;
    return false;
  }
  if (tg === TG_HAND) {
    const n = st.w[O_HAND_N + p]!;
    for (let h = 0; h < n; h++) if (handTargetOk(st, p, a, h)) return true;
    return false;
  }
  return true;
}

// ---------------- the name limit (R28, D33, D38) and charges ----------------

function usedIndex(st: DipState, p: number, inst: number, k: number): number {
  return O_USED + (p * INST_PER_PLAYER + st.ctx.nameIdx[inst]!) * K + (st.ctx.options.nameLimitKey === 'ability' ? k : 0);
}

/** May p use ability k of inst now (limit only)? `slotCode` locates charges (-1: not in play). */
function limitOk(st: DipState, p: number, inst: number, k: number, slotCode: number): boolean {
  const a = ab(st, inst, k);
  const lim = st.ctx.cat.aLimit[a]!;
  if (lim === L_ONCE) {
    const kind = st.ctx.cat.aKind[a]!;
    if (kind === K_TRIGGERED && !st.ctx.options.nameLimitTriggers) return true;
    if ((kind === K_EVENT || (kind === K_QUICK && slotCode < 0)) && !st.ctx.options.nameLimitEvents) return true;
    return st.w[usedIndex(st, p, inst, k)] === 0;
  }
  if (lim === L_CHARGES) return slotCode >= 0 && st.w[O_CHG + slotCode * K + k]! > 0;
  return true;
}

function markUse(st: DipState, p: number, inst: number, k: number, slotCode: number): void {
  const lim = st.ctx.cat.aLimit[ab(st, inst, k)]!;
  if (lim === L_ONCE) st.w[usedIndex(st, p, inst, k)] = 1;
  else if (lim === L_CHARGES) st.w[O_CHG + slotCode * K + k]!--;
}

// ---------------- win checks (D1) ----------------

function finish(w: Int32Array, winner: number, end: number): void {
  w[O_PHASE] = PH_OVER;
  w[O_WINNER] = winner;
  w[O_END] = end;
  w[O_CUR] = -1;
}

/** D1: checked whenever PV or PD change; both at once is a draw. True when the game is over. */
export function checkWin(st: DipState): boolean {
  const w = st.w;
  if (w[O_PHASE] === PH_OVER) return true;
  const target = st.ctx.options.pdToWin;
  const pv0 = w[O_PV]! <= 0, pv1 = w[O_PV + 1]! <= 0;
  const pd0 = w[O_PD]! >= target, pd1 = w[O_PD + 1]! >= target;
  const w0 = pv1 || pd0, w1 = pv0 || pd1;
  if (w0 && w1) finish(w, WIN_DRAW, END_BOTH);
  else if (w0) finish(w, 0, pv1 ? END_PV : END_PD);
  else if (w1) finish(w, 1, pv0 ? END_PV : END_PD);
  else return false;
  return true;
}

/** p loses n PV (never below 0, D1) to `inst` (the attacker or the effect's card), by a source. */
function losePV(st: DipState, p: number, n: number, inst: number, src: number): void {
  const w = st.w;
  const before = w[O_PV + p]!;
  w[O_PV + p] = Math.max(0, before - n);
  if (st.rec !== null) {
    count(st, inst, R_PV_DEALT, before - w[O_PV + p]!);
    source(st, 1 - p, src, before - w[O_PV + p]!);
  }
  checkWin(st);
}

function gainPD(st: DipState, p: number, n: number, inst: number, src: number): void {
  st.w[O_PD + p]! += n;
  if (st.rec !== null) {
    count(st, inst, R_PD_SCORED, n);
    source(st, p, src, n);
  }
  checkWin(st);
}

// ---------------- triggers and the stack ----------------

function pushTrig(st: DipState, inst: number, k: number): void {
  const w = st.w;
  const n = w[O_TRIG_N]!;
  const b = O_TRIG + n * TRIG_FIELDS;
  w[b] = owner(inst);
  w[b + 1] = inst;
  w[b + 2] = k;
  w[O_TRIG_N] = n + 1;
}

/** Queues every triggered ability of inst's card at moment m (stacked later, D31). */
function fire(st: DipState, inst: number, m: number): void {
  const cat = st.ctx.cat;
  const id = st.ctx.cardOf[inst]!;
  const na = cat.numAbilities[id]!;
  for (let k = 0; k < na; k++) {
    const a = id * K + k;
    if (cat.aKind[a] === K_TRIGGERED && cat.aWhen[a] === m) pushTrig(st, inst, k);
  }
}

function fireSide(st: DipState, p: number, m: number): void {
  for (let s = 0; s < SLOTS; s++) {
    const inst = st.w[O_TOP + p * SLOTS + s]!;
    if (inst >= 0) fire(st, inst, m);
  }
}

function pushStack(st: DipState, kind: number, ctrl: number, src: number, k: number, tcode: number, tinst: number): void {
  const w = st.w;
  const n = w[O_STACK_N]!;
  const b = O_STACK + n * STACK_FIELDS;
  w[b] = kind;
  w[b + 1] = ctrl;
  w[b + 2] = src;
  w[b + 3] = k;
  w[b + 4] = tcode;
  w[b + 5] = tinst;
  w[O_STACK_N] = n + 1;
}

// ---------------- entering and leaving play ----------------

function freeSlot(w: Int32Array, p: number): number {
  for (let s = 0; s < SLOTS; s++) if (w[O_TOP + p * SLOTS + s]! < 0) return s;
  return -1; // unreachable: a player owns at most 36 cards
}

function setCharges(st: DipState, g: number, inst: number): void {
  const cat = st.ctx.cat;
  const id = st.ctx.cardOf[inst]!;
  for (let k = 0; k < K; k++) st.w[O_CHG + g * K + k] = k < cat.numAbilities[id]! && cat.aLimit[id * K + k] === L_CHARGES ? cat.aCharges[id * K + k]! : 0;
}

/** A creature or Kingdom of p enters play (R13, R17); R25's retarget; its entry triggers. Returns the slot. */
function enterPlay(st: DipState, inst: number, p: number): number {
  const w = st.w;
  const s = freeSlot(w, p);
  const g = p * SLOTS + s;
  w[O_TOP + g] = inst;
  w[O_ZONE + inst] = Z_PLAY;
  w[O_HOST + inst] = s;
  w[O_PUBLIC + inst] = 0;
  w[O_EXH + g] = 0;
  w[O_EOT + g] = 0;
  w[O_PERM + g] = 0;
  w[O_ENTERED + g] = w[O_TURN]!;
  setCharges(st, g, inst);
  count(st, inst, R_PLAYED);
  const cat = st.ctx.cat;
  // R25, D27: the first creature of the defender to enter during a direct attack becomes its target.
  if (cat.type[st.ctx.cardOf[inst]!] === T_CREATURE && st.ctx.options.entryRetargets && w[O_ATK_ON] === 1 &&
    w[O_ATK_TCODE] === -1 && w[O_ATK_RETARGETED] === 0 && w[O_ATK_INST]! >= 0 && w[O_ATK_PLAYER] !== p) {
    w[O_ATK_TCODE] = g;
    w[O_ATK_TINST] = inst;
    w[O_ATK_RETARGETED] = 1;
  }
  fire(st, inst, M_ENTERS);
  return s;
}

/** D28: a destroyed creature goes to its owner's discard with its evolution pile and attached cards. */
function destroyAt(st: DipState, q: number, s: number): void {
  const w = st.w;
  const g = q * SLOTS + s;
  const inst = w[O_TOP + g]!;
  for (let i = q * INST_PER_PLAYER; i < (q + 1) * INST_PER_PLAYER; i++) {
    const z = w[O_ZONE + i]!;
    if ((z === Z_UNDER || z === Z_ATTACHED) && w[O_HOST + i] === s) discardAdd(w, i);
  }
  discardAdd(w, inst);
  count(st, inst, R_DESTROYED);
  w[O_TOP + g] = -1;
  w[O_EXH + g] = 0;
  w[O_EOT + g] = 0;
  w[O_PERM + g] = 0;
  w[O_ENTERED + g] = 0;
  for (let k = 0; k < K; k++) w[O_CHG + g * K + k] = 0;
  if (w[O_ATK_ON] === 1) {
    if (w[O_ATK_PLAYER] === q && w[O_ATK_SLOT] === s) w[O_ATK_INST] = -1; // D26: the attack ends
    if (w[O_ATK_TCODE] === g) w[O_ATK_TCODE] = st.ctx.options.lostTargetMakesDirect ? -1 : -2; // R24
  }
  fire(st, inst, M_DESTROYED);
}

// ---------------- resolution ----------------

function resolveAbility(st: DipState, ctrl: number, src: number, k: number, tcode: number, tinst: number): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const a = ab(st, src, k);
  const tg = cat.aTarget[a]!;
  let ok = false;
  if (tg === TG_SELF) {
    ok = w[O_ZONE + src] === Z_PLAY && w[O_TOP + tcode] === src;
  } else if (tg === TG_CREATURE) {
    // D39: the target must still be there and, by default, still match the selector.
    ok = w[O_TOP + tcode] === tinst && (!st.ctx.options.recheckTargets || creatureTargetOk(st, ctrl, a, tcode));
  } else if (tg === TG_HAND) {
    ok = w[O_ZONE + tinst] === Z_HAND && owner(tinst) === ctrl;
  }
  for (let e = 0; e < MAX_EFFECTS; e++) {
    const x = a * MAX_EFFECTS + e;
    const verb = cat.eVerb[x]!;
    if (verb === 0) break;
    const n = cat.eAmount[x]!;
    switch (verb) {
      case V_DRAW:
        for (let i = 0; i < n; i++) drawOne(st, ctrl);
        break;
      case V_GAIN_PV:
        w[O_PV + ctrl]! += n;
        break;
      case V_DAMAGE:
        losePV(st, 1 - ctrl, n, src, S_PV_EFFECT);
        break;
      case V_GAIN_PD:
        gainPD(st, ctrl, n, src, S_PD_EFFECT);
        break;
      case V_DESTROY:
        if (ok) destroyAt(st, (tcode / SLOTS) | 0, tcode % SLOTS);
        break;
      case V_EXHAUST:
        if (ok) w[O_EXH + tcode] = 1;
        break;
      case V_READY:
        if (ok) w[O_EXH + tcode] = 0;
        break;
      case V_POWER:
        if (ok) w[(cat.ePermanent[x] ? O_PERM : O_EOT) + tcode]! += n;
        break;
      case V_DOUBLE:
        if (ok) w[(cat.ePermanent[x] ? O_PERM : O_EOT) + tcode]! += Math.max(0, power(st, (tcode / SLOTS) | 0, tcode % SLOTS));
        break;
      case V_PUT:
        if (ok) {
          const base = O_HAND + ctrl * INST_PER_PLAYER;
          const hn = w[O_HAND_N + ctrl]!;
          for (let h = 0; h < hn; h++) {
            if (w[base + h] === tinst) {
              handTake(w, ctrl, h);
              break;
            }
          }
          enterPlay(st, tinst, ctrl);
        }
        break;
    }
    if (w[O_PHASE] === PH_OVER) return;
  }
}

/** R21, R23, R24: the attack at the bottom of the stack resolves with Puissance as it is now. */
function resolveAttack(st: DipState): void {
  const w = st.w;
  w[O_ATK_ON] = 0;
  const inst = w[O_ATK_INST]!;
  if (inst < 0) return;
  const p = w[O_ATK_PLAYER]!, s = w[O_ATK_SLOT]!;
  const tcode = w[O_ATK_TCODE]!;
  if (tcode === -2) return;
  const pa = Math.max(0, power(st, p, s));
  if (tcode === -1) {
    losePV(st, 1 - p, pa, inst, S_PV_ATTACK);
    return;
  }
  const q = (tcode / SLOTS) | 0, t = tcode - q * SLOTS;
  const pt = Math.max(0, power(st, q, t));
  if (pa > pt) {
    if (w[O_EXH + tcode] === 0) w[O_EXH + tcode] = 1;
    else destroyAt(st, q, t);
  } else if (pa === pt) {
    destroyAt(st, q, t);
    destroyAt(st, p, s);
  } else destroyAt(st, p, s);
}

function resolveTop(st: DipState): void {
  const w = st.w;
  const n = w[O_STACK_N]! - 1;
  const b = O_STACK + n * STACK_FIELDS;
  const kind = w[b]!, ctrl = w[b + 1]!, src = w[b + 2]!, k = w[b + 3]!, tcode = w[b + 4]!, tinst = w[b + 5]!;
  for (let i = 0; i < STACK_FIELDS; i++) w[b + i] = -1;
  w[O_STACK_N] = n;
  if (kind === SK_ATTACK) resolveAttack(st);
  else {
    resolveAbility(st, ctrl, src, k, tcode, tinst);
    if (kind === SK_EVENT) discardAdd(w, src); // R18: discarded after resolution
  }
}

// ---------------- flow: triggers, windows, turns ----------------

function clearPend(w: Int32Array): void {
  w[O_PEND] = P_NONE;
  w[O_PEND_SRC] = -1;
  w[O_PEND_ABIL] = -1;
  w[O_PEND_NEED] = 0;
  w[O_PEND_LAST] = -1;
  w[O_PEND_NPICK] = 0;
  w[O_PEND_PLAYER] = -1;
  w[O_PEND_SLOT] = -1;
  for (let i = 0; i < 36; i++) w[O_PICKS + i] = -1;
}

function removeTrig(w: Int32Array, i: number): void {
  const n = w[O_TRIG_N]!;
  for (let j = i * TRIG_FIELDS; j < (n - 1) * TRIG_FIELDS; j++) w[O_TRIG + j] = w[O_TRIG + j + TRIG_FIELDS]!;
  for (let j = (n - 1) * TRIG_FIELDS; j < n * TRIG_FIELDS; j++) w[O_TRIG + j] = -1;
  w[O_TRIG_N] = n - 1;
}

/** Slot code of a source in play, or -1. */
function slotCodeOf(w: Int32Array, inst: number): number {
  return w[O_ZONE + inst] === Z_PLAY ? owner(inst) * SLOTS + w[O_HOST + inst]! : -1;
}

/** Takes pending trigger i towards the stack; false when a decision is now awaited. */
function beginTrigger(st: DipState, i: number): boolean {
  const w = st.w;
  const b = O_TRIG + i * TRIG_FIELDS;
  const p = w[b]!, src = w[b + 1]!, k = w[b + 2]!;
  removeTrig(w, i);
  if (!limitOk(st, p, src, k, slotCodeOf(w, src))) return true; // D33: spent for this turn
  clearPend(w);
  w[O_PEND] = P_TRIGGER;
  w[O_PEND_SRC] = src;
  w[O_PEND_ABIL] = k;
  w[O_PEND_PLAYER] = p;
  if (st.ctx.cat.aOptional[ab(st, src, k)] === 1) {
    w[O_PHASE] = PH_OPTIONAL;
    w[O_CUR] = p;
    return false;
  }
  return toTargetOrCommit(st);
}

/** D31: the active player's pending triggers go on the stack first, in the order they choose. */
function stackTriggers(st: DipState): boolean {
  const w = st.w;
  for (;;) {
    if (w[O_TRIG_N] === 0) return true;
    const a = w[O_ACTIVE]!;
    let found = false;
    for (let r = 0; r < 2 && !found; r++) {
      const p = r === 0 ? a : 1 - a;
      let count = 0, first = -1;
      const n = w[O_TRIG_N]!;
      for (let i = 0; i < n; i++) {
        if (w[O_TRIG + i * TRIG_FIELDS] === p) {
          if (first < 0) first = i;
          count++;
        }
      }
      if (count === 0) continue;
      found = true;
      if (count >= 2) {
        w[O_PHASE] = PH_ORDER;
        w[O_CUR] = p;
        return false;
      }
      if (!beginTrigger(st, first)) return false;
    }
  }
}

function openWindow(st: DipState): void {
  const w = st.w;
  if (w[O_STACK_N] === 0 && w[O_WCTX] !== WC_MAIN && !st.ctx.options.turnWindows) {
    closeWindow(st);
    return;
  }
  w[O_PHASE] = PH_WINDOW;
  w[O_PRIO] = w[O_WIN_FIRST]!;
  w[O_CUR] = w[O_PRIO]!;
  w[O_PASSES] = 0;
}

/** After an action or a resolution: stack the pending triggers, then open the window (D30). */
function settle(st: DipState): void {
  if (st.w[O_PHASE] === PH_OVER) return;
  if (!stackTriggers(st)) return;
  if (st.w[O_PHASE] === PH_OVER) return;
  openWindow(st);
}

function afterAct(st: DipState, actor: number): void {
  clearPend(st.w);
  st.w[O_WIN_FIRST] = 1 - actor;
  settle(st);
}

function closeWindow(st: DipState): void {
  const w = st.w;
  if (w[O_WCTX] === WC_END) {
    endTurn(st);
    return;
  }
  w[O_PHASE] = PH_MAIN;
  w[O_CUR] = w[O_ACTIVE]!;
}

/** D30: both passed: the stack resolves from the top, with no windows, until a trigger fires. */
function resolveStack(st: DipState): void {
  const w = st.w;
  while (w[O_STACK_N]! > 0) {
    resolveTop(st);
    if (w[O_PHASE] === PH_OVER) return;
    if (w[O_TRIG_N]! > 0) {
      w[O_WIN_FIRST] = 1 - w[O_ACTIVE]!;
      settle(st);
      return;
    }
  }
  closeWindow(st);
}

/** R10, D12: ready, then the restraint PD (win check), then the Diplomacy card. */
function endTurn(st: DipState): void {
  const w = st.w;
  const o = st.ctx.options;
  const p = w[O_ACTIVE]!;
  for (let s = 0; s < SLOTS; s++) w[O_EXH + p * SLOTS + s] = 0;
  for (let g = 0; g < 2 * SLOTS; g++) w[O_EOT + g] = 0; // D35: until end of turn
  if (w[O_ATTACKED + p] === 0 && o.restraintPd > 0) {
    gainPD(st, p, o.restraintPd, -1, S_PD_RESTRAINT);
    if (w[O_PHASE] === PH_OVER) return;
    const n = w[O_DIP_N + p]!;
    if (o.restraintDiplomacyCard && n > 0) {
      const inst = w[O_DIPDECK + p * 6 + n - 1]!;
      w[O_DIPDECK + p * 6 + n - 1] = -1;
      w[O_DIP_N + p] = n - 1;
      handAdd(w, p, inst);
      count(st, inst, R_DRAWN);
      seen(st, inst);
    }
  }
  startTurn(st, 1 - p);
}

/** R8, R12, D13, D14, D40: a new turn for p. */
function startTurn(st: DipState, p: number): void {
  const w = st.w;
  const o = st.ctx.options;
  const turn = w[O_TURN]! + 1;
  w[O_TURN] = turn;
  if (turn >= o.turnCap) {
    finish(w, WIN_DRAW, END_TURN_CAP);
    return;
  }
  w[O_ACTIVE] = p;
  w[O_LIGHT] = w[O_LIGHT + 1] = 0;
  w[O_EXTRA_N] = w[O_EXTRA_N + 1] = 0;
  w[O_ATTACKED] = w[O_ATTACKED + 1] = 0;
  w.fill(0, O_USED, O_USED + 2 * INST_PER_PLAYER * K); // D33: each turn, both players' uses
  const draws = turn === 1 && !o.firstPlayerDraws ? 0 : o.turnDraw;
  let missing = 0;
  for (let i = 0; i < draws; i++) if (!drawOne(st, p)) missing++;
  if (missing > 0 && o.siegePdPerCard > 0) {
    gainPD(st, 1 - p, missing * o.siegePdPerCard, -1, S_PD_SIEGE); // R12: Siege
    if (w[O_PHASE] === PH_OVER) return;
  }
  recordLead(st);
  fireSide(st, p, M_TURN_START);
  w[O_WCTX] = WC_START;
  w[O_WIN_FIRST] = 1 - p;
  settle(st);
}

// ---------------- pending acts: picks, targets, commits ----------------

/** Moves the picked hand cards to the discard (costs) or under the creature (Extra Play). */
function takePicks(st: DipState, p: number, attachSlot: number): void {
  const w = st.w;
  const n = w[O_PEND_NPICK]!;
  // In pick order (ascending slots): each earlier removal shifts the later slots down by one.
  for (let i = 0; i < n; i++) {
    const inst = handTake(w, p, w[O_PICKS + i]! - i);
    count(st, inst, R_PITCHED);
    if (attachSlot >= 0) {
      w[O_ZONE + inst] = Z_ATTACHED;
      w[O_HOST + inst] = attachSlot;
    } else discardAdd(w, inst);
  }
}

/** After the costs: choose a target if the ability needs one, else commit. False when waiting. */
function toTargetOrCommit(st: DipState): boolean {
  const w = st.w;
  const p = w[O_PEND_PLAYER]!, src = w[O_PEND_SRC]!, k = w[O_PEND_ABIL]!;
  const a = ab(st, src, k);
  const tg = st.ctx.cat.aTarget[a]!;
  if (tg === TG_NONE) return commit(st, -1, -1);
  if (tg === TG_SELF) {
    const code = slotCodeOf(w, src);
    if (code < 0) {
      clearPend(w); // a trigger of a creature no longer in play: nothing to act on (D39)
      return true;
    }
    return commit(st, code, src);
  }
  if (!hasTarget(st, p, a)) {
    clearPend(w); // only triggers get here (cards and casts need a target to start): skipped, not counted
    return true;
  }
  w[O_PHASE] = PH_TARGET;
  w[O_CUR] = p;
  return false;
}

/** Puts the pending act on the stack (or into play). Returns true unless a decision is awaited. */
function commit(st: DipState, tcode: number, tinst: number): boolean {
  const w = st.w;
  const cat = st.ctx.cat;
  const p = w[O_PEND_PLAYER]!, src = w[O_PEND_SRC]!, k = w[O_PEND_ABIL]!;
  const kind = w[O_PEND];
  if (tcode >= TC_HAND) w[O_PUBLIC + tinst] = 1; // the chosen hand creature is shown
  if (kind === P_TRIGGER) {
    markUse(st, p, src, k, slotCodeOf(w, src));
    pushStack(st, SK_ABILITY, p, src, k, tcode, tinst);
    clearPend(w);
    return true; // the caller goes on stacking
  }
  if (kind === P_CAST) {
    const code = w[O_PEND_SLOT]!;
    markUse(st, p, src, k, code);
    if (cat.aExhaust[ab(st, src, k)] === 1) w[O_EXH + code] = 1;
    pushStack(st, SK_ABILITY, p, src, k, tcode, tinst);
    afterAct(st, p);
    return false;
  }
  // P_PLAY: an Event or Diplomacy card (Kingdoms commit in playKingdom).
  markUse(st, p, src, 0, -1);
  count(st, src, R_PLAYED);
  w[O_ZONE + src] = Z_STACK;
  pushStack(st, SK_EVENT, p, src, 0, tcode, tinst);
  afterAct(st, p);
  return false;
}

function finishPicks(st: DipState): void {
  const w = st.w;
  const p = w[O_PEND_PLAYER]!;
  const kind = w[O_PEND]!;
  const src = w[O_PEND_SRC]!;
  if (kind === P_EXTRA) {
    const s = freeSlot(w, p);
    takePicks(st, p, s);
    w[O_EXTRA_N + p]!++;
    enterPlay(st, src, p);
    afterAct(st, p);
    return;
  }
  takePicks(st, p, -1);
  if (kind === P_PLAY && st.ctx.cat.type[st.ctx.cardOf[src]!] === T_KINGDOM) {
    enterPlay(st, src, p);
    afterAct(st, p);
    return;
  }
  if (toTargetOrCommit(st)) settle(st);
}

function beginPicks(st: DipState, need: number): void {
  const w = st.w;
  if (need === 0) {
    finishPicks(st);
    return;
  }
  w[O_PEND_NEED] = need;
  w[O_PHASE] = PH_PICK;
  w[O_CUR] = w[O_PEND_PLAYER]!;
}

// ---------------- legality ----------------

function evolutionOk(st: DipState, e: number, b: number): boolean {
  const cat = st.ctx.cat;
  const le = cat.level[e]!, lb = cat.level[b]!;
  if (le <= lb) return false;
  if (st.ctx.options.evolutionStep === 'next' && le !== lb + 1) return false;
  if (st.ctx.options.evolutionRequirementOn === 'evolving') return (cat.requires[e]! & ~cat.symbols[b]!) === 0;
  return (cat.requires[b]! & ~cat.symbols[e]!) === 0;
}

function canPlayCard(st: DipState, p: number, h: number, inWindow: boolean): boolean {
  const w = st.w;
  const cat = st.ctx.cat;
  const inst = w[O_HAND + p * INST_PER_PLAYER + h]!;
  const id = st.ctx.cardOf[inst]!;
  const t = cat.type[id]!;
  if (t === T_CREATURE) return false;
  if (w[O_HAND_N + p]! - 1 < cat.extraCost[id]!) return false;
  if (t === T_KINGDOM) return !inWindow;
  if (inWindow && cat.quickCard[id] !== 1) return false;
  if (!limitOk(st, p, inst, 0, -1)) return false;
  return hasTarget(st, p, id * K);
}

function canCast(st: DipState, p: number, s: number, k: number, inWindow: boolean): boolean {
  const w = st.w;
  const cat = st.ctx.cat;
  const g = p * SLOTS + s;
  const inst = w[O_TOP + g]!;
  const id = st.ctx.cardOf[inst]!;
  if (k >= cat.numAbilities[id]!) return false;
  const a = id * K + k;
  const kind = cat.aKind[a]!;
  if (kind !== K_QUICK && (inWindow || kind !== K_CAST)) return false;
  if (!limitOk(st, p, inst, k, g)) return false;
  if (cat.aExhaust[a] === 1 && w[O_EXH + g] !== 0) return false;
  if (w[O_HAND_N + p]! < cat.aDiscard[a]!) return false;
  return hasTarget(st, p, a);
}

function anyCreature(st: DipState, q: number, readyOnly: boolean): boolean {
  for (let s = 0; s < SLOTS; s++) if (isCreatureAt(st, q, s) && (!readyOnly || st.w[O_EXH + q * SLOTS + s] === 0)) return true;
  return false;
}

/** Writes the legal actions of the current decision, sorted ascending; returns the count. */
export function legal(st: DipState, out: Int32Array): number {
  const w = st.w;
  const cat = st.ctx.cat;
  const o = st.ctx.options;
  const ph = w[O_PHASE]!;
  let n = 0;
  switch (ph) {
    case PH_MAIN: {
      const p = w[O_ACTIVE]!;
      const hb = O_HAND + p * INST_PER_PLAYER;
      const hn = w[O_HAND_N + p]!;
      out[n++] = A_PASS;
      if (w[O_LIGHT + p]! < o.lightPlaysPerTurn) {
        for (let h = 0; h < hn; h++) {
          const id = st.ctx.cardOf[w[hb + h]!]!;
          if (cat.type[id] === T_CREATURE && cat.level[id] === 1) out[n++] = A_LIGHT + h;
        }
      }
      if (o.extraPlaysPerTurn === 0 || w[O_EXTRA_N + p]! < o.extraPlaysPerTurn) {
        for (let h = 0; h < hn; h++) {
          const id = st.ctx.cardOf[w[hb + h]!]!;
          if (cat.type[id] === T_CREATURE && hn - 1 >= cat.level[id]!) out[n++] = A_EXTRA + h;
        }
      }
      for (let h = 0; h < hn; h++) {
        const id = st.ctx.cardOf[w[hb + h]!]!;
        if (cat.type[id] !== T_CREATURE) continue;
        for (let s = 0; s < SLOTS; s++) {
          if (isCreatureAt(st, p, s) && evolutionOk(st, id, st.ctx.cardOf[w[O_TOP + p * SLOTS + s]!]!)) out[n++] = A_EVOLVE + h * 36 + s;
        }
      }
      for (let h = 0; h < hn; h++) if (canPlayCard(st, p, h, false)) out[n++] = A_PLAY + h;
      for (let s = 0; s < SLOTS; s++) {
        if (w[O_TOP + p * SLOTS + s]! < 0) continue;
        for (let k = 0; k < K; k++) if (canCast(st, p, s, k, false)) out[n++] = A_CAST + s * K + k;
      }
      if (!(o.firstTurnNoAttack && w[O_TURN] === 1)) {
        for (let s = 0; s < SLOTS; s++) {
          const g = p * SLOTS + s;
          if (isCreatureAt(st, p, s) && w[O_EXH + g] === 0 && (o.freshCreaturesAttack || w[O_ENTERED + g]! < w[O_TURN]!)) out[n++] = A_ATTACK + s;
        }
      }
      return n;
    }
    case PH_WINDOW: {
      const p = w[O_PRIO]!;
      out[n++] = A_PASS;
      const hn = w[O_HAND_N + p]!;
      for (let h = 0; h < hn; h++) if (canPlayCard(st, p, h, true)) out[n++] = A_PLAY + h;
      for (let s = 0; s < SLOTS; s++) {
        if (w[O_TOP + p * SLOTS + s]! < 0) continue;
        for (let k = 0; k < K; k++) if (canCast(st, p, s, k, true)) out[n++] = A_CAST + s * K + k;
      }
      return n;
    }
    case PH_PICK: {
      const p = w[O_PEND_PLAYER]!;
      const hi = w[O_HAND_N + p]! - w[O_PEND_NEED]!;
      for (let h = w[O_PEND_LAST]! + 1; h <= hi; h++) out[n++] = A_ATTACH + h;
      return n;
    }
    case PH_TARGET: {
      const p = w[O_PEND_PLAYER]!;
      const a = ab(st, w[O_PEND_SRC]!, w[O_PEND_ABIL]!);
      if (cat.aTarget[a] === TG_HAND) {
        const hn = w[O_HAND_N + p]!;
        for (let h = 0; h < hn; h++) if (handTargetOk(st, p, a, h)) out[n++] = A_TARGET + TC_HAND + h;
      } else {
        for (let c = 0; c < 2 * SLOTS; c++) if (creatureTargetOk(st, p, a, c)) out[n++] = A_TARGET + c;
      }
      return n;
    }
    case PH_DEFEND: {
      const q = 1 - w[O_ACTIVE]!;
      const readyOnly = !o.defendWithExhausted && anyCreature(st, q, true);
      for (let s = 0; s < SLOTS; s++) {
        if (isCreatureAt(st, q, s) && (!readyOnly || w[O_EXH + q * SLOTS + s] === 0)) out[n++] = A_DEFEND + s;
      }
      return n;
    }
    case PH_ORDER: {
      const p = w[O_CUR]!;
      const tn = w[O_TRIG_N]!;
      for (let i = 0; i < tn; i++) if (w[O_TRIG + i * TRIG_FIELDS] === p) out[n++] = A_ORDER + i;
      return n;
    }
    case PH_OPTIONAL:
      out[n++] = A_YES;
      out[n++] = A_NO;
      return n;
    default:
      return 0;
  }
}

// ---------------- applying a decision ----------------

function applyRaw(st: DipState, action: number): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const ph = w[O_PHASE]!;
  if (ph === PH_MAIN || ph === PH_WINDOW) {
    const p = ph === PH_MAIN ? w[O_ACTIVE]! : w[O_PRIO]!;
    if (action === A_PASS) {
      if (ph === PH_MAIN) {
        // D14: step 2 ends; "Lorsque votre tour se termine" triggers, then the end window.
        fireSide(st, p, M_TURN_END);
        w[O_WCTX] = WC_END;
        w[O_WIN_FIRST] = 1 - p;
        settle(st);
        return;
      }
      const passes = w[O_PASSES]! + 1;
      w[O_PASSES] = passes;
      if (passes >= 2) {
        if (w[O_STACK_N]! > 0) resolveStack(st);
        else closeWindow(st);
      } else {
        w[O_PRIO] = 1 - p;
        w[O_CUR] = 1 - p;
      }
      return;
    }
    if (ph === PH_MAIN) w[O_WCTX] = WC_MAIN;
    clearPend(w);
    w[O_PEND_PLAYER] = p;
    if (action < A_EXTRA) {
      const inst = handTake(w, p, action - A_LIGHT);
      w[O_LIGHT + p]!++;
      enterPlay(st, inst, p);
      afterAct(st, p);
    } else if (action < A_EVOLVE) {
      const inst = handTake(w, p, action - A_EXTRA);
      w[O_ZONE + inst] = Z_LIMBO;
      w[O_PEND] = P_EXTRA;
      w[O_PEND_SRC] = inst;
      beginPicks(st, cat.level[st.ctx.cardOf[inst]!]!);
    } else if (action < A_PLAY) {
      const x = action - A_EVOLVE;
      const s = x % 36;
      const inst = handTake(w, p, (x / 36) | 0);
      const g = p * SLOTS + s;
      const old = w[O_TOP + g]!;
      w[O_ZONE + old] = Z_UNDER; // D18: the same creature; the old card lies under it
      w[O_HOST + old] = s;
      w[O_TOP + g] = inst;
      w[O_ZONE + inst] = Z_PLAY;
      w[O_HOST + inst] = s;
      setCharges(st, g, inst);
      count(st, inst, R_PLAYED);
      afterAct(st, p);
    } else if (action < A_CAST) {
      const inst = handTake(w, p, action - A_PLAY);
      w[O_ZONE + inst] = Z_LIMBO;
      w[O_PEND] = P_PLAY;
      w[O_PEND_SRC] = inst;
      w[O_PEND_ABIL] = 0;
      beginPicks(st, cat.extraCost[st.ctx.cardOf[inst]!]!);
    } else if (action < A_ATTACK) {
      const x = action - A_CAST;
      const s = (x / K) | 0;
      w[O_PEND] = P_CAST;
      w[O_PEND_SRC] = w[O_TOP + p * SLOTS + s]!;
      w[O_PEND_ABIL] = x - s * K;
      w[O_PEND_SLOT] = p * SLOTS + s;
      beginPicks(st, cat.aDiscard[ab(st, w[O_PEND_SRC]!, x - s * K)]!);
    } else {
      // D23, D25: declare, exhaust, the defender chooses, the attack waits at the bottom of the stack.
      const s = action - A_ATTACK;
      const g = p * SLOTS + s;
      const inst = w[O_TOP + g]!;
      if (st.ctx.options.attackExhausts) w[O_EXH + g] = 1;
      w[O_ATTACKED + p] = 1;
      w[O_ATK_ON] = 1;
      w[O_ATK_SLOT] = s;
      w[O_ATK_INST] = inst;
      w[O_ATK_PLAYER] = p;
      w[O_ATK_TCODE] = -1;
      w[O_ATK_TINST] = -1;
      w[O_ATK_RETARGETED] = 0;
      pushStack(st, SK_ATTACK, p, inst, -1, -1, -1);
      fire(st, inst, M_ATTACKS);
      clearPend(w);
      if (anyCreature(st, 1 - p, false)) {
        w[O_PHASE] = PH_DEFEND;
        w[O_CUR] = 1 - p;
      } else afterAct(st, p);
    }
    return;
  }
  switch (ph) {
    case PH_PICK: {
      const h = action - A_ATTACH;
      const i = w[O_PEND_NPICK]!;
      w[O_PICKS + i] = h;
      w[O_PEND_NPICK] = i + 1;
      w[O_PEND_LAST] = h;
      const need = w[O_PEND_NEED]! - 1;
      w[O_PEND_NEED] = need;
      if (need === 0) finishPicks(st);
      return;
    }
    case PH_TARGET: {
      const code = action - A_TARGET;
      const p = w[O_PEND_PLAYER]!;
      const tinst = code >= TC_HAND ? w[O_HAND + p * INST_PER_PLAYER + code - TC_HAND]! : w[O_TOP + code]!;
      if (commit(st, code, tinst)) settle(st);
      return;
    }
    case PH_DEFEND: {
      const q = 1 - w[O_ACTIVE]!;
      const g = q * SLOTS + action - A_DEFEND;
      w[O_ATK_TCODE] = g;
      w[O_ATK_TINST] = w[O_TOP + g]!;
      fire(st, w[O_TOP + g]!, M_IS_ATTACKED);
      afterAct(st, w[O_ACTIVE]!);
      return;
    }
    case PH_ORDER:
      if (beginTrigger(st, action - A_ORDER)) settle(st);
      return;
    case PH_OPTIONAL:
      if (action === A_NO) {
        clearPend(w);
        settle(st);
      } else if (toTargetOrCommit(st)) settle(st);
      return;
  }
}

/** Applies a decision, then every forced one (a single legal action) until a real choice. */
export function step(st: DipState, action: number): void {
  applyRaw(st, action);
  st.legalCount = -1;
  advance(st);
}

export function advance(st: DipState): void {
  for (;;) {
    if (st.w[O_PHASE] === PH_OVER) {
      st.legalCount = 0;
      return;
    }
    const n = legal(st, st.legal);
    st.legalCount = n;
    if (n !== 1) return;
    st.forcedSteps++;
    applyRaw(st, st.legal[0]!);
  }
}

// ---------------- setup ----------------

/** An empty state: every zone empty, every slot free. */
export function clearState(st: DipState): void {
  const w = st.w;
  w.fill(0);
  w.fill(-1, O_ZONE, O_ZONE + NUM_INST);
  w.fill(-1, O_HOST, O_HOST + NUM_INST);
  w.fill(-1, O_DECK, O_DECK + 72);
  w.fill(-1, O_HAND, O_HAND + 72);
  w.fill(-1, O_DISC, O_DISC + 72);
  w.fill(-1, O_DIPDECK, O_DIPDECK + 12);
  w.fill(-1, O_TOP, O_TOP + 2 * SLOTS);
  w.fill(-1, O_STACK, STATE_WORDS);
  w[O_WINNER] = WIN_NONE;
  w[O_END] = END_NONE;
  w[O_ATK_INST] = w[O_ATK_SLOT] = w[O_ATK_TCODE] = w[O_ATK_TINST] = w[O_ATK_PLAYER] = -1;
  clearPend(w);
  st.legalCount = -1;
}

function shuffle(w: Int32Array, base: number, n: number, rngOff: number): void {
  shuffleFromWords(w, rngOff, w, base, n);
}

/** D7, D8, R7: shuffle, choose the first player, draw the opening hands, begin turn 1. */
export function newGame(st: DipState, seed: number): void {
  const w = st.w;
  const ctx = st.ctx;
  clearState(st);
  if (st.rec !== null) st.rec.fill(0);
  seedChanceStreams(seed, ctx.deckKeys, w, RNG_GAME, RNG_SEAT);
  for (let p = 0; p < 2; p++) {
    const ms = ctx.mainSize[p]!, ds = ctx.dipSize[p]!;
    for (let i = 0; i < ms; i++) {
      const inst = p * INST_PER_PLAYER + i;
      w[O_DECK + p * INST_PER_PLAYER + i] = inst;
      w[O_ZONE + inst] = Z_DECK;
    }
    w[O_DECK_N + p] = ms;
    for (let j = 0; j < ds; j++) {
      const inst = p * INST_PER_PLAYER + MAIN_MAX + j;
      w[O_DIPDECK + p * 6 + j] = inst;
      w[O_ZONE + inst] = Z_DIPDECK;
    }
    w[O_DIP_N + p] = ds;
    shuffle(w, O_DECK + p * INST_PER_PLAYER, ms, RNG_SEAT + 4 * p);
    shuffle(w, O_DIPDECK + p * 6, ds, RNG_SEAT + 4 * p);
    w[O_PV + p] = ctx.options.startPV;
  }
  const first = nextInt(w, RNG_GAME, 2);
  w[O_FIRST] = first;
  for (let p = 0; p < 2; p++) for (let i = 0; i < ctx.options.openingHand; i++) drawOne(st, p);
  w[O_TURN] = 0;
  startTurn(st, first);
  st.legalCount = -1;
  advance(st);
}
