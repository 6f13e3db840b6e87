// Checks every card entry against the vocabulary and lowers the catalogue into typed arrays
// (one entry per card, abilities at card * MAX_ABILITIES + k, effects at ability *
// MAX_EFFECTS + e). A bad entry is refused at load with the card's name and the field:
// `card "Brute": strength: expected an integer in [0, 99], got -1`.
import { CARD_TYPES, ICONS, TARGETED_VERBS, VERBS, type AbilityDef, type CardDef, type EffectDef, type Icon } from './schema.ts';

export const MAX_CARDS = 128;
export const MAX_ABILITIES = 2;
export const MAX_EFFECTS = 2;
export const NT = ICONS.length;

export const T_FACTION = 0, T_RESOURCE = 1, T_CHARACTER = 2, T_ITEM = 3, T_LOCATION = 4, T_TACTIC = 5;
/** Verb codes: index in VERBS plus one (0 = no effect). */
export const V_NONE = 0, V_DRAW = 1, V_FETCH = 2, V_DAMAGE = 3, V_DAMAGE_FACTION = 4, V_STRENGTH = 5, V_SPEED = 6, V_LIFE = 7,
  V_CONSUME = 8, V_RESTORE = 9, V_DESTROY = 10, V_PREVENT = 11;
export const TG_NONE = 0, TG_SELF = 1, TG_HOST = 2, TG_CHAR = 3, TG_CHARLOC = 4, TG_ITEMLOC = 5;
export const SIDE_OWN = 0, SIDE_OPP = 1, SIDE_ANY = 2;
export const TM_ANY = 0, TM_MAIN = 1, TM_COMBAT = 2, TM_END = 3;
export const TIMINGS = ['any', 'main', 'combat', 'endOfTurn'] as const;

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
  readonly cost: Int8Array;
  /** Threshold icons per card and type (card * NT + icon). */
  readonly thr: Int8Array;
  readonly influenceCost: Int8Array;
  readonly influence: Int16Array;
  readonly startRes: Int8Array;
  /** Starting draw for the first player and the second (D8). */
  readonly startDraw: Int8Array;
  readonly icon: Int8Array;
  readonly icons: Int8Array;
  readonly strength: Int8Array;
  readonly life: Int8Array;
  readonly speed: Int8Array;
  readonly attaches: Int8Array;
  readonly bStrength: Int8Array;
  readonly bLife: Int8Array;
  readonly bSpeed: Int8Array;
  readonly numAbilities: Int8Array;
  // Per ability (card * MAX_ABILITIES + k).
  readonly aThr: Int8Array;
  readonly aRes: Int8Array;
  readonly aSelf: Int8Array;
  readonly aTiming: Int8Array;
  readonly aOnce: Int8Array;
  readonly aTarget: Int8Array;
  readonly aSide: Int8Array;
  readonly aInCombat: Int8Array;
  // Per effect ((card * MAX_ABILITIES + k) * MAX_EFFECTS + e).
  readonly eVerb: Int8Array;
  readonly eAmount: Int8Array;
  readonly ePerm: Int8Array;
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

function threshold(card: string, field: string, v: unknown, out: Int8Array, at: number): void {
  if (v === undefined) return;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(card, field, 'expected icon counts, e.g. { "◆": 2 }');
  for (const [k, n] of Object.entries(v)) {
    const t = (ICONS as readonly string[]).indexOf(k);
    if (t < 0) fail(card, `${field}.${k}`, `unknown icon (valid: ${ICONS.join(' ')})`);
    out[at + t] = int(card, `${field}.${k}`, n, 0, 9);
  }
}

const COMMON = ['name', 'type', 'abilities', 'provenance'];
const FIELDS: Record<string, readonly string[]> = {
  faction: [...COMMON, 'influence', 'startingResources', 'startingDraw'],
  resource: [...COMMON, 'icon', 'icons'],
  character: [...COMMON, 'cost', 'threshold', 'influenceCost', 'strength', 'life', 'speed'],
  item: [...COMMON, 'cost', 'threshold', 'influenceCost', 'attach'],
  location: [...COMMON, 'cost', 'threshold', 'influenceCost', 'life'],
  tactic: [...COMMON, 'cost', 'threshold', 'influenceCost'],
};

