// Deck files (R6, D6): the six shipped decks load; a broken deck lists every broken rule.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dipCatalogue } from '../../../src/games/diplomatie/index.ts';
import { DipDeckError, dipDeckCards, loadDipDeck, readDipDeckText, validateDipDeck } from '../../../src/games/diplomatie/decks.ts';
import { dipRules } from '../../../src/games/diplomatie/rules-options.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/diplomatie');
const cat = dipCatalogue();

describe('shipped decks', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();
  it('at least 6 decks of 30 + 6, each with a plan, all distinct plans', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    const plans = new Set<string>();
    for (const f of files) {
      const d = loadDipDeck(join(DIR, f), cat);
      const cards = dipDeckCards(d, cat);
      expect(cards.main.length).toBe(30);
      expect(cards.diplomacy.length).toBe(6);
      expect(d.plan).toMatch(/^Plan: /);
      plans.add(d.plan);
      expect(readFileSync(join(DIR, f), 'utf8').split('\n')[0]).toMatch(/^# Plan: /);
    }
    expect(plans.size).toBe(files.length);
  });
  it('together they use at least 55 of the catalogue\'s cards', () => {
    const used = new Set<string>();
    for (const f of files) for (const e of loadDipDeck(join(DIR, f), cat).entries) used.add(e.name);
    expect(used.size).toBeGreaterThanOrEqual(55);
  });
});

describe('validation names every broken rule and the card', () => {
  it('a short main deck, a Diplomacy deck of 5, an unknown card and a missing plan', () => {
    const text = 'name: Bad\n29 Loup\n5 Tribut\n1 Licorne\n';
    const { deck, errors } = readDipDeckText(text, 'bad.deck', cat);
    expect(errors).toEqual(['bad.deck:4: unknown card "Licorne"']);
    expect(validateDipDeck(deck!, cat)).toEqual([
      'deck "Bad": R6: 29 main-deck cards, a deck has exactly 30',
      'deck "Bad": R6: 5 Diplomacy cards, the Diplomacy deck has exactly 6',
      'deck "Bad": the first comment line must state the deck\'s plan',
    ]);
  });
  it('D6 knob maxCopies: off by default, names the card when set', () => {
    const { deck } = readDipDeckText('# Plan: x\n30 Loup\n6 Tribut\n', 'x.deck', cat);
    expect(validateDipDeck(deck!, cat)).toEqual([]);
    expect(validateDipDeck(deck!, cat, dipRules({ maxCopies: 4 }))).toEqual([
      'deck "x": D6: 30 copies of "Loup", at most 4',
      'deck "x": D6: 6 copies of "Tribut", at most 4',
    ]);
  });
  it('loadDipDeck throws one error joining every problem; a bad count is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipdeck-'));
    const f = join(dir, 'b.deck');
    writeFileSync(f, '# Plan: y\nx Loup\n30 Loup\n');
    expect(() => loadDipDeck(f, cat)).toThrow(DipDeckError);
    expect(() => loadDipDeck(f, cat)).toThrow(/bad count "x" for "Loup".*0 Diplomacy cards/);
    expect(() => loadDipDeck(join(dir, 'none.deck'), cat)).toThrow(/cannot read deck file \(ENOENT\)/);
  });
});
