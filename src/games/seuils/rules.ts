// The Seuils rules engine: R1–R19 and D1–D30 of ../shared/spec/seuils-rules.md over the flat
// state of state.ts. `step` applies one decision and then plays every forced decision (a
// single legal action: a window where a player can only pass, a lone target, §9's engine
// rule) until a real choice or the end. Nothing here allocates.
import { nextInt, shuffleFromWords } from '../../core/rng.ts';
import { seedChanceStreams } from '../../core/seeds.ts';
import {
  A_ASSIGN, A_ASSIGN_REST, A_ATTACK, A_BOTTOM, A_DECLARE, A_DONE, A_DRAW, A_END_TURN, A_FETCH, A_PASS, A_PLAY,
  A_PLAY_RESOURCE, A_TARGET, A_TARGET_FACTION, A_TARGET_LOCATION, A_USE,
} from './actions.ts';
import {
  MAX_ABILITIES, MAX_EFFECTS, NT, SIDE_OPP, SIDE_OWN, T_CHARACTER, T_FACTION, T_ITEM, T_LOCATION, T_RESOURCE, T_TACTIC,
  TG_CHAR, TG_CHARLOC, TG_HOST, TG_ITEMLOC, TG_NONE, TG_SELF, TM_ANY, TM_COMBAT, TM_END, TM_MAIN, V_CONSUME, V_DAMAGE,
  V_DAMAGE_FACTION, V_DESTROY, V_DRAW, V_FETCH, V_LIFE, V_PREVENT, V_RESTORE, V_SPEED, V_STRENGTH,
} from './catalogue/compile.ts';
import {
  C_ATTACKER, C_DEFENDER, C_NONE, END_BOTH, END_DECKOUT, END_INFLUENCE, END_NONE, END_TURN_CAP, INST, NUM_INST, O_ACTIVE,
  O_ASG_DEALER, O_ASG_LEFT, O_ATK_ON, O_ATK_TARGET, O_COMBAT, O_CONS, O_CSPD, O_CUR, O_DECK, O_DECK_N, O_DECL_LAST,
  O_DECL_N, O_DISC, O_DISC_N, O_DMG, O_END, O_ENTERED, O_EOT_LIFE, O_EOT_SPD, O_EOT_STR, O_FETCH_MASK, O_FETCH_N, O_FIRST,
  O_GROUP, O_HAND, O_HAND_N, O_HANDLED, O_HOST, O_INFL, O_KNOWN, O_LOCK, O_MULL_N, O_PASSES, O_PEND, O_PEND_K,
  O_PEND_PLAYER, O_PEND_SRC, O_PERM_LIFE, O_PERM_SPD, O_PERM_STR, O_PHASE, O_PRIO, O_SETUP_P, O_SETUP_STAGE, O_STACK,
  O_STACK_N, O_TURN, O_USED, O_WCTX, O_WINNER, O_ZONE, P_ABILITY, P_CARD, P_NONE, PH_ASSIGN, PH_ATK_TARGET,
  PH_DECLARE_ATK, PH_DECLARE_DEF, PH_DEVELOP, PH_FETCH, PH_MAIN, PH_MULLIGAN, PH_OVER, PH_TARGET, PH_WINDOW, R_DEALT,
  R_DESTROYED, R_DRAWN, R_FETCHED, R_FIRST_SEEN, R_SETUP, R_INFL, R_KILLS, R_MULL, R_OH, R_PLAYED, REC_FIELDS, REC_LEAD_CHANGES,
  REC_LEADER, REC_SOURCES, RNG_GAME, RNG_SEAT, S_COMBAT, S_EFFECT, SK_ABILITY, SK_CARD, SOURCES, STACK_CAP, STACK_FIELDS,
  STATE_WORDS, StackOverflowError, WC_ATK, WC_DEVELOP, WC_END, WC_MAIN, WC_PRE_ASSIGN, WC_PRE_DEAL, WIN_DRAW, WIN_NONE,
  Z_DECK, Z_DISCARD, Z_HAND, Z_NONE, Z_PLAY, Z_STACK, O_FACEDOWN, type SeuilsState,
} from './state.ts';

export const owner = (g: number): number => (g >= INST ? 1 : 0);
/** The type an instance has now: a card in play face down is a resource (D11), whatever it is. */
export const typeOf = (st: SeuilsState, g: number): number => (st.w[O_FACEDOWN + g] === 1 ? T_RESOURCE : st.ctx.cat.type[st.ctx.cardOf[g]!]!);
const inPlay = (w: Int32Array, g: number): boolean => w[O_ZONE + g] === Z_PLAY;

// ---------------- balance counters (recorded only on states that record) ----------------

function count(st: SeuilsState, g: number, field: number, n = 1): void {
  if (st.rec !== null && g >= 0) st.rec[g * REC_FIELDS + field]! += n;
}

function seen(st: SeuilsState, g: number): void {
  const rec = st.rec;
  if (rec !== null && rec[g * REC_FIELDS + R_FIRST_SEEN] === 0) rec[g * REC_FIELDS + R_FIRST_SEEN] = st.w[O_TURN]! + 1;
}

function source(st: SeuilsState, seat: number, src: number, n: number): void {
  if (st.rec !== null) st.rec[REC_SOURCES + seat * SOURCES + src]! += n;
}

/** At each turn start: the seat whose opponent has lost the larger share of influence leads. */
function recordLead(st: SeuilsState): void {
  const rec = st.rec;
  if (rec === null) return;
  const w = st.w;
  const a = w[O_INFL + 1]! / startInfluence(st, 1), b = w[O_INFL]! / startInfluence(st, 0);
  if (a === b) return;
  const leader = a < b ? 0 : 1;
  const last = rec[REC_LEADER]! - 1;
  if (last >= 0 && last !== leader) rec[REC_LEAD_CHANGES]!++;
  rec[REC_LEADER] = leader + 1;
}

/** D1: a faction's starting influence (the knob, or the faction card's own). */
export function startInfluence(st: SeuilsState, p: number): number {
  const k = st.ctx.options.influence;
  return k > 0 ? k : st.ctx.cat.influence[st.ctx.cardOf[p * INST]!]!;
}

// ---------------- zones ----------------

function handAdd(w: Int32Array, p: number, g: number): void {
  const n = w[O_HAND_N + p]!;
  w[O_HAND + p * INST + n] = g;
  w[O_HAND_N + p] = n + 1;
  w[O_ZONE + g] = Z_HAND;
}

/** Removes hand slot h of p, keeping the order of the rest; returns the instance. */
export function handTake(w: Int32Array, p: number, h: number): number {
  const base = O_HAND + p * INST;
  const n = w[O_HAND_N + p]!;
  const g = w[base + h]!;
  for (let i = h; i < n - 1; i++) w[base + i] = w[base + i + 1]!;
  w[base + n - 1] = -1;
  w[O_HAND_N + p] = n - 1;
  w[O_ZONE + g] = Z_NONE;
  return g;
}

/** Removes deck index i of p (0 = bottom); returns the instance. */
function deckTake(w: Int32Array, p: number, i: number): number {
  const base = O_DECK + p * INST;
  const n = w[O_DECK_N + p]!;
  const g = w[base + i]!;
  for (let j = i; j < n - 1; j++) w[base + j] = w[base + j + 1]!;
  w[base + n - 1] = -1;
  w[O_DECK_N + p] = n - 1;
  w[O_ZONE + g] = Z_NONE;
  if (i < w[O_KNOWN + p]!) w[O_KNOWN + p]!--;
  else if (w[O_KNOWN + p]! > n - 1) w[O_KNOWN + p] = n - 1;
  return g;
}

