// A heuristic Seuils bot: one scorer per verb (profiles.json gives the weights), greedy over
// the legal actions of the current decision. It reads only what its seat may know: its own
// hand, the cards in play, the counts; never the opponent's hand or any deck order.
//
// Combat decisions forecast the fight by speed groups (combat.ts): an attack is planned as a
// group whose value, against no block and against the opponent's best single or full block,
// beats holding back, counting what the characters sent leave open on the opponent's next
// turn; a defence is the group of defenders that loses least, keeping blockers for the
// attacker's characters still ready. Tactics and abilities are scored by what their effect
// changes: in a combat, by forecasting the rest of the combat with and without it.
import {
  A_ASSIGN, A_ASSIGN_REST, A_ATTACK, A_BOTTOM, A_DECLARE, A_DONE, A_DRAW, A_END_TURN, A_PASS, A_PLAY,
  A_PLAY_RESOURCE, A_TARGET, A_TARGET_FACTION, A_TARGET_LOCATION, A_USE,
} from '../actions.ts';
import {
  MAX_ABILITIES, MAX_EFFECTS, NT, T_CHARACTER, T_FACTION, T_ITEM, T_RESOURCE, T_TACTIC, TG_CHAR, TG_CHARLOC, TG_HOST,
  TG_ITEMLOC, TG_SELF, TM_MAIN, V_CONSUME, V_DAMAGE, V_DAMAGE_FACTION, V_DESTROY, V_DRAW, V_FETCH, V_LIFE, V_PREVENT, V_RESTORE, V_SPEED, V_STRENGTH,
} from '../catalogue/compile.ts';
import { VERBS } from '../catalogue/schema.ts';
import { iconsOf, lifeOf, readyResources, strengthOf, targetOk, typeOf } from '../rules.ts';
import {
  C_ATTACKER, C_DEFENDER, INST, NUM_INST, O_ACTIVE, O_ASG_LEFT, O_ATK_ON, O_ATK_TARGET, O_COMBAT, O_CONS, O_DECL_LAST, O_DMG, O_ENTERED, O_HAND, O_HAND_N,
  O_HOST, O_INFL, O_LOCK, O_PEND, O_PEND_K, O_PEND_SRC, O_PHASE, O_STACK_N, O_TURN, O_WCTX, O_ZONE, P_CARD, PH_DECLARE_ATK, PH_DECLARE_DEF, PH_TARGET, PH_WINDOW,
  type SeuilsState, WC_ATK, WC_END, WC_PRE_ASSIGN, WC_PRE_DEAL, Z_PLAY,
} from '../state.ts';
import type { Seuils } from '../game.ts';
import { charValue, CombatSim } from './combat.ts';
// A static JSON import: the simulation's worker bundle inlines it (a path read at run time would not resolve there).
import shippedProfiles from './profiles.json' with { type: 'json' };

export interface SeuilsBotProfile {
  description: string;
  /** Develop with a resource card while fewer than this many resources are in play... */
  resourceTarget: number;
  /** ...but past this many, only when a card in hand needs more resources or icons (else draw). */
  resourceMin: number;
  /** What a point of strength adds to a character's value (a character also counts half its life). */
  strengthValue: number;
  endTurn: number;
  /** Characters, items and locations: the dearest first. */
  permanentPerCost: number;
  /** A point of influence is worth 1 + pressure / (influence left after it): the closer to 0, the dearer. */
  pressure: number;
  /** How much of an attack's value assumes no block (the rest assumes the opponent's best block). */
  unblockedShare: number;
  /** Weight of what an attack leaves open to the opponent's next turn (their characters beyond our blockers). */
  exposure: number;
  /** Weight of what a defence leaves open to the attacker's characters still ready this turn. */
  reserve: number;
  /** Net value an attack must reach over holding back. */
  attackMargin: number;
  /** Cost of a resource spent on a tactic or an ability, and of a tactic card itself. */
  resourceCost: number;
  cardCost: number;
  /** Cost of spending, in our own turn, resources that a response in hand (a tactic usable in the opponent's turn) needs. */
  reserveCost: number;
  /** Weight of each effect verb's value. */
  verbs: Record<string, number>;
}

