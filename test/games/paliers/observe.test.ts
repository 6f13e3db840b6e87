// Information sets (§12): hands and deck orders are hidden, everything else is public;
// determinize deals the opponent's unseen cards anew and keeps the seat's observation.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { palMatchFromFiles } from '../../../src/games/paliers/index.ts';
import { INST, O_DECK, O_DECK_N, O_GRAVE_N, O_HAND, O_HAND_N, O_PHASE, O_ZONE, PH_MULLIGAN, Z_CHAR, Z_GRAVE, Z_PLACE } from '../../../src/games/paliers/state.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/paliers');
const game = palMatchFromFiles(join(DIR, 'speedrun.deck'), join(DIR, 'alteres.deck'));

/** A state after `n` random decisions from seed. */
function played(seed: number, n: number) {
  const st = game.allocState();
  game.newGame(st, seed);
  const rng = new SeededRng(seed);
  const buf = new Int32Array(game.maxLegalActions);
  for (let i = 0; i < n && !game.isTerminal(st); i++) game.apply(st, buf[rng.int(game.legalActions(st, buf))]!);
  return st;
}
const obs = (st: ReturnType<typeof played>, seat: number) => {
  const out = new Int32Array(game.observationLength);
  return Array.from(out.subarray(0, game.observe(st, seat, out)));
};
const names = (st: ReturnType<typeof played>, p: number, off: number, nOff: number) => {
  const out: string[] = [];
  for (let i = 0; i < st.w[nOff + p]!; i++) out.push(game.ctx.cat.names[game.ctx.cardOf[st.w[off + p * INST + i]!]!]!);
  return out;
};

describe('observe', () => {
  it('swapping a card of the opponent\'s hand with one of their deck changes nothing for the seat, everything for the owner', () => {
    const st = played(3, 40);
    expect(st.w[O_PHASE]).not.toBe(PH_MULLIGAN);
    const t = game.allocState();
    game.cloneInto(st, t);
    // Find a hand card and a deck card of seat 1 with different names, and swap them.
    const h = O_HAND + INST, d = O_DECK + INST;
    let j = 0;
    while (game.ctx.cardOf[t.w[d + j]!] === game.ctx.cardOf[t.w[h]!]) j++;
    const a = t.w[h]!, b = t.w[d + j]!;
    t.w[h] = b;
    t.w[d + j] = a;
    const za = t.w[O_ZONE + a]!;
    t.w[O_ZONE + a] = t.w[O_ZONE + b]!;
    t.w[O_ZONE + b] = za;
    expect(obs(t, 0)).toEqual(obs(st, 0));
    expect(obs(t, 1)).not.toEqual(obs(st, 1));
  });
  it('the order of one\'s own deck is hidden from oneself too', () => {
    const st = played(5, 30);
    const t = game.allocState();
    game.cloneInto(st, t);
    const n = t.w[O_DECK_N]!;
    const x = t.w[O_DECK]!;
    t.w[O_DECK] = t.w[O_DECK + n - 1]!;
    t.w[O_DECK + n - 1] = x;
    expect(obs(t, 0)).toEqual(obs(st, 0));
  });
  it('the table and both graveyards are public (D2)', () => {
    const st = played(11, 150);
    const o0 = obs(st, 0), o1 = obs(st, 1);
    expect(st.w[O_GRAVE_N]! + st.w[O_GRAVE_N + 1]!).toBeGreaterThan(0);
    // Both seats see the same card for every instance on the table or in a graveyard.
    let shown = 0;
    for (let g = 0; g < 2 * INST; g++) {
      const z = st.w[O_ZONE + g];
      if (z === Z_CHAR || z === Z_PLACE || z === Z_GRAVE) shown++;
    }
    expect(shown).toBeGreaterThan(0);
    expect(o0.length).toBe(o1.length);
  });
});

describe('determinize', () => {
  it('keeps the seat\'s observation, hand and counts, and deals the opponent\'s unseen cards anew', () => {
    const st = played(7, 60);
    const det = game.allocState();
    const rng = new SeededRng(1);
    const hands = new Set<string>();
    for (let k = 0; k < 20; k++) {
      game.determinize(st, 0, rng, det);
      expect(obs(det, 0)).toEqual(obs(st, 0));
      expect(names(det, 0, O_HAND, O_HAND_N)).toEqual(names(st, 0, O_HAND, O_HAND_N));
      expect(det.w[O_HAND_N + 1]).toBe(st.w[O_HAND_N + 1]);
      expect(det.w[O_DECK_N + 1]).toBe(st.w[O_DECK_N + 1]);
      // The opponent's hand and deck together hold the same cards (the deck list minus the seen ones).
      const pool = (s: typeof st) => [...names(s, 1, O_HAND, O_HAND_N), ...names(s, 1, O_DECK, O_DECK_N)].sort();
      expect(pool(det)).toEqual(pool(st));
      hands.add(names(det, 1, O_HAND, O_HAND_N).sort().join('|'));
    }
    expect(hands.size).toBeGreaterThan(5);
  });
  it('play goes on from a determinized state', () => {
    const st = played(9, 40);
    const det = game.allocState();
    game.determinize(st, game.currentPlayer(st), new SeededRng(2), det);
    const buf = new Int32Array(game.maxLegalActions);
    const rng = new SeededRng(3);
    let n = 0;
    while (!game.isTerminal(det) && n++ < 20000) game.apply(det, buf[rng.int(game.legalActions(det, buf))]!);
    expect(game.isTerminal(det)).toBe(true);
  });
});
