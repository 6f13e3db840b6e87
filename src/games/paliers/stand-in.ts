// Replacement-level stand-ins for ablation (`lab ablate --game paliers`): what a deck would
// play in a card's place if the card did nothing special. A stand-in keeps the card's name (so
// decks, shuffles and seeds are the base's own), its kind, colours, legendary flag and copy
// limit (so every deck stays legal), and its band: a character's level, a Level Up card's
// levels. Its numbers are on the catalogue's budget (cards.ts's header) with no keyword and no
// ability of its own; the kinds whose value is only an effect get the plainest one, on budget.
// It reads the compiled catalogue (its typed arrays and names), so it does not depend on how
// the card list is stored.
import { StandInError, type StandIn } from '../../core/card-game.ts';
import { COLOURS, type CardDef, type Colour } from './catalogue/schema.ts';
import { T_CHARACTER, T_LEVELUP, T_PLACE, T_SPELL, type Catalogue } from './catalogue/compile.ts';

const PROVENANCE = { numbers: 'invented' as const, note: 'replacement-level stand-in for ablation (stand-in.ts)' };

function coloursOf(cat: Catalogue, id: number): Colour[] {
  return COLOURS.filter((_, i) => (cat.colours[id]! & (1 << i)) !== 0);
}

/** The stand-in of card `id` (the shell's `standIn`: `lab ablate` names the cards). */
export function palStandIn(cat: Catalogue, id: number): StandIn<CardDef> {
  const name = cat.names[id]!;
  const colours = coloursOf(cat, id);
  const base: CardDef = { name, kind: 'character', abilities: [], provenance: PROVENANCE };
  if (cat.kind[id] !== T_PLACE) base.colours = colours;
  if (cat.legendary[id]) base.legendary = true;
  if (cat.deckLimit[id]) base.deckLimit = cat.deckLimit[id]!;
  switch (cat.kind[id]) {
    case T_CHARACTER: {
      // Budget 2L + 1, one more without a colour (no threshold, cards.ts); PV as printed
      // (at most the budget less one), the rest ATQ.
      const level = cat.level[id]!;
      const budget = 2 * level + 1 + (colours.length === 0 ? 1 : 0);
      const pv = Math.max(1, Math.min(cat.pv[id]!, budget - 1));
      const def: CardDef = { ...base, kind: 'character', level, atq: budget - pv, pv };
      return { card: name, standIn: def, reason: `character, level ${level}: ATQ ${budget - pv}, PV ${pv} (budget ${budget}); no keyword, no ability` };
    }
    case T_SPELL: {
      // One card's worth (cards.ts): two cards, Prévoyance's line; the same timing.
      const def: CardDef = { ...base, kind: 'spell', abilities: [{ when: 'play', effects: [{ verb: 'draw', amount: 2 }], text: 'Piochez 2 cartes.' }] };
      if (cat.mainOnly[id]) def.timing = 'main';
      return { card: name, standIn: def, reason: `spell${cat.mainOnly[id] ? ' (main phase)' : ''}: draw 2 (one card's worth)` };
    }
    case T_LEVELUP: {
      // The plain Level Up card: its levels, nothing else.
      const levels = cat.levels[id]!;
      const def: CardDef = { ...base, kind: 'levelUp' };
      if (levels !== 1) def.levels = levels;
      return { card: name, standIn: def, reason: `Level Up: ${levels} level${levels === 1 ? '' : 's'}, no ability` };
    }
    case T_PLACE: {
      // A lasting +1 (cards.ts), for every character: Sanctuaire's line.
      const def: CardDef = { ...base, kind: 'place', abilities: [{ when: 'static', effects: [{ verb: 'pvAura', amount: 1 }], text: 'Vos personnages ont +1 PV.' }] };
      return { card: name, standIn: def, reason: 'Place: your characters have +1 PV (a lasting +1)' };
    }
  }
  throw new StandInError(`no stand-in for "${name}" (kind ${cat.kind[id]})`);
}
