// Primitive moves on the state: zones, drawing, leaving play, power totals, VP. Free
// functions over the state record, no allocation.
import { shuffleFromWords } from '../../core/rng.ts';
import * as catalogueCodes from './catalogue/compile.ts';
import {
  BRState,
  owner,
} from './state.ts';
import * as stateLayout from './state.ts';
// The layout, action and catalogue constants bound as this module's own: optimized code
// folds a module's own constants, while an imported binding is loaded at every use
// (about 15% of a random game under tsx, measured with src/bench/play.ts). The bundles read
// them as the named imports they stand for (src/sim/named-imports.ts), as literals.
const {
  AB_SAC, AB_SAC_FIGHT, AB_SAC_RESOURCE, AB_TAP, AB_TAP_FIGHT, AB_TAP_RESOURCE, G_ASPIRANT, G_HERO,
  G_LEGEND, G_SQUIRE, KW_RAGE, NUM_TRIGGERS, T_CHARACTER, TR_SACRIFICE, TR_TAP,
} = catalogueCodes;
const {
  ADJ, END_VP, INST_PER_PLAYER, Z_DECK, Z_DECK_N, Z_DISC, Z_DISC_N, Z_END, O_ENTERED, Z_EQUIP,
  Z_FACEDOWN, Z_GONE, Z_GONE_N, Z_HAND, Z_HAND_N, Z_OCC, Z_PHASE, setPublic, O_SUPPORT, Z_TAPPED, Z_TATK,
  Z_TBACK, Z_TDEF, Z_TFRONT, Z_TKW, Z_TOKENS_USED, Z_TPOW, Z_TRES, Z_ATTACKED, O_TURN, O_VP, Z_WINNER,
  RNG_SEAT, Z_ACTIVE, Z_MULL_DONE, REC_FIELDS, REC_VP, REC_LEADER, REC_LEAD_CHANGES, R_DRAWN,
  R_FIRST_SEEN, R_HELD, R_PLAYED, R_REPLAYS, R_VP_GIVEN, R_VP_SCORED, VP_ENVIRONMENT, VP_EXHAUSTION,
  VP_KILL, VP_SOURCES, Z_CURRENT, PH_OVER, SLOT_NAMES, ZONE_CAP, C_SCAN, C_SCAN_OK, SCAN_WORDS,
  SCAN_TAPS, SCAN_TAP_AB, SCAN_TAP_FIGHT, SCAN_TAP_RES, SCAN_RES, SCAN_OCC, SCAN_SAC, SCAN_SAC_FIGHT, SCAN_SAC_RES,
} = stateLayout;

// ---------- names for the log ----------
export function cardName(st: BRState, inst: number): string {
  return st.ctx.cat.names[st.ctx.cardOf[inst]!]!;
}
export function playerName(st: BRState, p: number): string {
  return st.ctx.playerNames[p]!;
}
export function slotLabel(gs: number): string {
  return SLOT_NAMES[gs % 6]!;
}

// ---------- zones ----------
export function handCount(st: BRState, p: number): number {
  return st.z[Z_HAND_N + p]!;
}
export function handAt(st: BRState, p: number, i: number): number {
  return st.z[Z_HAND + p * ZONE_CAP + i]!;
}
export function pushHand(st: BRState, p: number, inst: number, known: boolean): void {
  const z = st.z;
  const n = z[Z_HAND_N + p]!;
  z[Z_HAND + p * ZONE_CAP + n] = inst;
  z[Z_HAND_N + p] = n + 1;
  setPublic(z, inst, known ? 1 : 0);
  // A copy in hand after both mulligans (drawn, or back from play) is one a player could play.
  if (st.rec !== null && z[Z_MULL_DONE]! && z[Z_MULL_DONE + 1]!) st.rec[inst * REC_FIELDS + R_HELD] = 1;
}
/** Removes hand card i, keeping the order of the others. Returns the instance. */
export function takeFromHand(st: BRState, p: number, i: number): number {
  const inst = removeAt(st.z, Z_HAND + p * ZONE_CAP, Z_HAND_N + p, i);
  setPublic(st.z, inst, 0);
  return inst;
}
/** Removes entry i of the ordered zone at `base` whose count is at `count`, keeping the order of the others. Returns it. */
function removeAt(z: Int8Array, base: number, count: number, i: number): number {
  const inst = z[base + i]!;
  const n = z[count]! - 1;
  for (let k = i; k < n; k++) z[base + k] = z[base + k + 1]!;
  z[base + n] = -1;
  z[count] = n;
  return inst;
}
export function pushDiscard(st: BRState, inst: number): void {
  const p = owner(inst);
  const z = st.z;
  const n = z[Z_DISC_N + p]!;
  z[Z_DISC + p * ZONE_CAP + n] = inst;
  z[Z_DISC_N + p] = n + 1;
}
export function pushDeck(st: BRState, p: number, inst: number): void {
  const z = st.z;
  const n = z[Z_DECK_N + p]!;
  z[Z_DECK + p * ZONE_CAP + n] = inst;
  z[Z_DECK_N + p] = n + 1;
}
export function pushGone(st: BRState, inst: number): void {
  const p = owner(inst);
  const z = st.z;
  const n = z[Z_GONE_N + p]!;
  z[Z_GONE + p * ZONE_CAP + n] = inst;
  z[Z_GONE_N + p] = n + 1;
}
/** Removes the card at index i of p's deck (setup picks Aspirants out of it), keeping the order of the others; returns it. */
export function takeFromDeckAt(st: BRState, p: number, i: number): number {
  return removeAt(st.z, Z_DECK + p * ZONE_CAP, Z_DECK_N + p, i);
}

