// The rules keep two things after the state between listings (state.ts): each player's slot
// scan (C_SCAN_OK, C_SCAN) and the attacker's list at the end of step 2b (C_WIN_N, C_WIN).
// Neither may change a legal list, and a kept scan must hold what a fresh one finds: at every decision of random games (every shipped deck pair
// of both modes, through every phase and attack step), the list of the playing state, of a
// clone (which copies the cache) and of a copy of the state alone (no cache: every list
// computed afresh) must be the same.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SeededRng, mixSeed } from '../../../src/core/rng.ts';
import { matchFromFiles } from '../../../src/games/blue-rising/index.ts';
import type { Mode } from '../../../src/games/blue-rising/rules-options.ts';
import { CACHE_BASE, C_SCAN, C_SCAN_OK, C_WIN_N, Z_PHASE, Z_STEP, PH_WINDOW, SCAN_WORDS } from '../../../src/games/blue-rising/state.ts';
import { STEP_2B } from '../../../src/games/blue-rising/rules.ts';

const GAMES_PER_PAIR = 20;

function decksOf(mode: Mode): string[] {
  return readdirSync('decks').filter((f) => f.startsWith(`${mode}-`) && f.endsWith('.deck')).sort();
}

describe('the rules\' cache after the state never changes a legal list', () => {
  for (const mode of ['quick', 'standard'] as const) {
    it(`${mode}: playing state, clone and uncached copy list the same actions at every decision`, () => {
      const decks = decksOf(mode);
      let decisions = 0, scanHits = 0, savedLists = 0, scanChecks = 0;
      for (let i = 0; i < decks.length; i++) {
        const a = decks[i]!, b = decks[(i + 1) % decks.length]!;
        const game = matchFromFiles(mode, `decks/${a}`, `decks/${b}`);
        const st = game.allocState(), clone = game.allocState(), bare = game.allocState();
        const got = new Int32Array(game.maxLegalActions), viaClone = new Int32Array(game.maxLegalActions), fresh = new Int32Array(game.maxLegalActions);
        for (let g = 0; g < GAMES_PER_PAIR; g++) {
          const rng = new SeededRng(mixSeed(77, i * 100 + g));
          game.newGame(st, mixSeed(78, i * 100 + g));
          while (!game.isTerminal(st)) {
            // What the cache holds as this decision is listed (apply listed it already).
            if (st.w[C_SCAN_OK] !== 0) scanHits++;
            if (st.z[Z_PHASE] === PH_WINDOW && st.z[Z_STEP] === STEP_2B && st.w[C_WIN_N]! > 0) savedLists++;
            game.cloneInto(st, clone);
            clone.legalCount = -1; // list again through the cache the clone copied
            bare.bytes.set(st.bytes);
            bare.w.fill(0, CACHE_BASE);
            bare.legalCount = -1;
            const n = game.legalActions(st, got);
            const nc = game.legalActions(clone, viaClone);
            const nf = game.legalActions(bare, fresh);
            const where = `${a} vs ${b}, game ${g}, decision ${decisions}`;
            expect(Array.from(got.subarray(0, n)), where).toEqual(Array.from(fresh.subarray(0, nf)));
            expect(Array.from(viaClone.subarray(0, nc)), where).toEqual(Array.from(fresh.subarray(0, nf)));
            // A scan kept (and patched, board.ts) across steps holds the words a fresh scan finds.
            for (let p = 0; p < 2; p++) {
              if (((st.w[C_SCAN_OK]! & bare.w[C_SCAN_OK]!) >> p & 1) === 0) continue;
              const c = C_SCAN + p * SCAN_WORDS;
              expect(Array.from(st.w.subarray(c, c + SCAN_WORDS)), `${where}, scan of ${p}`).toEqual(Array.from(bare.w.subarray(c, c + SCAN_WORDS)));
              scanChecks++;
            }
            game.apply(st, got[rng.int(n)]!);
            decisions++;
          }
        }
      }
      // The check means something only if the caches were in use.
      expect(decisions).toBeGreaterThan(5_000);
      expect(scanHits).toBeGreaterThan(decisions / 4);
      expect(savedLists).toBeGreaterThan(0);
      expect(scanChecks).toBeGreaterThan(decisions / 2);
    });
  }
});

// The per-instance tables of rules.ts are kept per context (a simulation alternates two, seats
// swapped): games of two contexts played step by step in turn list what each lists alone.
describe('the rules\' per-context tables follow the context of the state listed', () => {
  it('two contexts stepped in turn list what each lists alone', () => {
    const quick = decksOf('quick');
    const a = `decks/${quick[0]!}`, b = `decks/${quick[1]!}`;
    const games = [matchFromFiles('quick', a, b), matchFromFiles('quick', b, a)];
    const out = new Int32Array(games[0]!.maxLegalActions);
    // FNV-1a over every list of a game, with the action played.
    const play = (k: number, seed: number, other: (() => void) | null): number => {
      const game = games[k]!, st = game.allocState(), rng = new SeededRng(seed);
      let h = 0x811c9dc5;
      game.newGame(st, seed);
      while (!game.isTerminal(st)) {
        other?.();
        const n = game.legalActions(st, out);
        for (let i = 0; i < n; i++) h = Math.imul(h ^ out[i]!, 0x01000193);
        game.apply(st, out[rng.int(n)]!);
      }
      return h >>> 0;
    };
    let interleaved = 0;
    for (let g = 0; g < 6; g++) {
      const alone = play(0, mixSeed(79, g), null);
      // A game of the other context advances one step before each step of this one.
      const o = games[1]!, ost = o.allocState(), orng = new SeededRng(mixSeed(80, g));
      o.newGame(ost, mixSeed(80, g));
      const step = () => {
        if (o.isTerminal(ost)) o.newGame(ost, mixSeed(81, g));
        const n = o.legalActions(ost, out);
        o.apply(ost, out[orng.int(n)]!);
        interleaved++;
      };
      expect(play(0, mixSeed(79, g), step), `game ${g}`).toBe(alone);
    }
    expect(interleaved).toBeGreaterThan(500);
  });
});
