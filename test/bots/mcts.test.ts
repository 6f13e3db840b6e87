// The Monte-Carlo bots: no peeking, reproducible from their seed, legal moves only, and
// stronger than random.
import { describe, expect, it } from 'vitest';
import { makeBot, parseBotSpec, registerRollout, unregisterRollout } from '../../bots/index.ts';
import '../../src/games/registry.ts'; // registers each game's heuristic bot
import { RandomBot } from '../../bots/random.ts';
import { HeuristicBot, loadProfile } from '../../src/games/blue-rising/bot/index.ts';
import { SeededRng } from '../../src/core/rng.ts';
import { matchFromFiles } from '../../src/games/blue-rising/index.ts';
import type { BRState } from '../../src/games/blue-rising/state.ts';

const game = matchFromFiles('quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck');

/** States sampled from random games, each with a twin in the same information set. */
function twins(count: number): [BRState, BRState][] {
  const out: [BRState, BRState][] = [];
  const rng = new SeededRng('twins');
  const legal = new Int32Array(game.maxLegalActions);
  const obsA = new Int32Array(game.observationLength), obsB = new Int32Array(game.observationLength);
  for (let g = 0; out.length < count; g++) {
    const st = game.allocState();
    game.newGame(st, 1000 + g);
    while (!game.isTerminal(st) && out.length < count) {
      const n = game.legalActions(st, legal);
      if (n > 1 && rng.int(12) === 0) {
        const seat = game.currentPlayer(st);
        const a = game.allocState(), b = game.allocState();
        game.cloneInto(st, a);
        game.determinize(st, seat, rng, b); // other hidden cards, other chance stream
        const la = game.observe(a, seat, obsA), lb = game.observe(b, seat, obsB);
        expect(Array.from(obsA.subarray(0, la))).toEqual(Array.from(obsB.subarray(0, lb)));
        out.push([a, b]);
      }
      game.apply(st, legal[rng.int(n)]!);
    }
  }
  return out;
}

describe('no peeking', () => {
  const pairs = twins(40);
  for (const spec of ['flatmc:playouts=3,depth=20', 'ismcts:iterations=60,depth=20', 'ismcts:iterations=30,depth=8,rollout=heuristic,prior=heuristic']) {
    it(`${spec}: the same decision in two states of one information set`, () => {
      const la = new Int32Array(game.maxLegalActions), lb = new Int32Array(game.maxLegalActions);
      let differentHidden = 0;
      for (const [a, b] of pairs) {
        const na = game.legalActions(a, la), nb = game.legalActions(b, lb);
        expect(Array.from(la.subarray(0, na))).toEqual(Array.from(lb.subarray(0, nb)));
        if (game.hash(a) !== game.hash(b)) differentHidden++;
        const s = parseBotSpec(spec);
        const x = makeBot<BRState>(s, 42).choose(game, a, la, na);
        const y = makeBot<BRState>(s, 42).choose(game, b, lb, nb);
        expect(y).toBe(x);
      }
      expect(differentHidden).toBeGreaterThan(pairs.length / 2);
    });
  }
});

