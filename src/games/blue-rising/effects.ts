// The effect interpreter: one executor per verb of the vocabulary (schema.ts), run over the
// compiled program. Selectors are resolved here, at resolution time, from instances, so an
// effect follows a character that moved since the card was declared.
import * as catalogueCodes from './catalogue/compile.ts';
import {
  TO_DISCARD,
  TO_HAND,
  cardName,
  draw,
  isAdjacent,
  isOver,
  leavePlay,
  placeOnSlot,
  playerName,
  resistance,
  scanIn,
  scanOut,
  slotOf,
  swapSlots,
  tapChar,
} from './board.ts';
import {
  BRState,
} from './state.ts';
import * as stateLayout from './state.ts';
// The layout, action and catalogue constants bound as this module's own: optimized code
// folds a module's own constants, while an imported binding is loaded at every use
// (about 15% of a random game under tsx, measured with src/bench/play.ts). The bundles read
// them as the named imports they stand for (src/sim/named-imports.ts), as literals.
const {
  EFFECT_WORDS, KW_COUNTER, KW_RAGE, KW_RANGED, KW_STEALTH, K_ATTACK, K_BACK, K_COUNTER, K_DEFENSE,
  K_FRONT, K_RAGE, K_RANGED, K_RESISTANT, K_STEALTH, NUM_TRIGGERS, S_ADJ_OWN, S_ALL_OPP, S_ALL_OWN,
  S_ATTACKER, S_CHOSEN_ANY, S_CHOSEN_OPP, S_CHOSEN_OWN, S_CHOSEN_OWN_ADJ, S_CONTROLLER, S_DEFENDER,
  S_OPP_FIGHTER, S_OWN_FIGHTER, S_SELF, S_TARGET, V_DESTROY, V_DRAW, V_GAIN, V_KEYWORD, V_POWER,
  V_RETURN, V_SQUIRES, V_SWAP, V_TAP, V_UNTAP,
} = catalogueCodes;
const {
  DEF_CHAR, DEF_ENV, DEF_NONE, O_ENV_TPOW, INST_PER_PLAYER, Z_ACTIVE, Z_ATK_INST, Z_ATK_RANGED,
  Z_DEF_INST, Z_DEF_KIND, Z_IN_ATTACK, Z_OCC, O_POOL, Z_TAPPED, Z_TATK, Z_TBACK, Z_TDEF, Z_TFRONT,
  Z_TKW, Z_TOKENS_USED, Z_TPOW, Z_TRES, O_TURN,
} = stateLayout;

const KW_BIT = [0, 0, 0, 0, KW_COUNTER, KW_RANGED, KW_STEALTH, KW_RAGE, 0];

/** The Attacker / Defender instance of the current attack (-1 when none). */
export function attackerInst(st: BRState): number {
  return st.z[Z_IN_ATTACK] ? st.z[Z_ATK_INST]! : -1;
}
export function defenderInst(st: BRState): number {
  const z = st.z;
  if (!z[Z_IN_ATTACK]) return -1;
  if (z[Z_DEF_KIND] === DEF_CHAR) return z[Z_DEF_INST]!;
  // D19: a ranged attack's target is its Defender from the declaration on, so "the
  // Defender" names it in step 2b too (while it is in play).
  const ranged = z[Z_ATK_RANGED]!;
  return z[Z_DEF_KIND] === DEF_NONE && ranged >= 0 && slotOf(st, ranged) >= 0 ? ranged : -1;
}
function fighterOf(st: BRState, p: number): number {
  return p === st.z[Z_ACTIVE] ? attackerInst(st) : defenderInst(st);
}

/** The side whose Environment is the Defender named by a fight selector, or -1. */
function environmentFighter(st: BRState, p: number, sel: number): number {
  const z = st.z;
  if (!z[Z_IN_ATTACK] || z[Z_DEF_KIND] !== DEF_ENV) return -1;
  const d = 1 - z[Z_ACTIVE]!;
  if (sel === S_DEFENDER || (sel === S_OWN_FIGHTER && p === d) || (sel === S_OPP_FIGHTER && p !== d)) return d;
  return -1;
}

