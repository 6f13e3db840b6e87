// `--catalogue FILE`: a designer's copy of the card data in place of the shipped cards.json.
// The file is read, checked field by field and compiled once here, so that a bad entry stops
// the command before any game with one line naming the file, the card and the field.
import { createHash } from 'node:crypto';
import { compileCatalogue } from '../games/blue-rising/catalogue/compile.ts';
import { CARDS } from '../games/blue-rising/catalogue/index.ts';
import { readCardsFile } from '../games/blue-rising/catalogue/cards.ts';
import type { CardDef } from '../games/blue-rising/catalogue/schema.ts';
import { validateDeck, type DeckList } from '../games/blue-rising/decks.ts';
import type { SideSpec } from '../sim/run.ts';
import { UsageError } from './errors.ts';

export interface LoadedCatalogue {
  /** The designer's cards, or undefined for the shipped catalogue (runs stay as they were). */
  cards: CardDef[] | undefined;
  /** The cards the run plays (the designer's or the shipped ones). */
  all: readonly CardDef[];
  sha256: string;
  file: string | null;
}

export function catalogueSha256(cards: readonly CardDef[]): string {
  return createHash('sha256').update(JSON.stringify(cards)).digest('hex');
}

/** The shipped catalogue, or the file's (checked and compiled); `what` names the option or field in errors. */
export function loadCatalogue(file: string | undefined, what = '--catalogue'): LoadedCatalogue {
  if (file === undefined) return { cards: undefined, all: CARDS, sha256: catalogueSha256(CARDS), file: null };
  let cards: CardDef[];
  try {
    cards = readCardsFile(file);
    compileCatalogue(cards);
  } catch (e) {
    throw new UsageError(`${what} ${file}: ${(e as Error).message}`);
  }
  return { cards, all: cards, sha256: catalogueSha256(cards), file };
}

/** Checks the decks against the designer's catalogue (a card it lacks, a type it changed). */
export function checkSidesAgainst(sides: readonly SideSpec[], cat: LoadedCatalogue, what = '--catalogue'): void {
  if (!cat.cards) return;
  for (const s of sides) {
    const errors = validateDeck(s.deck as DeckList, cat.cards);
    if (errors.length) throw new UsageError(`${what} ${cat.file}: ${s.file ?? s.name}: ${errors[0]}`);
  }
}
