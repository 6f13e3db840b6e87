// Replacement-level stand-ins for ablation: what a deck would play instead of a card if the
// card did nothing special. A stand-in keeps the card's name (so decks, shuffles and seeds are
// the very same as in the base arm), its type, grade, faction and cost, and gets numbers on
// the catalogue's power budget (cards.ts's header) with no keyword and no effect of its own;
// the types whose value is only an effect get the plainest one, on budget.
import type { CardDef } from './catalogue/schema.ts';

export interface StandIn {
  card: string;
  standIn: CardDef;
  /** The stand-in in words: "Hero, cost 4: power 6, support 1 (value 7 = cost + 3)". */
  reason: string;
}

/** Value a point of cost buys, by grade (cards.ts: Aspirant cost + 2, Hero + 3, Legend + 4). */
const GRADE_VALUE: Record<string, number> = { aspirant: 2, hero: 3, legend: 4 };
const GRADE_NAME: Record<string, string> = { aspirant: 'Aspirant', hero: 'Hero', legend: 'Legend' };

function standInOf(c: CardDef): StandIn {
  const base = { name: c.name, type: c.type, cost: c.cost, provenance: {} } as CardDef;
  switch (c.type) {
    case 'character': {
      const value = c.cost + (GRADE_VALUE[c.grade ?? 'hero'] ?? 3);
      // Support as printed (at most the value less one), the rest power.
      const support = Math.min(c.support ?? 0, Math.max(0, value - 1));
      const def: CardDef = { ...base, grade: c.grade, faction: c.faction ?? null, power: value - support, support, text: '' };
      return { card: c.name, standIn: def, reason: `${GRADE_NAME[c.grade!] ?? c.grade}, cost ${c.cost}: power ${value - support}, support ${support} (value ${value} = cost + ${value - c.cost}); no keyword, no effect` };
    }
    case 'event':
    case 'trap': {
      // Value = cost, and an Event or Trap replaces itself: it draws cost + 1 cards.
      const n = Math.min(10, c.cost + 1);
      const ab = { effects: [{ verb: 'draw' as const, target: 'controller' as const, amount: n }] };
      const def: CardDef = { ...base, [c.type === 'event' ? 'play' : 'trap']: ab, text: `Piochez ${n} carte${n > 1 ? 's' : ''}.` };
      return { card: c.name, standIn: def, reason: `${c.type === 'event' ? 'Event' : 'Trap'}, cost ${c.cost}: draw ${n} (value ${c.cost}, the first card free)` };
    }
    case 'object': {
      const def: CardDef = { ...base, bonus: { power: c.cost }, text: `Le personnage équipé gagne Puissance +${c.cost}.` };
      return { card: c.name, standIn: def, reason: `Object, cost ${c.cost}: equipped power +${c.cost} (value = cost)` };
    }
    case 'environment': {
      // Every Environment has a tap, and its power only counts when an empty column is attacked:
      // a tapless power 6 sat below every shipped Environment (ablated at +2 to +18 points), so
      // the stand-in gets the plainest tap instead, a resource (value 1), and the power left.
      const def: CardDef = { ...base, power: 4, tap: { effects: [{ verb: 'gainResources', target: 'controller', amount: 1 }] }, text: 'Incliner : gagnez 1 ressource.' };
      return { card: c.name, standIn: def, reason: `Environment, cost ${c.cost}: power 4, tap: gain 1 resource (power + 2 × tap value = 6)` };
    }
    case 'artefact': {
      const n = Math.min(10, c.cost + 3);
      const def: CardDef = { ...base, quest: c.quest, artefact: { effects: [{ verb: 'gainResources', target: 'controller', amount: n }] }, text: `Gagnez ${n} ressources.` };
      return { card: c.name, standIn: def, reason: `Artefact, cost ${c.cost}, the same Quest: gain ${n} resources (value ${n} = cost + 3)` };
    }
  }
  throw new Error(`no stand-in for "${c.name}" (a ${c.type})`);
}

/** The stand-ins of the named cards (in the order given); an unknown name throws. */
export function standIns(cards: readonly CardDef[], names: readonly string[]): StandIn[] {
  return names.map((n) => {
    const c = cards.find((d) => d.name === n);
    if (!c) throw new Error(`no card "${n}" in the catalogue`);
    return standInOf(c);
  });
}

/** The catalogue with one card replaced by its stand-in (same place, same name). */
export function withStandIn(cards: readonly CardDef[], s: StandIn): CardDef[] {
  return cards.map((c) => (c.name === s.card ? s.standIn : c));
}
