// The meta of a matchup table: rock–paper–scissors plus a dominated deck, played as matchup rows
// (draws half a win), solved to its known shares; an incomplete matrix says why it has none; the
// page section puts each arm's shares beside the base's.
import { describe, expect, it } from 'vitest';
import { metaOfMatchups, type MetaMatchup } from '../../src/report/meta.ts';
import { metaHtml, metaSentence } from '../../src/report/meta-section.ts';

/** Rows of a mode from the upper triangle's win rates of the first deck (draws: 10 a pairing, half each). */
function rows(mode: string, names: string[], wr: number[][], games = 1000, draws = 10): MetaMatchup[] {
  const out: MetaMatchup[] = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
    // Score wr = (wins + draws/2) / games.
    out.push({ mode, deck_a: names[i]!, deck_b: names[j]!, games, wins_a: Math.round(wr[i]![j]! * games - draws / 2), draws });
  }
  return out;
}

const RPS = ['Pierre', 'Feuille', 'Ciseaux', 'Dominé'];
// Pierre beats Ciseaux, Ciseaux beats Feuille, Feuille beats Pierre, 70–30; Dominé loses 40–60 to each.
const RPS_WR = [[0, 0.3, 0.7, 0.6], [0, 0, 0.3, 0.6], [0, 0, 0, 0.6]];

describe('metaOfMatchups', () => {
  it('rock–paper–scissors plus a dominated deck: ⅓ each, the dominated deck 0 and left out', () => {
    const [m] = metaOfMatchups(rows('quick', RPS, RPS_WR));
    expect(m!.ok).toBe(true);
    expect(m!.note).toBeUndefined();
    const share = Object.fromEntries(m!.decks.map((d) => [d.deck, d.share]));
    for (const d of ['Pierre', 'Feuille', 'Ciseaux']) expect(share[d]).toBeCloseTo(1 / 3, 5);
    expect(share['Dominé']).toBe(0);
    expect(m!.unused).toEqual(['Dominé']);
    expect([...m!.support].sort()).toEqual(['Ciseaux', 'Feuille', 'Pierre']);
    expect(m!.exploitability).toBe(0);
    // Against the field each RPS deck scores ½, the dominated one 40%.
    expect(m!.decks.find((d) => d.deck === 'Dominé')!.field_wr).toBeCloseTo(0.4, 5);
    // 1,000 games a cell: the resampled equilibria keep the same support every time.
    for (const d of m!.decks) expect(d.in_support).toBe(d.deck === 'Dominé' ? 0 : 1);
    expect(m!.resample).toEqual({ draws: 200, seed: 17, method: 'beta', failed: 0 });
    // Strongest share first, the unused deck last.
    expect(m!.decks[3]!.deck).toBe('Dominé');
  });

  it('is the same for the same table, and one mode does not disturb another', () => {
    const both = [...rows('quick', RPS, RPS_WR, 60, 0), ...rows('standard', ['A', 'B'], [[0, 0.55]], 200, 0)];
    const a = metaOfMatchups(both), b = metaOfMatchups(both);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.map((m) => m.mode)).toEqual(['quick', 'standard']);
    // 60 games a cell: the dominated deck sometimes enters a resampled equilibrium, never the shown one.
    expect(a[0]!.decks.find((d) => d.deck === 'Dominé')!.share).toBe(0);
    expect(a[0]!.decks.find((d) => d.deck === 'Dominé')!.in_support).toBeGreaterThan(0);
    expect(a[0]!.decks.find((d) => d.deck === 'Dominé')!.in_support).toBeLessThan(0.5);
    // A deck that beats the only other one: the pure equilibrium.
    expect(a[1]!.decks.map((d) => [d.deck, d.share])).toEqual([['A', 1], ['B', 0]]);
  });

  it('a pair of decks that never met, or one deck alone: no meta, and why', () => {
    const partial = rows('quick', ['A', 'B', 'C'], [[0, 0.5, 0.6], [0, 0, 0.4]]).filter((r) => !(r.deck_a === 'A' && r.deck_b === 'C'));
    const [m] = metaOfMatchups(partial);
    expect(m!.decks).toEqual([]);
    expect(m!.note).toMatch(/not every pair of decks met \(1 never did, e.g. A – C\)/);
    const [solo] = metaOfMatchups([{ mode: 'quick', deck_a: 'A', deck_b: 'A', games: 10, wins_a: 5, draws: 0 }]);
    expect(solo!.note).toBe('one deck only: no choice to make');
  });
});

describe('the meta on the page', () => {
  it('says the shares in a sentence, and puts each arm beside the base', () => {
    const base = metaOfMatchups(rows('quick', RPS, RPS_WR));
    // The arm: Dominé now wins 60–40 against everyone: it is the whole field.
    const arm = metaOfMatchups(rows('quick', RPS, [[0, 0.3, 0.7, 0.4], [0, 0, 0.3, 0.4], [0, 0, 0, 0.4]]));
    expect(metaSentence(base[0]!)).toMatch(/would bring <b>(Ciseaux|Feuille|Pierre)<\/b> 33%, .* 33%, .* 33%; no equilibrium uses Dominé\./);
    const html = metaHtml([{ arm: 'base', meta: base }, { arm: 'dominé+', meta: arm }], (a) => `arm ${a}`);
    expect(html).toContain('<table class="sortable meta" id="meta-quick">');
    expect(html).toContain('<h3>quick: base against the arms</h3>');
    // Dominé: 0% in the base, 100% in the arm (+100 points).
    expect(html).toMatch(/<tr><td>Dominé<\/td><td data-v="0">0\.0% \(0%\)<\/td><td data-v="1">100\.0% \(\+100\.0\)<\/td><td data-v="1">100%<\/td><\/tr>/);
  });
});
