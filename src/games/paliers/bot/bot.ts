// A heuristic Paliers bot: every legal action is scored from the public table and the seat's
// own hand only (never the deck order or the opponent's hand), with one scorer per verb
// (scorers.ts) weighted by a JSON profile; combat choices follow the profile's habits.
import {
  A_ASSIGN, A_ASSIGN_REST, A_BLOCK, A_DECLARE, A_DESTROY, A_DISCARD, A_FREEZE, A_ORDER, A_PASS, A_PLAY, A_RETURN, A_SACRIFICE,
  A_SET_ASIDE, A_TARGET, A_USE,
} from '../actions.ts';
import { MAX_ABILITIES, MAX_EFFECTS, T_CHARACTER, T_LEVELUP, T_PLACE, TG_NONE, TG_SELF, V_ATQ, V_NONE, V_PV, W_ACTIVATED, W_ENTER, W_EOT, W_PLAY, W_STATIC } from '../catalogue/compile.ts';
import { VERBS } from '../catalogue/schema.ts';
import type { Paliers } from '../game.ts';
import { atqOf, canBlock, capOf, curPvOf, decider, totalLevel } from '../rules.ts';
import {
  INST, K, O_ACTIVE, O_ATK, O_BLK_CUR, O_FROZEN, O_IN_COMBAT, O_BLOCKED, O_HAND, O_OVL, O_OWN_GAINS, O_PEND_ABIL, O_PEND_SRC, O_PHASE, O_PV, O_SPLIT_DEALER, O_STAGE, O_TURN,
  O_ZONE, OV_DEATH_ORDER, OV_DESTROY, OV_RETURN, OV_TARGET, PalState, PH_ATTACK, PH_BLOCK, PH_DISCARD, PH_SPLIT, PH_WINDOW, ST_COMBAT, Z_CHAR,
} from '../state.ts';
import type { Profile } from './profile.ts';
import { cardValue, charValue, SCORER_BY_CODE } from './scorers.ts';

const NUM_INST = 2 * INST;

export class PalBot {
  private readonly buf: Int32Array;
  private readonly taken = new Uint8Array(INST);
  constructor(readonly game: Paliers, readonly profile: Profile) {
    this.buf = new Int32Array(game.maxLegalActions);
  }

