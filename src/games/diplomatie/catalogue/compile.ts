// Checks every card entry against the vocabulary and lowers the catalogue into typed arrays
// (one entry per card, abilities at card * MAX_ABILITIES + k). A bad entry is refused at
// load with the card's name and the field: `card "Loup": abilities[0].effects[0].verb: …`.
import {
  ABILITY_KINDS,
  CARD_TYPES,
  MOMENTS,
  PASSIVE_VERBS,
  SYMBOLS,
  TARGETED_VERBS,
  VERBS,
  type AbilityDef,
  type CardDef,
  type EffectDef,
} from './schema.ts';

export const MAX_ABILITIES = 3;
export const MAX_EFFECTS = 2;
export const MAX_LEVEL = 5;

export const T_CREATURE = 0, T_KINGDOM = 1, T_EVENT = 2, T_DIPLOMACY = 3;
export const K_PASSIVE = 0, K_CAST = 1, K_EVENT = 2, K_TRIGGERED = 3, K_QUICK = 4;
export const M_DESTROYED = 0, M_ENTERS = 1, M_ATTACKS = 2, M_IS_ATTACKED = 3, M_TURN_START = 4, M_TURN_END = 5;
export const L_ONCE = 0, L_UNLIMITED = 1, L_CHARGES = 2;
/** Verb codes: index in VERBS plus one (0 = no effect). */
export const V_NONE = 0, V_DRAW = 1, V_GAIN_PV = 2, V_DAMAGE = 3, V_GAIN_PD = 4, V_DESTROY = 5, V_EXHAUST = 6,
  V_READY = 7, V_POWER = 8, V_DOUBLE = 9, V_PUT = 10, V_SHROUD = 11, V_AURA = 12;
/** Target codes. */
export const TG_NONE = 0, TG_SELF = 1, TG_CREATURE = 2, TG_HAND = 3;
export const SIDE_OWN = 0, SIDE_OPP = 1, SIDE_ANY = 2;
export const ST_ANY = 0, ST_READY = 1, ST_EXHAUSTED = 2;

export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export interface Catalogue {
  readonly size: number;
  readonly defs: readonly CardDef[];
  readonly names: readonly string[];
  readonly byName: ReadonlyMap<string, number>;
  readonly type: Int8Array;
  readonly level: Int8Array;
  readonly power: Int16Array;
  /** Bit masks over SYMBOLS. */
  readonly symbols: Int8Array;
  readonly requires: Int8Array;
  readonly extraCost: Int8Array;
  readonly numAbilities: Int8Array;
  /** Event or Diplomacy card whose ability is Quick (D20): playable in windows. */
  readonly quickCard: Int8Array;
  /** Passives summed per card: +Puissance to your creatures; shroud on self / on all your creatures. */
  readonly aura: Int16Array;
  readonly shroudSelf: Int8Array;
  readonly shroudAllies: Int8Array;
  // Per ability (card * MAX_ABILITIES + k).
  readonly aKind: Int8Array;
  readonly aWhen: Int8Array;
  readonly aLimit: Int8Array;
  readonly aCharges: Int8Array;
  readonly aOptional: Int8Array;
  readonly aExhaust: Int8Array;
  readonly aDiscard: Int8Array;
  readonly aTarget: Int8Array;
  readonly aSide: Int8Array;
  readonly aState: Int8Array;
  readonly aMaxLevel: Int8Array;
  // Per effect ((card * MAX_ABILITIES + k) * MAX_EFFECTS + e).
  readonly eVerb: Int8Array;
  readonly eAmount: Int16Array;
  readonly ePermanent: Int8Array;
  readonly texts: readonly string[];
}

function fail(card: string, field: string, msg: string): never {
  throw new CatalogueError(`card "${card}": ${field}: ${msg}`);
}

function checkKeys(card: string, field: string, obj: object, allowed: readonly string[]): void {
  for (const k of Object.keys(obj)) if (!allowed.includes(k)) fail(card, field, `unknown field "${k}" (valid: ${allowed.join(', ')})`);
}

function int(card: string, field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(card, field, `expected an integer in [${min}, ${max}], got ${JSON.stringify(v)}`);
  return v;
}

function symMask(card: string, field: string, v: unknown): number {
  if (v === undefined) return 0;
  if (!Array.isArray(v)) fail(card, field, 'expected a list of symbols');
  let m = 0;
  v.forEach((s, i) => {
    const k = (SYMBOLS as readonly unknown[]).indexOf(s);
    if (k < 0) fail(card, `${field}[${i}]`, `unknown symbol ${JSON.stringify(s)} (valid: ${SYMBOLS.join(' ')})`);
    m |= 1 << k;
  });
  return m;
}