/** Clears every per-instance field of g (it leaves play or the stack). */
function resetInst(w: Int32Array, g: number): void {
  w[O_CONS + g] = 0;
  w[O_DMG + g] = 0;
  w[O_ENTERED + g] = 0;
  w[O_HOST + g] = -1;
  w[O_EOT_STR + g] = w[O_EOT_SPD + g] = w[O_EOT_LIFE + g] = 0;
  w[O_PERM_STR + g] = w[O_PERM_SPD + g] = w[O_PERM_LIFE + g] = 0;
  w[O_USED + g] = 0;
  w[O_COMBAT + g] = w[O_HANDLED + g] = w[O_GROUP + g] = w[O_LOCK + g] = w[O_CSPD + g] = 0;
  w[O_FACEDOWN + g] = 0;
}

function discardAdd(w: Int32Array, g: number): void {
  const p = owner(g);
  const n = w[O_DISC_N + p]!;
  w[O_DISC + p * INST + n] = g;
  w[O_DISC_N + p] = n + 1;
  w[O_ZONE + g] = Z_DISCARD;
  resetInst(w, g);
}

function finish(w: Int32Array, winner: number, end: number): void {
  w[O_PHASE] = PH_OVER;
  w[O_WINNER] = winner;
  w[O_END] = end;
  w[O_CUR] = -1;
}

/** Draws one card for p; false when the deck is empty (D2: nothing happens, unless the knob makes it a loss). */
function drawOne(st: SeuilsState, p: number, field: number): boolean {
  const w = st.w;
  const n = w[O_DECK_N + p]!;
  if (n === 0) {
    if (st.ctx.options.emptyDeckLoses && w[O_PHASE] !== PH_OVER) finish(w, 1 - p, END_DECKOUT);
    return false;
  }
  const g = deckTake(w, p, n - 1);
  handAdd(w, p, g);
  if (st.rec !== null) {
    count(st, g, field);
    seen(st, g);
  }
  return true;
}

function shuffleDeck(w: Int32Array, p: number): void {
  shuffleFromWords(w, RNG_SEAT + 4 * p, w, O_DECK + p * INST, w[O_DECK_N + p]!);
  w[O_KNOWN + p] = 0; // a shuffled deck has no known bottom
}

/** A card of p enters play (R15 (5), D4): unconsumed unless the knob says otherwise. */
function enterPlay(st: SeuilsState, g: number): void {
  const w = st.w;
  resetInst(w, g);
  w[O_ZONE + g] = Z_PLAY;
  w[O_ENTERED + g] = w[O_TURN]!;
  w[O_CONS + g] = st.ctx.options.enterConsumed ? 1 : 0;
}

/** D18, D23: g leaves play for its owner's discard; items attached to it follow (or stay, unattached). */
function leavePlay(st: SeuilsState, g: number): void {
  const w = st.w;
  count(st, g, R_DESTROYED);
  // D24: damage locked on g is lost with it (discardAdd clears it), or under the other reading moves to its faction.
  if (st.ctx.options.lockedToLeftRecipient === 'faction' && w[O_LOCK + g]! > 0) {
    w[O_LOCK + owner(g) * INST]! += w[O_LOCK + g]!;
    // Combat damage that will reach the faction: influence taken in combat by the other seat.
    source(st, 1 - owner(g), S_COMBAT, w[O_LOCK + g]!);
  }
  discardAdd(w, g);
  if (typeOf(st, g) !== T_CHARACTER) return;
  const p = owner(g);
  for (let i = p * INST; i < (p + 1) * INST; i++) {
    if (w[O_HOST + i] !== g || !inPlay(w, i)) continue;
    if (st.ctx.options.itemLeavesWithHost) discardAdd(w, i);
    else w[O_HOST + i] = -1;
  }
}

// ---------------- current values ----------------

function itemBonus(st: SeuilsState, g: number, arr: Int8Array): number {
  const w = st.w;
  const p = owner(g);
  let v = 0;
  for (let i = p * INST; i < (p + 1) * INST; i++) if (w[O_HOST + i] === g && inPlay(w, i)) v += arr[st.ctx.cardOf[i]!]!;
  return v;
}

/** R5: current strength (may be below 0; a character assigns max(0, strength)). */
export function strengthOf(st: SeuilsState, g: number): number {
  const cat = st.ctx.cat;
  return cat.strength[st.ctx.cardOf[g]!]! + st.w[O_PERM_STR + g]! + st.w[O_EOT_STR + g]! + itemBonus(st, g, cat.bStrength);
}
export function speedOf(st: SeuilsState, g: number): number {
  const cat = st.ctx.cat;
  return cat.speed[st.ctx.cardOf[g]!]! + st.w[O_PERM_SPD + g]! + st.w[O_EOT_SPD + g]! + itemBonus(st, g, cat.bSpeed);
}
/** D3: current life of a character or location. */
export function lifeOf(st: SeuilsState, g: number): number {
  const cat = st.ctx.cat;
  return cat.life[st.ctx.cardOf[g]!]! + st.w[O_PERM_LIFE + g]! + st.w[O_EOT_LIFE + g]! + itemBonus(st, g, cat.bLife);
}

/** D16: icons of type t p controls (consumed ones too, unless the knob says otherwise). */
export function iconsOf(st: SeuilsState, p: number, t: number): number {
  const w = st.w;
  const cat = st.ctx.cat;
  const all = st.ctx.options.thresholdCountsConsumed;
  let n = 0;
  for (let g = p * INST; g < (p + 1) * INST; g++) {
    if (!inPlay(w, g)) continue;
    const id = st.ctx.cardOf[g]!;
    if (cat.type[id] === T_RESOURCE && w[O_FACEDOWN + g] === 0 && cat.icon[id] === t && (all || w[O_CONS + g] === 0)) n += cat.icons[id]!;
  }
  return n;
}

/** Unconsumed resources of p (each pays 1, D11). */
export function readyResources(st: SeuilsState, p: number): number {
  const w = st.w;
  const cat = st.ctx.cat;
  let n = 0;
  for (let g = p * INST; g < (p + 1) * INST; g++) if (inPlay(w, g) && w[O_CONS + g] === 0 && typeOf(st, g) === T_RESOURCE) n++;
  return n;
}

// Icons per (player, type) and unconsumed resources per player, counted once per `legal` call
// (module scratch: holds nothing between calls).
const ICONS_NOW = new Int32Array(2 * NT);
const READY_NOW = new Int32Array(2);

function countResources(st: SeuilsState): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const all = st.ctx.options.thresholdCountsConsumed;
  ICONS_NOW.fill(0);
  READY_NOW.fill(0);
  for (let g = 0; g < NUM_INST; g++) {
    if (!inPlay(w, g)) continue;
    const id = st.ctx.cardOf[g]!;
    const down = w[O_FACEDOWN + g] === 1;
    if (cat.type[id] !== T_RESOURCE && !down) continue;
    const p = g >= INST ? 1 : 0;
    const ready = w[O_CONS + g] === 0;
    if (ready) READY_NOW[p]!++;
    if (!down && (all || ready)) ICONS_NOW[p * NT + cat.icon[id]!]! += cat.icons[id]!; // D11: face down, no icon
  }
}