/** Instance a single-character selector names, or -1 (area selectors return -1 too). */
function singleTarget(st: BRState, p: number, sel: number, src: number, chosen: number): number {
  switch (sel) {
    case S_SELF: return src;
    case S_CHOSEN_OWN: case S_CHOSEN_OPP: case S_CHOSEN_ANY: case S_CHOSEN_OWN_ADJ: case S_TARGET: return chosen;
    case S_ATTACKER: return attackerInst(st);
    case S_DEFENDER: return defenderInst(st);
    case S_OWN_FIGHTER: return fighterOf(st, p);
    case S_OPP_FIGHTER: return fighterOf(st, 1 - p);
    default: return -1;
  }
}

/** The rider's subject of an ability: the chosen character, else the first character its base names. */
function subjectOf(st: BRState, p: number, start: number, n: number, src: number, chosen: number): number {
  const prog = st.ctx.cat.program;
  let primary = chosen;
  for (let k = 0; k < n && primary < 0; k++) {
    const r = (start + k) * EFFECT_WORDS;
    if (prog[r + 4]! < 0) primary = singleTarget(st, p, prog[r + 1]!, src, chosen);
  }
  return primary;
}

/**
 * D22: the opposing Résistant characters an ability would affect, as a mask of the
 * opponent's slots (each character once, whether chosen, named as a fighter or on a side).
 */
