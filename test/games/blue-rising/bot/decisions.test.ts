// The heuristic bot's decisions are pinned: seeded games per mode (heuristic against
// heuristic with each profile, and against random) are played through the engine, and the
// hash of every action taken and of every score the bot gave must match the constants
// recorded on the bot before it was split by concern and sped up (commit 60d7d8d). A change
// here changes games.csv, aggregates and logs for the same seeds.
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../../../bots/bot.ts';
import { RandomBot } from '../../../../bots/random.ts';
import { mixSeed } from '../../../../src/core/rng.ts';
import { HeuristicBot, loadProfile, type ProfileName } from '../../../../src/games/blue-rising/bot/index.ts';
import { matchFromFiles } from '../../../../src/games/blue-rising/index.ts';
import type { Mode } from '../../../../src/games/blue-rising/rules-options.ts';
import type { BRState } from '../../../../src/games/blue-rising/state.ts';
import { shippedDecks } from '../reference-digest.ts';

/** Every ordered pair of two different shipped decks of the mode. */
function deckPairs(mode: Mode): [string, string][] {
  const d = shippedDecks(mode);
  const out: [string, string][] = [];
  for (let i = 0; i < d.length; i++) for (let j = 0; j < d.length; j++) if (i !== j) out.push([d[i]!, d[j]!]);
  return out;
}

function fnv(h: number, x: number): number {
  return Math.imul(h ^ x, 0x01000193);
}

type Seat = ProfileName | 'random';
/** Seat pairings per mode: each profile against itself, the profiles against each other, and each against random. */
const MATCHUPS: [Seat, Seat][] = [
  ['aggro', 'aggro'], ['control', 'control'], ['midrange', 'midrange'],
  ['aggro', 'control'], ['control', 'midrange'], ['midrange', 'aggro'],
  ['aggro', 'random'], ['random', 'control'], ['midrange', 'random'],
];

/**
 * Plays `games` seeded games of one matchup; returns the hash of every action taken and the
 * hash of the exact bits of every score the heuristic seats gave (the ISMCTS prior uses them).
 */
function playMatchup(mode: Mode, seats: [Seat, Seat], games: number): { actions: string; scores: string; decisions: number } {
  const pairs = deckPairs(mode);
  let ha = 0x811c9dc5, hs = 0x811c9dc5, decisions = 0;
  const scores = new Float64Array(1024);
  const bits = new Uint32Array(scores.buffer);
  for (let g = 0; g < games; g++) {
    const [a, b] = pairs[g % pairs.length]!;
    const game = matchFromFiles(mode, a, b);
    const legal = new Int32Array(game.maxLegalActions);
    const seed = mixSeed(5150, g);
    const bots: Bot<BRState>[] = [];
    const probes: (HeuristicBot | null)[] = [];
    for (let s = 0; s < 2; s++) {
      const kind = seats[s]!;
      bots[s] = kind === 'random' ? new RandomBot(mixSeed(seed, s)) : new HeuristicBot(mixSeed(seed, s), loadProfile(kind));
      probes[s] = kind === 'random' ? null : new HeuristicBot(0, loadProfile(kind));
    }
    const st = game.allocState();
    game.newGame(st, seed);
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      const p = game.currentPlayer(st);
      const probe = probes[p];
      if (probe && n > 1) {
        probe.explain(st, legal, n, scores);
        for (let i = 0; i < 2 * n; i++) hs = fnv(hs, bits[i]!);
        decisions++;
      }
      const action = bots[p]!.choose(game, st, legal, n);
      ha = fnv(ha, action);
      game.apply(st, action);
    }
    ha = fnv(ha, -1);
  }
  const hex = (h: number) => (h >>> 0).toString(16).padStart(8, '0');
  return { actions: hex(ha), scores: hex(hs), decisions };
}

/** Recorded on commit 60d7d8d: `${matchup}` → [actions hash, scores hash, heuristic decisions]. */
const REFERENCE: Record<Mode, Record<string, [string, string, number]>> = {
  quick: {
    'aggro-aggro': ['73549a36', 'ba7c1c4f', 7035],
    'control-control': ['60aaf063', 'fb81b256', 8743],
    'midrange-midrange': ['241dd2ce', 'e7fcafd8', 9658],
    'aggro-control': ['52382b82', '1dc57264', 6760],
    'control-midrange': ['0da210ff', '0c33cbf8', 10122],
    'midrange-aggro': ['37ab31de', 'a6d33e46', 8719],
    'aggro-random': ['fbb141da', '835b6b4d', 2768],
    'random-control': ['21ea2638', '925113b5', 2950],
    'midrange-random': ['7fe203f6', '43b604bf', 2705],
  },
  standard: {
    'aggro-aggro': ['249767e1', '5b55090e', 5436],
    'control-control': ['509230c5', '1408c96d', 6921],
    'midrange-midrange': ['c5b10293', 'd3a60090', 6087],
    'aggro-control': ['b75b8a50', 'b158979f', 7671],
    'control-midrange': ['6c03f444', '9639e2a0', 6466],
    'midrange-aggro': ['495f1d47', '7d257b75', 6276],
    'aggro-random': ['9e252f12', '0d2c124c', 2539],
    'random-control': ['e9767b8a', 'c8b65fbc', 2725],
    'midrange-random': ['3d3065b9', '222b0498', 2399],
  },
};
const GAMES: Record<Mode, number> = { quick: 40, standard: 24 };

describe('decisions are those of the reference bot', () => {
  for (const mode of ['quick', 'standard'] as const) {
    it(`${mode}: ${MATCHUPS.length} matchups of ${GAMES[mode]} seeded games give the recorded actions and scores`, () => {
      const got: Record<string, [string, string, number]> = {};
      for (const m of MATCHUPS) {
        const r = playMatchup(mode, m, GAMES[mode]);
        got[m.join('-')] = [r.actions, r.scores, r.decisions];
      }
      console.log(`[decisions] ${mode}: ${JSON.stringify(got)}`);
      expect(got).toEqual(REFERENCE[mode]);
    });
  }
});