/** R15 (1), R16, D16: does p reach the threshold at thr[at .. at + NT)? (after countResources) */
function meets(p: number, thr: Int8Array, at: number): boolean {
  for (let t = 0; t < NT; t++) if (thr[at + t]! > ICONS_NOW[p * NT + t]!) return false;
  return true;
}

/** D16: the engine picks the payers, lowest instances first (resources have no abilities here). */
function payResources(st: SeuilsState, p: number, n: number): void {
  const w = st.w;
  const cat = st.ctx.cat;
  for (let g = p * INST; g < (p + 1) * INST && n > 0; g++) {
    if (inPlay(w, g) && w[O_CONS + g] === 0 && typeOf(st, g) === T_RESOURCE) {
      w[O_CONS + g] = 1;
      n--;
    }
  }
}

// ---------------- win checks (D1) ----------------

/** D1: a faction at 0 influence loses at once; both at once is a draw. True when the game is over. */
export function checkWin(st: SeuilsState): boolean {
  const w = st.w;
  if (w[O_PHASE] === PH_OVER) return true;
  const l0 = w[O_INFL]! <= 0, l1 = w[O_INFL + 1]! <= 0;
  if (l0 && l1) finish(w, WIN_DRAW, END_BOTH);
  else if (l0) finish(w, 1, END_INFLUENCE);
  else if (l1) finish(w, 0, END_INFLUENCE);
  else return false;
  return true;
}

/** D3, D23: characters and locations whose damage reaches their life leave play (repeated: an item leaving may lower a life). */
function checkDeaths(st: SeuilsState): void {
  const w = st.w;
  for (let again = true; again;) {
    again = false;
    for (let g = 0; g < NUM_INST; g++) {
      if (!inPlay(w, g)) continue;
      const t = typeOf(st, g);
      if (t !== T_CHARACTER && t !== T_LOCATION) continue;
      // Item life bonuses are never negative (compile.ts): undamaged with a positive life of its own, it lives.
      if (w[O_DMG + g] === 0 && st.ctx.cat.life[st.ctx.cardOf[g]!]! + w[O_PERM_LIFE + g]! + w[O_EOT_LIFE + g]! > 0) continue;
      if (w[O_DMG + g]! >= lifeOf(st, g)) {
        leavePlay(st, g);
        again = true;
      }
    }
  }
}

// ---------------- targets ----------------

/** May controller p's ability a (catalogue index) choose g as its target? (D28 asks again at resolution.) */
export function targetOk(st: SeuilsState, p: number, a: number, g: number): boolean {
  const w = st.w;
  if (!inPlay(w, g)) return false;
  const cat = st.ctx.cat;
  const t = typeOf(st, g);
  const tg = cat.aTarget[a]!;
  if (tg === TG_CHAR) {
    if (t !== T_CHARACTER) return false;
    if (cat.aInCombat[a] === 1 && (w[O_ATK_ON] === 0 || w[O_COMBAT + g] === C_NONE)) return false;
  } else if (tg === TG_CHARLOC) {
    if (t !== T_CHARACTER && t !== T_LOCATION) return false;
  } else if (tg === TG_ITEMLOC) {
    if (t !== T_ITEM && t !== T_LOCATION) return false;
  } else return false;
  const side = cat.aSide[a]!;
  if (side === SIDE_OWN && owner(g) !== p) return false;
  if (side === SIDE_OPP && owner(g) === p) return false;
  return true;
}

function needsChoice(st: SeuilsState, a: number): boolean {
  const tg = st.ctx.cat.aTarget[a]!;
  return tg === TG_CHAR || tg === TG_CHARLOC || tg === TG_ITEMLOC;
}

function hasTarget(st: SeuilsState, p: number, a: number): boolean {
  if (!needsChoice(st, a)) return true;
  for (let g = 0; g < NUM_INST; g++) if (targetOk(st, p, a, g)) return true;
  return false;
}

/** D18: an item that attaches targets one of its controller's characters in play. */
function attachOk(st: SeuilsState, p: number, g: number): boolean {
  return inPlay(st.w, g) && owner(g) === p && typeOf(st, g) === T_CHARACTER;
}

function hasAttachTarget(st: SeuilsState, p: number): boolean {
  for (let g = p * INST; g < (p + 1) * INST; g++) if (attachOk(st, p, g)) return true;
  return false;
}

// ---------------- the stack (D13) ----------------

function pushStack(st: SeuilsState, kind: number, ctrl: number, src: number, k: number, target: number): void {
  const w = st.w;
  const n = w[O_STACK_N]!;
  if (n >= STACK_CAP) {
    const name = st.ctx.cat.names[st.ctx.cardOf[src]!];
    throw new StackOverflowError(`response stack full (${STACK_CAP} items): cannot add "${name}" of player ${ctrl}`);
  }
  const b = O_STACK + n * STACK_FIELDS;
  w[b] = kind;
  w[b + 1] = ctrl;
  w[b + 2] = src;
  w[b + 3] = k;
  w[b + 4] = target;
  w[O_STACK_N] = n + 1;
}

/** Runs the effects of ability a of src for ctrl (a tactic's instructions are its ability 0). */
function resolveEffects(st: SeuilsState, ctrl: number, src: number, a: number, target: number): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const o = st.ctx.options;
  const tg = cat.aTarget[a]!;
  let tgt = -1;
  if (tg === TG_SELF) tgt = inPlay(w, src) ? src : -1;
  else if (tg === TG_HOST) tgt = inPlay(w, src) && w[O_HOST + src]! >= 0 && inPlay(w, w[O_HOST + src]!) ? w[O_HOST + src]! : -1;
  else if (tg !== TG_NONE) {
    // D28: a target that left play, or (by default) no longer qualifies, is not affected.
    tgt = target >= 0 && inPlay(w, target) && (!o.recheckTargets || targetOk(st, ctrl, a, target)) ? target : -1;
  }
  for (let e = 0; e < MAX_EFFECTS; e++) {
    const x = a * MAX_EFFECTS + e;
    const verb = cat.eVerb[x]!;
    if (verb === 0) break;
    const n = cat.eAmount[x]!;
    const perm = cat.ePerm[x] === 1;
    switch (verb) {
      case V_DRAW:
        for (let i = 0; i < n; i++) drawOne(st, ctrl, R_DRAWN);
        break;
      case V_FETCH:
        fetchFromDeck(st, ctrl);
        break;
      case V_DAMAGE:
        if (tgt >= 0) w[O_DMG + tgt]! += n;
        break;
      case V_DAMAGE_FACTION: {
        const q = 1 - ctrl;
        const before = w[O_INFL + q]!;
        w[O_INFL + q] = before - n;
        count(st, src, R_INFL, n);
        source(st, ctrl, S_EFFECT, n);
        checkWin(st);
        break;
      }
      case V_STRENGTH:
        if (tgt >= 0) w[(perm ? O_PERM_STR : O_EOT_STR) + tgt]! += n;
        break;
      case V_SPEED:
        if (tgt >= 0) w[(perm ? O_PERM_SPD : O_EOT_SPD) + tgt]! += n;
        break;
      case V_LIFE:
        if (tgt >= 0) w[(perm ? O_PERM_LIFE : O_EOT_LIFE) + tgt]! += n;
        break;
      case V_CONSUME:
        if (tgt >= 0) w[O_CONS + tgt] = 1;
        break;
      case V_RESTORE:
        if (tgt >= 0) w[O_CONS + tgt] = 0;
        break;
      case V_DESTROY:
        if (tgt >= 0) {
          count(st, src, R_KILLS);
          leavePlay(st, tgt);
        }
        break;
      case V_PREVENT:
        if (tgt >= 0) w[O_LOCK + tgt] = Math.max(0, w[O_LOCK + tgt]! - n);
        break;
    }
    if (w[O_PHASE] === PH_OVER) return;
  }
  checkDeaths(st);
}

