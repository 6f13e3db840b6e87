// Paired games (metrics.md, "Paired games"): a seed played twice with seats swapped deals each
// deck the same shuffles — its own stream, seeded from (seed, deck) — and each bot keeps its
// stream when its deck changes seat (src/core/seeds.ts botSeed).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomBot } from '../../bots/random.ts';
import { botSeed } from '../../src/core/seeds.ts';
import { matchFromFiles, type BlueRising, type BRState } from '../../src/games/blue-rising/index.ts';
import type { RuleOptions } from '../../src/games/blue-rising/rules-options.ts';
import { Z_DECK, Z_DECK_N, Z_FIRST, Z_HAND, Z_HAND_N, Z_MULL_DONE, Z_PHASE, PH_MAIN, PH_MULLIGAN, ZONE_CAP } from '../../src/games/blue-rising/state.ts';
import { QUICK_E, QUICK_G, QUICK_V, ROOT } from './helpers.ts';

const G = join(ROOT, QUICK_G);
const V = join(ROOT, QUICK_V);
const E = join(ROOT, QUICK_E);

const name = (st: BRState, inst: number) => st.ctx.cat.names[st.ctx.cardOf[inst]!]!;
/** Seat p's deck, top first (the top of a zone is its last entry). */
const deckOrder = (st: BRState, p: number) =>
  Array.from({ length: st.z[Z_DECK_N + p]! }, (_, i) => name(st, st.z[Z_DECK + p * ZONE_CAP + st.z[Z_DECK_N + p]! - 1 - i]!));
/** Seat p's hand, in the order the cards came in. */
const hand = (st: BRState, p: number) => Array.from({ length: st.z[Z_HAND_N + p]! }, (_, i) => name(st, st.z[Z_HAND + p * ZONE_CAP + i]!));

type Policy = (legal: Int32Array, n: number) => number;
const firstLegal: Policy = (legal) => legal[0]!;

/** Plays decisions with `policy` until the phase is at least `until` (PH_MULLIGAN: dealt; PH_MAIN: mulligans done). */
function playTo(game: BlueRising, seed: number, until: number, policy: Policy = firstLegal, mulligan: Policy = policy): BRState {
  const st = game.allocState();
  game.newGame(st, seed);
  const legal = new Int32Array(game.maxLegalActions);
  let guard = 0;
  while (st.z[Z_PHASE]! < until) {
    const n = game.legalActions(st, legal);
    game.apply(st, st.z[Z_PHASE] === PH_MULLIGAN ? mulligan(legal, n) : policy(legal, n));
    if (++guard > 100) throw new Error('setup did not end');
  }
  return st;
}

/** Deck X's cards as dealt: its hand in draw order, then its deck from the top. */
const dealtSequence = (st: BRState, seat: number) => [...hand(st, seat), ...deckOrder(st, seat)];

