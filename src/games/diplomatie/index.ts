// Entry points of the Diplomatie rule set: the shipped catalogue, and a game for two decks.
import { compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS } from './catalogue/cards.ts';
import { dipDeckCards, loadDipDeck, type DipDeckList } from './decks.ts';
import { createDipContext, Diplomatie } from './game.ts';
import { dipRules, type DipRuleOptions } from './rules-options.ts';

export { Diplomatie, createDipContext } from './game.ts';
export type { DipState } from './state.ts';

let shipped: Catalogue | null = null;
/** The shipped catalogue, compiled once per process. */
export function dipCatalogue(): Catalogue {
  shipped ??= compileCatalogue(CARDS);
  return shipped;
}

/** A game of deck A (seat 0) against deck B (seat 1). */
export function dipMatch(a: DipDeckList, b: DipDeckList, rules: Partial<DipRuleOptions> = {}, cat: Catalogue = dipCatalogue()): Diplomatie {
  return new Diplomatie(createDipContext(cat, [dipDeckCards(a, cat), dipDeckCards(b, cat)], rules));
}

/** Loads two deck files (validated under the same knobs) into a game. */
export function dipMatchFromFiles(fileA: string, fileB: string, rules: Partial<DipRuleOptions> = {}): Diplomatie {
  const cat = dipCatalogue();
  const r = dipRules(rules);
  return dipMatch(loadDipDeck(fileA, cat, r), loadDipDeck(fileB, cat, r), rules, cat);
}
