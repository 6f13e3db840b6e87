// Card data files, for every game: a list of card entries in JSON (the shipped format) or
// YAML, checked against the game's JSON schema of one entry (ajv) and compiled by the game.
// A bad entry is told in one line naming the card and the field, in the words the games'
// compilers use: `card "Loup": abilities[0].effects[0].verb: unknown verb "heal" (valid: …)`.
// A game keeps only its entry schema and its compiler; reading, parsing, the schema's errors
// and the content hash are here.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { parseJson } from './json.ts';
import { GameModuleError, type LoadedCards } from './module.ts';

/** A card data file that cannot be read, parsed or checked: bad input, one line. */
export class CardDataError extends GameModuleError {}

/**
 * sha256 of card entries as JSON text: the content, not the file's bytes, so a YAML copy of
 * the shipped cards, or the shipped JSON laid out otherwise, hashes as the shipped cards do.
 */
export function cardsSha256(cards: unknown): string {
  return createHash('sha256').update(JSON.stringify(cards)).digest('hex');
}

const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/** The data of a card file's text: YAML for a .yaml or .yml file, JSON otherwise. */
export function parseCardText(text: string, file: string): unknown {
  if (!isYaml(file)) {
    try {
      return parseJson(text);
    } catch (e) {
      throw new CardDataError(`not JSON (${(e as Error).message})`);
    }
  }
  try {
    // One document, no custom tags: what a designer writes by hand; line and column on error.
    return parseYaml(text.replace(/^\uFEFF/, ''), { prettyErrors: true, uniqueKeys: true });
  } catch (e) {
    throw new CardDataError(`not YAML (${(e as Error).message.replace(/\s*\n[\s\S]*$/, '')})`);
  }
}

/** The parsed data of a card file (JSON or YAML by its extension). */
export function readCardFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CardDataError(`cannot read card file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  return parseCardText(text, file);
}

/** The path of an ajv error below a card entry, in the compilers' spelling: `abilities[0].text`. */
function fieldPath(parts: readonly string[]): string {
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** A name for the value a field holds, for "unknown verb": the field's last word, or "value" in a list. */
function valueNoun(parts: readonly string[]): string {
  const last = parts[parts.length - 1];
  return last === undefined || /^\d+$/.test(last) ? 'value' : last;
}

function reason(e: ErrorObject, parts: readonly string[]): { field: string[]; text: string } {
  const got = e.data === undefined ? '' : `, got ${JSON.stringify(e.data)}`;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { field: [...parts, String(p.missingProperty)], text: 'missing (required)' };
    case 'additionalProperties': {
      const known = Object.keys(((e.parentSchema ?? {}) as { properties?: object }).properties ?? {});
      return { field: [...parts, String(p.additionalProperty)], text: `unknown field (valid: ${known.join(', ')})` };
    }
    case 'enum':
      return { field: [...parts], text: `unknown ${valueNoun(parts)} ${JSON.stringify(e.data)} (valid: ${(p.allowedValues as unknown[]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')})` };
    case 'const':
      return { field: [...parts], text: `expected ${JSON.stringify(p.allowedValue)}${got}` };
    case 'anyOf':
    case 'oneOf':
      // The branches' own errors are about shapes the value was not meant to have.
      return { field: [...parts], text: `${((e.parentSchema ?? {}) as { description?: string }).description ?? e.message}${got}` };
    case 'type':
    case 'minimum':
    case 'maximum': {
      // A number with its range is told as the compilers tell it: "an integer in [0, 9]".
      const s = (e.parentSchema ?? {}) as { type?: string; minimum?: number; maximum?: number };
      if (s.minimum !== undefined && s.maximum !== undefined) return { field: [...parts], text: `expected ${s.type === 'integer' ? 'an integer' : 'a number'} in [${s.minimum}, ${s.maximum}]${got}` };
      return { field: [...parts], text: e.keyword === 'type' ? `expected ${String(p.type).replace(/,/g, ' or ')}${got}` : `${e.message ?? e.keyword}${got}` };
    }
    default:
      return { field: [...parts], text: `${e.message ?? e.keyword}${got}` };
  }
}

// Building blocks of the games' entry schemas (JSON schema, for ajv).
export const TEXT = { type: 'string', minLength: 1 } as const;
export const BOOL = { type: 'boolean' } as const;
export const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const;
/** An object of these fields and no other; `required` lists the ones it must have. */
export function fields<P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = []) {
  return { type: 'object', ...(required.length ? { required } : {}), additionalProperties: false, properties } as const;
}
/** Provenance as a note: where the numbers come from (one of `numbers`), and the budget rule or passage. */
export const provenanceNote = (numbers: readonly string[]) => fields({ numbers: { enum: numbers }, note: TEXT }, ['numbers', 'note']);
/** A card entry: its fields, and the body a card of one type must have (`body.needs` when `body.field` is `body.is`). */
export function cardEntry<P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[], body?: { field: keyof P & string; is: string; needs: readonly (keyof P & string)[] }) {
  const entry = fields(properties, required);
  if (!body) return entry;
  return { ...entry, if: { type: 'object', required: [body.field], properties: { [body.field]: { const: body.is } } }, then: { type: 'object', required: body.needs } } as const;
}

