// Seuils' cards as a data file (cards.json, or a designer's JSON or YAML copy).
import { card, catalogueFileSuite } from '../catalogue-suite.ts';

const VERBS = 'draw, fetchResource, damage, damageFaction, strength, speed, life, consume, restore, destroy, prevent';

catalogueFileSuite('seuils', ['decks/seuils/braises-ruee.deck', 'decks/seuils/airain-mur.deck'], [
  {
    what: 'unknown verb',
    edit: (c) => void (card(c, 'Mage des Seuils').abilities[0].effects[0].verb = 'burn'),
    line: `card "Mage des Seuils": abilities[0].effects[0].verb: unknown verb "burn" (valid: ${VERBS})`,
  },
  { what: 'bad type', edit: (c) => void (card(c, 'Brute').speed = 12), line: 'card "Brute": speed: expected an integer in [0, 9], got 12' },
  { what: 'missing field', edit: (c) => void delete card(c, 'Garde').life, line: 'card "Garde": life: missing (required)' },
  { what: 'a name given twice', edit: (c) => void (card(c, 'Braise').name = 'Cristal'), line: 'card "Cristal": name: given twice (entries 7 and 8)' },
  { what: 'unknown icon', edit: (c) => void (card(c, 'Colosse').threshold = { '★': 1 }), line: 'card "Colosse": threshold.★: unknown field (valid: ◆, ●, ▲)' },
  // What a shape cannot say, the compiler does, in the same words.
  { what: 'a verb without its target', edit: (c) => void delete card(c, 'Mage des Seuils').abilities[0].target, line: 'card "Mage des Seuils": abilities[0].target: "damage" needs a target' },
], { card: 'Brute', strength: 4 });
