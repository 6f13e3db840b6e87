// The generic shell of a card game's module: what every game whose cards are data, whose
// decks are lists of those cards and whose patches change a card's numbers shares — reading
// decks, the catalogue hook, number patches and sweeps, rule knobs, the variant catalogues,
// `lab cards` listing and filters, scenario files, replacement-level stand-ins and ablation.
// A game declares only what is its own (`CardGameSpec`) and `cardGameModule` builds its
// `GameModule`. Nothing here names a game.
import { readFileSync } from 'node:fs';
import { cardFileLoader, cardsSha256, variantCatalogues, type CardChecker } from './card-data.ts';
import type { CardStatsGame, Game } from './game.ts';
import { parseJson } from './json.ts';
import {
  GameModuleError, type AblationVariant, type CounterDef, type GameModule, type GameWords, type HeuristicHook, type KnobDef, type LoadedDeck,
  type ModeDef, type ScenarioOutcome, type ScoreSource, type Variant,
} from './module.ts';

/** A patch that names an unknown card, a field out of range or a field the card lacks. */
export class CardPatchError extends GameModuleError {}
/** A `lab cards --filter` with an unknown key. */
export class CardFilterError extends GameModuleError {}
/** A scenario file that cannot be read or is malformed, or a position it cannot build. */
export class ScenarioFileError extends GameModuleError {}
/** An ablation of a card the catalogue lacks. */
export class StandInError extends GameModuleError {}

/** What the shell needs of a card entry. */
export interface ShellCard {
  name: string;
  abilities: readonly { text: string }[];
  provenance: { numbers: string };
}

/** What the shell needs of a compiled catalogue. */
export interface ShellCatalogue<D> {
  readonly defs: readonly D[];
  readonly byName: ReadonlyMap<string, number>;
}

/** Folds a name for comparison: no accents, lower case, single spaces. */
export const foldName = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

// ---------------------------------------------------------------- number patches

/** The patchable numbers of a card: each field's range, in the order sweeps and texts list them. */
export type NumberFields = Readonly<Record<string, { readonly minimum: number; readonly maximum: number }>>;

/** The one JSON schema of a patch `{ card, field: value… }` over number fields (ajv, strict). */
export function numberPatchSchema(fields: NumberFields): Record<string, unknown> {
  const properties: Record<string, unknown> = { card: { type: 'string', minLength: 1 } };
  for (const [k, r] of Object.entries(fields)) properties[k] = { type: 'integer', minimum: r.minimum, maximum: r.maximum };
  return { type: 'object', required: ['card'], additionalProperties: false, properties };
}

type NumberPatch = { card: string } & Record<string, unknown>;

/** Checks a patch: a known card, each field an integer in range that the card has (`lacks` says why not). */
function checkNumberPatch<D extends { name: string }>(fields: NumberFields, lacks: (card: D, field: string) => string | null, p: NumberPatch, where: string, cards: readonly D[]): void {
  const card = cards.find((c) => c.name === p.card);
  if (!card) throw new CardPatchError(`${where}.card: unknown card "${p.card}"`);
  for (const [k, { minimum, maximum }] of Object.entries(fields)) {
    const v = p[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < minimum || v > maximum) throw new CardPatchError(`${where}.${k}: expected an integer in ${minimum}..${maximum} for "${p.card}", got ${JSON.stringify(v)}`);
    const why = lacks(card, k);
    if (why !== null) throw new CardPatchError(`${where}.${k}: ${why}`);
  }
}

/** The cards with the patches applied, in order (a card patched twice takes both). */
function applyNumberPatches<D extends { name: string }>(fields: readonly string[], cards: readonly D[], patches: readonly NumberPatch[]): D[] {
  return cards.map((c) => {
    let out = c;
    for (const p of patches) {
      if (p.card !== c.name) continue;
      out = { ...out };
      for (const k of fields) if (p[k] !== undefined) (out as Record<string, unknown>)[k] = p[k];
    }
    return out;
  });
}

// ---------------------------------------------------------------- rule knobs

