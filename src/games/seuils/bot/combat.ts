// A small combat forecaster for the Seuils bot (R19, D21, D22): speed groups from the fastest
// down, each side pooling its group's strength and spending it to destroy the most valuable
// opposing characters it can, attackers onto the target once no defender is left. It reads
// only cards in play (public) and fills preallocated arrays: nothing here allocates.
import { T_CHARACTER } from '../catalogue/compile.ts';
import { C_ATTACKER, INST, NUM_INST, O_COMBAT, O_DMG, O_GROUP, O_HANDLED, O_LOCK, O_WCTX, O_ZONE, type SeuilsState, WC_PRE_DEAL, Z_PLAY } from '../state.ts';
import { lifeOf, speedOf, strengthOf, typeOf } from '../rules.ts';

/** The value of a character in play, in influence points: what losing it costs. */
export function charValue(st: SeuilsState, g: number, strengthWeight = 1): number {
  return strengthWeight * Math.max(0, strengthOf(st, g)) + 0.5 * Math.max(1, lifeOf(st, g)) + 0.25 * st.ctx.cat.cost[st.ctx.cardOf[g]!]!;
}

/** One combat to forecast: combatants 0..n-1 (side 0 attacks, 1 defends). */
export class CombatSim {
  n = 0;
  /** What a point of strength adds to a character's value (charValue). */
  strengthWeight = 1;
  readonly inst = new Int32Array(NUM_INST);
  readonly side = new Int8Array(NUM_INST);
  readonly str = new Int32Array(NUM_INST);
  readonly rem = new Int32Array(NUM_INST); // life left
  readonly spd = new Int32Array(NUM_INST);
  readonly val = new Float64Array(NUM_INST);
  readonly handled = new Int8Array(NUM_INST);
  readonly alive = new Int8Array(NUM_INST);
  /** Which combatants take part in the next run (1) or stay out (0). */
  readonly inGroup = new Int8Array(NUM_INST);
  private readonly baseRem = new Int32Array(NUM_INST);
  private readonly baseHandled = new Int8Array(NUM_INST);
  /** Damage already locked on the target (in a combat under way). */
  lockedOnTarget = 0;
  // Results.
  targetDamage = 0;
  lostValue = new Float64Array(2); // value of the characters each side loses
  private readonly order = new Int32Array(NUM_INST);

  clear(): void {
    this.n = 0;
    this.lockedOnTarget = 0;
  }

  add(st: SeuilsState, g: number, side: number): number {
    const i = this.n++;
    this.inst[i] = g;
    this.side[i] = side;
    this.str[i] = strengthOf(st, g);
    this.rem[i] = lifeOf(st, g) - st.w[O_DMG + g]!;
    this.spd[i] = speedOf(st, g);
    this.val[i] = charValue(st, g, this.strengthWeight);
    this.handled[i] = 0;
    this.inGroup[i] = 1;
    return i;
  }

  /** Loads the combat under way in `st` (attackers side 0), with its locked damage and handled groups. */
  loadCurrent(st: SeuilsState): void {
    this.clear();
    const w = st.w;
    const preDeal = w[O_WCTX] === WC_PRE_DEAL;
    for (let g = 0; g < NUM_INST; g++) {
      const role = w[O_COMBAT + g]!;
      if (g % INST === 0 && w[O_LOCK + g]! > 0) this.lockedOnTarget += w[O_LOCK + g]!;
      if (role === 0 || w[O_ZONE + g] !== Z_PLAY || typeOf(st, g) !== T_CHARACTER) continue;
      const i = this.add(st, g, role === C_ATTACKER ? 0 : 1);
      this.rem[i]! -= w[O_LOCK + g]!;
      if (w[O_HANDLED + g] === 1 || (preDeal && w[O_GROUP + g] !== 0) || w[O_GROUP + g] === 2) this.handled[i] = 1;
    }
    // Damage locked on a location target counts as target damage too.
    for (let g = 0; g < NUM_INST; g++) if (g % INST !== 0 && w[O_LOCK + g]! > 0 && w[O_COMBAT + g] === 0 && w[O_ZONE + g] === Z_PLAY) this.lockedOnTarget += w[O_LOCK + g]!;
    this.freeze();
  }