describe('paired games see identical shuffles', () => {
  const seeds = [1, 42, 1494465409, 2 ** 32 - 1];

  it('deck A and deck B are dealt the same order and opening cards with seats swapped', () => {
    const ab = matchFromFiles('quick', G, V);
    const ba = matchFromFiles('quick', V, G);
    for (const seed of seeds) {
      const s1 = playTo(ab, seed, PH_MAIN);
      const s2 = playTo(ba, seed, PH_MAIN);
      expect(s1.z[Z_MULL_DONE]! + s1.z[Z_MULL_DONE + 1]!).toBe(2);
      // Deck A: seat 0 in the first game, seat 1 in the second; deck B the other way round.
      for (const [x1, x2] of [[0, 1], [1, 0]] as const) {
        const seq1 = dealtSequence(s1, x1);
        const seq2 = dealtSequence(s2, x2);
        expect(seq1.length).toBe(31 - 1 - 3); // quick: 31 cards, the Environment, 3 setup Aspirants
        expect(seq2).toEqual(seq1);
        // The first player draws 3 and the second 5 (R13); the first player is a seat, so the
        // deck that opens is swapped too: the shorter opening hand is the longer one's start.
        const [h1, h2] = [hand(s1, x1), hand(s2, x2)];
        const [short, long] = h1.length <= h2.length ? [h1, h2] : [h2, h1];
        expect(long.slice(0, short.length)).toEqual(short);
        // What is left in the deck is the same sequence, less the extra cards the second player drew.
        const [d1, d2] = [deckOrder(s1, x1), deckOrder(s2, x2)];
        expect(h1.length > h2.length ? [...h1.slice(h2.length), ...d1] : d1).toEqual(h2.length > h1.length ? [...h2.slice(h1.length), ...d2] : d2);
      }
      expect(s1.z[Z_FIRST]).toBe(s2.z[Z_FIRST]);
    }
  });

  it('with equal opening draws, the opening hands and decks are identical, card for card', () => {
    const rules: Partial<RuleOptions> = { openingDraw: [4, 4] };
    const ab = matchFromFiles('quick', G, E, { rules });
    const ba = matchFromFiles('quick', E, G, { rules });
    // Keep every hand, then send every hand back (the last mulligan action): both reshuffle the same way.
    const sendAll: Policy = (legal, n) => legal[n - 1]!;
    for (const mulligan of [firstLegal, sendAll]) {
      for (const seed of seeds) {
        for (const until of [PH_MULLIGAN, PH_MAIN]) {
          const s1 = playTo(ab, seed, until, firstLegal, mulligan);
          const s2 = playTo(ba, seed, until, firstLegal, mulligan);
          for (const [x1, x2] of [[0, 1], [1, 0]] as const) {
            expect(hand(s1, x1)).toHaveLength(4);
            expect(hand(s2, x2)).toEqual(hand(s1, x1));
            expect(deckOrder(s2, x2)).toEqual(deckOrder(s1, x1));
          }
        }
      }
    }
    // The mulligan really changed the hands (else the second policy would prove nothing).
    const kept = playTo(ab, 42, PH_MAIN, firstLegal, firstLegal);
    const sent = playTo(ab, 42, PH_MAIN, firstLegal, sendAll);
    expect(hand(sent, 0)).not.toEqual(hand(kept, 0));
  });

  it('a different seed gives a different order', () => {
    const ab = matchFromFiles('quick', G, V);
    const orders = seeds.map((seed) => playTo(ab, seed, PH_MULLIGAN)).map((st) => [dealtSequence(st, 0).join('|'), dealtSequence(st, 1).join('|')]);
    for (const seat of [0, 1]) expect(new Set(orders.map((o) => o[seat])).size).toBe(seeds.length);
    // Seed 1 versus seed 2, and the setup was the same in both (the deck order is all that changed).
    const a = playTo(ab, 1, PH_MULLIGAN);
    const b = playTo(ab, 2, PH_MULLIGAN);
    expect(dealtSequence(b, 0)).not.toEqual(dealtSequence(a, 0));
    expect([...dealtSequence(b, 0)].sort()).toEqual([...dealtSequence(a, 0)].sort());
  });

  it('a mirror match deals the two seats different orders', () => {
    const gg = matchFromFiles('quick', G, G);
    const st = playTo(gg, 5, PH_MULLIGAN);
    expect(st.z[Z_PHASE]).toBe(PH_MULLIGAN);
    expect(dealtSequence(st, 1)).not.toEqual(dealtSequence(st, 0));
  });
});

describe('bot streams follow the deck, not the seat', () => {
  const draws = (seed: number) => {
    const bot = new RandomBot(seed);
    const legal = Int32Array.from({ length: 1000 }, (_, i) => i);
    return Array.from({ length: 20 }, () => bot.choose(null as never, null, legal, 1000));
  };

  it('botSeed gives a deck the same stream in either seat', () => {
    const ab = matchFromFiles('quick', G, V);
    const ba = matchFromFiles('quick', V, G);
    const [kG, kV] = [ab.seatKey(0), ab.seatKey(1)];
    expect(ba.seatKey(1)).toBe(kG);
    expect(ba.seatKey(0)).toBe(kV);
    expect(kG).not.toBe(kV);
    for (const seed of [0, 7, 1494465409]) {
      // As shard.ts and replay.ts derive them: botSeed(seed, own key, other key, seat).
      const gInAB = botSeed(seed, ab.seatKey(0), ab.seatKey(1), 0);
      const gInBA = botSeed(seed, ba.seatKey(1), ba.seatKey(0), 1);
      const vInAB = botSeed(seed, ab.seatKey(1), ab.seatKey(0), 1);
      const vInBA = botSeed(seed, ba.seatKey(0), ba.seatKey(1), 0);
      expect(gInBA).toBe(gInAB);
      expect(vInBA).toBe(vInAB);
      expect(vInAB).not.toBe(gInAB);
      expect(draws(gInBA)).toEqual(draws(gInAB));
      expect(draws(vInAB)).not.toEqual(draws(gInAB));
      // And a new seed gives a new stream.
      expect(botSeed(seed + 1, kG, kV, 0)).not.toBe(gInAB);
    }
  });

  it('in a mirror match the two seats get different streams', () => {
    const gg = matchFromFiles('quick', G, G);
    expect(gg.seatKey(0)).toBe(gg.seatKey(1));
    const s0 = botSeed(9, gg.seatKey(0), gg.seatKey(1), 0);
    const s1 = botSeed(9, gg.seatKey(1), gg.seatKey(0), 1);
    expect(s1).not.toBe(s0);
    expect(draws(s1)).not.toEqual(draws(s0));
  });
});
