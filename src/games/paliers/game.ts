// Paliers behind the generic Game contract.
import { hashWords, type CardStatsGame, type Outcome, type Rng } from '../../core/game.ts';
import {
  A_ASSIGN, A_ASSIGN_REST, A_BLOCK, A_DECLARE, A_DESTROY, A_DISCARD, A_FREEZE, A_ORDER, A_PASS, A_PLAY, A_RETURN, A_SACRIFICE,
  A_SET_ASIDE, A_TARGET, A_USE, MAX_LEGAL, NUM_ACTIONS,
} from './actions.ts';
import { MAX_ABILITIES, T_CHARACTER, type Catalogue } from './catalogue/compile.ts';
import { determinizeInPlace, observe, OBSERVATION_LENGTH } from './observe.ts';
import { palRules, type PalRuleOptions } from './rules-options.ts';
import { atqOf, clearState, curPvOf, decider, legal, newGame, step } from './rules.ts';
import {
  END_BOTH, END_EMPTY_DECK, END_PV, END_TURN_CAP, INST, K, NUM_INST, O_ACTIVE, O_BLK_CUR, O_END, O_EOT, O_FIRST, O_HAND, O_LEVEL,
  O_OVL, O_PEND_SRC, O_PHASE, O_PV, O_SPLIT_DEALER, O_STAGE, O_TURN, O_WINNER, O_ZONE, OV_DEATH_ORDER, OV_DESTROY, OV_RETURN, OV_TARGET, PalState,
  PH_ATTACK, PH_BLOCK, PH_DISCARD, PH_MULLIGAN, PH_ORDER, PH_OVER, PH_SPLIT, PH_WINDOW, R_DEALT, R_DIED, R_DISCARDED, R_DRAWN,
  R_FIRST_SEEN, R_KEPT, R_KILLS, R_OH, R_PLAYED, R_PV_DEALT, REC_FIELDS, REC_LEAD_CHANGES, REC_SIZE, REC_SOURCES, SOURCES,
  STAGE_PHASE, STATE_WORDS, Z_CHAR, type PalContext,
} from './state.ts';

export interface PalDeckCards {
  name: string;
  /** Card names, one per copy (50–64). */
  cards: readonly string[];
}

export class PalSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PalSetupError';
  }
}

function deckKey(deck: PalDeckCards): number {
  let h = 0x811c9dc5;
  for (const name of deck.cards) {
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x7c, 0x01000193);
  }
  return h >>> 0;
}

/** The immutable context of a matchup: catalogue, knobs, the two deck lists. */
export function createPalContext(cat: Catalogue, decks: readonly [PalDeckCards, PalDeckCards], options: Partial<PalRuleOptions> = {}): PalContext {
  const rules = palRules(options);
  const cardOf = new Int16Array(NUM_INST).fill(-1);
  const size: [number, number] = [0, 0];
  for (let p = 0; p < 2; p++) {
    const d = decks[p]!;
    if (d.cards.length > INST) throw new PalSetupError(`deck "${d.name}": ${d.cards.length} cards, the engine holds at most ${INST}`);
    d.cards.forEach((name, i) => {
      const id = cat.byName.get(name);
      if (id === undefined) throw new PalSetupError(`deck "${d.name}": unknown card "${name}"`);
      cardOf[p * INST + i] = id;
    });
    size[p] = d.cards.length;
  }
  return {
    cat,
    options: rules,
    cardOf,
    deckSize: size,
    deckNames: [decks[0].name, decks[1].name],
    deckKeys: [deckKey(decks[0]), deckKey(decks[1])],
    scratch: new Int32Array(2 * INST),
  };
}

export class Paliers implements CardStatsGame<PalState> {
  readonly name = 'paliers';
  readonly numPlayers = 2;
  readonly maxLegalActions = MAX_LEGAL;
  readonly numDistinctActions = NUM_ACTIONS;
  readonly observationLength = OBSERVATION_LENGTH;

  constructor(readonly ctx: PalContext) {}

