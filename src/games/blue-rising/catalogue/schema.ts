// The card vocabulary: what a card entry may say. Cards are data in this closed vocabulary;
// `compile.ts` checks every field and lowers the entries into compact typed arrays.
import { BOOL, cardEntry, fields } from '../../../core/card-data.ts';

export const CARD_TYPES = ['character', 'event', 'trap', 'object', 'environment', 'artefact'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** R5: Squire < Aspirant < Hero < Legend. */
export const GRADES = ['squire', 'aspirant', 'hero', 'legend'] as const;
export type Grade = (typeof GRADES)[number];

/** R6: the three factions, as the game prints them. */
export const FACTIONS = ['Émissaires', 'Gardiens', 'Veilleurs'] as const;
export type Faction = (typeof FACTIONS)[number];

/** R45–R52: the eight keyword families. Numbers are X (Résistant: instances). */
export interface Keywords {
  /** Avant+X (R45) */
  front?: number;
  /** Arrière+X (R45) */
  back?: number;
  /** Défense+X (R46) */
  defense?: number;
  /** Attaque+X (R47) */
  attack?: number;
  /** Contre-Attaque (R48) */
  counterAttack?: boolean;
  /** Attaque à Distance (R49) */
  ranged?: boolean;
  /** Furtif (R50) */
  stealth?: boolean;
  /** Rage (R51) */
  rage?: boolean;
  /** Résistant (R52): number of instances, each costing the opponent 1 extra resource */
  resistant?: number;
}
export const KEYWORD_FIELDS = ['front', 'back', 'defense', 'attack', 'counterAttack', 'ranged', 'stealth', 'rage', 'resistant'] as const;
export type KeywordField = (typeof KEYWORD_FIELDS)[number];

/** The effect verbs. Each has exactly one executor in the engine (effects.ts). */
export const VERBS = [
  'draw', // the controller draws `amount` cards (R42 applies)
  'gainResources', // +amount resources to the controller's pool (R19b)
  'power', // target gets +amount power until end of turn (R31); negative amounts allowed
  'grantKeyword', // target gains `keyword` (with `amount` as X) until end of turn (R31)
  'returnToHand', // target character returns to its owner's hand with its Object (R32)
  'destroy', // target character is destroyed (to discard, its Object too; a Squire leaves the game)
  'swap', // the source character swaps slots with the target character of its own side
  'createSquires', // put `amount` Squire tokens (0 = one on each empty slot) on the controller's empty slots (D1)
  'untap', // target card is untapped
  'tap', // target card is tapped
] as const;
export type Verb = (typeof VERBS)[number];

/**
 * Who an effect touches. `chosen*` selectors are picked by the player when the card is
 * played or activated (one chosen selector per ability at most); the others are fixed.
 */
export const SELECTORS = [
  'controller', // the player who controls the card (draw, gainResources, createSquires)
  'self', // the character that carries the ability
  'chosenOwn', // a character of the controller's, chosen
  'chosenOpponent', // a character of the opponent's, chosen
  'chosenAny', // any character in play, chosen
  'chosenOwnAdjacent', // another character of the controller's adjacent to the source (R3)
  'target', // the character chosen by this ability's chosen selector (riders)
  'attacker', // the Attacker of the current attack
  'defender', // the Defender of the current attack (a character only)
  'ownFighter', // the controller's Attacker or Defender in the current attack
  'opponentFighter', // the opponent's Attacker or Defender in the current attack
  'allOwn', // every character of the controller's
  'allOpponent', // every character of the opponent's
  'adjacentOwn', // every character of the controller's adjacent to the source
] as const;
export type Selector = (typeof SELECTORS)[number];

export interface Effect {
  verb: Verb;
  target: Selector;
  /** Cards to draw, resources, power; for createSquires the count (0: every empty slot). */
  amount?: number;
  /** For grantKeyword: which keyword family. */
  keyword?: KeywordField;
}

/** R6: a faction rider adds effects when the chosen target is a character of that faction. */
export interface Rider {
  faction: Faction;
  effects: Effect[];
}

export interface Ability {
  effects: Effect[];
  rider?: Rider;
}

/** Quest conditions (R43), checked at reveal only (D12). */
export const QUEST_KINDS = [
  'ownCharactersAtMost', // you have `n` or fewer characters in play
  'opponentCharactersAtMost', // the opponent has `n` or fewer characters in play
  'opponentVpAtLeast', // the opponent has at least `n` VP
  'ownVpAtLeast', // you have at least `n` VP
  'handAtLeast', // you hold at least `n` cards
  'discardAtLeast', // your discard holds at least `n` cards
  'turnAtLeast', // the game's turn number is at least `n`
] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];

