// Diplomatie's cards as a data file (cards.json, or a designer's JSON or YAML copy).
import { card, catalogueFileSuite } from '../catalogue-suite.ts';

const VERBS = 'draw, gainPV, damage, gainPD, destroy, exhaust, ready, power, double, putIntoPlay, shroud, aura';

catalogueFileSuite('diplomatie', ['decks/diplomatie/meute.deck', 'decks/diplomatie/colosses.deck'], [
  {
    what: 'unknown verb',
    edit: (c) => void (card(c, 'Sentinelle').abilities[0].effects[0].verb = 'heal'),
    line: `card "Sentinelle": abilities[0].effects[0].verb: unknown verb "heal" (valid: ${VERBS})`,
  },
  { what: 'bad type', edit: (c) => void (card(c, 'Ours').power = '35'), line: 'card "Ours": power: expected an integer in [0, 999], got "35"' },
  { what: 'missing field', edit: (c) => void delete card(c, 'Aigle').level, line: 'card "Aigle": level: missing (required)' },
  { what: 'a name given twice', edit: (c) => void (card(c, 'Sanglier').name = 'Renard'), line: 'card "Renard": name: given twice (entries 2 and 3)' },
  { what: 'unknown field', edit: (c) => void (card(c, 'Loup').colour = 'gris'), line: 'card "Loup": colour: unknown field (valid: name, type, level, power, symbols, requires, extraCost, abilities, provenance)' },
  // What a shape cannot say, the compiler does, in the same words.
  { what: 'a verb without its target', edit: (c) => void delete card(c, 'Sentinelle').abilities[0].target, line: 'card "Sentinelle": abilities[0].target: "exhaust" needs a creature or self target' },
], { card: 'Berserker', power: 70 });
