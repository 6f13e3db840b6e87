// Checks every card entry against the vocabulary and lowers the catalogue into typed arrays
// (one entry per card; abilities at card * MAX_ABILITIES + k, effects at ability * MAX_EFFECTS + e).
// A bad entry is refused with the card's name and the field: `card "X": abilities[0].target: …`.
import { COLOURS, KINDS, STATIC_VERBS, TARGETED_VERBS, TARGETS, VERBS, WHENS, type CardDef } from './schema.ts';

export const MAX_ABILITIES = 3;
export const MAX_EFFECTS = 2;

export const T_CHARACTER = 0, T_SPELL = 1, T_PLACE = 2, T_LEVELUP = 3;
export const C_RED = 0, C_BLUE = 1, C_GREEN = 2, C_VIOLET = 3, C_YELLOW = 4;
export const W_PLAY = 0, W_ENTER = 1, W_ACTIVATED = 2, W_DIES = 3, W_EOT = 4, W_STATIC = 5;
export const TG_NONE = 0, TG_SELF = 1, TG_OWN_CHAR = 2, TG_OPP_CHAR = 3, TG_ANY_CHAR = 4, TG_ANY_PLACE = 5, TG_OPP_PLACE = 6, TG_GRAVE_CHAR = 7;
/** Verb codes: index in VERBS plus one (0 = no effect). */
export const V_NONE = 0, V_GAIN_LEVEL = 1, V_DRAW = 2, V_DAMAGE = 3, V_DAMAGE_PLAYER = 4, V_HEAL_PLAYER = 5, V_HEAL_CHAR = 6,
  V_ATQ = 7, V_PV = 8, V_FREEZE = 9, V_DESTROY = 10, V_SACRIFICE = 11, V_RESURRECT = 12, V_DISABLE_PLACE = 13,
  V_SUSPEND_PLACE = 14, V_COPY_PLACE = 15, V_CARD_LIMIT = 16, V_ATQ_AURA = 17, V_PV_AURA = 18;
/** Aura colour index 5 = all your characters. */
export const AURA_ALL = 5;

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
  readonly kind: Int8Array;
  /** Bit mask over COLOURS. */
  readonly colours: Int8Array;
  readonly legendary: Int8Array;
  /** Per-card copy limit (D28), 0 = the rules' default. */
  readonly deckLimit: Int8Array;
  readonly level: Int8Array;
  readonly atq: Int16Array;
  readonly pv: Int16Array;
  readonly blockMax: Int8Array;
  readonly singleBlocker: Int8Array;
  readonly firstStrike: Int8Array;
  readonly excessToPlayer: Int8Array;
  readonly mainOnly: Int8Array;
  readonly levels: Int8Array;
  /** Static sums per card: card-limit bonus, ATQ and PV auras by colour (6 entries: 5 colours + all). */
  readonly limitBonus: Int8Array;
  readonly atqAura: Int8Array;
  readonly pvAura: Int8Array;
  readonly hasStatic: Int8Array;
  readonly numAbilities: Int8Array;
  // Per ability.
  readonly aWhen: Int8Array;
  readonly aYourTurn: Int8Array;
  readonly aCostSac: Int8Array;
  readonly aTarget: Int8Array;
  // Per effect.
  readonly eVerb: Int8Array;
  readonly eAmount: Int8Array;
  readonly ePermanent: Int8Array;
  readonly texts: readonly string[];
}

function fail(card: string, field: string, msg: string): never {
  throw new CatalogueError(`card "${card}": ${field}: ${msg}`);
}
function int(card: string, field: string, v: unknown, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) fail(card, field, `expected an integer in [${lo}, ${hi}], got ${JSON.stringify(v)}`);
  return v;
}
function oneOf<T extends string>(card: string, field: string, v: unknown, list: readonly T[]): T {
  if (!list.includes(v as T)) fail(card, field, `expected one of ${list.join(', ')}, got ${JSON.stringify(v)}`);
  return v as T;
}

const CARD_FIELDS = new Set(['name', 'kind', 'colours', 'legendary', 'deckLimit', 'level', 'atq', 'pv', 'keywords', 'timing', 'levels', 'abilities', 'provenance']);

