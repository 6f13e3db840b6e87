// Diplomatie behind the generic Game contract.
import { hashWords, type CardStatsGame, type Outcome, type Rng } from '../../core/game.ts';
import {
  A_ATTACH, A_ATTACK, A_CAST, A_DEFEND, A_EVOLVE, A_EXTRA, A_LIGHT, A_NO, A_ORDER, A_PASS, A_PLAY, A_TARGET, A_YES, MAX_LEGAL,
  NUM_ACTIONS,
} from './actions.ts';
import { T_CREATURE, T_DIPLOMACY, type Catalogue } from './catalogue/compile.ts';
import { determinizeInPlace, observe, OBSERVATION_LENGTH } from './observe.ts';
import { dipRules, type DipRuleOptions } from './rules-options.ts';
import { clearState, legal, newGame, power, step } from './rules.ts';
import {
  DipState, END_BOTH, END_PD, END_PV, END_TURN_CAP, INST_PER_PLAYER, K, MAIN_MAX, O_ACTIVE, O_CUR, O_END, O_HAND, O_HAND_N,
  O_PD, O_PEND_PLAYER, O_PEND_SRC, O_PHASE, O_PRIO, O_PV, O_TOP, O_TRIG, O_WINNER, PH_DEFEND, PH_MAIN, PH_OVER,
  PH_WINDOW, SLOTS, STATE_WORDS, TC_HAND, TRIG_FIELDS, type DipContext, REC_SIZE, REC_FIELDS, R_OH, R_DRAWN, R_PLAYED,
  R_PITCHED, R_PV_DEALT, R_PD_SCORED, R_DESTROYED, R_FIRST_SEEN, REC_SOURCES, SOURCES, REC_LEAD_CHANGES, O_TURN, O_FIRST,
} from './state.ts';

export interface DipDeckCards {
  name: string;
  /** Main deck card names, one per copy (≤ 30). */
  main: readonly string[];
  /** Diplomacy deck card names, one per copy (≤ 6). */
  diplomacy: readonly string[];
}

export class DipSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DipSetupError';
  }
}

function deckKey(deck: DipDeckCards): number {
  let h = 0x811c9dc5;
  for (const name of [...deck.main, '|', ...deck.diplomacy]) {
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x7c, 0x01000193);
  }
  return h >>> 0;
}

/** The immutable context of a matchup: catalogue, knobs, the two deck lists. */
export function createDipContext(cat: Catalogue, decks: readonly [DipDeckCards, DipDeckCards], options: Partial<DipRuleOptions> = {}): DipContext {
  const rules = dipRules(options);
  const cardOf = new Int16Array(2 * INST_PER_PLAYER).fill(-1);
  const nameIdx = new Int8Array(2 * INST_PER_PLAYER);
  const mainSize: [number, number] = [0, 0];
  const dipSize: [number, number] = [0, 0];
  for (let p = 0; p < 2; p++) {
    const d = decks[p]!;
    if (d.main.length > MAIN_MAX) throw new DipSetupError(`deck "${d.name}": ${d.main.length} main cards, at most ${MAIN_MAX}`);
    if (d.diplomacy.length > INST_PER_PLAYER - MAIN_MAX) throw new DipSetupError(`deck "${d.name}": ${d.diplomacy.length} Diplomacy cards, at most 6`);
    const names: string[] = [];
    const place = (name: string, inst: number, wantDip: boolean) => {
      const id = cat.byName.get(name);
      if (id === undefined) throw new DipSetupError(`deck "${d.name}": unknown card "${name}"`);
      if ((cat.type[id] === T_DIPLOMACY) !== wantDip) {
        throw new DipSetupError(`deck "${d.name}": "${name}" ${wantDip ? 'is not a Diplomacy card' : 'is a Diplomacy card, it belongs in the Diplomacy deck'} (D6)`);
      }
      cardOf[inst] = id;
      let k = names.indexOf(name);
      if (k < 0) k = names.push(name) - 1;
      nameIdx[inst] = k;
    };
    d.main.forEach((name, i) => place(name, p * INST_PER_PLAYER + i, false));
    d.diplomacy.forEach((name, j) => place(name, p * INST_PER_PLAYER + MAIN_MAX + j, true));
    mainSize[p] = d.main.length;
    dipSize[p] = d.diplomacy.length;
  }
  return {
    cat,
    options: rules,
    cardOf,
    nameIdx,
    mainSize,
    dipSize,
    deckNames: [decks[0].name, decks[1].name],
    deckKeys: [deckKey(decks[0]), deckKey(decks[1])],
    scratch: new Int32Array(2 * INST_PER_PLAYER),
    scratch2: new Int32Array(2 * INST_PER_PLAYER),
  };
}