/** The shipped profiles (profiles.json). */
export function seuilsBotProfiles(): Record<string, SeuilsBotProfile> {
  return shippedProfiles as Record<string, SeuilsBotProfile>;
}

/** What a won game is worth in the forecasts (influence points). */
const WIN = 200;
/** At most this many characters are weighed in a group (2^n groups). */
const MAX_GROUP = 8;

export class SeuilsBot {
  private readonly legal: Int32Array;
  private readonly sim = new CombatSim();
  private readonly cand = new Int32Array(NUM_INST);
  private readonly opp = new Int32Array(NUM_INST);
  private readonly threat = new Int32Array(NUM_INST);
  /** The planned group (1 per instance), for the attack or defence being declared. */
  private readonly plan = new Int8Array(NUM_INST);
  private readonly verbWeight: Float64Array;
  constructor(private readonly game: Seuils, private readonly profile: SeuilsBotProfile = seuilsBotProfiles().greedy!) {
    this.legal = new Int32Array(game.maxLegalActions);
    this.verbWeight = Float64Array.from(VERBS, (v) => profile.verbs[v] ?? 1);
    this.sim.strengthWeight = profile.strengthValue;
  }

  /**
   * D10 develop: a resource card from hand (h) is worth playing while resources are few, or
   * when a card in hand needs more of them or an icon it brings; else a draw is better.
   */
  private resourceValue(st: SeuilsState, seat: number, h: number): number {
    const w = st.w;
    const ctx = this.game.ctx;
    const cat = ctx.cat;
    const id = ctx.cardOf[w[O_HAND + seat * INST + h]!]!;
    let mine = 0;
    for (let g = seat * INST; g < (seat + 1) * INST; g++) if (w[O_ZONE + g] === Z_PLAY && typeOf(st, g) === T_RESOURCE) mine++;
    if (mine >= this.profile.resourceTarget) return 0;
    // D11: a card other than a resource goes face down (no icon): only while resources are few.
    if (cat.type[id] !== T_RESOURCE) return mine < this.profile.resourceMin ? 1.2 + 0.05 * cat.cost[id]! : 0;
    if (mine < this.profile.resourceMin) return 2;
    const icon = cat.icon[id]!;
    let need = 0;
    for (let k = 0; k < w[O_HAND_N + seat]!; k++) {
      const c = ctx.cardOf[w[O_HAND + seat * INST + k]!]!;
      if (cat.type[c] === T_RESOURCE) continue;
      if (cat.cost[c]! > mine) need = Math.max(need, 1);
      if (cat.thr[c * NT + icon]! > iconsOf(st, seat, icon)) need = 2;
    }
    return need === 2 ? 2.5 : need === 1 ? 2 : 0.5;
  }

  /** The value of `n` points of influence lost from `infl`. */
  private influenceValue(n: number, infl: number): number {
    if (n <= 0) return 0;
    if (n >= infl) return WIN;
    return n * (1 + this.profile.pressure / (infl - n));
  }

  /** Influence the opponent's characters in `threat[0..m)` would take past our `blockers` best-placed blockers (one absorbs one attacker). */
  private exposed(m: number, blockers: number): number {
    const t = this.threat;
    // Insertion sort, descending (small lists).
    for (let i = 1; i < m; i++) {
      const x = t[i]!;
      let j = i;
      while (j > 0 && t[j - 1]! < x) {
        t[j] = t[j - 1]!;
        j--;
      }
      t[j] = x;
    }
    let e = 0;
    for (let i = blockers; i < m; i++) e += t[i]!;
    return e;
  }

  private isChar(st: SeuilsState, g: number): boolean {
    return st.w[O_ZONE + g] === Z_PLAY && typeOf(st, g) === T_CHARACTER;
  }

