// Actions as a designer reads them. The same strings are what scenario files write, so an
// action text names a legal action of the state it is read in.
import {
  A_ART_ACTIVATE,
  A_ART_REVEAL,
  A_ATTACK,
  A_EOT_DISCARD,
  A_MOVE,
  A_MULLIGAN,
  A_PASS,
  A_PAY_DISCARD,
  A_PAY_ENV,
  A_PAY_SACRIFICE,
  A_PAY_TAP,
  A_PLAY,
  A_RESIST_PAY,
  A_RESOLVE_TRAP,
  A_SACRIFICE,
  A_SETUP,
  A_SUPPORT,
  A_TAP,
  A_TRAP_2A,
  TARGETS,
} from './actions.ts';
import { NUM_TRIGGERS, TK_NONE, TR_ARTEFACT, TR_PLAY, TR_SACRIFICE, TR_TAP, T_CHARACTER, T_EVENT, T_OBJECT, T_TRAP } from './catalogue/compile.ts';
import { cardName, handAt, resistance } from './board.ts';
import {
  BRState,
  COLUMN_NAMES,
  Z_ART,
  Z_ATK_COLUMN,
  Z_ATK_RANGED,
  Z_CURRENT,
  Z_ENV,
  Z_EQUIP,
  Z_HAND_N,
  Z_OCC,
  Z_PHASE,
  Z_RS_SLOT,
  Z_TRAP,
  PH_EOT_DISCARD,
  PH_MAIN,
  PH_MULLIGAN,
  PH_PAUSE,
  PH_REACTION,
  PH_RESIST,
  PH_WINDOW,
  SLOT_NAMES,
} from './state.ts';
import { slotOf } from './board.ts';

/** A character on global slot gs, named so that the name alone is unambiguous when it can be. */
export function charRef(st: BRState, actor: number, gs: number): string {
  const z = st.z;
  const inst = z[Z_OCC + gs]!;
  if (inst < 0) return `empty ${SLOT_NAMES[gs % 6]}`;
  const card = st.ctx.cardOf[inst]!;
  let same = 0;
  for (let s = 0; s < 12; s++) if (z[Z_OCC + s]! >= 0 && st.ctx.cardOf[z[Z_OCC + s]!] === card) same++;
  const name = cardName(st, inst);
  if (same === 1) return name;
  return `${name} (${((gs / 6) | 0) === actor ? 'own' : "opponent's"} ${SLOT_NAMES[gs % 6]})`;
}

function relTarget(st: BRState, p: number, t: number): string {
  const gs = t < 6 ? p * 6 + t : (1 - p) * 6 + (t - 6);
  return charRef(st, p, gs);
}

function targetSuffix(st: BRState, p: number, card: number, trig: number, t: number): string {
  if (st.ctx.cat.abTarget[card * NUM_TRIGGERS + trig] === TK_NONE) return '';
  return ` on ${relTarget(st, p, t)}`;
}

