// The generic Game contract. Algorithms (simulation, reports, Monte-Carlo bots) speak only
// this interface and never know which rule set they play. After OpenSpiel's contract:
// integer actions, legal actions written sorted into a caller-owned buffer, states mutated
// in place and cloned into preallocated states, chance owned by a seeded stream in the state.

/** A pseudo-random source the caller owns (bots, determinization). Returns [0, 1). */
export interface Rng {
  next(): number;
}

/** Why a game ended; `reason` is a short sentence a designer can read. */
export interface Outcome {
  /** Seat of the winner, or -1 for a draw. */
  readonly winner: number;
  readonly reason: string;
}

/**
 * One rule set. `S` is its state record: flat typed arrays, so that `cloneInto` is a few
 * `TypedArray.set` calls and nothing on the hot path allocates.
 */
export interface Game<S> {
  readonly name: string;
  readonly numPlayers: number;
  /** Upper bound on the number of legal actions in any state: size of the `out` buffers. */
  readonly maxLegalActions: number;
  /** Exclusive upper bound of action integers. */
  readonly numDistinctActions: number;

  /** A fresh, unstarted state with its own buffers, to be filled by `newGame` or `cloneInto`. */
  allocState(): S;
  /** Deals a new game from the seed into `state` (in place). */
  newGame(state: S, seed: number): void;

  /** Writes the legal actions, sorted ascending and unique, into `out`; returns their count. */
  legalActions(state: S, out: Int32Array): number;
  /**
   * Optional, both or neither: the legal actions without a copy, for search loops. `legalCount`
   * returns their count and leaves them, as `legalActions` writes them, at the start of
   * `legalList(state)`, the state's own buffer: valid until the state changes, never written by
   * the reader.
   */
  legalCount?(state: S): number;
  legalList?(state: S): Int32Array;
  /** Applies a legal action in place; everything forced up to the next decision happens here. */
  apply(state: S, action: number): void;
  /** Copies `src` into `dst` (both from this game's `allocState`). */
  cloneInto(src: S, dst: S): void;

  /** Seat that decides next; -1 when the game is over. */
  currentPlayer(state: S): number;
  isTerminal(state: S): boolean;
  /** Final returns per seat: +1 win, -1 loss, 0 draw (all 0 while not terminal). */
  returns(state: S, out: Float64Array): void;
  /** The result once terminal (null before); a game may hand the same object to every game that ends alike. */
  outcome(state: S): Outcome | null;

  /** A 32-bit hash of the whole state, hidden parts and chance included. */
  hash(state: S): number;
  actionToString(state: S, action: number): string;

  /**
   * Writes what `seat` may know into `out` (hidden fields masked, the chance stream left
   * out) and returns its length. Two states with equal observations for a seat are in the
   * same information set for that seat.
   */
  observe(state: S, seat: number, out: Int32Array): number;
  /** Length `observe` needs. */
  readonly observationLength: number;
  /**
   * Writes into `dst` a state consistent with `seat`'s information in `src`: everything
   * hidden from `seat` (the opponent's unseen cards, deck orders, face-down cards, the
   * chance stream) is resampled from `rng`.
   */
  determinize(src: S, seat: number, rng: Rng, dst: S): void;
  /**
   * A static estimate of the game for `seat`, in [-1, 1] (+1: a sure win), used where a
   * search stops before the end (a rollout's depth cap).
   */
  heuristicValue(state: S, seat: number): number;
}

/** FNV-1a over the 32-bit words of a typed array; a stable hash for clone checks. */
export function hashWords(words: Int32Array, length: number = words.length, seed = 0x811c9dc5): number {
  let h = seed | 0;
  for (let i = 0; i < length; i++) {
    h ^= words[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Optional balance counters a rule set records while a game is played (metrics.md), so the
 * simulation can aggregate per card without knowing the rules. Cards are "kinds" (names).
 */
export interface CardStatsGame<S> extends Game<S> {
  /** Number of card kinds; counters are indexed by kind. */
  readonly cardKinds: number;
  cardKindName(kind: number): string;
  /** Per-card counter names, e.g. deck, dealt, oh, drawn, played, pitched, vpScored… */
  readonly cardStatFields: readonly string[];
  /** Turns T for which the counters include seenByT: copies seen (in hand or play) by turn T. */
  readonly seenByTurns: readonly number[];
  /** Names of the VP sources counted per seat, e.g. kill, environment, exhaustion. */
  readonly vpSourceNames: readonly string[];
  /** Starts recording on this state (before newGame); clones never record. */
  startRecording(state: S): void;
  /** Writes out[(seat * cardKinds + kind) * cardStatFields.length + field] (zeroed first). */
  readCardStats(state: S, out: Int32Array): void;
  /**
   * Optional. Writes out[seat * cardKinds + kind]: where the kind's first copy stood in the
   * seat's draw order when play began (after the mulligans), 1 in the kept opening hand, 1 + j
   * the j-th card from the top of the library, 0 when none was in either. The shuffle fixes it
   * before any play, so "among the first N" is a randomised assignment (card-effects.ts).
   */
  readDrawDepths?(state: S, out: Int32Array): void;
  /** Writes out[seat * vpSourceNames.length + source]. */
  readVpSources(state: S, out: Int32Array): void;
  /** Times the lead passed from one seat to the other (ties are no lead). */
  leadChanges(state: S): number;
  /** Turns played so far, and the seat that moved first. */
  turnCount(state: S): number;
  firstPlayer(state: S): number;
  /** A stable key of what a seat plays with (its deck): the same deck gives the same key. */
  seatKey(seat: number): number;
}
