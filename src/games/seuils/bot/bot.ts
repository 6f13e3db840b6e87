// A heuristic Seuils bot: one scorer per verb (profiles.json gives the weights), greedy over
// the legal actions of the current decision. It reads only what its seat may know: its own
// hand, the cards in play, the counts; never the opponent's hand or any deck order.
import {
  A_ASSIGN, A_ASSIGN_REST, A_ATTACK, A_BOTTOM, A_DECLARE, A_DONE, A_DRAW, A_END_TURN, A_PASS, A_PLAY,
  A_PLAY_RESOURCE, A_TARGET, A_TARGET_FACTION, A_TARGET_LOCATION, A_USE,
} from '../actions.ts';
import { MAX_ABILITIES, MAX_EFFECTS, T_CHARACTER, T_FACTION, T_ITEM, T_LOCATION, T_RESOURCE, T_TACTIC, TG_CHAR, TG_CHARLOC, TG_ITEMLOC, SIDE_OPP, SIDE_OWN, V_CONSUME, V_DAMAGE, V_DESTROY, V_LIFE, V_PREVENT, V_RESTORE, V_SPEED, V_STRENGTH } from '../catalogue/compile.ts';
import { VERBS } from '../catalogue/schema.ts';
import { lifeOf, strengthOf, typeOf } from '../rules.ts';
import { INST, O_ATK_ON, O_CONS, O_DMG, O_INFL, O_HAND, O_PEND, O_PEND_K, O_PEND_SRC, O_PHASE, O_WCTX, O_ZONE, P_CARD, PH_DECLARE_DEF, PH_WINDOW, O_COMBAT, C_ATTACKER, O_ATK_TARGET, O_LOCK, O_ASG_LEFT, type SeuilsState, WC_PRE_DEAL, Z_PLAY } from '../state.ts';
import type { Seuils } from '../game.ts';
// A static JSON import: the simulation's worker bundle inlines it (a path read at run time would not resolve there).
import shippedProfiles from './profiles.json' with { type: 'json' };

export interface SeuilsBotProfile {
  description: string;
  resourceTarget: number;
  endTurn: number;
  attack: number;
  /** Attack when our ready strength is at least this share of the opponent's. */
  attackRatio: number;
  /** Also attack when their influence over our ready strength is at most this share of ours over theirs (we win the race). */
  raceRatio: number;
  /** Score of a useful defender (one that survives or kills); a useless one scores −1, below closing the group. */
  defend: number;
  permanentPerCost: number;
  /** Defend with any character when the attack would leave our influence at this or less. */
  chumpBelow: number;
  verbs: Record<string, number>;
  respondInCombat: boolean;
}

/** The shipped profiles (profiles.json). */
export function seuilsBotProfiles(): Record<string, SeuilsBotProfile> {
  return shippedProfiles as Record<string, SeuilsBotProfile>;
}

const HARMFUL = (verb: number, amount: number): boolean => verb === V_DAMAGE || verb === V_DESTROY || verb === V_CONSUME || amount < 0;

export class SeuilsBot {
  private readonly legal: Int32Array;
  constructor(private readonly game: Seuils, private readonly profile: SeuilsBotProfile = seuilsBotProfiles().greedy!) {
    this.legal = new Int32Array(game.maxLegalActions);
  }

  /** The value of ability a (catalogue index) for its controller: one scorer per verb. Outside a combat, a change until end of turn is worth nothing. */
  private abilityValue(a: number, inCombat: boolean, beforeDamage: boolean): number {
    const cat = this.game.ctx.cat;
    let v = 0;
    for (let e = 0; e < MAX_EFFECTS; e++) {
      const x = a * MAX_EFFECTS + e;
      const verb = cat.eVerb[x]!;
      if (verb === 0) break;
      if (!inCombat && cat.ePerm[x] === 0 && (verb === V_STRENGTH || verb === V_SPEED || verb === V_LIFE || verb === V_PREVENT || verb === V_RESTORE)) continue;
      // Saving a character is worth it only once damage is locked on it (R19 (4)).
      if (inCombat && !beforeDamage && (verb === V_LIFE || verb === V_PREVENT)) continue;
      const amount = cat.eAmount[x]!;
      v += (this.profile.verbs[VERBS[verb - 1]!] ?? 0) * Math.max(1, Math.abs(amount));
    }
    return v;
  }