export class Diplomatie implements CardStatsGame<DipState> {
  readonly name = 'diplomatie';
  readonly numPlayers = 2;
  readonly maxLegalActions = MAX_LEGAL;
  readonly numDistinctActions = NUM_ACTIONS;
  readonly observationLength = OBSERVATION_LENGTH;

  constructor(readonly ctx: DipContext) {}

  allocState(): DipState {
    const st = new DipState(this.ctx, MAX_LEGAL);
    clearState(st);
    return st;
  }
  newGame(state: DipState, seed: number): void {
    newGame(state, seed);
  }
  legalActions(state: DipState, out: Int32Array): number {
    if (state.legalCount < 0) state.legalCount = legal(state, state.legal);
    const n = state.legalCount;
    const src = state.legal;
    for (let i = 0; i < n; i++) out[i] = src[i]!;
    return n;
  }
  apply(state: DipState, action: number): void {
    step(state, action);
  }
  cloneInto(src: DipState, dst: DipState): void {
    dst.w.set(src.w);
    const n = src.legalCount;
    dst.legalCount = n;
    for (let i = 0; i < n; i++) dst.legal[i] = src.legal[i]!;
  }
  currentPlayer(state: DipState): number {
    return state.w[O_PHASE] === PH_OVER ? -1 : state.w[O_CUR]!;
  }
  isTerminal(state: DipState): boolean {
    return state.w[O_PHASE] === PH_OVER;
  }
  returns(state: DipState, out: Float64Array): void {
    const wnr = state.w[O_PHASE] === PH_OVER ? state.w[O_WINNER]! : -1;
    out[0] = wnr === 0 ? 1 : wnr === 1 ? -1 : 0;
    out[1] = wnr === 1 ? 1 : wnr === 0 ? -1 : 0;
  }
  outcome(state: DipState): Outcome | null {
    const w = state.w;
    if (w[O_PHASE] !== PH_OVER) return null;
    const wnr = w[O_WINNER]!;
    const names = this.ctx.deckNames;
    switch (w[O_END]) {
      case END_TURN_CAP:
        return { winner: -1, reason: `turn cap ${this.ctx.options.turnCap} reached (D2, D40)` };
      case END_BOTH:
        return { winner: -1, reason: `both players met a winning condition at once (D1): PV ${w[O_PV]}–${w[O_PV + 1]}, PD ${w[O_PD]}–${w[O_PD + 1]}` };
      case END_PV:
        return { winner: wnr, reason: `${names[wnr]} brought the opponent to 0 PV (R2)` };
      case END_PD:
        return { winner: wnr, reason: `${names[wnr]} reached ${w[O_PD + wnr]} PD (R2)` };
      default:
        return { winner: wnr, reason: 'unknown' };
    }
  }
  hash(state: DipState): number {
    return hashWords(state.w, STATE_WORDS);
  }
  actionToString(state: DipState, action: number): string {
    return describeAction(state, action);
  }
  observe(state: DipState, seat: number, out: Int32Array): number {
    return observe(state, seat, out);
  }
  determinize(src: DipState, seat: number, rng: Rng, dst: DipState): void {
    this.cloneInto(src, dst);
    determinizeInPlace(dst, seat, rng);
    dst.legalCount = -1;
  }
  // ---- balance counters (CardStatsGame) ----
  // The lab's generic counters are named after Blue Rising's (the simulation asks for them
  // by name); here: setup and eotDiscard are always 0 (no setup play, no hand limit), dealt
  // and kept equal oh (no mulligan, D9), pitched counts cards attached for Extra Play or
  // discarded for a cost (D15, D22), vpScored is the PD a card scored (Diplomacy cards),
  // vpGiven is 0. Diplomatie's own: pvDealt (PV the card took from the opponent, attacking
  // or by an effect), pdScored, destroyed.
  readonly seenByTurns = [2, 4, 6, 8, 10] as const;
  readonly cardStatFields = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven',
    'pvDealt', 'pdScored', 'destroyed', 'firstSeenTurn', 'seenBy2', 'seenBy4', 'seenBy6', 'seenBy8', 'seenBy10'] as const;
  /** Score sources per seat: PV taken by attacks and by effects; PD by restraint (R10), Siege (R12), effects. */
  readonly vpSourceNames = ['pvAttack', 'pvEffect', 'pdRestraint', 'pdSiege', 'pdEffect'] as const;
  get cardKinds(): number {
    return this.ctx.cat.size;
  }
  cardKindName(kind: number): string {
    return this.ctx.cat.names[kind]!;
  }
  startRecording(state: DipState): void {
    state.rec ??= new Int32Array(REC_SIZE);
  }
  readCardStats(state: DipState, out: Int32Array): void {
    const F = this.cardStatFields.length;
    const K = this.ctx.cat.size;
    out.fill(0, 0, 2 * K * F);
    const rec = state.rec;
    for (let inst = 0; inst < 2 * INST_PER_PLAYER; inst++) {
      const id = this.ctx.cardOf[inst]!;
      if (id < 0) continue;
      const p = inst >= INST_PER_PLAYER ? 1 : 0;
      const b = (p * K + id) * F;
      out[b]!++;
      if (rec === null) continue;
      const r = inst * REC_FIELDS;
      const oh = rec[r + R_OH]!;
      out[b + 2]! += oh;
      out[b + 3]! += oh;
      out[b + 4]! += oh;
      out[b + 5]! += rec[r + R_DRAWN]!;
      out[b + 6]! += rec[r + R_PLAYED]!;
      out[b + 7]! += rec[r + R_PITCHED]!;
      out[b + 9]! += rec[r + R_PD_SCORED]!;
      out[b + 11]! += rec[r + R_PV_DEALT]!;
      out[b + 12]! += rec[r + R_PD_SCORED]!;
      out[b + 13]! += rec[r + R_DESTROYED]!;
      const seen = rec[r + R_FIRST_SEEN]!; // turn + 1, 0 = never
      if (seen > 0 && (out[b + 14] === 0 || seen < out[b + 14]!)) out[b + 14] = seen;
      for (let k = 0; k < 5; k++) if (seen > 0 && seen - 1 <= this.seenByTurns[k]!) out[b + 15 + k]!++;
    }
  }
  readVpSources(state: DipState, out: Int32Array): void {
    for (let i = 0; i < 2 * SOURCES; i++) out[i] = state.rec === null ? 0 : state.rec[REC_SOURCES + i]!;
  }
  leadChanges(state: DipState): number {
    return state.rec === null ? 0 : state.rec[REC_LEAD_CHANGES]!;
  }
  turnCount(state: DipState): number {
    return state.w[O_TURN]!;
  }
  firstPlayer(state: DipState): number {
    return state.w[O_FIRST]!;
  }
  seatKey(seat: number): number {
    return this.ctx.deckKeys[seat]!;
  }

  /** The nearer of the two races (PV to 0, PD to the target) for each side, plus board Puissance. */
  heuristicValue(state: DipState, seat: number): number {
    const w = state.w;
    if (w[O_PHASE] === PH_OVER) {
      const wnr = w[O_WINNER]!;
      return wnr === seat ? 1 : wnr === 1 - seat ? -1 : 0;
    }
    const o = this.ctx.options;
    const progress = (p: number) => Math.max(1 - w[O_PV + 1 - p]! / o.startPV, w[O_PD + p]! / o.pdToWin);
    let board = 0;
    for (let q = 0; q < 2; q++) {
      for (let s = 0; s < SLOTS; s++) {
        const inst = w[O_TOP + q * SLOTS + s]!;
        if (inst < 0 || this.ctx.cat.type[this.ctx.cardOf[inst]!] !== T_CREATURE) continue;
        const pw = Math.max(0, power(state, q, s));
        board += q === seat ? pw : -pw;
      }
    }
    const v = 0.75 * (progress(seat) - progress(1 - seat)) + 0.25 * Math.tanh(board / 60);
    return Math.max(-0.99, Math.min(0.99, v));
  }
}

