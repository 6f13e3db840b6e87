// Seuils behind the generic Game contract.
import { hashWords, type CardStatsGame, type Outcome, type Rng } from '../../core/game.ts';
import {
  A_ASSIGN, A_ASSIGN_REST, A_ATTACK, A_BOTTOM, A_DECLARE, A_DONE, A_DRAW, A_END_TURN, A_FETCH, A_PASS, A_PLAY,
  A_PLAY_RESOURCE, A_TARGET, A_TARGET_FACTION, A_TARGET_LOCATION, A_USE, MAX_LEGAL, NUM_ACTIONS,
} from './actions.ts';
import { MAX_ABILITIES, T_CHARACTER, T_FACTION, T_RESOURCE, type Catalogue } from './catalogue/compile.ts';
import { determinizeInPlace, observe, OBSERVATION_LENGTH } from './observe.ts';
import { seuilsRules, type SeuilsRuleOptions } from './rules-options.ts';
import { clearState, legal, newGame, startInfluence, step, strengthOf, typeOf } from './rules.ts';
import {
  END_BOTH, END_DECKOUT, END_INFLUENCE, END_TURN_CAP, INST, MAIN_MAX, NUM_INST, O_ACTIVE, O_ASG_DEALER, O_ASG_LEFT, O_CUR,
  O_FIRST, O_HAND, O_INFL, O_PEND_SRC, O_PHASE, O_PRIO, O_SETUP_P, O_TURN, O_WINNER, O_END, O_ZONE, PH_ASSIGN,
  PH_DECLARE_DEF, PH_DEVELOP, PH_FETCH, PH_MAIN, PH_MULLIGAN, PH_OVER, PH_TARGET, PH_WINDOW, R_DEALT, R_DESTROYED,
  R_DRAWN, R_FETCHED, R_FIRST_SEEN, R_SETUP, R_INFL, R_KILLS, R_MULL, R_OH, R_PLAYED, REC_FIELDS, REC_LEAD_CHANGES, REC_SIZE,
  REC_SOURCES, SeuilsState, SOURCES, STATE_WORDS, Z_PLAY, type SeuilsContext, O_PEND_PLAYER,
} from './state.ts';

export interface SeuilsDeckCards {
  name: string;
  /** The faction card's name (R7). */
  faction: string;
  /** Main deck card names, one per copy (≤ 63). */
  main: readonly string[];
}

export class SeuilsSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeuilsSetupError';
  }
}

function deckKey(deck: SeuilsDeckCards): number {
  let h = 0x811c9dc5;
  for (const name of [deck.faction, '|', ...deck.main]) {
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x7c, 0x01000193);
  }
  return h >>> 0;
}

/** The immutable context of a matchup: catalogue, knobs, the two deck lists. */
export function createSeuilsContext(cat: Catalogue, decks: readonly [SeuilsDeckCards, SeuilsDeckCards], options: Partial<SeuilsRuleOptions> = {}): SeuilsContext {
  const rules = seuilsRules(options);
  const cardOf = new Int16Array(NUM_INST).fill(-1);
  const mainSize: [number, number] = [0, 0];
  const deckTypes: [number, number] = [0, 0];
  for (let p = 0; p < 2; p++) {
    const d = decks[p]!;
    if (d.main.length > MAIN_MAX) throw new SeuilsSetupError(`deck "${d.name}": ${d.main.length} main-deck cards, at most ${MAIN_MAX}`);
    const f = cat.byName.get(d.faction);
    if (f === undefined || cat.type[f] !== T_FACTION) throw new SeuilsSetupError(`deck "${d.name}": "${d.faction}" is not a faction card`);
    cardOf[p * INST] = f;
    d.main.forEach((name, i) => {
      const id = cat.byName.get(name);
      if (id === undefined) throw new SeuilsSetupError(`deck "${d.name}": unknown card "${name}"`);
      if (cat.type[id] === T_FACTION) throw new SeuilsSetupError(`deck "${d.name}": "${name}" is a faction: a deck has one, outside the main deck (D5)`);
      cardOf[p * INST + 1 + i] = id;
      if (cat.type[id] === T_RESOURCE) deckTypes[p] |= 1 << cat.icon[id]!;
    });
    mainSize[p] = d.main.length;
  }
  return {
    cat,
    options: rules,
    cardOf,
    mainSize,
    deckTypes,
    deckNames: [decks[0].name, decks[1].name],
    deckKeys: [deckKey(decks[0]), deckKey(decks[1])],
    scratch: new Int32Array(NUM_INST),
    scratch2: new Int32Array(NUM_INST),
  };
}

