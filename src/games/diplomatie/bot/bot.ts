// The Diplomatie heuristic bot. It decodes the legal actions (the bands of actions.ts) and
// scores each with cheap arithmetic over what its seat may know — no search, no clone, no
// allocation per decision — then plays the best score, ties broken by its own seeded stream.
// Scores are in points (the card budget's unit: 1 = one Puissance, a card about 12, a PD
// about 24) weighted by a profile (profiles/NAME.json). An effect is scored by the scorer of
// its verb (scorers.ts); this file scores what is not an effect: playing creatures, Extra
// Play and evolution, attacks and defences, the costs paid from the hand.
//
// Information hiding: the bot reads the position only through DipView, which is the seat's
// `observe` (§12): its own hand, both boards, counts, discards, the stack, and of the
// opponent's hand only how many cards are Diplomacy cards and which creatures were shown.
import type { Game } from '../../../core/game.ts';
import { SeededRng } from '../../../core/rng.ts';
import type { Bot } from '../../../../bots/bot.ts';
import type { RolloutPolicy } from '../../../../bots/mcts.ts';
import {
  A_ATTACH, A_ATTACK, A_CAST, A_DEFEND, A_EVOLVE, A_EXTRA, A_LIGHT, A_PASS, A_PLAY, A_TARGET, A_YES, MAX_LEGAL,
} from '../actions.ts';
import {
  K_QUICK, K_TRIGGERED, L_CHARGES, L_UNLIMITED, M_ATTACKS, M_ENTERS, M_IS_ATTACKED, MAX_EFFECTS, SIDE_OPP, SIDE_OWN, ST_EXHAUSTED, ST_READY,
  T_CREATURE, T_KINGDOM, TG_CREATURE, TG_HAND, TG_NONE, TG_SELF, V_DESTROY, V_DOUBLE, V_GAIN_PD, V_POWER,
  type Catalogue,
} from '../catalogue/compile.ts';
import {
  K, PH_DEFEND, PH_MAIN, PH_OPTIONAL, PH_ORDER, PH_PICK, PH_TARGET, PH_WINDOW, SK_ATTACK, SLOTS, TC_HAND, WC_END,
  type DipState,
} from '../state.ts';
import { loadDipProfile, type DipProfile } from './profile.ts';
import { scoreEffects, type ScoreContext } from './scorers.ts';
import {
  DipView, H_ATK_ON, H_ATK_PLAYER, H_ATK_SLOT, H_ATK_TCODE, H_PEND_ABIL, H_TRIG_N, H_WCTX, OB_ATK_ID, OB_PEND_SRC_ID, OB_TRIG,
} from './view.ts';

const EPS = 1e-9;

/** Static worths of the catalogue's cards, computed once per catalogue. */
interface CardInfo {
  /** Creatures: what the abilities add to the body, by the budget (README): the level's body minus the printed Puissance. */
  abilityWorth: Float64Array;
  /** What keeping the card in hand is worth relative to other cards (lowest is attached or discarded first). */
  keep: Float64Array;
  /** Puissance a creature gains when it attacks / is attacked (its own triggers). */
  onAttack: Int16Array;
  onAttacked: Int16Array;
}
const INFO = new WeakMap<Catalogue, CardInfo>();

function cardInfo(cat: Catalogue): CardInfo {
  let I = INFO.get(cat);
  if (I) return I;
  const n = cat.size;
  I = { abilityWorth: new Float64Array(n), keep: new Float64Array(n), onAttack: new Int16Array(n), onAttacked: new Int16Array(n) };
  for (let id = 0; id < n; id++) {
    const t = cat.type[id]!;
    if (t === T_CREATURE) {
      const L = cat.level[id]!;
      I.abilityWorth[id] = 0.7 * Math.max(0, 20 + 13 * (L - 1) - cat.power[id]!);
      I.keep[id] = L === 1 ? 14 : 8 + 2 * L; // high levels are hard to pay for
    } else I.keep[id] = cat.quickCard[id] === 1 ? 16 : 14;
    for (let k = 0; k < cat.numAbilities[id]!; k++) {
      const a = id * K + k;
      for (let e = 0; e < MAX_EFFECTS; e++) {
        const x = a * MAX_EFFECTS + e;
        if (cat.eVerb[x] === V_GAIN_PD) I.keep[id] = 40; // a PD in hand
        if (cat.aKind[a] === K_TRIGGERED && cat.aTarget[a] === TG_SELF && cat.eVerb[x] === V_POWER) {
          if (cat.aWhen[a] === M_ATTACKS) I.onAttack[id] += cat.eAmount[x]!;
          if (cat.aWhen[a] === M_IS_ATTACKED) I.onAttacked[id] += cat.eAmount[x]!;
        }
      }
    }
  }
  INFO.set(cat, I);
  return I;
}