/** Fisher–Yates over a zone (Z_* offset), from one of the state's chance streams (R12). */
export function shuffleZone(st: BRState, offset: number, n: number, stream: number): void {
  shuffleFromWords(st.w32, stream, st.z, offset, n);
}
export function shuffleDeck(st: BRState, p: number): void {
  shuffleZone(st, Z_DECK + p * ZONE_CAP, st.z[Z_DECK_N + p]!, RNG_SEAT + 4 * p);
}

// ---------- VP and the end (R1, R44) ----------
export function isOver(st: BRState): boolean {
  return st.z[Z_PHASE] === PH_OVER;
}
/**
 * p scores n VP from `source` (VP_KILL, VP_ENVIRONMENT, VP_EXHAUSTION); `scorer` is the card
 * that scored and `victim` the card destroyed (-1 when none), for the log and the counters.
 */
export function gainVp(st: BRState, p: number, n: number, source: number, scorer: number, victim: number): void {
  if (n <= 0 || isOver(st)) return;
  const w = st.w, z = st.z;
  const vp = w[O_VP + p]! + n;
  w[O_VP + p] = vp;
  const rec = st.rec;
  if (rec !== null) {
    rec[REC_VP + p * VP_SOURCES + source] += n;
    // A lead change: a seat takes the lead after the other one had it (ties are no lead).
    const diff = w[O_VP]! - w[O_VP + 1]!;
    const leader = diff > 0 ? 0 : diff < 0 ? 1 : -1;
    if (leader >= 0) {
      const last = rec[REC_LEADER]! - 1; // stored + 1, so that 0 means "nobody yet"
      if (last >= 0 && last !== leader) rec[REC_LEAD_CHANGES]++;
      rec[REC_LEADER] = leader + 1;
    }
    if (scorer >= 0) rec[scorer * REC_FIELDS + R_VP_SCORED] += n;
    if (victim >= 0) rec[victim * REC_FIELDS + R_VP_GIVEN] += n;
  }
  if (st.log) st.log.line(`  ${playerName(st, p)} scores ${n} VP (${vpReason(st, p, source, scorer, victim)}): ${w[O_VP]}–${w[O_VP + 1]}`);
  if (vp >= st.ctx.options.vpToWin) {
    z[Z_WINNER] = p;
    z[Z_END] = END_VP;
    z[Z_PHASE] = PH_OVER;
    z[Z_CURRENT] = -1;
    if (st.log) st.log.line(`${playerName(st, p)} wins with ${vp} VP (target ${st.ctx.options.vpToWin}).`);
  }
}

function vpReason(st: BRState, p: number, source: number, scorer: number, victim: number): string {
  switch (source) {
    case VP_ENVIRONMENT: return `${cardName(st, scorer)} hits the Environment, R40`;
    case VP_KILL:
      return st.z[Z_ACTIVE] === owner(scorer) ? `${cardName(st, victim)} destroyed, R40` : `${cardName(st, victim)} destroyed by Contre-Attaque, R48`;
    // R42 refilled the exhausted deck from the discard; D23: there was nothing to refill it with.
    case VP_EXHAUSTION: return `opponent's deck exhausted, ${st.z[Z_DECK_N + 1 - p] === 0 ? 'D23' : 'R42'}`;
  }
  return 'effect';
}