/** Validates every entry and lowers the list into typed arrays. */
export function compileCatalogue(defs: readonly CardDef[]): Catalogue {
  const n = defs.length;
  const A = n * MAX_ABILITIES;
  const E = A * MAX_EFFECTS;
  const cat = {
    size: n,
    defs,
    names: defs.map((d) => d.name),
    byName: new Map<string, number>(),
    type: new Int8Array(n),
    level: new Int8Array(n),
    power: new Int16Array(n),
    symbols: new Int8Array(n),
    requires: new Int8Array(n),
    extraCost: new Int8Array(n),
    numAbilities: new Int8Array(n),
    quickCard: new Int8Array(n),
    aura: new Int16Array(n),
    shroudSelf: new Int8Array(n),
    shroudAllies: new Int8Array(n),
    aKind: new Int8Array(A),
    aWhen: new Int8Array(A).fill(-1),
    aLimit: new Int8Array(A),
    aCharges: new Int8Array(A),
    aOptional: new Int8Array(A),
    aExhaust: new Int8Array(A),
    aDiscard: new Int8Array(A),
    aTarget: new Int8Array(A),
    aSide: new Int8Array(A),
    aState: new Int8Array(A),
    aMaxLevel: new Int8Array(A),
    eVerb: new Int8Array(E),
    eAmount: new Int16Array(E),
    ePermanent: new Int8Array(E),
    texts: [] as string[],
  };
  defs.forEach((d, id) => {
    const card = typeof d?.name === 'string' && d.name.trim() !== '' ? d.name : `#${id}`;
    if (typeof d !== 'object' || d === null) fail(card, 'entry', 'expected an object');
    checkKeys(card, 'entry', d, ['name', 'type', 'level', 'power', 'symbols', 'requires', 'extraCost', 'abilities', 'provenance']);
    if (typeof d.name !== 'string' || d.name.trim() === '') fail(card, 'name', 'expected a non-empty name');
    if (cat.byName.has(d.name)) fail(card, 'name', 'given twice in the catalogue');
    cat.byName.set(d.name, id);
    const t = (CARD_TYPES as readonly unknown[]).indexOf(d.type);
    if (t < 0) fail(card, 'type', `unknown type ${JSON.stringify(d.type)} (valid: ${CARD_TYPES.join(', ')})`);
    cat.type[id] = t;
    if (typeof d.provenance !== 'object' || d.provenance === null) fail(card, 'provenance', 'required: { numbers, note }');
    checkKeys(card, 'provenance', d.provenance, ['numbers', 'note']);
    if (d.provenance.numbers !== 'invented' && d.provenance.numbers !== 'seed') fail(card, 'provenance.numbers', 'expected "invented" or "seed"');
    if (typeof d.provenance.note !== 'string' || d.provenance.note === '') fail(card, 'provenance.note', 'expected the budget rule or seed passage');
    if (t === T_CREATURE) {
      cat.level[id] = int(card, 'level', d.level, 1, MAX_LEVEL);
      cat.power[id] = int(card, 'power', d.power, 0, 999);
      cat.symbols[id] = symMask(card, 'symbols', d.symbols);
      cat.requires[id] = symMask(card, 'requires', d.requires);
      if (d.extraCost !== undefined) fail(card, 'extraCost', 'creatures have no extraCost: the play method sets the price (D4)');
    } else {
      for (const f of ['level', 'power', 'symbols', 'requires'] as const) if (d[f] !== undefined) fail(card, f, `only creatures have a ${f}`);
      cat.extraCost[id] = d.extraCost === undefined ? 0 : int(card, 'extraCost', d.extraCost, 0, 10);
    }
    if (!Array.isArray(d.abilities)) fail(card, 'abilities', 'expected a list (may be empty)');
    if (d.abilities.length > MAX_ABILITIES) fail(card, 'abilities', `at most ${MAX_ABILITIES}`);
    cat.numAbilities[id] = d.abilities.length;
    if ((t === T_EVENT || t === T_DIPLOMACY) && d.abilities.length !== 1) fail(card, 'abilities', 'an Event or Diplomacy card has exactly one ability (kind event or quick)');
    d.abilities.forEach((ab, k) => compileAbility(cat, card, t, id, k, ab));
    cat.texts.push(d.abilities.map((a) => a.text).join(' / '));
  });
  return cat;
}