export class DipHeuristicBot implements Bot<DipState>, RolloutPolicy<DipState>, ScoreContext {
  readonly name = 'heuristic';
  readonly v = new DipView();
  private readonly rng: SeededRng;
  private readonly scores = new Float64Array(MAX_LEGAL);
  private I!: CardInfo;
  private cat!: Catalogue;

  // ---- per decision (prepare) ----
  private myCreatures = 0;
  private oppCreatures = 0;
  private oppShroudAll = false;
  /** The opponent can destroy an exhausted creature at instant speed from its board. */
  private oppKillsExhausted = false;
  /** Puissance the opponent may add to a defender: its visible quick pumps and unknown hand cards. */
  private oppPump = 0;
  private oppDoubles = false;
  inFight = false;
  fightAtk = -1;
  fightDef = -1;
  fightBase = 0;
  private boostAtk = 0;
  private boostDef = 0;

  constructor(seed: number, readonly P: DipProfile) {
    this.rng = new SeededRng(seed);
  }

  choose(game: Game<DipState>, state: DipState, legal: Int32Array, n: number): number {
    if (n <= 1) return legal[0]!;
    const sc = this.scores;
    this.explain(game, state, legal, n, sc);
    let best = -Infinity, bestA = legal[0]!, ties = 0;
    for (let i = 0; i < n; i++) {
      const s = sc[i]!;
      if (s > best + EPS) {
        best = s;
        bestA = legal[i]!;
        ties = 1;
      } else if (s >= best - EPS) {
        ties++;
        if (this.rng.int(ties) === 0) bestA = legal[i]!;
      }
    }
    return bestA;
  }

  /** As a policy for search (ISMCTS's prior): the scores of legal[0..n). */
  score(game: Game<DipState>, state: DipState, legal: Int32Array, n: number, out: Float64Array): void {
    this.explain(game, state, legal, n, out);
  }

  /** The scores the bot gives legal[0..n) in this state (tests, tuning). */
  explain(game: Game<DipState>, state: DipState, legal: Int32Array, n: number, out: Float64Array): void {
    this.prepare(game, state);
    const v = this.v;
    switch (v.phase) {
      case PH_MAIN:
      case PH_WINDOW:
        for (let i = 0; i < n; i++) out[i] = this.scoreAct(legal[i]!);
        return;
      case PH_PICK:
        for (let i = 0; i < n; i++) out[i] = -this.I.keep[v.myHand(legal[i]! - A_ATTACH)]!;
        return;
      case PH_TARGET: {
        const a = v.h(OB_PEND_SRC_ID) * K + v.h(H_PEND_ABIL);
        for (let i = 0; i < n; i++) out[i] = scoreEffects(this, a, legal[i]! - A_TARGET);
        return;
      }
      case PH_DEFEND:
        for (let i = 0; i < n; i++) out[i] = this.defendValue(legal[i]! - A_DEFEND);
        return;
      case PH_OPTIONAL: {
        const a = v.h(OB_PEND_SRC_ID) * K + v.h(H_PEND_ABIL);
        for (let i = 0; i < n; i++) out[i] = legal[i] === A_YES ? this.bestTarget(a, -1) : 0;
        return;
      }
      case PH_ORDER:
      default:
        for (let i = 0; i < n; i++) out[i] = 0;
    }
  }

  // ======================= reading the position =======================