  /** Our unconsumed characters outside the combat and not in the plan: blockers for later. */
  private blockersLeft(st: SeuilsState, seat: number): number {
    const w = st.w;
    let b = 0;
    for (let g = seat * INST; g < (seat + 1) * INST; g++) if (this.isChar(st, g) && w[O_CONS + g] === 0 && w[O_COMBAT + g] === 0 && this.plan[g] === 0) b++;
    return b;
  }

  // ---------------- attack (R17) ----------------

  /** Value of the attack forecast in the sim, for the attacker: influence taken, characters lost either side. */
  private attackOutcome(infl: number): number {
    const s = this.sim;
    return this.influenceValue(s.targetDamage, infl) + s.lostValue[1]! - s.lostValue[0]!;
  }

  /**
   * Plans an attack for `seat` (the active player): fills `plan` with the best group and returns
   * its net value over holding back (≤ 0: do not attack). `declaring`: the group is being formed.
   */
  private planAttack(st: SeuilsState, seat: number, declaring: boolean): number {
    const w = st.w;
    const sim = this.sim;
    const p = this.profile;
    const turn = w[O_TURN]!;
    const last = declaring ? w[O_DECL_LAST]! : -1;
    const other = 1 - seat;
    const theirInfl = w[O_INFL + other]!, ourInfl = w[O_INFL + seat]!;
    const toFaction = !declaring || w[O_ATK_TARGET] === other * INST;
    sim.clear();
    let nc = 0, forced = 0;
    for (let g = seat * INST; g < (seat + 1) * INST && nc < MAX_GROUP; g++) {
      if (!this.isChar(st, g)) continue;
      const declared = w[O_COMBAT + g] === C_ATTACKER;
      const can = w[O_COMBAT + g] === 0 && w[O_CONS + g] === 0 && w[O_ENTERED + g]! < turn && g % INST > last;
      if (!declared && !can) continue;
      if (declared) forced |= 1 << nc;
      this.cand[nc++] = g;
      sim.add(st, g, 0);
    }
    let no = 0;
    const needReady = st.ctx.options.defendersNeedReady, needSince = st.ctx.options.defendersNeedSinceStart;
    for (let g = other * INST; g < (other + 1) * INST && no < MAX_GROUP; g++) {
      if (!this.isChar(st, g) || w[O_COMBAT + g] !== 0) continue;
      if ((needReady && w[O_CONS + g] !== 0) || (needSince && w[O_ENTERED + g]! >= turn)) continue;
      this.opp[no++] = g;
      sim.add(st, g, 1);
    }
    sim.freeze();
    // Their next turn: every character of theirs attacks (they restore first).
    let m = 0;
    for (let g = other * INST; g < (other + 1) * INST; g++) if (this.isChar(st, g)) this.threat[m++] = Math.max(0, strengthOf(st, g));
    this.plan.fill(0, seat * INST, (seat + 1) * INST);
    const hold = this.influenceValue(this.exposed(m, this.blockersLeft(st, seat)), ourInfl) * p.exposure;
    let best = -Infinity, bestMask = 0;
    for (let mask = 1; mask < 1 << nc; mask++) {
      if ((mask & forced) !== forced) continue;
      let str = 0;
      for (let i = 0; i < nc; i++) {
        sim.inGroup[i] = (mask >> i) & 1;
        if (sim.inGroup[i]) str += Math.max(0, sim.str[i]!);
      }
      // No block.
      const free = toFaction ? this.influenceValue(str, theirInfl) : 0;
      // The opponent's best block: each single defender, and all of them.
      let worst = free;
      for (let d = 0; d <= no && no > 0; d++) {
        for (let j = 0; j < no; j++) sim.inGroup[nc + j] = d === no || j === d ? 1 : 0;
        sim.run();
        const v = (toFaction ? this.influenceValue(sim.targetDamage, theirInfl) : 0) + sim.lostValue[1]! - sim.lostValue[0]!;
        if (v < worst) worst = v;
      }
      let v = p.unblockedShare * free + (1 - p.unblockedShare) * worst;
      if (worst < WIN) {
        for (let i = 0; i < nc; i++) this.plan[this.cand[i]!] = sim.inGroup[i]!;
        v -= this.influenceValue(this.exposed(m, this.blockersLeft(st, seat)), ourInfl) * p.exposure;
      }
      if (v > best) {
        best = v;
        bestMask = mask;
      }
    }
    this.plan.fill(0, seat * INST, (seat + 1) * INST);
    for (let i = 0; i < nc; i++) if ((bestMask >> i) & 1) this.plan[this.cand[i]!] = 1;
    return best + hold;
  }

