// The Seuils card vocabulary (rules §8): what a card entry may say. Cards are data in this
// closed vocabulary; `compile.ts` checks every field and lowers the entries into typed arrays.
import { BOOL, cardEntry, fields, int, provenanceNote, TEXT } from '../../../core/card-data.ts';

/** R3: the card types. */
export const CARD_TYPES = ['faction', 'resource', 'character', 'item', 'location', 'tactic'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** R3, D11: the basic resource types, one icon each (a closed set; the seed names none). */
export const ICONS = ['◆', '●', '▲'] as const;
export type Icon = (typeof ICONS)[number];

/** The effect verbs (§8). Each has one executor in rules.ts (resolveEffects). */
export const VERBS = [
  'draw', // the controller draws `amount` cards (an empty deck gives nothing, D2)
  'fetchResource', // search your deck for a resource card, put it into play consumed, shuffle (§8 "search the deck")
  'damage', // `amount` damage to the target character or location (D3, D23)
  'damageFaction', // the opposing faction loses `amount` influence (D1)
  'strength', // the target character gets +amount strength (until end of turn unless `permanent`)
  'speed', // +amount speed (D21: acts on speed groups not yet handled)
  'life', // +amount life
  'consume', // the target card becomes consumed (R6)
  'restore', // the target card becomes unconsumed
  'destroy', // the target character, item or location goes to its owner's discard
  'prevent', // removes up to `amount` of the damage locked onto the target (D24, R19 step 4)
] as const;
export type Verb = (typeof VERBS)[number];
/** Verbs that act on the ability's target. */
export const TARGETED_VERBS: readonly Verb[] = ['damage', 'strength', 'speed', 'life', 'consume', 'restore', 'destroy', 'prevent'];

/** Which sides a target may be on, relative to the controller. */
export type Side = 'own' | 'opposing' | 'any';
/**
 * Who an effect targets: nothing, the card carrying the ability, the character an item is
 * attached to, a chosen character, a chosen character or location, a chosen item or location.
 */
export type TargetDef =
  | 'none'
  | 'self'
  | 'host'
  | { character: Side; inCombat?: boolean }
  | { characterOrLocation: Side }
  | { itemOrLocation: Side };

export interface EffectDef {
  verb: Verb;
  /** Every verb but fetchResource, consume, restore and destroy: the number (strength, speed, life may be negative). */
  amount?: number;
  /** strength, speed, life: permanent instead of until end of turn. */
  permanent?: boolean;
}

/** R16: an ability (or a tactic's instructions). */
export interface AbilityDef {
  /** R16: the ability's name (the tactic's name for a tactic). */
  name: string;
  /** R16, D16: resource icons needed, consumed or not. */
  threshold?: Partial<Record<Icon, number>>;
  /** R16: consume N unconsumed resources; consume this card (D17). */
  cost?: { resources?: number; consumeSelf?: boolean };
  /** D15: 'any' (whenever its controller holds priority), 'main' (own turn, empty stack), 'combat' (combat windows), 'endOfTurn' (the end-of-turn window, D14). */
  timing?: 'any' | 'main' | 'combat' | 'endOfTurn';
  /** D17: at most once per turn. */
  oncePerTurn?: boolean;
  target?: TargetDef;
  /** One or two verbs; the targeted ones act on the target (D28: the others happen regardless). */
  effects: EffectDef[];
  /** The card text, in French. */
  text: string;
}

/** Which of a card's numbers come from a seed; the seed gives no cards. */
export interface Provenance {
  numbers: 'invented' | 'seed' | 'spec';
  /** The budget rule (README) the numbers follow, or the passage they copy. */
  note: string;
}

export interface CardDef {
  name: string;
  type: CardType;
  /** R4: numeric cost (not factions, resources). */
  cost?: number;
  /** R4: resource threshold, icons per type (not factions, resources). */
  threshold?: Partial<Record<Icon, number>>;
  /** R4: an additional cost: influence paid by your faction (it cannot bring it to 0). */
  influenceCost?: number;
  /** faction (D1, R9, R10, D8): influence, starting resources, starting draw (one number, or first / second player). */
  influence?: number;
  startingResources?: number;
  startingDraw?: number | [number, number];
  /** resource (R3, D11): its basic type and icons shown (default 1). */
  icon?: Icon;
  icons?: number;
  /** character (R5, D3): strength, life, speed. location (D3): life. */
  strength?: number;
  life?: number;
  speed?: number;
  /** item (D18): attaches to one of your characters, giving these bonuses while attached. */
  attach?: { strength?: number; life?: number; speed?: number };
  /** Abilities (characters, items, locations, factions), or the single instructions of a tactic. */
  abilities: AbilityDef[];
  provenance: Provenance;
}

// The JSON schema of one entry of cards.json (ajv, strict): the shape and the vocabulary.
// compile.ts checks what a shape cannot say (which fields a type has, the target a verb needs).
const SIDE = { enum: ['own', 'opposing', 'any'] } as const;
const THRESHOLD = fields({ '◆': int(0, 9), '●': int(0, 9), '▲': int(0, 9) });
const EFFECT_ENTRY = fields({ verb: { enum: VERBS }, amount: int(-9, 9), permanent: BOOL }, ['verb']);
const ABILITY_ENTRY = fields(
  {
    name: TEXT,
    threshold: THRESHOLD,
    cost: fields({ resources: int(0, 20), consumeSelf: BOOL }),
    timing: { enum: ['any', 'main', 'combat', 'endOfTurn'] },
    oncePerTurn: BOOL,
    target: {
      description: 'expected "none", "self", "host", { "character": side, "inCombat"? }, { "characterOrLocation": side } or { "itemOrLocation": side }',
      anyOf: [
        { enum: ['none', 'self', 'host'] },
        fields({ character: SIDE, inCombat: BOOL }, ['character']),
        fields({ characterOrLocation: SIDE }, ['characterOrLocation']),
        fields({ itemOrLocation: SIDE }, ['itemOrLocation']),
      ],
    },
    effects: { type: 'array', minItems: 1, maxItems: 2, items: EFFECT_ENTRY },
    text: TEXT,
  },
  ['name', 'effects', 'text'],
);
export const CARD_ENTRY_SCHEMA = cardEntry(
  {
    name: TEXT,
    type: { enum: CARD_TYPES },
    cost: int(0, 20),
    threshold: THRESHOLD,
    influenceCost: int(1, 20),
    influence: int(1, 999),
    startingResources: int(0, 10),
    startingDraw: {
      description: 'expected one number or [first player, second player] (D8), each 0..20',
      anyOf: [int(0, 20), { type: 'array', minItems: 2, maxItems: 2, items: int(0, 20) }],
    },
    icon: { enum: ICONS },
    icons: int(1, 3),
    strength: int(0, 99),
    life: int(1, 99),
    speed: int(0, 9),
    attach: fields({ strength: int(-9, 9), life: int(0, 9), speed: int(-9, 9) }),
    abilities: { type: 'array', maxItems: 2, items: ABILITY_ENTRY },
    provenance: provenanceNote(['invented', 'seed', 'spec']),
  },
  ['name', 'type', 'abilities', 'provenance'],
  // A character's body (R5, D3): strength, life and speed.
  { field: 'type', is: 'character', needs: ['strength', 'life', 'speed'] },
);
