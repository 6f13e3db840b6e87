// Entry points of the Paliers rule set: the shipped catalogue, decks, knobs, and a game for two decks.
import { compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS } from './catalogue/cards.ts';
import { loadPalDeck, palDeckCards, type PalDeckList } from './decks.ts';
import { createPalContext, Paliers } from './game.ts';
import { palRules, type PalRuleOptions } from './rules-options.ts';

export { Paliers, createPalContext, describeAction, PalSetupError, type PalDeckCards } from './game.ts';
export type { PalState } from './state.ts';
export { PalEngineLimitError, INST as PAL_MAX_DECK, MAX_PAIRS as PAL_MAX_PAIRS, MAX_EOT as PAL_MAX_EOT } from './state.ts';
export { compileCatalogue, CatalogueError, type Catalogue } from './catalogue/compile.ts';
export { CARDS } from './catalogue/cards.ts';
export { loadPalDeck, readPalDeckText, validatePalDeck, palDeckCards, PalDeckError, type PalDeckList } from './decks.ts';
export { palRules, parsePalRuleOverrides, PAL_RULES, KNOB_RANGES, PalRuleError, type PalRuleOptions } from './rules-options.ts';
export { buildPosition, act, actionTexts, boardNames, zoneNames, type PositionSpec, type Position } from './scenario.ts';

let shipped: Catalogue | null = null;
/** The shipped catalogue, compiled once per process. */
export function palCatalogue(): Catalogue {
  shipped ??= compileCatalogue(CARDS);
  return shipped;
}

/** A game of deck A (seat 0) against deck B (seat 1); `mode` is the rule knobs. */
export function palMatch(a: PalDeckList, b: PalDeckList, rules: Partial<PalRuleOptions> = {}, cat: Catalogue = palCatalogue()): Paliers {
  return new Paliers(createPalContext(cat, [palDeckCards(a), palDeckCards(b)], rules));
}

/** Loads two deck files (validated under the same knobs) into a game. */
export function palMatchFromFiles(fileA: string, fileB: string, rules: Partial<PalRuleOptions> = {}): Paliers {
  const cat = palCatalogue();
  const r = palRules(rules);
  return palMatch(loadPalDeck(fileA, cat, r), loadPalDeck(fileB, cat, r), rules, cat);
}
