// A card file: a JSON or YAML list of card entries in the vocabulary of schema.ts, compiled
// with every check of compile.ts. Any error names the file, then the card and the field.
import { CardDataError, readCardFile } from '../../../core/card-data.ts';
import { SEUILS_CARD_DATA } from './cards.ts';
import { CatalogueError, compileCatalogue, type Catalogue } from './compile.ts';

export function loadSeuilsCards(file: string): Catalogue {
  try {
    return compileCatalogue(SEUILS_CARD_DATA.check(readCardFile(file)));
  } catch (e) {
    if (e instanceof CatalogueError || e instanceof CardDataError) throw new CatalogueError(`${file}: ${e.message}`);
    throw e;
  }
}
