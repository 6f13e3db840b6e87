// Balance counters (CardStatsGame): per-card counters and score sources add up.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { dipMatchFromFiles } from '../../../src/games/diplomatie/index.ts';
import { act, buildPosition } from '../../../src/games/diplomatie/scenario.ts';
import { O_PD, O_PV } from '../../../src/games/diplomatie/state.ts';
import { statLayout } from '../../../src/sim/aggregate.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/diplomatie');

describe('CardStatsGame', () => {
  it('the simulation accepts the counter names', () => {
    const g = dipMatchFromFiles(join(DIR, 'meute.deck'), join(DIR, 'lignees.deck'));
    const lay = statLayout(g.cardStatFields, Array.from({ length: g.cardKinds }, (_, k) => g.cardKindName(k)), g.vpSourceNames, g.seenByTurns);
    expect(lay.kinds).toBe(62);
  });
  it('over 40 random games: deck counts, PV and PD by source, and per-card PV/PD sum to the final scores', () => {
    const g = dipMatchFromFiles(join(DIR, 'meute.deck'), join(DIR, 'tour-de-garde.deck')); // neither gains PV
    const F = g.cardStatFields.length;
    const K = g.cardKinds;
    const f = (n: string) => g.cardStatFields.indexOf(n as never);
    const st = g.allocState();
    g.startRecording(st);
    const legal = new Int32Array(g.maxLegalActions);
    const stats = new Int32Array(2 * K * F);
    const src = new Int32Array(2 * g.vpSourceNames.length);
    let changes = 0;
    for (let i = 0; i < 40; i++) {
      g.newGame(st, 900 + i);
      const bot = new SeededRng(i);
      while (!g.isTerminal(st)) g.apply(st, legal[bot.int(g.legalActions(st, legal))]!);
      g.readCardStats(st, stats);
      g.readVpSources(st, src);
      changes += g.leadChanges(st);
      for (let p = 0; p < 2; p++) {
        let deck = 0, pv = 0, pd = 0, oh = 0;
        for (let k = 0; k < K; k++) {
          const b = (p * K + k) * F;
          deck += stats[b + f('deck')]!;
          pv += stats[b + f('pvDealt')]!;
          pd += stats[b + f('pdScored')]!;
          oh += stats[b + f('oh')]!;
        }
        expect(deck).toBe(36);
        expect(oh).toBe(4);
        const s = p * 5;
        expect(src[s]! + src[s + 1]!).toBe(100 - st.w[O_PV + 1 - p]!);
        expect(pv).toBe(src[s]! + src[s + 1]!);
        expect(src[s + 2]! + src[s + 3]! + src[s + 4]!).toBe(st.w[O_PD + p]!);
        expect(pd).toBe(src[s + 4]!);
      }
    }
    expect(changes).toBeGreaterThan(0);
  });
  it('a scenario: Pillage is played once and takes 10 PV, by an effect', () => {
    const pos = buildPosition({ sides: [{ board: ['Loup'], hand: ['Pillage'] }, { deck: ['Loup'] }] });
    pos.game.startRecording(pos.st);
    act(pos, 'Play Pillage');
    const g = pos.game;
    const out = new Int32Array(2 * g.cardKinds * g.cardStatFields.length);
    g.readCardStats(pos.st, out);
    const b = g.ctx.cat.byName.get('Pillage')! * g.cardStatFields.length;
    expect(out[b + g.cardStatFields.indexOf('played')]).toBe(1);
    expect(out[b + g.cardStatFields.indexOf('pvDealt')]).toBe(10);
    const src = new Int32Array(10);
    g.readVpSources(pos.st, src);
    expect(Array.from(src.slice(0, 5))).toEqual([0, 10, 0, 0, 0]);
  });
});
