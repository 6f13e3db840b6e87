// An ability scored as the effects would resolve it: its records in order, each handed to
// its verb's scorer on the characters its selector names (riders only for their faction,
// area effects skipping opposing Résistant characters, D22), and in a fight the change to
// its outcome.
import { isAdjacent } from '../board.ts';
import * as catalogueCodes from '../catalogue/compile.ts';
import { CAT_AB_COUNT } from './card-info.ts';
import { outcome } from './values.ts';
import { CHAR_VERB_SCORERS, PLAYER_VERB_SCORERS, type Effect } from './verbs.ts';
import { CARD, OPP_TRAP, SEEN, resistAt, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  EFFECT_WORDS, NUM_TRIGGERS, S_ADJ_OWN, S_ALL_OPP, S_ALL_OWN, S_ATTACKER, S_CHOSEN_ANY,
  S_CHOSEN_OPP, S_CHOSEN_OWN, S_CHOSEN_OWN_ADJ, S_CONTROLLER, S_DEFENDER, S_OPP_FIGHTER,
  S_OWN_FIGHTER, S_SELF, S_TARGET, V_POWER,
} = catalogueCodes;

/** The global slot a single-character selector names, or -1. */
function selGs(v: View, sel: number, src: number, chosen: number): number {
  const f = v.f;
  switch (sel) {
    case S_SELF: return src;
    case S_CHOSEN_OWN: case S_CHOSEN_OPP: case S_CHOSEN_ANY: case S_CHOSEN_OWN_ADJ: case S_TARGET: return chosen;
    case S_ATTACKER: return f.in ? f.agsFight : -1;
    case S_DEFENDER: return f.in ? f.dgsEng : -1;
    case S_OWN_FIGHTER: return !f.in ? -1 : v.me === v.active ? f.agsFight : f.dgsEng;
    case S_OPP_FIGHTER: return !f.in ? -1 : v.me === v.active ? f.dgsEng : f.agsFight;
  }
  return -1;
}

/**
 * Where evalAbility leaves its value: a double returned by a call V8 does not inline is boxed.
 * Over its own ArrayBuffer, not `new Float64Array(1)`: an array of 64 bytes or fewer made that
 * way lives in the heap, where V8 reads it through its map, length and data pointer.
 */
export const ABILITY_VALUE = new Float64Array(new ArrayBuffer(8));

/**
 * Value of resolving ability (card, trig) for us with source slot src and chosen slot, not
 * counting its cost, into ABILITY_VALUE[0] (read it right after the call). In a fight it also
 * leaves its change to the fight in fx for fightGain.
 */
export function evalAbility(v: View, fx: Effect, card: number, trig: number, src: number, chosen: number): void {
  const cat = v.cat;
  const seen = SEEN, cardA = CARD; // as locals: V8 reads them at a fixed address (view.ts)
  const slot = card * NUM_TRIGGERS + trig;
  const start = cat.abStart[slot]!, cnt = CAT_AB_COUNT[slot]!;
  const prog = cat.program;
  fx.dAtk = fx.dDef = 0;
  fx.ends = fx.gCA = fx.gStealth = false;
  let subj = chosen;
  if (subj < 0) {
    for (let k = 0; k < cnt && subj < 0; k++) {
      const r = (start + k) * EFFECT_WORDS;
      if (prog[r + 4]! < 0) subj = selGs(v, prog[r + 1]!, src, chosen);
    }
  }
  const subjFaction = subj >= 0 && seen[subj] ? cat.faction[cardA[subj]!]! : -99;
  let x = 0;
  for (let k = 0; k < cnt; k++) {
    const r = (start + k) * EFFECT_WORDS;
    const verb = prog[r]!, sel = prog[r + 1]!, amt = prog[r + 2]!, kw = prog[r + 3]!, rider = prog[r + 4]!;
    if (rider >= 0 && rider !== subjFaction) continue;
    if (sel === S_CONTROLLER) {
      x += PLAYER_VERB_SCORERS[verb]!(v, amt);
    } else if (sel === S_ALL_OWN || sel === S_ALL_OPP || sel === S_ADJ_OWN) {
      const side = sel === S_ALL_OPP ? v.op : v.me;
      const score = CHAR_VERB_SCORERS[verb]!;
      for (let gs = side * 6; gs < side * 6 + 6; gs++) {
        if (!seen[gs]) continue;
        if (sel === S_ADJ_OWN && (src < 0 || !isAdjacent(src, gs))) continue;
        if (side !== v.me && resistAt(v, gs) > 0) continue; // D22: area effects skip Résistant
        x += score(v, fx, amt, kw, gs, src);
      }
    } else {
      const gs = selGs(v, sel, src, sel === S_TARGET ? subj : chosen);
      if (gs >= 0 && seen[gs]) x += CHAR_VERB_SCORERS[verb]!(v, fx, amt, kw, gs, src);
      else if (verb === V_POWER && v.f.in && v.f.envEng) {
        // R39: an Environment Defender takes power bonuses named on the Defender.
        const meDef = v.me !== v.active;
        if (sel === S_DEFENDER || (sel === S_OWN_FIGHTER && meDef) || (sel === S_OPP_FIGHTER && !meDef)) fx.dDef += amt;
      }
    }
  }
  ABILITY_VALUE[0] = x;
}

/** My gain from the fight deltas evalAbility left in fx. */
export function fightGain(v: View, fx: Effect): number {
  const f = v.f;
  const m0 = f.atk - f.def;
  const cur = outcome(v, m0, f.ca);
  if (fx.ends) return -cur; // the attack ends with no effect (D18)
  const m1 = m0 + fx.dAtk - fx.dDef;
  let g = outcome(v, m1, f.ca || fx.gCA) - cur;
  if (fx.gStealth && v.me === v.active && OPP_TRAP[f.trapCol] && v.oppCanPay) {
    g += 0.3 * Math.max(0, f.vA);
  }
  return g;
}