/** Counts the first time a card is seen in hand or in play (turn + 1; 0 = never). */
export function recordSeen(st: BRState, inst: number): void {
  const rec = st.rec;
  if (rec !== null && rec[inst * REC_FIELDS + R_FIRST_SEEN] === 0) rec[inst * REC_FIELDS + R_FIRST_SEEN] = st.w[O_TURN]! + 1;
}
/** A copy played: the first play counts in R_PLAYED (so played copies ≤ copies held), later ones in R_REPLAYS. */
export function recordPlayed(st: BRState, inst: number): void {
  const rec = st.rec;
  if (rec === null) return;
  const r = inst * REC_FIELDS;
  if (rec[r + R_PLAYED] === 0) rec[r + R_PLAYED] = 1;
  else rec[r + R_REPLAYS]++;
}
export function recordCount(st: BRState, inst: number, field: number): void {
  const rec = st.rec;
  if (rec !== null) rec[inst * REC_FIELDS + field]++;
}

// ---------- drawing (R42, D23) ----------
/** Draws one card for p. Returns false when the draw instruction must stop (D23) or the game ended. */
export function drawOne(st: BRState, p: number): boolean {
  const z = st.z;
  let n = z[Z_DECK_N + p]!;
  if (n === 0) {
    const d = z[Z_DISC_N + p]!;
    if (d === 0) {
      if (st.log) st.log.line(`  ${playerName(st, p)} must draw with an empty deck and an empty discard: nothing is drawn (D23)`);
      gainVp(st, 1 - p, st.ctx.options.exhaustionVp, VP_EXHAUSTION, -1, -1);
      return false;
    }
    // R42: the discard becomes the deck, shuffled; the opponent scores.
    const dbase = Z_DISC + p * ZONE_CAP;
    const kbase = Z_DECK + p * ZONE_CAP;
    for (let i = 0; i < d; i++) {
      z[kbase + i] = z[dbase + i]!;
      z[dbase + i] = -1;
    }
    z[Z_DISC_N + p] = 0;
    z[Z_DECK_N + p] = d;
    shuffleDeck(st, p);
    if (st.log) st.log.line(`  ${playerName(st, p)}'s deck is empty: the discard (${d} cards) is shuffled into a new deck (R42)`);
    gainVp(st, 1 - p, st.ctx.options.exhaustionVp, VP_EXHAUSTION, -1, -1);
    if (isOver(st)) return false;
    n = d;
  }
  const top = Z_DECK + p * ZONE_CAP + n - 1;
  const inst = st.z[top]!;
  st.z[top] = -1;
  z[Z_DECK_N + p] = n - 1;
  pushHand(st, p, inst, false);
  if (st.rec !== null) {
    // Draws after both mulligans count as drawn (metrics.md); the opening hand does not.
    if (z[Z_MULL_DONE]! && z[Z_MULL_DONE + 1]!) recordCount(st, inst, R_DRAWN);
    recordSeen(st, inst);
  }
  return true;
}
export function draw(st: BRState, p: number, count: number): void {
  for (let i = 0; i < count; i++) if (!drawOne(st, p)) return;
}

// ---------- characters in play ----------
export function slotOf(st: BRState, inst: number): number {
  const gs = owner(inst) * 6;
  const z = st.z, o = Z_OCC + gs;
  // The six slots written out: V8 checks the array once for all six, not once a round.
  if (z[o] === inst) return gs;
  if (z[o + 1] === inst) return gs + 1;
  if (z[o + 2] === inst) return gs + 2;
  if (z[o + 3] === inst) return gs + 3;
  if (z[o + 4] === inst) return gs + 4;
  if (z[o + 5] === inst) return gs + 5;
  return -1;
}
export function isAdjacent(gsA: number, gsB: number): boolean {
  if (((gsA / 6) | 0) !== ((gsB / 6) | 0)) return false;
  return ADJ[(gsA % 6) * 6 + (gsB % 6)] === 1;
}
export function charCount(st: BRState, p: number): number {
  let n = 0;
  for (let s = p * 6; s < p * 6 + 6; s++) if (st.z[Z_OCC + s]! >= 0) n++;
  return n;
}
/** R24 / R51: may this character be tapped (attack, effect, support) now? */
export function canTap(st: BRState, gs: number): boolean {
  const w = st.w, z = st.z;
  if (z[Z_OCC + gs]! < 0 || z[Z_TAPPED + gs] !== 0) return false;
  if (w[O_ENTERED + gs] !== w[O_TURN]) return true;
  return (keywordFlags(st, gs) & KW_RAGE) !== 0;
}