/** §8 "search the deck": the topmost resource card of p's deck enters play consumed; the deck is shuffled. */
function fetchFromDeck(st: SeuilsState, p: number): void {
  const w = st.w;
  const cat = st.ctx.cat;
  for (let i = w[O_DECK_N + p]! - 1; i >= 0; i--) {
    const g = w[O_DECK + p * INST + i]!;
    if (cat.type[st.ctx.cardOf[g]!] !== T_RESOURCE) continue;
    deckTake(w, p, i);
    enterPlay(st, g);
    w[O_CONS + g] = 1;
    count(st, g, R_FETCHED);
    seen(st, g);
    break;
  }
  shuffleDeck(w, p);
}

function resolveTop(st: SeuilsState): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const n = w[O_STACK_N]! - 1;
  const b = O_STACK + n * STACK_FIELDS;
  const kind = w[b]!, ctrl = w[b + 1]!, src = w[b + 2]!, k = w[b + 3]!, target = w[b + 4]!;
  for (let i = 0; i < STACK_FIELDS; i++) w[b + i] = -1;
  w[O_STACK_N] = n;
  if (kind === SK_ABILITY) {
    resolveEffects(st, ctrl, src, st.ctx.cardOf[src]! * MAX_ABILITIES + k, target);
    return;
  }
  const id = st.ctx.cardOf[src]!;
  const t = cat.type[id]!;
  if (t === T_TACTIC) {
    // R15 (5): the instructions are followed, then the tactic goes to the discard.
    w[O_ZONE + src] = Z_NONE;
    resolveEffects(st, ctrl, src, id * MAX_ABILITIES, target);
    discardAdd(w, src);
    return;
  }
  if (t === T_ITEM && cat.attaches[id] === 1) {
    // D18, D28: an item whose character left play cannot attach: it goes to the discard.
    if (!attachOk(st, ctrl, target)) {
      discardAdd(w, src);
      return;
    }
    enterPlay(st, src);
    w[O_HOST + src] = target;
    return;
  }
  enterPlay(st, src); // R15 (5): a character, item or location goes into play
}

// ---------------- flow: windows, turns ----------------

function clearPend(w: Int32Array): void {
  w[O_PEND] = P_NONE;
  w[O_PEND_SRC] = -1;
  w[O_PEND_K] = -1;
  w[O_PEND_PLAYER] = -1;
}

function toMain(st: SeuilsState): void {
  const w = st.w;
  w[O_PHASE] = PH_MAIN;
  w[O_CUR] = w[O_ACTIVE]!;
  w[O_WCTX] = WC_MAIN;
  w[O_PASSES] = 0;
  w[O_PRIO] = -1;
}

const isCombatWindow = (wctx: number): boolean => wctx === WC_ATK || wctx === WC_PRE_ASSIGN || wctx === WC_PRE_DEAL;

/** D13, D14, D20: a window opens with `first` holding priority. */
function openWindow(st: SeuilsState, wctx: number, first: number): void {
  const w = st.w;
  w[O_WCTX] = wctx;
  if (isCombatWindow(wctx) && !st.ctx.options.combatWindows) {
    closeWindow(st);
    return;
  }
  w[O_PHASE] = PH_WINDOW;
  w[O_PRIO] = first;
  w[O_CUR] = first;
  w[O_PASSES] = 0;
}

/** Who acts first in a window of this context: the attacker in combat (D20), the non-active player at the end (D14). */
function windowFirst(w: Int32Array, wctx: number): number {
  return wctx === WC_END ? 1 - w[O_ACTIVE]! : w[O_ACTIVE]!;
}

/** Both passed in a row with an empty stack: the window closes and its context goes on. */
function closeWindow(st: SeuilsState): void {
  const w = st.w;
  switch (w[O_WCTX]) {
    case WC_END:
      endTurn(st);
      return;
    case WC_ATK:
      w[O_PHASE] = PH_DECLARE_DEF;
      w[O_CUR] = 1 - w[O_ACTIVE]!;
      w[O_DECL_LAST] = -1;
      w[O_DECL_N] = 0;
      return;
    case WC_PRE_ASSIGN:
      nextDealer(st);
      return;
    case WC_PRE_DEAL:
      dealDamage(st);
      return;
    default:
      toMain(st);
  }
}

/** D13: both passed: the whole stack resolves from the top, no window between items; then the context goes on. */
function resolveStack(st: SeuilsState): void {
  const w = st.w;
  while (w[O_STACK_N]! > 0) {
    resolveTop(st);
    if (w[O_PHASE] === PH_OVER) return;
  }
  const wctx = w[O_WCTX]!;
  if (wctx === WC_MAIN || wctx === WC_DEVELOP) toMain(st);
  else if (isCombatWindow(wctx) && w[O_ATK_ON] === 0) toMain(st);
  else openWindow(st, wctx, windowFirst(w, wctx));
}

/** D26, D3: damage clears, then "until end of turn" effects end (or the other way round); then p's opponent begins. */
function endTurn(st: SeuilsState): void {
  const w = st.w;
  if (st.ctx.options.damageClearsBeforeEot) {
    clearDamage(st);
    clearEot(w);
    checkDeaths(st);
  } else {
    clearEot(w);
    checkDeaths(st);
    clearDamage(st);
  }
  startTurn(st, 1 - w[O_ACTIVE]!);
}

function clearDamage(st: SeuilsState): void {
  if (!st.ctx.options.damageClearsAtEndOfTurn) return;
  const w = st.w;
  for (let g = 0; g < NUM_INST; g++) if (inPlay(w, g)) w[O_DMG + g] = 0;
}

function clearEot(w: Int32Array): void {
  w.fill(0, O_EOT_STR, O_EOT_STR + NUM_INST);
  w.fill(0, O_EOT_SPD, O_EOT_SPD + NUM_INST);
  w.fill(0, O_EOT_LIFE, O_EOT_LIFE + NUM_INST);
}

/** R13, D10, D29, D30: a new turn for p: restore, then develop. */
function startTurn(st: SeuilsState, p: number): void {
  const w = st.w;
  const o = st.ctx.options;
  const turn = w[O_TURN]! + 1;
  w[O_TURN] = turn;
  if (turn >= o.turnCap) {
    finish(w, WIN_DRAW, END_TURN_CAP);
    return;
  }
  w[O_ACTIVE] = p;
  w.fill(0, O_USED, O_USED + NUM_INST);
  recordLead(st);
  const routine = turn > 1 || o.developOnFirstTurn;
  if (routine && o.restore) for (let g = p * INST; g < (p + 1) * INST; g++) if (inPlay(w, g)) w[O_CONS + g] = 0;
  toMain(st);
  if (routine && o.develop !== 'none') {
    w[O_PHASE] = PH_DEVELOP; // skipped by `advance` when it offers nothing (D29)
    w[O_CUR] = p;
  }
}

// ---------------- combat (R17–R19, D19–D25) ----------------

function combatSpeed(st: SeuilsState, g: number): number {
  return st.ctx.options.speedsReadAt === 'combatStart' ? st.w[O_CSPD + g]! : speedOf(st, g);
}

