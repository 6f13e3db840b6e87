// The Blue Rising state: one ArrayBuffer viewed as Int16 fields at fixed offsets (those a byte
// may not hold), then a byte region for the zones and every other field (plus an Int32 view
// for the chance stream and the hash), so a clone is a single byte copy and the hot path
// allocates nothing. Card identities of instances live in the immutable context.
import { MAX_LEGAL } from './actions.ts';
import type { Catalogue } from './catalogue/compile.ts';
import type { GameLog } from './log.ts';
import { RULES, type Mode, type RuleOptions } from './rules-options.ts';
export * from './layout.ts';
import {
  INST_PER_PLAYER, NUM_INST, ZONE_CAP, PH_EOT_DOWN, O_TURN, O_VP, O_POOL, O_DUE, O_LAST_ATK_POWER,
  O_LAST_DEF_POWER, O_SUPPORT, O_ENV_TPOW, O_RS_CARD, O_ENTERED, Z_DECK, Z_HAND, Z_DISC, Z_GONE, Z_PUBLIC,
  Z_PHASE, Z_ACTIVE, Z_FIRST, Z_WINNER, Z_END, Z_CURRENT, Z_SETUP_DONE, Z_MULL_DONE, Z_ATK_INST,
  Z_ATK_COLUMN, Z_ATK_RANGED, Z_DEF_KIND, Z_DEF_INST, Z_SUPPORTER, Z_STEP, Z_PASSES, Z_WTURN, Z_TRAP_2A,
  Z_IN_ATTACK, Z_PAYER, Z_PEND, Z_PEND_INST, Z_PEND_TARGET, Z_PEND_SOURCE, Z_PEND_RETURN, Z_PEND_EXTRA,
  Z_DECK_N, Z_HAND_N, Z_DISC_N, Z_GONE_N, Z_ENV, Z_ENV_TAPPED, Z_ART, Z_ART_STATE, Z_TOKENS_USED, Z_OCC,
  Z_TAPPED, Z_FACEDOWN, Z_EQUIP, Z_TPOW, Z_TKW, Z_TFRONT, Z_TBACK, Z_TDEF, Z_TATK, Z_TRES, Z_TRAP,
  Z_TRAP_NEWCOL, Z_ATTACKED, Z_SUPPORT_N, Z_RS_P, Z_RS_TRIG, Z_RS_SRC, Z_RS_CHOSEN, Z_RS_KIND, Z_RS_INST,
  Z_RS_RETURN, Z_RS_NEXT, Z_RS_ASK, Z_RS_PAID, Z_RS_SLOT, STATE_BYTES8, Z_BASE, STATE_BYTES, CACHE_BASE,
  C_SCAN_OK, C_WIN_N, WIN_SAVED, CACHE_WORDS16, REC_FIELDS, LEGAL_CLONED,
} from './layout.ts';

/** Phase names; PH_EOT_DOWN's is completed with the hand size by `phaseName`. */
export const PHASE_NAMES = ['setup', 'mulligan', 'main', 'pay', 'reaction (2a)', 'window', 'pause', 'end-of-turn discard', 'discard down to', 'over', 'Résistant extra'];
/**
 * The saved list itself follows the legal list (MAX_LEGAL Int32), out of the clone's single
 * copy: it is seldom held (4 to 8 mid-game states in 64), so a clone drops it (cloneInto
 * clears C_WIN_N) and lists step 3b again, the same list.
 */
export const C_WIN = CACHE_BASE + CACHE_WORDS16 + 2 * MAX_LEGAL;

/** Every Int16 field with its length, for the layout test. */
export const LAYOUT: readonly [string, number, number][] = [
  ['rng', 0, 24], ['O_TURN', O_TURN, 1], ['O_VP', O_VP, 2], ['O_POOL', O_POOL, 2], ['O_DUE', O_DUE, 1],
  ['O_LAST_ATK_POWER', O_LAST_ATK_POWER, 1], ['O_LAST_DEF_POWER', O_LAST_DEF_POWER, 1], ['O_SUPPORT', O_SUPPORT, 2],
  ['O_ENV_TPOW', O_ENV_TPOW, 2], ['O_RS_CARD', O_RS_CARD, 1], ['O_ENTERED', O_ENTERED, 12],
];