/**
 * Taps the character on gs. Its owner's slot scan (state.ts, C_SCAN) stays valid: the
 * character just leaves the tappable masks, with the resources of its tap ability.
 */
export function tapChar(st: BRState, gs: number): void {
  const w = st.w, z = st.z;
  z[Z_TAPPED + gs] = 1;
  const p = gs < 6 ? 0 : 1;
  const bit = 1 << (gs - p * 6);
  const c = C_SCAN + p * SCAN_WORDS;
  if (((w[C_SCAN_OK]! >> p) & 1) === 0 || (w[c + SCAN_TAPS]! & bit) === 0) return;
  const keep = ~bit;
  w[c + SCAN_TAPS] = w[c + SCAN_TAPS]! & keep;
  w[c + SCAN_TAP_AB] = w[c + SCAN_TAP_AB]! & keep;
  w[c + SCAN_TAP_FIGHT] = w[c + SCAN_TAP_FIGHT]! & keep;
  w[c + SCAN_TAP_RES] = w[c + SCAN_TAP_RES]! & keep;
  w[c + SCAN_RES] = w[c + SCAN_RES]! - st.ctx.cat.abResource[st.ctx.cardOf[z[Z_OCC + gs]!]! * NUM_TRIGGERS + TR_TAP]!;
}

function objectOf(st: BRState, gs: number): number {
  const o = st.z[Z_EQUIP + gs]!;
  return o < 0 ? -1 : st.ctx.cardOf[o]!;
}
export function keywordFlags(st: BRState, gs: number): number {
  const cat = st.ctx.cat;
  const c = st.ctx.cardOf[st.z[Z_OCC + gs]!]!;
  const o = objectOf(st, gs);
  return cat.kwFlags[c]! | st.z[Z_TKW + gs]! | (o >= 0 ? cat.objFlags[o]! : 0);
}
export function resistance(st: BRState, gs: number): number {
  const cat = st.ctx.cat;
  const c = st.ctx.cardOf[st.z[Z_OCC + gs]!]!;
  const o = objectOf(st, gs);
  return cat.kwResistant[c]! + st.z[Z_TRES + gs]! + (o >= 0 ? cat.objResistant[o]! : 0);
}
export function supportValue(st: BRState, gs: number): number {
  const cat = st.ctx.cat;
  const c = st.ctx.cardOf[st.z[Z_OCC + gs]!]!;
  const o = objectOf(st, gs);
  return cat.support[c]! + (o >= 0 ? cat.objSupport[o]! : 0);
}
export const ROLE_NONE = 0, ROLE_ATTACKER = 1, ROLE_DEFENDER = 2;
/** Power of the character on slot gs (R39 without supports): base, Object, effects, keywords. */
export function charPower(st: BRState, gs: number, role: number): number {
  const cat = st.ctx.cat;
  const z = st.z;
  const c = st.ctx.cardOf[z[Z_OCC + gs]!]!;
  const o = objectOf(st, gs);
  let p = cat.power[c]! + z[Z_TPOW + gs]!;
  const front = gs % 6 < 3;
  if (front) p += cat.kwFront[c]! + z[Z_TFRONT + gs]!;
  else p += cat.kwBack[c]! + z[Z_TBACK + gs]!;
  if (role === ROLE_ATTACKER) p += cat.kwAttack[c]! + z[Z_TATK + gs]!;
  else if (role === ROLE_DEFENDER) p += cat.kwDefense[c]! + z[Z_TDEF + gs]!;
  if (o >= 0) {
    p += cat.objPower[o]!;
    p += front ? cat.objFront[o]! : cat.objBack[o]!;
    if (role === ROLE_ATTACKER) p += cat.objAttack[o]!;
    else if (role === ROLE_DEFENDER) p += cat.objDefense[o]!;
  }
  return p;
}

