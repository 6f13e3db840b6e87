// Information sets and determinization (§9, D9): hands and deck orders are hidden, the
// mulligan's bottom cards are known to their owner only, everything in play is public.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { buildPosition, zoneNames } from '../../../src/games/seuils/scenario.ts';
import { O_DECK, O_DECK_N, O_HAND_N, O_KNOWN } from '../../../src/games/seuils/state.ts';

function position(bHand: string[], bDeck: string[]) {
  const pos = buildPosition({
    sides: [
      { board: ['Garde', 'Cristal'], hand: ['Bouclier', 'Brute'], deck: ['Racine', 'Colosse', 'Veilleur', 'Garde', 'Cristal'] },
      { board: ['Veilleur', 'Braise'], hand: bHand, deck: bDeck },
    ],
  });
  pos.st.w[O_KNOWN] = 2; // seat 0 put its two bottom cards there (D9)
  pos.st.w[O_KNOWN + 1] = 1;
  return pos;
}

const obs = (pos: ReturnType<typeof position>, seat: number) => {
  const out = new Int32Array(pos.game.observationLength);
  const n = pos.game.observe(pos.st, seat, out);
  return Array.from(out.subarray(0, n));
};

describe('observe', () => {
  it('the opponent\'s hand and deck (their bottom included) are hidden from a seat, not from their owner', () => {
    const a = position(['Flammes', 'Brute', 'Racine'], ['Garde', 'Racine', 'Bastion']);
    const b = position(['Garde', 'Bastion', 'Racine'], ['Flammes', 'Racine', 'Brute']);
    expect(obs(a, 0)).toEqual(obs(b, 0));
    expect(obs(a, 1)).not.toEqual(obs(b, 1));
    expect(obs(a, 0).length).toBe(a.game.observationLength);
  });
  it('a seat\'s own known bottom cards are part of its observation (D9), the order of the rest of its deck is not', () => {
    const a = position(['Flammes'], ['Garde']);
    expect(zoneNames(a, 0, 'deck')).toEqual(['Cristal', 'Garde', 'Veilleur', 'Colosse', 'Racine']);
    const swap = (i: number, j: number) => {
      const p = position(['Flammes'], ['Garde']);
      const w = p.st.w;
      const t = w[O_DECK + i]!;
      w[O_DECK + i] = w[O_DECK + j]!;
      w[O_DECK + j] = t;
      return p;
    };
    expect(obs(swap(3, 4), 0)).toEqual(obs(a, 0)); // above the known bottom: unknown order
    expect(obs(swap(0, 1), 0)).not.toEqual(obs(a, 0)); // the known bottom's order is known
    expect(obs(swap(0, 1), 1)).toEqual(obs(a, 1)); // and hidden from the opponent
  });
});

describe('determinize', () => {
  it('keeps the seat\'s observation and every count, keeps its known bottom, and resamples the opponent\'s hidden cards', () => {
    const pos = position(['Flammes', 'Brute', 'Racine'], ['Garde', 'Racine', 'Bastion']);
    const g = pos.game;
    const det = g.allocState();
    const o1 = obs(pos, 0);
    const hands = new Set<string>();
    const tops = new Set<string>();
    for (let i = 0; i < 40; i++) {
      g.determinize(pos.st, 0, new SeededRng(i), det);
      const d = { game: g, st: det };
      const o2 = new Int32Array(g.observationLength);
      g.observe(det, 0, o2);
      expect(Array.from(o2)).toEqual(o1);
      for (const o of [O_HAND_N, O_DECK_N]) expect([det.w[o], det.w[o + 1]]).toEqual([pos.st.w[o], pos.st.w[o + 1]]);
      expect(zoneNames(d, 0, 'deck').slice(0, 2)).toEqual(['Cristal', 'Garde']); // the known bottom stays
      expect(zoneNames(d, 0, 'hand')).toEqual(['Bouclier', 'Brute']);
      expect([...zoneNames(d, 1, 'hand'), ...zoneNames(d, 1, 'deck')].sort()).toEqual(['Bastion', 'Brute', 'Flammes', 'Garde', 'Racine', 'Racine']);
      hands.add(zoneNames(d, 1, 'hand').join(','));
      tops.add(zoneNames(d, 0, 'deck').slice(2).join(','));
    }
    expect(hands.size).toBeGreaterThan(5);
    expect(tops.size).toBeGreaterThan(2);
    expect(pos.st.w[O_KNOWN]).toBe(2);
  });
});