export function describeAction(st: BRState, a: number): string {
  const z = st.z;
  const ctx = st.ctx;
  const cat = ctx.cat;
  const p = z[Z_CURRENT]!;
  const phase = z[Z_PHASE]!;
  if (a === A_PASS) {
    if (phase === PH_MAIN) return 'end the main phase';
    if (phase === PH_REACTION) return 'done reacting';
    if (phase === PH_EOT_DISCARD) return 'keep the hand';
    if (phase === PH_RESIST) return `leave ${charRef(st, p, (1 - p) * 6 + z[Z_RS_SLOT]!)} unaffected (Résistant)`;
    if (phase === PH_WINDOW || phase === PH_PAUSE) return 'pass';
    return 'pass';
  }
  if (a < A_MULLIGAN) {
    const k = ((a - A_SETUP) / 6) | 0;
    return `set up ${cat.names[ctx.aspirants[p]![k]!]} at ${SLOT_NAMES[(a - A_SETUP) % 6]}`;
  }
  if (a < A_PAY_DISCARD) {
    const mask = a - A_MULLIGAN;
    if (mask === 0 || phase !== PH_MULLIGAN) return 'keep the opening hand';
    const names: string[] = [];
    for (let i = 0; i < z[Z_HAND_N + p]!; i++) if (mask & (1 << i)) names.push(cardName(st, handAt(st, p, i)));
    return `mulligan ${names.join(', ')}`;
  }
  if (a < A_PAY_TAP) {
    const k = ctx.options.discardResource;
    return `discard ${cardName(st, handAt(st, p, a - A_PAY_DISCARD))} for ${k} resource${k === 1 ? '' : 's'}`;
  }
  if (a < A_PAY_SACRIFICE) return `tap ${cardName(st, z[Z_OCC + p * 6 + a - A_PAY_TAP]!)} for resources`;
  if (a < A_PAY_ENV) return `destroy ${cardName(st, z[Z_EQUIP + p * 6 + a - A_PAY_SACRIFICE]!)} for resources`;
  if (a === A_PAY_ENV) return `tap ${cardName(st, z[Z_ENV + p]!)} for resources`;
  if (a < A_TAP) {
    const i = ((a - A_PLAY) / TARGETS) | 0;
    const t = (a - A_PLAY) % TARGETS;
    const inst = handAt(st, p, i);
    const c = ctx.cardOf[inst]!;
    const name = cardName(st, inst);
    switch (cat.type[c]) {
      case T_CHARACTER: {
        const occ = z[Z_OCC + p * 6 + t]!;
        return `play ${name} at ${SLOT_NAMES[t]}${occ >= 0 ? ` replacing ${cardName(st, occ)}` : ''}`;
      }
      case T_OBJECT: return `play ${name} on ${relTarget(st, p, t)}`;
      case T_TRAP: return `set ${name} face down in the ${COLUMN_NAMES[t]} column`;
      case T_EVENT: return `play ${name}${targetSuffix(st, p, c, TR_PLAY, t)}`;
    }
    return `play ${name}`;
  }
  if (a < A_SACRIFICE) {
    const src = ((a - A_TAP) / TARGETS) | 0;
    const t = (a - A_TAP) % TARGETS;
    if (src === 6) {
      const c = ctx.cardOf[z[Z_ENV + p]!]!;
      return `tap ${cardName(st, z[Z_ENV + p]!)}${targetSuffix(st, p, c, TR_TAP, t)}`;
    }
    const inst = z[Z_OCC + p * 6 + src]!;
    return `tap ${charRef(st, p, p * 6 + src)}${targetSuffix(st, p, ctx.cardOf[inst]!, TR_TAP, t)}`;
  }
  if (a < A_ATTACK) {
    const s = ((a - A_SACRIFICE) / TARGETS) | 0;
    const t = (a - A_SACRIFICE) % TARGETS;
    const obj = z[Z_EQUIP + p * 6 + s]!;
    return `destroy ${cardName(st, obj)} on ${charRef(st, p, p * 6 + s)}${targetSuffix(st, p, ctx.cardOf[obj]!, TR_SACRIFICE, t)}`;
  }
  if (a < A_SUPPORT) {
    const s = ((a - A_ATTACK) / TARGETS) | 0;
    const t = (a - A_ATTACK) % TARGETS;
    const who = charRef(st, p, p * 6 + s);
    if (t < 3) return `attack with ${who} on the ${COLUMN_NAMES[t]} column`;
    return `attack with ${who} on ${charRef(st, p, (1 - p) * 6 + t - 3)} (ranged)`;
  }
  if (a < A_RESOLVE_TRAP) return `support with ${charRef(st, p, p * 6 + a - A_SUPPORT)}`;
  if (a === A_RESOLVE_TRAP) {
    let col = z[Z_ATK_COLUMN]!;
    if (z[Z_ATK_RANGED]! >= 0) {
      const gs = slotOf(st, z[Z_ATK_RANGED]!);
      if (gs >= 0) col = gs % 3;
    }
    return `resolve ${cardName(st, z[Z_TRAP + p * 3 + col]!)}`;
  }
  if (a < A_TRAP_2A) {
    const from = ((a - A_MOVE) / 6) | 0;
    const to = (a - A_MOVE) % 6;
    return `tap ${charRef(st, p, p * 6 + from)} to move it to ${SLOT_NAMES[to]}`;
  }
  if (a < A_ART_REVEAL) {
    let col = z[Z_ATK_COLUMN]!;
    if (z[Z_ATK_RANGED]! >= 0) {
      const gs = slotOf(st, z[Z_ATK_RANGED]!);
      if (gs >= 0) col = gs % 3;
    }
    const cost = ctx.options.reactionTrapCost;
    return `place ${cardName(st, handAt(st, p, a - A_TRAP_2A))} in the ${COLUMN_NAMES[col]} column for ${cost} resource${cost === 1 ? '' : 's'}`;
  }
  if (a === A_ART_REVEAL) return `reveal ${cardName(st, z[Z_ART + p]!)}`;
  if (a < A_EOT_DISCARD) {
    const art = z[Z_ART + p]!;
    return `activate ${cardName(st, art)}${targetSuffix(st, p, ctx.cardOf[art]!, TR_ARTEFACT, a - A_ART_ACTIVATE)}`;
  }
  if (a < A_RESIST_PAY) return `discard ${cardName(st, handAt(st, p, a - A_EOT_DISCARD))} at end of turn`;
  const gs = (1 - p) * 6 + z[Z_RS_SLOT]!;
  return `pay ${resistance(st, gs)} more to affect ${charRef(st, p, gs)} (Résistant)`;
}

void T_CHARACTER;
void TR_TAP;
