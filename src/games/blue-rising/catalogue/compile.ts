// Compiles card entries (data in the closed vocabulary of schema.ts) once at load into flat
// typed arrays the engine reads on the hot path. Every field is checked here: an unknown
// verb, selector or bad number is refused with the card's name and the field.
import {
  CARD_TYPES,
  FACTIONS,
  GRADES,
  KEYWORD_FIELDS,
  QUEST_KINDS,
  SELECTORS,
  VERBS,
  type Ability,
  type CardDef,
  type Keywords,
} from './schema.ts';
export * from './codes.ts';
import {
  T_CHARACTER, T_EVENT, T_TRAP, T_OBJECT, T_ENVIRONMENT, T_ARTEFACT, G_SQUIRE, KW_COUNTER,
  KW_RANGED, KW_STEALTH, KW_RAGE, TR_ENTER, TR_TAP, TR_TRAP, TR_SACRIFICE, NUM_TRIGGERS, TK_NONE,
  TK_OWN, TK_OPP, TK_ANY, TK_OWN_ADJ, EFFECT_WORDS, AB_TAP, AB_TAP_FIGHT, AB_TAP_RESOURCE, AB_SAC,
  AB_SAC_FIGHT, AB_SAC_RESOURCE,
} from './codes.ts';

export class CardError extends Error {
  constructor(card: string, field: string, reason: string) {
    super(`card "${card}": ${field}: ${reason}`);
    this.name = 'CardError';
  }
}

// The VP a character of each grade (G_*) is worth when destroyed (R5).
export const VP_BY_GRADE = [0, 0, 1, 2] as const;
const TRIGGER_FIELDS = ['onEnter', 'tap', 'play', 'trap', 'sacrifice', 'artefact'] as const;

export const SQUIRE_NAME = 'Écuyer';
/**
 * The most cards a catalogue holds, the Squire token included: the heuristic bot keeps the
 * tables of the catalogue it plays in arrays of this many cards (bot/card-info.ts).
 */
export const MAX_CARDS = 1024;

/** The catalogue as the engine reads it: one typed array per field, indexed by card id. */
export interface Catalogue {
  readonly size: number;
  readonly defs: readonly CardDef[];
  readonly names: readonly string[];
  readonly byName: ReadonlyMap<string, number>;
  readonly squireId: number;
  readonly type: Int8Array;
  readonly grade: Int8Array;
  readonly faction: Int8Array;
  readonly cost: Int16Array;
  readonly power: Int16Array;
  readonly support: Int16Array;
  // Printed keywords.
  readonly kwFront: Int16Array;
  readonly kwBack: Int16Array;
  readonly kwDefense: Int16Array;
  readonly kwAttack: Int16Array;
  readonly kwFlags: Int8Array;
  readonly kwResistant: Int16Array;
  // Object bonuses (R27).
  readonly objPower: Int16Array;
  readonly objSupport: Int16Array;
  readonly objFront: Int16Array;
  readonly objBack: Int16Array;
  readonly objDefense: Int16Array;
  readonly objAttack: Int16Array;
  readonly objFlags: Int8Array;
  readonly objResistant: Int16Array;
  // Abilities: [card * NUM_TRIGGERS + trigger].
  readonly abStart: Int32Array;
  readonly abCount: Int16Array;
  readonly abTarget: Int8Array;
  /** 1 when the ability names the fight (attacker/defender/fighters): usable only during an attack. */
  readonly abFight: Int8Array;
  /** Resources the ability yields when it is nothing but gainResources (a resource effect, D11), else 0. */
  readonly abResource: Int16Array;
  /** 1 when the chosen target may not be the source itself (a swap needs another character). */
  readonly abNoSelf: Int8Array;
  /**
   * By card id, AB_* bits summing up its tap and sacrifice abilities (has one, names the
   * fight, yields resources): the legal-action listing reads one byte per slot.
   */
  readonly abilityBits: Uint8Array;
  readonly program: Int32Array;
  // Quests (R43).
  readonly questKind: Int8Array;
  readonly questN: Int16Array;
  readonly questOpponentTurn: Int8Array;
}

