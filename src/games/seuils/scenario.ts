// A small position builder for rule and card scenarios: name the cards of each zone, get a
// game and a state at the active player's main phase, then drive it by action texts.
import { act } from '../../core/card-game.ts';
import { compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import type { CardDef } from './catalogue/schema.ts';
import { createSeuilsContext, Seuils } from './game.ts';
import { seuilsCatalogue } from './index.ts';
import type { SeuilsRuleOptions } from './rules-options.ts';
import { clearState } from './rules.ts';
import {
  INST, O_ACTIVE, O_CONS, O_CUR, O_DECK, O_DECK_N, O_DISC, O_DISC_N, O_DMG, O_ENTERED, O_FIRST, O_HAND, O_HAND_N, O_HOST,
  O_FACEDOWN, O_INFL, O_PHASE, O_SETUP_STAGE, O_TURN, O_WCTX, O_ZONE, PH_MAIN, SeuilsState, WC_MAIN, Z_DECK, Z_DISCARD, Z_HAND, Z_PLAY,
} from './state.ts';

export interface PermSpec {
  name: string;
  consumed?: boolean;
  damage?: number;
  /** Turn it entered play (default 0: before this turn). */
  entered?: number;
  /** An item attached to the board entry at this index. */
  attachedTo?: number;
  /** D11: in play face down, an iconless resource (the faceDownResources knob). */
  faceDown?: boolean;
}
export interface SideSpec {
  faction?: string;
  hand?: string[];
  /** Cards in play besides the faction (resources, characters, items, locations). */
  board?: (string | PermSpec)[];
  /** Deck, top card first. */
  deck?: string[];
  discard?: string[];
  influence?: number;
}
export interface PositionSpec {
  active?: 0 | 1;
  turn?: number;
  sides: [SideSpec, SideSpec];
  rules?: Partial<SeuilsRuleOptions>;
  cards?: readonly CardDef[];
}

export interface Position {
  game: Seuils;
  st: SeuilsState;
}

export function buildPosition(spec: PositionSpec): Position {
  const cat: Catalogue = spec.cards ? compileCatalogue(spec.cards) : seuilsCatalogue();
  const perm = (b: string | PermSpec): PermSpec => (typeof b === 'string' ? { name: b } : b);
  const lists = spec.sides.map((side) => ({
    name: 'scenario',
    faction: side.faction ?? 'Ordre du Cristal',
    main: [...(side.hand ?? []), ...(side.board ?? []).map((b) => perm(b).name), ...(side.deck ?? []), ...(side.discard ?? [])],
  })) as [{ name: string; faction: string; main: string[] }, { name: string; faction: string; main: string[] }];
  const game = new Seuils(createSeuilsContext(cat, lists, spec.rules ?? {}));
  const st = game.allocState();
  clearState(st);
  const w = st.w;
  const ctx = game.ctx;
  const turn = spec.turn ?? 5;
  for (let p = 0; p < 2; p++) {
    const side = spec.sides[p]!;
    let next = p * INST + 1;
    w[O_ZONE + p * INST] = Z_PLAY;
    for (const _ of side.hand ?? []) {
      const g = next++;
      w[O_HAND + p * INST + w[O_HAND_N + p]!] = g;
      w[O_HAND_N + p]!++;
      w[O_ZONE + g] = Z_HAND;
    }
    const boardStart = next;
    for (const b of side.board ?? []) {
      const ps = perm(b);
      const g = next++;
      w[O_ZONE + g] = Z_PLAY;
      w[O_CONS + g] = ps.consumed ? 1 : 0;
      w[O_DMG + g] = ps.damage ?? 0;
      w[O_ENTERED + g] = ps.entered ?? 0;
      w[O_HOST + g] = ps.attachedTo === undefined ? -1 : boardStart + ps.attachedTo;
      w[O_FACEDOWN + g] = ps.faceDown ? 1 : 0;
    }
    const deck = side.deck ?? [];
    const deckStart = next;
    next += deck.length;
    for (let i = deck.length - 1; i >= 0; i--) {
      const g = deckStart + i;
      w[O_DECK + p * INST + w[O_DECK_N + p]!] = g;
      w[O_DECK_N + p]!++;
      w[O_ZONE + g] = Z_DECK;
    }
    for (const _ of side.discard ?? []) {
      const g = next++;
      w[O_DISC + p * INST + w[O_DISC_N + p]!] = g;
      w[O_DISC_N + p]!++;
      w[O_ZONE + g] = Z_DISCARD;
    }
    w[O_INFL + p] = side.influence ?? cat.influence[ctx.cardOf[p * INST]!]!;
  }
  w[0] = 0x1234567; // non-zero chance streams (a scenario may shuffle)
  w[4] = w[8] = 0x7654321;
  const active = spec.active ?? 0;
  w[O_ACTIVE] = active;
  w[O_FIRST] = active;
  w[O_TURN] = turn;
  w[O_SETUP_STAGE] = 4;
  w[O_PHASE] = PH_MAIN;
  w[O_WCTX] = WC_MAIN;
  w[O_CUR] = active;
  // Left at this decision even when it has one action, so that a test can play it.
  st.legalCount = -1;
  return { game, st };
}

// Action texts and playing an action by a part of its text: the card-game shell's.
export { act, actionTexts } from '../../core/card-game.ts';

/** Passes until the phase is the active player's main phase again (or the game ends); at most `max` passes. */
export function passToMain(pos: Position, max = 30): void {
  for (let i = 0; i < max; i++) {
    if (pos.game.isTerminal(pos.st) || pos.st.w[O_PHASE] === PH_MAIN) return;
    act(pos, 'Pass');
  }
  throw new Error('passToMain: still not in the main phase');
}

/** Names of p's cards in a zone list, in order (deck: bottom first). */
export function zoneNames(pos: Position, p: number, zone: 'hand' | 'discard' | 'deck'): string[] {
  const w = pos.st.w;
  const [off, nOff] = zone === 'hand' ? [O_HAND, O_HAND_N] : zone === 'discard' ? [O_DISC, O_DISC_N] : [O_DECK, O_DECK_N];
  const out: string[] = [];
  for (let i = 0; i < w[nOff + p]!; i++) out.push(pos.game.ctx.cat.names[pos.game.ctx.cardOf[w[off + p * INST + i]!]!]!);
  return out;
}

/** Names of p's cards in play (the faction first), in instance order. */
export function boardNames(pos: Position, p: number): string[] {
  const w = pos.st.w;
  const out: string[] = [];
  for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_ZONE + g] === Z_PLAY) out.push(pos.game.ctx.cat.names[pos.game.ctx.cardOf[g]!]!);
  return out;
}

/** Instance of the first card named `name` of p in play (throws when none). */
export function inPlayNamed(pos: Position, p: number, name: string): number {
  const w = pos.st.w;
  for (let g = p * INST; g < (p + 1) * INST; g++) if (w[O_ZONE + g] === Z_PLAY && pos.game.ctx.cat.names[pos.game.ctx.cardOf[g]!] === name) return g;
  throw new Error(`no "${name}" of player ${p} in play`);
}
