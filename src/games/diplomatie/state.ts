// The Diplomatie state: one ArrayBuffer viewed as Int32 fields at fixed offsets, so a clone
// is one `set` and the hot path allocates nothing. Card identities of instances live in the
// immutable context (instance p * 36 + i: i < 30 the main deck list, 30..35 the Diplomacy deck).
import type { Catalogue } from './catalogue/compile.ts';
import type { DipRuleOptions } from './rules-options.ts';

export const PLAYERS = 2;
export const INST_PER_PLAYER = 36;
export const MAIN_MAX = 30;
export const NUM_INST = PLAYERS * INST_PER_PLAYER;
/** Permanent slots per player (every card could be a permanent). */
export const SLOTS = 36;
export const K = 3; // abilities per card (catalogue MAX_ABILITIES)
/** Observation caps per slot: evolution pile under a creature, attached cards (level ≤ 5). */
export const UNDER_MAX = 4, ATTACH_MAX = 5;

// Phases (decision points).
export const PH_MAIN = 0, PH_WINDOW = 1, PH_PICK = 2, PH_TARGET = 3, PH_DEFEND = 4, PH_ORDER = 5, PH_OPTIONAL = 6, PH_OVER = 7;
export const PHASE_NAMES = ['main', 'window', 'pick', 'target', 'defend', 'order', 'optional', 'over'];
// Window contexts: what happens when a window closes with an empty stack.
export const WC_MAIN = 0, WC_START = 1, WC_END = 2;
// Pending acts.
export const P_NONE = 0, P_EXTRA = 1, P_PLAY = 2, P_CAST = 3, P_TRIGGER = 4;
// Zones of an instance.
export const Z_DECK = 0, Z_HAND = 1, Z_PLAY = 2, Z_UNDER = 3, Z_ATTACHED = 4, Z_DISCARD = 5, Z_DIPDECK = 6, Z_STACK = 7, Z_LIMBO = 8;
// Stack item kinds.
export const SK_ABILITY = 0, SK_EVENT = 1, SK_ATTACK = 2;
export const STACK_FIELDS = 6; // kind, controller, source instance, ability, target code, target instance
export const STACK_CAP = 72;
export const TRIG_FIELDS = 3; // controller, source instance, ability
export const TRIG_CAP = 72;
// End reasons.
export const END_NONE = 0, END_PV = 1, END_PD = 2, END_BOTH = 3, END_TURN_CAP = 4;
export const WIN_NONE = -2, WIN_DRAW = -1;
/** Target codes: a creature slot (player * SLOTS + slot), or TC_HAND + hand slot of the controller. */
export const TC_HAND = 2 * SLOTS;

// ---- layout (Int32 word offsets); state.test.ts checks the fields neither overlap nor leave gaps.
// Words 0..11: three xoshiro128 chance streams: the game's own (first player), then one per
// seat for its decks' shuffles, seeded from the deck (the same deck gets the same shuffles
// whichever seat it sits in).
export const RNG_GAME = 0, RNG_SEAT = 4;
export const O_PHASE = 12, O_ACTIVE = 13, O_FIRST = 14, O_TURN = 15, O_WINNER = 16, O_END = 17, O_CUR = 18;
export const O_PV = 19, O_PD = 21, O_LIGHT = 23, O_EXTRA_N = 25, O_ATTACKED = 27; // [2] each
export const O_WCTX = 29, O_PRIO = 30, O_PASSES = 31, O_WIN_FIRST = 32;
export const O_PEND = 33, O_PEND_SRC = 34, O_PEND_ABIL = 35, O_PEND_NEED = 36, O_PEND_LAST = 37, O_PEND_NPICK = 38,
  O_PEND_PLAYER = 39, O_PEND_SLOT = 40;
export const O_ATK_ON = 41, O_ATK_SLOT = 42, O_ATK_INST = 43, O_ATK_TCODE = 44, O_ATK_TINST = 45, O_ATK_RETARGETED = 46, O_ATK_PLAYER = 47;
export const O_DECK_N = 48, O_HAND_N = 50, O_DISC_N = 52, O_DIP_N = 54; // [2] each
export const O_STACK_N = 56, O_TRIG_N = 57;
export const O_PICKS = 58; // [36] hand slots picked for the pending act
export const O_ZONE = 94, O_HOST = 166, O_PUBLIC = 238; // [NUM_INST] each
export const O_DECK = 310, O_HAND = 382, O_DISC = 454; // [2 * 36] each, deck top = last
export const O_DIPDECK = 526; // [2 * 6]
export const O_TOP = 538, O_EXH = 610, O_EOT = 682, O_PERM = 754, O_ENTERED = 826; // [2 * SLOTS] each
export const O_CHG = 898; // [2 * SLOTS * K]
export const O_USED = 1114; // [2 * 36 * K]: name limit flags, by (player, name index, ability)
export const O_STACK = 1330; // [STACK_CAP * STACK_FIELDS]
export const O_TRIG = 1762; // [TRIG_CAP * TRIG_FIELDS]
export const STATE_WORDS = 1978;
export const STATE_BYTES = STATE_WORDS * 4;