describe('Monte-Carlo bots', () => {
  it('are reproducible from their seed and play only legal actions', () => {
    const legal = new Int32Array(game.maxLegalActions);
    for (const spec of ['flatmc:playouts=2,depth=10', 'ismcts:iterations=40,depth=10']) {
      const transcript = (): number[] => {
        const st = game.allocState();
        game.newGame(st, 5);
        const bots = [makeBot<BRState>(parseBotSpec(spec), 9), makeBot<BRState>(parseBotSpec('random'), 10)];
        const seq: number[] = [];
        while (!game.isTerminal(st) && seq.length < 400) {
          const n = game.legalActions(st, legal);
          const a = bots[game.currentPlayer(st)]!.choose(game, st, legal, n);
          expect(Array.from(legal.subarray(0, n))).toContain(a);
          seq.push(a);
          game.apply(st, a);
        }
        return seq;
      };
      expect(transcript()).toEqual(transcript());
    }
  });

  it('ismcts beats random with the weaker deck', () => {
    // Veilleurs wins about 21% of random-vs-random games against Gardiens (npm start).
    const legal = new Int32Array(game.maxLegalActions);
    let wins = 0;
    const games = 16;
    for (let g = 0; g < games; g++) {
      const st = game.allocState();
      game.newGame(st, 77 + g);
      // Seat 1 plays Veilleurs with ISMCTS.
      const bots = [makeBot<BRState>(parseBotSpec('random'), g), makeBot<BRState>(parseBotSpec('ismcts:iterations=80'), g)];
      while (!game.isTerminal(st)) {
        const n = game.legalActions(st, legal);
        game.apply(st, bots[game.currentPlayer(st)]!.choose(game, st, legal, n));
      }
      if (game.outcome(st)!.winner === 1) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(13);
  }, 180_000);
});

describe('bot options', () => {
  it('refuse unknown names, options and out-of-range values with the choices', () => {
    expect(() => parseBotSpec('ismcts:iterations=0')).toThrow(/iterations=0: expected an integer in 1\.\.10000000/);
    expect(() => parseBotSpec('ismcts:speed=3')).toThrow(/unknown option "speed" \(valid: iterations, ms, c, rollout, depth, prior, bias\)/);
    expect(() => parseBotSpec('ismcts:prior=oracle')).toThrow(/option prior=oracle: expected one of none, heuristic/);
    expect(() => parseBotSpec('ismcts:bias=101')).toThrow(/bias=101: expected a number in 0\.\.100/);
    expect(() => parseBotSpec('ismcts:c=-1')).toThrow(/c=-1: expected a number/);
    expect(() => parseBotSpec('ismcts:rollout=smart')).toThrow(/expected one of random, heuristic/);
    expect(() => parseBotSpec('ismcts:ms=50,iterations=100')).toThrow(/iterations or ms, not both/);
    expect(() => parseBotSpec('alphazero')).toThrow(/unknown bot "alphazero" \(valid: random, heuristic, flatmc, ismcts/);
    expect(parseBotSpec('ismcts:ms=50').options.iterations).toBeUndefined();
  });

  it('offer as a prior only the rollout policies that score actions', () => {
    // A policy that only picks moves can drive rollouts but would add nothing as a prior.
    registerRollout('picker', <S>(seed: number) => new RandomBot(seed) as never);
    try {
      expect(parseBotSpec('ismcts:rollout=picker').options.rollout).toBe('picker');
      expect(() => parseBotSpec('ismcts:prior=picker')).toThrow(/option prior=picker: expected one of none, heuristic$/);
    } finally {
      unregisterRollout('picker');
    }
    expect(() => parseBotSpec('ismcts:rollout=picker')).toThrow(/expected one of random, heuristic$/);
  });
});

describe('ISMCTS with a prior policy', () => {
  it('expands the policy’s best-scored action first: with one iteration it plays the heuristic’s choice', () => {
    const legal = new Int32Array(game.maxLegalActions);
    const scores = new Float64Array(game.maxLegalActions);
    const judge = new HeuristicBot(1, loadProfile('midrange'));
    let checked = 0, differsFromFirst = 0;
    for (const [st] of twins(30)) {
      const n = game.legalActions(st, legal);
      judge.explain(st, legal, n, scores);
      let top = -Infinity;
      for (let i = 0; i < n; i++) top = Math.max(top, scores[i]!);
      // The bot scores its own determinization; the heuristic's scores depend only on what the
      // seat knows (test/games/blue-rising/bot/heuristic.test.ts), so they are the scores of `st`.
      const a = makeBot<BRState>(parseBotSpec('ismcts:iterations=1,prior=heuristic'), 3).choose(game, st, legal, n);
      const i = Array.from(legal.subarray(0, n)).indexOf(a);
      expect(scores[i]).toBe(top);
      if (scores[0] !== top) differsFromFirst++;
      checked++;
    }
    expect(checked).toBe(30);
    expect(differsFromFirst).toBeGreaterThan(5);
  });
});
