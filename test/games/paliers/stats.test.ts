// Balance counters (CardStatsGame, metrics.md): per-card counters add up, and the score
// sources account for every PV the opponent lost.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { palMatchFromFiles } from '../../../src/games/paliers/index.ts';
import { O_PV } from '../../../src/games/paliers/state.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/paliers');

describe('card counters and score sources', () => {
  // Neither deck heals (no Soin, no Taverne): PV lost = 30 − PV left.
  const game = palMatchFromFiles(join(DIR, 'speedrun.deck'), join(DIR, 'rodeurs.deck'));
  const F = game.cardStatFields.length;
  const field = (n: string) => game.cardStatFields.indexOf(n as never);
  it('over 20 random games: deck 50, 8 dealt and 8 in the opening hand, sources sum to the PV lost', () => {
    const st = game.allocState();
    game.startRecording(st);
    const buf = new Int32Array(game.maxLegalActions);
    const stats = new Int32Array(2 * game.cardKinds * F);
    const src = new Int32Array(2 * game.vpSourceNames.length);
    let played = 0;
    for (let s = 0; s < 20; s++) {
      game.newGame(st, s);
      const rng = new SeededRng(100 + s);
      while (!game.isTerminal(st)) game.apply(st, buf[rng.int(game.legalActions(st, buf))]!);
      game.readCardStats(st, stats);
      game.readVpSources(st, src);
      for (let p = 0; p < 2; p++) {
        const sum = (f: string) => {
          let t = 0;
          for (let k = 0; k < game.cardKinds; k++) t += stats[(p * game.cardKinds + k) * F + field(f)]!;
          return t;
        };
        expect(sum('deck')).toBe(50);
        expect(sum('dealt')).toBe(8);
        expect(sum('oh')).toBe(8);
        expect(sum('kept')).toBeLessThanOrEqual(8);
        expect(sum('played')).toBeLessThanOrEqual(8 + sum('drawn'));
        played += sum('played');
        let lost = 0;
        for (let i = 0; i < game.vpSourceNames.length; i++) lost += src[p * game.vpSourceNames.length + i]!;
        expect(lost, `game ${s} seat ${p}`).toBe(30 - st.w[O_PV + 1 - p]!);
      }
      expect(game.turnCount(st)).toBeGreaterThan(0);
    }
    expect(played).toBeGreaterThan(100);
    expect(game.vpSourceNames).toEqual(['unblocked', 'turnClock', 'red4Excess', 'excessToPlayer', 'red6', 'effects']);
  });
});