/** The knobs of a rule set from its defaults: a number takes its range, a word its values, a flag true or false. */
export function knobsOf(defaults: object, ranges: Readonly<Record<string, readonly unknown[] | undefined>>): KnobDef[] {
  return Object.entries(defaults).map(([key, v]) => {
    const r = ranges[key];
    if (typeof v === 'number') return { key, default: v, range: r as readonly [number, number] };
    return { key, default: v, words: r ? r.map(String) : ['true', 'false'] };
  });
}

/** Only the knobs given (`key=value` items): the defaults fill in when the match is built. */
export function givenKnobs(parseAll: (items: readonly string[]) => object, items: readonly string[]): Record<string, unknown> {
  const all = parseAll(items) as Record<string, unknown>;
  const keys = new Set(items.map((i) => i.trim().split('=')[0]!));
  return Object.fromEntries(Object.entries(all).filter(([k]) => keys.has(k)));
}

// ---------------------------------------------------------------- lab cards

/** How `lab cards` shows and filters a game's cards. */
export interface CardListing<D> {
  /** The filter key of the card's kind (`type`, `kind`), its value and its printed word (`Créature`). */
  kindKey: string;
  kindOf(c: D): string;
  kindWord(c: D): string;
  /** The other filter keys, in the order the error lists them (before `name`), each given the folded value. */
  filters: Readonly<Record<string, (c: D, folded: string) => boolean>>;
  /** More words free text matches (Paliers' colours), after the name and kind. */
  words?(c: D): readonly string[];
  /** The card's numbers after its kind word: `niveau 3, puissance 46`. */
  stats(c: D): readonly string[];
}

function matchesFilter<D extends ShellCard>(l: CardListing<D>, c: D, filter: string): boolean {
  const m = /^(\w+)=(.*)$/.exec(filter);
  if (m) {
    const key = m[1]!, v = foldName(m[2]!);
    const keys = [l.kindKey, ...Object.keys(l.filters), 'name'];
    if (!keys.includes(key)) throw new CardFilterError(`--filter: unknown key "${key}" (valid: ${keys.join(', ')}, or free text)`);
    if (key === l.kindKey) return foldName(l.kindOf(c)) === v || foldName(l.kindWord(c)) === v;
    if (key === 'name') return foldName(c.name).includes(v);
    return l.filters[key]!(c, v);
  }
  const v = foldName(filter);
  return [c.name, l.kindOf(c), l.kindWord(c), ...(l.words?.(c) ?? []), ...c.abilities.map((a) => a.text)].some((s) => foldName(s).includes(v));
}

/** `lab cards`: the cards matching every filter, each a line of kind and numbers, its texts and provenance. */
export function listCards<D extends ShellCard>(l: CardListing<D>, cards: readonly D[], filters: readonly string[]): { cards: D[]; lines: string[] } {
  const shown = cards.filter((c) => filters.every((f) => matchesFilter(l, c, f)));
  const lines: string[] = [];
  for (const c of shown) {
    const stats = l.stats(c);
    lines.push(`${c.name} — ${l.kindWord(c)}${stats.length ? ` — ${stats.join(', ')}` : ''}`);
    for (const a of c.abilities) lines.push(`    ${a.text}`);
    lines.push(`    numbers: ${c.provenance.numbers}`);
  }
  return { cards: shown, lines };
}

// ---------------------------------------------------------------- stand-ins

/** A card's replacement-level stand-in: same name (so decks, shuffles and seeds stay the base's), and the stand-in in words. */
export interface StandIn<D> {
  card: string;
  standIn: D;
  reason: string;
}

/** The stand-ins of the named cards, in the order given; an unknown name throws naming it and the game. */
export function standInsOf<D, C extends ShellCatalogue<D>>(cat: C, names: readonly string[], title: string, of: (cat: C, id: number) => StandIn<D>): StandIn<D>[] {
  return names.map((n) => {
    const id = cat.byName.get(n);
    if (id === undefined) throw new StandInError(`no card "${n}" in the ${title} catalogue`);
    return of(cat, id);
  });
}