/** Validates every entry and lowers the list into typed arrays. */
export function compileCatalogue(defs: readonly CardDef[]): Catalogue {
  const n = defs.length;
  if (n > MAX_CARDS) throw new CatalogueError(`catalogue: ${n} cards, at most ${MAX_CARDS}`);
  const A = n * MAX_ABILITIES;
  const E = A * MAX_EFFECTS;
  const cat = {
    size: n,
    defs,
    names: defs.map((d) => String(d?.name)),
    byName: new Map<string, number>(),
    type: new Int8Array(n),
    cost: new Int8Array(n),
    thr: new Int8Array(n * NT),
    influenceCost: new Int8Array(n),
    influence: new Int16Array(n),
    startRes: new Int8Array(n),
    startDraw: new Int8Array(2 * n),
    icon: new Int8Array(n).fill(-1),
    icons: new Int8Array(n),
    strength: new Int8Array(n),
    life: new Int8Array(n),
    speed: new Int8Array(n),
    attaches: new Int8Array(n),
    bStrength: new Int8Array(n),
    bLife: new Int8Array(n),
    bSpeed: new Int8Array(n),
    numAbilities: new Int8Array(n),
    aThr: new Int8Array(A * NT),
    aRes: new Int8Array(A),
    aSelf: new Int8Array(A),
    aTiming: new Int8Array(A),
    aOnce: new Int8Array(A),
    aTarget: new Int8Array(A),
    aSide: new Int8Array(A),
    aInCombat: new Int8Array(A),
    eVerb: new Int8Array(E),
    eAmount: new Int8Array(E),
    ePerm: new Int8Array(E),
  };
  defs.forEach((d, id) => {
    const card = typeof d?.name === 'string' && d.name.trim() !== '' ? d.name : `#${id}`;
    if (typeof d !== 'object' || d === null) fail(card, 'entry', 'expected an object');
    if (typeof d.name !== 'string' || d.name.trim() === '') fail(card, 'name', 'expected a non-empty name');
    if (cat.byName.has(d.name)) fail(card, 'name', 'given twice in the catalogue');
    cat.byName.set(d.name, id);
    const t = (CARD_TYPES as readonly unknown[]).indexOf(d.type);
    if (t < 0) fail(card, 'type', `unknown type ${JSON.stringify(d.type)} (valid: ${CARD_TYPES.join(', ')})`);
    cat.type[id] = t;
    checkKeys(card, 'entry', d, FIELDS[d.type]!);
    if (typeof d.provenance !== 'object' || d.provenance === null) fail(card, 'provenance', 'required: { numbers, note }');
    checkKeys(card, 'provenance', d.provenance, ['numbers', 'note']);
    if (!['invented', 'seed', 'spec'].includes(d.provenance.numbers)) fail(card, 'provenance.numbers', 'expected "invented", "seed" or "spec"');
    if (typeof d.provenance.note !== 'string' || d.provenance.note === '') fail(card, 'provenance.note', 'expected the budget rule or the passage copied');
    if (t === T_FACTION) {
      cat.influence[id] = d.influence === undefined ? 25 : int(card, 'influence', d.influence, 1, 999); // D1: default 25
      cat.startRes[id] = int(card, 'startingResources', d.startingResources, 0, 10);
      const sd = d.startingDraw;
      if (Array.isArray(sd)) {
        if (sd.length !== 2) fail(card, 'startingDraw', 'expected one number or [first player, second player] (D8)');
        cat.startDraw[2 * id] = int(card, 'startingDraw[0]', sd[0], 0, 20);
        cat.startDraw[2 * id + 1] = int(card, 'startingDraw[1]', sd[1], 0, 20);
      } else cat.startDraw[2 * id] = cat.startDraw[2 * id + 1] = int(card, 'startingDraw', sd, 0, 20);
    } else if (t === T_RESOURCE) {
      const k = (ICONS as readonly unknown[]).indexOf(d.icon);
      if (k < 0) fail(card, 'icon', `expected a basic type (valid: ${ICONS.join(' ')})`);
      cat.icon[id] = k;
      cat.icons[id] = d.icons === undefined ? 1 : int(card, 'icons', d.icons, 1, 3);
    } else {
      cat.cost[id] = int(card, 'cost', d.cost, 0, 20);
      threshold(card, 'threshold', d.threshold, cat.thr, id * NT);
      if (d.influenceCost !== undefined) cat.influenceCost[id] = int(card, 'influenceCost', d.influenceCost, 1, 20);
    }
    if (t === T_CHARACTER) {
      cat.strength[id] = int(card, 'strength', d.strength, 0, 99);
      cat.life[id] = int(card, 'life', d.life, 1, 99);
      cat.speed[id] = int(card, 'speed', d.speed, 0, 9);
    }
    if (t === T_LOCATION) cat.life[id] = int(card, 'life', d.life, 1, 99);
    if (t === T_ITEM && d.attach !== undefined) {
      if (typeof d.attach !== 'object' || d.attach === null) fail(card, 'attach', 'expected { strength?, life?, speed? }');
      checkKeys(card, 'attach', d.attach, ['strength', 'life', 'speed']);
      cat.attaches[id] = 1;
      cat.bStrength[id] = d.attach.strength === undefined ? 0 : int(card, 'attach.strength', d.attach.strength, -9, 9);
      cat.bLife[id] = d.attach.life === undefined ? 0 : int(card, 'attach.life', d.attach.life, 0, 9); // never negative: checkDeaths relies on it
      cat.bSpeed[id] = d.attach.speed === undefined ? 0 : int(card, 'attach.speed', d.attach.speed, -9, 9);
    }
    if (!Array.isArray(d.abilities)) fail(card, 'abilities', 'expected a list (may be empty)');
    if (d.abilities.length > MAX_ABILITIES) fail(card, 'abilities', `at most ${MAX_ABILITIES}`);
    if (t === T_TACTIC && d.abilities.length !== 1) fail(card, 'abilities', 'a tactic has exactly one entry: its instructions (R15)');
    if (t === T_RESOURCE && d.abilities.length !== 0) fail(card, 'abilities', 'resources have no abilities here (D16: payment then never needs a choice)');
    cat.numAbilities[id] = d.abilities.length;
    d.abilities.forEach((ab, k) => compileAbility(cat, card, t, id, k, ab));
  });
  return cat;
}

