// Flat Monte-Carlo and ISMCTS (bots/mcts.ts) play Seuils through the generic contract,
// unchanged: they beat uniform-random play with small budgets over a seeded sample, and they
// read the real position only to ask whose turn it is and to determinize it for their seat
// (§9), which keeps the seat's information set (observe.test checks determinize itself).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../../bots/bot.ts';
import { FlatMcBot, IsmctsBot } from '../../../bots/mcts.ts';
import { RandomBot } from '../../../bots/random.ts';
import type { Game } from '../../../src/core/game.ts';
import { SeededRng } from '../../../src/core/rng.ts';
import { makeSeuilsBot } from '../../../src/games/seuils/bot/index.ts';
import { seuilsMatchFromFiles, type Seuils, type SeuilsState } from '../../../src/games/seuils/index.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/seuils');
const DECKS = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort().map((f) => join(DIR, f));
const match = (a: number, b: number): Seuils => seuilsMatchFromFiles(DECKS[a % DECKS.length]!, DECKS[b % DECKS.length]!);

const flat = (seed: number) => new FlatMcBot<SeuilsState>(seed, { playouts: 0, budget: 6, depth: 12, rollout: null });
const ismcts = (seed: number) => new IsmctsBot<SeuilsState>(seed, { iterations: 8, ms: 0, c: 0.7, depth: 12, rollout: null, prior: null, bias: 1 });
const ismctsGuided = (seed: number) => new IsmctsBot<SeuilsState>(seed, {
  iterations: 8, ms: 0, c: 0.7, depth: 12, rollout: makeSeuilsBot(seed + 1), prior: null, bias: 1,
});

/** `games` seeded games of `hero` against uniform-random play, seats alternating, deck pairs rotating: the hero's wins. */
function series(games: number, hero: (g: number) => Bot<SeuilsState>, seedBase: number): { wins: number; games: number } {
  const legal = new Int32Array(4096);
  const out = new Float64Array(2);
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const seat = g & 1, pair = g >> 1;
    const game = match(pair, pair + 3);
    const st = game.allocState();
    game.newGame(st, seedBase * 100_003 + pair);
    const h = hero(g), rng = new SeededRng(seedBase + 17 * g);
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      game.apply(st, game.currentPlayer(st) === seat ? h.choose(game, st, legal, n) : legal[rng.int(n)]!);
    }
    game.returns(st, out);
    if (out[seat] === 1) wins++;
  }
  return { wins, games };
}

describe('searches against uniform-random play (small budgets, 6 seeded games each)', () => {
  it('flat Monte-Carlo (6 playouts a decision, depth 12) wins at least 5 of 6', () => {
    const t = series(6, flat, 21);
    console.log(`seuils flatmc vs random: ${t.wins}/${t.games}`);
    expect(t.wins).toBeGreaterThanOrEqual(5);
  });
  it('ISMCTS (8 iterations, depth 12) wins at least 5 of 6', () => {
    const t = series(6, ismcts, 22);
    console.log(`seuils ismcts vs random: ${t.wins}/${t.games}`);
    expect(t.wins).toBeGreaterThanOrEqual(5);
  });
  it('ISMCTS (8 iterations, depth 12) with the heuristic bot as rollout policy wins at least 5 of 6', () => {
    const t = series(6, ismctsGuided, 23);
    console.log(`seuils ismcts+heuristic vs random: ${t.wins}/${t.games}`);
    expect(t.wins).toBeGreaterThanOrEqual(5);
  });
});

/**
 * The game as a search sees it, recording every method called on the real position: a
 * search may ask whose turn it is and determinize it, nothing else (not its legal actions
 * either: it gets them as an argument), and never writes into it.
 */
function spy(game: Game<SeuilsState>, calls: Set<string>): { game: Game<SeuilsState>; setRoot(st: SeuilsState | null): void } {
  let root: SeuilsState | null = null;
  const proxy = new Proxy(game, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (root !== null && args.includes(root)) {
          calls.add(String(prop));
          if (prop === 'determinize') expect(args[3]).not.toBe(root);
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { game: proxy, setRoot: (st) => void (root = st) };
}

describe('searches never look at hidden information', () => {
  it('flat Monte-Carlo and ISMCTS read the real position only through currentPlayer and determinize, and leave it as it was', () => {
    const legal = new Int32Array(4096);
    const bots: [string, Bot<SeuilsState>][] = [['flatmc', flat(1)], ['ismcts', ismcts(2)], ['ismcts+heuristic', ismctsGuided(3)]];
    for (const [name, bot] of bots) {
      const calls = new Set<string>();
      let decisions = 0;
      for (let g = 0; g < 1; g++) {
        const real = match(g, 5 - g);
        const { game, setRoot } = spy(real, calls);
        const st = real.allocState();
        real.newGame(st, 40 + g);
        const other = new RandomBot<SeuilsState>(g);
        for (let k = 0; k < 60 && !real.isTerminal(st); k++) {
          const n = real.legalActions(st, legal);
          let a: number;
          if (real.currentPlayer(st) === 0 && n > 1) {
            const before = Int32Array.from(st.w);
            setRoot(st);
            a = bot.choose(game, st, legal, n);
            setRoot(null);
            expect(Array.from(st.w), name).toEqual(Array.from(before));
            decisions++;
          } else a = other.choose(real, st, legal, n);
          expect(Array.from(legal.subarray(0, n))).toContain(a);
          real.apply(st, a);
        }
      }
      expect(decisions, name).toBeGreaterThan(3);
      expect([...calls].sort(), name).toEqual(['currentPlayer', 'determinize']);
    }
  });
});