function cardName(st: DipState, inst: number): string {
  return inst >= 0 ? st.ctx.cat.names[st.ctx.cardOf[inst]!]! : '?';
}

/** A designer-readable text of an action in this state. */
export function describeAction(st: DipState, action: number): string {
  const w = st.w;
  const ph = w[O_PHASE]!;
  const p = ph === PH_MAIN ? w[O_ACTIVE]! : ph === PH_WINDOW ? w[O_PRIO]! : ph === PH_DEFEND ? 1 - w[O_ACTIVE]! : w[O_CUR]!;
  const hand = (h: number) => cardName(st, w[O_HAND + p * INST_PER_PLAYER + h]!);
  const perm = (q: number, s: number) => cardName(st, w[O_TOP + q * SLOTS + s]!);
  if (action === A_PASS) return ph === PH_MAIN ? 'End step 2' : 'Pass';
  if (action === A_YES) return `Yes: use ${cardName(st, w[O_PEND_SRC]!)}'s optional ability`;
  if (action === A_NO) return `No: decline ${cardName(st, w[O_PEND_SRC]!)}'s optional ability`;
  if (action < A_EXTRA) return `Light Play ${hand(action - A_LIGHT)} (hand ${action - A_LIGHT})`;
  if (action < A_EVOLVE) return `Extra Play ${hand(action - A_EXTRA)} (hand ${action - A_EXTRA})`;
  if (action < A_PLAY) {
    const x = action - A_EVOLVE;
    return `Evolve ${perm(p, x % 36)} (slot ${x % 36}) into ${hand((x / 36) | 0)} (hand ${(x / 36) | 0})`;
  }
  if (action < A_CAST) return `Play ${hand(action - A_PLAY)} (hand ${action - A_PLAY})`;
  if (action < A_ATTACK) {
    const x = action - A_CAST;
    const s = (x / K) | 0;
    const inst = w[O_TOP + p * SLOTS + s]!;
    const id = inst >= 0 ? st.ctx.cardOf[inst]! : -1;
    const text = id >= 0 ? st.ctx.cat.defs[id]!.abilities[x % K]?.text ?? '' : '';
    return `Cast ${perm(p, s)} (slot ${s}) ability ${x % K}: ${text}`;
  }
  if (action < A_ATTACH) return `Attack with ${perm(p, action - A_ATTACK)} (slot ${action - A_ATTACK})`;
  if (action < A_TARGET) {
    const pp = w[O_PEND_PLAYER]!;
    return `Pick ${cardName(st, w[O_HAND + pp * INST_PER_PLAYER + action - A_ATTACH]!)} (hand ${action - A_ATTACH}) for ${cardName(st, w[O_PEND_SRC]!)}`;
  }
  if (action < A_DEFEND) {
    const c = action - A_TARGET;
    const pp = w[O_PEND_PLAYER]!;
    const src = cardName(st, w[O_PEND_SRC]!);
    if (c >= TC_HAND) return `Target ${cardName(st, w[O_HAND + pp * INST_PER_PLAYER + c - TC_HAND]!)} in hand (slot ${c - TC_HAND}) with ${src}`;
    const q = (c / SLOTS) | 0;
    return `Target ${q === pp ? 'own' : 'opposing'} ${perm(q, c % SLOTS)} (slot ${c % SLOTS}) with ${src}`;
  }
  if (action < A_ORDER) return `Defend with ${perm(1 - w[O_ACTIVE]!, action - A_DEFEND)} (slot ${action - A_DEFEND})`;
  const i = action - A_ORDER;
  return `Stack next the trigger of ${cardName(st, w[O_TRIG + i * TRIG_FIELDS + 1]!)}`;
}

/** Hand size of a player (tests, bots). */
export function handSize(st: DipState, p: number): number {
  return st.w[O_HAND_N + p]!;
}