/** R19, D21: the next speed group: every unhandled combatant of the highest speed; none left ends the combat. */
function nextGroup(st: SeuilsState): void {
  const w = st.w;
  let best = -1e9, any = false;
  for (let g = 0; g < NUM_INST; g++) {
    if (w[O_COMBAT + g] === C_NONE || w[O_HANDLED + g] === 1 || !inPlay(w, g)) continue;
    const s = combatSpeed(st, g);
    if (!any || s > best) best = s;
    any = true;
  }
  // D25: with no attacker left the remaining groups are handled, unless the knob ends the combat at once.
  if (!any || (!st.ctx.options.handleGroupsWithoutAttackers && !anyRole(w, C_ATTACKER))) {
    endCombat(st);
    return;
  }
  for (let g = 0; g < NUM_INST; g++) {
    if (w[O_COMBAT + g] !== C_NONE && w[O_HANDLED + g] === 0 && inPlay(w, g) && combatSpeed(st, g) === best) w[O_GROUP + g] = 1;
  }
  openWindow(st, WC_PRE_ASSIGN, w[O_ACTIVE]!); // R19 (1)
}

function anyRole(w: Int32Array, role: number): boolean {
  for (let g = 0; g < NUM_INST; g++) if (w[O_COMBAT + g] === role && w[O_ZONE + g] === Z_PLAY) return true;
  return false;
}

/** D22: the number of legal recipients of dealer g's damage; `only.last` is one of them (the one when there is one). */
function recipients(st: SeuilsState, g: number, only: { last: number }): number {
  const w = st.w;
  const role = w[O_COMBAT + g]!;
  let n = 0;
  if (role === C_ATTACKER) {
    const defenders = anyRole(w, C_DEFENDER);
    for (let r = 0; r < NUM_INST; r++) {
      if (w[O_COMBAT + r] === C_DEFENDER && inPlay(w, r)) {
        n++;
        only.last = r;
      }
    }
    const tgt = w[O_ATK_TARGET]!;
    // R19 (2): the target takes damage once no defender is left (or always, without D22's no-trample).
    if ((!defenders || !st.ctx.options.noTrample) && tgt >= 0 && inPlay(w, tgt)) {
      n++;
      only.last = tgt;
    }
  } else {
    for (let r = 0; r < NUM_INST; r++) {
      if (w[O_COMBAT + r] === C_ATTACKER && inPlay(w, r)) {
        n++;
        only.last = r;
      }
    }
  }
  return n;
}
const lastBox = { last: -1 };

/** Locks `n` points from dealer g onto r (R19 (3)); damage locked onto a faction is counted for the dealer. */
function lock(st: SeuilsState, g: number, r: number, n: number): void {
  st.w[O_LOCK + r]! += n;
  if (typeOf(st, r) === T_FACTION) {
    count(st, g, R_INFL, n);
    source(st, owner(g), S_COMBAT, n);
  }
}

/** R19 (2), D22: the next dealer of the group assigns; a lone recipient takes it all without a decision. */
function nextDealer(st: SeuilsState): void {
  const w = st.w;
  const firstRole = st.ctx.options.mixedGroupFirst === 'attacker' ? C_ATTACKER : C_DEFENDER;
  for (let pass = 0; pass < 2; pass++) {
    const role = pass === 0 ? firstRole : C_ATTACKER + C_DEFENDER - firstRole;
    for (let g = 0; g < NUM_INST; g++) {
      if (w[O_GROUP + g] !== 1 || w[O_COMBAT + g] !== role) continue;
      if (!inPlay(w, g)) {
        w[O_GROUP + g] = 2;
        continue;
      }
      const s = Math.max(0, strengthOf(st, g));
      lastBox.last = -1;
      const n = s === 0 ? 0 : recipients(st, g, lastBox);
      if (n === 0) {
        w[O_GROUP + g] = 2;
        continue;
      }
      if (n === 1) {
        lock(st, g, lastBox.last, s);
        w[O_GROUP + g] = 2;
        continue;
      }
      w[O_PHASE] = PH_ASSIGN;
      w[O_ASG_DEALER] = g;
      w[O_ASG_LEFT] = s;
      w[O_CUR] = owner(g);
      return;
    }
  }
  w[O_ASG_DEALER] = -1;
  w[O_ASG_LEFT] = 0;
  openWindow(st, WC_PRE_DEAL, w[O_ACTIVE]!); // R19 (4)
}

/** R19 (5), D23, D24: all locked damage is dealt; the destroyed leave play at once; the group is handled. */
function dealDamage(st: SeuilsState): void {
  const w = st.w;
  for (let g = 0; g < NUM_INST; g++) {
    const n = w[O_LOCK + g]!;
    if (n === 0) continue;
    w[O_LOCK + g] = 0;
    if (!inPlay(w, g)) continue; // D24: its recipient left play: lost
    if (typeOf(st, g) === T_FACTION) w[O_INFL + owner(g)]! -= n;
    else {
      const before = w[O_DMG + g]!;
      w[O_DMG + g] = before + n;
      // D23: past a location's life the damage is lost, or (the other reading) goes on to its faction.
      if (st.ctx.options.locationExcessTo === 'faction' && typeOf(st, g) === T_LOCATION) {
        const excess = Math.max(0, before + n - Math.max(lifeOf(st, g), before));
        w[O_INFL + owner(g)]! -= excess;
        source(st, 1 - owner(g), S_COMBAT, excess);
      }
    }
  }
  for (let g = 0; g < NUM_INST; g++) {
    if (w[O_GROUP + g] !== 0) {
      w[O_GROUP + g] = 0;
      w[O_HANDLED + g] = 1;
    }
  }
  checkDeaths(st);
  if (checkWin(st)) return;
  nextGroup(st);
}

/** R19: every survivor of both groups is consumed; the combat ends. */
function endCombat(st: SeuilsState): void {
  const w = st.w;
  for (let g = 0; g < NUM_INST; g++) {
    if (w[O_COMBAT + g] !== C_NONE && inPlay(w, g)) w[O_CONS + g] = 1;
    w[O_COMBAT + g] = w[O_HANDLED + g] = w[O_GROUP + g] = w[O_LOCK + g] = w[O_CSPD + g] = 0;
  }
  w[O_ATK_ON] = 0;
  w[O_ATK_TARGET] = -1;
  w[O_DECL_LAST] = -1;
  w[O_DECL_N] = 0;
  toMain(st);
}

function canAttackWith(st: SeuilsState, g: number): boolean {
  const w = st.w;
  // R17 (2): unconsumed, and controlled since the start of the turn.
  return inPlay(w, g) && typeOf(st, g) === T_CHARACTER && w[O_CONS + g] === 0 && w[O_ENTERED + g]! < w[O_TURN]! && w[O_COMBAT + g] === C_NONE;
}

function canDefendWith(st: SeuilsState, g: number): boolean {
  const w = st.w;
  const o = st.ctx.options;
  if (!inPlay(w, g) || typeOf(st, g) !== T_CHARACTER || w[O_COMBAT + g] !== C_NONE) return false;
  if (o.defendersNeedReady && w[O_CONS + g] !== 0) return false; // D19
  if (o.defendersNeedSinceStart && w[O_ENTERED + g]! >= w[O_TURN]!) return false;
  return true;
}

// ---------------- legality ----------------

