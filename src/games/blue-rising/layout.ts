// The Blue Rising state's numbers: sizes, phases and codes, the layout of its fields, the
// recorded counters. This file imports nothing, so that the bundles' minifier (esbuild's
// minifySyntax, worker-bundle.ts) writes each constant's value where it is read: a bundled
// module-level constant is otherwise a load and a check per read in the optimized code.
// state.ts re-exports it all; import from state.ts.

export const PLAYERS = 2;
/** Instances per player: deck cards first (≤ 42), then Squire tokens. */
export const INST_PER_PLAYER = 48;
export const MAX_DECK = 42;
export const TOKENS_PER_PLAYER = 6;
export const NUM_INST = PLAYERS * INST_PER_PLAYER;
export const SLOTS = 6; // per player: row * 3 + column, row 0 = Avant (front), 1 = Arrière (back)
export const ZONE_CAP = INST_PER_PLAYER;

// Phases (decision points).
export const PH_SETUP = 0, PH_MULLIGAN = 1, PH_MAIN = 2, PH_PAY = 3, PH_REACTION = 4, PH_WINDOW = 5,
  PH_PAUSE = 6, PH_EOT_DISCARD = 7, PH_EOT_DOWN = 8, PH_OVER = 9, PH_RESIST = 10;

// What a payment completes (the pending act).
export const PEND_NONE = 0, PEND_PLAY = 1, PEND_TAP = 2, PEND_SACRIFICE = 3, PEND_RESOLVE_TRAP = 4,
  PEND_PLACE_TRAP = 5, PEND_ARTEFACT = 6, PEND_RESIST = 7;
// What follows an ability held for D22 decisions: nothing, discarding the Event or Trap, or
// the rest of the setup reveal's on-enter effects.
export const RK_NONE = 0, RK_DISCARD = 1, RK_REVEAL = 2;

// Defender kinds.
export const DEF_NONE = 0, DEF_CHAR = 1, DEF_ENV = 2;
// Artefact states.
export const ART_NONE = 0, ART_HIDDEN = 1, ART_REVEALED = 2, ART_GONE = 3;
// End reasons.
export const END_NONE = 0, END_VP = 1, END_TURN_CAP = 2;
export const WIN_NONE = -2, WIN_DRAW = -1;

// ---- layout (Int16 word offsets) ----
// Literal offsets, so the optimizing compiler folds them; test/games/blue-rising/state.test.ts
// checks that the fields neither overlap nor leave gaps. Words 0..23: three xoshiro128
// chance streams of 4 × int32: the game's own (first player, R10), then one per seat for
// its deck's shuffles, seeded from the deck, so that a pair of games with seats swapped
// deals each deck the same shuffles (common random numbers).
export const O_TURN = 24, O_VP = 25, O_POOL = 27, O_DUE = 29; // O_VP, O_POOL: [2] each
/** Step 4 totals (R39) and the Supports' power, which a byte may not hold. */
export const O_LAST_ATK_POWER = 30, O_LAST_DEF_POWER = 31, O_SUPPORT = 32; // O_SUPPORT: [2]
/** [2]: until-end-of-turn power of each Environment (a Trap's "the Defender gets +4", R39). */
export const O_ENV_TPOW = 34;
/** D22: the card of the ability held for Résistant decisions (the other O_RS_* fields are Z_RS_*). */
export const O_RS_CARD = 36;
/** [12] per slot (global slot = player * 6 + slot): the turn its character entered play. */
export const O_ENTERED = 37;
/** Int16 words of the state; new Int16 fields go at the end (the byte region follows them). */
export const STATE_WORDS16 = 49; // O_ENTERED + 12

// ---- byte region (Int8 offsets in BRState.z, which starts right after the Int16 words) ----
// Values that fit in a byte (instance ids 0..95 or -1, 0/1 flags), so that a clone copies
// fewer bytes. Ordered zones, [2 * ZONE_CAP] each (top of the deck = last).
export const Z_DECK = 0, Z_HAND = 96, Z_DISC = 192, Z_GONE = 288;
/**
 * [NUM_INST bits]: bit inst & 7 of byte inst >> 3 is set when the opponent knows this instance's
 * identity while it sits in its owner's hand (isPublic, setPublic).
 */
export const Z_PUBLIC = 384;
// The fields that fit in a byte (phases, steps, flags, players, counts, instance ids -1..95,
// slot and column indices, 4-bit keyword masks, 6-bit slot masks, and the until-end-of-turn
// bonuses, which effects.ts keeps within -128..127); their meanings are those of the old
// O_* words. [2] per player, [12] per global slot (player * 6 + slot), Z_TRAP [6] per
// player * 3 + column; Z_TRAP_NEWCOL is 1 once the defender placed a Trap in a ranged
// target's new column (R49), Z_ATTACKED 1 when the slot's character attacked this turn (R33),
// Z_SUPPORT_N the Supports each player gave in the current attack (R35), Z_RS_* the ability
// held for its controller's decisions on opposing Résistant characters (D22, with O_RS_CARD).
export const Z_PHASE = 396, Z_ACTIVE = 397, Z_FIRST = 398, Z_WINNER = 399, Z_END = 400, Z_CURRENT = 401,
  Z_SETUP_DONE = 402, Z_MULL_DONE = 404, Z_ATK_INST = 406, Z_ATK_COLUMN = 407, Z_ATK_RANGED = 408, Z_DEF_KIND = 409,
  Z_DEF_INST = 410, Z_SUPPORTER = 411, Z_STEP = 413, Z_PASSES = 414, Z_WTURN = 415, Z_TRAP_2A = 416,
  Z_IN_ATTACK = 417, Z_PAYER = 418, Z_PEND = 419, Z_PEND_INST = 420, Z_PEND_TARGET = 421, Z_PEND_SOURCE = 422,
  Z_PEND_RETURN = 423, Z_PEND_EXTRA = 424, Z_DECK_N = 425, Z_HAND_N = 427, Z_DISC_N = 429, Z_GONE_N = 431,
  Z_ENV = 433, Z_ENV_TAPPED = 435, Z_ART = 437, Z_ART_STATE = 439, Z_TOKENS_USED = 441, Z_OCC = 443, Z_TAPPED = 455,
  Z_FACEDOWN = 467, Z_EQUIP = 479, Z_TPOW = 491, Z_TKW = 503, Z_TFRONT = 515, Z_TBACK = 527, Z_TDEF = 539,
  Z_TATK = 551, Z_TRES = 563, Z_TRAP = 575, Z_TRAP_NEWCOL = 581, Z_ATTACKED = 582, Z_SUPPORT_N = 594, Z_RS_P = 596,
  Z_RS_TRIG = 597, Z_RS_SRC = 598, Z_RS_CHOSEN = 599, Z_RS_KIND = 600, Z_RS_INST = 601, Z_RS_RETURN = 602,
  Z_RS_NEXT = 603, Z_RS_ASK = 604, Z_RS_PAID = 605, Z_RS_SLOT = 606;