/** The same total, as words: "5 base + 3 (Rugissement des ultras) + …" for the log. */
export function powerBreakdown(st: BRState, gs: number, role: number, support: number, supporter: number): string {
  const cat = st.ctx.cat;
  const z = st.z;
  const inst = z[Z_OCC + gs]!;
  const c = st.ctx.cardOf[inst]!;
  const parts: string[] = [`${cat.power[c]} base`];
  const front = gs % 6 < 3;
  const kwRow = front ? cat.kwFront[c]! : cat.kwBack[c]!;
  if (kwRow) parts.push(`${kwRow} (${front ? 'Avant' : 'Arrière'}+${kwRow})`);
  const kwRole = role === ROLE_ATTACKER ? cat.kwAttack[c]! : role === ROLE_DEFENDER ? cat.kwDefense[c]! : 0;
  if (kwRole) parts.push(`${kwRole} (${role === ROLE_ATTACKER ? 'Attaque' : 'Défense'}+${kwRole})`);
  const o = objectOf(st, gs);
  if (o >= 0) {
    const ob = cat.objPower[o]! + (front ? cat.objFront[o]! : cat.objBack[o]!) +
      (role === ROLE_ATTACKER ? cat.objAttack[o]! : role === ROLE_DEFENDER ? cat.objDefense[o]! : 0);
    if (ob) parts.push(`${ob} (${cat.names[o]})`);
  }
  const temp = z[Z_TPOW + gs]!;
  if (temp) {
    const notes = st.log ? st.log.bonusesOf(inst) : [];
    parts.push(`${temp} (${notes.length ? notes.join(', ') : 'effects'})`);
  }
  const tempKw = (front ? z[Z_TFRONT + gs]! : z[Z_TBACK + gs]!) +
    (role === ROLE_ATTACKER ? z[Z_TATK + gs]! : role === ROLE_DEFENDER ? z[Z_TDEF + gs]! : 0);
  if (tempKw) parts.push(`${tempKw} (keywords gained this turn)`);
  if (supporter >= 0) parts.push(`${support} (support of ${cardName(st, supporter)})`);
  return parts.join(' + ');
}

/** Ends the "until end of turn" effects on slot gs (R31) and its attack of the turn (R33). */
export function clearTurnEffects(st: BRState, gs: number): void {
  const w = st.w, z = st.z;
  z[Z_TPOW + gs] = 0;
  z[Z_TKW + gs] = 0;
  w[C_SCAN_OK] = w[C_SCAN_OK]! & (gs < 6 ? 2 : 1); // the slot's owner's scan (see state.ts)
  z[Z_TFRONT + gs] = 0;
  z[Z_TBACK + gs] = 0;
  z[Z_TDEF + gs] = 0;
  z[Z_TATK + gs] = 0;
  z[Z_TRES + gs] = 0;
  z[Z_ATTACKED + gs] = 0;
}

/** Sets slot gs to hold `inst` (or nothing, -1), untapped, face up, unequipped, no effects. */
function resetSlot(st: BRState, gs: number, inst: number, entered: number): void {
  const w = st.w, z = st.z;
  // The owner's slot scan, when current, is patched for this slot rather than dropped: plays
  // and leaving play would otherwise send the next listing through a whole scan.
  const kept = scanOut(st, gs);
  z[Z_OCC + gs] = inst;
  z[Z_TAPPED + gs] = 0;
  w[O_ENTERED + gs] = entered;
  z[Z_FACEDOWN + gs] = 0;
  z[Z_EQUIP + gs] = -1;
  clearTurnEffects(st, gs);
  scanIn(st, gs, kept);
}

/**
 * Before a write to slot gs's fields that the slot scan reads: takes the slot out of its
 * owner's scan when that scan is current, and returns whether it was (for scanIn after the write).
 */
export function scanOut(st: BRState, gs: number): number {
  const p = gs < 6 ? 0 : 1;
  const kept = (st.w[C_SCAN_OK]! >> p) & 1;
  if (kept !== 0) scanDropSlot(st, p, gs);
  return kept;
}

/** After the write: puts slot gs back into its owner's scan (kept: what scanOut returned), or leaves the scan dropped. */
export function scanIn(st: BRState, gs: number, kept: number): void {
  const w = st.w;
  const p = gs < 6 ? 0 : 1;
  if (kept !== 0) {
    scanAddSlot(st, p, gs);
    w[C_SCAN_OK] = w[C_SCAN_OK]! | (1 << p);
  } else {
    w[C_SCAN_OK] = w[C_SCAN_OK]! & (p === 0 ? 2 : 1);
  }
}