/** Every field of the byte region with its length, in bytes from Z_BASE, for the layout test. */
export const LAYOUT8: readonly [string, number, number][] = [
  ['Z_DECK', Z_DECK, 2 * ZONE_CAP], ['Z_HAND', Z_HAND, 2 * ZONE_CAP], ['Z_DISC', Z_DISC, 2 * ZONE_CAP],
  ['Z_GONE', Z_GONE, 2 * ZONE_CAP], ['Z_PUBLIC', Z_PUBLIC, NUM_INST >> 3], ['Z_PHASE', Z_PHASE, 1],
  ['Z_ACTIVE', Z_ACTIVE, 1], ['Z_FIRST', Z_FIRST, 1], ['Z_WINNER', Z_WINNER, 1], ['Z_END', Z_END, 1],
  ['Z_CURRENT', Z_CURRENT, 1], ['Z_SETUP_DONE', Z_SETUP_DONE, 2], ['Z_MULL_DONE', Z_MULL_DONE, 2],
  ['Z_ATK_INST', Z_ATK_INST, 1], ['Z_ATK_COLUMN', Z_ATK_COLUMN, 1], ['Z_ATK_RANGED', Z_ATK_RANGED, 1],
  ['Z_DEF_KIND', Z_DEF_KIND, 1], ['Z_DEF_INST', Z_DEF_INST, 1], ['Z_SUPPORTER', Z_SUPPORTER, 2],
  ['Z_STEP', Z_STEP, 1], ['Z_PASSES', Z_PASSES, 1], ['Z_WTURN', Z_WTURN, 1], ['Z_TRAP_2A', Z_TRAP_2A, 1],
  ['Z_IN_ATTACK', Z_IN_ATTACK, 1], ['Z_PAYER', Z_PAYER, 1], ['Z_PEND', Z_PEND, 1], ['Z_PEND_INST', Z_PEND_INST, 1],
  ['Z_PEND_TARGET', Z_PEND_TARGET, 1], ['Z_PEND_SOURCE', Z_PEND_SOURCE, 1], ['Z_PEND_RETURN', Z_PEND_RETURN, 1],
  ['Z_PEND_EXTRA', Z_PEND_EXTRA, 1], ['Z_DECK_N', Z_DECK_N, 2], ['Z_HAND_N', Z_HAND_N, 2], ['Z_DISC_N', Z_DISC_N, 2],
  ['Z_GONE_N', Z_GONE_N, 2], ['Z_ENV', Z_ENV, 2], ['Z_ENV_TAPPED', Z_ENV_TAPPED, 2], ['Z_ART', Z_ART, 2],
  ['Z_ART_STATE', Z_ART_STATE, 2], ['Z_TOKENS_USED', Z_TOKENS_USED, 2], ['Z_OCC', Z_OCC, 12],
  ['Z_TAPPED', Z_TAPPED, 12], ['Z_FACEDOWN', Z_FACEDOWN, 12], ['Z_EQUIP', Z_EQUIP, 12], ['Z_TPOW', Z_TPOW, 12],
  ['Z_TKW', Z_TKW, 12], ['Z_TFRONT', Z_TFRONT, 12], ['Z_TBACK', Z_TBACK, 12], ['Z_TDEF', Z_TDEF, 12],
  ['Z_TATK', Z_TATK, 12], ['Z_TRES', Z_TRES, 12], ['Z_TRAP', Z_TRAP, 6], ['Z_TRAP_NEWCOL', Z_TRAP_NEWCOL, 1],
  ['Z_ATTACKED', Z_ATTACKED, 12], ['Z_SUPPORT_N', Z_SUPPORT_N, 2], ['Z_RS_P', Z_RS_P, 1],
  ['Z_RS_TRIG', Z_RS_TRIG, 1], ['Z_RS_SRC', Z_RS_SRC, 1], ['Z_RS_CHOSEN', Z_RS_CHOSEN, 1],
  ['Z_RS_KIND', Z_RS_KIND, 1], ['Z_RS_INST', Z_RS_INST, 1], ['Z_RS_RETURN', Z_RS_RETURN, 1],
  ['Z_RS_NEXT', Z_RS_NEXT, 1], ['Z_RS_ASK', Z_RS_ASK, 1], ['Z_RS_PAID', Z_RS_PAID, 1], ['Z_RS_SLOT', Z_RS_SLOT, 1],
];

/** 1 when the opponent knows instance inst's identity while it sits in its owner's hand, else 0. */
export function isPublic(z: Int8Array, inst: number): number {
  return (z[Z_PUBLIC + (inst >> 3)]! >> (inst & 7)) & 1;
}
export function setPublic(z: Int8Array, inst: number, known: number): void {
  const i = Z_PUBLIC + (inst >> 3), bit = 1 << (inst & 7);
  z[i] = known ? z[i]! | bit : z[i]! & ~bit;
}