/** Bytes of the byte region. */
export const STATE_BYTES8 = 607; // Z_RS_SLOT + 1
/** Byte offset of the byte region in the buffer. */
export const Z_BASE = STATE_WORDS16 * 2;
/** The state's bytes: the Int16 words, the byte region, padded to whole 32-bit words (the hash reads Int32). */
export const STATE_BYTES = (Z_BASE + STATE_BYTES8 + 3) & ~3;
/**
 * After the state (its byte region included), in the same buffer and the same `w` view
 * (copied by cloneInto with it, but neither hashed nor in LAYOUT): what the rules keep
 * between listings. Bit p of C_SCAN_OK is
 * set while C_SCAN + SCAN_WORDS * p holds p's slot scan (rules.ts) of the current state;
 * every writer of a slot's occupant, tapped, entered, Object or keyword field, of the turn, or
 * of a hidden instance's identity (determinizeInPlace, scenarios) clears it, or patches the
 * words of the slots it wrote (board.ts: tapChar, resetSlot, swapSlots on one side).
 */
export const CACHE_BASE = STATE_BYTES >> 1; // the first Int16 word after the state
export const C_SCAN_OK = CACHE_BASE, C_SCAN = CACHE_BASE + 1, SCAN_WORDS = 9;
/** A slot scan's words: the masks the listings of rules.ts read, then the resources their effects raise. */
export const SCAN_OCC = 0, SCAN_TAPS = 1, SCAN_TAP_AB = 2, SCAN_TAP_FIGHT = 3, SCAN_TAP_RES = 4,
  SCAN_SAC = 5, SCAN_SAC_FIGHT = 6, SCAN_SAC_RES = 7, SCAN_RES = 8;
/**
 * The attacker's legal list at the end of step 2b (C_WIN_N entries, 0 when none): when the
 * window closes, step 3b opens on the same list, since identifying the Defender changes
 * nothing the attacker's listing reads. Used once, then cleared; any action but a pass and
 * determinization clear it.
 */
export const C_WIN_N = CACHE_BASE + 19, WIN_SAVED = 24;
export const CACHE_WORDS16 = 20; // 1 + 2 * SCAN_WORDS + 1, whole 32-bit words
/** Int32 offsets of the chance streams: the game's own, then seat p's at RNG_SEAT + 4 * p. */
export const RNG_GAME = 0, RNG_SEAT = 4;

// Recorded counters per instance (BRState.rec), after metrics.md.
// R_PLAYED is 0 or 1 (the copy was played at least once); later plays of the same copy (back
// in hand by Recovery, R41, or a return effect) count in R_REPLAYS. R_HELD: the copy was in
// hand at some point after the mulligans (drawn, or returned), besides the kept opening hand.
// R_DEPTH: where the copy stood when play began (after both mulligans): 1 in the kept opening
// hand, 1 + j the j-th card from the top of the library, 0 elsewhere (in play, set aside).
export const R_SETUP = 0, R_DEALT = 1, R_KEPT = 2, R_OH = 3, R_DRAWN = 4, R_PLAYED = 5, R_PITCHED = 6,
  R_EOT = 7, R_VP_SCORED = 8, R_VP_GIVEN = 9, R_FIRST_SEEN = 10, R_REPLAYS = 11, R_HELD = 12, R_DEPTH = 13;
export const REC_FIELDS = 14;
/** VP sources, recorded per seat after the instance counters. */
export const VP_KILL = 0, VP_ENVIRONMENT = 1, VP_EXHAUSTION = 2, VP_OTHER = 3;
export const VP_SOURCES = 4;
export const REC_VP = NUM_INST * REC_FIELDS;
/** Lead changes (metrics.md): the last seat that led (or -1), then the count of changes. */
export const REC_LEADER = REC_VP + 2 * VP_SOURCES, REC_LEAD_CHANGES = REC_LEADER + 1;
export const REC_SIZE = REC_LEAD_CHANGES + 1;

/**
 * Legal actions a clone copies with the state (the cached list sits right after the state in
 * the same buffer, so one byte copy takes both); a longer list is listed again by the clone.
 * 16 covers about 85% of decisions (32: 98%) for 64 bytes; the search bots do not depend on
 * it (a determinization drops the list).
 */
export const LEGAL_CLONED = 16;
