// `--catalogue FILE`: a designer's copy of the game's card data in place of the shipped one.
// The module reads, checks and compiles it once here, so that a bad entry stops the command
// before any game with one line naming the file, the card and the field.
import { cardsSha256 } from '../core/card-data.ts';
import type { GameModule } from '../core/module.ts';
import type { SideSpec } from '../sim/run.ts';
import { UsageError } from './errors.ts';

export interface LoadedCatalogue {
  /** The designer's cards (opaque: `Variant.cards`), or undefined for the shipped catalogue (runs stay as they were). */
  cards: unknown;
  /** Card names of the catalogue the run plays. */
  names: readonly string[];
  sha256: string;
  file: string | null;
  /** Problems of a deck list under the designer's cards (none for the shipped catalogue: decks were checked on load). */
  checkDeck(list: unknown): string[];
}

/** sha256 of a catalogue's entries as JSON (the modules hash their shipped catalogue the same way). */
export const catalogueSha256 = cardsSha256;

/** The shipped catalogue, or the file's (checked by the module); `what` names the option or field in errors. */
export function loadCatalogue(m: GameModule, file: string | undefined, what = '--catalogue'): LoadedCatalogue {
  if (file === undefined) return { cards: undefined, names: m.catalogue.names(), sha256: m.catalogue.sha256(), file: null, checkDeck: () => [] };
  if (!m.catalogue.load) throw new UsageError(`${what} ${file}: ${m.id} has no card data file to replace (its cards are code)`);
  try {
    return { ...m.catalogue.load(file), file };
  } catch (e) {
    throw new UsageError(`${what} ${file}: ${(e as Error).message}`);
  }
}

/** Checks the decks against the designer's catalogue (a card it lacks, a type it changed). */
export function checkSidesAgainst(sides: readonly SideSpec[], cat: LoadedCatalogue, what = '--catalogue'): void {
  if (cat.file === null) return;
  for (const s of sides) {
    const errors = cat.checkDeck(s.deck);
    if (errors.length) throw new UsageError(`${what} ${cat.file}: ${s.file ?? s.name}: ${errors[0]}`);
  }
}
