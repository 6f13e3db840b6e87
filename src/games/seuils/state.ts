// The Seuils state: one ArrayBuffer viewed as Int32 fields at fixed offsets, so a clone is one
// `set` and the hot path allocates nothing. Card identities of instances live in the
// immutable context: instance p * INST + 0 is p's faction, p * INST + 1.. the main deck list.
import type { Catalogue } from './catalogue/compile.ts';
import type { SeuilsRuleOptions } from './rules-options.ts';

export const PLAYERS = 2;
/** Instances per player: the faction and at most 63 main-deck cards. */
export const INST = 64;
export const MAIN_MAX = INST - 1;
export const NUM_INST = PLAYERS * INST;
/** D13: the response stack is a fixed-size array; pushing past it is a StackOverflowError. */
export const STACK_CAP = 24;
export const STACK_FIELDS = 5; // kind, controller, source instance, ability index, target instance (-1: none)

// Phases (decision points).
export const PH_FETCH = 0, PH_MULLIGAN = 1, PH_DEVELOP = 2, PH_MAIN = 3, PH_WINDOW = 4, PH_TARGET = 5, PH_ATK_TARGET = 6,
  PH_DECLARE_ATK = 7, PH_DECLARE_DEF = 8, PH_ASSIGN = 9, PH_OVER = 10;
export const PHASE_NAMES = ['fetch', 'mulligan', 'develop', 'main', 'window', 'target', 'attack target', 'attackers', 'defenders', 'assign', 'over'];
// Window contexts: what happens when a window closes with an empty stack.
export const WC_MAIN = 0, WC_END = 1, WC_ATK = 2, WC_PRE_ASSIGN = 3, WC_PRE_DEAL = 4, WC_DEVELOP = 5;
// Zones of an instance.
export const Z_NONE = -1, Z_DECK = 0, Z_HAND = 1, Z_PLAY = 2, Z_DISCARD = 3, Z_STACK = 4;
// Stack item kinds.
export const SK_CARD = 0, SK_ABILITY = 1;
// Pending act (a card or ability waiting for its target).
export const P_NONE = 0, P_CARD = 1, P_ABILITY = 2;
// Combat roles.
export const C_NONE = 0, C_ATTACKER = 1, C_DEFENDER = 2;
// End reasons.
export const END_NONE = 0, END_INFLUENCE = 1, END_BOTH = 2, END_TURN_CAP = 3, END_DECKOUT = 4;
export const WIN_NONE = -2, WIN_DRAW = -1;