const CHOSEN = new Set(['chosenOwn', 'chosenOpponent', 'chosenAny', 'chosenOwnAdjacent']);
const FIGHT = new Set(['attacker', 'defender', 'ownFighter', 'opponentFighter']);
const TARGETED_VERBS = new Set(['power', 'grantKeyword', 'returnToHand', 'destroy', 'swap', 'untap', 'tap']);
const PLAYER_VERBS = new Set(['draw', 'gainResources', 'createSquires']);

function checkInt(card: string, field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new CardError(card, field, `expected an integer in ${min}..${max}, got ${JSON.stringify(v)}`);
  }
  return v;
}

function checkKeywords(card: string, field: string, kw: Keywords | undefined): Keywords {
  if (kw === undefined) return {};
  if (typeof kw !== 'object' || kw === null) throw new CardError(card, field, 'expected an object');
  for (const [k, v] of Object.entries(kw)) {
    if (!(KEYWORD_FIELDS as readonly string[]).includes(k)) {
      throw new CardError(card, `${field}.${k}`, `unknown keyword (valid: ${KEYWORD_FIELDS.join(', ')})`);
    }
    if (k === 'counterAttack' || k === 'ranged' || k === 'stealth' || k === 'rage') {
      if (typeof v !== 'boolean') throw new CardError(card, `${field}.${k}`, 'expected true or false');
    } else {
      checkInt(card, `${field}.${k}`, v, 0, 20);
    }
  }
  return kw;
}

function flagsOf(kw: Keywords): number {
  return (kw.counterAttack ? KW_COUNTER : 0) | (kw.ranged ? KW_RANGED : 0) | (kw.stealth ? KW_STEALTH : 0) | (kw.rage ? KW_RAGE : 0);
}

const TARGET_KIND: Record<string, number> = {
  chosenOwn: TK_OWN,
  chosenOpponent: TK_OPP,
  chosenAny: TK_ANY,
  chosenOwnAdjacent: TK_OWN_ADJ,
};

