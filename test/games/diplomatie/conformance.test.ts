// Random-play conformance of Diplomatie: the shared harness (test/core/conformance.ts) on
// every ordered pair of the decks in decks/diplomatie/, at least 2,000 games, plus the rule
// set's own invariants at every step. A failure names the deck pair, the game seed and the
// bot seed: replay it with replayRandomGame(dipMatchFromFiles(a, b), gameSeed, botSeed).
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dipMatchFromFiles, type DipState } from '../../../src/games/diplomatie/index.ts';
import {
  END_BOTH, END_PD, END_PV, END_TURN_CAP, INST_PER_PLAYER, MAIN_MAX, NUM_INST, O_DECK, O_DECK_N, O_DIP_N, O_DIPDECK, O_DISC,
  O_DISC_N, O_END, O_HAND, O_HAND_N, O_HOST, O_PD, O_PEND_SRC, O_PHASE, O_PV, O_STACK, O_STACK_N, O_TOP, O_TURN, O_WINNER,
  O_ZONE, PH_OVER, SK_EVENT, SLOTS, STACK_FIELDS, WIN_DRAW, Z_ATTACHED, Z_DECK, Z_DIPDECK, Z_DISCARD, Z_HAND, Z_LIMBO, Z_PLAY,
  Z_STACK, Z_UNDER,
} from '../../../src/games/diplomatie/state.ts';
import { checkRandomGames } from '../../core/conformance.ts';
import { determinismOverPairs, expectNone, orderedDeckPairs, tagged } from '../conformance-pairs.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/diplomatie');
const GAMES = 2000;
// 2,000 games with a check after every action: over a minute idle, several on a loaded
// machine, so this hook gets more than the suite's 180 s (never less).
const CONFORMANCE_HOOK_TIMEOUT = 900_000;
// Cost knobs (2-core machine): a lockstep clone replay every 61 steps, determinize and
// observe every 3rd step; the other contract checks and the invariants at every step.
const CLONE_EVERY = 61;
const DETERMINIZE_EVERY = 3;

const pairs = (): [string, string][] => orderedDeckPairs(DIR);

const seen = new Int8Array(NUM_INST);