  // ---------------- defence (R17 (4), D19) ----------------

  /** Plans the defence of `seat` against the attack under way: fills `plan` with the defenders. */
  private planDefence(st: SeuilsState, seat: number): void {
    const w = st.w;
    const sim = this.sim;
    const p = this.profile;
    const turn = w[O_TURN]!;
    const other = 1 - seat;
    const last = w[O_DECL_LAST]!;
    const ourInfl = w[O_INFL + seat]!;
    const tgt = w[O_ATK_TARGET]!;
    const toFaction = tgt === seat * INST;
    sim.clear();
    for (let g = other * INST; g < (other + 1) * INST; g++) if (this.isChar(st, g) && w[O_COMBAT + g] === C_ATTACKER) sim.add(st, g, 0);
    const na = sim.n;
    let nc = 0, forced = 0;
    const needReady = st.ctx.options.defendersNeedReady, needSince = st.ctx.options.defendersNeedSinceStart;
    for (let g = seat * INST; g < (seat + 1) * INST && nc < MAX_GROUP; g++) {
      if (!this.isChar(st, g)) continue;
      const declared = w[O_COMBAT + g] === C_DEFENDER;
      const can = w[O_COMBAT + g] === 0 && !(needReady && w[O_CONS + g] !== 0) && !(needSince && w[O_ENTERED + g]! >= turn) && g % INST > last;
      if (!declared && !can) continue;
      if (declared) forced |= 1 << nc;
      this.cand[nc++] = g;
      sim.add(st, g, 1);
    }
    sim.freeze();
    // The attacker's characters still able to attack this turn.
    let m = 0;
    for (let g = other * INST; g < (other + 1) * INST; g++) {
      if (this.isChar(st, g) && w[O_COMBAT + g] === 0 && w[O_CONS + g] === 0 && w[O_ENTERED + g]! < turn) this.threat[m++] = Math.max(0, strengthOf(st, g));
    }
    const locLife = toFaction || tgt < 0 ? 0 : lifeOf(st, tgt) - w[O_DMG + tgt]!;
    let best = -Infinity, bestMask = forced;
    for (let mask = 0; mask < 1 << nc; mask++) {
      if ((mask & forced) !== forced) continue;
      for (let i = 0; i < na; i++) sim.inGroup[i] = 1;
      for (let i = 0; i < nc; i++) sim.inGroup[na + i] = (mask >> i) & 1;
      sim.run();
      const taken = sim.targetDamage;
      let v = sim.lostValue[0]! - sim.lostValue[1]!;
      if (toFaction) v -= this.influenceValue(taken, ourInfl);
      else if (taken >= locLife) v -= 2 + st.ctx.cat.cost[st.ctx.cardOf[tgt]!]!;
      if (m > 0 && (!toFaction || taken < ourInfl)) {
        for (let i = 0; i < nc; i++) this.plan[this.cand[i]!] = sim.inGroup[na + i]!;
        const left = toFaction ? ourInfl - taken : ourInfl;
        v -= p.reserve * this.influenceValue(this.exposed(m, this.blockersLeft(st, seat)), left);
      }
      if (v > best) {
        best = v;
        bestMask = mask;
      }
    }
    this.plan.fill(0, seat * INST, (seat + 1) * INST);
    for (let i = 0; i < nc; i++) if ((bestMask >> i) & 1) this.plan[this.cand[i]!] = 1;
  }

  // ---------------- effects: one scorer per verb ----------------