export class Seuils implements CardStatsGame<SeuilsState> {
  readonly name = 'seuils';
  readonly numPlayers = 2;
  readonly maxLegalActions = MAX_LEGAL;
  readonly numDistinctActions = NUM_ACTIONS;
  readonly observationLength = OBSERVATION_LENGTH;

  constructor(readonly ctx: SeuilsContext) {}

  allocState(): SeuilsState {
    const st = new SeuilsState(this.ctx, MAX_LEGAL);
    clearState(st);
    return st;
  }
  newGame(state: SeuilsState, seed: number): void {
    newGame(state, seed);
  }
  legalActions(state: SeuilsState, out: Int32Array): number {
    if (state.legalCount < 0) state.legalCount = legal(state, state.legal);
    const n = state.legalCount;
    const src = state.legal;
    for (let i = 0; i < n; i++) out[i] = src[i]!;
    return n;
  }
  apply(state: SeuilsState, action: number): void {
    step(state, action);
  }
  cloneInto(src: SeuilsState, dst: SeuilsState): void {
    dst.w.set(src.w);
    const n = src.legalCount;
    dst.legalCount = n;
    for (let i = 0; i < n; i++) dst.legal[i] = src.legal[i]!;
  }
  currentPlayer(state: SeuilsState): number {
    return state.w[O_PHASE] === PH_OVER ? -1 : state.w[O_CUR]!;
  }
  isTerminal(state: SeuilsState): boolean {
    return state.w[O_PHASE] === PH_OVER;
  }
  returns(state: SeuilsState, out: Float64Array): void {
    const wnr = state.w[O_PHASE] === PH_OVER ? state.w[O_WINNER]! : -1;
    out[0] = wnr === 0 ? 1 : wnr === 1 ? -1 : 0;
    out[1] = wnr === 1 ? 1 : wnr === 0 ? -1 : 0;
  }
  outcome(state: SeuilsState): Outcome | null {
    const w = state.w;
    if (w[O_PHASE] !== PH_OVER) return null;
    const wnr = w[O_WINNER]!;
    const names = this.ctx.deckNames;
    switch (w[O_END]) {
      case END_TURN_CAP:
        return { winner: -1, reason: `turn cap ${this.ctx.options.turnCap} reached (D1, D30)` };
      case END_BOTH:
        return { winner: -1, reason: `both factions reached 0 influence at once (D1)` };
      case END_INFLUENCE:
        return { winner: wnr, reason: `${names[wnr]} brought the opposing faction to 0 influence (R1, D1)` };
      case END_DECKOUT:
        return { winner: wnr, reason: `${names[1 - wnr]} had to draw from an empty deck (D2 knob)` };
      default:
        return { winner: wnr, reason: 'unknown' };
    }
  }
  hash(state: SeuilsState): number {
    return hashWords(state.w, STATE_WORDS);
  }
  actionToString(state: SeuilsState, action: number): string {
    return describeAction(state, action);
  }
  observe(state: SeuilsState, seat: number, out: Int32Array): number {
    return observe(state, seat, out);
  }
  determinize(src: SeuilsState, seat: number, rng: Rng, dst: SeuilsState): void {
    this.cloneInto(src, dst);
    determinizeInPlace(dst, seat, rng);
    dst.legalCount = -1;
  }

