// The state layout tiles its buffer; the balance counters add up over a recorded game.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { seuilsMatchFromFiles } from '../../../src/games/seuils/index.ts';
import { startInfluence } from '../../../src/games/seuils/rules.ts';
import { LAYOUT, O_INFL, STATE_WORDS } from '../../../src/games/seuils/state.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/seuils');

describe('state layout', () => {
  it('fields follow each other without overlap or gap and fill the buffer', () => {
    let at = 0;
    for (const [name, off, n] of LAYOUT) {
      expect(off, name).toBe(at);
      at += n;
    }
    expect(at).toBe(STATE_WORDS);
  });
});

describe('CardStatsGame counters', () => {
  it('deck, setup, oh and the influence sources add up over recorded random games', () => {
    // Neither deck pays influence (no Pacte de Sang): every point a faction lost is a source of the other seat.
    const game = seuilsMatchFromFiles(join(DIR, 'cristal-controle.deck'), join(DIR, 'racines-rampe.deck'));
    const st = game.allocState();
    game.startRecording(st);
    const legal = new Int32Array(game.maxLegalActions);
    const F = game.cardStatFields.length, K = game.cardKinds;
    const stats = new Int32Array(2 * K * F);
    const src = new Int32Array(2 * game.vpSourceNames.length);
    const field = (f: string) => game.cardStatFields.indexOf(f as never);
    for (let s = 0; s < 20; s++) {
      const rng = new SeededRng(s);
      game.newGame(st, s);
      while (!game.isTerminal(st)) game.apply(st, legal[rng.int(game.legalActions(st, legal))]!);
      game.readCardStats(st, stats);
      game.readVpSources(st, src);
      const sum = (seat: number, f: string) => {
        let t = 0;
        for (let k = 0; k < K; k++) t += stats[(seat * K + k) * F + field(f)]!;
        return t;
      };
      for (let p = 0; p < 2; p++) {
        expect(sum(p, 'deck')).toBe(46); // the faction and 45 cards
        expect(sum(p, 'setup')).toBe(p === 0 ? 2 : 3); // R9: the starting-resources lines
        expect(sum(p, 'oh')).toBe(sum(p, 'dealt') - sum(p, 'mulliganed')); // R11: as many drawn as put under
        expect(sum(p, 'oh')).toBe(game.firstPlayer(st) === p ? 5 : 6); // D8: both factions draw 5 / 6
        const lost = startInfluence(st, 1 - p) - st.w[O_INFL + 1 - p]!;
        expect(src[p * 2]! + src[p * 2 + 1]!).toBe(lost);
        expect(sum(p, 'vpScored')).toBe(lost);
      }
    }
    expect(game.turnCount(st)).toBeGreaterThan(0);
  });
});