  /** D19: defend with a character that survives the strongest attacker or kills the weakest one; with anything when the attack would bring our influence to `chumpBelow` or less. */
  private defendValue(st: SeuilsState, seat: number, g: number): number {
    const w = st.w;
    let strongest = 0, weakestLife = 1e9, incoming = 0;
    for (let r = 0; r < 2 * INST; r++) {
      if (w[O_COMBAT + r] !== C_ATTACKER || w[O_ZONE + r] !== Z_PLAY) continue;
      const s = Math.max(0, strengthOf(st, r));
      incoming += s;
      strongest = Math.max(strongest, s);
      weakestLife = Math.min(weakestLife, lifeOf(st, r) - w[O_DMG + r]!);
    }
    if (lifeOf(st, g) - w[O_DMG + g]! > strongest || strengthOf(st, g) >= weakestLife) return this.profile.defend;
    return w[O_ATK_TARGET]! === seat * INST && w[O_INFL + seat]! - incoming <= this.profile.chumpBelow ? this.profile.defend : -1;
  }

  /** R17: attack when it is lethal, when the opponent has no ready character, or when our ready strength matches theirs. */
  private attackValue(st: SeuilsState, seat: number): number {
    const w = st.w;
    const ctx = this.game.ctx;
    let power = 0, theirs = 0, theirPower = 0;
    for (let g = 0; g < 2 * INST; g++) {
      if (w[O_ZONE + g] !== Z_PLAY || typeOf(st, g) !== T_CHARACTER || w[O_CONS + g] !== 0) continue;
      const s = Math.max(0, strengthOf(st, g));
      if ((g >= INST ? 1 : 0) === seat) power += s;
      else {
        theirs++;
        theirPower += s;
      }
    }
    if (power === 0) return -5;
    // The race: attack when our clock (their influence over our power) is no slower than theirs, scaled by raceRatio.
    const race = w[O_INFL + 1 - seat]! / power <= (this.profile.raceRatio * w[O_INFL + seat]!) / Math.max(1, theirPower);
    return power >= w[O_INFL + 1 - seat]! || theirs === 0 || power >= theirPower * this.profile.attackRatio || race ? this.profile.attack : -5;
  }

  /**
   * Does ability a (catalogue index) have a target worth it: a harmful verb an opposing card,
   * a helpful one one of ours? (The engine's list may hold only our own cards for a harmful
   * verb, e.g. Assassinat in an attack nobody defends.)
   */
  private targetWorthIt(st: SeuilsState, seat: number, a: number): boolean {
    const cat = this.game.ctx.cat;
    const tg = cat.aTarget[a]!;
    if (tg !== TG_CHAR && tg !== TG_CHARLOC && tg !== TG_ITEMLOC) return true;
    const harmful = HARMFUL(cat.eVerb[a * MAX_EFFECTS]!, cat.eAmount[a * MAX_EFFECTS]!);
    const side = harmful ? 1 - seat : seat;
    if ((harmful && cat.aSide[a] === SIDE_OWN) || (!harmful && cat.aSide[a] === SIDE_OPP)) return false;
    const w = st.w;
    for (let g = side * INST; g < (side + 1) * INST; g++) {
      if (w[O_ZONE + g] !== Z_PLAY) continue;
      const t = typeOf(st, g);
      const fits = tg === TG_CHAR ? t === T_CHARACTER : tg === TG_CHARLOC ? t === T_CHARACTER || t === T_LOCATION : t === T_ITEM || t === T_LOCATION;
      if (fits && (cat.aInCombat[a] === 0 || w[O_COMBAT + g] !== 0)) return true;
    }
    return false;
  }