/** Immutable per-game context shared by a state and all its clones. */
export interface GameContext {
  readonly cat: Catalogue;
  readonly options: RuleOptions;
  readonly mode: Mode;
  /** Card id of each instance (tokens: the Squire). */
  readonly cardOf: Int16Array;
  /** Number of real cards in each player's deck list. */
  readonly deckSize: readonly [number, number];
  /** Distinct Aspirant card ids of each deck, for the setup actions. */
  readonly aspirants: readonly [Int16Array, Int16Array];
  /** Per player, by card id: its index in `aspirants`, or -1 (the setup listing's lookups). */
  readonly aspirantIndex: readonly [Int8Array, Int8Array];
  readonly playerNames: readonly [string, string];
  readonly deckNames: readonly [string, string];
  /** A hash of each deck list: seeds its shuffle stream (common random numbers across seat swaps). */
  readonly deckKeys: readonly [number, number];
  /** Card id of options.faultCard (test-only fault injection), or -1. */
  readonly faultCardId: number;
  /** Scratch buffers for the engine's own use (never hold state across calls). */
  readonly scratch: Int32Array;
  readonly scratch2: Int32Array;
}

export class BRState {
  /** The state's bytes, the rules' cache (CACHE_WORDS16), the cached legal list (Int32, `maxActions` of them), the saved 2b list (C_WIN). */
  readonly buffer: ArrayBuffer;
  /** The state's Int16 words (and, past the byte region, the rules' cache words C_SCAN_OK …, C_WIN …). */
  readonly w: Int16Array;
  readonly w32: Int32Array;
  /** The byte region (zones and knowledge flags), Z_* offsets. */
  readonly z: Int8Array;
  /** The state alone (STATE_BYTES): what hashes and compares. */
  readonly bytes: Uint8Array;
  /** The state, the rules' cache and the first LEGAL_CLONED entries of the legal list: what cloneInto copies. */
  readonly head: Uint8Array;
  /** Legal actions of the current decision, computed by the engine after each apply. */
  readonly legal: Int32Array;
  legalCount = -1;
  /** Decisions with a single legal action that the engine played itself (for the bench). */
  forcedSteps = 0;
  /**
   * Balance counters (metrics.md) when recording: REC_FIELDS per instance, then VP by
   * source per seat. Not part of the cloned state: search clones never record.
   */
  rec: Int32Array | null = null;
  log: GameLog | null = null;
  constructor(readonly ctx: GameContext, maxActions: number) {
    if (maxActions > MAX_LEGAL) throw new RangeError(`at most ${MAX_LEGAL} legal actions (C_WIN follows them)`);
    const cached = STATE_BYTES + 2 * CACHE_WORDS16;
    this.buffer = new ArrayBuffer(2 * (C_WIN + WIN_SAVED));
    this.w = new Int16Array(this.buffer, 0, C_WIN + WIN_SAVED);
    this.w32 = new Int32Array(this.buffer, 0, STATE_BYTES >> 2);
    this.z = new Int8Array(this.buffer, Z_BASE, STATE_BYTES8);
    this.bytes = new Uint8Array(this.buffer, 0, STATE_BYTES);
    this.head = new Uint8Array(this.buffer, 0, cached + 4 * Math.min(LEGAL_CLONED, maxActions));
    this.legal = new Int32Array(this.buffer, cached, maxActions);
  }
}

/** A phase's name as scenarios and messages write it (the discard-down phase names the hand size). */
export function phaseName(st: BRState): string {
  const ph = st.z[Z_PHASE]!;
  return ph === PH_EOT_DOWN ? `discard down to ${st.ctx.options.handSize}` : PHASE_NAMES[ph] ?? `phase ${ph}`;
}

export function owner(inst: number): number {
  return inst >= INST_PER_PLAYER ? 1 : 0;
}

// Adjacency (R3): same column, or side by side on the same row. ADJ[a * 6 + b].
export const ADJ = new Uint8Array(36);
for (let a = 0; a < 6; a++) {
  for (let b = 0; b < 6; b++) {
    const ra = (a / 3) | 0, ca = a % 3, rb = (b / 3) | 0, cb = b % 3;
    ADJ[a * 6 + b] = a !== b && (ca === cb || (ra === rb && Math.abs(ca - cb) === 1)) ? 1 : 0;
  }
}

export const SLOT_NAMES = ['front-left', 'front-centre', 'front-right', 'back-left', 'back-centre', 'back-right'];
export const COLUMN_NAMES = ['left', 'centre', 'right'];

export { RULES };