function compileAbility(cat: Catalogue, card: string, t: number, id: number, k: number, ab: AbilityDef): void {
  const f = `abilities[${k}]`;
  if (typeof ab !== 'object' || ab === null) fail(card, f, 'expected an object');
  checkKeys(card, f, ab, ['kind', 'when', 'limit', 'optional', 'cost', 'target', 'effects', 'text']);
  const a = id * MAX_ABILITIES + k;
  const kind = (ABILITY_KINDS as readonly unknown[]).indexOf(ab.kind);
  if (kind < 0) fail(card, `${f}.kind`, `unknown kind ${JSON.stringify(ab.kind)} (valid: ${ABILITY_KINDS.join(', ')})`);
  cat.aKind[a] = kind;
  if (typeof ab.text !== 'string' || ab.text === '') fail(card, `${f}.text`, 'expected the French card text');
  const oneShot = t === T_EVENT || t === T_DIPLOMACY;
  if (oneShot && kind !== K_EVENT && kind !== K_QUICK) fail(card, `${f}.kind`, 'an Event or Diplomacy card\'s ability is "event" or "quick" (R18, D5, D20)');
  if (!oneShot && kind === K_EVENT) fail(card, `${f}.kind`, '"event" abilities belong to Event and Diplomacy cards (R19)');
  if (oneShot && kind === K_QUICK) cat.quickCard[id] = 1;
  if (kind === K_TRIGGERED) {
    const m = (MOMENTS as readonly unknown[]).indexOf(ab.when);
    if (m < 0) fail(card, `${f}.when`, `a triggered ability needs a moment (valid: ${MOMENTS.join(', ')})`);
    if (t !== T_CREATURE && m !== M_ENTERS && m !== M_TURN_START && m !== M_TURN_END) fail(card, `${f}.when`, `"${ab.when}" is a creature's moment`);
    cat.aWhen[a] = m;
  } else if (ab.when !== undefined) fail(card, `${f}.when`, 'only triggered abilities have a moment');
  // Limit (R28, D33).
  if (ab.limit === undefined || ab.limit === 'oncePerTurnPerName') cat.aLimit[a] = L_ONCE;
  else if (ab.limit === 'unlimited') cat.aLimit[a] = L_UNLIMITED;
  else if (typeof ab.limit === 'object' && ab.limit !== null && 'charges' in ab.limit) {
    if (oneShot || (kind !== K_CAST && kind !== K_QUICK)) fail(card, `${f}.limit`, 'charges belong to cast or quick abilities of cards in play');
    cat.aLimit[a] = L_CHARGES;
    cat.aCharges[a] = int(card, `${f}.limit.charges`, ab.limit.charges, 1, 20);
  } else fail(card, `${f}.limit`, 'expected "oncePerTurnPerName", "unlimited" or { charges: X }');
  if (kind === K_PASSIVE && ab.limit !== undefined) fail(card, `${f}.limit`, 'passives are never limited (D33)');
  if (ab.optional !== undefined) {
    if (typeof ab.optional !== 'boolean') fail(card, `${f}.optional`, 'expected true or false');
    if (kind === K_PASSIVE) fail(card, `${f}.optional`, 'a passive cannot be optional');
    cat.aOptional[a] = ab.optional ? 1 : 0;
  }
  if (ab.cost !== undefined) {
    if (kind !== K_CAST && kind !== K_QUICK) fail(card, `${f}.cost`, 'only cast and quick abilities of cards in play have a cost');
    if (oneShot) fail(card, `${f}.cost`, 'Events and Diplomacy cards pay extraCost, not an ability cost');
    checkKeys(card, `${f}.cost`, ab.cost, ['exhaustSelf', 'discard']);
    if (ab.cost.exhaustSelf) {
      if (t !== T_CREATURE) fail(card, `${f}.cost.exhaustSelf`, 'only a creature can exhaust');
      cat.aExhaust[a] = 1;
    }
    if (ab.cost.discard !== undefined) cat.aDiscard[a] = int(card, `${f}.cost.discard`, ab.cost.discard, 0, 10);
  }
  // Target.
  const tg = ab.target ?? 'none';
  if (tg === 'none') cat.aTarget[a] = TG_NONE;
  else if (tg === 'self') {
    if (t !== T_CREATURE) fail(card, `${f}.target`, '"self" names the creature carrying the ability');
    cat.aTarget[a] = TG_SELF;
  } else if (typeof tg === 'object' && 'creature' in tg) {
    checkKeys(card, `${f}.target.creature`, tg.creature, ['side', 'state']);
    const side = ['own', 'opposing', 'any'].indexOf(tg.creature.side);
    if (side < 0) fail(card, `${f}.target.creature.side`, 'expected own, opposing or any');
    const st = ['any', 'ready', 'exhausted'].indexOf(tg.creature.state ?? 'any');
    if (st < 0) fail(card, `${f}.target.creature.state`, 'expected any, ready or exhausted');
    cat.aTarget[a] = TG_CREATURE;
    cat.aSide[a] = side;
    cat.aState[a] = st;
  } else if (typeof tg === 'object' && 'handCreature' in tg) {
    cat.aTarget[a] = TG_HAND;
    cat.aMaxLevel[a] = int(card, `${f}.target.handCreature.maxLevel`, tg.handCreature?.maxLevel, 1, MAX_LEVEL);
  } else fail(card, `${f}.target`, 'expected "none", "self", { creature: … } or { handCreature: … }');
  // Effects.
  if (!Array.isArray(ab.effects) || ab.effects.length < 1 || ab.effects.length > MAX_EFFECTS) fail(card, `${f}.effects`, `expected 1 to ${MAX_EFFECTS} effects`);
  let targeted = 0;
  ab.effects.forEach((e: EffectDef, j: number) => {
    const ef = `${f}.effects[${j}]`;
    if (typeof e !== 'object' || e === null) fail(card, ef, 'expected an object');
    checkKeys(card, ef, e, ['verb', 'amount', 'permanent', 'scope']);
    const v = (VERBS as readonly unknown[]).indexOf(e.verb);
    if (v < 0) fail(card, `${ef}.verb`, `unknown verb ${JSON.stringify(e.verb)} (valid: ${VERBS.join(', ')})`);
    const verb = VERBS[v]!;
    const x = a * MAX_EFFECTS + j;
    cat.eVerb[x] = v + 1;
    const isPassiveVerb = PASSIVE_VERBS.includes(verb);
    if (isPassiveVerb !== (kind === K_PASSIVE)) fail(card, `${ef}.verb`, isPassiveVerb ? `"${verb}" is a passive verb` : `a passive's verbs are ${PASSIVE_VERBS.join(', ')}`);
    const needsAmount = verb === 'draw' || verb === 'gainPV' || verb === 'damage' || verb === 'gainPD' || verb === 'power' || verb === 'aura';
    if (needsAmount) cat.eAmount[x] = int(card, `${ef}.amount`, e.amount, 1, 999);
    else if (e.amount !== undefined) fail(card, `${ef}.amount`, `"${verb}" takes no amount`);
    if (e.permanent !== undefined) {
      if (verb !== 'power' && verb !== 'double') fail(card, `${ef}.permanent`, 'only power and double have a duration');
      cat.ePermanent[x] = e.permanent ? 1 : 0;
    }
    if (verb === 'shroud') {
      if (e.scope === 'allies') cat.shroudAllies[id] = 1;
      else if (e.scope === 'self' && t === T_CREATURE) cat.shroudSelf[id] = 1;
      else fail(card, `${ef}.scope`, 'expected "allies" (or "self" on a creature)');
    } else if (e.scope !== undefined) fail(card, `${ef}.scope`, 'only shroud has a scope');
    if (verb === 'aura') cat.aura[id]! += e.amount!;
    if (TARGETED_VERBS.includes(verb)) {
      targeted++;
      const tc = cat.aTarget[a];
      if (verb === 'putIntoPlay' ? tc !== TG_HAND : tc !== TG_CREATURE && tc !== TG_SELF) {
        fail(card, `${f}.target`, `"${verb}" needs ${verb === 'putIntoPlay' ? 'a handCreature' : 'a creature or self'} target`);
      }
    }
  });
  if (cat.aTarget[a] !== TG_NONE && targeted === 0) fail(card, `${f}.target`, 'a target is given but no verb uses it');
  if (kind === K_PASSIVE && cat.aTarget[a] !== TG_NONE) fail(card, `${f}.target`, 'a passive has no target');
  // A cost paid from the hand could discard the only creature the target may name.
  if (cat.aTarget[a] === TG_HAND && (cat.aDiscard[a] > 0 || (oneShot && cat.extraCost[id] > 0))) fail(card, `${f}.target`, 'a handCreature target cannot go with a cost paid from the hand');
}
