// Arm-vs-base differences (src/sim/compare.ts) on real runs: the arms share their seeds, so a
// deck's WR difference is paired by seed pair, and for the decks a patch does not touch the
// paired interval is much narrower than the unpaired (Newcombe) one on the same games.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDeck } from '../../src/games/blue-rising/decks.ts';
import { pairedDifference } from '../../src/report/paired.ts';
import type { Aggregate } from '../../src/sim/aggregate.ts';
import { compareArms, deckPairScores, type Difference } from '../../src/sim/compare.ts';
import { runSimulation, type RunSpec } from '../../src/sim/run.ts';
import type { GameRow } from '../../src/sim/shard.ts';
import { GAME_ROW_HEADER } from '../../src/sim/shard.ts';
import { NAME_E, NAME_G, NAME_V, QUICK_E, QUICK_G, QUICK_V, ROOT } from './helpers.ts';

function side(file: string) {
  const deck = loadDeck(join(ROOT, file));
  return { name: deck.name, mode: deck.mode, deck, file };
}

// Gardiens holds Nisqy; Veilleurs and Émissaires do not.
const spec: RunSpec = {
  game: 'blue-rising', modes: ['quick'], sides: [side(QUICK_G), side(QUICK_V), side(QUICK_E)], bots: ['random', 'random'],
  gamesPerPairing: 400, seed: 2613, workers: 2, wantRows: true,
  arms: [{ label: 'base' }, { label: 'Nisqy power 9', variant: { patches: [{ card: 'Nisqy', power: 9 }] } }],
};

describe('compareArms on two arms of the same seeds', () => {
  let base: Aggregate, arm: Aggregate;
  const rows: GameRow[] = [];
  let paired: Difference[], unpaired: Difference[];
  beforeAll(async () => {
    const res = await runSimulation(spec, { onRows: (r) => rows.push(...r) });
    base = res.aggregates.get('base')!;
    arm = res.aggregates.get('Nisqy power 9')!;
    paired = compareArms(base, arm, 'Nisqy power 9', ['Nisqy'], true);
    unpaired = compareArms(base, arm, 'Nisqy power 9', ['Nisqy'], false);
  });

  const deckRow = (d: Difference[], name: string) => d.find((x) => x.kind === 'deck' && x.name === name)!;
  const width = (x: Difference) => x.hi! - x.lo!;

  it('keeps every pair\'s result: the paired interval is pairedDifference on the pairs read back from games.csv', () => {
    const col = (k: string) => GAME_ROW_HEADER.indexOf(k);
    for (const deck of [NAME_G, NAME_V, NAME_E]) {
      // Wins of the deck per (arm, pairing, pair), from the game rows.
      const score = new Map<string, number>();
      for (const r of rows) {
        if (r[col('deck_a')] !== deck && r[col('deck_b')] !== deck) continue;
        const key = `${r[col('deck_a')]}\t${r[col('deck_b')]}\t${String(r[col('pair')]).padStart(5, '0')}`;
        const k = `${r[col('arm')]}\t${key}`;
        score.set(k, (score.get(k) ?? 0) + (r[col('winner_deck')] === deck ? 1 : 0));
      }
      const of = (a: string) => [...score.keys()].filter((k) => k.startsWith(`${a}\t`)).sort().map((k) => score.get(k)!);
      const a = of('Nisqy power 9'), b = of('base');
      expect(a).toHaveLength(2 * 200);
      expect(deckPairScores(arm, 'quick', deck)!.scores.slice().sort()).toEqual(a.slice().sort());
      const p = pairedDifference(a, b, 2);
      const x = deckRow(paired, deck);
      expect(x.interval).toBe('paired');
      expect(x.lo).toBeCloseTo(p.lo, 6);
      expect(x.hi).toBeCloseTo(p.hi, 6);
      expect(x.diff).toBeCloseTo(p.diff, 6);
    }
  });

  it('for the decks without the patched card, the paired interval is much narrower than the unpaired one', () => {
    for (const deck of [NAME_V, NAME_E]) {
      const p = deckRow(paired, deck), u = deckRow(unpaired, deck);
      expect(u.interval).toBe('unpaired');
      expect(p.diff).toBe(u.diff);
      // 0.307 for Veilleurs, 0.402 for Émissaires on these seeds: only their games against
      // Gardiens can change, and most of those do not.
      expect(width(p) / width(u)).toBeLessThan(0.55);
    }
    // Gardiens holds Nisqy: most of its games change, yet the pairs still share their deals (0.446).
    expect(width(deckRow(paired, NAME_G)) / width(deckRow(unpaired, NAME_G))).toBeLessThan(0.8);
    // Cards have no per-pair data: their difference stays unpaired (clustered intervals).
    expect(paired.filter((x) => x.kind === 'card').map((x) => x.interval)).toEqual(['unpaired']);
  });
});
