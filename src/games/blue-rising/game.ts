// Blue Rising behind the generic Game contract.
import { hashWords, type CardStatsGame, type Outcome, type Rng } from '../../core/game.ts';
import { MAX_LEGAL, NUM_ACTIONS } from './actions.ts';
import { G_ASPIRANT, T_CHARACTER, type Catalogue } from './catalogue/compile.ts';
import { describeAction } from './describe.ts';
import { determinizeInPlace, observationLength, observe } from './observe.ts';
import { charPower } from './board.ts';
import { clearState, legal, newGame, step } from './rules.ts';
import { rulesFor, type Mode, type RuleOptions } from './rules-options.ts';
import {
  BRState,
  END_TURN_CAP,
  END_VP,
  INST_PER_PLAYER,
  MAX_DECK,
  Z_CURRENT,
  Z_END,
  Z_FIRST,
  O_TURN,
  REC_FIELDS,
  REC_SIZE,
  REC_VP,
  REC_LEAD_CHANGES,
  R_DEPTH,
  R_FIRST_SEEN,
  R_HELD,
  R_OH,
  R_REPLAYS,
  VP_SOURCES,
  Z_PHASE,
  O_VP,
  Z_WINNER,
  Z_OCC,
  Z_HAND_N,
  PH_OVER,
  STATE_BYTES,
  LEGAL_CLONED,
  C_WIN_N,
  type GameContext,
} from './state.ts';

export interface DeckCards {
  name: string;
  /** Card names, one per copy, in list order. */
  cards: readonly string[];
}

export class SetupError extends Error {}

/** FNV-1a over the deck's card names in list order: the same list gives the same key. */
export function deckKey(deck: DeckCards): number {
  let h = 0x811c9dc5;
  for (const name of deck.cards) {
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x7c, 0x01000193);
  }
  return h >>> 0;
}

/** Builds the immutable context of a matchup: catalogue, rules, the two deck lists. */
export function createContext(
  cat: Catalogue,
  mode: Mode,
  decks: readonly [DeckCards, DeckCards],
  options: Partial<RuleOptions> = {},
  playerNames?: readonly [string, string],
): GameContext {
  const cardOf = new Int16Array(2 * INST_PER_PLAYER).fill(cat.squireId);
  const aspirants: [Int16Array, Int16Array] = [new Int16Array(0), new Int16Array(0)];
  const sizes: [number, number] = [0, 0];
  for (let p = 0; p < 2; p++) {
    const d = decks[p]!;
    if (d.cards.length > MAX_DECK) throw new SetupError(`deck "${d.name}": ${d.cards.length} cards, at most ${MAX_DECK}`);
    const asp: number[] = [];
    d.cards.forEach((name, i) => {
      const id = cat.byName.get(name);
      if (id === undefined) throw new SetupError(`deck "${d.name}": unknown card "${name}"`);
      cardOf[p * INST_PER_PLAYER + i] = id;
      if (cat.type[id] === T_CHARACTER && cat.grade[id] === G_ASPIRANT && !asp.includes(id)) asp.push(id);
    });
    if (asp.length > 16) throw new SetupError(`deck "${d.name}": more than 16 different Aspirants`);
    aspirants[p] = Int16Array.from(asp);
    sizes[p] = d.cards.length;
  }
  const rules = rulesFor(mode, options);
  const faultCardId = rules.faultCard === null ? -1 : cat.byName.get(rules.faultCard) ?? -2;
  if (faultCardId === -2) throw new SetupError(`rule faultCard: unknown card "${rules.faultCard}"`);
  return {
    cat,
    mode,
    options: rules,
    faultCardId,
    cardOf,
    deckSize: sizes,
    aspirants,
    aspirantIndex: [aspirantIndex(cat.size, aspirants[0]), aspirantIndex(cat.size, aspirants[1])],
    playerNames: playerNames ?? [decks[0].name, decks[1].name],
    deckNames: [decks[0].name, decks[1].name],
    deckKeys: [deckKey(decks[0]), deckKey(decks[1])],
    scratch: new Int32Array(MAX_LEGAL),
    scratch2: new Int32Array(MAX_LEGAL),
  };
}

function aspirantIndex(cards: number, aspirants: Int16Array): Int8Array {
  const t = new Int8Array(cards).fill(-1);
  aspirants.forEach((c, k) => (t[c] = k));
  return t;
}

// readCardStats adds the recorded fields before R_FIRST_SEEN unrolled, as ten.
if (R_FIRST_SEEN !== 10) throw new Error(`readCardStats adds 10 recorded fields unrolled, but R_FIRST_SEEN is ${R_FIRST_SEEN}`);

export class BlueRising implements CardStatsGame<BRState> {
  readonly name = 'blue-rising';
  readonly numPlayers = 2;
  readonly maxLegalActions = MAX_LEGAL;
  readonly numDistinctActions = NUM_ACTIONS;
  readonly observationLength: number;

