// Catalogue v1 of Seuils, as data: the entries are in cards.json (a designer edits that file,
// or a copy of it in JSON or YAML given with --catalogue), checked against schema.ts and
// compiled by compile.ts. The seed gives no card: the worked example of the rules (§7) gives
// Éclaireuse, Brute, Garde, Bouclier and Colosse's cost and threshold (provenance 'spec');
// every other number is invented under the budget rule of README.md ("Card budget"):
//
//   points of a card = 2 × cost + threshold icons + 2 × influenceCost (+ 2 for a character,
//   which stays and fights); a character spends them on strength + life + (speed − 1) +
//   its abilities; abilities are worth: draw 1 = 2, fetch a resource = 2, 1 damage = 1,
//   1 influence = 2, +1 strength/speed/life until end of turn = 0.5 (permanent = 1),
//   consume/restore = 1.5, destroy = 4, prevent 1 = 0.5; an ability that consumes its own
//   card is worth its effect, each resource it costs takes 1 off.
import { cardChecker } from '../../../core/card-data.ts';
import { compileCatalogue } from './compile.ts';
import { CARD_ENTRY_SCHEMA, type CardDef } from './schema.ts';
import SHIPPED from './cards.json' with { type: 'json' };

/** The card data of Seuils: its entry schema and its compiler. */
export const SEUILS_CARD_DATA = cardChecker<CardDef>({ entry: CARD_ENTRY_SCHEMA, compile: compileCatalogue });

export const CARDS: readonly CardDef[] = SEUILS_CARD_DATA.shipped(SHIPPED);
