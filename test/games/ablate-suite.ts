// One check for every game with replacement-level stand-ins (`lab ablate`, the card-game
// shell's `standIn`): every shipped deck still deals and plays with any of its cards replaced,
// the arm plays the stand-in under the card's name, an unknown card is refused naming it and
// the game, and `lab ablate --game ID` runs on a small sample and lists each stand-in in
// words. Each game's ablate.test.ts adds what its stand-ins are (types, budgets, examples).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { StandInError } from '../../src/core/card-game.ts';
import type { GameModule } from '../../src/core/module.ts';
import { lab } from '../sim/helpers.ts';

export interface AblateSuite {
  module: GameModule;
  /** Decks in the game's folder, and the least arms they make. */
  decks: number;
  minArms: number;
  /** Extra checks of one arm (the deck list, the variant's cards, the stand-in's name). */
  checkArm?(deckList: unknown, cards: readonly { name: string; provenance?: { note?: string } }[], card: string, where: string): void;
  /** `lab ablate` on these cards prints these stand-in lines. */
  labCards: readonly string[];
  labLines: readonly string[];
}

export function ablateSuite(s: AblateSuite): void {
  const m = s.module;
  it(`every shipped ${m.title} deck deals and plays with any of its cards replaced, and an unknown card is refused naming it`, () => {
    const files = readdirSync(m.deckFolder).filter((x) => x.endsWith('.deck')).sort();
    expect(files.length).toBe(s.decks);
    let arms = 0;
    for (const f of files) {
      const deck = m.loadDeck(readFileSync(join(m.deckFolder, f), 'utf8'), f);
      for (const v of m.ablation!.variants(undefined, deck.entries.map((e) => e.name))) {
        const where = `${f} without ${v.card}`;
        const cards = v.variant.cards as readonly { name: string; provenance?: { note?: string } }[];
        expect(cards.find((c) => c.name === v.card)?.provenance?.note ?? 'stand-in', where).toContain('stand-in');
        const game = m.buildMatch({ mode: m.defaultMode, decks: [deck.list, deck.list], variant: v.variant });
        const st = game.allocState();
        game.newGame(st, 7);
        expect(game.isTerminal(st), where).toBe(false);
        s.checkArm?.(deck.list, cards, v.card, where);
        arms++;
      }
    }
    expect(arms).toBeGreaterThanOrEqual(s.minArms);
    expect(() => m.ablation!.variants(undefined, ['Pikachu'])).toThrow(StandInError);
    expect(() => m.ablation!.variants(undefined, ['Pikachu'])).toThrow(`no card "Pikachu" in the ${m.title} catalogue`);
  });

  it(`lab ablate --game ${m.id} runs on a small sample and lists each stand-in`, async () => {
    const r = await lab(['ablate', '--game', m.id, '--games', '2', '--workers', '1', '--quiet', '--card', ...s.labCards]);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(new RegExp(`^${m.defaultMode}: each card's effect`));
    for (const line of s.labLines) expect(r.stdout).toContain(`stand-in: ${line}`);
    expect(r.stdout).toMatch(/\n[\d,]+ games in [\d.]+ s/);
  });
}
