// Paliers' cards as a data file (cards.json, or a designer's JSON or YAML copy).
import { card, catalogueFileSuite } from '../catalogue-suite.ts';

const VERBS = 'gainLevel, draw, damage, damagePlayer, healPlayer, healChar, atq, pv, freeze, destroy, sacrifice, resurrect, disablePlace, suspendPlace, copyPlace, cardLimit, atqAura, pvAura';

catalogueFileSuite('paliers', ['decks/paliers/speedrun.deck', 'decks/paliers/moderation.deck'], [
  {
    what: 'unknown verb',
    edit: (c) => void (card(c, 'Bannisseur').abilities[0].effects[0].verb = 'stun'),
    line: `card "Bannisseur": abilities[0].effects[0].verb: unknown verb "stun" (valid: ${VERBS})`,
  },
  { what: 'bad type', edit: (c) => void (card(c, 'Rusher').atq = 3.5), line: 'card "Rusher": atq: expected an integer in [0, 99], got 3.5' },
  { what: 'missing field', edit: (c) => void delete card(c, 'Modo').pv, line: 'card "Modo": pv: missing (required)' },
  { what: 'a name given twice', edit: (c) => void (card(c, 'Nouvelle').name = 'Sprinteuse'), line: 'card "Sprinteuse": name: given twice (entries 1 and 2)' },
  { what: 'unknown colour', edit: (c) => void (card(c, 'Admin').colours = ['Bleu', 'Orange']), line: 'card "Admin": colours[1]: unknown value "Orange" (valid: Rouge, Bleu, Vert, Violet, Jaune)' },
  // What a shape cannot say, the compiler does, in the same words.
  { what: 'a field of another kind', edit: (c) => void (card(c, 'Modo').timing = 'main'), line: 'card "Modo": timing: only spells have a timing' },
], { card: 'Rusher', atq: 4 });
