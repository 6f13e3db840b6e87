// The Diplomatie card vocabulary (rules §11): what a card entry may say. Cards are data in
// this closed vocabulary; `compile.ts` checks every field and lowers the entries into
// typed arrays the engine reads.
import { BOOL, cardEntry, fields, int, provenanceNote, TEXT } from '../../../core/card-data.ts';

/** R4: the four card types. */
export const CARD_TYPES = ['creature', 'kingdom', 'event', 'diplomacy'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** D16: the symbols a creature may carry or require (a closed set; the seed names none). */
export const SYMBOLS = ['◆', '★', '●', '▲'] as const;
export type Sym = (typeof SYMBOLS)[number];

/** R26: the five kinds of ability. */
export const ABILITY_KINDS = ['passive', 'cast', 'event', 'triggered', 'quick'] as const;
export type AbilityKind = (typeof ABILITY_KINDS)[number];

/** §11: the moments a triggered ability ("Lorsque …") names. */
export const MOMENTS = [
  'destroyed', // this creature is destroyed
  'entersPlay', // this creature or Kingdom enters play (not by evolution, D18)
  'attacks', // this creature is declared as an attacker
  'isAttacked', // this creature is chosen as the target of an attack (R22)
  'turnStart', // your turn begins (after the start-of-turn draw)
  'turnEnd', // you end step 2 of your turn
] as const;
export type Moment = (typeof MOMENTS)[number];

/** The effect verbs. Each has one executor in the engine (rules.ts, resolveAbility). */
export const VERBS = [
  'draw', // the controller draws `amount` cards (an empty deck gives nothing, D13)
  'gainPV', // the controller gains `amount` PV (no maximum, D3)
  'damage', // the opponent loses `amount` PV
  'gainPD', // the controller gains `amount` PD (Diplomacy cards, §11)
  'destroy', // the target creature is destroyed
  'exhaust', // the target creature is exhausted
  'ready', // the target creature is readied
  'power', // the target creature gets +amount Puissance (until end of turn unless `permanent`)
  'double', // the target creature's current Puissance is doubled (a +X modifier, D35)
  'putIntoPlay', // the target creature card from the controller's hand enters play (R25)
  'shroud', // passive: creatures (`scope`) cannot be targeted by opposing abilities (R29, D34)
  'aura', // passive: your creatures get +amount Puissance while this is in play
] as const;
export type Verb = (typeof VERBS)[number];
/** Verbs that act on the ability's target. */
export const TARGETED_VERBS: readonly Verb[] = ['destroy', 'exhaust', 'ready', 'power', 'double', 'putIntoPlay'];
export const PASSIVE_VERBS: readonly Verb[] = ['shroud', 'aura'];

/** Who an ability targets: nothing, the creature carrying it, a chosen creature, or a creature card in your hand. */
export type TargetDef =
  | 'none'
  | 'self'
  | { creature: { side: 'own' | 'opposing' | 'any'; state?: 'any' | 'ready' | 'exhausted' } }
  | { handCreature: { maxLevel: number } };

export interface EffectDef {
  verb: Verb;
  /** draw, gainPV, damage, gainPD, power, aura: the number. */
  amount?: number;
  /** power, double: permanent instead of until end of turn (D35). */
  permanent?: boolean;
  /** shroud: 'self' (this creature) or 'allies' (all your creatures). */
  scope?: 'self' | 'allies';
}

export interface AbilityDef {
  kind: AbilityKind;
  /** triggered only: the moment. */
  when?: Moment;
  /** R28: once per turn per card name (default), "Non limité", or "X Charges". */
  limit?: 'oncePerTurnPerName' | 'unlimited' | { charges: number };
  /** D31: "Vous pouvez" — the controller may decline (triggered abilities). */
  optional?: boolean;
  /** An ability cost: exhaust this creature, discard N hand cards. */
  cost?: { exhaustSelf?: boolean; discard?: number };
  target?: TargetDef;
  /** One or two verbs; the targeted ones act on the target (D39: the others happen regardless). */
  effects: EffectDef[];
  /** The card text, in French, as a designer reads it. */
  text: string;
}

/** Which of a card's numbers come from a seed; the seed gives no cards, so all are 'invented'. */
export interface Provenance {
  numbers: 'invented' | 'seed';
  /** The budget rule (README) the numbers follow, or the seed passage they copy. */
  note: string;
}

export interface CardDef {
  name: string;
  type: CardType;
  /** creature: level ≥ 1 (1–5 here, D4). */
  level?: number;
  /** creature: Puissance ≥ 0. */
  power?: number;
  symbols?: Sym[];
  requires?: Sym[];
  /** kingdom, event, diplomacy: hand cards discarded to play it (D22), default 0. */
  extraCost?: number;
  abilities: AbilityDef[];
  provenance: Provenance;
}

// The JSON schema of one entry of cards.json (ajv, strict): the shape and the vocabulary.
// compile.ts checks what a shape cannot say (a target its verbs need, a moment a type has).
const EFFECT_ENTRY = fields({ verb: { enum: VERBS }, amount: int(1, 999), permanent: BOOL, scope: { enum: ['self', 'allies'] } }, ['verb']);
const ABILITY_ENTRY = fields(
  {
    kind: { enum: ABILITY_KINDS },
    when: { enum: MOMENTS },
    limit: {
      description: 'expected "oncePerTurnPerName", "unlimited" or { "charges": 1..20 }',
      anyOf: [{ enum: ['oncePerTurnPerName', 'unlimited'] }, fields({ charges: int(1, 20) }, ['charges'])],
    },
    optional: BOOL,
    cost: fields({ exhaustSelf: BOOL, discard: int(0, 10) }),
    target: {
      description: 'expected "none", "self", { "creature": { "side", "state" } } or { "handCreature": { "maxLevel" } }',
      anyOf: [
        { enum: ['none', 'self'] },
        fields({ creature: fields({ side: { enum: ['own', 'opposing', 'any'] }, state: { enum: ['any', 'ready', 'exhausted'] } }, ['side']) }, ['creature']),
        fields({ handCreature: fields({ maxLevel: int(1, 5) }, ['maxLevel']) }, ['handCreature']),
      ],
    },
    effects: { type: 'array', minItems: 1, maxItems: 2, items: EFFECT_ENTRY },
    text: TEXT,
  },
  ['kind', 'effects', 'text'],
);
export const CARD_ENTRY_SCHEMA = cardEntry(
  {
    name: TEXT,
    type: { enum: CARD_TYPES },
    level: int(1, 5),
    power: int(0, 999),
    symbols: { type: 'array', items: { enum: SYMBOLS } },
    requires: { type: 'array', items: { enum: SYMBOLS } },
    extraCost: int(0, 10),
    abilities: { type: 'array', maxItems: 3, items: ABILITY_ENTRY },
    provenance: provenanceNote(['invented', 'seed']),
  },
  ['name', 'type', 'abilities', 'provenance'],
  // A creature's body (D4): its level and Puissance.
  { field: 'type', is: 'creature', needs: ['level', 'power'] },
);
