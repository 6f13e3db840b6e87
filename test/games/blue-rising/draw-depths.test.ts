// Draw depths (CardStatsGame.readDrawDepths): where each kind's first copy stood in its seat's
// draw order when play began, the randomised presence the deck-adjusted card effect uses
// (src/sim/card-effects.ts). Checked against the zones right after both mulligans: the library's
// top (index n − 1) is the next card drawn, depth 2.
import { describe, expect, it } from 'vitest';
import { quickSides } from '../../../src/bench/planted-card.ts';
import { handAt } from '../../../src/games/blue-rising/board.ts';
import type { BlueRising } from '../../../src/games/blue-rising/game.ts';
import { Z_DECK, Z_DECK_N, Z_HAND_N, Z_PHASE, PH_MULLIGAN, PH_SETUP, ZONE_CAP, type BRState } from '../../../src/games/blue-rising/state.ts';
import { gameModule } from '../../../src/games/registry.ts';

describe('draw depths', () => {
  it('are 1 for the kept hand and 1 + j for the j-th card from the top of the library, per kind the first copy', () => {
    const sides = quickSides();
    const game = gameModule('blue-rising').buildMatch({ mode: 'quick', decks: [sides[0]!.deck, sides[1]!.deck] }) as unknown as BlueRising;
    const st = game.allocState() as BRState;
    game.startRecording(st);
    const legal = new Int32Array(game.maxLegalActions);
    const K = game.cardKinds;
    const depths = new Int32Array(2 * K);
    for (const seed of [1, 2, 3]) {
      game.newGame(st, seed);
      // Setup and mulligans: the last legal action each time (some mulligan, some not).
      while (st.z[Z_PHASE] === PH_SETUP || st.z[Z_PHASE] === PH_MULLIGAN) {
        const n = game.legalActions(st, legal);
        game.apply(st, legal[n - 1]!);
      }
      game.readDrawDepths(st, depths);
      const kind = (inst: number) => st.ctx.cardOf[inst]!;
      for (let p = 0; p < 2; p++) {
        const expected = new Int32Array(K);
        const n = st.z[Z_DECK_N + p]!;
        for (let i = 0; i < n; i++) {
          const k = kind(st.z[Z_DECK + p * ZONE_CAP + i]!), d = 1 + (n - i);
          if (expected[k] === 0 || d < expected[k]!) expected[k] = d;
        }
        for (let i = 0; i < st.z[Z_HAND_N + p]!; i++) expected[kind(handAt(st, p, i))] = 1;
        expect(Array.from(depths.subarray(p * K, (p + 1) * K))).toEqual(Array.from(expected));
        // The top of the library is depth 2 unless a copy is in hand.
        const top = kind(st.z[Z_DECK + p * ZONE_CAP + n - 1]!);
        expect(depths[p * K + top]).toBeLessThanOrEqual(2);
      }
    }
  });
});
