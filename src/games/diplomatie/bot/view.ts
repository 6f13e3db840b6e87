// What one seat may know, read from `observe` (rules §12): the bot sees the game only through
// this view, so it cannot read the opponent's hand, a deck's order or a face-down card even by
// mistake. The offsets below follow observe.ts's layout; test/games/diplomatie/bot.test.ts
// checks them against the state field by field.
import type { Game } from '../../../core/game.ts';
import { T_CREATURE, type Catalogue } from '../catalogue/compile.ts';
import { OBSERVATION_LENGTH } from '../observe.ts';
import type { DipRuleOptions } from '../rules-options.ts';
import { ATTACH_MAX, K, SLOTS, STACK_FIELDS, TRIG_FIELDS, UNDER_MAX, type DipContext, type DipState } from '../state.ts';

// Header words, in observe.ts's order.
export const H_TURN = 0, H_PHASE = 1, H_ACTIVE = 2, H_FIRST = 3, H_CUR = 4, H_WINNER = 5, H_END = 6, H_PV = 7, H_PD = 9,
  H_LIGHT = 11, H_EXTRA = 13, H_ATTACKED = 15, H_WCTX = 17, H_PRIO = 18, H_PASSES = 19, H_WIN_FIRST = 20, H_PEND = 21,
  H_PEND_ABIL = 22, H_PEND_NEED = 23, H_PEND_LAST = 24, H_PEND_NPICK = 25, H_PEND_PLAYER = 26, H_PEND_SLOT = 27,
  H_ATK_ON = 28, H_ATK_SLOT = 29, H_ATK_TCODE = 30, H_ATK_RETARGETED = 31, H_ATK_PLAYER = 32, H_DECK_N = 33, H_HAND_N = 35,
  H_DISC_N = 37, H_DIP_N = 39, H_STACK_N = 41, H_TRIG_N = 42;
const HEADER_LEN = 43;
export const OB_PEND_SRC_ID = HEADER_LEN, OB_ATK_ID = HEADER_LEN + 1, OB_ATK_TID = HEADER_LEN + 2;
export const OB_PICKS = HEADER_LEN + 3;
export const OB_MY_HAND = OB_PICKS + 36;
/** Opponent's hand: a card id where shown, -3 a Diplomacy card, -2 an unknown card, -1 empty. */
export const OB_OPP_HAND = OB_MY_HAND + 36;
export const OB_DISC = OB_OPP_HAND + 36;
export const OB_SLOTS = OB_DISC + 72;
export const SLOT_OBS = 10 + UNDER_MAX + ATTACH_MAX;
// Per slot: top card id, exhausted, until-end-of-turn Puissance, permanent Puissance, turn entered, charges[K], attached, attached Diplomacy, ...
export const SO_TOP = 0, SO_EXH = 1, SO_EOT = 2, SO_PERM = 3, SO_ENTERED = 4, SO_CHG = 5, SO_ATT = 8;
export const OB_USED = OB_SLOTS + 2 * SLOTS * SLOT_OBS;
export const OB_STACK = OB_USED + 2 * 36 * K;
export const OB_TRIG = OB_STACK + 72 * STACK_FIELDS;
export const OB_END = OB_TRIG + 72 * TRIG_FIELDS;

/** A read-only view of a Diplomatie state for one seat, refreshed per decision into a preallocated buffer. */
export class DipView {
  readonly obs = new Int32Array(OBSERVATION_LENGTH);
  /** The public immutable context: catalogue and knobs (the deck lists are open). */
  cat!: Catalogue;
  options!: DipRuleOptions;
  me = 0;
  op = 1;
  /** Summed aura (Puissance to every creature of a side) per side. */
  readonly auraOf = new Int32Array(2);

  /** Reads the seat's observation of the state through the generic contract. */
  load(game: Game<DipState>, state: DipState, seat: number): void {
    const ctx: DipContext = state.ctx;
    this.cat = ctx.cat;
    this.options = ctx.options;
    this.me = seat;
    this.op = 1 - seat;
    game.observe(state, seat, this.obs);
    for (let q = 0; q < 2; q++) {
      let a = 0;
      for (let s = 0; s < SLOTS; s++) {
        const id = this.topId(q, s);
        if (id >= 0) a += this.cat.aura[id]!;
      }
      this.auraOf[q] = a;
    }
  }

  h(i: number): number {
    return this.obs[i]!;
  }
  get phase(): number { return this.obs[H_PHASE]!; }
  get active(): number { return this.obs[H_ACTIVE]!; }
  get turn(): number { return this.obs[H_TURN]!; }
  pv(p: number): number { return this.obs[H_PV + p]!; }
  pd(p: number): number { return this.obs[H_PD + p]!; }
  attacked(p: number): boolean { return this.obs[H_ATTACKED + p] !== 0; }
  deckN(p: number): number { return this.obs[H_DECK_N + p]!; }
  handN(p: number): number { return this.obs[H_HAND_N + p]!; }
  dipN(p: number): number { return this.obs[H_DIP_N + p]!; }
  get stackN(): number { return this.obs[H_STACK_N]!; }
  /** My hand card id at slot h. */
  myHand(h: number): number { return this.obs[OB_MY_HAND + h]!; }
  oppHand(h: number): number { return this.obs[OB_OPP_HAND + h]!; }
  pick(i: number): number { return this.obs[OB_PICKS + i]!; }
  private so(code: number): number { return OB_SLOTS + code * SLOT_OBS; }
  topId(q: number, s: number): number { return this.obs[this.so(q * SLOTS + s) + SO_TOP]!; }
  topAt(code: number): number { return this.obs[this.so(code) + SO_TOP]!; }
  exhAt(code: number): boolean { return this.obs[this.so(code) + SO_EXH] !== 0; }
  chargesAt(code: number, k: number): number { return this.obs[this.so(code) + SO_CHG + k]!; }
  attachedAt(code: number): number { return this.obs[this.so(code) + SO_ATT]!; }
  isCreatureAt(code: number): boolean {
    const id = this.topAt(code);
    return id >= 0 && this.cat.type[id] === T_CREATURE;
  }
  /** Current Puissance of the creature at code (may be negative), as the engine's `power`. */
  powerAt(code: number): number {
    const b = this.so(code);
    const q = (code / SLOTS) | 0;
    return this.cat.power[this.obs[b + SO_TOP]!]! + this.obs[b + SO_PERM]! + this.obs[b + SO_EOT]! + this.auraOf[q]!;
  }
  stackKind(i: number): number { return this.obs[OB_STACK + i * STACK_FIELDS]!; }
  stackCtrl(i: number): number { return this.obs[OB_STACK + i * STACK_FIELDS + 1]!; }
  stackSrcId(i: number): number { return this.obs[OB_STACK + i * STACK_FIELDS + 2]!; }
  stackAbil(i: number): number { return this.obs[OB_STACK + i * STACK_FIELDS + 3]!; }
  stackTcode(i: number): number { return this.obs[OB_STACK + i * STACK_FIELDS + 4]!; }
}
