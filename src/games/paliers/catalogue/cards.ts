// Catalogue v1 of Paliers, as data: the entries are in cards.json (a designer edits that file,
// or a copy of it in JSON or YAML given with --catalogue), checked against schema.ts and
// compiled by compile.ts. The seed prints no card: every number in it is invented, under the
// budget rule below, except the eight characters of the spec's worked example (§10), whose
// numbers are copied from it.
//
// Budget: a character of level L has ATQ + PV = 2L + 1 (the example's Sprinteuse and Rusher);
// a keyword or an ability is paid with 1 to 3 of those points (noted per card). Spells and
// Places have no cost (D3): their price is a card of the per-turn limit (R26), so each does
// about one card's worth: 2 damage, 2 cards, 1 level, or a lasting +1.
import { cardChecker } from '../../../core/card-data.ts';
import { compileCatalogue } from './compile.ts';
import { CARD_ENTRY_SCHEMA, type CardDef } from './schema.ts';
import SHIPPED from './cards.json' with { type: 'json' };

/** The card data of Paliers: its entry schema and its compiler. */
export const PAL_CARD_DATA = cardChecker<CardDef>({ entry: CARD_ENTRY_SCHEMA, compile: compileCatalogue });

export const CARDS: readonly CardDef[] = PAL_CARD_DATA.shipped(SHIPPED);