/** Sets the Object on slot gs (an instance, or -1), keeping the owner's slot scan current. */
export function setEquip(st: BRState, gs: number, obj: number): void {
  const z = st.z;
  const kept = scanOut(st, gs);
  z[Z_EQUIP + gs] = obj;
  scanIn(st, gs, kept);
}

/**
 * Takes slot gs out of p's slot scan (current, C_SCAN_OK): its bits leave the masks and its
 * resources the sum, as the scan of rules.ts counted them from the slot's present fields.
 */
function scanDropSlot(st: BRState, p: number, gs: number): void {
  const w = st.w, z = st.z;
  const cat = st.ctx.cat, cardOf = st.ctx.cardOf;
  const c = C_SCAN + p * SCAN_WORDS;
  const bit = 1 << (gs - p * 6);
  const inst = z[Z_OCC + gs]!;
  const obj = z[Z_EQUIP + gs]!;
  let r = w[c + SCAN_RES]!;
  if ((w[c + SCAN_TAPS]! & bit) !== 0) r -= cat.abResource[cardOf[inst]! * NUM_TRIGGERS + TR_TAP]!;
  if (inst >= 0 && obj >= 0 && owner(obj) === p) r -= cat.abResource[cardOf[obj]! * NUM_TRIGGERS + TR_SACRIFICE]!;
  w[c + SCAN_RES] = r;
  const keep = ~bit;
  for (let k = SCAN_OCC; k <= SCAN_SAC_RES; k++) w[c + k] = w[c + k]! & keep;
}

/** Adds slot gs to p's slot scan from its present fields, as the scan of rules.ts does. */
function scanAddSlot(st: BRState, p: number, gs: number): void {
  const w = st.w, z = st.z;
  const cat = st.ctx.cat, cardOf = st.ctx.cardOf;
  const c = C_SCAN + p * SCAN_WORDS;
  const s = gs - p * 6;
  const inst = z[Z_OCC + gs]!;
  const obj = z[Z_EQUIP + gs]!;
  if (inst >= 0) {
    w[c + SCAN_OCC] = w[c + SCAN_OCC]! | (1 << s);
    if (z[Z_TAPPED + gs] === 0 && (w[O_ENTERED + gs] !== w[O_TURN] || (keywordFlags(st, gs) & KW_RAGE) !== 0)) {
      const card = cardOf[inst]!;
      const b = cat.abilityBits[card]!;
      w[c + SCAN_TAPS] = w[c + SCAN_TAPS]! | (1 << s);
      w[c + SCAN_TAP_AB] = w[c + SCAN_TAP_AB]! | ((b & AB_TAP) << s);
      w[c + SCAN_TAP_FIGHT] = w[c + SCAN_TAP_FIGHT]! | (((b & AB_TAP_FIGHT) >> 1) << s);
      w[c + SCAN_TAP_RES] = w[c + SCAN_TAP_RES]! | (((b & AB_TAP_RESOURCE) >> 2) << s);
      w[c + SCAN_RES] = w[c + SCAN_RES]! + cat.abResource[card * NUM_TRIGGERS + TR_TAP]!;
    }
  }
  if (obj >= 0 && owner(obj) === p) {
    const b = cat.abilityBits[cardOf[obj]!]!;
    w[c + SCAN_SAC] = w[c + SCAN_SAC]! | (((b & AB_SAC) >> 3) << s);
    w[c + SCAN_SAC_FIGHT] = w[c + SCAN_SAC_FIGHT]! | (((b & AB_SAC_FIGHT) >> 4) << s);
    w[c + SCAN_SAC_RES] = w[c + SCAN_SAC_RES]! | (((b & AB_SAC_RESOURCE) >> 5) << s);
    if (inst >= 0) w[c + SCAN_RES] = w[c + SCAN_RES]! + cat.abResource[cardOf[obj]! * NUM_TRIGGERS + TR_SACRIFICE]!;
  }
}

function clearSlot(st: BRState, gs: number): void {
  resetSlot(st, gs, -1, 0);
}

export const TO_DISCARD = 0, TO_HAND = 1;
/**
 * The character on gs leaves play. A Squire leaves the game (D1); another goes to its
 * owner's discard, or hand (R32). Its Object follows: to hand with it (R32), else to the
 * discard (D17).
 */
