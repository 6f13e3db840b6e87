// Information sets (architecture.md): what one seat may know, and determinization — a
// state consistent with that knowledge where everything hidden is resampled. A seat knows
// its hand, its deck's contents (not order), both boards, both discards, face-up cards,
// VP, pools and the opponent's deck list; not the opponent's hand (except cards it saw
// return there), either deck order, face-down Traps and Artefact, face-down setup
// Aspirants (D24), nor the chance stream.
import type { Rng } from '../../core/game.ts';
import { fillFromWords, SeededRng, shuffleFromWords } from '../../core/rng.ts';
import * as catalogueCodes from './catalogue/compile.ts';
import { BRState, owner } from './state.ts';
import * as stateLayout from './state.ts';
// The layout constants bound as this module's own (as in board.ts): optimized code folds a
// module's own constants, while an imported binding is loaded at every use (the bundles
// read them as named imports: src/sim/named-imports.ts).
const {
  ART_HIDDEN, INST_PER_PLAYER, Z_ACTIVE, Z_ART, Z_ART_STATE, Z_ATK_COLUMN, Z_ATK_INST,
  Z_ATK_RANGED, Z_CURRENT, Z_DECK, Z_DECK_N, Z_DEF_INST, Z_DEF_KIND, Z_DISC, Z_DISC_N, O_DUE,
  Z_END, O_ENTERED, Z_ENV, Z_ENV_TAPPED, Z_EQUIP, Z_FACEDOWN, Z_FIRST, Z_GONE, Z_GONE_N, Z_HAND,
  Z_HAND_N, Z_IN_ATTACK, Z_MULL_DONE, Z_OCC, Z_PASSES, Z_PAYER, Z_PEND, Z_PEND_INST, Z_PEND_RETURN,
  Z_PEND_SOURCE, Z_PEND_TARGET, Z_PHASE, O_POOL, isPublic, Z_SETUP_DONE, Z_STEP, O_SUPPORT,
  Z_SUPPORTER, Z_SUPPORT_N, Z_RS_ASK, O_RS_CARD, Z_RS_CHOSEN, Z_RS_INST, Z_RS_KIND, Z_RS_NEXT,
  Z_RS_P, Z_RS_PAID, Z_RS_RETURN, Z_RS_SLOT, Z_RS_SRC, Z_RS_TRIG, Z_TAPPED, Z_TATK, Z_TBACK,
  Z_TDEF, Z_TFRONT, Z_TKW, Z_TPOW, Z_TRAP, Z_TRAP_2A, Z_TRES, O_TURN, O_VP, Z_WINNER, Z_WTURN,
  O_LAST_ATK_POWER, O_LAST_DEF_POWER, PEND_PLACE_TRAP, PEND_PLAY, PH_PAY, ZONE_CAP, O_ENV_TPOW,
  Z_TRAP_NEWCOL, Z_ATTACKED,
  C_SCAN_OK, C_WIN_N,
} = stateLayout;
const { G_ASPIRANT, T_CHARACTER, T_TRAP } = catalogueCodes;

const HIDDEN = -2;

export function observationLength(catSize: number): number {
  return 64 + 12 * 14 + 6 + 8 + 2 * ZONE_CAP * 4 + catSize + 2 * ZONE_CAP + 8;
}

function cardOrNone(st: BRState, inst: number): number {
  return inst < 0 ? -1 : st.ctx.cardOf[inst]!;
}
function instRef(st: BRState, seat: number, inst: number): number {
  // Instances are named by card, so that copies of a card are interchangeable.
  if (inst < 0) return -1;
  return st.ctx.cardOf[inst]! * 2 + owner(inst);
  void seat;
}