  private prepare(game: Game<DipState>, state: DipState): void {
    const v = this.v;
    v.load(game, state, game.currentPlayer(state));
    if (this.cat !== v.cat) {
      this.cat = v.cat;
      this.I = cardInfo(v.cat);
    }
    const cat = this.cat;
    const me = v.me, op = v.op;
    this.myCreatures = this.oppCreatures = 0;
    this.oppShroudAll = this.oppKillsExhausted = this.oppDoubles = false;
    let pump = 0;
    for (let q = 0; q < 2; q++) {
      for (let s = 0; s < SLOTS; s++) {
        const code = q * SLOTS + s;
        const id = v.topAt(code);
        if (id < 0) continue;
        if (cat.type[id] === T_CREATURE) {
          if (q === me) this.myCreatures++;
          else this.oppCreatures++;
        }
        if (q !== op) continue;
        if (cat.shroudAllies[id] === 1) this.oppShroudAll = true;
        for (let k = 0; k < cat.numAbilities[id]!; k++) {
          const a = id * K + k;
          if (cat.aKind[a] !== K_QUICK || (cat.aLimit[a] === L_CHARGES && v.chargesAt(code, k) <= 0)) continue;
          const verb = cat.eVerb[a * MAX_EFFECTS]!;
          if (verb === V_DESTROY && cat.aState[a] === ST_EXHAUSTED) this.oppKillsExhausted = true;
          if (verb === V_POWER && cat.aSide[a] === SIDE_OWN) pump += cat.eAmount[a * MAX_EFFECTS]!;
          if (verb === V_DOUBLE && cat.aSide[a] === SIDE_OWN) this.oppDoubles = true;
        }
      }
    }
    let unknown = 0;
    for (let h = 0; h < v.handN(op); h++) if (v.oppHand(h) === -2) unknown++;
    this.oppPump = pump + this.P.oppTrick * unknown;
    // The pending fight, with the Puissance changes already on the stack above it.
    this.inFight = v.h(H_ATK_ON) === 1 && v.h(OB_ATK_ID) >= 0;
    this.boostAtk = this.boostDef = 0;
    if (this.inFight) {
      this.fightAtk = v.h(H_ATK_PLAYER) * SLOTS + v.h(H_ATK_SLOT);
      this.fightDef = v.h(H_ATK_TCODE);
      for (let i = 0; i < v.stackN; i++) {
        if (v.stackKind(i) === SK_ATTACK) continue;
        const a = v.stackSrcId(i) * K + v.stackAbil(i);
        const t = v.stackTcode(i);
        if (t !== this.fightAtk && t !== this.fightDef) continue;
        for (let e = 0; e < MAX_EFFECTS; e++) {
          const x = a * MAX_EFFECTS + e;
          const d = cat.eVerb[x] === V_POWER ? cat.eAmount[x]! : cat.eVerb[x] === V_DOUBLE ? Math.max(0, v.powerAt(t)) : 0;
          if (t === this.fightAtk) this.boostAtk += d;
          else this.boostDef += d;
        }
      }
      // The attacker's own "when it attacks" trigger, still waiting to be stacked.
      const atkId = v.h(OB_ATK_ID);
      for (let i = 0; i < v.h(H_TRIG_N); i++) {
        if (v.h(OB_TRIG + i * 3 + 1) === atkId && cat.aWhen[atkId * K + v.h(OB_TRIG + i * 3 + 2)] === M_ATTACKS) this.boostAtk += this.I.onAttack[atkId]!;
      }
      this.fightBase = this.fightWith(0, 0, -1, -1, -1);
    } else {
      this.fightAtk = this.fightDef = -1;
      this.fightBase = 0;
    }
  }

  // ======================= values (ScoreContext) =======================

  pvLoss(p: number, n: number): number {
    if (n === 0) return 0;
    const v = this.v;
    const pv = v.pv(p);
    const start = v.options.startPV;
    const near = 1 + this.P.urgency * Math.max(0, 1 - pv / start);
    if (p === v.op) return n > 0 && pv - n <= 0 ? this.P.win : this.P.pv * n * near;
    return n > 0 && pv - n <= 0 ? -this.P.win : -this.P.pvKeep * n * near;
  }

  pdGain(p: number, n: number): number {
    if (n === 0) return 0;
    const v = this.v;
    const target = v.options.pdToWin;
    const pd = v.pd(p);
    const val = pd + n >= target ? this.P.win : this.P.pd * n * (1 + (this.P.urgency * pd) / target);
    return p === v.me ? val : -val;
  }

  worthAt(code: number): number {
    const id = this.v.topAt(code);
    return this.P.board * Math.max(0, this.v.powerAt(code)) + this.I.abilityWorth[id]!;
  }

  beforeAttacks(p: number): boolean {
    const v = this.v;
    if (v.options.firstTurnNoAttack && v.turn === 1) return false; // R11
    return v.active === p && v.h(H_WCTX) !== WC_END;
  }

  enterValue(id: number): number {
    const cat = this.cat;
    const v = this.v;
    let val = 0;
    let others = this.myCreatures;
    if (cat.type[id] === T_CREATURE) {
      val += this.P.board * Math.max(0, cat.power[id]! + v.auraOf[v.me]!) + this.I.abilityWorth[id]!;
      others++; // an aura counts its own carrier
      if (cat.shroudSelf[id] === 1) val += 4;
    } else if (cat.type[id] === T_KINGDOM) val += this.P.kingdom * this.P.card * (1 + cat.extraCost[id]!);
    val += cat.aura[id]! * others * this.P.board;
    if (cat.shroudAllies[id] === 1) val += 3 * others;
    for (let k = 0; k < cat.numAbilities[id]!; k++) {
      const a = id * K + k;
      if (cat.aKind[a] === K_TRIGGERED && cat.aWhen[a] === M_ENTERS) {
        const t = this.bestTarget(a, -1);
        val += cat.aOptional[a] === 1 ? Math.max(0, t) : t;
      }
    }
    return val;
  }