/** D15, R16: may p play or use something of this timing now? `main` = own turn, empty stack, no decision pending. */
function timingOk(st: SeuilsState, p: number, timing: number, main: boolean): boolean {
  const w = st.w;
  if (!main && p !== w[O_ACTIVE] && !st.ctx.options.respondOnOpponentTurn) return false;
  switch (timing) {
    case TM_ANY:
      return true;
    case TM_MAIN:
      return main;
    case TM_COMBAT:
      return !main && w[O_ATK_ON] === 1 && isCombatWindow(w[O_WCTX]!);
    case TM_END:
      return !main && w[O_WCTX] === WC_END;
  }
  return false;
}

/** R15: hand card h of p can be announced and paid now. */
function canPlay(st: SeuilsState, p: number, h: number, main: boolean): boolean {
  const w = st.w;
  const cat = st.ctx.cat;
  const id = st.ctx.cardOf[w[O_HAND + p * INST + h]!]!;
  const t = cat.type[id]!;
  if (t === T_RESOURCE || t === T_FACTION) return false;
  if (t === T_TACTIC) {
    if (!timingOk(st, p, cat.aTiming[id * MAX_ABILITIES]!, main)) return false;
  } else if (!main) return false; // D15: characters, items and locations only in one's own main phase
  if (w[O_INFL + p]! <= cat.influenceCost[id]!) return false;
  if (READY_NOW[p]! < cat.cost[id]!) return false;
  if (!meets(p, cat.thr, id * NT)) return false;
  if (t === T_TACTIC) return hasTarget(st, p, id * MAX_ABILITIES);
  if (t === T_ITEM && cat.attaches[id] === 1) return hasAttachTarget(st, p);
  return true;
}

/** R16, D17: ability k of p's card g can be used now. */
function canUse(st: SeuilsState, p: number, g: number, k: number, main: boolean): boolean {
  const w = st.w;
  const cat = st.ctx.cat;
  const id = st.ctx.cardOf[g]!;
  if (k >= cat.numAbilities[id]! || w[O_FACEDOWN + g] === 1) return false; // D11: a face-down card has no ability
  const t = cat.type[id]!;
  if (t === T_FACTION && !st.ctx.options.factionAbilities) return false;
  const a = id * MAX_ABILITIES + k;
  if (!timingOk(st, p, cat.aTiming[a]!, main)) return false;
  if ((cat.aOnce[a] === 1 || st.ctx.options.abilityLimit === 'oncePerTurn') && (w[O_USED + g]! & (1 << k)) !== 0) return false;
  if (cat.aSelf[a] === 1 && w[O_CONS + g] !== 0) return false;
  if (READY_NOW[p]! < cat.aRes[a]!) return false;
  if (!meets(p, cat.aThr, a * NT)) return false;
  if (cat.aTarget[a] === TG_HOST && (w[O_HOST + g]! < 0 || !inPlay(w, w[O_HOST + g]!))) return false;
  return hasTarget(st, p, a);
}

function fetchable(st: SeuilsState, p: number, c: number): boolean {
  const w = st.w;
  const cat = st.ctx.cat;
  if (cat.type[c] !== T_RESOURCE) return false;
  let present = false;
  for (let i = 0; i < w[O_DECK_N + p]!; i++) {
    if (st.ctx.cardOf[w[O_DECK + p * INST + i]!] === c) {
      present = true;
      break;
    }
  }
  if (!present) return false;
  const line = cat.startRes[st.ctx.cardOf[p * INST]!]!;
  const types = st.ctx.deckTypes[p]!;
  const need = st.ctx.options.fetchDistinctTypes && line >= 2 && popcount(types) >= 2 ? 2 : 0;
  const mask = w[O_FETCH_MASK + p]! | (1 << cat.icon[c]!);
  const left = line - w[O_FETCH_N + p]! - 1;
  return need - popcount(mask) <= left;
}

function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** Writes the legal actions of the current decision, sorted ascending; returns the count. */
export function legal(st: SeuilsState, out: Int32Array): number {
  const w = st.w;
  const cat = st.ctx.cat;
  const o = st.ctx.options;
  let n = 0;
  switch (w[O_PHASE]) {
    case PH_FETCH: {
      const p = w[O_SETUP_P]!;
      for (let c = 0; c < cat.size; c++) if (fetchable(st, p, c)) out[n++] = A_FETCH + c;
      return n;
    }
    case PH_MULLIGAN: {
      const p = w[O_SETUP_P]!;
      out[n++] = A_DONE;
      for (let h = 0; h < w[O_HAND_N + p]!; h++) out[n++] = A_BOTTOM + h;
      return n;
    }
    case PH_DEVELOP: {
      const p = w[O_ACTIVE]!;
      if (o.develop !== 'resource' && w[O_DECK_N + p]! > 0) out[n++] = A_DRAW; // D29
      if (o.develop !== 'draw') {
        // D11: with face-down resources any card can be played as one (a resource card face up).
        const any = o.faceDownResources;
        for (let h = 0; h < w[O_HAND_N + p]!; h++) if (any || cat.type[st.ctx.cardOf[w[O_HAND + p * INST + h]!]!] === T_RESOURCE) out[n++] = A_PLAY_RESOURCE + h;
      }
      return n;
    }
    case PH_MAIN:
    case PH_WINDOW: {
      const main = w[O_PHASE] === PH_MAIN;
      const p = main ? w[O_ACTIVE]! : w[O_PRIO]!;
      out[n++] = main ? A_END_TURN : A_PASS;
      countResources(st);
      // D14: at the end of the turn the active player may only answer responses.
      if (!main && w[O_WCTX] === WC_END && w[O_STACK_N] === 0 && p === w[O_ACTIVE]) return n;
      if (main) {
        for (let i = 0; i < INST; i++) {
          if (canAttackWith(st, p * INST + i)) {
            out[n++] = A_ATTACK;
            break;
          }
        }
      }
      for (let h = 0; h < w[O_HAND_N + p]!; h++) if (canPlay(st, p, h, main)) out[n++] = A_PLAY + h;
      for (let i = 0; i < INST; i++) {
        const g = p * INST + i;
        if (!inPlay(w, g)) continue;
        for (let k = 0; k < MAX_ABILITIES; k++) if (canUse(st, p, g, k, main)) out[n++] = A_USE + i * MAX_ABILITIES + k;
      }
      return n;
    }
    case PH_TARGET: {
      const p = w[O_PEND_PLAYER]!;
      const src = w[O_PEND_SRC]!;
      if (w[O_PEND] === P_CARD && typeOf(st, src) === T_ITEM) {
        for (let g = p * INST; g < (p + 1) * INST; g++) if (attachOk(st, p, g)) out[n++] = A_TARGET + g;
        return n;
      }
      const a = st.ctx.cardOf[src]! * MAX_ABILITIES + w[O_PEND_K]!;
      for (let g = 0; g < NUM_INST; g++) if (targetOk(st, p, a, g)) out[n++] = A_TARGET + g;
      return n;
    }
    case PH_ATK_TARGET: {
      const q = 1 - w[O_ACTIVE]!;
      out[n++] = A_TARGET_FACTION;
      for (let i = 0; i < INST; i++) if (inPlay(w, q * INST + i) && typeOf(st, q * INST + i) === T_LOCATION) out[n++] = A_TARGET_LOCATION + i;
      return n;
    }
    case PH_DECLARE_ATK:
    case PH_DECLARE_DEF: {
      const atk = w[O_PHASE] === PH_DECLARE_ATK;
      const p = atk ? w[O_ACTIVE]! : 1 - w[O_ACTIVE]!;
      if (!atk || w[O_DECL_N]! > 0) out[n++] = A_DONE;
      for (let i = w[O_DECL_LAST]! + 1; i < INST; i++) {
        const g = p * INST + i;
        if (atk ? canAttackWith(st, g) : canDefendWith(st, g)) out[n++] = A_DECLARE + i;
      }
      return n;
    }
    case PH_ASSIGN: {
      const g = w[O_ASG_DEALER]!;
      const q = 1 - owner(g);
      const role = w[O_COMBAT + g]!;
      const toTarget = role === C_ATTACKER && (!anyRole(w, C_DEFENDER) || !o.noTrample);
      const tgt = w[O_ATK_TARGET]!;
      const opposing = role === C_ATTACKER ? C_DEFENDER : C_ATTACKER;
      for (let band = w[O_ASG_LEFT]! >= 2 ? 0 : 1; band < 2; band++) {
        for (let i = 0; i < INST; i++) {
          const r = q * INST + i;
          if (inPlay(w, r) && (w[O_COMBAT + r] === opposing || (toTarget && r === tgt))) out[n++] = (band === 0 ? A_ASSIGN : A_ASSIGN_REST) + i;
        }
      }
      return n;
    }
    default:
      return 0;
  }
}