export function observe(st: BRState, seat: number, out: Int32Array): number {
  const w = st.w, z = st.z;
  const o = 1 - seat;
  let n = 0;
  // Byte fields by offset, Int16 words as ~offset (the order of the old Int16 layout).
  for (const f of [Z_PHASE, Z_CURRENT, Z_ACTIVE, Z_FIRST, ~O_TURN, Z_WINNER, Z_END, ~O_VP, ~(O_VP + 1), ~O_POOL, ~(O_POOL + 1),
    Z_SETUP_DONE, Z_SETUP_DONE + 1, Z_MULL_DONE, Z_MULL_DONE + 1, Z_IN_ATTACK, Z_ATK_COLUMN, Z_DEF_KIND, ~O_SUPPORT,
    ~(O_SUPPORT + 1), Z_STEP, Z_PASSES, Z_WTURN, Z_TRAP_2A, ~O_LAST_ATK_POWER, ~O_LAST_DEF_POWER, Z_PAYER, ~O_DUE, Z_PEND,
    Z_PEND_RETURN, ~O_ENV_TPOW, ~(O_ENV_TPOW + 1), Z_TRAP_NEWCOL, Z_SUPPORT_N, Z_SUPPORT_N + 1,
    Z_RS_P, ~O_RS_CARD, Z_RS_TRIG, Z_RS_KIND, Z_RS_RETURN, Z_RS_NEXT, Z_RS_ASK, Z_RS_PAID, Z_RS_SLOT]) out[n++] = f >= 0 ? z[f]! : w[~f]!;
  // D22: the ability waiting on Résistant decisions is public (played, revealed or on the board).
  out[n++] = instRef(st, seat, z[Z_RS_SRC]!);
  out[n++] = instRef(st, seat, z[Z_RS_CHOSEN]!);
  out[n++] = instRef(st, seat, z[Z_RS_INST]!);
  out[n++] = instRef(st, seat, z[Z_ATK_INST]!);
  out[n++] = instRef(st, seat, z[Z_DEF_INST]!);
  out[n++] = instRef(st, seat, z[Z_ATK_RANGED]!);
  out[n++] = instRef(st, seat, z[Z_SUPPORTER]!);
  out[n++] = instRef(st, seat, z[Z_SUPPORTER + 1]!);
  // A Trap placed from hand during 2a is face down: its identity is hidden from the other seat.
  const pend = z[Z_PEND_INST]!;
  const pendHidden = z[Z_PHASE] === PH_PAY && z[Z_PEND] === PEND_PLACE_TRAP && owner(pend) !== seat;
  out[n++] = pendHidden ? HIDDEN : instRef(st, seat, pend);
  out[n++] = instRef(st, seat, z[Z_PEND_SOURCE]!);
  // A play's target is a slot index; the other pending acts name a character instance.
  out[n++] = z[Z_PEND] === PEND_PLAY ? z[Z_PEND_TARGET]! : instRef(st, seat, z[Z_PEND_TARGET]!);
  for (let gs = 0; gs < 12; gs++) {
    const inst = z[Z_OCC + gs]!;
    const hidden = z[Z_FACEDOWN + gs] !== 0 && owner(inst) !== seat;
    out[n++] = hidden ? HIDDEN : cardOrNone(st, inst);
    out[n++] = z[Z_TAPPED + gs]!;
    out[n++] = w[O_ENTERED + gs]!;
    for (const f of [Z_FACEDOWN, Z_TPOW, Z_TKW, Z_TFRONT, Z_TBACK, Z_TDEF, Z_TATK, Z_TRES, Z_ATTACKED]) out[n++] = z[f + gs]!;
    out[n++] = cardOrNone(st, z[Z_EQUIP + gs]!);
  }
  for (let i = 0; i < 6; i++) {
    const inst = z[Z_TRAP + i]!;
    out[n++] = inst < 0 ? -1 : owner(inst) === seat ? st.ctx.cardOf[inst]! : HIDDEN;
  }
  for (let p = 0; p < 2; p++) {
    out[n++] = cardOrNone(st, z[Z_ENV + p]!);
    out[n++] = z[Z_ENV_TAPPED + p]!;
    out[n++] = z[Z_ART_STATE + p]!;
    out[n++] = p === seat || z[Z_ART_STATE + p] !== ART_HIDDEN ? cardOrNone(st, z[Z_ART + p]!) : HIDDEN;
  }
  // Hands: own in full (with what the opponent knows of it), the opponent's known cards only.
  out[n++] = z[Z_HAND_N + seat]!;
  for (let i = 0; i < ZONE_CAP; i++) {
    const inst = i < z[Z_HAND_N + seat]! ? z[Z_HAND + seat * ZONE_CAP + i]! : -1;
    out[n++] = cardOrNone(st, inst);
    out[n++] = inst < 0 ? 0 : isPublic(z, inst);
  }
  out[n++] = z[Z_HAND_N + o]!;
  for (let i = 0; i < ZONE_CAP; i++) {
    const inst = i < z[Z_HAND_N + o]! ? z[Z_HAND + o * ZONE_CAP + i]! : -1;
    out[n++] = inst < 0 ? -1 : isPublic(z, inst) ? st.ctx.cardOf[inst]! : HIDDEN;
  }
  // Own deck as a multiset of cards; the opponent's deck as a count.
  const counts = n;
  for (let c = 0; c < st.ctx.cat.size; c++) out[n++] = 0;
  for (let i = 0; i < z[Z_DECK_N + seat]!; i++) out[counts + st.ctx.cardOf[z[Z_DECK + seat * ZONE_CAP + i]!]!]!++;
  out[n++] = z[Z_DECK_N + o]!;
  for (let p = 0; p < 2; p++) {
    out[n++] = z[Z_DISC_N + p]!;
    for (let i = 0; i < z[Z_DISC_N + p]!; i++) out[n++] = st.ctx.cardOf[z[Z_DISC + p * ZONE_CAP + i]!]!;
    out[n++] = z[Z_GONE_N + p]!;
    for (let i = 0; i < z[Z_GONE_N + p]!; i++) out[n++] = st.ctx.cardOf[z[Z_GONE + p * ZONE_CAP + i]!]!;
  }
  return n;
}