  // ---- balance counters (CardStatsGame) ----
  // The lab's generic counters are named after Blue Rising's (the simulation asks for them
  // by name). Here: setup = resources fetched at setup (R9), dealt = cards of the starting
  // draw and the mulligan's redraw, kept = dealt − sent under the deck, oh = the opening hand
  // after the mulligan, pitched and eotDiscard 0 (no such rule), vpScored = influence the
  // card took from the opposing faction (combat damage when locked, or an effect), vpGiven 0.
  // Seuils' own: mulliganed, fetched (setup and effects), influenceDealt, kills (destroy
  // effects), destroyed.
  readonly seenByTurns = [2, 4, 6, 8, 10] as const;
  readonly cardStatFields = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven',
    'mulliganed', 'fetched', 'influenceDealt', 'kills', 'destroyed', 'firstSeenTurn', 'seenBy2', 'seenBy4', 'seenBy6', 'seenBy8', 'seenBy10'] as const;
  /** Score sources per seat: influence taken in combat, and by effects (R1, D1). */
  readonly vpSourceNames = ['influenceCombat', 'influenceEffect'] as const;
  get cardKinds(): number {
    return this.ctx.cat.size;
  }
  cardKindName(kind: number): string {
    return this.ctx.cat.names[kind]!;
  }
  startRecording(state: SeuilsState): void {
    state.rec ??= new Int32Array(REC_SIZE);
  }
  readCardStats(state: SeuilsState, out: Int32Array): void {
    const F = this.cardStatFields.length;
    const K = this.ctx.cat.size;
    out.fill(0, 0, 2 * K * F);
    const rec = state.rec;
    for (let g = 0; g < NUM_INST; g++) {
      const id = this.ctx.cardOf[g]!;
      if (id < 0) continue;
      const p = g >= INST ? 1 : 0;
      const b = (p * K + id) * F;
      out[b]!++;
      if (rec === null) continue;
      const r = g * REC_FIELDS;
      out[b + 1]! += rec[r + R_SETUP]!;
      out[b + 2]! += rec[r + R_DEALT]!;
      out[b + 3]! += Math.max(0, rec[r + R_DEALT]! - rec[r + R_MULL]!);
      out[b + 4]! += rec[r + R_OH]!;
      out[b + 5]! += rec[r + R_DRAWN]!;
      out[b + 6]! += rec[r + R_PLAYED]!;
      out[b + 9]! += rec[r + R_INFL]!;
      out[b + 11]! += rec[r + R_MULL]!;
      out[b + 12]! += rec[r + R_FETCHED]!;
      out[b + 13]! += rec[r + R_INFL]!;
      out[b + 14]! += rec[r + R_KILLS]!;
      out[b + 15]! += rec[r + R_DESTROYED]!;
      const seen = rec[r + R_FIRST_SEEN]!; // turn + 1, 0 = never
      if (seen > 0 && (out[b + 16] === 0 || seen < out[b + 16]!)) out[b + 16] = seen;
      for (let k = 0; k < 5; k++) if (seen > 0 && seen - 1 <= this.seenByTurns[k]!) out[b + 17 + k]!++;
    }
  }
  readVpSources(state: SeuilsState, out: Int32Array): void {
    for (let i = 0; i < 2 * SOURCES; i++) out[i] = state.rec === null ? 0 : state.rec[REC_SOURCES + i]!;
  }
  leadChanges(state: SeuilsState): number {
    return state.rec === null ? 0 : state.rec[REC_LEAD_CHANGES]!;
  }
  turnCount(state: SeuilsState): number {
    return state.w[O_TURN]!;
  }
  firstPlayer(state: SeuilsState): number {
    return state.w[O_FIRST]!;
  }
  seatKey(seat: number): number {
    return this.ctx.deckKeys[seat]!;
  }

  /** The influence race, plus the strength each side has in play. */
  heuristicValue(state: SeuilsState, seat: number): number {
    const w = state.w;
    if (w[O_PHASE] === PH_OVER) {
      const wnr = w[O_WINNER]!;
      return wnr === seat ? 1 : wnr === 1 - seat ? -1 : 0;
    }
    const lost = (p: number) => 1 - w[O_INFL + p]! / startInfluence(state, p);
    let board = 0;
    for (let g = 0; g < NUM_INST; g++) {
      if (w[O_ZONE + g] !== Z_PLAY || typeOf(state, g) !== T_CHARACTER) continue;
      const s = Math.max(0, strengthOf(state, g));
      board += (g >= INST ? 1 : 0) === seat ? s : -s;
    }
    const v = 0.75 * (lost(1 - seat) - lost(seat)) + 0.25 * Math.tanh(board / 10);
    return Math.max(-0.99, Math.min(0.99, v));
  }
}

