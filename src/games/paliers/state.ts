// The Paliers state: one ArrayBuffer viewed as Int32 fields at offsets laid out in order
// below, so a clone is one `set` and the hot path allocates nothing. Card identities live in
// the immutable context: instance p * 64 + i is card cardOf[...] (i = position in p's deck list).
import type { Catalogue } from './catalogue/compile.ts';
import type { PalRuleOptions } from './rules-options.ts';

export const PLAYERS = 2;
/** Instances per player: the engine's deck-size ceiling (R8 sets no maximum, D7). */
export const INST = 64;
export const NUM_INST = PLAYERS * INST;
export const K = 3;
/** Block pairs (blocker, attacker) in one combat; one more throws PalEngineLimitError (the cap keeps ~20 characters in play). */
export const MAX_PAIRS = 64;
/** End-of-turn effects pending for one player; one more throws PalEngineLimitError (the shipped catalogue cannot reach it). */
export const MAX_EOT = 64;

/**
 * A game went past one of the engine's fixed ceilings (`limit` names it): the rules allow the
 * position but the state cannot hold it, so the game fails loudly instead of changing the rules.
 */
export class PalEngineLimitError extends Error {
  constructor(readonly limit: 'MAX_PAIRS' | 'MAX_EOT', message: string) {
    super(`paliers: engine ceiling ${limit}: ${message}`);
    this.name = 'PalEngineLimitError';
  }
}

// Decisions (O_PHASE) and overlays (O_OVL: a choice inside a play, a death or a cap check).
export const PH_NONE = 0, PH_WINDOW = 1, PH_ATTACK = 2, PH_BLOCK = 3, PH_SPLIT = 4, PH_DISCARD = 5, PH_ORDER = 6, PH_MULLIGAN = 7, PH_OVER = 8;
export const OV_NONE = 0, OV_TARGET = 1, OV_DESTROY = 2, OV_RETURN = 3, OV_DEATH_ORDER = 4;
// Stages of a turn (rules §5, §7): each runs once, a decision may sit between two.
export const ST_TURN_START = 1, ST_W1 = 2, ST_DRAW = 3, ST_W2 = 4, ST_MAIN1 = 5, ST_COMBAT = 6, ST_ATTACKED = 7, ST_W_ATK = 8,
  ST_BLOCK = 9, ST_W_BLK = 10, ST_SPLIT = 11, ST_DAMAGE = 12, ST_DAMAGE2 = 13, ST_SURVIVE = 14, ST_W_DMG = 15, ST_COMBAT_END = 16,
  ST_MAIN2 = 17, ST_DISCARD = 18, ST_W6 = 19, ST_END_A = 20, ST_END_B = 21, ST_W7 = 22, ST_HEAL = 23;
/** The seed's phase number (1–8) of each stage, for texts and observations. */
export const STAGE_PHASE = [0, 1, 1, 2, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 6, 6, 7, 7, 7, 8];
// Zones.
export const Z_DECK = 0, Z_HAND = 1, Z_CHAR = 2, Z_PLACE = 3, Z_GRAVE = 4, Z_LIMBO = 5;
// Pending play steps (D36): after the cap check, the entering abilities.
export const PS_NONE = 0, PS_CAP = 1, PS_ENTER = 2;
// End reasons.
export const END_NONE = 0, END_PV = 1, END_BOTH = 2, END_TURN_CAP = 3, END_EMPTY_DECK = 4;
export const WIN_DRAW = -1;

let at = 0;
const f = (n: number): number => {
  const o = at;
  at += n;
  return o;
};
/** The chance streams (seeds.ts's seedChanceStreams): the game's own, then seat p's at RNG_SEAT + 4 * p. */
export const RNG_GAME = f(4), RNG_SEAT = f(8);
export const O_STAGE = f(1), O_PHASE = f(1), O_OVL = f(1), O_CUR = f(1), O_ACTIVE = f(1), O_FIRST = f(1), O_TURN = f(1), O_WINNER = f(1), O_END = f(1);
export const O_PRIO = f(1), O_PASSES = f(1), O_WMAIN = f(1), O_ENDTURN = f(1), O_COMBAT = f(1);
export const O_LAST_DECL = f(1), O_BLK_CUR = f(1), O_BLK_N = f(1), O_G6_USED = f(1), O_SPLIT_DEALER = f(1), O_SPLIT_LEFT = f(1), O_NPAIRS = f(1);
export const O_PEND_SRC = f(1), O_PEND_ABIL = f(1), O_PEND_PLAYER = f(1), O_PEND_FROM_HAND = f(1), O_PLAYSTEP = f(1), O_PLAYINST = f(1), O_PLAYK = f(1);
export const O_RET_PLAYER = f(1), O_ORDER_P = f(1), O_EOT_N = f(1), O_MULL_LAST = f(1);
// Per player.
export const O_PV = f(2), O_LEVEL = f(2), O_PLAYED = f(2), O_OWN_GAINS = f(2), O_SPAN_GAIN = f(2), O_Y2_DONE = f(2), O_V2_TURN = f(2),
  O_V5_TURN = f(2), O_FREEZE_TURN = f(2), O_SHIELD_USED = f(2), O_DECK_N = f(2), O_HAND_N = f(2), O_GRAVE_N = f(2), O_SET_ASIDE_N = f(2),
  O_MULL_DONE = f(2), O_LIMIT_BONUS = f(2);