function randInt(rng: Rng, n: number): number {
  return Math.floor(rng.next() * n);
}

/**
 * Copies src into dst (already done by the caller's cloneInto), then resamples what `seat`
 * cannot see: the opponent's unknown hand cards, deck, face-down Traps and setup Aspirants
 * (a Trap slot gets a Trap, a setup slot an Aspirant of a distinct name), both deck orders,
 * and the chance stream.
 */
export function determinizeInPlace(dst: BRState, seat: number, rng: Rng): void {
  const w = dst.w, z = dst.z;
  w[C_SCAN_OK] = 0; // face-down setup Aspirants may change identity
  w[C_WIN_N] = 0; // and the hands the attacker's saved list was made from
  const ctx = dst.ctx;
  const cat = ctx.cat;
  const o = 1 - seat;
  // Offsets in z of hidden positions: before `free`, hand and deck places, then Trap and
  // setup slots.
  const pos = ctx.scratch;
  const kind = ctx.scratch2; // per position: 0 any, 1 trap, 2 aspirant; then the instance pool
  const pool = kind; // its upper half holds the pool of hidden instances
  const P0 = 512;
  // The positions first, then one pass takes their instances into the pool and marks them in
  // a 48-bit presence mask (ids lo..lo+31, lo+32..lo+47) from which they are sorted.
  const lo = o * INST_PER_PLAYER;
  let np = 0;
  for (let i = 0, n = z[Z_HAND_N + o]!; i < n; i++) {
    const off = Z_HAND + o * ZONE_CAP + i;
    if (isPublic(z, z[off]!) !== 0) continue;
    pos[np] = off;
    kind[np++] = 0;
  }
  for (let i = 0, n = z[Z_DECK_N + o]!; i < n; i++) {
    pos[np] = Z_DECK + o * ZONE_CAP + i;
    kind[np++] = 0;
  }
  // Positions before `free` take any card; the constrained ones (Trap slots, setup slots, a
  // Trap being placed) follow them.
  const free = np;
  for (let c = 0; c < 3; c++) if (z[Z_TRAP + o * 3 + c]! >= 0) { pos[np] = Z_TRAP + o * 3 + c; kind[np++] = 1; }
  for (let s = 0; s < 6; s++) if (z[Z_FACEDOWN + o * 6 + s] !== 0 && z[Z_OCC + o * 6 + s]! >= 0) { pos[np] = Z_OCC + o * 6 + s; kind[np++] = 2; }
  if (z[Z_PHASE] === PH_PAY && z[Z_PEND] === PEND_PLACE_TRAP && owner(z[Z_PEND_INST]!) === o) { pos[np] = Z_PEND_INST; kind[np++] = 1; }
  let m0 = 0, m1 = 0, sortable = true;
  for (let i = 0; i < np; i++) {
    const inst = z[pos[i]!]!;
    pool[P0 + i] = inst;
    const k = inst - lo;
    if (k >= 0 && k < 32 && (m0 & (1 << k)) === 0) m0 |= 1 << k;
    else if (k >= 32 && k < INST_PER_PLAYER && (m1 & (1 << (k - 32))) === 0) m1 |= 1 << (k - 32);
    else sortable = false;
  }
  // Sorted first, so that the sample depends on which cards are hidden, never on where they
  // really are (two states of one information set give the same samples for the same rng).
  if (sortable) writeFromMask(pool, P0, lo, m0, m1);
  else sortRange(pool, P0, np);
  const seeded = rng instanceof SeededRng ? rng.words : null;
  if (seeded) shuffleFromWords(seeded, 0, pool, P0, np);
  else {
    for (let i = np - 1; i > 0; i--) {
      const j = randInt(rng, i + 1);
      const t = pool[P0 + i]!;
      pool[P0 + i] = pool[P0 + j]!;
      pool[P0 + j] = t;
    }
  }
  if (free === np) {
    // Nothing constrained: the shuffled pool goes to the positions in order.
    for (let i = 0; i < np; i++) z[pos[i]!] = pool[P0 + i]!;
  } else {
    // Constrained positions first (Trap slots, then setup slots), then the rest in order.
    const used = P0 + 256; // flags: 1 when a pool entry is taken
    for (let i = 0; i < np; i++) pool[used + i] = 0;
    for (let want = 1; want <= 2; want++) {
      for (let i = free; i < np; i++) {
        if (kind[i] !== want) continue;
        let pick = -1;
        for (let j = 0; j < np && pick < 0; j++) {
          if (pool[used + j]) continue;
          const c = ctx.cardOf[pool[P0 + j]!]!;
          if (want === 1 && cat.type[c] === T_TRAP) pick = j;
          if (want === 2 && cat.type[c] === T_CHARACTER && cat.grade[c] === G_ASPIRANT && !aspirantTaken(dst, c, pos, kind, np)) pick = j;
        }
        if (pick < 0) pick = firstFree(pool, used, np); // cannot happen for a reachable state
        pool[used + pick] = 1;
        z[pos[i]!] = pool[P0 + pick]!;
        kind[i] = 3; // done
      }
    }
    // Every position from `free` on is done: the free ones take the untaken entries in order.
    for (let i = 0, j = 0; i < free; i++) {
      while (pool[used + j]) j++;
      pool[used + j] = 1;
      z[pos[i]!] = pool[P0 + j]!;
    }
  }
  // Own deck order is unknown to the seat as well (sorted first, as above).
  const base = Z_DECK + seat * ZONE_CAP;
  sortInstances(z, base, z[Z_DECK_N + seat]!, seat * INST_PER_PLAYER);
  if (seeded) shuffleFromWords(seeded, 0, z, base, z[Z_DECK_N + seat]!);
  else {
    for (let i = z[Z_DECK_N + seat]! - 1; i > 0; i--) {
      const j = randInt(rng, i + 1);
      const t = z[base + i]!;
      z[base + i] = z[base + j]!;
      z[base + j] = t;
    }
  }
  // The chance stream is hidden: reseed it from the seat's own randomness.
  const w32 = dst.w32;
  if (seeded) fillFromWords(seeded, w32, 12);
  else for (let i = 0; i < 12; i++) w32[i] = (rng.next() * 4294967296) | 0;
  for (let k = 0; k < 12; k += 4) if ((w32[k]! | w32[k + 1]! | w32[k + 2]! | w32[k + 3]!) === 0) w32[k] = 1;
  dst.legalCount = -1;
}