// ---- layout (Int32 word offsets), laid out one after the other; state.test.ts checks the tiling.
// Words 0..11: three xoshiro128 chance streams: the game's own (first player), then one per
// seat for its deck shuffles, seeded from (seed, deck).
export const RNG_GAME = 0, RNG_SEAT = 4;
const LAYOUT_LIST: [string, number, number][] = [];
let cursor = 12;
function field(name: string, n: number): number {
  const at = cursor;
  LAYOUT_LIST.push([name, at, n]);
  cursor += n;
  return at;
}
export const O_PHASE = field('phase', 1), O_ACTIVE = field('active', 1), O_FIRST = field('first', 1), O_TURN = field('turn', 1);
export const O_WINNER = field('winner', 1), O_END = field('end', 1), O_CUR = field('cur', 1);
export const O_INFL = field('influence', 2);
export const O_PRIO = field('prio', 1), O_PASSES = field('passes', 1), O_WCTX = field('wctx', 1), O_STACK_N = field('stackN', 1);
export const O_PEND = field('pend', 1), O_PEND_SRC = field('pendSrc', 1), O_PEND_K = field('pendK', 1), O_PEND_PLAYER = field('pendPlayer', 1);
export const O_ATK_ON = field('atkOn', 1), O_ATK_TARGET = field('atkTarget', 1), O_DECL_LAST = field('declLast', 1), O_DECL_N = field('declN', 1);
export const O_ASG_DEALER = field('asgDealer', 1), O_ASG_LEFT = field('asgLeft', 1);
export const O_SETUP_P = field('setupPlayer', 1), O_SETUP_STAGE = field('setupStage', 1);
export const O_FETCH_N = field('fetchN', 2), O_FETCH_MASK = field('fetchMask', 2), O_MULL_N = field('mullN', 2), O_KNOWN = field('knownBottom', 2);
export const O_DECK_N = field('deckN', 2), O_HAND_N = field('handN', 2), O_DISC_N = field('discN', 2);
/** Ordered zones, INST words per player: deck (index 0 = bottom, top = last), hand, discard (oldest first). */
export const O_DECK = field('deck', NUM_INST), O_HAND = field('hand', NUM_INST), O_DISC = field('discard', NUM_INST);
// Per instance.
export const O_ZONE = field('zone', NUM_INST), O_CONS = field('consumed', NUM_INST), O_DMG = field('damage', NUM_INST);
export const O_ENTERED = field('entered', NUM_INST), O_HOST = field('host', NUM_INST);
export const O_EOT_STR = field('eotStrength', NUM_INST), O_EOT_SPD = field('eotSpeed', NUM_INST), O_EOT_LIFE = field('eotLife', NUM_INST);
export const O_PERM_STR = field('permStrength', NUM_INST), O_PERM_SPD = field('permSpeed', NUM_INST), O_PERM_LIFE = field('permLife', NUM_INST);
export const O_USED = field('usedMask', NUM_INST);
export const O_COMBAT = field('combat', NUM_INST), O_HANDLED = field('handled', NUM_INST), O_GROUP = field('group', NUM_INST);
export const O_LOCK = field('locked', NUM_INST), O_CSPD = field('combatSpeed', NUM_INST);
/** D11: 1 when the instance is in play face down (an iconless resource whose card its opponent cannot see). */
export const O_FACEDOWN = field('faceDown', NUM_INST);
export const O_STACK = field('stack', STACK_CAP * STACK_FIELDS);
export const STATE_WORDS = cursor;
export const STATE_BYTES = STATE_WORDS * 4;
export const LAYOUT: readonly [string, number, number][] = [['rng', 0, 12], ...LAYOUT_LIST];

// Balance counters per instance (SeuilsState.rec, metrics.md), then score sources per seat.
export const R_DEALT = 0, R_MULL = 1, R_OH = 2, R_DRAWN = 3, R_PLAYED = 4, R_FETCHED = 5, R_INFL = 6, R_KILLS = 7, R_DESTROYED = 8, R_FIRST_SEEN = 9, R_SETUP = 10;
export const REC_FIELDS = 11;
/** Score sources: influence taken in combat, influence taken by effects. */
export const S_COMBAT = 0, S_EFFECT = 1;
export const SOURCES = 2;
export const REC_SOURCES = NUM_INST * REC_FIELDS;
export const REC_LEADER = REC_SOURCES + 2 * SOURCES, REC_LEAD_CHANGES = REC_LEADER + 1;
export const REC_SIZE = REC_LEAD_CHANGES + 1;

/** Immutable per-game context shared by a state and all its clones. */
export interface SeuilsContext {
  readonly cat: Catalogue;
  readonly options: SeuilsRuleOptions;
  /** Card id of each instance, -1 where a deck has no card. */
  readonly cardOf: Int16Array;
  /** Main-deck size of each player (instances 1..size). */
  readonly mainSize: readonly [number, number];
  /** Basic resource types present in each deck (bit mask over ICONS). */
  readonly deckTypes: readonly [number, number];
  readonly deckNames: readonly [string, string];
  readonly deckKeys: readonly [number, number];
  /** Scratch buffers (never hold state across calls). */
  readonly scratch: Int32Array;
  readonly scratch2: Int32Array;
}

export class SeuilsState {
  readonly buffer: ArrayBuffer;
  readonly w: Int32Array;
  /** Legal actions of the current decision, computed by the engine after each apply. */
  readonly legal: Int32Array;
  legalCount = -1;
  /** Decisions with a single legal action the engine played itself (windows where one can only pass, …). */
  forcedSteps = 0;
  /** Balance counters when recording; not part of the cloned state: search clones never record. */
  rec: Int32Array | null = null;
  constructor(readonly ctx: SeuilsContext, maxActions: number) {
    this.buffer = new ArrayBuffer(STATE_BYTES);
    this.w = new Int32Array(this.buffer);
    this.legal = new Int32Array(maxActions);
  }
}

/** The engine's invariant broke: the response stack is deeper than its array (D13). */
export class StackOverflowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StackOverflowError';
  }
}