  constructor(readonly ctx: GameContext) {
    this.observationLength = observationLength(ctx.cat.size);
  }

  allocState(): BRState {
    const st = new BRState(this.ctx, MAX_LEGAL);
    clearState(st);
    return st;
  }
  newGame(state: BRState, seed: number): void {
    newGame(state, seed);
  }
  legalActions(state: BRState, out: Int32Array): number {
    if (state.legalCount < 0) state.legalCount = legal(state, state.legal);
    const n = state.legalCount;
    const src = state.legal;
    // Four entries a round: V8 checks both arrays once a round, not once an entry.
    let i = 0;
    for (; i + 4 <= n; i += 4) {
      out[i] = src[i]!;
      out[i + 1] = src[i + 1]!;
      out[i + 2] = src[i + 2]!;
      out[i + 3] = src[i + 3]!;
    }
    for (; i < n; i++) out[i] = src[i]!;
    return n;
  }
  legalCount(state: BRState): number {
    if (state.legalCount < 0) state.legalCount = legal(state, state.legal);
    return state.legalCount;
  }
  legalList(state: BRState): Int32Array {
    return state.legal;
  }
  apply(state: BRState, action: number): void {
    step(state, action);
  }
  cloneInto(src: BRState, dst: BRState): void {
    // One copy: the state and the head of its cached legal list (a longer list is listed again).
    dst.head.set(src.head);
    dst.w[C_WIN_N] = 0; // the attacker's saved 2b list stays behind: a clone lists step 3b again (the same list)
    const n = src.legalCount;
    dst.legalCount = n <= LEGAL_CLONED ? n : -1;
  }
  currentPlayer(state: BRState): number {
    return state.z[Z_PHASE] === PH_OVER ? -1 : state.z[Z_CURRENT]!;
  }
  isTerminal(state: BRState): boolean {
    return state.z[Z_PHASE] === PH_OVER;
  }
  returns(state: BRState, out: Float64Array): void {
    const wnr = state.z[Z_PHASE] === PH_OVER ? state.z[Z_WINNER]! : -1;
    out[0] = wnr === 0 ? 1 : wnr === 1 ? -1 : 0;
    out[1] = wnr === 1 ? 1 : wnr === 0 ? -1 : 0;
  }
  /** Outcomes already built, by (end, winner, the winner's VP): a game's end builds no string. */
  private readonly outcomes = new Map<number, Outcome>();
  outcome(state: BRState): Outcome | null {
    if (state.z[Z_PHASE] !== PH_OVER) return null;
    const wnr = state.z[Z_WINNER]!;
    const end = state.z[Z_END]!;
    const vp = end === END_VP ? state.w[O_VP + wnr]! : 0;
    const key = ((end & 0xff) * 4 + (wnr + 2)) * 0x10000 + (vp & 0xffff);
    let o = this.outcomes.get(key);
    if (o === undefined) {
      if (end === END_TURN_CAP) o = { winner: -1, reason: `turn cap ${this.ctx.options.turnCap} reached (D5)` };
      else if (end === END_VP) o = { winner: wnr, reason: `${this.ctx.playerNames[wnr]} reached ${vp} VP (target ${this.ctx.options.vpToWin})` };
      else o = { winner: wnr, reason: 'unknown' };
      this.outcomes.set(key, Object.freeze(o)); // shared by every game that ends alike
    }
    return o;
  }
  hash(state: BRState): number {
    return hashWords(state.w32, STATE_BYTES >> 2);
  }
  actionToString(state: BRState, action: number): string {
    return describeAction(state, action);
  }
  observe(state: BRState, seat: number, out: Int32Array): number {
    return observe(state, seat, out);
  }
  // ---- balance counters (CardStatsGame) ----
  readonly seenByTurns = [2, 4, 6, 8, 10] as const;
  readonly cardStatFields = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven', 'firstSeenTurn',
    'seenBy2', 'seenBy4', 'seenBy6', 'seenBy8', 'seenBy10', 'replays', 'held'] as const;
  readonly vpSourceNames = ['kill', 'environment', 'exhaustion', 'other'] as const;
  get cardKinds(): number {
    return this.ctx.cat.size;
  }
  cardKindName(kind: number): string {
    return this.ctx.cat.names[kind]!;
  }
  startRecording(state: BRState): void {
    state.rec ??= new Int32Array(REC_SIZE);
  }
  readCardStats(state: BRState, out: Int32Array): void {
    const F = this.cardStatFields.length;
    const K = this.ctx.cat.size;
    out.fill(0, 0, 2 * K * F);
    const rec = state.rec, cardOf = this.ctx.cardOf, deckSize = this.ctx.deckSize;
    // The seenBy turns (2, 4, 6, 8, 10) as locals: read once per call, not per copy and turn.
    const sb = this.seenByTurns, t0 = sb[0], t1 = sb[1], t2 = sb[2], t3 = sb[3], t4 = sb[4];
    for (let p = 0; p < 2; p++) {
      for (let i = 0, n = deckSize[p]!, inst = p * INST_PER_PLAYER; i < n; i++, inst++) {
        const base = (p * K + cardOf[inst]!) * F;
        out[base]!++; // deck: copies in the list
        if (rec === null) continue;
        const r = inst * REC_FIELDS;
        // Fields 1..10 follow R_SETUP..R_VP_GIVEN (0..9; R_FIRST_SEEN = 10), unrolled: half the time of a loop.
        out[base + 1]! += rec[r]!;
        out[base + 2]! += rec[r + 1]!;
        out[base + 3]! += rec[r + 2]!;
        out[base + 4]! += rec[r + 3]!;
        out[base + 5]! += rec[r + 4]!;
        out[base + 6]! += rec[r + 5]!;
        out[base + 7]! += rec[r + 6]!;
        out[base + 8]! += rec[r + 7]!;
        out[base + 9]! += rec[r + 8]!;
        out[base + 10]! += rec[r + 9]!;
        const fs = base + 1 + R_FIRST_SEEN; // firstSeenTurn: the earliest copy (turn + 1, 0 = never)
        const seen = rec[r + R_FIRST_SEEN]!;
        if (seen > 0) {
          if (out[fs] === 0 || seen < out[fs]!) out[fs] = seen;
          const turn = seen - 1;
          if (turn <= t0) out[fs + 1]!++;
          if (turn <= t1) out[fs + 2]!++;
          if (turn <= t2) out[fs + 3]!++;
          if (turn <= t3) out[fs + 4]!++;
          if (turn <= t4) out[fs + 5]!++;
        }
        out[fs + 6]! += rec[r + R_REPLAYS]!;
        // Held: in the kept opening hand, or in hand later on.
        out[fs + 7]! += rec[r + R_HELD]! | rec[r + R_OH]!;
      }
    }
  }
  readDrawDepths(state: BRState, out: Int32Array): void {
    const K = this.ctx.cat.size;
    out.fill(0, 0, 2 * K);
    const rec = state.rec;
    if (rec === null) return;
    const cardOf = this.ctx.cardOf, deckSize = this.ctx.deckSize;
    for (let p = 0; p < 2; p++) {
      for (let i = 0, n = deckSize[p]!, inst = p * INST_PER_PLAYER; i < n; i++, inst++) {
        const d = rec[inst * REC_FIELDS + R_DEPTH]!;
        const o = p * K + cardOf[inst]!;
        if (d > 0 && (out[o] === 0 || d < out[o]!)) out[o] = d;
      }
    }
  }
  readVpSources(state: BRState, out: Int32Array): void {
    const rec = state.rec;
    for (let i = 0; i < 2 * VP_SOURCES; i++) out[i] = rec === null ? 0 : rec[REC_VP + i]!;
  }
  leadChanges(state: BRState): number {
    return state.rec === null ? 0 : state.rec[REC_LEAD_CHANGES]!;
  }
  turnCount(state: BRState): number {
    return state.w[O_TURN]!;
  }
  firstPlayer(state: BRState): number {
    return state.z[Z_FIRST]!;
  }
  seatKey(seat: number): number {
    return this.ctx.deckKeys[seat]!;
  }

  /**
   * VP lead over the target (most of the value), plus a little for the power on the board
   * and cards in hand: enough to rank positions at a rollout's depth cap.
   */
  heuristicValue(state: BRState, seat: number): number {
    const w = state.w, z = state.z;
    if (z[Z_PHASE] === PH_OVER) {
      const wnr = z[Z_WINNER]!;
      return wnr === seat ? 1 : wnr === 1 - seat ? -1 : 0;
    }
    const target = this.ctx.options.vpToWin;
    const vp = (w[O_VP + seat]! - w[O_VP + 1 - seat]!) / target;
    let board = 0;
    for (let gs = 0; gs < 12; gs++) {
      if (z[Z_OCC + gs]! < 0) continue;
      const pw = charPower(state, gs, 0);
      board += (gs / 6 | 0) === seat ? pw : -pw;
    }
    const hand = z[Z_HAND_N + seat]! - z[Z_HAND_N + 1 - seat]!;
    const v = 0.7 * vp + 0.2 * Math.tanh(board / 12) + 0.1 * Math.tanh(hand / 5);
    return Math.max(-0.99, Math.min(0.99, v));
  }

  determinize(src: BRState, seat: number, rng: Rng, dst: BRState): void {
    // The state alone: determinizeInPlace drops the legal list (the resampled cards may change it).
    dst.bytes.set(src.bytes);
    determinizeInPlace(dst, seat, rng);
  }
}