  allocState(): PalState {
    const st = new PalState(this.ctx, MAX_LEGAL);
    clearState(st);
    return st;
  }
  newGame(state: PalState, seed: number): void {
    newGame(state, seed);
  }
  legalActions(state: PalState, out: Int32Array): number {
    if (state.legalCount < 0) state.legalCount = legal(state, state.legal);
    const n = state.legalCount;
    const src = state.legal;
    for (let i = 0; i < n; i++) out[i] = src[i]!;
    return n;
  }
  apply(state: PalState, action: number): void {
    step(state, action);
  }
  cloneInto(src: PalState, dst: PalState): void {
    dst.w.set(src.w);
    const n = src.legalCount;
    dst.legalCount = n;
    for (let i = 0; i < n; i++) dst.legal[i] = src.legal[i]!;
  }
  currentPlayer(state: PalState): number {
    return decider(state.w);
  }
  isTerminal(state: PalState): boolean {
    return state.w[O_PHASE] === PH_OVER;
  }
  returns(state: PalState, out: Float64Array): void {
    const wnr = state.w[O_PHASE] === PH_OVER ? state.w[O_WINNER]! : -1;
    out[0] = wnr === 0 ? 1 : wnr === 1 ? -1 : 0;
    out[1] = wnr === 1 ? 1 : wnr === 0 ? -1 : 0;
  }
  outcome(state: PalState): Outcome | null {
    const w = state.w;
    if (w[O_PHASE] !== PH_OVER) return null;
    const wnr = w[O_WINNER]!;
    const names = this.ctx.deckNames;
    switch (w[O_END]) {
      case END_TURN_CAP:
        return { winner: -1, reason: `turn cap ${this.ctx.options.turnCap} reached (D1, D43)` };
      case END_BOTH:
        return { winner: -1, reason: `both players reached 0 PV at once (D1): PV ${w[O_PV]}–${w[O_PV + 1]}` };
      case END_PV:
        return { winner: wnr, reason: `${names[wnr]} brought the opponent to 0 PV (R1)` };
      case END_EMPTY_DECK:
        return { winner: wnr, reason: `${names[1 - wnr]} had to draw from an empty deck (D14, emptyDeckLoses)` };
      default:
        return { winner: wnr, reason: 'unknown' };
    }
  }
  hash(state: PalState): number {
    return hashWords(state.w, STATE_WORDS);
  }
  actionToString(state: PalState, action: number): string {
    return describeAction(state, action);
  }
  observe(state: PalState, seat: number, out: Int32Array): number {
    return observe(state, seat, out);
  }
  determinize(src: PalState, seat: number, rng: Rng, dst: PalState): void {
    this.cloneInto(src, dst);
    determinizeInPlace(dst, seat, rng);
    dst.legalCount = -1;
  }

  // ---- balance counters (CardStatsGame) ----
  // The lab's generic counters are named after Blue Rising's (the simulation asks for them by
  // name); here: setup and pitched are always 0 (no setup play, no card paid as a cost),
  // dealt = in the opening 8, kept = kept through the mulligan (R9), oh = in hand when turn 1
  // begins, eotDiscard = discarded in phase 6 (R14), vpScored = the PV the card took from the
  // opponent, vpGiven 0. Paliers' own: pvDealt (same as vpScored), kills, died.
  readonly seenByTurns = [2, 4, 6, 8, 10] as const;
  readonly cardStatFields = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven',
    'pvDealt', 'kills', 'died', 'firstSeenTurn', 'seenBy2', 'seenBy4', 'seenBy6', 'seenBy8', 'seenBy10'] as const;
  /** PV taken from the opponent, by source: unblocked attackers and the turn term (R32), Red (4), excess to the player (D28), Red (6), card effects. */
  readonly vpSourceNames = ['unblocked', 'turnClock', 'red4Excess', 'excessToPlayer', 'red6', 'effects'] as const;
  get cardKinds(): number {
    return this.ctx.cat.size;
  }
  cardKindName(kind: number): string {
    return this.ctx.cat.names[kind]!;
  }
  startRecording(state: PalState): void {
    state.rec ??= new Int32Array(REC_SIZE);
  }
  readCardStats(state: PalState, out: Int32Array): void {
    const F = this.cardStatFields.length;
    const KN = this.ctx.cat.size;
    out.fill(0, 0, 2 * KN * F);
    const rec = state.rec;
    for (let g = 0; g < NUM_INST; g++) {
      const id = this.ctx.cardOf[g]!;
      if (id < 0) continue;
      const p = g >= INST ? 1 : 0;
      const b = (p * KN + id) * F;
      out[b]!++;
      if (rec === null) continue;
      const r = g * REC_FIELDS;
      out[b + 2]! += rec[r + R_DEALT]!;
      out[b + 3]! += rec[r + R_KEPT]!;
      out[b + 4]! += rec[r + R_OH]!;
      out[b + 5]! += rec[r + R_DRAWN]!;
      out[b + 6]! += rec[r + R_PLAYED]!;
      out[b + 8]! += rec[r + R_DISCARDED]!;
      out[b + 9]! += rec[r + R_PV_DEALT]!;
      out[b + 11]! += rec[r + R_PV_DEALT]!;
      out[b + 12]! += rec[r + R_KILLS]!;
      out[b + 13]! += rec[r + R_DIED]!;
      const seen = rec[r + R_FIRST_SEEN]!; // turn + 1, 0 = never
      if (seen > 0 && (out[b + 14] === 0 || seen < out[b + 14]!)) out[b + 14] = seen;
      for (let k = 0; k < 5; k++) if (seen > 0 && seen - 1 <= this.seenByTurns[k]!) out[b + 15 + k]!++;
    }
  }
  readVpSources(state: PalState, out: Int32Array): void {
    for (let i = 0; i < 2 * SOURCES; i++) out[i] = state.rec === null ? 0 : state.rec[REC_SOURCES + i]!;
  }
  leadChanges(state: PalState): number {
    return state.rec === null ? 0 : state.rec[REC_LEAD_CHANGES]!;
  }
  turnCount(state: PalState): number {
    return state.w[O_TURN]!;
  }
  firstPlayer(state: PalState): number {
    return state.w[O_FIRST]!;
  }
  seatKey(seat: number): number {
    return this.ctx.deckKeys[seat]!;
  }

  /** PV race, levels and the table's ATQ + PV, in [-0.99, 0.99]. */
  heuristicValue(state: PalState, seat: number): number {
    const w = state.w;
    if (w[O_PHASE] === PH_OVER) {
      const wnr = w[O_WINNER]!;
      return wnr === seat ? 1 : wnr === 1 - seat ? -1 : 0;
    }
    const start = this.ctx.options.startPV;
    const pv = (w[O_PV + seat]! - w[O_PV + 1 - seat]!) / start;
    let board = 0;
    for (let g = 0; g < NUM_INST; g++) {
      if (w[O_ZONE + g] !== Z_CHAR) continue;
      const v = atqOf(state, g) + Math.max(0, curPvOf(state, g));
      board += (g >= INST ? 1 : 0) === seat ? v : -v;
    }
    const lv = (w[O_LEVEL + seat]! - w[O_LEVEL + 1 - seat]!) / 10;
    const v = 0.6 * pv + 0.3 * Math.tanh(board / 20) + 0.1 * lv;
    return Math.max(-0.99, Math.min(0.99, v));
  }
}