export function leavePlay(st: BRState, gs: number, dest: number): void {
  const z = st.z;
  const inst = z[Z_OCC + gs]!;
  const obj = z[Z_EQUIP + gs]!;
  const cat = st.ctx.cat;
  const p = owner(inst);
  if (cat.grade[st.ctx.cardOf[inst]!] === G_SQUIRE) {
    z[Z_TOKENS_USED + p] = z[Z_TOKENS_USED + p]! & ~(1 << (inst - p * INST_PER_PLAYER - (INST_PER_PLAYER - 6)));
    if (st.log) st.log.line(`  ${cardName(st, inst)} leaves the game (Squire token, D1)`);
  } else if (dest === TO_HAND) {
    pushHand(st, p, inst, true);
    if (st.log) st.log.line(`  ${cardName(st, inst)} returns to ${playerName(st, p)}'s hand`);
  } else {
    pushDiscard(st, inst);
    if (st.log) st.log.line(`  ${cardName(st, inst)} goes to ${playerName(st, p)}'s discard`);
  }
  if (obj >= 0) {
    if (dest === TO_HAND) {
      pushHand(st, owner(obj), obj, true);
      if (st.log) st.log.line(`  ${cardName(st, obj)} returns to hand with it (R32)`);
    } else if (st.ctx.options.objectFollowsToDiscard) {
      pushDiscard(st, obj);
      if (st.log) st.log.line(`  ${cardName(st, obj)} goes to the discard with it (D17)`);
    } else {
      pushHand(st, owner(obj), obj, true);
      if (st.log) st.log.line(`  ${cardName(st, obj)} returns to its owner's hand`);
    }
  }
  if (st.log) st.log.clearBonuses(inst);
  clearSlot(st, gs);
}

/** Destroyed by combat (R40, R48): VP to the scorer by grade. Returns the VP scored. */
export function destroyInCombat(st: BRState, gs: number, scorer: number): number {
  const grade = st.ctx.cat.grade[st.ctx.cardOf[st.z[Z_OCC + gs]!]!]!;
  leavePlay(st, gs, TO_DISCARD);
  return gradeVp(st, grade);
}

/** R5: VP for destroying a character of this grade in combat (a Squire scores nothing). */
export function gradeVp(st: BRState, grade: number): number {
  const o = st.ctx.options;
  return grade === G_LEGEND ? o.legendVp : grade === G_HERO ? o.heroVp : grade === G_ASPIRANT ? o.aspirantVp : 0;
}

/** Puts `inst` on slot gs (empty), as having entered play on `turn`. */
export function placeOnSlot(st: BRState, gs: number, inst: number, turn: number): void {
  resetSlot(st, gs, inst, turn);
}

/** Swaps the contents of two character slots, with everything that sits on them. */
export function swapSlots(st: BRState, a: number, b: number): void {
  const w = st.w, z = st.z;
  const p = a < 6 ? 0 : 1;
  if (p === (b < 6 ? 0 : 1)) {
    // Two slots of one player: the scan's bits of the two slots trade places, the sums stay.
    const c = C_SCAN + p * SCAN_WORDS;
    const sa = a - p * 6, sb = b - p * 6;
    for (let k = SCAN_OCC; k <= SCAN_SAC_RES; k++) {
      const m = w[c + k]!;
      const x = ((m >> sa) ^ (m >> sb)) & 1;
      w[c + k] = m ^ ((x << sa) | (x << sb));
    }
  } else {
    w[C_SCAN_OK] = w[C_SCAN_OK]! & (a < 6 ? 2 : 1) & (b < 6 ? 2 : 1);
  }
  for (const base of SLOT_WORDS) {
    const t = w[base + a]!;
    w[base + a] = w[base + b]!;
    w[base + b] = t;
  }
  for (const base of SLOT_BYTES) {
    const t = z[base + a]!;
    z[base + a] = z[base + b]!;
    z[base + b] = t;
  }
}
const SLOT_WORDS = [O_ENTERED];
const SLOT_BYTES = [Z_OCC, Z_TAPPED, Z_FACEDOWN, Z_EQUIP, Z_TPOW, Z_TKW, Z_TFRONT, Z_TBACK, Z_TDEF, Z_TATK, Z_TRES, Z_ATTACKED];

export function isCharacterCard(st: BRState, inst: number): boolean {
  return st.ctx.cat.type[st.ctx.cardOf[inst]!] === T_CHARACTER;
}

export function supportGiven(st: BRState, p: number): number {
  return st.w[O_SUPPORT + p]!;
}