  /** Value to me of an attack of Puissance pa on a defender of Puissance pt (R21, R23). */
  private outcome(atkCode: number, pa: number, defOwner: number, defWorth: number, pt: number, defExh: boolean): number {
    const op = this.v.op;
    const atkOwner = (atkCode / SLOTS) | 0;
    const aw = this.worthAt(atkCode);
    if (pa > pt) return defExh ? this.killed(defOwner, defWorth) : (defOwner === op ? 1 : -1) * this.P.exhaustOpp * defWorth;
    if (pa === pt) return this.killed(defOwner, defWorth) + this.killed(atkOwner, aw);
    return this.killed(atkOwner, aw);
  }

  /** Value to me of a creature of q worth w being destroyed. */
  private killed(q: number, w: number): number {
    return q === this.v.op ? this.P.kill * w : -this.P.lose * w;
  }

  fightWith(dAtk: number, dDef: number, defExh: number, gone: number, newDef: number): number {
    if (!this.inFight || gone === this.fightAtk) return 0;
    const v = this.v;
    let def = this.fightDef;
    if (gone >= 0 && gone === def) def = v.options.lostTargetMakesDirect ? -1 : -2;
    const atkOwner = (this.fightAtk / SLOTS) | 0;
    const pa = Math.max(0, v.powerAt(this.fightAtk) + this.boostAtk + dAtk);
    if (newDef >= 0 && def === -1) {
      const pt = Math.max(0, this.cat.power[newDef]! + v.auraOf[1 - atkOwner]!);
      const w = this.P.board * pt + this.I.abilityWorth[newDef]!;
      return this.outcome(this.fightAtk, pa, 1 - atkOwner, w, pt, false);
    }
    if (def === -2) return 0;
    if (def === -1) return this.pvLoss(1 - atkOwner, pa);
    const pt = Math.max(0, v.powerAt(def) + this.boostDef + dDef);
    const exh = defExh === -1 ? v.exhAt(def) : defExh === 1;
    return this.outcome(this.fightAtk, pa, (def / SLOTS) | 0, this.worthAt(def), pt, exh);
  }

  // ======================= targets =======================

  /** D34 over the view: may my ability a choose the creature at code? */
  private targetOk(a: number, code: number): boolean {
    const v = this.v;
    if (!v.isCreatureAt(code)) return false;
    const cat = this.cat;
    const q = (code / SLOTS) | 0;
    const side = cat.aSide[a]!;
    if (side === SIDE_OWN && q !== v.me) return false;
    if (side === SIDE_OPP && q === v.me) return false;
    const exh = v.exhAt(code);
    const st = cat.aState[a]!;
    if (st === ST_READY && exh) return false;
    if (st === ST_EXHAUSTED && !exh) return false;
    if (q !== v.me && (this.oppShroudAll || cat.shroudSelf[v.topAt(code)] === 1)) return false;
    return true;
  }

  /** The value of my ability a at its best target (selfCode: where its card sits, -1 if not in play). */
  private bestTarget(a: number, selfCode: number): number {
    const cat = this.cat;
    const v = this.v;
    switch (cat.aTarget[a]) {
      case TG_NONE: return scoreEffects(this, a, -1);
      case TG_SELF: return selfCode >= 0 ? scoreEffects(this, a, selfCode) : 0;
      case TG_CREATURE: {
        let best = -Infinity;
        for (let c = 0; c < 2 * SLOTS; c++) if (this.targetOk(a, c)) best = Math.max(best, scoreEffects(this, a, c));
        return best === -Infinity ? 0 : best;
      }
      case TG_HAND: {
        let best = -Infinity;
        const hn = v.handN(v.me);
        for (let h = 0; h < hn; h++) {
          const id = v.myHand(h);
          if (cat.type[id] === T_CREATURE && cat.level[id]! <= cat.aMaxLevel[a]!) best = Math.max(best, scoreEffects(this, a, TC_HAND + h));
        }
        return best === -Infinity ? 0 : best;
      }
    }
    return 0;
  }

  // ======================= acts of the main step and windows =======================

