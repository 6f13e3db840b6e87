// A small position builder for rule and card scenarios: name the cards of each zone, get a
// game and a state at the active player's step 2, then drive it by action texts.
import { act } from '../../core/card-game.ts';
import { compileCatalogue, T_DIPLOMACY, type Catalogue } from './catalogue/compile.ts';
import { createDipContext, Diplomatie } from './game.ts';
import { dipCatalogue } from './index.ts';
import type { DipRuleOptions } from './rules-options.ts';
import { clearState } from './rules.ts';
import {
  DipState, INST_PER_PLAYER, K, O_ACTIVE, O_CHG, O_CUR, O_DECK, O_DECK_N, O_DIP_N, O_DIPDECK, O_DISC, O_DISC_N,
  O_ENTERED, O_EXH, O_FIRST, O_HAND, O_HAND_N, O_HOST, O_PD, O_PHASE, O_PV, O_TOP, O_TURN, O_ZONE, PH_MAIN, SLOTS, Z_ATTACHED,
  Z_DECK, Z_DIPDECK, Z_DISCARD, Z_HAND, Z_PLAY, Z_UNDER,
} from './state.ts';
import type { CardDef } from './catalogue/schema.ts';

export interface PermSpec {
  name: string;
  exhausted?: boolean;
  /** Evolution pile under it, bottom first. */
  under?: string[];
  /** Face-down attached cards. */
  attached?: string[];
  /** Turn it entered play (default 0: before this turn). */
  entered?: number;
}
export interface SideSpec {
  hand?: string[];
  /** Creatures and Kingdoms in play, slot 0 first. */
  board?: (string | PermSpec)[];
  /** Main deck, top card first. */
  deck?: string[];
  /** Diplomacy deck, top card first. */
  dip?: string[];
  discard?: string[];
  pv?: number;
  pd?: number;
}
export interface PositionSpec {
  active?: 0 | 1;
  turn?: number;
  first?: 0 | 1;
  sides: [SideSpec, SideSpec];
  rules?: Partial<DipRuleOptions>;
  cards?: readonly CardDef[];
}

export interface Position {
  game: Diplomatie;
  st: DipState;
}

