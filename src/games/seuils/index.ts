// Entry points of the Seuils rule set: the shipped catalogue, a game for two decks, deck
// files, rule knobs and the scenario builder (what a module file needs to wire it).
import { compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS } from './catalogue/cards.ts';
import { loadSeuilsDeck, seuilsDeckCards, type SeuilsDeckList } from './decks.ts';
import { createSeuilsContext, Seuils } from './game.ts';
import { seuilsRules, type SeuilsRuleOptions } from './rules-options.ts';

export { Seuils, createSeuilsContext, SeuilsSetupError, describeAction, type SeuilsDeckCards } from './game.ts';
export type { SeuilsState } from './state.ts';
export { StackOverflowError } from './state.ts';
export { compileCatalogue, CatalogueError, type Catalogue } from './catalogue/compile.ts';
export { CARDS } from './catalogue/cards.ts';
export { loadSeuilsCards } from './catalogue/load.ts';
export { loadSeuilsDeck, readSeuilsDeckText, validateSeuilsDeck, seuilsDeckCards, SeuilsDeckError, type SeuilsDeckList } from './decks.ts';
export { seuilsRules, parseSeuilsRuleOverrides, SEUILS_RULES, KNOB_RANGES, KNOB_RULES, SeuilsRuleError, type SeuilsRuleOptions } from './rules-options.ts';
export { buildPosition, act, actionTexts, passToMain, zoneNames, boardNames, type PositionSpec, type Position } from './scenario.ts';

let shipped: Catalogue | null = null;
/** The shipped catalogue, compiled once per process. */
export function seuilsCatalogue(): Catalogue {
  shipped ??= compileCatalogue(CARDS);
  return shipped;
}

/** A game of deck A (seat 0) against deck B (seat 1). */
export function seuilsMatch(a: SeuilsDeckList, b: SeuilsDeckList, rules: Partial<SeuilsRuleOptions> = {}, cat: Catalogue = seuilsCatalogue()): Seuils {
  return new Seuils(createSeuilsContext(cat, [seuilsDeckCards(a), seuilsDeckCards(b)], rules));
}

/** Loads two deck files (validated under the same knobs) into a game. */
export function seuilsMatchFromFiles(fileA: string, fileB: string, rules: Partial<SeuilsRuleOptions> = {}): Seuils {
  const cat = seuilsCatalogue();
  const r = seuilsRules(rules);
  return seuilsMatch(loadSeuilsDeck(fileA, cat, r), loadSeuilsDeck(fileB, cat, r), rules, cat);
}