/** The catalogue's card list with one card replaced by its stand-in (same place, same name). */
export function withStandIn<D extends { name: string }>(cat: ShellCatalogue<D>, s: StandIn<D>): D[] {
  return cat.defs.map((c) => (c.name === s.card ? s.standIn : c));
}

/**
 * The ablation arms of `lab ablate`: for each stand-in, `base` with the card's list replaced
 * (`cardsWith`, the same name in the same place, so decks, shuffles and seeds stay the base's).
 * A base patch of the card itself would patch its stand-in: left out.
 */
export function ablationArms<D>(base: Variant | undefined, standIns: readonly StandIn<D>[], cardsWith: (s: StandIn<D>) => unknown): AblationVariant[] {
  return standIns.map((s) => ({
    card: s.card,
    standIn: s.reason,
    variant: { ...base, cards: cardsWith(s), patches: (base?.patches ?? []).filter((p) => p.card !== s.card) },
  }));
}

// ---------------------------------------------------------------- scenario files

/** A position a scenario builds and plays on. */
export interface ScenarioPosition<S> {
  game: Game<S>;
  st: S;
}

/** The texts of the legal actions, in order. */
export function actionTexts<S>(pos: ScenarioPosition<S>): string[] {
  const out = new Int32Array(pos.game.maxLegalActions);
  const n = pos.game.legalActions(pos.st, out);
  const t: string[] = [];
  for (let i = 0; i < n; i++) t.push(pos.game.actionToString(pos.st, out[i]!));
  return t;
}

/** Applies the one legal action whose text contains `pattern`; throws when none or several match. */
export function act<S>(pos: ScenarioPosition<S>, pattern: string): void {
  const out = new Int32Array(pos.game.maxLegalActions);
  const n = pos.game.legalActions(pos.st, out);
  const hits: number[] = [];
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = pos.game.actionToString(pos.st, out[i]!);
    texts.push(t);
    if (t.includes(pattern)) hits.push(out[i]!);
  }
  if (hits.length !== 1) throw new Error(`act "${pattern}": ${hits.length} matching actions among [${texts.join(' | ')}]`);
  pos.game.apply(pos.st, hits[0]!);
}

/** What a game says of its scenario files: how to build the position, play an action, read an expectation. */
export interface ScenarioFormat<P extends ScenarioPosition<unknown>> {
  /** The keys `expect` may hold besides `over` and `winner` (a trailing digit is the seat). */
  expectKeys: readonly string[];
  build(position: unknown): P;
  /** Plays one action text (a part of a legal action's text); throws when none or several match. */
  act(pos: P, text: string): void;
  /** The value of an expectation key for seat `seat` (the key's last digit). */
  actual(pos: P, key: string, seat: number): unknown;
  /** An action error that is bad input rather than a failed expectation. */
  badInput?(e: unknown): boolean;
}

interface ScenarioFile {
  name: string;
  position: { sides: unknown[] };
  actions: string[];
  expect: Record<string, unknown>;
}

