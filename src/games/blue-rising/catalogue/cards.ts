// Catalogue v1, as data: the entries are in cards.json (a designer edits that file, or a copy
// of it in JSON or YAML given with --catalogue), checked against schema.ts, compiled by compile.ts. The cards of the rules' §13 carry the numbers the seeds show
// (provenance 'seed' or 'assumed'); everything else is invented to exercise every rule,
// keyword, verb, selector and faction rider, and marked 'invented'.
//
// Power budget for the invented numbers. A card's value is counted in points:
//   power, support ................................ 1 per point
//   Résistant (per instance), Contre-Attaque, Attaque à Distance, Furtif, Rage ... 1 each
//   Avant / Arrière / Défense / Attaque +X ....... ceil(X/2) (they hold in one row or role only)
//   effects:
//     a card drawn, a resource gained .............. 1 each (an Event or Trap replaces
//                                                    itself: its first card drawn is free)
//     ±X power until end of turn ................... ceil(|X|/2)
//     a keyword until end of turn .................. its points as printed (above)
//     tap, untap, swap, a Squire token ............. 1 each
//     return to hand ............................... 2 (an opposing character), 1 (your own)
//     destroy ...................................... 3
//     on every character of a side ................. +1 over the single-character value
//                                                    (the adjacent ones count as single)
//     a faction rider .............................. free (a conditional bonus)
// What a point of cost buys:
//   Aspirant, cost 0–1 ... value = cost + 2            Hero, cost 2–4 ... value = cost + 3
//   Legend,   cost 4–6 ... value = cost + 4 (R26 gates them: worth the wait)
//   Events and Traps ..... cost = value; an Event that only gives resources costs its
//                          value − 2 (Campagne d'hiver: 2 resources for 0). A Trap costs
//                          nothing to set; placed in step 2a it costs 1 more.
//   Objects .............. cost = points of the permanent bonus; a destroy-for-effect is
//                          free (destroying it gives the bonus up)
//   Environments ......... power + 2 × tap value = 6 ± 1 (the weaker, the better the tap)
//   Artefacts ............ value = cost + 3 (one use, behind a Quest, no card spent)
// Known outliers, kept because rules scenarios quote their numbers: Soigneuse Itinérante
// (−1), Impératrice Solenne (+1), Fosse à Pointes (value 2 for 1), Posture Défensive (value 1
// for 0; Défense until the end of your own turn rarely counts), Jugement Sommaire (value 3
// for 4), Couronne des Anciens (value 2 for 1), Sceptre d'Invocation (seed effect, cost 0).
// Seed cards keep their seed numbers even when they sit off-budget (Nisqy is cheap for 5,
// Piège de Glace's +4 for 1).
//
// Worked example (§12) constraints honoured here: Arthur and Nisqy carry no keyword that
// would change the 11 vs 10 (no Avant/Arrière/Défense/Attaque), Ripp supports exactly 2,
// Yukino 1, Rugissement is +2 (+1 Gardiens), Piège de Glace +4, Appel des renforts +2.
//
// An entry's `budget` (optional) is the designer's note on how its numbers meet the budget;
// the engine ignores it.
import { cardChecker } from '../../../core/card-data.ts';
import { compileCatalogue } from './compile.ts';
import { CARD_ENTRY_SCHEMA, type CardDef, type Provenance } from './schema.ts';
import SHIPPED from './cards.json' with { type: 'json' };

type ProvenanceKey = keyof CardDef['provenance'];

/**
 * Fills provenance 'invented' for every number/field the card carries that the entry did
 * not mark as 'seed' or 'assumed', so the data says explicitly where each number comes from.
 */
function withProvenance(def: CardDef): CardDef {
  const p: Partial<Record<ProvenanceKey, Provenance>> = { ...def.provenance };
  const present: ProvenanceKey[] = ['cost'];
  if (def.type === 'character') present.push('grade', 'faction', 'power', 'support');
  if (def.type === 'environment') present.push('power');
  if (def.keywords !== undefined) present.push('keywords');
  if (def.onEnter || def.tap || def.play || def.trap || def.sacrifice || def.artefact || def.bonus) present.push('effect');
  for (const k of present) p[k] ??= 'invented';
  return { ...def, provenance: p };
}

/** The card data of Blue Rising: its entry schema, its notes dropped and provenance filled, and its compiler. */
export const BR_CARD_DATA = cardChecker<CardDef>({
  entry: CARD_ENTRY_SCHEMA,
  normalize: (entries) =>
    entries.map((e) => {
      const { budget: _note, ...def } = e;
      return withProvenance(def as unknown as CardDef);
    }),
  compile: compileCatalogue,
});

/** Card entries from parsed data (cards.json or a designer's copy): checked by the schema, notes dropped, provenance filled. */
export function cardsFromData(data: unknown): CardDef[] {
  return BR_CARD_DATA.check(data);
}

export const CARDS: CardDef[] = BR_CARD_DATA.shipped(SHIPPED);
