// Catalogue v1, as data: the entries are in cards.json (a designer edits that file, or a copy
// of it given with --catalogue), read and checked here, compiled by compile.ts. The cards of the rules' §13 carry the numbers the seeds show
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
import { readFileSync } from 'node:fs';
import { parseJson } from '../../../core/json.ts';
import { CardError } from './compile.ts';
import type { CardDef, Provenance } from './schema.ts';
import SHIPPED from './cards.json' with { type: 'json' };

/** A catalogue file that cannot be read as a list of entries (its cards are CardError's). */
export class CatalogueFileError extends Error {}

type ProvenanceKey = keyof CardDef['provenance'];

/** The fields an entry may carry (schema.ts's CardDef), and the note the engine ignores. */
const CARD_FIELDS = new Set([
  'name', 'type', 'grade', 'faction', 'cost', 'power', 'support', 'keywords', 'bonus', 'onEnter', 'tap', 'play', 'trap',
  'sacrifice', 'quest', 'artefact', 'text', 'provenance',
]);
const NOTE_FIELDS = new Set(['budget']);
const PROVENANCE_KEYS = ['cost', 'power', 'support', 'grade', 'faction', 'keywords', 'effect'];
const PROVENANCES = ['seed', 'assumed', 'invented'];

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

/**
 * Card entries from parsed data (cards.json or a designer's copy): an array of entries with
 * the fields of schema.ts; notes are dropped and provenance filled in. Unknown fields are
 * refused here (CardError names the card and the field); compileCatalogue checks the values.
 */
export function cardsFromData(data: unknown): CardDef[] {
  if (!Array.isArray(data)) throw new CatalogueFileError('expected an array of card entries');
  return data.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new CardError(`#${i}`, '(entry)', 'expected an object');
    const e = entry as Record<string, unknown>;
    const name = typeof e.name === 'string' && e.name.trim() !== '' ? e.name : `#${i}`;
    const def: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e)) {
      if (NOTE_FIELDS.has(k)) continue;
      if (!CARD_FIELDS.has(k)) throw new CardError(name, k, `unknown field (valid: ${[...CARD_FIELDS, ...NOTE_FIELDS].join(', ')})`);
      def[k] = v;
    }
    const prov = def.provenance;
    if (typeof prov !== 'object' || prov === null || Array.isArray(prov)) {
      throw new CardError(name, 'provenance', 'say which numbers come from the seeds (an object, may be empty)');
    }
    for (const [k, v] of Object.entries(prov)) {
      if (!PROVENANCE_KEYS.includes(k)) throw new CardError(name, `provenance.${k}`, `unknown field (valid: ${PROVENANCE_KEYS.join(', ')})`);
      if (!PROVENANCES.includes(v as string)) throw new CardError(name, `provenance.${k}`, `expected one of ${PROVENANCES.join(', ')}, got ${JSON.stringify(v)}`);
    }
    return withProvenance(def as unknown as CardDef);
  });
}

/** Card entries of a catalogue file (JSON; a syntax error is placed by line and column). */
export function readCardsFile(file: string): CardDef[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CatalogueFileError(`cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (e) {
    throw new CatalogueFileError((e as Error).message);
  }
  return cardsFromData(data);
}

export const CARDS: CardDef[] = cardsFromData(SHIPPED);