function readScenarioFile(file: string, keys: readonly string[]): ScenarioFile {
  let json: unknown;
  try {
    json = parseJson(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ScenarioFileError(`${file}: ${(e as NodeJS.ErrnoException).code ? `cannot read (${(e as NodeJS.ErrnoException).code})` : (e as Error).message}`);
  }
  const s = json as Partial<ScenarioFile>;
  if (typeof s !== 'object' || s === null) throw new ScenarioFileError(`${file}: expected a JSON object`);
  if (typeof s.name !== 'string' || s.name === '') throw new ScenarioFileError(`${file}: name: missing`);
  if (typeof s.position !== 'object' || s.position === null || !Array.isArray(s.position.sides) || s.position.sides.length !== 2) {
    throw new ScenarioFileError(`${file}: position.sides: expected two sides`);
  }
  if (!Array.isArray(s.actions) || s.actions.some((a) => typeof a !== 'string')) throw new ScenarioFileError(`${file}: actions: expected a list of action texts`);
  if (typeof s.expect !== 'object' || s.expect === null) throw new ScenarioFileError(`${file}: expect: missing`);
  for (const k of Object.keys(s.expect)) if (!keys.includes(k)) throw new ScenarioFileError(`${file}: expect.${k}: unknown (valid: ${keys.join(', ')})`);
  return s as ScenarioFile;
}

/**
 * Runs a scenario file (`lab scenario`): `{ name, position, actions, expect }`. A bad file
 * throws ScenarioFileError naming it; a failed action or expectation is returned.
 */
export function runScenarioFile<P extends ScenarioPosition<unknown>>(format: ScenarioFormat<P>, file: string): ScenarioOutcome {
  const s = readScenarioFile(file, [...format.expectKeys, 'over', 'winner']);
  let pos: P;
  try {
    pos = format.build(s.position);
  } catch (e) {
    throw new ScenarioFileError(`${file}: position: ${(e as Error).message}`);
  }
  const log: string[] = [];
  let steps = 0;
  for (const [i, text] of s.actions.entries()) {
    try {
      format.act(pos, text);
    } catch (e) {
      if (format.badInput?.(e)) throw new ScenarioFileError(`${file}: actions.${i} "${text}": ${(e as Error).message}`);
      return { name: s.name, ok: false, steps, failure: `actions.${i} "${text}": ${(e as Error).message}`, log: log.join('\n') };
    }
    log.push(text);
    steps++;
  }
  for (const [k, want] of Object.entries(s.expect)) {
    const got = k === 'over' ? pos.game.isTerminal(pos.st) : k === 'winner' ? (pos.game.outcome(pos.st)?.winner ?? null) : format.actual(pos, k, Number(k.slice(-1)));
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      return { name: s.name, ok: false, steps, failure: `expect.${k}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`, log: log.join('\n') };
    }
  }
  return { name: s.name, ok: true, steps, log: log.join('\n') };
}

// ---------------------------------------------------------------- the module

/** A match as the shell builds it: the game, which names each seat's deck. */
export type ShellMatch<S> = CardStatsGame<S> & { readonly ctx: { readonly deckNames: readonly string[] } };

/**
 * What a card game declares of its own, in the order a newcomer writes it; `cardGameModule`
 * makes the rest. `D` is a card entry, `C` the compiled catalogue, `L` a deck list, `S` the state.
 */
export interface CardGameSpec<D extends ShellCard, C extends ShellCatalogue<D>, L extends { name: string; entries: LoadedDeck['entries']; file?: string }, S> {
  id: string;
  title: string;
  /** Its modes; the first is the default (its decks declare none). */
  modes: readonly ModeDef[];
  deckFolder: string;
  cards: {
    /** The shipped entries, their data file's checker, and their compiled catalogue (once per process). */
    shipped: readonly D[];
    data: CardChecker<D>;
    catalogue(): C;
    compile(cards: readonly D[]): C;
    listing: CardListing<D>;
  };
  decks: {
    /** Reads a deck text: the list (or null) and every problem of its lines. */
    read(text: string, file: string, cat: C): { deck: L | null; errors: string[] };
    /** The problems of a list under a catalogue (the rules of deck building). */
    validate(deck: L, cat: C): string[];
    error: new (message: string) => Error;
  };
  /** The card numbers a patch or sweep may change, and why a card lacks one (null: it has it). */
  patches: { fields: NumberFields; lacks(card: D, field: string): string | null };
  rules: { defaults: object; ranges: Readonly<Record<string, readonly unknown[] | undefined>>; parse(items: readonly string[]): object };
  /** The game of deck A (seat 0) against deck B (seat 1). */
  match(a: L, b: L, rules: Record<string, unknown>, cat: C): ShellMatch<S>;
  counters: { cards: readonly CounterDef[]; sources: readonly ScoreSource[] };
  words: GameWords;
  /** `lab replay`'s last line: the scores per seat, as numbers and in words. */
  scores(state: S): { values: Record<string, number[]>; text: string };
  scenario: ScenarioFormat<ScenarioPosition<S> & object>;
  heuristic?: HeuristicHook;
  /** A card's replacement-level stand-in (`lab ablate`). */
  standIn?(cat: C, id: number): StandIn<D>;
  /** The game's own bad-input errors (deck, catalogue, setup, rule, bot profile): exit 2. */
  inputErrors: readonly (new (...args: never[]) => Error)[];
}