export const O_COL = f(2 * 5); // characters in play per colour
export const O_AURA_ATQ = f(2 * 6), O_AURA_PV = f(2 * 6); // static bonuses by colour, index 5 = all
// Per instance.
export const O_ZONE = f(NUM_INST), O_DMG = f(NUM_INST), O_PATQ = f(NUM_INST), O_PPV = f(NUM_INST), O_TATQ = f(NUM_INST), O_TPV = f(NUM_INST),
  O_ENTROPY = f(NUM_INST), O_FROZEN = f(NUM_INST), O_ATK_TURN = f(NUM_INST), O_NO_COMBAT = f(NUM_INST), O_USED_TURN = f(NUM_INST),
  O_ATK = f(NUM_INST), O_BLOCKED = f(NUM_INST), O_IN_COMBAT = f(NUM_INST), O_FOUGHT = f(NUM_INST), O_DYING = f(NUM_INST),
  O_PLACE_OFF = f(NUM_INST), O_COPY = f(NUM_INST), O_SET_ASIDE = f(NUM_INST), O_SPLIT_DONE = f(NUM_INST);
// Ordered zones (deck top = last).
export const O_DECK = f(NUM_INST), O_HAND = f(NUM_INST), O_GRAVE = f(NUM_INST);
// Combat pairs: blocker, attacker, damage the attacker assigns to the blocker, damage the blocker assigns to the attacker.
export const O_PAIRS = f(MAX_PAIRS * 4);
// End-of-turn effects still to resolve for O_ORDER_P: instance * 6 + ability (3..5: a copied Place's).
export const O_EOT = f(MAX_EOT);
export const STATE_WORDS = at;

// Balance counters per instance (PalState.rec, metrics.md), then score sources per seat.
export const R_DEALT = 0, R_KEPT = 1, R_OH = 2, R_DRAWN = 3, R_PLAYED = 4, R_DISCARDED = 5, R_PV_DEALT = 6, R_KILLS = 7, R_DIED = 8, R_FIRST_SEEN = 9;
export const REC_FIELDS = 10;
/** Score sources (PV taken from the opponent): unblocked attackers and the turn term (R32), Red (4) excess, excess to player, Red (6), card effects. */
export const S_UNBLOCKED = 0, S_CLOCK = 1, S_RED4 = 2, S_EXCESS = 3, S_RED6 = 4, S_EFFECT = 5;
export const SOURCES = 6;
export const REC_SOURCES = NUM_INST * REC_FIELDS;
export const REC_LEADER = REC_SOURCES + 2 * SOURCES, REC_LEAD_CHANGES = REC_LEADER + 1;
export const REC_SIZE = REC_LEAD_CHANGES + 1;

/** Immutable per-game context shared by a state and all its clones. */
export interface PalContext {
  readonly cat: Catalogue;
  readonly options: PalRuleOptions;
  /** Card id of each instance, -1 where a deck has no card. */
  readonly cardOf: Int16Array;
  readonly deckSize: readonly [number, number];
  readonly deckNames: readonly [string, string];
  readonly deckKeys: readonly [number, number];
  /** Scratch for determinize (never holds state across calls). */
  readonly scratch: Int32Array;
}

export class PalState {
  readonly buffer: ArrayBuffer;
  readonly w: Int32Array;
  /** Legal actions of the current decision, cached after each apply. */
  readonly legal: Int32Array;
  legalCount = -1;
  /** Balance counters when recording (REC_SIZE words); never cloned: search clones do not record. */
  rec: Int32Array | null = null;
  constructor(readonly ctx: PalContext, maxActions: number) {
    this.buffer = new ArrayBuffer(STATE_WORDS * 4);
    this.w = new Int32Array(this.buffer);
    this.legal = new Int32Array(maxActions);
  }
}