export const LAYOUT: readonly [string, number, number][] = [
  ['rng', 0, 12], ['O_PHASE', O_PHASE, 1], ['O_ACTIVE', O_ACTIVE, 1], ['O_FIRST', O_FIRST, 1], ['O_TURN', O_TURN, 1],
  ['O_WINNER', O_WINNER, 1], ['O_END', O_END, 1], ['O_CUR', O_CUR, 1], ['O_PV', O_PV, 2], ['O_PD', O_PD, 2],
  ['O_LIGHT', O_LIGHT, 2], ['O_EXTRA_N', O_EXTRA_N, 2], ['O_ATTACKED', O_ATTACKED, 2], ['O_WCTX', O_WCTX, 1],
  ['O_PRIO', O_PRIO, 1], ['O_PASSES', O_PASSES, 1], ['O_WIN_FIRST', O_WIN_FIRST, 1], ['O_PEND', O_PEND, 1],
  ['O_PEND_SRC', O_PEND_SRC, 1], ['O_PEND_ABIL', O_PEND_ABIL, 1], ['O_PEND_NEED', O_PEND_NEED, 1], ['O_PEND_LAST', O_PEND_LAST, 1],
  ['O_PEND_NPICK', O_PEND_NPICK, 1], ['O_PEND_PLAYER', O_PEND_PLAYER, 1], ['O_PEND_SLOT', O_PEND_SLOT, 1],
  ['O_ATK_ON', O_ATK_ON, 1], ['O_ATK_SLOT', O_ATK_SLOT, 1], ['O_ATK_INST', O_ATK_INST, 1], ['O_ATK_TCODE', O_ATK_TCODE, 1],
  ['O_ATK_TINST', O_ATK_TINST, 1], ['O_ATK_RETARGETED', O_ATK_RETARGETED, 1], ['O_ATK_PLAYER', O_ATK_PLAYER, 1],
  ['O_DECK_N', O_DECK_N, 2], ['O_HAND_N', O_HAND_N, 2], ['O_DISC_N', O_DISC_N, 2], ['O_DIP_N', O_DIP_N, 2],
  ['O_STACK_N', O_STACK_N, 1], ['O_TRIG_N', O_TRIG_N, 1], ['O_PICKS', O_PICKS, 36], ['O_ZONE', O_ZONE, NUM_INST],
  ['O_HOST', O_HOST, NUM_INST], ['O_PUBLIC', O_PUBLIC, NUM_INST], ['O_DECK', O_DECK, 72], ['O_HAND', O_HAND, 72],
  ['O_DISC', O_DISC, 72], ['O_DIPDECK', O_DIPDECK, 12], ['O_TOP', O_TOP, 2 * SLOTS], ['O_EXH', O_EXH, 2 * SLOTS],
  ['O_EOT', O_EOT, 2 * SLOTS], ['O_PERM', O_PERM, 2 * SLOTS], ['O_ENTERED', O_ENTERED, 2 * SLOTS],
  ['O_CHG', O_CHG, 2 * SLOTS * K], ['O_USED', O_USED, 2 * 36 * K], ['O_STACK', O_STACK, STACK_CAP * STACK_FIELDS],
  ['O_TRIG', O_TRIG, TRIG_CAP * TRIG_FIELDS],
];

// Balance counters per instance (DipState.rec, metrics.md), then score sources per seat.
export const R_OH = 0, R_DRAWN = 1, R_PLAYED = 2, R_PITCHED = 3, R_PV_DEALT = 4, R_PD_SCORED = 5, R_DESTROYED = 6, R_FIRST_SEEN = 7;
export const REC_FIELDS = 8;
/** Score sources: PV taken by attacks, PV taken by effects, PD by restraint (R10), by Siege (R12), by effects. */
export const S_PV_ATTACK = 0, S_PV_EFFECT = 1, S_PD_RESTRAINT = 2, S_PD_SIEGE = 3, S_PD_EFFECT = 4;
export const SOURCES = 5;
export const REC_SOURCES = NUM_INST * REC_FIELDS;
/** Lead changes: the last seat that led + 1 (0 = nobody yet), then the count. */
export const REC_LEADER = REC_SOURCES + 2 * SOURCES, REC_LEAD_CHANGES = REC_LEADER + 1;
export const REC_SIZE = REC_LEAD_CHANGES + 1;

/** Immutable per-game context shared by a state and all its clones. */
export interface DipContext {
  readonly cat: Catalogue;
  readonly options: DipRuleOptions;
  /** Card id of each instance, -1 where a deck has no card. */
  readonly cardOf: Int16Array;
  /** Name index of each instance within its owner's deck lists (D33's key), 0..35. */
  readonly nameIdx: Int8Array;
  readonly mainSize: readonly [number, number];
  readonly dipSize: readonly [number, number];
  readonly deckNames: readonly [string, string];
  readonly deckKeys: readonly [number, number];
  /** Scratch buffers for determinize (never hold state across calls). */
  readonly scratch: Int32Array;
  readonly scratch2: Int32Array;
}

export class DipState {
  readonly buffer: ArrayBuffer;
  readonly w: Int32Array;
  /** Legal actions of the current decision, computed by the engine after each apply. */
  readonly legal: Int32Array;
  legalCount = -1;
  /** Decisions with a single legal action the engine played itself. */
  forcedSteps = 0;
  /** Balance counters when recording (REC_SIZE words); not part of the cloned state: search clones never record. */
  rec: Int32Array | null = null;
  constructor(readonly ctx: DipContext, maxActions: number) {
    this.buffer = new ArrayBuffer(STATE_BYTES);
    this.w = new Int32Array(this.buffer);
    this.legal = new Int32Array(maxActions);
  }
}