export function buildPosition(spec: PositionSpec): Position {
  const cat: Catalogue = spec.cards ? compileCatalogue(spec.cards) : dipCatalogue();
  const lists = spec.sides.map((side) => {
    const names: string[] = [];
    const perm = (b: string | PermSpec) => (typeof b === 'string' ? { name: b } : b);
    for (const n of side.hand ?? []) names.push(n);
    for (const b of side.board ?? []) {
      const p = perm(b);
      names.push(p.name, ...(p.under ?? []), ...(p.attached ?? []));
    }
    names.push(...(side.deck ?? []), ...(side.dip ?? []), ...(side.discard ?? []));
    const isDip = (n: string) => {
      const id = cat.byName.get(n);
      if (id === undefined) throw new Error(`scenario: unknown card "${n}"`);
      return cat.type[id] === T_DIPLOMACY;
    };
    return { name: 'scenario', main: names.filter((n) => !isDip(n)), diplomacy: names.filter(isDip) };
  }) as [{ name: string; main: string[]; diplomacy: string[] }, { name: string; main: string[]; diplomacy: string[] }];
  const game = new Diplomatie(createDipContext(cat, lists, spec.rules ?? {}));
  const st = game.allocState();
  clearState(st);
  const w = st.w;
  const ctx = game.ctx;
  for (let p = 0; p < 2; p++) {
    const side = spec.sides[p]!;
    // Instances are handed out in list order: each name takes the next unused copy.
    const used = new Uint8Array(INST_PER_PLAYER);
    const take = (name: string): number => {
      const id = cat.byName.get(name)!;
      for (let i = 0; i < INST_PER_PLAYER; i++) {
        const inst = p * INST_PER_PLAYER + i;
        if (!used[i] && ctx.cardOf[inst] === id) {
          used[i] = 1;
          return inst;
        }
      }
      throw new Error(`scenario: no copy of "${name}" left`);
    };
    for (const n of side.hand ?? []) {
      const inst = take(n);
      w[O_HAND + p * INST_PER_PLAYER + w[O_HAND_N + p]!] = inst;
      w[O_HAND_N + p]!++;
      w[O_ZONE + inst] = Z_HAND;
    }
    (side.board ?? []).forEach((b, s) => {
      const ps = typeof b === 'string' ? { name: b } : b;
      const inst = take(ps.name);
      const g = p * SLOTS + s;
      w[O_TOP + g] = inst;
      w[O_ZONE + inst] = Z_PLAY;
      w[O_HOST + inst] = s;
      w[O_EXH + g] = ps.exhausted ? 1 : 0;
      w[O_ENTERED + g] = ps.entered ?? 0;
      const id = ctx.cardOf[inst]!;
      for (let k = 0; k < K; k++) w[O_CHG + g * K + k] = k < cat.numAbilities[id]! ? cat.aCharges[id * K + k]! : 0;
      for (const u of ps.under ?? []) {
        const i = take(u);
        w[O_ZONE + i] = Z_UNDER;
        w[O_HOST + i] = s;
      }
      for (const a of ps.attached ?? []) {
        const i = take(a);
        w[O_ZONE + i] = Z_ATTACHED;
        w[O_HOST + i] = s;
      }
    });
    const deck = side.deck ?? [];
    for (let i = deck.length - 1; i >= 0; i--) {
      const inst = take(deck[i]!);
      w[O_DECK + p * INST_PER_PLAYER + w[O_DECK_N + p]!] = inst;
      w[O_DECK_N + p]!++;
      w[O_ZONE + inst] = Z_DECK;
    }
    const dip = side.dip ?? [];
    for (let i = dip.length - 1; i >= 0; i--) {
      const inst = take(dip[i]!);
      w[O_DIPDECK + p * 6 + w[O_DIP_N + p]!] = inst;
      w[O_DIP_N + p]!++;
      w[O_ZONE + inst] = Z_DIPDECK;
    }
    for (const n of side.discard ?? []) {
      const inst = take(n);
      w[O_DISC + p * INST_PER_PLAYER + w[O_DISC_N + p]!] = inst;
      w[O_DISC_N + p]!++;
      w[O_ZONE + inst] = Z_DISCARD;
    }
    w[O_PV + p] = side.pv ?? ctx.options.startPV;
    w[O_PD + p] = side.pd ?? 0;
  }
  w[0] = 0x1234567; // a non-zero chance stream (nothing in a scenario shuffles)
  w[4] = w[8] = 0x7654321;
  const active = spec.active ?? 0;
  w[O_ACTIVE] = active;
  w[O_FIRST] = spec.first ?? active;
  w[O_TURN] = spec.turn ?? 5;
  w[O_PHASE] = PH_MAIN;
  w[O_CUR] = active;
  // Left at this decision even when it has one action, so that a test can play it.
  st.legalCount = -1;
  return { game, st };
}

// Action texts and playing an action by a part of its text: the card-game shell's.
export { act, actionTexts } from '../../core/card-game.ts';

/** Passes until the phase is the active player's step 2 again (or the game ends); at most `max` passes. */
export function passToMain(pos: Position, max = 20): void {
  for (let i = 0; i < max; i++) {
    const w = pos.st.w;
    if (pos.game.isTerminal(pos.st) || w[O_PHASE] === PH_MAIN) return;
    act(pos, 'Pass');
  }
  throw new Error('passToMain: still not in step 2');
}

/** Names of p's cards in a zone list (hand, discard), in order. */
export function zoneNames(pos: Position, p: number, zone: 'hand' | 'discard' | 'deck'): string[] {
  const w = pos.st.w;
  const [off, nOff] = zone === 'hand' ? [O_HAND, O_HAND_N] : zone === 'discard' ? [O_DISC, O_DISC_N] : [O_DECK, O_DECK_N];
  const out: string[] = [];
  for (let i = 0; i < w[nOff + p]!; i++) out.push(pos.game.ctx.cat.names[pos.game.ctx.cardOf[w[off + p * INST_PER_PLAYER + i]!]!]!);
  return out;
}

/** Names on p's board by slot ('' for a free slot), trailing free slots dropped. */
export function boardNames(pos: Position, p: number): string[] {
  const w = pos.st.w;
  const out: string[] = [];
  for (let s = 0; s < SLOTS; s++) {
    const inst = w[O_TOP + p * SLOTS + s]!;
    out.push(inst < 0 ? '' : pos.game.ctx.cat.names[pos.game.ctx.cardOf[inst]!]!);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}