/** Checks the catalogue and lowers it; throws a CatalogueError naming the card and the field. */
export function compileCatalogue(defs: readonly CardDef[]): Catalogue {
  const n = defs.length;
  const A = n * MAX_ABILITIES, E = A * MAX_EFFECTS;
  const c = {
    size: n, defs, names: [] as string[], byName: new Map<string, number>(),
    kind: new Int8Array(n), colours: new Int8Array(n), legendary: new Int8Array(n), deckLimit: new Int8Array(n),
    level: new Int8Array(n), atq: new Int16Array(n), pv: new Int16Array(n), blockMax: new Int8Array(n), singleBlocker: new Int8Array(n),
    firstStrike: new Int8Array(n), excessToPlayer: new Int8Array(n), mainOnly: new Int8Array(n), levels: new Int8Array(n),
    limitBonus: new Int8Array(n), atqAura: new Int8Array(n * 6), pvAura: new Int8Array(n * 6), hasStatic: new Int8Array(n),
    numAbilities: new Int8Array(n), aWhen: new Int8Array(A), aYourTurn: new Int8Array(A), aCostSac: new Int8Array(A),
    aTarget: new Int8Array(A), eVerb: new Int8Array(E), eAmount: new Int8Array(E), ePermanent: new Int8Array(E), texts: new Array<string>(A).fill(''),
  };
  defs.forEach((d, id) => {
    if (typeof d !== 'object' || d === null) throw new CatalogueError(`card #${id}: not an object`);
    const name = d.name;
    if (typeof name !== 'string' || name.trim() === '' || name !== name.trim()) throw new CatalogueError(`card #${id}: name: expected a non-empty trimmed string, got ${JSON.stringify(name)}`);
    if (c.byName.has(name)) fail(name, 'name', 'duplicate name');
    for (const k of Object.keys(d)) if (!CARD_FIELDS.has(k)) fail(name, k, `unknown field (valid: ${[...CARD_FIELDS].join(', ')})`);
    c.names.push(name);
    c.byName.set(name, id);
    const kind = oneOf(name, 'kind', d.kind, KINDS);
    c.kind[id] = KINDS.indexOf(kind);
    let mask = 0;
    if (d.colours !== undefined) {
      if (!Array.isArray(d.colours)) fail(name, 'colours', 'expected a list');
      d.colours.forEach((col, i) => {
        const ci = COLOURS.indexOf(oneOf(name, `colours[${i}]`, col, COLOURS));
        if (mask & (1 << ci)) fail(name, `colours[${i}]`, `${col} given twice`);
        mask |= 1 << ci;
      });
    }
    c.colours[id] = mask;
    if (d.legendary !== undefined && typeof d.legendary !== 'boolean') fail(name, 'legendary', 'expected true or false');
    c.legendary[id] = d.legendary ? 1 : 0;
    if (d.deckLimit !== undefined) c.deckLimit[id] = int(name, 'deckLimit', d.deckLimit, 1, 64);
    const isChar = kind === 'character';
    for (const f of ['level', 'atq', 'pv', 'keywords'] as const) if (!isChar && d[f] !== undefined) fail(name, f, `only characters have ${f}`);
    if (isChar) {
      c.level[id] = int(name, 'level', d.level, 1, 5);
      c.atq[id] = int(name, 'atq', d.atq, 0, 99);
      c.pv[id] = int(name, 'pv', d.pv, 1, 99);
      const kw = d.keywords ?? {};
      for (const k of Object.keys(kw)) if (!['blockMax', 'singleBlocker', 'firstStrike', 'excessToPlayer'].includes(k)) fail(name, `keywords.${k}`, 'unknown keyword');
      c.blockMax[id] = kw.blockMax === undefined ? 1 : int(name, 'keywords.blockMax', kw.blockMax, 1, 3);
      for (const k of ['singleBlocker', 'firstStrike', 'excessToPlayer'] as const) if (kw[k] !== undefined && typeof kw[k] !== 'boolean') fail(name, `keywords.${k}`, 'expected true or false');
      c.singleBlocker[id] = kw.singleBlocker ? 1 : 0;
      c.firstStrike[id] = kw.firstStrike ? 1 : 0;
      c.excessToPlayer[id] = kw.excessToPlayer ? 1 : 0;
    }
    if (d.timing !== undefined) {
      if (kind !== 'spell') fail(name, 'timing', 'only spells have a timing');
      c.mainOnly[id] = oneOf(name, 'timing', d.timing, ['any', 'main'] as const) === 'main' ? 1 : 0;
    }
    if (d.levels !== undefined && kind !== 'levelUp') fail(name, 'levels', 'only Level Up cards gain levels by themselves');
    c.levels[id] = kind === 'levelUp' ? (d.levels === undefined ? 1 : int(name, 'levels', d.levels, 0, 9)) : 0;
    if (!Array.isArray(d.abilities)) fail(name, 'abilities', 'expected a list');
    if (d.abilities.length > MAX_ABILITIES) fail(name, 'abilities', `at most ${MAX_ABILITIES}`);
    c.numAbilities[id] = d.abilities.length;
    d.abilities.forEach((a, k) => {
      const f = `abilities[${k}]`;
      const ai = id * MAX_ABILITIES + k;
      const when = oneOf(name, `${f}.when`, a.when, WHENS);
      c.aWhen[ai] = WHENS.indexOf(when);
      if (when === 'play' && kind !== 'spell' && kind !== 'levelUp') fail(name, `${f}.when`, '"play" is for spells and Level Up cards');
      if (kind === 'spell' && when !== 'play') fail(name, `${f}.when`, 'a spell acts when played ("play")');
      if (when === 'dies' && !isChar) fail(name, `${f}.when`, 'only characters die');
      if (a.yourTurnOnly !== undefined && when !== 'endOfTurn') fail(name, `${f}.yourTurnOnly`, 'only for endOfTurn abilities');
      c.aYourTurn[ai] = a.yourTurnOnly ? 1 : 0;
      if (a.cost !== undefined) {
        oneOf(name, `${f}.cost`, a.cost, ['sacrificeSelf'] as const);
        if (when !== 'activated' || !isChar) fail(name, `${f}.cost`, 'only a character\'s activated ability has a cost');
        c.aCostSac[ai] = 1;
      }
      const target = a.target === undefined ? 'none' : oneOf(name, `${f}.target`, a.target, TARGETS);
      c.aTarget[ai] = TARGETS.indexOf(target);
      if (target === 'self' && !isChar) fail(name, `${f}.target`, '"self" is for characters');
      // Deaths and end-of-turn effects resolve in batches: they take no chosen target.
      if ((when === 'dies' || when === 'endOfTurn' || when === 'static') && target !== 'none' && target !== 'self') fail(name, `${f}.target`, `a ${when} ability takes no chosen target`);
      if (typeof a.text !== 'string' || a.text === '') fail(name, `${f}.text`, 'expected the French card text');
      c.texts[ai] = a.text;
      if (!Array.isArray(a.effects) || a.effects.length < 1 || a.effects.length > MAX_EFFECTS) fail(name, `${f}.effects`, `expected 1 to ${MAX_EFFECTS} effects`);
      let targeted = false;
      a.effects.forEach((e, j) => {
        const g = `${f}.effects[${j}]`;
        const verb = oneOf(name, `${g}.verb`, e.verb, VERBS);
        const ei = ai * MAX_EFFECTS + j;
        c.eVerb[ei] = VERBS.indexOf(verb) + 1;
        const isStatic = STATIC_VERBS.includes(verb);
        if (isStatic !== (when === 'static')) fail(name, `${g}.verb`, isStatic ? `${verb} is a static effect (when: "static")` : `a static ability takes only ${STATIC_VERBS.join(', ')}`);
        const needsAmount = !['freeze', 'destroy', 'sacrifice', 'resurrect', 'disablePlace', 'suspendPlace', 'copyPlace'].includes(verb);
        if (needsAmount) c.eAmount[ei] = int(name, `${g}.amount`, e.amount, 1, 20);
        else if (e.amount !== undefined) fail(name, `${g}.amount`, `${verb} takes no amount`);
        if (e.permanent !== undefined && verb !== 'atq' && verb !== 'pv') fail(name, `${g}.permanent`, 'only atq and pv can be permanent');
        c.ePermanent[ei] = e.permanent ? 1 : 0;
        if (e.colour !== undefined && verb !== 'atqAura' && verb !== 'pvAura') fail(name, `${g}.colour`, 'only auras name a colour');
        if (TARGETED_VERBS.includes(verb)) {
          targeted = true;
          const okTargets: Record<string, readonly string[]> = {
            freeze: ['oppChar'], sacrifice: ['ownChar', 'self'], resurrect: ['graveChar'], disablePlace: ['anyPlace', 'oppPlace'],
            suspendPlace: ['anyPlace', 'oppPlace'], copyPlace: ['anyPlace', 'oppPlace'],
          };
          const allowed = okTargets[verb] ?? ['self', 'ownChar', 'oppChar', 'anyChar'];
          if (!allowed.includes(target)) fail(name, `${a.target === undefined ? f : `${f}.target`}${a.target === undefined ? '.target' : ''}`, `${verb} needs a target among ${allowed.join(', ')}, got ${JSON.stringify(target)}`);
          if (verb === 'copyPlace' && kind !== 'place') fail(name, `${g}.verb`, 'only a Place copies a Place');
        }
        if (isStatic) {
          c.hasStatic[id] = 1;
          if (verb === 'cardLimit') c.limitBonus[id] += e.amount!;
          else {
            const ci = e.colour === undefined ? AURA_ALL : COLOURS.indexOf(oneOf(name, `${g}.colour`, e.colour, COLOURS));
            (verb === 'atqAura' ? c.atqAura : c.pvAura)[id * 6 + ci] += e.amount!;
          }
        }
      });
      if (!targeted && target !== 'none') fail(name, `${f}.target`, 'no effect acts on the target');
    });
    const p = d.provenance;
    if (typeof p !== 'object' || p === null || (p.numbers !== 'invented' && p.numbers !== 'seed') || typeof p.note !== 'string' || p.note === '') fail(name, 'provenance', 'expected { numbers: "invented" | "seed", note }');
  });
  return c;
}

/** Does the card carry this colour (C_RED…)? */
export function hasColour(cat: Catalogue, id: number, colour: number): boolean {
  return (cat.colours[id]! & (1 << colour)) !== 0;
}