/** Compiles the given entries (plus the Squire token, D1) into a Catalogue. */
export function compileCatalogue(defs: readonly CardDef[]): Catalogue {
  const squire: CardDef = {
    name: SQUIRE_NAME,
    type: 'character',
    grade: 'squire',
    faction: null,
    cost: 0,
    power: 1,
    support: 0,
    text: 'Jeton créé par un effet ; retiré du jeu quand il quitte le jeu (D1).',
    provenance: { power: 'invented', support: 'invented' },
  };
  const all = [...defs, squire];
  const n = all.length;
  if (n > MAX_CARDS) {
    const name = String(all[MAX_CARDS - 1]!.name);
    throw new CardError(name, 'catalogue', `a catalogue holds at most ${MAX_CARDS - 1} cards besides the Squire token, and this one has ${n - 1}`);
  }
  const byName = new Map<string, number>();
  const program: number[] = [];
  const cat = {
    size: n,
    defs: all,
    names: all.map((d) => d.name),
    byName,
    squireId: n - 1,
    type: new Int8Array(n),
    grade: new Int8Array(n),
    faction: new Int8Array(n),
    cost: new Int16Array(n),
    power: new Int16Array(n),
    support: new Int16Array(n),
    kwFront: new Int16Array(n),
    kwBack: new Int16Array(n),
    kwDefense: new Int16Array(n),
    kwAttack: new Int16Array(n),
    kwFlags: new Int8Array(n),
    kwResistant: new Int16Array(n),
    objPower: new Int16Array(n),
    objSupport: new Int16Array(n),
    objFront: new Int16Array(n),
    objBack: new Int16Array(n),
    objDefense: new Int16Array(n),
    objAttack: new Int16Array(n),
    objFlags: new Int8Array(n),
    objResistant: new Int16Array(n),
    abStart: new Int32Array(n * NUM_TRIGGERS),
    abCount: new Int16Array(n * NUM_TRIGGERS),
    abTarget: new Int8Array(n * NUM_TRIGGERS),
    abFight: new Int8Array(n * NUM_TRIGGERS),
    abResource: new Int16Array(n * NUM_TRIGGERS),
    abNoSelf: new Int8Array(n * NUM_TRIGGERS),
    abilityBits: new Uint8Array(n),
    program: new Int32Array(0),
    questKind: new Int8Array(n).fill(-1),
    questN: new Int16Array(n),
    questOpponentTurn: new Int8Array(n),
  };

  for (let id = 0; id < n; id++) {
    const d = all[id]!;
    const name = typeof d.name === 'string' && d.name.trim() !== '' ? d.name : `#${id}`;
    if (name !== d.name) throw new CardError(name, 'name', 'expected a non-empty string');
    if (byName.has(name)) throw new CardError(name, 'name', 'the same name appears twice in the catalogue');
    byName.set(name, id);
    const type = CARD_TYPES.indexOf(d.type);
    if (type < 0) throw new CardError(name, 'type', `unknown type ${JSON.stringify(d.type)} (valid: ${CARD_TYPES.join(', ')})`);
    cat.type[id] = type;
    cat.cost[id] = checkInt(name, 'cost', d.cost, 0, 20);
    if (typeof d.text !== 'string') throw new CardError(name, 'text', 'expected the French effect text');
    cat.faction[id] = -1;
    if (d.faction !== undefined && d.faction !== null) {
      const f = FACTIONS.indexOf(d.faction);
      if (f < 0) throw new CardError(name, 'faction', `unknown faction ${JSON.stringify(d.faction)} (valid: ${FACTIONS.join(', ')})`);
      cat.faction[id] = f;
    }
    if (type === T_CHARACTER) {
      const g = GRADES.indexOf(d.grade as never);
      if (g < 0) throw new CardError(name, 'grade', `a character needs a grade (valid: ${GRADES.join(', ')})`);
      if (g === G_SQUIRE && id !== n - 1) throw new CardError(name, 'grade', 'Squires are tokens, never cards (D1)');
      cat.grade[id] = g;
      cat.power[id] = checkInt(name, 'power', d.power, 0, 30);
      cat.support[id] = checkInt(name, 'support', d.support ?? 0, 0, 20);
    } else {
      if (d.grade !== undefined) throw new CardError(name, 'grade', 'only characters have a grade');
      cat.grade[id] = -1;
      if (type === T_ENVIRONMENT) cat.power[id] = checkInt(name, 'power', d.power, 0, 30);
      else if (d.power !== undefined) throw new CardError(name, 'power', 'only characters and Environments have a power');
      if (d.support !== undefined) throw new CardError(name, 'support', 'only characters have a support value');
    }
    const kw = checkKeywords(name, 'keywords', d.keywords);
    if (d.keywords !== undefined && type !== T_CHARACTER) throw new CardError(name, 'keywords', 'only characters carry keywords');
    cat.kwFront[id] = kw.front ?? 0;
    cat.kwBack[id] = kw.back ?? 0;
    cat.kwDefense[id] = kw.defense ?? 0;
    cat.kwAttack[id] = kw.attack ?? 0;
    cat.kwFlags[id] = flagsOf(kw);
    cat.kwResistant[id] = kw.resistant ?? 0;
    if (d.bonus !== undefined) {
      if (type !== T_OBJECT) throw new CardError(name, 'bonus', 'only Objects give an equipped bonus');
      const b = d.bonus;
      cat.objPower[id] = checkInt(name, 'bonus.power', b.power ?? 0, -10, 20);
      cat.objSupport[id] = checkInt(name, 'bonus.support', b.support ?? 0, -10, 20);
      const bk = checkKeywords(name, 'bonus.keywords', b.keywords);
      cat.objFront[id] = bk.front ?? 0;
      cat.objBack[id] = bk.back ?? 0;
      cat.objDefense[id] = bk.defense ?? 0;
      cat.objAttack[id] = bk.attack ?? 0;
      cat.objFlags[id] = flagsOf(bk);
      cat.objResistant[id] = bk.resistant ?? 0;
    }
    const allowed: Record<number, readonly string[]> = {
      [T_CHARACTER]: ['onEnter', 'tap'],
      [T_EVENT]: ['play'],
      [T_TRAP]: ['trap'],
      [T_OBJECT]: ['sacrifice'],
      [T_ENVIRONMENT]: ['tap'],
      [T_ARTEFACT]: ['artefact'],
    };
    for (let t = 0; t < NUM_TRIGGERS; t++) {
      const field = TRIGGER_FIELDS[t]!;
      const ab = (d as unknown as Record<string, Ability | undefined>)[field];
      if (ab === undefined) continue;
      if (!allowed[type]!.includes(field)) {
        throw new CardError(name, field, `a ${CARD_TYPES[type]} cannot have this ability (allowed: ${allowed[type]!.join(', ') || 'none'})`);
      }
      compileAbility(cat, program, id, name, type, t, field, ab);
    }
    if (type === T_ARTEFACT) {
      const q = d.quest;
      if (q === undefined || typeof q !== 'object') throw new CardError(name, 'quest', 'an Artefact needs a Quest (R43)');
      const k = QUEST_KINDS.indexOf(q.kind);
      if (k < 0) throw new CardError(name, 'quest.kind', `unknown Quest ${JSON.stringify(q.kind)} (valid: ${QUEST_KINDS.join(', ')})`);
      cat.questKind[id] = k;
      cat.questN[id] = checkInt(name, 'quest.n', q.n, 0, 200);
      if (typeof q.opponentTurn !== 'boolean') throw new CardError(name, 'quest.opponentTurn', 'expected true or false');
      cat.questOpponentTurn[id] = q.opponentTurn ? 1 : 0;
      if (d.artefact === undefined) throw new CardError(name, 'artefact', 'an Artefact needs an effect');
    } else if (d.quest !== undefined) {
      throw new CardError(name, 'quest', 'only Artefacts have a Quest');
    }
    if (typeof d.provenance !== 'object' || d.provenance === null) {
      throw new CardError(name, 'provenance', 'say which numbers come from the seeds (an object, may be empty)');
    }
  }
  cat.program = Int32Array.from(program);
  for (let id = 0; id < n; id++) {
    const tap = id * NUM_TRIGGERS + TR_TAP, sac = id * NUM_TRIGGERS + TR_SACRIFICE;
    cat.abilityBits[id] = (cat.abCount[tap]! > 0 ? AB_TAP : 0) | (cat.abFight[tap] ? AB_TAP_FIGHT : 0) |
      (cat.abResource[tap]! > 0 ? AB_TAP_RESOURCE : 0) | (cat.abCount[sac]! > 0 ? AB_SAC : 0) |
      (cat.abFight[sac] ? AB_SAC_FIGHT : 0) | (cat.abResource[sac]! > 0 ? AB_SAC_RESOURCE : 0);
  }
  return cat;
}