function cardName(st: SeuilsState, g: number): string {
  return g >= 0 ? st.ctx.cat.names[st.ctx.cardOf[g]!]! : '?';
}

/** A designer-readable text of an action in this state. */
export function describeAction(st: SeuilsState, action: number): string {
  const w = st.w;
  const ph = w[O_PHASE]!;
  const p = ph === PH_WINDOW ? w[O_PRIO]! : ph === PH_FETCH || ph === PH_MULLIGAN ? w[O_SETUP_P]! : ph === PH_TARGET ? w[O_PEND_PLAYER]!
    : ph === PH_ASSIGN ? (w[O_ASG_DEALER]! >= INST ? 1 : 0) : ph === PH_DECLARE_DEF ? 1 - w[O_ACTIVE]! : ph === PH_MAIN || ph === PH_DEVELOP ? w[O_ACTIVE]! : w[O_CUR]!;
  const hand = (h: number) => cardName(st, w[O_HAND + p * INST + h]!);
  const cat = st.ctx.cat;
  if (action === A_PASS) return 'Pass';
  if (action === A_DONE) return ph === PH_MULLIGAN ? 'Done: draw as many as put under' : 'Done: the group is formed';
  if (action === A_END_TURN) return 'End the turn';
  if (action === A_DRAW) return 'Develop: draw a card';
  if (action === A_ATTACK) return 'Attack';
  if (action === A_TARGET_FACTION) return 'Attack the opposing faction';
  if (action < A_BOTTOM) return `Fetch ${cat.names[action - A_FETCH]}`;
  if (action < A_PLAY_RESOURCE) return `Mulligan: put ${hand(action - A_BOTTOM)} (hand ${action - A_BOTTOM}) under the deck`;
  if (action < A_PLAY) {
    const h = action - A_PLAY_RESOURCE;
    // D11: a card other than a resource goes face down.
    if (cat.type[st.ctx.cardOf[w[O_HAND + p * INST + h]!]!] !== T_RESOURCE) return `Develop: play ${hand(h)} (hand ${h}) face down as a resource`;
    return `Develop: play resource ${hand(h)} (hand ${h})`;
  }
  if (action < A_USE) return `Play ${hand(action - A_PLAY)} (hand ${action - A_PLAY})`;
  if (action < A_TARGET_LOCATION) {
    const x = action - A_USE;
    const g = p * INST + ((x / MAX_ABILITIES) | 0);
    const k = x % MAX_ABILITIES;
    const ab = cat.defs[st.ctx.cardOf[g]!]?.abilities[k];
    return `Use ${cardName(st, g)} (#${g % INST}) ${ab?.name ?? k}: ${ab?.text ?? ''}`;
  }
  if (action < A_DECLARE) return `Attack the location ${cardName(st, (1 - w[O_ACTIVE]!) * INST + action - A_TARGET_LOCATION)} (#${action - A_TARGET_LOCATION})`;
  if (action < A_ASSIGN) {
    const side = ph === PH_DECLARE_DEF ? 1 - w[O_ACTIVE]! : w[O_ACTIVE]!;
    return `${ph === PH_DECLARE_DEF ? 'Defend' : 'Attack'} with ${cardName(st, side * INST + action - A_DECLARE)} (#${action - A_DECLARE})`;
  }
  const q = 1 - (w[O_ASG_DEALER]! >= INST ? 1 : 0);
  if (action < A_ASSIGN_REST) return `Assign 1 of ${cardName(st, w[O_ASG_DEALER]!)}'s damage to ${cardName(st, q * INST + action - A_ASSIGN)} (#${action - A_ASSIGN})`;
  if (action < A_TARGET) return `Assign the remaining ${w[O_ASG_LEFT]} of ${cardName(st, w[O_ASG_DEALER]!)}'s damage to ${cardName(st, q * INST + action - A_ASSIGN_REST)} (#${action - A_ASSIGN_REST})`;
  const g = action - A_TARGET;
  return `Target ${(g >= INST ? 1 : 0) === p ? 'own' : 'opposing'} ${cardName(st, g)} (#${g % INST}) with ${cardName(st, w[O_PEND_SRC]!)}`;
}