/** The game module of a card game from what it declares. */
export function cardGameModule<D extends ShellCard, C extends ShellCatalogue<D>, L extends { name: string; entries: LoadedDeck['entries']; file?: string }, S>(
  spec: CardGameSpec<D, C, L, S>,
): GameModule {
  const { shipped } = spec.cards;
  const fields = Object.keys(spec.patches.fields);
  const mode = spec.modes[0]!.id;
  const asDeck = (d: L): LoadedDeck => ({ name: d.name, mode, list: d, entries: d.entries, file: d.file });
  const catalogueFor = variantCatalogues<D, NumberPatch, C>(shipped, spec.cards.catalogue, (cards, patches) => spec.cards.compile(applyNumberPatches(fields, cards, patches)));
  const standIn = spec.standIn;

  const m: GameModule = {
    id: spec.id,
    title: spec.title,
    modes: spec.modes,
    defaultMode: mode,
    deckFolder: spec.deckFolder,
    readDeck(text, file) {
      const cat = spec.cards.catalogue();
      const { deck, errors } = spec.decks.read(text, file, cat);
      if (deck !== null) errors.push(...spec.decks.validate(deck, cat));
      return { deck: deck && asDeck(deck), errors };
    },
    loadDeck(text, file) {
      const { deck, errors } = m.readDeck(text, file);
      if (errors.length > 0 || deck === null) throw new spec.decks.error(`${file}: ${errors.join('; ')}`);
      return deck;
    },
    catalogue: {
      cards: () => shipped,
      sha256: () => cardsSha256(shipped),
      names: () => shipped.map((c) => c.name),
      compile: (cards) => spec.cards.compile(cards as readonly D[]),
      list: (filters) => listCards(spec.cards.listing, shipped, filters),
      load: cardFileLoader(spec.cards.data, (list, cat: C) => spec.decks.validate(list as L, cat)),
    },
    patches: {
      schema: numberPatchSchema(spec.patches.fields),
      sweepFields: fields,
      sweepPatch: (card, field, value) => ({ card, [field]: value }),
      check: (p, where, cards) => checkNumberPatch(spec.patches.fields, spec.patches.lacks, p as NumberPatch, where, (cards as readonly D[] | undefined) ?? shipped),
      describe: (p) => `${String(p.card)} ${fields.filter((k) => p[k] !== undefined).map((k) => `${k} ${String(p[k])}`).join(', ')}`,
    },
    rules: {
      knobs: () => knobsOf(spec.rules.defaults, spec.rules.ranges),
      parse: (items) => givenKnobs(spec.rules.parse, items),
    },
    buildMatch(req) {
      const [a, b] = req.decks as [L, L];
      const cat = catalogueFor((req.variant?.patches ?? []) as NumberPatch[], req.variant?.cards as readonly D[] | undefined);
      return spec.match(a, b, req.variant?.rules ?? {}, cat) as unknown as CardStatsGame<unknown>;
    },
    counters: spec.counters,
    words: spec.words,
    inputErrors: [...spec.inputErrors, CardPatchError, CardFilterError, ScenarioFileError, StandInError],
    replay: {
      attachLog: () => () => '',
      playerName: (game, seat) => (game as unknown as ShellMatch<S>).ctx.deckNames[seat]!,
      scores: (_game, state) => spec.scores(state as S),
    },
    runScenario: (file) => runScenarioFile(spec.scenario as ScenarioFormat<ScenarioPosition<unknown>>, file),
    heuristic: spec.heuristic,
  };
  if (standIn) {
    m.ablation = {
      // Each card replaced by its stand-in, on the base's cards.
      variants: (base: Variant | undefined, names: readonly string[]): AblationVariant[] => {
        const cat = base?.cards ? spec.cards.compile(base.cards as readonly D[]) : spec.cards.catalogue();
        return ablationArms(base, standInsOf(cat, names, spec.title, standIn), (s) => withStandIn(cat, s));
      },
    };
  }
  return m;
}