// ---------------- applying a decision ----------------

/** R15 (2)–(3), R16: announce and pay; a target is chosen next if needed, else the item goes on the stack. */
function announce(st: SeuilsState, p: number, kind: number, src: number, k: number): void {
  const w = st.w;
  const cat = st.ctx.cat;
  const id = st.ctx.cardOf[src]!;
  let choose: boolean;
  if (kind === P_CARD) {
    payResources(st, p, cat.cost[id]!);
    w[O_INFL + p]! -= cat.influenceCost[id]!;
    w[O_ZONE + src] = Z_STACK;
    count(st, src, R_PLAYED);
    seen(st, src);
    choose = cat.type[id] === T_TACTIC ? needsChoice(st, id * MAX_ABILITIES) : cat.type[id] === T_ITEM && cat.attaches[id] === 1;
  } else {
    const a = id * MAX_ABILITIES + k;
    payResources(st, p, cat.aRes[a]!);
    if (cat.aSelf[a] === 1) w[O_CONS + src] = 1;
    w[O_USED + src]! |= 1 << k;
    choose = needsChoice(st, a);
  }
  if (choose) {
    w[O_PEND] = kind;
    w[O_PEND_SRC] = src;
    w[O_PEND_K] = k;
    w[O_PEND_PLAYER] = p;
    w[O_PHASE] = PH_TARGET;
    w[O_CUR] = p;
    return;
  }
  commit(st, p, kind, src, k, -1);
}

/** D13: the item goes on the stack; priority goes to the other player (knob: to the adder). */
function commit(st: SeuilsState, p: number, kind: number, src: number, k: number, target: number): void {
  const w = st.w;
  clearPend(w);
  pushStack(st, kind === P_CARD ? SK_CARD : SK_ABILITY, p, src, k, target);
  const first = st.ctx.options.priorityAfterAdd === 'opponent' ? 1 - p : p;
  w[O_PHASE] = PH_WINDOW;
  w[O_PRIO] = first;
  w[O_CUR] = first;
  w[O_PASSES] = 0;
}

function applyRaw(st: SeuilsState, action: number): void {
  const w = st.w;
  const ph = w[O_PHASE]!;
  switch (ph) {
    case PH_FETCH: {
      const p = w[O_SETUP_P]!;
      const c = action - A_FETCH;
      for (let i = w[O_DECK_N + p]! - 1; i >= 0; i--) {
        const g = w[O_DECK + p * INST + i]!;
        if (st.ctx.cardOf[g] !== c) continue;
        deckTake(w, p, i);
        enterPlay(st, g);
        count(st, g, R_FETCHED);
        count(st, g, R_SETUP);
        seen(st, g);
        break;
      }
      w[O_FETCH_N + p]!++;
      w[O_FETCH_MASK + p]! |= 1 << st.ctx.cat.icon[c]!;
      continueFetch(st);
      return;
    }
    case PH_MULLIGAN: {
      const p = w[O_SETUP_P]!;
      if (action === A_DONE) {
        finishMulligan(st, p);
        return;
      }
      // R11, D9: the card goes under the deck, beneath those put there before; its owner knows the order.
      const g = handTake(w, p, action - A_BOTTOM);
      const base = O_DECK + p * INST;
      const n = w[O_DECK_N + p]!;
      for (let i = n; i > 0; i--) w[base + i] = w[base + i - 1]!;
      w[base] = g;
      w[O_DECK_N + p] = n + 1;
      w[O_ZONE + g] = Z_DECK;
      w[O_KNOWN + p]!++;
      w[O_MULL_N + p]!++;
      count(st, g, R_MULL);
      return;
    }
    case PH_DEVELOP: {
      const p = w[O_ACTIVE]!;
      if (action === A_DRAW) {
        drawOne(st, p, R_DRAWN);
        if (w[O_PHASE] !== PH_OVER) toMain(st);
        return;
      }
      const g = handTake(w, p, action - A_PLAY_RESOURCE);
      enterPlay(st, g);
      // D11: any other card goes face down, an iconless resource; it is not counted as played (its own text never acts).
      if (st.ctx.cat.type[st.ctx.cardOf[g]!] !== T_RESOURCE) w[O_FACEDOWN + g] = 1;
      else count(st, g, R_PLAYED);
      if (st.ctx.options.developOpensWindow) openWindow(st, WC_DEVELOP, 1 - p);
      else toMain(st);
      return;
    }
    case PH_MAIN:
    case PH_WINDOW: {
      const main = ph === PH_MAIN;
      const p = main ? w[O_ACTIVE]! : w[O_PRIO]!;
      if (action === A_PASS) {
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
      if (action === A_END_TURN) {
        // R13, D14: the last window, the non-active player first; it never reopens the turn.
        if (st.ctx.options.endOfTurnWindow) openWindow(st, WC_END, 1 - p);
        else endTurn(st);
        return;
      }
      if (action === A_ATTACK) {
        w[O_ATK_ON] = 1;
        w[O_ATK_TARGET] = -1;
        w[O_PHASE] = PH_ATK_TARGET;
        w[O_CUR] = p;
        return;
      }
      if (main) w[O_WCTX] = WC_MAIN;
      if (action < A_USE) announce(st, p, P_CARD, handTake(w, p, action - A_PLAY), 0);
      else {
        const x = action - A_USE;
        announce(st, p, P_ABILITY, p * INST + ((x / MAX_ABILITIES) | 0), x % MAX_ABILITIES);
      }
      return;
    }
    case PH_TARGET:
      commit(st, w[O_PEND_PLAYER]!, w[O_PEND]!, w[O_PEND_SRC]!, w[O_PEND_K]!, action - A_TARGET);
      return;
    case PH_ATK_TARGET: {
      const q = 1 - w[O_ACTIVE]!;
      w[O_ATK_TARGET] = action === A_TARGET_FACTION ? q * INST : q * INST + action - A_TARGET_LOCATION;
      w[O_PHASE] = PH_DECLARE_ATK;
      w[O_DECL_LAST] = -1;
      w[O_DECL_N] = 0;
      return;
    }
    case PH_DECLARE_ATK:
    case PH_DECLARE_DEF: {
      const atk = ph === PH_DECLARE_ATK;
      const p = atk ? w[O_ACTIVE]! : 1 - w[O_ACTIVE]!;
      if (action !== A_DONE) {
        const i = action - A_DECLARE;
        w[O_COMBAT + p * INST + i] = atk ? C_ATTACKER : C_DEFENDER;
        w[O_DECL_LAST] = i;
        w[O_DECL_N]!++;
        return;
      }
      w[O_DECL_LAST] = -1;
      w[O_DECL_N] = 0;
      if (atk) {
        // R17 (2): the attackers are consumed; (3): the attacker's window, then the defender's.
        for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_COMBAT + g] === C_ATTACKER) w[O_CONS + g] = 1;
        openWindow(st, WC_ATK, p);
        return;
      }
      for (let g = 0; g < NUM_INST; g++) if (w[O_COMBAT + g] !== C_NONE) w[O_CSPD + g] = speedOf(st, g);
      nextGroup(st); // R17 (5)
      return;
    }
    case PH_ASSIGN: {
      const g = w[O_ASG_DEALER]!;
      const q = 1 - owner(g);
      if (action < A_ASSIGN_REST) {
        lock(st, g, q * INST + action - A_ASSIGN, 1);
        w[O_ASG_LEFT]!--;
        return;
      }
      lock(st, g, q * INST + action - A_ASSIGN_REST, w[O_ASG_LEFT]!);
      w[O_ASG_LEFT] = 0;
      w[O_GROUP + g] = 2;
      nextDealer(st);
      return;
    }
  }
}