/** What a game says of its card data: the schema of one entry, and the entries it plays with. */
export interface CardFormat<T> {
  /** JSON schema of one card entry (ajv, strict); its `name` is a non-empty string. */
  entry: Record<string, unknown>;
  /** The entries as the game uses them (notes dropped, defaults filled); absent: as read. */
  normalize?(entries: readonly Record<string, unknown>[]): T[];
  /** Checks every field and lowers the entries (throws the game's error naming card and field). */
  compile(cards: readonly T[]): unknown;
}

/** A format's checker: the schema compiled once (ajv compiles a validator per schema). */
export interface CardChecker<T> {
  /** Parsed data → the game's entries: a list, each entry valid against the schema, names unique. */
  check(data: unknown): T[];
  /** The game's shipped entries: checked as check() does on a main thread, taken as they are in a worker thread. */
  shipped(data: unknown): T[];
  format: CardFormat<T>;
}

// Strict, but a `then` may require a field its `properties` sibling declares. The schemas are
// the games' own: test/core/card-data.test.ts checks them against the meta-schema, so a
// command's start does not (with ajv's optimizing pass, about 0.1 s and 10 MB a start).
let ajv: Ajv | null = null;

export function cardChecker<T>(format: CardFormat<T>): CardChecker<T> {
  // Compiled on the first check: a process that never reads card data never compiles a schema.
  let validate: ValidateFunction | null = null;
  return {
    format,
    check(data) {
      if (!Array.isArray(data)) throw new CardDataError('expected a list of card entries');
      ajv ??= new Ajv({ allErrors: false, strict: true, strictRequired: false, allowUnionTypes: true, verbose: true, validateSchema: false, code: { optimize: false } });
      validate ??= ajv.compile(format.entry);
      const check = validate;
      const seen = new Map<string, number>();
      data.forEach((entry: unknown, i) => {
        const raw = (entry as { name?: unknown } | null)?.name;
        const card = typeof raw === 'string' && raw.trim() !== '' ? raw : `#${i}`;
        if (!check(entry)) {
          // The last error is the one that stopped ajv (an anyOf's after its branches'); an `if`
          // says only that its `then` failed, which the error before it tells.
          const errors = check.errors!;
          const e = errors.length > 1 && errors[errors.length - 1]!.keyword === 'if' ? errors[errors.length - 2]! : errors[errors.length - 1]!;
          const r = reason(e, e.instancePath.split('/').slice(1));
          throw new CardDataError(`card "${card}": ${r.field.length ? fieldPath(r.field) : 'entry'}: ${r.text}`);
        }
        const first = seen.get(card);
        if (first !== undefined) throw new CardDataError(`card "${card}": name: given twice (entries ${first + 1} and ${i + 1})`);
        seen.set(card, i);
      });
      const entries = data as Record<string, unknown>[];
      return format.normalize ? format.normalize(entries) : (entries as unknown as T[]);
    },
    shipped(data) {
      if (isMainThread) return this.check(data);
      // A worker thread's main thread, the same code, checked these before handing out any
      // game: checking them again cost each thread about 0.3 s and 20 MB (ajv's compile).
      const entries = data as Record<string, unknown>[];
      return format.normalize ? format.normalize(entries) : (entries as unknown as T[]);
    },
  };
}

/**
 * The module's `load(file)` (`--catalogue FILE`): reads, checks and compiles a card data file
 * once, so a bad entry stops a command before any game. Errors name the card and the field;
 * the command line puts the file in front.
 */
export function cardFileLoader<T extends { name: string }, C>(checker: CardChecker<T>, checkDeck: (list: unknown, compiled: C, cards: readonly T[]) => string[]): (file: string) => LoadedCards {
  return (file) => {
    const cards = checker.check(readCardFile(file));
    const compiled = checker.format.compile(cards) as C;
    return { cards, sha256: cardsSha256(cards), names: cards.map((c) => c.name), checkDeck: (list) => checkDeck(list, compiled, cards) };
  };
}

/**
 * The compiled catalogue of a variant (a designer's cards, patches), built once per process
 * (per worker) and kept by content: an ablation builds one per card, a run one per arm.
 */
export function variantCatalogues<T, P, C>(shipped: readonly T[], shippedCompiled: () => C, build: (cards: readonly T[], patches: readonly P[]) => C) {
  const texts = new WeakMap<object, string>();
  const built = new Map<string, C>();
  return (patches: readonly P[], cards?: readonly T[]): C => {
    if (cards === undefined && patches.length === 0) return shippedCompiled();
    let text = cards === undefined ? '' : texts.get(cards);
    if (text === undefined) texts.set(cards!, (text = JSON.stringify(cards)));
    const key = `${JSON.stringify(patches)}\n${text}`;
    let cat = built.get(key);
    if (cat === undefined) {
      if (built.size > 256) built.clear();
      built.set(key, (cat = build(cards ?? shipped, patches)));
    }
    return cat;
  };
}