  private score(st: SeuilsState, seat: number, action: number): number {
    const w = st.w;
    const ctx = this.game.ctx;
    const cat = ctx.cat;
    const phase = w[O_PHASE]!;
    if (action === A_END_TURN) return this.profile.endTurn;
    if (action === A_PASS) return phase === PH_WINDOW && w[O_ATK_ON] === 1 && this.profile.respondInCombat ? 1 : 5;
    if (action === A_DONE) return 0;
    if (action === A_DRAW) return 1;
    if (action === A_ATTACK) return this.attackValue(st, seat);
    if (action === A_TARGET_FACTION) return 10;
    if (action < A_BOTTOM) return 1; // fetch: any that fits
    if (action < A_PLAY_RESOURCE) return -1; // keep the opening hand
    if (action < A_PLAY) {
      let mine = 0;
      for (let g = seat * INST; g < (seat + 1) * INST; g++) if (w[O_ZONE + g] === Z_PLAY && typeOf(st, g) === T_RESOURCE) mine++;
      if (mine >= this.profile.resourceTarget) return 0;
      // D11: a resource card first; else the dearest card face down (the hardest to play), over a draw.
      const id = ctx.cardOf[w[O_HAND + seat * INST + action - A_PLAY_RESOURCE]!]!;
      return cat.type[id] === T_RESOURCE ? 2 : 1.2 + 0.05 * cat.cost[id]!;
    }
    if (action < A_USE) {
      const id = ctx.cardOf[w[O_HAND + seat * INST + action - A_PLAY]!]!;
      if (cat.type[id] === T_TACTIC && !this.targetWorthIt(st, seat, id * MAX_ABILITIES)) return -10;
      if (cat.type[id] === T_TACTIC) return this.abilityValue(id * MAX_ABILITIES, w[O_ATK_ON] === 1, w[O_WCTX] === WC_PRE_DEAL) - 2 * cat.cost[id]!;
      return 20 + this.profile.permanentPerCost * cat.cost[id]!;
    }
    if (action < A_TARGET_LOCATION) {
      const x = action - A_USE;
      const id = ctx.cardOf[seat * INST + ((x / MAX_ABILITIES) | 0)]!;
      if (!this.targetWorthIt(st, seat, id * MAX_ABILITIES + (x % MAX_ABILITIES))) return -10;
      return this.abilityValue(id * MAX_ABILITIES + (x % MAX_ABILITIES), w[O_ATK_ON] === 1, w[O_WCTX] === WC_PRE_DEAL) - 1 - cat.aRes[id * MAX_ABILITIES + (x % MAX_ABILITIES)]!;
    }
    if (action < A_DECLARE) return 2; // a location is a lesser target than the faction
    if (action < A_ASSIGN) {
      if (phase !== PH_DECLARE_DEF) return 3; // every ready character joins the attack
      return this.defendValue(st, seat, seat * INST + action - A_DECLARE);
    }
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
    // An effect's target: harmful verbs on the opponent's strongest, helpful ones on our strongest.
    const g = action - A_TARGET;
    const src = w[O_PEND_SRC]!;
    let harmful = false, kills = false;
    if (!(w[O_PEND] === P_CARD && cat.type[ctx.cardOf[src]!] !== T_TACTIC)) {
      const a = ctx.cardOf[src]! * MAX_ABILITIES + (w[O_PEND] === P_CARD ? 0 : w[O_PEND_K]!);
      const verb = cat.eVerb[a * MAX_EFFECTS]!, amount = cat.eAmount[a * MAX_EFFECTS]!;
      harmful = HARMFUL(verb, amount);
      // Damage is worth most where it destroys (D23).
      kills = verb === V_DESTROY || (verb === V_DAMAGE && lifeOf(st, g) - w[O_DMG + g]! - w[O_LOCK + g]! <= amount);
    }
    const opposing = (g >= INST ? 1 : 0) !== seat;
    const str = typeOf(st, g) === T_CHARACTER ? strengthOf(st, g) : 0;
    return (opposing === harmful ? 100 : 0) + (harmful && kills ? 50 : 0) + str;
  }

  /** The action this bot plays in `st` (for the seat to move). */
  choose(st: SeuilsState): number {
    const seat = this.game.currentPlayer(st);
    const n = this.game.legalActions(st, this.legal);
    let best = this.legal[0]!, bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = this.score(st, seat, this.legal[i]!);
      if (s > bestScore) {
        bestScore = s;
        best = this.legal[i]!;
      }
    }
    return best;
  }
}