  /** Forecast value of the combat under way for `seat`. */
  private combatValue(st: SeuilsState, seat: number): number {
    const s = this.sim;
    s.run();
    const w = st.w;
    const attacker = w[O_ACTIVE] === seat;
    const tgt = w[O_ATK_TARGET]!;
    const onFaction = tgt >= 0 && tgt % INST === 0;
    if (attacker) return (onFaction ? this.influenceValue(s.targetDamage, w[O_INFL + 1 - seat]!) : 0.3 * s.targetDamage) + s.lostValue[1]! - s.lostValue[0]!;
    return -(onFaction ? this.influenceValue(s.targetDamage, w[O_INFL + seat]!) : 0.3 * s.targetDamage) + s.lostValue[0]! - s.lostValue[1]!;
  }

  /** What effect x (verb, amount) of an ability of `seat` is worth on target g (-1: none), `base` the combat forecast without it. */
  private effectValue(st: SeuilsState, seat: number, x: number, g: number, inCombat: boolean, base: number): number {
    const cat = this.game.ctx.cat;
    const w = st.w;
    const verb = cat.eVerb[x]!, n = cat.eAmount[x]!, perm = cat.ePerm[x] === 1;
    const weight = this.verbWeight[verb - 1]!;
    const ours = g >= 0 && (g >= INST ? 1 : 0) === seat;
    const t = g >= 0 ? typeOf(st, g) : -1;
    // In a combat, a change to a combatant is worth what it changes in the forecast.
    const i = inCombat && g >= 0 ? this.sim.indexOf(g) : -1;
    if (i >= 0 && verb !== V_CONSUME && verb !== V_RESTORE) {
      const s = this.sim;
      let v: number;
      if (verb === V_DESTROY) {
        s.inGroup[i] = 0;
        v = this.combatValue(st, seat) + (s.side[i] === (w[O_ACTIVE] === seat ? 1 : 0) ? s.val[i]! : -s.val[i]!);
        s.inGroup[i] = 1;
      } else {
        const dStr = verb === V_STRENGTH ? n : 0, dSpd = verb === V_SPEED && s.handled[i] === 0 ? n : 0;
        const dLife = verb === V_LIFE ? n : verb === V_DAMAGE ? -n : verb === V_PREVENT ? Math.min(n, w[O_LOCK + g]!) : 0;
        s.modify(i, dStr, dSpd, dLife);
        v = this.combatValue(st, seat);
        s.modify(i, -dStr, -dSpd, -dLife);
      }
      return weight * (v - base) + (perm && verb === V_STRENGTH ? weight * n : 0);
    }
    switch (verb) {
      case V_DRAW:
        return weight * n;
      case V_FETCH:
        return weight;
      case V_DAMAGE_FACTION:
        return weight * this.influenceValue(n, w[O_INFL + 1 - seat]!);
      case V_DAMAGE: {
        if (g < 0) return 0;
        const kills = lifeOf(st, g) - w[O_DMG + g]! - w[O_LOCK + g]! <= n;
        const value = t === T_CHARACTER ? charValue(st, g, this.profile.strengthValue) : 2 + cat.cost[st.ctx.cardOf[g]!]!;
        return kills ? (ours ? -value : weight * value) : -1;
      }
      case V_DESTROY: {
        if (g < 0) return 0;
        const value = t === T_CHARACTER ? charValue(st, g, this.profile.strengthValue) : 2 + cat.cost[st.ctx.cardOf[g]!]!;
        return ours ? -value : weight * value;
      }
      case V_CONSUME:
        if (g < 0 || ours || w[O_CONS + g] !== 0 || w[O_COMBAT + g] !== 0) return -1;
        return weight * Math.max(0, strengthOf(st, g));
      case V_RESTORE:
        if (g < 0 || !ours || w[O_CONS + g] === 0 || t !== T_CHARACTER) return -1;
        return weight * charValue(st, g, this.profile.strengthValue);
      case V_STRENGTH:
        if (g < 0 || !perm) return -1;
        return ours ? weight * n : -weight * n;
      default:
        return -1; // speed, life, prevention outside a combat: gone at the end of the turn
    }
  }