function compileAbility(
  cat: { abStart: Int32Array; abCount: Int16Array; abTarget: Int8Array; abFight: Int8Array; abResource: Int16Array; abNoSelf: Int8Array },
  program: number[],
  id: number,
  name: string,
  type: number,
  t: number,
  field: string,
  ab: Ability,
): void {
  if (typeof ab !== 'object' || ab === null || !Array.isArray(ab.effects) || ab.effects.length === 0) {
    throw new CardError(name, field, 'expected { effects: [...] } with at least one effect');
  }
  const slot = id * NUM_TRIGGERS + t;
  cat.abStart[slot] = program.length / EFFECT_WORDS;
  let chosen: string | null = null;
  let fight = false;
  let onlyGain = true;
  let gain = 0;
  let noSelf = false;
  const lists: [string, typeof ab.effects, number][] = [[`${field}.effects`, ab.effects, -1]];
  if (ab.rider !== undefined) {
    const f = FACTIONS.indexOf(ab.rider.faction);
    if (f < 0) throw new CardError(name, `${field}.rider.faction`, `unknown faction ${JSON.stringify(ab.rider.faction)} (valid: ${FACTIONS.join(', ')})`);
    if (!Array.isArray(ab.rider.effects) || ab.rider.effects.length === 0) {
      throw new CardError(name, `${field}.rider.effects`, 'expected at least one effect');
    }
    lists.push([`${field}.rider.effects`, ab.rider.effects, f]);
    onlyGain = false;
  }
  let count = 0;
  for (const [path, effects, rider] of lists) {
    effects.forEach((e, i) => {
      const where = `${path}[${i}]`;
      const verb = VERBS.indexOf(e.verb);
      if (verb < 0) throw new CardError(name, `${where}.verb`, `unknown verb ${JSON.stringify(e.verb)} (valid: ${VERBS.join(', ')})`);
      const sel = SELECTORS.indexOf(e.target);
      if (sel < 0) throw new CardError(name, `${where}.target`, `unknown selector ${JSON.stringify(e.target)} (valid: ${SELECTORS.join(', ')})`);
      if (PLAYER_VERBS.has(e.verb) && e.target !== 'controller') {
        throw new CardError(name, `${where}.target`, `${e.verb} acts on the controller: use target "controller"`);
      }
      if (TARGETED_VERBS.has(e.verb) && e.target === 'controller') {
        throw new CardError(name, `${where}.target`, `${e.verb} needs a character selector, not "controller"`);
      }
      if (CHOSEN.has(e.target)) {
        if (rider >= 0) throw new CardError(name, `${where}.target`, 'a rider acts on the base effect\'s target: use "target"');
        if (chosen !== null && chosen !== e.target) throw new CardError(name, `${where}.target`, 'one chosen selector per ability');
        chosen = e.target;
      }
      if (e.target === 'target' && rider < 0 && chosen === null) {
        throw new CardError(name, `${where}.target`, '"target" refers to a chosen selector earlier in the ability');
      }
      if (FIGHT.has(e.target)) fight = true;
      if (e.verb === 'swap' && !(e.target === 'chosenOwnAdjacent' || e.target === 'chosenOwn')) {
        throw new CardError(name, `${where}.target`, 'swap needs a chosen character of your own');
      }
      if ((e.verb === 'swap' || e.target === 'self' || e.target === 'chosenOwnAdjacent' || e.target === 'adjacentOwn') && type !== T_CHARACTER) {
        throw new CardError(name, `${where}.target`, `"${e.target}" needs a character as the source`);
      }
      let amount = 0;
      if (e.verb === 'draw' || e.verb === 'gainResources') amount = checkInt(name, `${where}.amount`, e.amount, 1, 10);
      else if (e.verb === 'power') amount = checkInt(name, `${where}.amount`, e.amount, -20, 20);
      else if (e.verb === 'createSquires') amount = checkInt(name, `${where}.amount`, e.amount ?? 0, 0, 6);
      else if (e.verb === 'grantKeyword') amount = checkInt(name, `${where}.amount`, e.amount ?? 1, 1, 20);
      else if (e.amount !== undefined) throw new CardError(name, `${where}.amount`, `${e.verb} takes no amount`);
      let kw = -1;
      if (e.verb === 'grantKeyword') {
        kw = KEYWORD_FIELDS.indexOf(e.keyword as never);
        if (kw < 0) throw new CardError(name, `${where}.keyword`, `unknown keyword ${JSON.stringify(e.keyword)} (valid: ${KEYWORD_FIELDS.join(', ')})`);
      } else if (e.keyword !== undefined) {
        throw new CardError(name, `${where}.keyword`, 'only grantKeyword takes a keyword');
      }
      if (e.verb === 'swap') noSelf = true;
      if (e.verb === 'gainResources') gain += amount;
      else onlyGain = false;
      program.push(verb, sel, amount, kw, rider);
      count++;
    });
  }
  if (t === TR_ENTER && (chosen !== null || fight)) {
    throw new CardError(name, field, 'an on-enter effect cannot choose a target nor name the fight');
  }
  if (t === TR_TRAP && chosen !== null) throw new CardError(name, field, 'a Trap acts on the fight: no chosen target');
  if (t === TR_ENVIRONMENT_TAP(type) && fight) throw new CardError(name, field, 'Environment tap effects are main-phase only (D11): no fight selector');
  if (ab.rider !== undefined && chosen === null && !fight) {
    throw new CardError(name, `${field}.rider`, 'a faction rider needs a target character (R6)');
  }
  cat.abCount[slot] = count;
  cat.abTarget[slot] = chosen === null ? TK_NONE : TARGET_KIND[chosen]!;
  cat.abFight[slot] = fight ? 1 : 0;
  cat.abResource[slot] = onlyGain ? gain : 0;
  cat.abNoSelf[slot] = noSelf ? 1 : 0;
}

function TR_ENVIRONMENT_TAP(type: number): number {
  return type === T_ENVIRONMENT ? TR_TAP : -1;
}