function compileAbility(cat: Catalogue, card: string, t: number, id: number, k: number, ab: AbilityDef): void {
  const f = `abilities[${k}]`;
  if (typeof ab !== 'object' || ab === null) fail(card, f, 'expected an object');
  checkKeys(card, f, ab, ['name', 'threshold', 'cost', 'timing', 'oncePerTurn', 'target', 'effects', 'text']);
  const a = id * MAX_ABILITIES + k;
  if (typeof ab.name !== 'string' || ab.name === '') fail(card, `${f}.name`, 'expected a name (R16)');
  if (typeof ab.text !== 'string' || ab.text === '') fail(card, `${f}.text`, 'expected the French card text');
  const tactic = t === T_TACTIC;
  if (tactic && (ab.threshold !== undefined || ab.cost !== undefined)) fail(card, `${f}.cost`, 'a tactic\'s threshold and cost are the card\'s (R4)');
  threshold(card, `${f}.threshold`, ab.threshold, cat.aThr, a * NT);
  if (ab.cost !== undefined) {
    if (typeof ab.cost !== 'object' || ab.cost === null) fail(card, `${f}.cost`, 'expected { resources?, consumeSelf? }');
    checkKeys(card, `${f}.cost`, ab.cost, ['resources', 'consumeSelf']);
    if (ab.cost.resources !== undefined) cat.aRes[a] = int(card, `${f}.cost.resources`, ab.cost.resources, 0, 20);
    if (ab.cost.consumeSelf !== undefined) {
      if (typeof ab.cost.consumeSelf !== 'boolean') fail(card, `${f}.cost.consumeSelf`, 'expected true or false');
      cat.aSelf[a] = ab.cost.consumeSelf ? 1 : 0;
    }
  }
  // D17: costs meter use; an ability that costs nothing would be usable without end.
  if (!tactic && cat.aRes[a] === 0 && cat.aSelf[a] === 0 && ab.oncePerTurn !== true) fail(card, `${f}.cost`, 'an ability needs a cost (resources or consumeSelf) or oncePerTurn (D17)');
  const tm = (TIMINGS as readonly unknown[]).indexOf(ab.timing ?? 'any');
  if (tm < 0) fail(card, `${f}.timing`, `expected one of ${TIMINGS.join(', ')}`);
  cat.aTiming[a] = tm;
  if (ab.oncePerTurn !== undefined) {
    if (tactic) fail(card, `${f}.oncePerTurn`, 'a tactic is played once anyway');
    cat.aOnce[a] = ab.oncePerTurn ? 1 : 0;
  }
  const tg = ab.target ?? 'none';
  const sideOf = (field: string, s: unknown) => {
    const v = ['own', 'opposing', 'any'].indexOf(s as string);
    if (v < 0) fail(card, field, 'expected own, opposing or any');
    return v;
  };
  if (tg === 'none') cat.aTarget[a] = TG_NONE;
  else if (tg === 'self') {
    if (tactic) fail(card, `${f}.target`, '"self" names a card in play carrying the ability');
    cat.aTarget[a] = TG_SELF;
  } else if (tg === 'host') {
    if (t !== T_ITEM || cat.attaches[id] !== 1) fail(card, `${f}.target`, '"host" belongs to an item that attaches (D18)');
    cat.aTarget[a] = TG_HOST;
  } else if (typeof tg === 'object' && tg !== null && 'character' in tg) {
    checkKeys(card, `${f}.target`, tg, ['character', 'inCombat']);
    cat.aTarget[a] = TG_CHAR;
    cat.aSide[a] = sideOf(`${f}.target.character`, tg.character);
    cat.aInCombat[a] = tg.inCombat ? 1 : 0;
  } else if (typeof tg === 'object' && tg !== null && 'characterOrLocation' in tg) {
    checkKeys(card, `${f}.target`, tg, ['characterOrLocation']);
    cat.aTarget[a] = TG_CHARLOC;
    cat.aSide[a] = sideOf(`${f}.target.characterOrLocation`, tg.characterOrLocation);
  } else if (typeof tg === 'object' && tg !== null && 'itemOrLocation' in tg) {
    checkKeys(card, `${f}.target`, tg, ['itemOrLocation']);
    cat.aTarget[a] = TG_ITEMLOC;
    cat.aSide[a] = sideOf(`${f}.target.itemOrLocation`, tg.itemOrLocation);
  } else fail(card, `${f}.target`, 'expected "none", "self", "host", { character }, { characterOrLocation } or { itemOrLocation }');
  if (!Array.isArray(ab.effects) || ab.effects.length < 1 || ab.effects.length > MAX_EFFECTS) fail(card, `${f}.effects`, `expected 1 to ${MAX_EFFECTS} effects`);
  let targeted = 0;
  ab.effects.forEach((e: EffectDef, j: number) => {
    const ef = `${f}.effects[${j}]`;
    if (typeof e !== 'object' || e === null) fail(card, ef, 'expected an object');
    checkKeys(card, ef, e, ['verb', 'amount', 'permanent']);
    const v = (VERBS as readonly unknown[]).indexOf(e.verb);
    if (v < 0) fail(card, `${ef}.verb`, `unknown verb ${JSON.stringify(e.verb)} (valid: ${VERBS.join(', ')})`);
    const verb = VERBS[v]!;
    const x = a * MAX_EFFECTS + j;
    cat.eVerb[x] = v + 1;
    const signed = verb === 'strength' || verb === 'speed' || verb === 'life';
    if (verb === 'consume' || verb === 'restore' || verb === 'destroy' || verb === 'fetchResource') {
      if (e.amount !== undefined) fail(card, `${ef}.amount`, `"${verb}" takes no amount`);
    } else {
      cat.eAmount[x] = int(card, `${ef}.amount`, e.amount, signed ? -9 : 1, 9);
      if (signed && e.amount === 0) fail(card, `${ef}.amount`, 'a change of 0 does nothing');
    }
    if (e.permanent !== undefined) {
      if (!signed) fail(card, `${ef}.permanent`, 'only strength, speed and life have a duration');
      cat.ePerm[x] = e.permanent ? 1 : 0;
    }
    if (TARGETED_VERBS.includes(verb)) {
      targeted++;
      const tc = cat.aTarget[a]!;
      const charOnly = verb === 'strength' || verb === 'speed' || verb === 'prevent';
      if (tc === TG_NONE) fail(card, `${f}.target`, `"${verb}" needs a target`);
      if (charOnly && (tc === TG_CHARLOC || tc === TG_ITEMLOC)) fail(card, `${f}.target`, `"${verb}" acts on a character only`);
      if (verb === 'damage' && tc === TG_ITEMLOC) fail(card, `${f}.target`, '"damage" hits characters and locations (D3)');
      if (verb === 'life' && tc === TG_ITEMLOC) fail(card, `${f}.target`, '"life" acts on characters and locations');
      if ((verb === 'strength' || verb === 'speed' || verb === 'life' || verb === 'prevent') && tc === TG_SELF && t !== T_CHARACTER) {
        fail(card, `${f}.target`, `"self" with "${verb}" needs a character`);
      }
    }
  });
  if (cat.aTarget[a] !== TG_NONE && targeted === 0) fail(card, `${f}.target`, 'a target is given but no verb uses it');
}

/** Icon index of a resource card's type, or -1. */
export function iconOf(cat: Catalogue, id: number): Icon | null {
  return cat.icon[id]! >= 0 ? ICONS[cat.icon[id]!]! : null;
}
