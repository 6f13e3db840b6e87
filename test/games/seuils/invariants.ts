// The rule set's own invariants for the random-play conformance run (conformance.test.ts):
// checked on every state, each failure tagged with the rule it breaks.
import type { SeuilsState } from '../../../src/games/seuils/index.ts';
import { T_CHARACTER, T_FACTION } from '../../../src/games/seuils/catalogue/compile.ts';
import {
  C_NONE, END_BOTH, END_INFLUENCE, END_TURN_CAP, INST, NUM_INST, O_ATK_ON, O_COMBAT, O_CONS, O_DECK, O_DECK_N, O_DISC,
  O_DISC_N, O_DMG, O_END, O_HAND, O_HAND_N, O_HOST, O_INFL, O_KNOWN, O_PEND_SRC, O_PHASE, O_STACK, O_STACK_N, O_TURN,
  O_WINNER, O_ZONE, PH_OVER, SK_CARD, STACK_CAP, STACK_FIELDS, WIN_DRAW, Z_DECK, Z_DISCARD, Z_HAND, Z_PLAY, Z_STACK,
} from '../../../src/games/seuils/state.ts';

const seen = new Int8Array(NUM_INST);

/** Every card sits in exactly one place agreeing with its zone; the stack fits; influence never rises; the game goes on only while both factions stand. */
export function seuilsInvariants(st: SeuilsState, prev: SeuilsState | null): string | null {
  const w = st.w;
  const ctx = st.ctx;
  const cat = ctx.cat;
  seen.fill(0);
  const mark = (g: number, zone: number, where: string): string | null => {
    if (g < 0 || g >= NUM_INST || ctx.cardOf[g]! < 0) return `[zones] ${where} holds ${g}, not a card`;
    if (w[O_ZONE + g] !== zone) return `[zones] instance ${g} sits in ${where} but its zone is ${w[O_ZONE + g]}`;
    seen[g]!++;
    return null;
  };
  for (let p = 0; p < 2; p++) {
    const lists: [number, number, number, string][] = [[O_DECK, O_DECK_N, Z_DECK, 'deck'], [O_HAND, O_HAND_N, Z_HAND, 'hand'], [O_DISC, O_DISC_N, Z_DISCARD, 'discard']];
    for (const [off, nOff, z, label] of lists) {
      const n = w[nOff + p]!;
      if (n < 0 || n > INST) return `[counts] ${label} of player ${p} holds ${n}`;
      for (let i = 0; i < INST; i++) {
        const g = w[off + p * INST + i]!;
        if (i >= n) {
          if (g !== -1) return `[zones] ${label} of player ${p} has ${g} past its count`;
          continue;
        }
        if ((g >= INST ? 1 : 0) !== p) return `[zones] ${label} of player ${p} holds the other player's card ${g}`;
        const bad = mark(g, z, `${label} of player ${p}`);
        if (bad) return bad;
      }
    }
    if (w[O_KNOWN + p]! < 0 || w[O_KNOWN + p]! > w[O_DECK_N + p]!) return `[D9] player ${p} knows ${w[O_KNOWN + p]} bottom cards of a deck of ${w[O_DECK_N + p]}`;
    if (w[O_ZONE + p * INST] !== Z_PLAY) return `[R7] the faction of player ${p} is not in play`;
  }
  const sn = w[O_STACK_N]!;
  if (sn < 0 || sn > STACK_CAP) return `[D13] stack depth ${sn}`;
  for (let i = 0; i < sn; i++) {
    const b = O_STACK + i * STACK_FIELDS;
    if (w[b] === SK_CARD) {
      const bad = mark(w[b + 2]!, Z_STACK, `stack item ${i}`);
      if (bad) return bad;
    } else if (w[O_ZONE + w[b + 2]!] !== Z_PLAY && w[O_ZONE + w[b + 2]!] !== Z_DISCARD) return `[D13] ability on the stack from a card in zone ${w[O_ZONE + w[b + 2]!]}`;
  }
  for (let g = 0; g < NUM_INST; g++) {
    const z = w[O_ZONE + g]!;
    const real = ctx.cardOf[g]! >= 0;
    if (z === Z_PLAY) {
      seen[g]!++;
      if (w[O_CONS + g] !== 0 && w[O_CONS + g] !== 1) return `[R6] consumed flag ${w[O_CONS + g]} on ${g}`;
      if (w[O_DMG + g]! < 0) return `[D3] negative damage on ${g}`;
      const host = w[O_HOST + g]!;
      if (host >= 0 && (w[O_ZONE + host] !== Z_PLAY || cat.type[ctx.cardOf[host]!] !== T_CHARACTER || (host >= INST) !== (g >= INST))) {
        return `[D18] item ${g} attached to ${host}, not a character of its owner in play`;
      }
      if (w[O_COMBAT + g] !== C_NONE && w[O_ATK_ON] === 0) return `[R17] ${g} is in a combat that is not on`;
    } else if (z === Z_STACK && w[O_PEND_SRC] === g) seen[g]!++;
    else if (w[O_COMBAT + g] !== C_NONE) return `[R19] ${g} left play but is still in the combat`;
    if (seen[g] !== (real ? 1 : 0)) return `[zones] instance ${g} (${real ? cat.names[ctx.cardOf[g]!] : 'no card'}) sits in ${seen[g]} places`;
    if (real && (g % INST === 0) !== (cat.type[ctx.cardOf[g]!] === T_FACTION)) return `[zones] instance ${g}: the faction must be instance 0 of its player`;
  }
  for (let p = 0; p < 2; p++) {
    if (prev && w[O_INFL + p]! > prev.w[O_INFL + p]!) return `[D1] the influence of player ${p} rose from ${prev.w[O_INFL + p]} to ${w[O_INFL + p]}`;
  }
  if (w[O_PHASE] !== PH_OVER) {
    for (let p = 0; p < 2; p++) if (w[O_INFL + p]! <= 0) return `[D1] player ${p} is at ${w[O_INFL + p]} influence but the game goes on`;
    if (w[O_TURN]! >= ctx.options.turnCap) return `[D30] turn ${w[O_TURN]} reached but the game goes on`;
  }
  return null;
}

/** The end agrees with the influence: one faction at 0, both at 0 drawn, or a draw at the cap. */
export function seuilsTerminal(st: SeuilsState): string | null {
  const w = st.w;
  const wnr = w[O_WINNER]!, end = w[O_END]!;
  const down = (p: number) => w[O_INFL + p]! <= 0;
  if (end === END_INFLUENCE) return (wnr === 0 || wnr === 1) && down(1 - wnr) && !down(wnr) ? null : `[R1] winner ${wnr} with influence ${w[O_INFL]}–${w[O_INFL + 1]}`;
  if (end === END_BOTH) return wnr === WIN_DRAW && down(0) && down(1) ? null : '[D1] a double loss that is not one';
  if (end === END_TURN_CAP) return wnr === WIN_DRAW && w[O_TURN] === st.ctx.options.turnCap ? null : `[D30] a turn-cap end on turn ${w[O_TURN]}`;
  return `[R1] the game is over with end reason ${end}`;
}

