// Catalogue v1 of Diplomatie, as data: the entries are in cards.json (a designer edits that
// file, or a copy of it in JSON or YAML given with --catalogue), checked against schema.ts
// and compiled by compile.ts. The seed gives no card: every number in it is invented, under
// the budget rule of README.md ("Card budget"), except the quick "Gagner 6 PV" and the
// destroyed-draw-1 text, which copy the seed's ability examples (R29).
//
// Budget, in points (1 point = 1 Puissance): a level-1 body is worth 20, each level above
// adds 13 (a card attached per level, R15); an ability's value is subtracted from the body
// (creatures) or set against the cards the play costs (other types, 12 points per card:
// the card itself plus each extraCost card). Values: draw 1 = 6, 1 PV = 0.6, direct damage
// 1 PV = 1, 1 PD = 24, destroy = 16, exhaust = 6, ready = 6, +10 Puissance until end of
// turn = 5 (permanent = 10), double = 9, put a creature into play = 10 + 3 per level allowed,
// shroud self = 8, shroud allies = 12, aura +5 = 12. A trigger on being destroyed is worth
// half; "Non limité" doubles an ability's value, "X Charges" on a permanent is X/2 uses.
import { cardChecker } from '../../../core/card-data.ts';
import { compileCatalogue } from './compile.ts';
import { CARD_ENTRY_SCHEMA, type CardDef } from './schema.ts';
import SHIPPED from './cards.json' with { type: 'json' };

/** The card data of Diplomatie: its entry schema and its compiler. */
export const DIP_CARD_DATA = cardChecker<CardDef>({ entry: CARD_ENTRY_SCHEMA, compile: compileCatalogue });

export const CARDS: readonly CardDef[] = DIP_CARD_DATA.shipped(SHIPPED);
