// Random-play conformance of Paliers: the shared harness (test/core/conformance.ts) on every
// ordered pair of the decks in decks/paliers/, at least 2,000 games, plus the rule set's own
// invariants at every step. A failure names the deck pair, the game seed and the bot seed:
// replay it with replayRandomGame(palMatchFromFiles(a, b), gameSeed, botSeed).
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palMatchFromFiles, type PalState } from '../../../src/games/paliers/index.ts';
import { capOf, totalLevel } from '../../../src/games/paliers/rules.ts';
import {
  END_BOTH, END_PV, END_TURN_CAP, INST, NUM_INST, O_DECK, O_DECK_N, O_END, O_GRAVE, O_GRAVE_N, O_HAND, O_HAND_N, O_LEVEL, O_OVL,
  O_PHASE, O_PLAYINST, O_PLAYSTEP, O_PV, O_TURN, O_WINNER, O_ZONE, OV_NONE, PH_OVER, PH_WINDOW, WIN_DRAW, Z_CHAR, Z_DECK, Z_GRAVE,
  Z_HAND, Z_LIMBO, Z_PLACE,
} from '../../../src/games/paliers/state.ts';
import { checkRandomGames } from '../../core/conformance.ts';
import { determinismOverPairs, expectNone, orderedDeckPairs, tagged } from '../conformance-pairs.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/paliers');
const GAMES = Number(process.env.PAL_GAMES ?? 2000);
// Cost knobs (2-core machine): a lockstep clone replay every 151 steps, determinize and
// observe every 9th step; the other contract checks and the invariants at every step.
const CLONE_EVERY = 151;
const DETERMINIZE_EVERY = 9;

const pairs = (): [string, string][] => orderedDeckPairs(DIR);

const seen = new Int8Array(NUM_INST);

/** Every card sits in exactly one place agreeing with its zone; levels in range; R27's Place slots; the game goes on only while nobody is at 0 PV. */
export function palInvariants(st: PalState, prev: PalState | null): string | null {
  const w = st.w;
  const ctx = st.ctx;
  seen.fill(0);
  for (let p = 0; p < 2; p++) {
    const lists: [number, number, number, string][] = [[O_DECK, O_DECK_N, Z_DECK, 'deck'], [O_HAND, O_HAND_N, Z_HAND, 'hand'], [O_GRAVE, O_GRAVE_N, Z_GRAVE, 'graveyard']];
    for (const [off, nOff, z, label] of lists) {
      const n = w[nOff + p]!;
      if (n < 0 || n > INST) return `[counts] ${label} of player ${p} holds ${n}`;
      for (let i = 0; i < INST; i++) {
        const g = w[off + p * INST + i]!;
        if (i >= n) {
          if (g !== -1) return `[zones] ${label} of player ${p} has ${g} past its count`;
          continue;
        }
        if (g < p * INST || g >= (p + 1) * INST || ctx.cardOf[g]! < 0) return `[zones] ${label} of player ${p} holds ${g}`;
        if (w[O_ZONE + g] !== z) return `[zones] instance ${g} sits in the ${label} of player ${p} but its zone is ${w[O_ZONE + g]}`;
        seen[g]!++;
      }
    }
    let places = 0;
    for (let g = p * INST; g < (p + 1) * INST; g++) {
      const z = w[O_ZONE + g]!;
      if (z === Z_CHAR || z === Z_PLACE) seen[g]!++;
      if (z === Z_PLACE) places++;
      if (z === Z_LIMBO) {
        if (w[O_PLAYINST] !== g && w[O_PHASE] !== 7) return `[zones] instance ${g} is in limbo but the card being played is ${w[O_PLAYINST]}`;
        seen[g]!++;
      }
    }
    if (places > 3) return `[R27] player ${p} has ${places} Places`;
    const lv = w[O_LEVEL + p]!;
    if (lv < 1 || lv > 10) return `[R3] player ${p} is level ${lv}`;
    if (prev && lv < prev.w[O_LEVEL + p]!) return `[D17] the level of player ${p} fell from ${prev.w[O_LEVEL + p]} to ${lv}`;
    // R23/R24: after a play has settled in a main window, the cap holds unless effects put characters in (D18).
    if (w[O_PHASE] === PH_WINDOW && w[O_OVL] === OV_NONE && w[O_PLAYSTEP] === 0 && prev && prev.w[O_PLAYSTEP] !== 0 && prev.w[O_OVL] !== OV_NONE) {
      if (totalLevel(st, p) > capOf(st, p) && w[O_PLAYINST] >= 0) return `[R24] player ${p}: total level ${totalLevel(st, p)} above the cap ${capOf(st, p)} after a play`;
    }
  }
  for (let g = 0; g < NUM_INST; g++) {
    const real = ctx.cardOf[g]! >= 0;
    if (seen[g] !== (real ? 1 : 0)) return `[zones] instance ${g} (${real ? ctx.cat.names[ctx.cardOf[g]!] : 'no card'}) sits in ${seen[g]} places`;
  }
  if (w[O_PHASE] !== PH_OVER) {
    for (let p = 0; p < 2; p++) if (w[O_PV + p]! <= 0) return `[D1] player ${p} is at ${w[O_PV + p]} PV but the game goes on`;
    if (w[O_TURN]! >= ctx.options.turnCap) return `[D43] turn ${w[O_TURN]} reached but the game goes on`;
  }
  return null;
}

