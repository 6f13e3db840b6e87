// A small position builder for rule and card scenarios: name the cards of each zone, get a
// game and a state at a chosen moment of the active player's turn (phase 3 by default),
// then drive it by action texts.
import { act } from '../../core/card-game.ts';
import { compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { createPalContext, Paliers } from './game.ts';
import type { PalRuleOptions } from './rules-options.ts';
import { advance, clearState, enterChar, enterPlace, graveAdd } from './rules.ts';
import {
  INST, O_ACTIVE, O_ATK_TURN, O_DECK, O_DECK_N, O_DMG, O_ENTROPY, O_FIRST, O_FROZEN, O_GRAVE, O_GRAVE_N, O_HAND, O_HAND_N, O_LEVEL, O_MULL_DONE, O_OWN_GAINS,
  O_PASSES, O_PHASE, O_PLAYED, O_PRIO, O_PV, O_SPAN_GAIN, O_STAGE, O_TURN, O_WMAIN, O_Y2_DONE, O_ZONE, PalState, PH_NONE, PH_WINDOW,
  RNG_GAME, ST_COMBAT, ST_DISCARD, Z_DECK, Z_HAND,
} from './state.ts';

export interface CharSpec {
  name: string;
  /** Arrived this turn: still subject to entropy (D12). */
  fresh?: boolean;
  /** Attacked during its controller's last turn (R30). */
  attacked?: boolean;
  /** Frozen by the opponent (R36). */
  frozen?: boolean;
  damage?: number;
}
export interface SideSpec {
  hand?: string[];
  /** Characters in play, in instance order. */
  board?: (string | CharSpec)[];
  places?: string[];
  /** Deck, top card first. */
  deck?: string[];
  grave?: string[];
  pv?: number;
  level?: number;
  /** Cards already played in this span (R26). */
  played?: number;
  /** Levels already gained in this own turn (R22), and since the last turn began (R17). */
  ownGains?: number;
  spanGain?: boolean;
  /** Yellow (2) already used. */
  yellow2Done?: boolean;
}
export interface PositionSpec {
  active?: 0 | 1;
  turn?: number;
  first?: 0 | 1;
  /** Where the active player stands: phase 3 (default), phase 5, or the start of the turn (before R17). */
  at?: 'main1' | 'main2' | 'turnStart';
  sides: [SideSpec, SideSpec];
  rules?: Partial<PalRuleOptions>;
  cards?: readonly CardDef[];
}
export interface Position {
  game: Paliers;
  st: PalState;
}

let shipped: Catalogue | null = null;

export function buildPosition(spec: PositionSpec): Position {
  const cat = spec.cards ? compileCatalogue(spec.cards) : (shipped ??= compileCatalogue(CARDS));
  const lists = spec.sides.map((side) => {
    const names: string[] = [];
    for (const n of side.hand ?? []) names.push(n);
    for (const b of side.board ?? []) names.push(typeof b === 'string' ? b : b.name);
    names.push(...(side.places ?? []), ...(side.deck ?? []), ...(side.grave ?? []));
    for (const n of names) if (!cat.byName.has(n)) throw new Error(`scenario: unknown card "${n}"`);
    return { name: 'scenario', cards: names };
  }) as [{ name: string; cards: string[] }, { name: string; cards: string[] }];
  const game = new Paliers(createPalContext(cat, lists, spec.rules ?? {}));
  const st = game.allocState();
  clearState(st);
  const w = st.w;
  const active = spec.active ?? 0;
  const turn = spec.turn ?? 5;
  w[O_TURN] = turn;
  w[O_ACTIVE] = active;
  w[O_FIRST] = spec.first ?? active;
  w[O_MULL_DONE] = w[O_MULL_DONE + 1] = 1;
  for (let p = 0; p < 2; p++) {
    const side = spec.sides[p]!;
    let next = p * INST;
    for (const _ of side.hand ?? []) {
      w[O_HAND + p * INST + w[O_HAND_N + p]!] = next;
      w[O_HAND_N + p]!++;
      w[O_ZONE + next++] = Z_HAND;
    }
    w[O_PV + p] = side.pv ?? game.ctx.options.startPV;
    w[O_LEVEL + p] = side.level ?? 4;
    w[O_PLAYED + p] = side.played ?? 0;
    w[O_OWN_GAINS + p] = side.ownGains ?? 0;
    w[O_SPAN_GAIN + p] = side.spanGain ? 1 : 0;
    w[O_Y2_DONE + p] = side.yellow2Done ? 1 : 0;
    for (const b of side.board ?? []) {
      const c = typeof b === 'string' ? { name: b } : b;
      const g = next++;
      enterChar(st, g);
      w[O_ENTROPY + g] = c.fresh ? 1 : 0;
      if (c.attacked) w[O_ATK_TURN + g] = turn - 1;
      if (c.frozen) w[O_FROZEN + g] = 1 - p + 1;
      w[O_DMG + g] = c.damage ?? 0;
    }
    for (const _ of side.places ?? []) enterPlace(st, next++);
    const deck = side.deck ?? [];
    const first = next;
    next += deck.length;
    for (let i = deck.length - 1; i >= 0; i--) {
      const g = first + i;
      w[O_DECK + p * INST + w[O_DECK_N + p]!] = g;
      w[O_DECK_N + p]!++;
      w[O_ZONE + g] = Z_DECK;
    }
    for (const _ of side.grave ?? []) graveAdd(w, next++);
  }
  for (let s = RNG_GAME; s < RNG_GAME + 12; s += 4) w[s] = 0x1234567; // non-zero chance streams (scenarios do not shuffle)
  const at = spec.at ?? 'main1';
  if (at === 'turnStart') {
    w[O_STAGE] = 1;
    w[O_PHASE] = PH_NONE;
    advance(st);
  } else {
    w[O_STAGE] = at === 'main1' ? ST_COMBAT : ST_DISCARD;
    w[O_PHASE] = PH_WINDOW;
    w[O_PRIO] = active;
    w[O_PASSES] = 0;
    w[O_WMAIN] = 1;
    st.legalCount = -1; // left at this decision even with one action, so that a test can play it
  }
  return { game, st };
}

// Action texts and playing an action by a part of its text: the card-game shell's.
export { act, actionTexts } from '../../core/card-game.ts';

/** Plays the listed action patterns in order. */
export function acts(pos: Position, ...patterns: string[]): void {
  for (const p of patterns) act(pos, p);
}

/** Names of p's cards in a zone list, in order. */
export function zoneNames(pos: Position, p: number, zone: 'hand' | 'grave' | 'deck'): string[] {
  const w = pos.st.w;
  const base = zone === 'hand' ? O_HAND : zone === 'deck' ? O_DECK : O_GRAVE;
  const nOff = zone === 'hand' ? O_HAND_N : zone === 'deck' ? O_DECK_N : O_GRAVE_N;
  const out: string[] = [];
  for (let i = 0; i < w[nOff + p]!; i++) out.push(pos.game.ctx.cat.names[pos.game.ctx.cardOf[w[base + p * INST + i]!]!]!);
  return out;
}

/** Names of p's characters in play (zone 2), or Places (zone 3), in instance order. */
export function boardNames(pos: Position, p: number, zone = 2): string[] {
  const w = pos.st.w;
  const out: string[] = [];
  for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_ZONE + g] === zone) out.push(pos.game.ctx.cat.names[pos.game.ctx.cardOf[g]!]!);
  return out;
}