/** Every card instance sits in exactly one place, agreeing with its zone; PV ≥ 0; PD never fall; the game goes on only while nobody has won. */
export function dipInvariants(st: DipState, prev: DipState | null): string | null {
  const w = st.w;
  const ctx = st.ctx;
  seen.fill(0);
  const mark = (inst: number, zone: number, where: string): string | null => {
    if (inst < 0 || inst >= NUM_INST || ctx.cardOf[inst]! < 0) return `[zones] ${where} holds ${inst}, not a card`;
    if (w[O_ZONE + inst] !== zone) return `[zones] instance ${inst} sits in ${where} but its zone is ${w[O_ZONE + inst]}`;
    seen[inst]!++;
    return null;
  };
  for (let p = 0; p < 2; p++) {
    const lists: [number, number, number, number, string][] = [
      [O_DECK, O_DECK_N, Z_DECK, INST_PER_PLAYER, 'deck'], [O_HAND, O_HAND_N, Z_HAND, INST_PER_PLAYER, 'hand'],
      [O_DISC, O_DISC_N, Z_DISCARD, INST_PER_PLAYER, 'discard'], [O_DIPDECK, O_DIP_N, Z_DIPDECK, 6, 'Diplomacy deck'],
    ];
    for (const [off, nOff, z, cap, label] of lists) {
      const n = w[nOff + p]!;
      if (n < 0 || n > cap) return `[counts] ${label} of player ${p} holds ${n}`;
      for (let i = 0; i < cap; i++) {
        const inst = w[off + p * cap + i]!;
        if (i >= n) {
          if (inst !== -1) return `[zones] ${label} of player ${p} has ${inst} past its count`;
          continue;
        }
        if ((inst >= INST_PER_PLAYER ? 1 : 0) !== p) return `[zones] ${label} of player ${p} holds the other player's card ${inst}`;
        const bad = mark(inst, z, `${label} of player ${p}`);
        if (bad) return bad;
      }
    }
    for (let s = 0; s < SLOTS; s++) {
      const inst = w[O_TOP + p * SLOTS + s]!;
      if (inst < 0) continue;
      const bad = mark(inst, Z_PLAY, `slot ${s} of player ${p}`);
      if (bad) return bad;
      if (w[O_HOST + inst] !== s) return `[zones] the card in slot ${s} has host ${w[O_HOST + inst]}`;
    }
  }
  for (let i = 0; i < w[O_STACK_N]!; i++) {
    const b = O_STACK + i * STACK_FIELDS;
    if (w[b] === SK_EVENT) {
      const bad = mark(w[b + 2]!, Z_STACK, `stack item ${i}`);
      if (bad) return bad;
    }
  }
  for (let inst = 0; inst < NUM_INST; inst++) {
    const z = w[O_ZONE + inst]!;
    if (z === Z_UNDER || z === Z_ATTACHED) {
      const p = inst >= INST_PER_PLAYER ? 1 : 0;
      if (w[O_TOP + p * SLOTS + w[O_HOST + inst]!]! < 0) return `[zones] instance ${inst} lies under the empty slot ${w[O_HOST + inst]}`;
      seen[inst]!++;
    } else if (z === Z_LIMBO) {
      if (w[O_PEND_SRC] !== inst) return `[zones] instance ${inst} is in limbo but the pending card is ${w[O_PEND_SRC]}`;
      seen[inst]!++;
    }
    const real = ctx.cardOf[inst]! >= 0;
    if (seen[inst] !== (real ? 1 : 0)) return `[zones] instance ${inst} (${real ? ctx.cat.names[ctx.cardOf[inst]!] : 'no card'}) sits in ${seen[inst]} places`;
    if (real && (inst % INST_PER_PLAYER >= MAIN_MAX) !== (ctx.cat.type[ctx.cardOf[inst]!] === 3)) return `[zones] instance ${inst} is on the wrong side of the main/Diplomacy split`;
  }
  const o = ctx.options;
  for (let p = 0; p < 2; p++) {
    if (w[O_PV + p]! < 0) return `[D1] player ${p} has ${w[O_PV + p]} PV`;
    if (w[O_PD + p]! < 0) return `[D1] player ${p} has ${w[O_PD + p]} PD`;
    if (prev && w[O_PD + p]! < prev.w[O_PD + p]!) return `[D1] the PD of player ${p} fell from ${prev.w[O_PD + p]} to ${w[O_PD + p]}`;
  }
  if (w[O_PHASE] !== PH_OVER) {
    for (let p = 0; p < 2; p++) {
      if (w[O_PV + p]! <= 0) return `[R2] player ${p} is at 0 PV but the game goes on`;
      if (w[O_PD + p]! >= o.pdToWin) return `[R2] player ${p} holds ${w[O_PD + p]} PD but the game goes on`;
    }
    if (w[O_TURN]! >= o.turnCap) return `[D2] turn ${w[O_TURN]} reached but the game goes on`;
  }
  return null;
}

/** The end agrees with the scores: a PV or PD win, a double win drawn, or a draw at the cap. */
export function dipTerminal(st: DipState): string | null {
  const w = st.w;
  const o = st.ctx.options;
  const wnr = w[O_WINNER]!, end = w[O_END]!;
  const won = (p: number) => w[O_PV + 1 - p]! <= 0 || w[O_PD + p]! >= o.pdToWin;
  if (end === END_PV || end === END_PD) {
    if (wnr !== 0 && wnr !== 1) return `[R2] a won game with winner ${wnr}`;
    if (!won(wnr) || won(1 - wnr)) return `[R2] winner ${wnr} with PV ${w[O_PV]}–${w[O_PV + 1]}, PD ${w[O_PD]}–${w[O_PD + 1]}`;
    return null;
  }
  if (end === END_BOTH) return wnr === WIN_DRAW && won(0) && won(1) ? null : `[D1] a double win that is not one`;
  if (end === END_TURN_CAP) return wnr === WIN_DRAW && w[O_TURN] === o.turnCap ? null : `[D2] a turn-cap end on turn ${w[O_TURN]}`;
  return `[R2] the game is over with end reason ${end}`;
}

