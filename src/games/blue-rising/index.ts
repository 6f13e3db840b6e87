// Entry points of the Blue Rising rule set: build a game for two decks in a mode.
import { compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS } from './catalogue/index.ts';
import type { CardDef } from './catalogue/schema.ts';
import { loadDeck, type DeckList } from './decks.ts';
import { BlueRising, createContext, type DeckCards } from './game.ts';
import type { Mode, RuleOptions } from './rules-options.ts';

export { BlueRising, createContext } from './game.ts';
export type { BRState } from './state.ts';

let defaultCatalogue: Catalogue | null = null;
/** The shipped catalogue, compiled once per process. */
export function shippedCatalogue(): Catalogue {
  defaultCatalogue ??= compileCatalogue(CARDS);
  return defaultCatalogue;
}

/** A deck list expanded to one card name per copy, in list order. */
export function deckCards(deck: DeckList): DeckCards {
  const cards: string[] = [];
  for (const e of deck.entries) for (let i = 0; i < e.count; i++) cards.push(e.name);
  return { name: deck.name, cards };
}

export interface MatchOptions {
  catalogue?: Catalogue;
  cards?: readonly CardDef[];
  rules?: Partial<RuleOptions>;
  playerNames?: readonly [string, string];
}

/** A game of deck A (seat 0) against deck B (seat 1). */
export function matchGame(mode: Mode, a: DeckList, b: DeckList, opts: MatchOptions = {}): BlueRising {
  const cat = opts.catalogue ?? (opts.cards ? compileCatalogue(opts.cards) : shippedCatalogue());
  return new BlueRising(createContext(cat, mode, [deckCards(a), deckCards(b)], opts.rules ?? {}, opts.playerNames));
}

/** Loads two deck files (validated for the mode) into a game. */
export function matchFromFiles(mode: Mode, fileA: string, fileB: string, opts: MatchOptions = {}): BlueRising {
  return matchGame(mode, loadDeck(fileA, mode), loadDeck(fileB, mode), opts);
}
