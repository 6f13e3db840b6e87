// The Paliers card vocabulary (rules §11): what a card entry may say. Cards are data in
// this closed vocabulary; compile.ts checks every field and lowers the entries into typed
// arrays the engine reads. One executor per verb lives in rules.ts (resolveEffect).
import { BOOL, cardEntry, fields, int, provenanceNote, TEXT } from '../../../core/card-data.ts';

/** R4, D4: the four card kinds. */
export const KINDS = ['character', 'spell', 'place', 'levelUp'] as const;
export type Kind = (typeof KINDS)[number];

/** R6: the five factions, in the seed's order (D29 assigns the threshold blocks in it). */
export const COLOURS = ['Rouge', 'Bleu', 'Vert', 'Violet', 'Jaune'] as const;
export type Colour = (typeof COLOURS)[number];

/** When an ability acts. */
export const WHENS = [
  'play', // a spell or Level Up card resolving from hand
  'enter', // this character or Place enters play
  'activated', // USE: its controller, once per turn, where a spell could be played (D27)
  'dies', // "quand ce personnage meurt" (D33)
  'endOfTurn', // phase 7 (R15): every turn, or only its controller's (yourTurnOnly)
  'static', // while in play (Places can be disabled or suspended, R27)
] as const;
export type When = (typeof WHENS)[number];

/** Who a targeted ability acts on, chosen with TARGET when it is played (rules §12). */
export const TARGETS = ['none', 'self', 'ownChar', 'oppChar', 'anyChar', 'anyPlace', 'oppPlace', 'graveChar'] as const;
export type Target = (typeof TARGETS)[number];

export const VERBS = [
  'gainLevel', // R20: its controller gains `amount` levels
  'draw', // draw `amount` cards
  'damage', // deal `amount` damage to the target character (R31's "0 PV ou moins" at once)
  'damagePlayer', // deal `amount` damage to the opposing player (Blue (2) may absorb it)
  'healPlayer', // its controller gains `amount` PV (no maximum, D1)
  'healChar', // remove up to `amount` damage from the target character
  'atq', // target gets +amount ATQ (until end of turn, or `permanent`)
  'pv', // target gets +amount PV (until end of turn, or `permanent`)
  'freeze', // the target opposing character is frozen until its controller's opponent's next turn (R36)
  'destroy', // the target character is destroyed (a death, D33)
  'sacrifice', // the target character of its controller is destroyed, as the card requires (R25)
  'resurrect', // the target character card of its controller's graveyard enters play (entropic, D12)
  'disablePlace', // the target Place's effect stops for good (R27)
  'suspendPlace', // the target Place's effect stops until end of turn (R27)
  'copyPlace', // this Place copies the target Place's static, activated and end-of-turn effects (R27)
  'cardLimit', // static: +amount cards playable per turn (§11 "change the card limit")
  'atqAura', // static: your characters (of `colour` if given) get +amount ATQ
  'pvAura', // static: your characters (of `colour` if given) get +amount PV
] as const;
export type Verb = (typeof VERBS)[number];
export const TARGETED_VERBS: readonly Verb[] = ['damage', 'healChar', 'atq', 'pv', 'freeze', 'destroy', 'sacrifice', 'resurrect', 'disablePlace', 'suspendPlace', 'copyPlace'];
export const STATIC_VERBS: readonly Verb[] = ['cardLimit', 'atqAura', 'pvAura'];

export interface EffectDef {
  verb: Verb;
  amount?: number;
  permanent?: boolean;
  colour?: Colour;
}

export interface AbilityDef {
  when: When;
  /** endOfTurn: only at the end of its controller's turns. */
  yourTurnOnly?: boolean;
  /** activated: the character is sacrificed as the cost (R25 "si une carte l'exige"). */
  cost?: 'sacrificeSelf';
  target?: Target;
  effects: EffectDef[];
  /** The card text, in French. */
  text: string;
}

/** D28, §11: rule overrides a character's text may carry ("sauf mention contraire"). */
export interface Keywords {
  /** May block this many attackers (R29's 1 by default). */
  blockMax?: number;
  /** Cannot be blocked by more than one character. */
  singleBlocker?: boolean;
  /** Deals its combat damage before the others (R31's simultaneity overridden). */
  firstStrike?: boolean;
  /** Its excess damage goes to the defending player (R31's "ignored" overridden). */
  excessToPlayer?: boolean;
}

/** Which numbers come from a seed; the seed prints no card, so all card numbers are invented. */
export interface Provenance {
  numbers: 'invented' | 'seed';
  note: string;
}

export interface CardDef {
  name: string;
  kind: Kind;
  colours?: Colour[];
  legendary?: boolean;
  /** D7, D28: this card's own copy limit in a deck (overrides R8's 3, or 1 for a legendary). */
  deckLimit?: number;
  /** character: R5. */
  level?: number;
  atq?: number;
  pv?: number;
  keywords?: Keywords;
  /** spell: R33's "sauf mention contraire": 'main' = only in its controller's phases 3 and 5. */
  timing?: 'any' | 'main';
  /** levelUp: levels gained (D4, default 1). */
  levels?: number;
  abilities: AbilityDef[];
  provenance: Provenance;
}

// The JSON schema of one entry of cards.json (ajv, strict): the shape and the vocabulary.
// compile.ts checks what a shape cannot say (the target a verb needs, the kind a field belongs to).
const EFFECT_ENTRY = fields({ verb: { enum: VERBS }, amount: int(1, 20), permanent: BOOL, colour: { enum: COLOURS } }, ['verb']);
const ABILITY_ENTRY = fields(
  {
    when: { enum: WHENS },
    yourTurnOnly: BOOL,
    cost: { enum: ['sacrificeSelf'] },
    target: { enum: TARGETS },
    effects: { type: 'array', minItems: 1, maxItems: 2, items: EFFECT_ENTRY },
    text: TEXT,
  },
  ['when', 'effects', 'text'],
);
export const CARD_ENTRY_SCHEMA = cardEntry(
  {
    name: TEXT,
    kind: { enum: KINDS },
    colours: { type: 'array', uniqueItems: true, items: { enum: COLOURS } },
    legendary: BOOL,
    deckLimit: int(1, 64),
    level: int(1, 5),
    atq: int(0, 99),
    pv: int(1, 99),
    keywords: fields({ blockMax: int(1, 3), singleBlocker: BOOL, firstStrike: BOOL, excessToPlayer: BOOL }),
    timing: { enum: ['any', 'main'] },
    levels: int(0, 9),
    abilities: { type: 'array', maxItems: 3, items: ABILITY_ENTRY },
    provenance: provenanceNote(['invented', 'seed']),
  },
  ['name', 'kind', 'abilities', 'provenance'],
  // A character's body (R5): its level, ATQ and PV.
  { field: 'kind', is: 'character', needs: ['level', 'atq', 'pv'] },
);
