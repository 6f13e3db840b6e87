// Random-play conformance of Blue Rising over the shipped decks: the generic Game contract
// (test/core/conformance.ts) plus the rule set's own invariants at every step. Every ordered
// pair of a mode's decks (mirror matches included) plays its share of ≥ 2,000 games per mode.
// A failure names the deck pair, the game seed and the bot seed: replay it with
// replayRandomGame(matchFromFiles(mode, a, b), gameSeed, botSeed), with a GameLog to read it.
import { beforeAll, describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { matchFromFiles, type BlueRising, type BRState } from '../../../src/games/blue-rising/index.ts';
import { GameLog } from '../../../src/games/blue-rising/log.ts';
import type { Mode } from '../../../src/games/blue-rising/rules-options.ts';
import {
  ART_GONE,
  END_TURN_CAP,
  END_VP,
  INST_PER_PLAYER,
  MAX_DECK,
  Z_ART,
  Z_ART_STATE,
  Z_DECK,
  Z_DECK_N,
  Z_DISC,
  Z_DISC_N,
  Z_END,
  Z_ENV,
  Z_EQUIP,
  Z_GONE,
  Z_GONE_N,
  Z_HAND,
  Z_HAND_N,
  Z_OCC,
  Z_PEND,
  Z_PEND_INST,
  Z_PHASE,
  O_POOL,
  Z_TOKENS_USED,
  Z_TRAP,
  O_TURN,
  O_VP,
  Z_WINNER,
  NUM_INST,
  PEND_PLACE_TRAP,
  PEND_PLAY,
  PH_OVER,
  PH_PAY,
  PH_RESIST,
  PEND_RESIST,
  Z_RS_INST,
  Z_RS_KIND,
  RK_DISCARD,
  WIN_DRAW,
  ZONE_CAP,
} from '../../../src/games/blue-rising/state.ts';
import { botSeedOf, checkDeterminism, checkRandomGames, gameSeedOf, replayRandomGame } from '../../core/conformance.ts';
import { deckPairs } from './reference-digest.ts';

const MODES: readonly Mode[] = ['quick', 'standard'];
const GAMES_PER_MODE = 2000;
// 2,000 games with a check after every action: over a minute idle, several on a loaded
// machine, so this hook gets more than the suite's 180 s (never less).
const CONFORMANCE_HOOK_TIMEOUT = 900_000;
// Cost knobs (measured on the 2-core lab machine): the lockstep clone replay every 97 steps
// and the determinize check every 3rd step (both strides coprime with the turn rhythm, so
// every phase gets sampled). The other contract checks and the invariants run at every step.
const CLONE_EVERY = 97;
const DETERMINIZE_EVERY = 3;
const OBSERVE_EVERY = 3;

function gameOf(mode: Mode, a: string, b: string, turnCap?: number): BlueRising {
  return matchFromFiles(mode, a, b, turnCap ? { rules: { turnCap } } : {});
}

// ---------------- Blue Rising invariants ----------------

const seen = new Int8Array(NUM_INST);

function zoneCheck(st: BRState, label: string, off: number, countOff: number, p: number, out: { err: string | null }): void {
  const n = st.z[countOff + p]!;
  const size = st.ctx.deckSize[p]!;
  if (n < 0 || n > size || n > ZONE_CAP) {
    out.err ??= `[counts] ${label} of player ${p} holds ${n} cards (deck size ${size})`;
    return;
  }
  const base = off + p * ZONE_CAP;
  for (let i = 0; i < ZONE_CAP; i++) {
    const inst = st.z[base + i]!;
    if (i >= n) {
      if (inst !== -1) out.err ??= `[zones] ${label} of player ${p} has instance ${inst} at index ${i}, past its count ${n}`;
      continue;
    }
    if (inst < p * INST_PER_PLAYER || inst >= p * INST_PER_PLAYER + size) {
      out.err ??= `[zones] ${label} of player ${p} holds instance ${inst}, not one of its ${size} cards`;
      continue;
    }
    seen[inst]!++;
  }
}

/**
 * Every card instance (i < deckSize, and the Squire tokens in play) sits in exactly one
 * zone; zone counts in range; VP never decrease; pools never negative; a game goes on only
 * while nobody holds the VP target (R44) and the turn cap is not reached (D5).
 */
export function brInvariants(st: BRState, prev: BRState | null): string | null {
  const w = st.w, z = st.z;
  const ctx = st.ctx;
  const opts = ctx.options;
  const out: { err: string | null } = { err: null };
  seen.fill(0);
  for (let p = 0; p < 2; p++) {
    zoneCheck(st, 'deck', Z_DECK, Z_DECK_N, p, out);
    zoneCheck(st, 'hand', Z_HAND, Z_HAND_N, p, out);
    zoneCheck(st, 'discard', Z_DISC, Z_DISC_N, p, out);
    zoneCheck(st, 'gone', Z_GONE, Z_GONE_N, p, out);
  }
  if (out.err) return out.err;
  for (let gs = 0; gs < 12; gs++) {
    const p = (gs / 6) | 0;
    const inst = z[Z_OCC + gs]!;
    const obj = z[Z_EQUIP + gs]!;
    if (inst >= 0) {
      const i = inst - p * INST_PER_PLAYER;
      const isCard = i >= 0 && i < ctx.deckSize[p]!;
      const isToken = i >= INST_PER_PLAYER - 6 && i < INST_PER_PLAYER;
      if (!isCard && !isToken) return `[zones] character slot ${gs} (player ${p}) holds instance ${inst}, neither a card nor a Squire of that player`;
      if (isToken && (z[Z_TOKENS_USED + p]! & (1 << (i - (INST_PER_PLAYER - 6)))) === 0) {
        return `[zones] Squire token ${inst} is on slot ${gs} but its bit is clear in O_TOKENS_USED (${z[Z_TOKENS_USED + p]})`;
      }
      seen[inst]!++;
    } else if (obj >= 0) return `[zones] Object ${obj} sits under the empty character slot ${gs}`;
    if (obj >= 0) {
      const q = obj >= INST_PER_PLAYER ? 1 : 0;
      if (obj - q * INST_PER_PLAYER >= ctx.deckSize[q]!) return `[zones] the Object under slot ${gs} is instance ${obj}, not a card`;
      seen[obj]!++;
    }
  }
  for (let t = 0; t < 6; t++) {
    const inst = z[Z_TRAP + t]!;
    if (inst < 0) continue;
    const p = (t / 3) | 0;
    if (inst - p * INST_PER_PLAYER < 0 || inst - p * INST_PER_PLAYER >= ctx.deckSize[p]!) return `[zones] trap slot ${t} holds instance ${inst}, not a card of player ${p}`;
    seen[inst]!++;
  }
  for (let p = 0; p < 2; p++) {
    const env = z[Z_ENV + p]!;
    if (env >= 0) seen[env]!++;
    const art = z[Z_ART + p]!;
    if (z[Z_ART_STATE + p] === ART_GONE) {
      if (art >= 0) return `[zones] the Artefact of player ${p} is gone but O_ART still holds ${art}`;
    } else if (art >= 0) seen[art]!++;
  }
  if (z[Z_PHASE] === PH_PAY && (z[Z_PEND] === PEND_PLAY || z[Z_PEND] === PEND_PLACE_TRAP)) {
    const inst = z[Z_PEND_INST]!;
    if (inst < 0) return `[zones] a card is being paid for (O_PEND ${z[Z_PEND]}) but O_PEND_INST is ${inst}`;
    seen[inst]!++;
  }
  // D22: an Event or Trap waiting on Résistant decisions is held until it resolves.
  if ((z[Z_PHASE] === PH_RESIST || (z[Z_PHASE] === PH_PAY && z[Z_PEND] === PEND_RESIST)) && z[Z_RS_KIND] === RK_DISCARD) {
    const inst = z[Z_RS_INST]!;
    if (inst < 0) return `[zones] an Event or Trap waits on Résistant decisions but O_RS_INST is ${inst}`;
    seen[inst]!++;
  }
  for (let p = 0; p < 2; p++) {
    const used = z[Z_TOKENS_USED + p]!;
    for (let i = 0; i < INST_PER_PLAYER; i++) {
      const inst = p * INST_PER_PLAYER + i;
      let want = 0;
      if (i < ctx.deckSize[p]!) want = 1;
      else if (i >= INST_PER_PLAYER - 6) want = (used >> (i - (INST_PER_PLAYER - 6))) & 1;
      if (seen[inst] !== want) {
        const what = i < ctx.deckSize[p]! ? `card instance ${inst} (${ctx.cat.names[ctx.cardOf[inst]!]})` : i >= MAX_DECK ? `Squire token ${inst}` : `instance ${inst}`;
        return `[zones] ${what} sits in ${seen[inst]} zones, expected ${want}`;
      }
    }
  }
  for (let p = 0; p < 2; p++) {
    if (w[O_POOL + p]! < 0) return `[pool] the pool of player ${p} is ${w[O_POOL + p]}`;
    if (w[O_VP + p]! < 0) return `[vp] player ${p} has ${w[O_VP + p]} VP`;
    if (prev && w[O_VP + p]! < prev.w[O_VP + p]!) return `[vp] the VP of player ${p} went down from ${prev.w[O_VP + p]} to ${w[O_VP + p]}`;
  }
  if (z[Z_PHASE] !== PH_OVER) {
    for (let p = 0; p < 2; p++) {
      if (w[O_VP + p]! >= opts.vpToWin) return `[R44] player ${p} holds ${w[O_VP + p]} VP (target ${opts.vpToWin}) but the game goes on`;
    }
    if (w[O_TURN]! >= opts.turnCap) return `[D5] turn ${w[O_TURN]} reached (cap ${opts.turnCap}) but the game goes on`;
  }
  return null;
}

/** The end: a winner holding ≥ vpToWin VP (R1, R44), or a draw exactly at the turn cap (D5). */
export function brTerminal(st: BRState): string | null {
  const w = st.w, z = st.z;
  const opts = st.ctx.options;
  const end = z[Z_END]!, wnr = z[Z_WINNER]!, turn = w[O_TURN]!;
  const vp = [w[O_VP]!, w[O_VP + 1]!];
  if (end === END_VP) {
    if (wnr !== 0 && wnr !== 1) return `[R44] the game ended by VP with winner ${wnr}`;
    if (vp[wnr]! < opts.vpToWin) return `[R44] player ${wnr} won with ${vp[wnr]} VP, target ${opts.vpToWin}`;
    if (vp[1 - wnr]! >= opts.vpToWin) return `[R44] the loser also holds ${vp[1 - wnr]} VP (target ${opts.vpToWin})`;
    if (turn >= opts.turnCap) return `[R44] a VP win on turn ${turn}, at or past the cap ${opts.turnCap}`;
    return null;
  }
  if (end === END_TURN_CAP) {
    if (wnr !== WIN_DRAW) return `[D5] the turn cap ended the game with winner ${wnr}, not a draw`;
    if (turn !== opts.turnCap) return `[D5] a turn-cap draw on turn ${turn}, the cap is ${opts.turnCap}`;
    if (vp[0]! >= opts.vpToWin || vp[1]! >= opts.vpToWin) return `[D5] a turn-cap draw with VP ${vp[0]}–${vp[1]} (target ${opts.vpToWin})`;
    return null;
  }
  return `[R44] the game is over with end reason ${end} (winner ${wnr}, VP ${vp[0]}–${vp[1]}, turn ${turn})`;
}

// ---------------- the runs ----------------

interface ModeRun {
  failures: string[];
  games: number;
  steps: number;
  vpWins: number;
  draws: number;
}

function runMode(mode: Mode, games: number, seed: number, turnCap?: number, cloneEvery = CLONE_EVERY): ModeRun {
  const pairs = deckPairs(mode);
  const per = Math.ceil(games / pairs.length);
  const run: ModeRun = { failures: [], games: 0, steps: 0, vpWins: 0, draws: 0 };
  pairs.forEach(([a, b], k) => {
    const game = gameOf(mode, a, b, turnCap);
    const fails = checkRandomGames(game, {
      games: per,
      seed: seed * 1000 + k,
      cloneCheckEvery: cloneEvery,
      determinizeEvery: DETERMINIZE_EVERY,
      observeEvery: OBSERVE_EVERY,
      actionStringEvery: 101,
      maxSteps: 100_000,
      maxFailures: 20,
      invariants: brInvariants,
      onTerminal: brTerminal,
      onGameEnd: (st, steps) => {
        run.games++;
        run.steps += steps;
        if (st.z[Z_END] === END_VP) run.vpWins++;
        else if (st.z[Z_END] === END_TURN_CAP) run.draws++;
      },
    });
    for (const f of fails) run.failures.push(`${mode} ${a} vs ${b}: ${f}`);
  });
  return run;
}

function only(run: ModeRun, ...tags: string[]): string[] {
  return run.failures.filter((f) => tags.some((t) => f.includes(`[${t}]`)));
}
function expectNone(list: string[]): void {
  expect(list, list.slice(0, 8).join('\n')).toEqual([]);
}

for (const mode of MODES) {
  describe(`${mode}: random-play conformance over every ordered deck pair`, () => {
    let run: ModeRun;
    beforeAll(() => {
      run = runMode(mode, GAMES_PER_MODE, mode === 'quick' ? 1 : 2);
    }, CONFORMANCE_HOOK_TIMEOUT);

    it(`plays at least ${GAMES_PER_MODE} games over ${deckPairs(mode).length} ordered pairs`, () => {
      expect(run.games).toBeGreaterThanOrEqual(GAMES_PER_MODE);
      expect(run.vpWins).toBeGreaterThan(0);
    });
    it('contract: legal actions non-empty, sorted, unique, in range, within maxLegalActions; current player valid', () => {
      expectNone(only(run, 'legal', 'player', 'returns'));
    });
    it('contract: cloneInto keeps the hash; a clone played on with the same actions ends alike', () => {
      expectNone(only(run, 'clone', 'replay'));
    });
    it('contract: observe fits observationLength; determinize keeps the legal moves and the observation of the seat', () => {
      expectNone(only(run, 'observe', 'determinize'));
    });
    it('contract: every game ends within 100,000 steps, the engine never throws, terminal states have no moves', () => {
      expectNone(only(run, 'steplimit', 'exception', 'terminal'));
    });
    it('zones: every card instance sits in exactly one zone; Squire tokens (D1) only while in play', () => {
      expectNone(only(run, 'zones'));
    });
    it('R40–R42: VP never decrease', () => {
      expectNone(only(run, 'vp'));
    });
    it('R19–R21, D6: pools never go negative', () => {
      expectNone(only(run, 'pool'));
    });
    it('R18, R42: hand, deck, discard and gone counts stay in range', () => {
      expectNone(only(run, 'counts'));
    });
    it('R44/R1: a game ends only at the VP target, and at once', () => {
      expectNone(only(run, 'R44'));
    });
    it('D5: a game without a winner is a draw exactly at the turn cap, never otherwise', () => {
      expectNone(only(run, 'D5'));
    });
    it('no failure of any other kind', () => {
      const known = ['legal', 'player', 'returns', 'clone', 'replay', 'observe', 'determinize', 'steplimit', 'exception', 'terminal', 'zones', 'vp', 'pool', 'counts', 'R44', 'D5'];
      expectNone(run.failures.filter((f) => !known.some((t) => f.includes(`[${t}]`))));
    });
  });
}

describe('D5: the turn cap, exercised with a low cap', () => {
  for (const mode of MODES) {
    it(`${mode}: with turnCap 6 the games that reach turn 6 are draws on turn 6`, () => {
      const run = runMode(mode, 90, 3, 6, 13);
      expectNone(run.failures);
      expect(run.draws).toBeGreaterThan(0);
      expect(run.draws + run.vpWins).toBe(run.games);
    });
  }
});

describe('determinism', () => {
  for (const mode of MODES) {
    it(`${mode}: the same game seed and bot seed give the same actions and final hash`, () => {
      const fails: string[] = [];
      deckPairs(mode).forEach(([a, b], k) => {
        const game = gameOf(mode, a, b);
        for (let i = 0; i < 3; i++) for (const f of checkDeterminism(game, gameSeedOf(4000 + k, i))) fails.push(`${mode} ${a} vs ${b}: ${f}`);
      });
      expectNone(fails);
    });
    it(`${mode}: the same seed with a GameLog gives the same log text twice, and logging changes nothing`, () => {
      const fails: string[] = [];
      deckPairs(mode).forEach(([a, b], k) => {
        const game = gameOf(mode, a, b);
        for (let i = 0; i < 2; i++) {
          const seed = gameSeedOf(5000 + k, i);
          const bot = botSeedOf(seed);
          const one = playLogged(game, seed, bot);
          const two = playLogged(game, seed, bot);
          const plain = replayRandomGame(game, seed, bot);
          const where = `${mode} ${a} vs ${b}: game seed ${seed} (bot seed ${bot})`;
          if (one.text.length === 0) fails.push(`${where}: the log is empty`);
          if (one.text !== two.text) fails.push(`${where}: the log text differs between two runs (first difference at line ${firstDiffLine(one.text, two.text)})`);
          if (game.hash(plain.state) !== one.hash) {
            fails.push(`${where}: the logged game ends with hash ${one.hash}, the unlogged one with ${game.hash(plain.state)}`);
          }
        }
      });
      expectNone(fails);
    });
  }
});

function playLogged(game: BlueRising, seed: number, botSeed: number): { text: string; hash: number } {
  const st = game.allocState();
  st.log = new GameLog();
  game.newGame(st, seed);
  const legal = new Int32Array(game.maxLegalActions);
  const bot = new SeededRng(botSeed);
  while (!game.isTerminal(st)) {
    const n = game.legalActions(st, legal);
    game.apply(st, legal[bot.int(n)]!);
  }
  return { text: st.log.text(), hash: game.hash(st) };
}

function firstDiffLine(a: string, b: string): number {
  const la = a.split('\n'), lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) if (la[i] !== lb[i]) return i + 1;
  return -1;
}
