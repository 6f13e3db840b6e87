// One check for every game: flat Monte-Carlo and ISMCTS (bots/mcts.ts) play it through the
// generic contract, unchanged. They beat uniform-random play with small budgets over a
// seeded sample, and they read the real position only to ask whose turn it is and to
// determinize it for their seat, which keeps the seat's information set (each game's
// observe test checks determinize itself). Each game's search.test.ts says what to play.
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../bots/bot.ts';
import { RandomBot } from '../../bots/random.ts';
import type { Game } from '../../src/core/game.ts';
import { SeededRng } from '../../src/core/rng.ts';

export interface SearchBot<S> {
  /** How the test names it, with its budget: "flat Monte-Carlo (6 playouts a decision, depth 12)". */
  label: string;
  /** Short name in the console line. */
  name: string;
  make(seed: number): Bot<S>;
}

export interface SearchSuite<S> {
  game: string;
  /** A match between two of the game's shipped decks, by index (wrapping). */
  match(a: number, b: number): Game<S>;
  bots: readonly SearchBot<S>[];
  /** Seeded games per bot against random play, and the wins each must reach. */
  games: number;
  minWins: number;
  /** First seed of each bot's series (one per bot, in order). */
  seeds: readonly number[];
  /** Games and decisions of the hidden-information check. */
  spyGames: number;
  minDecisions: number;
  /** The position's contents, to check a search leaves it as it was (omit: not checked). */
  snapshot?(st: S): unknown;
  legalSize: number;
}

/** `games` seeded games of `hero` against uniform-random play, seats alternating, deck pairs rotating: the hero's wins. */
export function searchSeries<S>(suite: SearchSuite<S>, hero: (g: number) => Bot<S>, seedBase: number): { wins: number; games: number } {
  const legal = new Int32Array(suite.legalSize);
  const out = new Float64Array(2);
  let wins = 0;
  for (let g = 0; g < suite.games; g++) {
    const seat = g & 1, pair = g >> 1;
    const game = suite.match(pair, pair + 3);
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
  return { wins, games: suite.games };
}

/**
 * The game as a search sees it, recording every method called on the real position: a
 * search may ask whose turn it is and determinize it, nothing else (not its legal actions
 * either: it gets them as an argument), and never writes into it.
 */
export function spyOnPosition<S>(game: Game<S>, calls: Set<string>): { game: Game<S>; setRoot(st: S | null): void } {
  let root: S | null = null;
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

export function searchSuite<S>(suite: SearchSuite<S>): void {
  describe(`${suite.game}: searches against uniform-random play (small budgets, ${suite.games} seeded games each)`, () => {
    suite.bots.forEach((bot, i) => {
      it(`${bot.label} wins at least ${suite.minWins} of ${suite.games}`, () => {
        const t = searchSeries(suite, bot.make, suite.seeds[i]!);
        console.log(`${suite.game} ${bot.name} vs random: ${t.wins}/${t.games}`);
        expect(t.wins).toBeGreaterThanOrEqual(suite.minWins);
      });
    });
  });

  describe(`${suite.game}: searches never look at hidden information`, () => {
    it('flat Monte-Carlo and ISMCTS read the real position only through currentPlayer and determinize, and leave it as it was', () => {
      const legal = new Int32Array(suite.legalSize);
      suite.bots.forEach((spec, i) => {
        const bot = spec.make(i + 1);
        const calls = new Set<string>();
        let decisions = 0;
        for (let g = 0; g < suite.spyGames; g++) {
          const real = suite.match(g, 5 - g);
          const { game, setRoot } = spyOnPosition(real, calls);
          const st = real.allocState();
          real.newGame(st, 40 + g);
          const other = new RandomBot<S>(g);
          for (let k = 0; k < 60 && !real.isTerminal(st); k++) {
            const n = real.legalActions(st, legal);
            let a: number;
            if (real.currentPlayer(st) === 0 && n > 1) {
              const before = suite.snapshot?.(st);
              setRoot(st);
              a = bot.choose(game, st, legal, n);
              setRoot(null);
              if (suite.snapshot) expect(suite.snapshot(st), spec.name).toEqual(before);
              decisions++;
            } else a = other.choose(real, st, legal, n);
            expect(Array.from(legal.subarray(0, n))).toContain(a);
            real.apply(st, a);
          }
        }
        expect(decisions, spec.name).toBeGreaterThan(suite.minDecisions);
        expect([...calls].sort(), spec.name).toEqual(['currentPlayer', 'determinize']);
      });
    });
  });
}