/** The end agrees with the PV: a win at 0 PV, a double 0 drawn, or a draw at the cap. */
export function palTerminal(st: PalState): string | null {
  const w = st.w;
  const wnr = w[O_WINNER]!, end = w[O_END]!;
  if (end === END_PV) return (wnr === 0 || wnr === 1) && w[O_PV + 1 - wnr]! <= 0 && w[O_PV + wnr]! > 0 ? null : `[R1] winner ${wnr} with PV ${w[O_PV]}–${w[O_PV + 1]}`;
  if (end === END_BOTH) return wnr === WIN_DRAW && w[O_PV]! <= 0 && w[O_PV + 1]! <= 0 ? null : '[D1] a double 0 that is not one';
  if (end === END_TURN_CAP) return wnr === WIN_DRAW && w[O_TURN]! + 1 === st.ctx.options.turnCap ? null : `[D43] a turn-cap end on turn ${w[O_TURN]}`;
  return `[R1] the game is over with end reason ${end}`;
}

interface Run { failures: string[]; games: number; steps: number; turns: number; wins: number; draws: number }
const newRun = (): Run => ({ failures: [], games: 0, steps: 0, turns: 0, wins: 0, draws: 0 });

/** Plays `games` checked random games of one ordered deck pair into `r`. */
function runPair(r: Run, a: string, b: string, games: number, seed: number, turnCap?: number): void {
  const game = palMatchFromFiles(join(DIR, a), join(DIR, b), turnCap ? { turnCap } : {});
  const fails = checkRandomGames(game, {
    games,
    seed,
    cloneCheckEvery: CLONE_EVERY,
    determinizeEvery: DETERMINIZE_EVERY,
    observeEvery: DETERMINIZE_EVERY,
    actionStringEvery: 101,
    maxFailures: 20,
    invariants: palInvariants,
    onTerminal: palTerminal,
    onGameEnd: (st, steps) => {
      r.games++;
      r.steps += steps;
      r.turns += st.w[O_TURN]!;
      if (st.w[O_WINNER]! >= 0) r.wins++;
      else r.draws++;
    },
  });
  for (const f of fails) r.failures.push(`${a} vs ${b}: ${f}`);
}
function run(games: number, seed: number, turnCap?: number): Run {
  const r = newRun();
  const ps = pairs();
  ps.forEach(([a, b], k) => runPair(r, a, b, Math.ceil(games / ps.length), seed * 1000 + k, turnCap));
  return r;
}

const only = (r: Run, ...tags: string[]) => tagged(r.failures, ...tags);
const none = expectNone;

// One test per ordered deck pair (each well inside the suite's timeout on a loaded machine),
// then the totals and the failures sorted by kind.
describe('Paliers: random-play conformance over every ordered deck pair', () => {
  const r = newRun();
  const ps = pairs();
  const per = Math.ceil(GAMES / ps.length);
  ps.forEach(([a, b], k) => {
    it(`${a} vs ${b}: ${per} games`, () => {
      const before = r.failures.length;
      runPair(r, a, b, per, 1000 + k);
      none(r.failures.slice(before));
    });
  });
  it(`played at least ${GAMES} games; random play ends by PV (R1, R32's clock) well before the cap`, () => {
    expect(r.games).toBeGreaterThanOrEqual(GAMES);
    expect(r.wins).toBeGreaterThan(r.games * 0.95);
    expect(r.turns / r.games).toBeLessThan(60);
  });
  it('contract: legal actions non-empty, sorted, unique, in range; current player valid; returns', () => none(only(r, 'legal', 'player', 'returns')));
  it('contract: cloneInto keeps the hash; a clone played on with the same actions ends alike', () => none(only(r, 'clone', 'replay')));
  it('contract: observe fits; determinize keeps the legal moves and the observation of the seat', () => none(only(r, 'observe', 'determinize')));
  it('contract: games end, the engine never throws, terminal states have no moves', () => none(only(r, 'steplimit', 'exception', 'terminal')));
  it('zones: every card sits in exactly one place (R2)', () => none(only(r, 'zones', 'counts')));
  it('R1, D1, R3, D17, R24, R27: PV, levels, the cap and Place slots hold', () => none(only(r, 'R1', 'D1', 'R3', 'D17', 'R24', 'R27')));
});

describe('D1, D43: the turn cap', () => {
  it('with turnCap 6 every game still going is a draw after turn 5', () => {
    const r = run(49, 2, 6);
    none(r.failures);
    expect(r.draws).toBeGreaterThan(0);
    expect(r.draws + r.wins).toBe(r.games);
  });
});

determinismOverPairs(DIR, palMatchFromFiles);