interface Run { failures: string[]; games: number; steps: number; pv: number; pd: number; draws: number }

function run(games: number, seed: number, turnCap?: number): Run {
  const ps = pairs();
  const per = Math.ceil(games / ps.length);
  const r: Run = { failures: [], games: 0, steps: 0, pv: 0, pd: 0, draws: 0 };
  ps.forEach(([a, b], k) => {
    const game = dipMatchFromFiles(join(DIR, a), join(DIR, b), turnCap ? { turnCap } : {});
    const fails = checkRandomGames(game, {
      games: per,
      seed: seed * 1000 + k,
      cloneCheckEvery: CLONE_EVERY,
      determinizeEvery: DETERMINIZE_EVERY,
      observeEvery: DETERMINIZE_EVERY,
      actionStringEvery: 101,
      maxFailures: 20,
      invariants: dipInvariants,
      onTerminal: dipTerminal,
      onGameEnd: (st, steps) => {
        r.games++;
        r.steps += steps;
        const e = st.w[O_END];
        if (e === END_PV) r.pv++;
        else if (e === END_PD) r.pd++;
        else r.draws++;
      },
    });
    for (const f of fails) r.failures.push(`${a} vs ${b}: ${f}`);
  });
  return r;
}

const only = (r: Run, ...tags: string[]) => tagged(r.failures, ...tags);
const none = expectNone;

describe('Diplomatie: random-play conformance over every ordered deck pair', () => {
  let r: Run;
  beforeAll(() => {
    r = run(GAMES, 1);
  }, CONFORMANCE_HOOK_TIMEOUT);
  it(`plays at least ${GAMES} games, won both ways (PV and PD)`, () => {
    expect(r.games).toBeGreaterThanOrEqual(GAMES);
    expect(r.pv).toBeGreaterThan(0);
    expect(r.pd).toBeGreaterThan(0);
  });
  it('contract: legal actions non-empty, sorted, unique, in range; current player valid; returns', () => none(only(r, 'legal', 'player', 'returns')));
  it('contract: cloneInto keeps the hash; a clone played on with the same actions ends alike', () => none(only(r, 'clone', 'replay')));
  it('contract: observe fits; determinize keeps the legal moves and the observation of the seat', () => none(only(r, 'observe', 'determinize')));
  it('contract: games end, the engine never throws, terminal states have no moves', () => none(only(r, 'steplimit', 'exception', 'terminal')));
  it('zones: every card sits in exactly one place, main and Diplomacy cards apart (D6)', () => none(only(r, 'zones', 'counts')));
  it('R2, D1: PV never below 0, PD never fall, a game ends at once when someone wins', () => none(only(r, 'R2', 'D1')));
  it('no failure of any other kind', () => {
    const known = ['legal', 'player', 'returns', 'clone', 'replay', 'observe', 'determinize', 'steplimit', 'exception', 'terminal', 'zones', 'counts', 'R2', 'D1', 'D2'];
    none(r.failures.filter((f) => !known.some((t) => f.includes(`[${t}]`))));
  });
});

describe('D2, D40: the turn cap', () => {
  it('with turnCap 4 every game still going is a draw on turn 4', () => {
    const r = run(72, 2, 4);
    none(r.failures);
    expect(r.draws).toBeGreaterThan(0);
    expect(r.draws + r.pv + r.pd).toBe(r.games);
  });
});

determinismOverPairs(DIR, dipMatchFromFiles);
