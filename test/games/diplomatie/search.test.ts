// Flat Monte-Carlo and ISMCTS (bots/mcts.ts) play Diplomatie through the generic contract,
// unchanged: they beat uniform-random play with small budgets, and they read the real
// position only to ask whose turn it is and to determinize it for their seat (§12).
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../../bots/bot.ts';
import { FlatMcBot, IsmctsBot } from '../../../bots/mcts.ts';
import { RandomBot } from '../../../bots/random.ts';
import { makeDiplomatieRollout } from '../../../src/games/diplomatie/bot/index.ts';
import type { DipState } from '../../../src/games/diplomatie/state.ts';
import { DECKS, match, playSeries } from './bot-helpers.ts';
import { spyOnPosition } from '../search-suite.ts';

const flat = (seed: number) => new FlatMcBot<DipState>(seed, { playouts: 0, budget: 24, depth: 20, rollout: null });
const ismcts = (seed: number) => new IsmctsBot<DipState>(seed, { iterations: 32, ms: 0, c: 0.7, depth: 20, rollout: null, prior: null, bias: 1 });
const ismctsGuided = (seed: number) => new IsmctsBot<DipState>(seed, {
  iterations: 16, ms: 0, c: 0.7, depth: 12, rollout: makeDiplomatieRollout(seed + 1), prior: makeDiplomatieRollout(seed + 2), bias: 1,
});

describe('searches against uniform-random play (small budgets)', () => {
  const random = (g: number) => new RandomBot<DipState>(9000 + g);
  it('flat Monte-Carlo (24 playouts a decision, depth 20) wins most games', () => {
    const t = playSeries(4, flat, random, 11);
    console.log(`flatmc vs random: ${t.wins}/${t.games} (PD ${t.pdWins}, PV ${t.pvWins})`);
    expect(t.wins).toBeGreaterThanOrEqual(3);
  });
  it('ISMCTS (32 iterations, depth 20) wins most games', () => {
    const t = playSeries(4, ismcts, random, 12);
    console.log(`ismcts vs random: ${t.wins}/${t.games} (PD ${t.pdWins}, PV ${t.pvWins})`);
    expect(t.wins).toBeGreaterThanOrEqual(3);
  });
  it('ISMCTS with the heuristic bot as rollout policy and prior wins most games', () => {
    const t = playSeries(4, ismctsGuided, random, 13);
    console.log(`ismcts+heuristic vs random: ${t.wins}/${t.games} (PD ${t.pdWins}, PV ${t.pvWins})`);
    expect(t.wins).toBeGreaterThanOrEqual(3);
  });
});

describe('searches never look at hidden information', () => {
  it('flat Monte-Carlo and ISMCTS read the real position only through currentPlayer and determinize', () => {
    const legal = new Int32Array(2048);
    const bots: [string, Bot<DipState>][] = [['flatmc', flat(1)], ['ismcts', ismcts(2)], ['ismcts+heuristic', ismctsGuided(3)]];
    for (const [name, bot] of bots) {
      const calls = new Set<string>();
      let decisions = 0;
      for (let g = 0; g < 2; g++) {
        const real = match(DECKS[g]!, DECKS[5 - g]!);
        const { game, setRoot } = spyOnPosition(real, calls);
        const st = real.allocState();
        real.newGame(st, 40 + g);
        const other = new RandomBot<DipState>(g);
        for (let k = 0; k < 60 && !real.isTerminal(st); k++) {
          const n = real.legalActions(st, legal);
          const seat = real.currentPlayer(st);
          let a: number;
          if (seat === 0 && n > 1) {
            setRoot(st);
            a = bot.choose(game, st, legal, n);
            setRoot(null);
            decisions++;
          } else a = other.choose(real, st, legal, n);
          expect(Array.from(legal.subarray(0, n))).toContain(a);
          real.apply(st, a);
        }
      }
      expect(decisions, name).toBeGreaterThan(5);
      expect([...calls].sort(), name).toEqual(['currentPlayer', 'determinize']);
    }
  });
});