  /** Index of instance g among the combatants, or -1. */
  indexOf(g: number): number {
    for (let i = 0; i < this.n; i++) if (this.inst[i] === g) return i;
    return -1;
  }

  /** Changes combatant i's strength, speed (unless already handled) and life left for the next runs (undo with the opposite amounts). */
  modify(i: number, dStr: number, dSpd: number, dLife: number): void {
    this.str[i]! += dStr;
    this.spd[i]! += dSpd;
    this.baseRem[i]! += dLife;
  }

  /** Pools `pool` points onto the living characters of `side`, killing the most valuable it can. */
  private spend(pool: number, side: number, dmg: Int32Array): void {
    // Order the living opponents by value, descending (insertion sort: groups are small).
    let m = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.side[i] !== side || this.alive[i] === 0) continue;
      let j = m++;
      while (j > 0 && this.val[this.order[j - 1]!]! < this.val[i]!) {
        this.order[j] = this.order[j - 1]!;
        j--;
      }
      this.order[j] = i;
    }
    for (let k = 0; k < m && pool > 0; k++) {
      const i = this.order[k]!;
      const need = this.rem[i]! - dmg[i]!;
      if (need > 0 && need <= pool) {
        dmg[i]! += need;
        pool -= need;
      }
    }
    if (pool > 0 && m > 0) dmg[this.order[0]!]! += pool;
  }

  private readonly dmg = new Int32Array(NUM_INST);

  /** Freezes life left and handled marks as the starting point of every run. */
  freeze(): void {
    this.baseRem.set(this.rem.subarray(0, this.n));
    this.baseHandled.set(this.handled.subarray(0, this.n));
  }

  /** Plays the remaining groups out with the combatants marked in inGroup (after freeze); results in targetDamage and lostValue. */
  run(): void {
    const n = this.n;
    this.targetDamage = this.lockedOnTarget;
    this.lostValue[0] = this.lostValue[1] = 0;
    const alive = this.alive, handled = this.handled;
    for (let i = 0; i < n; i++) {
      this.rem[i] = this.baseRem[i]!;
      handled[i] = this.baseHandled[i]!;
      alive[i] = this.inGroup[i] === 1 && this.rem[i]! > 0 ? 1 : 0;
      if (this.inGroup[i] === 1 && alive[i] === 0) this.lostValue[this.side[i]!]! += this.val[i]!;
    }
    for (;;) {
      let best = -1e9, any = false;
      for (let i = 0; i < n; i++) {
        if (alive[i] === 0 || handled[i] !== 0) continue;
        if (!any || this.spd[i]! > best) best = this.spd[i]!;
        any = true;
      }
      if (!any) break;
      let atkPool = 0, defPool = 0, defAlive = false, atkAlive = false;
      for (let i = 0; i < n; i++) {
        if (alive[i] === 0) continue;
        if (this.side[i] === 1) defAlive = true;
        else atkAlive = true;
        if (handled[i] !== 0 || this.spd[i] !== best) continue;
        handled[i] = 2; // in this group
        if (this.side[i] === 0) atkPool += Math.max(0, this.str[i]!);
        else defPool += Math.max(0, this.str[i]!);
      }
      const dmg = this.dmg;
      dmg.fill(0, 0, n);
      if (atkPool > 0) {
        if (defAlive) this.spend(atkPool, 1, dmg);
        else this.targetDamage += atkPool;
      }
      if (defPool > 0 && atkAlive) this.spend(defPool, 0, dmg);
      for (let i = 0; i < n; i++) {
        if (handled[i] === 2) handled[i] = 1;
        if (alive[i] === 1 && dmg[i]! > 0) {
          this.rem[i]! -= dmg[i]!;
          if (this.rem[i]! <= 0) {
            alive[i] = 0;
            this.lostValue[this.side[i]!]! += this.val[i]!;
          }
        }
      }
    }
  }
}