  /** Value of ability a (catalogue index, source instance src) of `seat` on target g, effects summed. */
  private abilityValue(st: SeuilsState, seat: number, a: number, src: number, g: number, inCombat: boolean, base: number): number {
    const cat = this.game.ctx.cat;
    const tg = cat.aTarget[a]!;
    const target = tg === TG_SELF ? src : tg === TG_HOST ? st.w[O_HOST + src]! : g;
    let v = 0;
    for (let e = 0; e < MAX_EFFECTS; e++) {
      const x = a * MAX_EFFECTS + e;
      if (cat.eVerb[x] === 0) break;
      v += this.effectValue(st, seat, x, cat.eVerb[x] === V_DRAW || cat.eVerb[x] === V_FETCH || cat.eVerb[x] === V_DAMAGE_FACTION ? -1 : target, inCombat, base);
    }
    return v;
  }

  private inCombat(st: SeuilsState): boolean {
    const w = st.w;
    const c = w[O_WCTX]!, ph = w[O_PHASE]!;
    return (ph === PH_WINDOW || ph === PH_TARGET) && w[O_ATK_ON] === 1 && (c === WC_ATK || c === WC_PRE_ASSIGN || c === WC_PRE_DEAL);
  }

  /** Best value of ability a of `seat` (source src) over its legal targets, and its target in `bestTarget`. */
  private bestTarget = -1;
  private bestUse(st: SeuilsState, seat: number, a: number, src: number, base: number): number {
    const cat = this.game.ctx.cat;
    const tg = cat.aTarget[a]!;
    const inCombat = this.inCombat(st);
    this.bestTarget = -1;
    if (tg !== TG_CHAR && tg !== TG_CHARLOC && tg !== TG_ITEMLOC) return this.abilityValue(st, seat, a, src, -1, inCombat, base);
    let best = -Infinity;
    for (let g = 0; g < NUM_INST; g++) {
      if (!targetOk(st, seat, a, g)) continue;
      const v = this.abilityValue(st, seat, a, src, g, inCombat, base);
      if (v > best) {
        best = v;
        this.bestTarget = g;
      }
    }
    return best;
  }

  /**
   * What spending `c` resources costs now: nothing at the end of the opponent's turn (ours
   * restore next), more in our own turn when it leaves too few for a response in hand.
   */
  private spendCost(st: SeuilsState, seat: number, c: number, playing: number): number {
    if (c <= 0) return 0;
    const w = st.w;
    if (w[O_ACTIVE] !== seat) return w[O_WCTX] === WC_END && w[O_STACK_N] === 0 ? 0 : this.profile.resourceCost * c;
    const ctx = this.game.ctx;
    const cat = ctx.cat;
    let keep = 0;
    for (let k = 0; k < w[O_HAND_N + seat]!; k++) {
      const g = w[O_HAND + seat * INST + k]!;
      const id = ctx.cardOf[g]!;
      if (g === playing || cat.type[id] !== T_TACTIC || cat.aTiming[id * MAX_ABILITIES] === TM_MAIN) continue;
      const verb = cat.eVerb[id * MAX_ABILITIES * MAX_EFFECTS]!;
      if (verb === V_DRAW || verb === V_FETCH || verb === V_DAMAGE_FACTION) continue;
      keep = Math.max(keep, cat.cost[id]!);
    }
    return this.profile.resourceCost * c + (keep > 0 && readyResources(st, seat) - c < keep ? this.profile.reserveCost : 0);
  }

  // ---------------- the scorer of each action ----------------

