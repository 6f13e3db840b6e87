// Replacement-level stand-ins for ablation (`lab ablate --game diplomatie`): what a deck would
// play in a card's place if the card did nothing special. A stand-in keeps the card's name (so
// decks, shuffles and seeds are the base's own) and its type, and its cost band: a creature's
// level and symbols (carried and required, so evolution lines and D16 are unchanged), another
// card's extraCost and timing (quick or not). Its numbers are on the catalogue's budget
// (cards.ts's header: a level-1 body 20, +13 a level; 12 points per card a play costs) with no
// ability of its own; the types whose value is only an effect get the plainest one, on budget.
// It reads the compiled catalogue (its typed arrays and names), so it does not depend on how
// the card list is stored.
import { StandInError, type StandIn } from '../../core/card-game.ts';
import { SYMBOLS, type AbilityDef, type CardDef, type Sym } from './catalogue/schema.ts';
import { T_CREATURE, T_DIPLOMACY, T_EVENT, T_KINGDOM, type Catalogue } from './catalogue/compile.ts';

const PROVENANCE = { numbers: 'invented' as const, note: 'replacement-level stand-in for ablation (stand-in.ts)' };

/** Budget (cards.ts): a level-1 body, each level above, and the points of a card a play costs. */
const BODY_1 = 20, BODY_PER_LEVEL = 13;
/** Draw 1 = 6 points: a card's 12 points buy two draws; aura +5 = 12 points, one card. */
const DRAWS_PER_CARD = 2, AURA_PER_CARD = 5;

function symsOf(mask: number): Sym[] {
  return SYMBOLS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The stand-in of card `id` (the shell's `standIn`: `lab ablate` names the cards). */
export function dipStandIn(cat: Catalogue, id: number): StandIn<CardDef> {
  const name = cat.names[id]!;
  const t = cat.type[id]!;
  if (t === T_CREATURE) {
    const level = cat.level[id]!;
    const power = BODY_1 + BODY_PER_LEVEL * (level - 1);
    const def: CardDef = { name, type: 'creature', level, power, abilities: [], provenance: PROVENANCE };
    const symbols = symsOf(cat.symbols[id]!), requires = symsOf(cat.requires[id]!);
    if (symbols.length) def.symbols = symbols;
    if (requires.length) def.requires = requires;
    const syms = [symbols.length ? `carries ${symbols.join('')}` : '', requires.length ? `requires ${requires.join('')}` : ''].filter(Boolean).join(', ');
    return { card: name, standIn: def, reason: `creature, level ${level}: Puissance ${power} (20 + 13 a level)${syms ? `, ${syms}` : ''}; no ability` };
  }
  // The cards a play costs: the card itself and its extraCost cards (D22).
  const extraCost = cat.extraCost[id]!;
  const cards = 1 + extraCost;
  const base: CardDef = { name, type: 'event', abilities: [], provenance: PROVENANCE };
  if (extraCost) base.extraCost = extraCost;
  const costWords = `${cards} card${cards === 1 ? '' : 's'}`;
  if (t === T_KINGDOM) {
    // A lasting effect on the board, for every creature: Bastion's line, +5 a card paid.
    const amount = AURA_PER_CARD * cards;
    const aura: AbilityDef = { kind: 'passive', effects: [{ verb: 'aura', amount }], text: `Vos créatures gagnent +${amount} Puissance.` };
    return { card: name, standIn: { ...base, type: 'kingdom', abilities: [aura] }, reason: `Kingdom, ${costWords}: your creatures get +${amount} Puissance (aura +5 a card); nothing else` };
  }
  if (t === T_EVENT || t === T_DIPLOMACY) {
    // Cards back, two a card paid (Inspiration's and Ambassade's line), at the same timing.
    const quick = cat.quickCard[id] === 1;
    const amount = DRAWS_PER_CARD * cards;
    const draw: AbilityDef = { kind: quick ? 'quick' : 'event', effects: [{ verb: 'draw', amount }], text: `Piochez ${amount} cartes.` };
    const type = t === T_EVENT ? 'event' : 'diplomacy';
    return { card: name, standIn: { ...base, type, abilities: [draw] }, reason: `${t === T_EVENT ? 'Event' : 'Diplomacy card'}${quick ? ' (quick)' : ''}, ${costWords}: draw ${amount} (two a card paid)` };
  }
  throw new StandInError(`no stand-in for "${name}" (type ${t})`);
}