export function resistTargets(st: BRState, p: number, card: number, trig: number, src: number, chosen: number): number {
  const cat = st.ctx.cat;
  const z = st.z;
  const slot = card * NUM_TRIGGERS + trig;
  const start = cat.abStart[slot]!, n = cat.abCount[slot]!;
  const prog = cat.program;
  const primary = subjectOf(st, p, start, n, src, chosen);
  // Stryker disable next-line UnaryOperator: with no subject the faction is never read (primary < 0 skips the rider first).
  const primaryFaction = primary >= 0 ? cat.faction[st.ctx.cardOf[primary]!]! : -1;
  const o = 1 - p;
  let mask = 0;
  for (let k = 0; k < n; k++) {
    const r = (start + k) * EFFECT_WORDS;
    const sel = prog[r + 1]!, rider = prog[r + 4]!;
    if (rider >= 0 && (primary < 0 || primaryFaction !== rider)) continue;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; singleTarget names nobody for these selectors, so no slot would be added.
    if (sel === S_CONTROLLER || sel === S_ALL_OWN || sel === S_ADJ_OWN) continue;
    if (sel === S_ALL_OPP) {
      for (let s = 0; s < 6; s++) if (z[Z_OCC + o * 6 + s]! >= 0 && resistance(st, o * 6 + s) > 0) mask |= 1 << s;
      continue;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a chosen character is the subject; without one, "target" names the subject whose slot the base record naming it already added.
    const t = singleTarget(st, p, sel, src, sel === S_TARGET ? primary : chosen);
    const gs = t >= 0 ? slotOf(st, t) : -1;
    if (gs >= o * 6 && gs < o * 6 + 6 && resistance(st, gs) > 0) mask |= 1 << (gs - o * 6);
  }
  return mask;
}

/** D22: what paying for every opposing Résistant character an ability affects would cost (a bot's estimate). */
export function resistExtra(st: BRState, p: number, card: number, trig: number, src: number, chosen: number): number {
  const mask = resistTargets(st, p, card, trig, src, chosen);
  let extra = 0;
  for (let s = 0; s < 6; s++) if (mask & (1 << s)) extra += resistance(st, (1 - p) * 6 + s);
  return extra;
}

/** D22: an opposing Résistant character not paid for is skipped (logged). */
function resists(st: BRState, p: number, gs: number, paid: number): boolean {
  const side = (gs / 6) | 0;
  if (side === p || resistance(st, gs) === 0 || (paid & (1 << (gs - side * 6))) !== 0) return false;
  if (st.log) st.log.line(`  ${cardName(st, st.z[Z_OCC + gs]!)} is Résistant: unaffected (D22)`);
  return true;
}

/**
 * Resolves ability `trig` of card `card` for controller `p`. `src` is the carrying
 * character instance (or -1), `chosen` the chosen target instance (or -1), `paid` the
 * opponent's slots whose Résistant extra was paid (D22: the others are skipped).
 */
export function resolveAbility(st: BRState, p: number, card: number, trig: number, src: number, chosen: number, paid: number): void {
  const cat = st.ctx.cat;
  const slot = card * NUM_TRIGGERS + trig;
  const start = cat.abStart[slot]!, n = cat.abCount[slot]!;
  const prog = cat.program;
  // The rider's subject: the chosen character, else the first character the base names.
  const primary = subjectOf(st, p, start, n, src, chosen);
  // R6: the rider applies when its subject is a character of that faction, judged as the
  // card resolves (the base effect may already have moved the subject, e.g. to hand).
  // Stryker disable next-line UnaryOperator: with no subject the faction is never read (primary < 0 skips the rider first).
  const primaryFaction = primary >= 0 ? cat.faction[st.ctx.cardOf[primary]!]! : -1;
  for (let k = 0; k < n; k++) {
    const r = (start + k) * EFFECT_WORDS;
    const verb = prog[r]!, sel = prog[r + 1]!, amount = prog[r + 2]!, kw = prog[r + 3]!, rider = prog[r + 4]!;
    if (rider >= 0 && (primary < 0 || primaryFaction !== rider)) continue;
    if (sel === S_CONTROLLER) {
      runPlayerVerb(st, p, card, verb, amount);
    } else if (sel === S_ALL_OWN || sel === S_ALL_OPP || sel === S_ADJ_OWN) {
      const side = sel === S_ALL_OPP ? 1 - p : p;
      const srcGs = src >= 0 ? slotOf(st, src) : -1;
      for (let gs = side * 6; gs < side * 6 + 6; gs++) {
        const inst = st.z[Z_OCC + gs]!;
        if (inst < 0) continue;
        if (sel === S_ADJ_OWN && (srcGs < 0 || !isAdjacent(srcGs, gs))) continue;
        if (resists(st, p, gs, paid)) continue;
        runCharVerb(st, p, card, verb, amount, kw, gs, src);
        if (isOver(st)) return;
      }
    } else {
      // "target" names the ability's subject: its chosen character, else the first one it names.
      const t = singleTarget(st, p, sel, src, sel === S_TARGET ? primary : chosen);
      const gs = t >= 0 ? slotOf(st, t) : -1;
      if (gs >= 0) {
        if (!resists(st, p, gs, paid)) runCharVerb(st, p, card, verb, amount, kw, gs, src);
      }
      else if (verb === V_POWER && environmentFighter(st, p, sel) >= 0) {
        // R39: an Environment Defender takes power bonuses like a character (D16 only denies Support).
        const side = environmentFighter(st, p, sel);
        st.w[O_ENV_TPOW + side] = st.w[O_ENV_TPOW + side]! + amount;
        if (st.log) {
          const env = st.z[Z_DEF_INST]!;
          st.log.bonus(env, cat.names[card]!, amount);
          st.log.line(`  ${cardName(st, env)} gets ${amount > 0 ? '+' : ''}${amount} power until end of turn (${cat.names[card]})`);
        }
      } else if (st.log) st.log.line(`  (no character for this effect of ${cat.names[card]})`);
    }
    if (isOver(st)) return;
  }
}

function runPlayerVerb(st: BRState, p: number, card: number, verb: number, amount: number): void {
  const w = st.w;
  switch (verb) {
    case V_DRAW:
      if (st.log) st.log.line(`  ${playerName(st, p)} draws ${amount} (${st.ctx.cat.names[card]})`);
      draw(st, p, amount);
      return;
    case V_GAIN:
      w[O_POOL + p] = w[O_POOL + p]! + amount;
      if (st.log) st.log.line(`  ${playerName(st, p)} gains ${amount} resource${amount > 1 ? 's' : ''} (${st.ctx.cat.names[card]}): pool ${w[O_POOL + p]}`);
      return;
    case V_SQUIRES:
      createSquires(st, p, amount);
      return;
  }
}

/** D1, D21: Squire tokens on the first empty slots, disoriented the turn they arrive. */
function createSquires(st: BRState, p: number, amount: number): void {
  const w = st.w, z = st.z;
  let left = amount === 0 ? 6 : amount;
  for (let gs = p * 6; gs < p * 6 + 6 && left > 0; gs++) {
    if (z[Z_OCC + gs]! >= 0) continue;
    const used = z[Z_TOKENS_USED + p]!;
    let bit = 0;
    while (bit < 6 && (used & (1 << bit)) !== 0) bit++;
    if (bit === 6) return;
    z[Z_TOKENS_USED + p] = used | (1 << bit);
    const inst = p * INST_PER_PLAYER + INST_PER_PLAYER - 6 + bit;
    placeOnSlot(st, gs, inst, w[O_TURN]!);
    if (st.log) st.log.line(`  a Squire enters play on ${playerName(st, p)}'s ${slotName(gs)}`);
    left--;
  }
}

function slotName(gs: number): string {
  return ['front-left', 'front-centre', 'front-right', 'back-left', 'back-centre', 'back-right'][gs % 6]!;
}

/** Adds to an until-end-of-turn bonus (a byte of the state): past -128..127 it stops the game rather than wrap. */
function addBonus(z: Int8Array, off: number, amount: number, source: string): void {
  const v = z[off]! + amount;
  if (v < -128 || v > 127) throw new RangeError(`${source}: an until-end-of-turn bonus would reach ${v}, outside the -128..127 the state holds`);
  z[off] = v;
}

function runCharVerb(st: BRState, p: number, card: number, verb: number, amount: number, kw: number, gs: number, src: number): void {
  const z = st.z;
  const inst = z[Z_OCC + gs]!;
  const source = st.ctx.cat.names[card]!;
  switch (verb) {
    case V_POWER:
      addBonus(z, Z_TPOW + gs, amount, source);
      if (st.log) {
        st.log.bonus(inst, source, amount);
        st.log.line(`  ${cardName(st, inst)} gets ${amount > 0 ? '+' : ''}${amount} power until end of turn (${source})`);
      }
      return;
    case V_KEYWORD:
      if (kw === K_FRONT) addBonus(z, Z_TFRONT + gs, amount, source);
      else if (kw === K_BACK) addBonus(z, Z_TBACK + gs, amount, source);
      else if (kw === K_DEFENSE) addBonus(z, Z_TDEF + gs, amount, source);
      else if (kw === K_ATTACK) addBonus(z, Z_TATK + gs, amount, source);
      else if (kw === K_RESISTANT) addBonus(z, Z_TRES + gs, amount, source);
      else {
        const kept = scanOut(st, gs); // Rage makes a disoriented character tappable
        z[Z_TKW + gs] = z[Z_TKW + gs]! | KW_BIT[kw]!;
        scanIn(st, gs, kept);
      }
      if (st.log) {
        st.log.line(`  ${cardName(st, inst)} gains ${KEYWORD_LABELS[kw]}${kw <= K_ATTACK || kw === K_RESISTANT ? `+${amount}` : ''} until end of turn (${source})`);
      }
      return;
    case V_RETURN:
      if (st.log) st.log.line(`  ${source}: ${cardName(st, inst)} is returned to hand`);
      leavePlay(st, gs, TO_HAND);
      return;
    case V_DESTROY:
      if (st.log) st.log.line(`  ${source}: ${cardName(st, inst)} is destroyed`);
      leavePlay(st, gs, TO_DISCARD);
      return;
    case V_SWAP: {
      const a = src >= 0 ? slotOf(st, src) : -1;
      if (a < 0 || a === gs) return;
      swapSlots(st, a, gs);
      if (st.log) st.log.line(`  ${cardName(st, src)} and ${cardName(st, inst)} swap slots (${cardName(st, src)} now ${slotName(gs)}, ${cardName(st, inst)} now ${slotName(a)})`);
      return;
    }
    case V_UNTAP:
      const kept = scanOut(st, gs);
      z[Z_TAPPED + gs] = 0;
      scanIn(st, gs, kept);
      if (st.log) st.log.line(`  ${cardName(st, inst)} is untapped (${source})`);
      return;
    case V_TAP:
      tapChar(st, gs);
      if (st.log) st.log.line(`  ${cardName(st, inst)} is tapped (${source})`);
      return;
  }
  void p;
}

export const KEYWORD_LABELS = ['Avant', 'Arrière', 'Défense', 'Attaque', 'Contre-Attaque', 'Attaque à Distance', 'Furtif', 'Rage', 'Résistant'];