  private score(st: SeuilsState, seat: number, action: number, base: number): number {
    const w = st.w;
    const ctx = this.game.ctx;
    const cat = ctx.cat;
    const p = this.profile;
    const phase = w[O_PHASE]!;
    if (action === A_END_TURN) return p.endTurn;
    if (action === A_PASS) return 0;
    if (action === A_DONE) return 0;
    if (action === A_DRAW) return 1;
    if (action === A_ATTACK) return this.planAttack(st, seat, false) > p.attackMargin ? 1.5 : -5;
    if (action === A_TARGET_FACTION) return 10;
    if (action < A_BOTTOM) return 1; // fetch: any that fits
    if (action < A_PLAY_RESOURCE) return -1; // keep the opening hand
    if (action < A_PLAY) return this.resourceValue(st, seat, action - A_PLAY_RESOURCE);
    if (action < A_USE) {
      const src = w[O_HAND + seat * INST + action - A_PLAY]!;
      const id = ctx.cardOf[src]!;
      if (cat.type[id] !== T_TACTIC) return 60 + p.permanentPerCost * cat.cost[id]!;
      return this.bestUse(st, seat, id * MAX_ABILITIES, src, base) - p.cardCost - this.spendCost(st, seat, cat.cost[id]!, src)
        - this.influenceValue(cat.influenceCost[id]!, w[O_INFL + seat]!);
    }
    if (action < A_TARGET_LOCATION) {
      const x = action - A_USE;
      const src = seat * INST + ((x / MAX_ABILITIES) | 0);
      const a = ctx.cardOf[src]! * MAX_ABILITIES + (x % MAX_ABILITIES);
      let v = this.bestUse(st, seat, a, src, base) - this.spendCost(st, seat, cat.aRes[a]!, -1);
      // Consuming a character of ours to pay: it can no longer attack or block.
      if (cat.aSelf[a] === 1 && typeOf(st, src) === T_CHARACTER && w[O_COMBAT + src] === 0) v -= 0.5 * Math.max(0, strengthOf(st, src)) + 0.5;
      return v;
    }
    if (action < A_DECLARE) return 2; // a location is a lesser target than the faction
    if (action < A_ASSIGN) return this.plan[seat * INST + action - A_DECLARE] === 1 ? 10 : -1;
    if (action < A_TARGET) {
      // Damage: the opposing faction first, else exactly what kills the strongest killable card
      // (point by point when points are left over), else the weakest; nothing on a card already dead.
      const rest = action >= A_ASSIGN_REST;
      const r = (1 - seat) * INST + (rest ? action - A_ASSIGN_REST : action - A_ASSIGN);
      if (cat.type[ctx.cardOf[r]!] === T_FACTION) return 100;
      const need = lifeOf(st, r) - w[O_DMG + r]! - w[O_LOCK + r]!, left = w[O_ASG_LEFT]!;
      if (need <= 0) return -10;
      if (need <= left) return need === left ? (rest ? 80 + strengthOf(st, r) : 0) : rest ? 10 : 80 + strengthOf(st, r);
      return 40 - need + (rest ? 1 : 0);
    }
    // An effect's target: an item on our strongest character; else what the effect is worth there.
    const g = action - A_TARGET;
    const src = w[O_PEND_SRC]!;
    if (w[O_PEND] === P_CARD && cat.type[ctx.cardOf[src]!] === T_ITEM) return 100 + Math.max(0, strengthOf(st, g)) + (w[O_CONS + g] === 0 ? 1 : 0);
    const a = ctx.cardOf[src]! * MAX_ABILITIES + (w[O_PEND] === P_CARD ? 0 : w[O_PEND_K]!);
    return this.abilityValue(st, seat, a, src, g, this.inCombat(st), base);
  }

  /** The action this bot plays in `st` (for the seat to move). */
  choose(st: SeuilsState): number {
    const seat = this.game.currentPlayer(st);
    const n = this.game.legalActions(st, this.legal);
    const w = st.w;
    const phase = w[O_PHASE]!;
    if (phase === PH_DECLARE_ATK) this.planAttack(st, seat, true);
    else if (phase === PH_DECLARE_DEF) this.planDefence(st, seat);
    // In a combat, effects are weighed against the forecast of the rest of it.
    let base = 0;
    if (w[O_ATK_ON] === 1 && phase !== PH_DECLARE_ATK && phase !== PH_DECLARE_DEF) {
      this.sim.loadCurrent(st);
      base = this.combatValue(st, seat);
    }
    let best = this.legal[0]!, bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = this.score(st, seat, this.legal[i]!, base);
      if (s > bestScore) {
        bestScore = s;
        best = this.legal[i]!;
      }
    }
    return best;
  }
}