/** Applies a decision, then every forced one (a single legal action) until a real choice. */
export function step(st: SeuilsState, action: number): void {
  applyRaw(st, action);
  st.legalCount = -1;
  advance(st);
}

export function advance(st: SeuilsState): void {
  for (;;) {
    const w = st.w;
    if (w[O_PHASE] === PH_OVER) {
      st.legalCount = 0;
      return;
    }
    const n = legal(st, st.legal);
    st.legalCount = n;
    if (n === 0 && w[O_PHASE] === PH_DEVELOP) {
      toMain(st); // D29: nothing to draw and no resource in hand: develop is skipped
      continue;
    }
    if (n === 0 && w[O_PHASE] === PH_FETCH) {
      finishFetch(st); // the deck holds no resource that fits: the line is met as far as it can be
      continue;
    }
    if (n !== 1) return;
    st.forcedSteps++;
    applyRaw(st, st.legal[0]!);
  }
}

// ---------------- setup (R7–R12, D6–D9) ----------------

/** An empty state: every zone empty. */
export function clearState(st: SeuilsState): void {
  const w = st.w;
  w.fill(0);
  w.fill(-1, O_DECK, O_DECK + NUM_INST);
  w.fill(-1, O_HAND, O_HAND + NUM_INST);
  w.fill(-1, O_DISC, O_DISC + NUM_INST);
  w.fill(Z_NONE, O_ZONE, O_ZONE + NUM_INST);
  w.fill(-1, O_HOST, O_HOST + NUM_INST);
  w.fill(-1, O_STACK, STATE_WORDS);
  w[O_WINNER] = WIN_NONE;
  w[O_END] = END_NONE;
  w[O_ATK_TARGET] = -1;
  w[O_DECL_LAST] = -1;
  w[O_ASG_DEALER] = -1;
  w[O_PRIO] = -1;
  clearPend(w);
  st.legalCount = -1;
}

function fetchLine(st: SeuilsState, p: number): number {
  return st.ctx.cat.startRes[st.ctx.cardOf[p * INST]!]!;
}

function continueFetch(st: SeuilsState): void {
  const w = st.w;
  const p = w[O_SETUP_P]!;
  if (w[O_FETCH_N + p]! >= fetchLine(st, p)) finishFetch(st);
}

/** R9, D7: p has fetched; the deck is shuffled; the second player fetches, then the starting draws. */
function finishFetch(st: SeuilsState): void {
  const w = st.w;
  const p = w[O_SETUP_P]!;
  if (st.ctx.options.shuffleAfterFetch) shuffleDeck(w, p);
  if (w[O_SETUP_STAGE] === 0) {
    w[O_SETUP_STAGE] = 1;
    beginFetch(st, 1 - p);
    return;
  }
  // R10, D8: the starting draw, split between first and second player when the line gives two numbers.
  const first = w[O_FIRST]!;
  for (let q = 0; q < 2; q++) {
    const id = st.ctx.cardOf[q * INST]!;
    const second = q !== first && st.ctx.options.startingDrawSplit ? 1 : 0;
    const n = st.ctx.cat.startDraw[2 * id + second]!;
    for (let i = 0; i < n; i++) drawOne(st, q, R_DEALT);
  }
  w[O_SETUP_STAGE] = 2;
  w[O_SETUP_P] = st.ctx.options.mulliganOrder === 'firstPlayerFirst' ? first : 1 - first;
  w[O_PHASE] = PH_MULLIGAN;
  w[O_CUR] = w[O_SETUP_P]!;
}

function beginFetch(st: SeuilsState, p: number): void {
  const w = st.w;
  w[O_SETUP_P] = p;
  w[O_PHASE] = PH_FETCH;
  w[O_CUR] = p;
  if (fetchLine(st, p) === 0) finishFetch(st);
}

/** R11: the same number is drawn; then the other player, then the game starts (R12). */
function finishMulligan(st: SeuilsState, p: number): void {
  const w = st.w;
  const n = w[O_MULL_N + p]!;
  for (let i = 0; i < n; i++) drawOne(st, p, R_DEALT);
  if (w[O_PHASE] === PH_OVER) return;
  if (w[O_SETUP_STAGE] === 2) {
    w[O_SETUP_STAGE] = 3;
    w[O_SETUP_P] = 1 - p;
    w[O_CUR] = 1 - p;
    return;
  }
  w[O_SETUP_STAGE] = 4;
  w[O_SETUP_P] = -1;
  if (st.rec !== null) {
    for (let q = 0; q < 2; q++) for (let h = 0; h < w[O_HAND_N + q]!; h++) count(st, w[O_HAND + q * INST + h]!, R_OH);
  }
  startTurn(st, w[O_FIRST]!);
}

/** R7, R8, D6: factions in play, decks shuffled, the first player drawn, then the fetches. */
export function newGame(st: SeuilsState, seed: number): void {
  const w = st.w;
  const ctx = st.ctx;
  clearState(st);
  if (st.rec !== null) st.rec.fill(0);
  seedChanceStreams(seed, ctx.deckKeys, w, RNG_GAME, RNG_SEAT);
  for (let p = 0; p < 2; p++) {
    const f = p * INST;
    w[O_ZONE + f] = Z_PLAY; // R7
    const ms = ctx.mainSize[p]!;
    for (let i = 0; i < ms; i++) {
      const g = p * INST + 1 + i;
      w[O_DECK + p * INST + i] = g;
      w[O_ZONE + g] = Z_DECK;
    }
    w[O_DECK_N + p] = ms;
    shuffleDeck(w, p);
    w[O_INFL + p] = startInfluence(st, p);
  }
  const first = ctx.options.firstPlayer === 'random' ? nextInt(w, RNG_GAME, 2) : 0;
  w[O_FIRST] = first;
  w[O_TURN] = 0;
  w[O_SETUP_STAGE] = 0;
  beginFetch(st, first);
  st.legalCount = -1;
  advance(st);
}