export interface Quest {
  kind: QuestKind;
  n: number;
  /** May the Artefact be revealed during the opponent's turn (R43)? */
  opponentTurn: boolean;
}

/** Where a number comes from: printed in the seeds, inferred from them, or invented here. */
export type Provenance = 'seed' | 'assumed' | 'invented';

export interface CardDef {
  name: string;
  type: CardType;
  /** Characters only. */
  grade?: Grade;
  faction?: Faction | null;
  /** Resources to play it (R22); for a Trap its activation cost (R29); Artefacts: activation cost. */
  cost: number;
  /** Characters and Environments (R6b). */
  power?: number;
  /** Characters (D2): what it adds when tapped for Support (R35). */
  support?: number;
  keywords?: Keywords;
  /** Objects (R27): permanent bonus to the equipped character. */
  bonus?: { power?: number; support?: number; keywords?: Keywords };
  /** Characters: "En arrivant en jeu" (D20). No chosen selector allowed. */
  onEnter?: Ability;
  /** Characters and Environments: tap effect (R30). */
  tap?: Ability;
  /** Events: resolved when played (R28). */
  play?: Ability;
  /** Traps: resolved when revealed and paid (R29). */
  trap?: Ability;
  /** Objects: "détruire cet Objet" — destroy it from play for this effect (Tabard). */
  sacrifice?: Ability;
  /** Artefacts: the Quest to reveal, and the effect resolved once, then removed (R43). */
  quest?: Quest;
  artefact?: Ability;
  /** The card's effect text in French, as a designer would print it. */
  text: string;
  /** Which numbers come from the seeds; any field not listed is invented. */
  provenance: Partial<Record<'cost' | 'power' | 'support' | 'grade' | 'faction' | 'keywords' | 'effect', Provenance>>;
}

// The JSON schema of one entry of cards.json (ajv, strict): the shape and the vocabulary.
// compile.ts checks the numbers' ranges and what a shape cannot say (which fields a type
// has, the selector a verb needs), naming the card and the field as this schema's errors do.
const INT = { type: 'integer' } as const;
const KEYWORDS_ENTRY = fields({ front: INT, back: INT, defense: INT, attack: INT, counterAttack: BOOL, ranged: BOOL, stealth: BOOL, rage: BOOL, resistant: INT });
const EFFECTS_ENTRY = { type: 'array', items: fields({ verb: { enum: VERBS }, target: { enum: SELECTORS }, amount: INT, keyword: { enum: KEYWORD_FIELDS } }, ['verb', 'target']) } as const;
const ABILITY_ENTRY = fields({ effects: EFFECTS_ENTRY, rider: fields({ faction: { enum: FACTIONS }, effects: EFFECTS_ENTRY }, ['faction', 'effects']) }, ['effects']);
const PROVENANCE = { enum: ['seed', 'assumed', 'invented'] } as const;
export const CARD_ENTRY_SCHEMA = cardEntry(
  {
    name: { type: 'string', minLength: 1 },
    type: { enum: CARD_TYPES },
    grade: { enum: GRADES },
    faction: { enum: [...FACTIONS, null] },
    cost: INT,
    power: INT,
    support: INT,
    keywords: KEYWORDS_ENTRY,
    bonus: fields({ power: INT, support: INT, keywords: KEYWORDS_ENTRY }),
    onEnter: ABILITY_ENTRY,
    tap: ABILITY_ENTRY,
    play: ABILITY_ENTRY,
    trap: ABILITY_ENTRY,
    sacrifice: ABILITY_ENTRY,
    quest: fields({ kind: { enum: QUEST_KINDS }, n: INT, opponentTurn: BOOL }, ['kind', 'n', 'opponentTurn']),
    artefact: ABILITY_ENTRY,
    text: { type: 'string' },
    provenance: fields({ cost: PROVENANCE, power: PROVENANCE, support: PROVENANCE, grade: PROVENANCE, faction: PROVENANCE, keywords: PROVENANCE, effect: PROVENANCE }),
    // The designer's note on how the numbers meet the budget (cards.ts): the engine ignores it.
    budget: { type: 'string' },
  },
  ['name', 'type', 'cost', 'text', 'provenance'],
);