  /** The chosen legal action for the player to move. */
  choose(st: PalState): number {
    const n = this.game.legalActions(st, this.buf);
    if (n === 1) return this.buf[0]!;
    let best = this.buf[0]!, bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = this.scoreAction(st, this.buf[i]!);
      if (s > bestScore) {
        bestScore = s;
        best = this.buf[i]!;
      }
    }
    return best;
  }

  /** Weighted effects of ability k of card `id` from source `src`, on target `t` (or the best target when t < 0). */
  private ability(st: PalState, seat: number, id: number, k: number, src: number, t: number): number {
    const cat = st.ctx.cat, pr = this.profile;
    const ai = id * MAX_ABILITIES + k;
    const tg = cat.aTarget[ai]!;
    if (t < 0 && tg !== TG_NONE && tg !== TG_SELF) {
      let best = -Infinity;
      for (let g = 0; g < NUM_INST; g++) if (st.ctx.cardOf[g]! >= 0 && st.w[O_ZONE + g]! >= 2) best = Math.max(best, this.ability(st, seat, id, k, src, g));
      return best === -Infinity ? 0 : best;
    }
    const target = tg === TG_SELF ? src : t;
    let s = 0;
    for (let e = 0; e < MAX_EFFECTS; e++) {
      const ei = ai * MAX_EFFECTS + e;
      const v = cat.eVerb[ei]!;
      if (v === V_NONE) break;
      let x = pr.verbs[VERBS[v - 1]!] * SCORER_BY_CODE[v]!(st, seat, cat.eAmount[ei]!, target, pr);
      // An until-end-of-turn ATQ or PV change matters only to a character in this turn's combat.
      if ((v === V_ATQ || v === V_PV) && cat.ePermanent[ei] === 0 && (target < 0 || st.w[O_IN_COMBAT + target] !== 1)) x *= pr.outOfCombatBuff;
      s += x;
    }
    return s;
  }

  private playScore(st: PalState, seat: number, h: number): number {
    const w = st.w, cat = st.ctx.cat, pr = this.profile;
    const g = w[O_HAND + seat * INST + h]!;
    const id = st.ctx.cardOf[g]!;
    const kind = cat.kind[id]!;
    let s = 0;
    const ownTurn = w[O_ACTIVE] === seat;
    if (kind === T_CHARACTER) {
      s += cardValue(st, id, pr);
      s -= pr.capLossFactor * this.capCost(st, seat, totalLevel(st, seat) + cat.level[id]! - capOf(st, seat)); // R24
    }
    for (let k = 0; k < cat.numAbilities[id]!; k++) {
      const when = cat.aWhen[id * MAX_ABILITIES + k]!;
      const a = this.ability(st, seat, id, k, g, -1);
      if (when === W_PLAY || when === W_ENTER || when === W_STATIC) s += a;
      else if (when === W_EOT) s += 3 * a;
      else if (when === W_ACTIVATED) s += 2 * a;
    }
    if (kind === T_LEVELUP) {
      s += pr.verbs.gainLevel * cat.levels[id]!;
      // R22: a second own-turn gain before combat would end the turn.
      if (ownTurn && w[O_OWN_GAINS + seat]! + cat.levels[id]! >= st.ctx.options.turnEndingGain && w[O_STAGE]! <= ST_COMBAT) s -= 8;
    }
    if (kind === T_PLACE && s === 0) s = 1;
    return s;
  }

  /** What R24 would destroy to free `excess` levels: the cheapest own characters first, by value. */
  private capCost(st: PalState, seat: number, excess: number): number {
    if (excess <= 0) return 0;
    const w = st.w, cat = st.ctx.cat, pr = this.profile;
    let cost = 0;
    const taken = this.taken;
    taken.fill(0);
    while (excess > 0) {
      let pick = -1, pickValue = Infinity;
      for (let g = seat * INST; g < (seat + 1) * INST; g++) {
        if (w[O_ZONE + g] !== Z_CHAR || taken[g - seat * INST] === 1) continue;
        const v = charValue(st, g, pr) / cat.level[st.ctx.cardOf[g]!]!;
        if (v < pickValue) {
          pickValue = v;
          pick = g;
        }
      }
      if (pick < 0) return 1000;
      taken[pick - seat * INST] = 1;
      cost += charValue(st, pick, pr);
      excess -= cat.level[st.ctx.cardOf[pick]!]!;
    }
    return cost;
  }

  scoreAction(st: PalState, a: number): number {
    const w = st.w, cat = st.ctx.cat, pr = this.profile;
    const seat = decider(w);
    const opp = 1 - seat;
    const ovl = w[O_OVL]!;
    if (ovl === OV_TARGET) {
      const src = w[O_PEND_SRC]!;
      return this.ability(st, seat, st.ctx.cardOf[src]!, w[O_PEND_ABIL]!, src, a - A_TARGET);
    }
    if (ovl === OV_DESTROY) return -charValue(st, seat * INST + a - A_DESTROY, pr);
    if (ovl === OV_RETURN) return charValue(st, seat * INST + a - A_RETURN, pr);
    if (ovl === OV_DEATH_ORDER) return -(a - A_ORDER); // no shipped death trigger depends on another's outcome
    const ph = w[O_PHASE]!;
    if (ph === PH_WINDOW) {
      if (a === A_PASS) return pr.playThreshold;
      if (a < A_USE) return this.playScore(st, seat, a - A_PLAY);
      if (a < A_SACRIFICE) {
        const x = a - A_USE;
        const g = seat * INST + ((x / K) | 0);
        const id = st.ctx.cardOf[g]!;
        let s = this.ability(st, seat, id, x % K, g, -1);
        if (cat.aCostSac[id * MAX_ABILITIES + (x % K)]) s -= charValue(st, g, pr) * 0.8;
        return s;
      }
      if (a < A_FREEZE) return -charValue(st, seat * INST + a - A_SACRIFICE, pr);
      return charValue(st, opp * INST + a - A_FREEZE, pr) / 3;
    }
    if (ph === PH_ATTACK) return this.attackScore(st, seat, a);
    if (ph === PH_BLOCK) {
      if (a === A_PASS) return 0;
      const b = w[O_BLK_CUR]!, at = opp * INST + a - A_BLOCK;
      const survives = curPvOf(st, b) > atqOf(st, at);
      const kills = atqOf(st, b) >= curPvOf(st, at);
      const low = w[O_PV + seat]! <= pr.blockWhenPvBelow;
      // R32: blocking an unblocked attacker saves 1 + ⌊turn/2⌋ PV (counted once per attacker).
      const saved = w[O_BLOCKED + at] === 1 ? 0 : pr.pvValue * (1 + Math.floor(w[O_TURN]! / 2));
      // A losing block is refused unless the PV it saves are worth more than the blocker (late turns).
      if (pr.blockOnlyIfSurvivesOrKills && !survives && !kills && !low && saved < charValue(st, b, pr)) return -1;
      return saved + (kills ? charValue(st, at, pr) : 0) - (survives ? 0 : charValue(st, b, pr)) + (low ? 10 : 0) + 0.1;
    }
    if (ph === PH_SPLIT) {
      const x = (1 - seat) * INST + (a >= A_ASSIGN_REST ? a - A_ASSIGN_REST : a - A_ASSIGN);
      // All of it on the weakest: the one most likely to die.
      return (a >= A_ASSIGN_REST ? 1 : 0) - curPvOf(st, x);
    }
    if (ph === PH_DISCARD) {
      const id = st.ctx.cardOf[w[O_HAND + seat * INST + a - A_DISCARD]!]!;
      return -(cat.kind[id] === T_CHARACTER ? cardValue(st, id, pr) : this.playScore(st, seat, a - A_DISCARD));
    }
    if (a >= A_ORDER && a < A_SET_ASIDE) return -(a - A_ORDER);
    return a === A_PASS ? 1 : 0; // the mulligan: keep
  }

  /**
   * Declares attackers with enough ATQ, keeping home the sturdiest characters: as many as the
   * opponent has characters that could attack next turn, times the profile's factor (R30: an
   * attacker cannot block next turn, and every unblocked attacker costs 1 + ⌊turn/2⌋, R32).
   */
  private attackScore(st: PalState, seat: number, a: number): number {
    const w = st.w, pr = this.profile;
    if (a === A_PASS) return 0;
    const g = seat * INST + a - A_DECLARE;
    if (atqOf(st, g) < pr.attackMinAtq) return -1;
    // Opposing characters that can attack next turn: one frozen by this seat stays frozen through it (R36).
    let oppChars = 0;
    for (let x = (1 - seat) * INST; x < (2 - seat) * INST; x++) if (w[O_ZONE + x] === Z_CHAR && w[O_FROZEN + x] !== seat + 1) oppChars++;
    const hold = Math.max(oppChars > 0 ? pr.holdBackBlockers : 0, Math.ceil(oppChars * pr.holdBackPerOpposingCharacter));
    if (hold === 0) return 1;
    let sturdier = 0, home = 0;
    for (let x = seat * INST; x < (seat + 1) * INST; x++) {
      if (x === g || w[O_ZONE + x] !== Z_CHAR || w[O_ATK + x] === 1) continue;
      home++;
      if (curPvOf(st, x) > curPvOf(st, g) || (curPvOf(st, x) === curPvOf(st, g) && x < g)) sturdier++;
    }
    if (sturdier >= hold) return 1;
    // No opposing character that can block now could kill it alone: it may go while enough others stay home.
    if (pr.attackWhenSafe && home >= hold) {
      for (let x = (1 - seat) * INST; x < (2 - seat) * INST; x++) if (canBlock(st, x) && atqOf(st, x) >= curPvOf(st, g)) return -1;
      return 1;
    }
    return -1;
  }
}