  private scoreAct(action: number): number {
    const v = this.v;
    const cat = this.cat;
    const P = this.P;
    if (action === A_PASS) return 0;
    if (action < A_EXTRA) return this.enterValue(v.myHand(action - A_LIGHT)) - P.card;
    if (action < A_EVOLVE) {
      const id = v.myHand(action - A_EXTRA);
      return this.enterValue(id) - P.card - cat.level[id]! * P.card * P.attach;
    }
    if (action < A_PLAY) {
      const x = action - A_EVOLVE;
      const id = v.myHand((x / 36) | 0);
      const code = v.me * SLOTS + (x % 36);
      const old = v.topAt(code);
      const dAura = cat.aura[id]! - cat.aura[old]!;
      return P.board * (cat.power[id]! - cat.power[old]! + dAura * this.myCreatures) + this.I.abilityWorth[id]! - this.I.abilityWorth[old]! - P.card;
    }
    if (action < A_CAST) {
      const id = v.myHand(action - A_PLAY);
      const cost = P.card * (1 + cat.extraCost[id]!);
      if (cat.type[id] === T_KINGDOM) return this.enterValue(id) - cost;
      let val = this.bestTarget(id * K, -1) - cost;
      if (cat.quickCard[id] === 1 && !this.inFight && v.phase === PH_MAIN) val -= P.hold; // better kept for a window
      return val;
    }
    if (action < A_ATTACK) {
      const x = action - A_CAST;
      const s = (x / K) | 0, k = x - s * K;
      const code = v.me * SLOTS + s;
      const id = v.topAt(code);
      const a = id * K + k;
      let val = this.bestTarget(a, code) - cat.aDiscard[a]! * P.card;
      if (cat.aLimit[a] === L_CHARGES) val -= 3; // a charge spent is gone for good
      else if (cat.aLimit[a] !== L_UNLIMITED) val -= 0.5; // a use for nothing spends the turn's use: passing is better
      if (cat.aExhaust[a] === 1 && cat.type[id] === T_CREATURE) {
        const w = this.worthAt(code);
        val -= 0.3 * P.exhaustOpp * w + (this.oppKillsExhausted ? 0.7 * P.lose * w : 0);
      }
      return val;
    }
    return this.attackValue(action - A_ATTACK);
  }

  /** Declaring an attack with my slot s: the opponent picks the defender that suits it best (R22). */
  private attackValue(s: number): number {
    const v = this.v;
    const P = this.P;
    const me = v.me, op = v.op;
    const code = me * SLOTS + s;
    const pa = Math.max(0, v.powerAt(code) + this.I.onAttack[v.topAt(code)]!);
    let val: number;
    if (this.oppCreatures === 0) val = this.pvLoss(op, pa);
    else {
      val = Infinity;
      for (let t = 0; t < SLOTS; t++) {
        const dc = op * SLOTS + t;
        if (!v.isCreatureAt(dc)) continue;
        const base = Math.max(0, v.powerAt(dc) + this.I.onAttacked[v.topAt(dc)]!);
        const pt = base + this.oppPump + (this.oppDoubles ? base : 0);
        val = Math.min(val, this.outcome(code, pa, op, this.worthAt(dc), pt, v.exhAt(dc)));
      }
    }
    if (this.oppKillsExhausted) val -= 0.7 * P.lose * this.worthAt(code); // it stays exhausted in my windows
    // R10: the first attack of the turn forgoes the restraint PD and the Diplomacy card.
    if (!v.attacked(me) && v.options.restraintPd > 0) {
      const dipCard = v.options.restraintDiplomacyCard && v.dipN(me) > 0 ? P.card : 0;
      val -= P.restraint * (this.pdGain(me, v.options.restraintPd) + dipCard);
    }
    return val + P.attackBias;
  }

  /** Receiving the pending attack with my creature at slot s. */
  private defendValue(s: number): number {
    const v = this.v;
    const def = v.me * SLOTS + s;
    const atk = this.fightAtk;
    if (atk < 0) return 0;
    const pa = Math.max(0, v.powerAt(atk) + this.boostAtk);
    const pt = Math.max(0, v.powerAt(def) + this.I.onAttacked[v.topAt(def)]!);
    return this.outcome(atk, pa, v.me, this.worthAt(def), pt, v.exhAt(def));
  }
}

/** A heuristic bot for a seat, from its own seed and a shipped profile (default: "default"). */
export function makeDipHeuristicBot(seed: number, profile = 'default'): DipHeuristicBot {
  return new DipHeuristicBot(seed, loadDipProfile(profile));
}
