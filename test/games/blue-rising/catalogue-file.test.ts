// Blue Rising's cards as a data file (cards.json, or a designer's JSON or YAML copy).
import { card, catalogueFileSuite } from '../catalogue-suite.ts';

const VERBS = 'draw, gainResources, power, grantKeyword, returnToHand, destroy, swap, createSquires, untap, tap';

catalogueFileSuite('blue-rising', ['decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck'], [
  {
    what: 'unknown verb',
    edit: (c) => void (card(c, 'Kitty').onEnter.effects[0].verb = 'scry'),
    line: `card "Kitty": onEnter.effects[0].verb: unknown verb "scry" (valid: ${VERBS})`,
  },
  { what: 'bad type', edit: (c) => void (card(c, 'Ripp').support = 'two'), line: 'card "Ripp": support: expected integer, got "two"' },
  { what: 'missing field', edit: (c) => void delete card(c, 'Yukino').text, line: 'card "Yukino": text: missing (required)' },
  { what: 'a name given twice', edit: (c) => void (card(c, 'Arthur').name = 'Nisqy'), line: 'card "Nisqy": name: given twice (entries 1 and 2)' },
  { what: 'unknown field', edit: (c) => void (card(c, 'Arthur').powr = 5), line: 'card "Arthur": powr: unknown field (valid: name, type, grade, faction, cost, power, support, keywords, bonus, onEnter, tap, play, trap, sacrifice, quest, artefact, text, provenance, budget)' },
  // The numbers' ranges are the compiler's, in the same words.
  { what: 'a number out of range', edit: (c) => void (card(c, 'Arthur').power = -2), line: 'card "Arthur": power: expected an integer in 0..30, got -2' },
], { card: 'Arthur', power: 5 });