function cardName(st: PalState, g: number): string {
  return g >= 0 && st.ctx.cardOf[g]! >= 0 ? st.ctx.cat.names[st.ctx.cardOf[g]!]! : '?';
}

/** A designer-readable text of an action in this state. */
export function describeAction(st: PalState, action: number): string {
  const w = st.w;
  const p = decider(w);
  const q = 1 - p;
  const hand = (h: number) => cardName(st, w[O_HAND + p * INST + h]!);
  const ovl = w[O_OVL]!;
  const ph = w[O_PHASE]!;
  if (action === A_PASS) {
    if (ph === PH_ATTACK) return 'Done declaring attackers';
    if (ph === PH_BLOCK) return `No block for ${cardName(st, w[O_BLK_CUR]!)}`;
    if (ph === PH_MULLIGAN) return 'Done setting aside';
    return `Pass (phase ${STAGE_PHASE[w[O_STAGE]! - 1] ?? 0})`; // a window belongs to the phase before the stage it leads to
  }
  if (ovl === OV_TARGET && action >= A_TARGET && action < A_DESTROY) {
    const g = action - A_TARGET;
    return `Target ${(g >= INST ? 1 : 0) === p ? 'own' : 'opposing'} ${cardName(st, g)} with ${cardName(st, w[O_PEND_SRC]!)}`;
  }
  if (ovl === OV_DESTROY) return `Destroy ${cardName(st, p * INST + action - A_DESTROY)} (cap, R24)`;
  if (ovl === OV_RETURN) return `Return ${cardName(st, p * INST + action - A_RETURN)} (Violet 5)`;
  if (ovl === OV_DEATH_ORDER) return `Resolve the death trigger of ${cardName(st, p * INST + action - A_ORDER)} (D35)`;
  if (action < A_USE) return `Play ${hand(action - A_PLAY)} (hand ${action - A_PLAY})`;
  if (action < A_SACRIFICE) {
    const x = action - A_USE;
    const g = p * INST + ((x / K) | 0);
    const id = st.ctx.cardOf[g]!;
    return `Use ${cardName(st, g)} ability ${x % K}: ${id >= 0 ? st.ctx.cat.texts[id * MAX_ABILITIES + (x % K)] : ''}`;
  }
  if (action < A_FREEZE) return `Sacrifice ${cardName(st, p * INST + action - A_SACRIFICE)} (Violet 3)`;
  if (action < A_TARGET) return `Freeze ${cardName(st, q * INST + action - A_FREEZE)} (Blue 3)`;
  if (action < A_DECLARE) return `Target ${action - A_TARGET}`;
  if (action < A_BLOCK) return `Attack with ${cardName(st, p * INST + action - A_DECLARE)}`;
  if (action < A_ASSIGN) return `Block ${cardName(st, q * INST + action - A_BLOCK)} with ${cardName(st, w[O_BLK_CUR]!)}`;
  if (action < A_ASSIGN_REST) return `Assign 1 damage of ${cardName(st, w[O_SPLIT_DEALER]!)} to ${cardName(st, q * INST + action - A_ASSIGN)}`;
  if (action < A_RETURN) return `Assign the rest of ${cardName(st, w[O_SPLIT_DEALER]!)}'s damage to ${cardName(st, q * INST + action - A_ASSIGN_REST)}`;
  if (action < A_DISCARD) return `Return ${action - A_RETURN}`;
  if (action < A_ORDER) return `Discard ${hand(action - A_DISCARD)} (hand ${action - A_DISCARD})`;
  if (action < A_SET_ASIDE) {
    const e = w[O_EOT + action - A_ORDER]!;
    return `Resolve the end-of-turn effect of ${cardName(st, (e / 6) | 0)}`;
  }
  return `Set aside ${hand(action - A_SET_ASIDE)} (hand ${action - A_SET_ASIDE})`;
}

/** Is a card id a character (bots, tests)? */
export function isCharacter(cat: Catalogue, id: number): boolean {
  return cat.kind[id] === T_CHARACTER;
}
