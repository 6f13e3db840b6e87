// The rule sets the lab can simulate, by name. The simulation layer asks this registry for
// a game and never imports a rule set itself: a new game plugs in here.
import type { CardStatsGame } from '../core/game.ts';
import type { CardDef } from './blue-rising/catalogue/schema.ts';
import { compileCatalogue, type Catalogue } from './blue-rising/catalogue/compile.ts';
import { CARDS } from './blue-rising/catalogue/index.ts';
import type { DeckList } from './blue-rising/decks.ts';
import { matchGame } from './blue-rising/index.ts';
import { applyPatches, type CardPatch } from './blue-rising/patches.ts';
import { standIns, withStandIn } from './blue-rising/stand-in.ts';
import type { Mode, RuleOptions } from './blue-rising/rules-options.ts';

/** What changes the rules or cards of a run (an experiment arm): opaque to the simulation. */
export interface Variant {
  /** A designer's catalogue (--catalogue) in place of the shipped one; the patches apply to it. */
  cards?: CardDef[];
  patches?: CardPatch[];
  rules?: Partial<RuleOptions>;
}

export interface MatchRequest {
  game: string;
  mode: string;
  /** The two sides' decks (opaque to the simulation; Blue Rising: DeckList). */
  decks: readonly [unknown, unknown];
  variant?: Variant;
}

const catalogues = new Map<string, Catalogue>();

/** The catalogue for a set of patches, compiled once per process (per worker). */
function catalogueFor(patches: readonly CardPatch[], cards?: readonly CardDef[]): Catalogue {
  const key = cards ? JSON.stringify([patches, cards]) : JSON.stringify(patches);
  let cat = catalogues.get(key);
  if (!cat) {
    if (catalogues.size > 256) catalogues.clear(); // an ablation compiles one per card
    cat = compileCatalogue(applyPatches(cards ?? CARDS, patches));
    catalogues.set(key, cat);
  }
  return cat;
}

export const GAMES = ['blue-rising'] as const;

export function buildGame(req: MatchRequest): CardStatsGame<unknown> {
  switch (req.game) {
    case 'blue-rising': {
      const [a, b] = req.decks as [DeckList, DeckList];
      const cat = catalogueFor(req.variant?.patches ?? [], req.variant?.cards);
      return matchGame(req.mode as Mode, a, b, { catalogue: cat, rules: req.variant?.rules }) as unknown as CardStatsGame<unknown>;
    }
  }
  throw new Error(`unknown game "${req.game}" (known: ${GAMES.join(', ')})`);
}

/**
 * Ablation arms: for each named card, a variant of `base` where the card is replaced by a
 * replacement-level stand-in (the game's own choice, e.g. blue-rising/stand-in.ts) under the
 * same name, so that decks and seeds stay those of the base; with the stand-in in words.
 */
export function ablationVariants(game: string, base: Variant | undefined, cards: readonly string[]): { card: string; standIn: string; variant: Variant }[] {
  switch (game) {
    case 'blue-rising': {
      const all = base?.cards ?? CARDS;
      return standIns(all, cards).map((s) => ({
        card: s.card,
        standIn: s.reason,
        // A base patch of the card itself would patch its stand-in: left out.
        variant: { ...base, cards: withStandIn(all, s), patches: (base?.patches ?? []).filter((p) => p.card !== s.card) },
      }));
    }
  }
  throw new Error(`unknown game "${game}" (known: ${GAMES.join(', ')})`);
}
