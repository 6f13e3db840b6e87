// Information sets and determinization (rules §12, D37).
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { act, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import { INST_PER_PLAYER, O_DECK_N, O_DIP_N, O_HAND_N, O_HOST, O_PUBLIC, O_ZONE, Z_ATTACHED } from '../../../src/games/diplomatie/state.ts';

function position() {
  return buildPosition({
    sides: [
      { board: ['Loup'], hand: ['Foudre', 'Ours'], deck: ['Renard', 'Aigle', 'Sanglier'], dip: ['Ambassade', 'Tribut'] },
      {
        board: [{ name: 'Titan des Cimes', attached: ['Loup', 'Ambassade', 'Renard'] }],
        hand: ['Pillage', 'Soins', 'Traité de Paix', 'Ours'],
        deck: ['Inspiration', 'Sanglier', 'Aigle', 'Foudre'],
        dip: ['Médiation', 'Trêve'],
      },
    ],
  });
}

describe('observe', () => {
  it('shows a seat its own hand, and of the opponent\'s only which slots hold Diplomacy cards', () => {
    const pos = position();
    const a = new Int32Array(pos.game.observationLength);
    const b = new Int32Array(pos.game.observationLength);
    const na = pos.game.observe(pos.st, 0, a);
    const nb = pos.game.observe(pos.st, 1, b);
    expect(na).toBe(pos.game.observationLength);
    expect(nb).toBe(na);
    expect(Array.from(a)).not.toEqual(Array.from(b));
    // Seat 0 after the header: picks (36), own hand (36), the opponent's hand (36).
    const cat = pos.game.ctx.cat;
    const at = a.indexOf(cat.byName.get('Foudre')!);
    expect(Array.from(a.slice(at, at + 3))).toEqual([cat.byName.get('Foudre'), cat.byName.get('Ours'), -1]);
    const opp = Array.from(a.slice(at + 36, at + 41));
    expect(opp).toEqual([-2, -2, -3, -2, -1]);
  });
});

describe('determinize (D37)', () => {
  it('keeps the seat\'s observation and every count, and resamples the hidden cards', () => {
    const pos = position();
    const g = pos.game;
    const det = g.allocState();
    const o1 = new Int32Array(g.observationLength);
    const o2 = new Int32Array(g.observationLength);
    g.observe(pos.st, 0, o1);
    const hands = new Set<string>();
    const attachedSeen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      g.determinize(pos.st, 0, new SeededRng(i), det);
      g.observe(det, 0, o2);
      expect(Array.from(o2)).toEqual(Array.from(o1));
      for (const o of [O_HAND_N, O_DECK_N, O_DIP_N]) expect([det.w[o], det.w[o + 1]]).toEqual([pos.st.w[o], pos.st.w[o + 1]]);
      const d = { game: g, st: det };
      const hand = zoneNames(d, 1, 'hand');
      expect(hand[2]).toMatch(/^(Traité de Paix|Médiation|Trêve|Ambassade)$/); // a Diplomacy place keeps a Diplomacy card
      hands.add(hand.join(','));
      const att: string[] = [];
      for (let inst = INST_PER_PLAYER; inst < 2 * INST_PER_PLAYER; inst++) {
        if (det.w[O_ZONE + inst] === Z_ATTACHED && det.w[O_HOST + inst] === 0) att.push(g.ctx.cat.names[g.ctx.cardOf[inst]!]!);
      }
      expect(att.length).toBe(3);
      expect(att.filter((n) => ['Ambassade', 'Médiation', 'Trêve', 'Traité de Paix'].includes(n)).length).toBe(1);
      attachedSeen.add(att.sort().join(','));
    }
    expect(hands.size).toBeGreaterThan(5);
    expect(attachedSeen.size).toBeGreaterThan(2);
  });
  it('never moves a creature shown as a target from the hand, nor the seat\'s own hand', () => {
    const pos = buildPosition({
      sides: [
        { board: ['Ours'], deck: ['Loup'] },
        { hand: ['Renfort', 'Pillage', 'Sanglier', 'Soins'], board: ['Terrier Caché'], deck: ['Inspiration', 'Loup', 'Aigle'] },
      ],
    });
    act(pos, 'Attack with Ours');
    act(pos, 'Play Renfort'); // Sanglier (hand 1 now) is shown
    const g = pos.game;
    const shown = zoneNames(pos, 1, 'hand').indexOf('Sanglier');
    expect(pos.st.w[O_PUBLIC + g.ctx.cardOf.findIndex((c, i) => i >= INST_PER_PLAYER && g.ctx.cat.names[c] === 'Sanglier')]).toBe(1);
    const det = g.allocState();
    for (let i = 0; i < 20; i++) {
      g.determinize(pos.st, 0, new SeededRng(100 + i), det);
      expect(zoneNames({ game: g, st: det }, 1, 'hand')[shown]).toBe('Sanglier');
      g.determinize(pos.st, 1, new SeededRng(100 + i), det);
      expect(zoneNames({ game: g, st: det }, 1, 'hand')).toEqual(zoneNames(pos, 1, 'hand'));
    }
  });
});
