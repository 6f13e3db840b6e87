// One scorer per verb (schema.ts VERBS): what one effect of `amount` is worth to `seat`, on
// `target` (an instance, or -1), read from the public table and the seat's own cards only.
import { V_ATQ, V_CARD_LIMIT, V_COPY_PLACE, V_DAMAGE, V_DAMAGE_PLAYER, V_DESTROY, V_DISABLE_PLACE, V_DRAW, V_FREEZE, V_GAIN_LEVEL,
  V_HEAL_CHAR, V_HEAL_PLAYER, V_PV, V_RESURRECT, V_SACRIFICE, V_SUSPEND_PLACE, V_ATQ_AURA, V_PV_AURA } from '../catalogue/compile.ts';
import { VERBS } from '../catalogue/schema.ts';
import { atqOf, curPvOf } from '../rules.ts';
import { INST, O_DECK_N, O_DMG, O_FROZEN, O_LEVEL, O_PV, O_ZONE, PalState, Z_CHAR, Z_GRAVE, Z_PLACE } from '../state.ts';
import type { Profile } from './profile.ts';

const owner = (g: number) => (g >= INST ? 1 : 0);

/** What a character in play is worth to its controller: ATQ, PV left and level, by the profile. */
export function charValue(st: PalState, g: number, pr: Profile): number {
  const lv = st.ctx.cat.level[st.ctx.cardOf[g]!]!;
  return pr.character.atq * atqOf(st, g) + pr.character.pv * Math.max(0, curPvOf(st, g)) + pr.character.level * lv;
}
/** Its printed value (a card in a graveyard or a hand). */
export function cardValue(st: PalState, id: number, pr: Profile): number {
  const c = st.ctx.cat;
  return pr.character.atq * c.atq[id]! + pr.character.pv * c.pv[id]! + pr.character.level * c.level[id]!;
}
const sign = (seat: number, g: number) => (owner(g) === seat ? 1 : -1);

type Scorer = (st: PalState, seat: number, amount: number, target: number, pr: Profile) => number;

export const SCORERS: Record<(typeof VERBS)[number], Scorer> = {
  gainLevel: (st, seat, n) => (st.w[O_LEVEL + seat]! >= 10 ? 0 : n),
  draw: (st, seat, n) => Math.min(n, st.w[O_DECK_N + seat]!),
  damage: (st, seat, n, t, pr) => {
    if (t < 0 || st.w[O_ZONE + t] !== Z_CHAR) return 0;
    const kills = curPvOf(st, t) <= n;
    return sign(seat, t) * -(kills ? charValue(st, t, pr) : n * 0.3);
  },
  damagePlayer: (st, seat, n) => n * (st.w[O_PV + 1 - seat]! <= n ? 100 : 1),
  healPlayer: (st, seat, n) => n * (st.w[O_PV + seat]! < 10 ? 2 : 1),
  healChar: (st, seat, n, t) => (t >= 0 && owner(t) === seat ? Math.min(n, st.w[O_DMG + t]!) : -1),
  atq: (st, seat, n, t) => (t >= 0 ? sign(seat, t) * n : 0),
  pv: (st, seat, n, t) => (t >= 0 ? sign(seat, t) * n : 0),
  freeze: (st, seat, _n, t, pr) => (t >= 0 && owner(t) !== seat && st.w[O_FROZEN + t] === 0 ? charValue(st, t, pr) / 3 : -1),
  destroy: (st, seat, _n, t, pr) => (t >= 0 && st.w[O_ZONE + t] === Z_CHAR ? -sign(seat, t) * charValue(st, t, pr) : 0),
  sacrifice: (st, seat, _n, t, pr) => (t >= 0 ? -charValue(st, t, pr) * 0.8 : 0),
  resurrect: (st, _seat, _n, t, pr) => (t >= 0 && st.w[O_ZONE + t] === Z_GRAVE ? cardValue(st, st.ctx.cardOf[t]!, pr) : 0),
  disablePlace: (st, seat, _n, t) => (t >= 0 && st.w[O_ZONE + t] === Z_PLACE ? -sign(seat, t) * 2 : 0),
  suspendPlace: (st, seat, _n, t) => (t >= 0 && st.w[O_ZONE + t] === Z_PLACE ? -sign(seat, t) : 0),
  copyPlace: (st, _seat, _n, t) => (t >= 0 ? 1 : 0),
  cardLimit: (_st, _seat, n) => n,
  atqAura: (_st, _seat, n) => n,
  pvAura: (_st, _seat, n) => n,
};
/** Verb code (compile.ts V_*) to its scorer. */
export const SCORER_BY_CODE: Scorer[] = [() => 0, ...VERBS.map((v) => SCORERS[v])];
// The codes and VERBS agree (compile.ts: code = index + 1); a few spelled out for readers.
void [V_GAIN_LEVEL, V_DRAW, V_DAMAGE, V_DAMAGE_PLAYER, V_HEAL_PLAYER, V_HEAL_CHAR, V_ATQ, V_PV, V_FREEZE, V_DESTROY, V_SACRIFICE,
  V_RESURRECT, V_DISABLE_PLACE, V_SUSPEND_PLACE, V_COPY_PLACE, V_CARD_LIMIT, V_ATQ_AURA, V_PV_AURA];