function firstFree(pool: Int32Array, used: number, np: number): number {
  for (let j = 0; j < np; j++) if (!pool[used + j]) return j;
  return 0;
}

/** Is Aspirant card c already on one of o's setup slots reassigned so far (names are distinct, R25)? */
function aspirantTaken(st: BRState, c: number, pos: Int32Array, kind: Int32Array, np: number): boolean {
  for (let i = 0; i < np; i++) {
    const off = pos[i]!;
    if (kind[i] !== 3 || off < Z_OCC || off >= Z_OCC + 12) continue;
    if (st.ctx.cardOf[st.z[off]!] === c) return true;
  }
  return false;
}

/**
 * Sorts a[from .. from + n), instances of one player (ids in [lo, lo + 48)): distinct ids
 * are written back in order from a 48-bit presence mask, in O(n) instead of the insertion
 * sort's O(n²); an id out of that range or seen twice falls back to the insertion sort.
 */
function sortInstances(a: Int32Array | Int8Array, from: number, n: number, lo: number): void {
  let m0 = 0, m1 = 0; // ids lo..lo+31, lo+32..lo+47
  for (let i = from; i < from + n; i++) {
    const k = a[i]! - lo;
    if (k >= 0 && k < 32) {
      const b = 1 << k;
      if ((m0 & b) !== 0) return sortRange(a, from, n);
      m0 |= b;
    } else if (k >= 32 && k < INST_PER_PLAYER) {
      const b = 1 << (k - 32);
      if ((m1 & b) !== 0) return sortRange(a, from, n);
      m1 |= b;
    } else return sortRange(a, from, n);
  }
  writeFromMask(a, from, lo, m0, m1);
}

/** Writes the ids of a 48-bit presence mask (m0: lo..lo+31, m1: lo+32..lo+47) in increasing order from a[from]. */
function writeFromMask(a: Int32Array | Int8Array, from: number, lo: number, m0: number, m1: number): void {
  let i = from;
  while (m0 !== 0) {
    const b = m0 & -m0;
    a[i++] = lo + 31 - Math.clz32(b);
    m0 ^= b;
  }
  while (m1 !== 0) {
    const b = m1 & -m1;
    a[i++] = lo + 63 - Math.clz32(b);
    m1 ^= b;
  }
}

/** Insertion sort of a[from .. from + n) (at most a few dozen entries). */
function sortRange(a: Int32Array | Int8Array, from: number, n: number): void {
  for (let i = from + 1; i < from + n; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= from && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}
