// A card file: a JSON list of card entries in the vocabulary of schema.ts, compiled with every
// check of compile.ts. Any error names the file, then the card and the field.
import { readFileSync } from 'node:fs';
import { CatalogueError, compileCatalogue, type Catalogue } from './compile.ts';
import type { CardDef } from './schema.ts';

export function loadSeuilsCards(file: string): Catalogue {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CatalogueError(`${file}: cannot read card file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  let defs: unknown;
  try {
    defs = JSON.parse(text);
  } catch (e) {
    throw new CatalogueError(`${file}: not JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(defs)) throw new CatalogueError(`${file}: expected a list of cards`);
  try {
    return compileCatalogue(defs as CardDef[]);
  } catch (e) {
    if (e instanceof CatalogueError) throw new CatalogueError(`${file}: ${e.message}`);
    throw e;
  }
}
