// Experiment files: decks, bots, modes, games, seed, and arms — a base, patched arms and
// sweeps of one card stat — all played on the same seeds (common random numbers). The file
// is JSON, checked against a schema (ajv); every error names the file and the field.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parseJson } from '../core/json.ts';
import type { GameModule } from '../core/module.ts';

export class ExperimentError extends Error {}

/** A card patch: `card` and the fields the game's patch schema allows (GameModule.patches). */
export type PatchSpec = { card: string } & Record<string, unknown>;

export interface ExperimentFile {
  name: string;
  description?: string;
  game?: string;
  decks: string[];
  bots?: string | [string, string];
  modes?: string[];
  games: number;
  seed: number;
  rules?: Record<string, number | boolean | string | null>;
  /** The balance band for flags: GIH WR and IWD limits (metrics.md defaults). */
  band?: { gihWr?: [number, number]; iwd?: [number, number]; deckWr?: [number, number] };
  arms?: { name: string; patches?: PatchSpec[]; description?: string; bots?: string | [string, string]; games?: number; target?: number }[];
  /** round-robin (default): every pair of decks; mirror: each deck against itself. */
  pairings?: 'round-robin' | 'mirror';
  sweeps?: { card: string; field: string; values: number[] }[];
  /** A designer's card data file (relative to the experiment file), in place of the shipped cards (games whose module loads one). */
  catalogue?: string;
  /** Patches every arm carries, the base included (the others' patches apply after them). */
  basePatches?: PatchSpec[];
  /** The flagged findings played again with a stronger bot on the first games of the same plan (recheck.ts). */
  recheck?: { bots: string | [string, string]; games: number; top?: number };
}

/** The schema of an experiment file of one game: its modes, its patch schema, its sweep fields. */
export function experimentSchema(m: GameModule, games: readonly string[]) {
  const PATCH_SCHEMA = m.patches.schema;
  return {
  type: 'object',
  required: ['name', 'decks', 'games', 'seed'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string', minLength: 1, pattern: '^[^/\\\\]+$' },
    description: { type: 'string' },
    game: { enum: [...games] },
    decks: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    bots: {
      oneOf: [
        { type: 'string', minLength: 1 },
        { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1 } },
      ],
    },
    modes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: m.modes.map((d) => d.id) } },
    pairings: { enum: ['round-robin', 'mirror'] },
    games: { type: 'integer', minimum: 2, maximum: 100_000_000 },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    rules: { type: 'object', additionalProperties: { type: ['integer', 'boolean', 'string', 'null'] } },
    band: {
      type: 'object',
      additionalProperties: false,
      properties: {
        gihWr: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: 0, maximum: 1 } },
        iwd: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: -1, maximum: 1 } },
        deckWr: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: 0, maximum: 1 } },
      },
    },
    arms: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, pattern: '^[^/\\\\]+$' },
          description: { type: 'string' },
          patches: { type: 'array', items: PATCH_SCHEMA },
          games: { type: 'integer', minimum: 2, maximum: 100_000_000 },
          // A ladder rung's threshold: the least share of games its first bot should win.
          target: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
          bots: {
            oneOf: [
              { type: 'string', minLength: 1 },
              { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1 } },
            ],
          },
        },
      },
    },
    catalogue: { type: 'string', minLength: 1 },
    basePatches: { type: 'array', items: PATCH_SCHEMA },
    recheck: {
      type: 'object',
      required: ['bots', 'games'],
      additionalProperties: false,
      properties: {
        bots: {
          oneOf: [
            { type: 'string', minLength: 1 },
            { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1 } },
          ],
        },
        games: { type: 'integer', minimum: 2, maximum: 100_000_000 },
        top: { type: 'integer', minimum: 1, maximum: 1000 },
      },
    },
    sweeps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['card', 'field', 'values'],
        additionalProperties: false,
        properties: {
          card: { type: 'string', minLength: 1 },
          field: { enum: [...m.patches.sweepFields] },
          values: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 0, maximum: 30 } },
        },
      },
    },
  },
  };
}

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(m: GameModule, games: readonly string[]) {
  let v = validators.get(m.id);
  if (!v) validators.set(m.id, (v = ajv.compile(experimentSchema(m, games))));
  return v;
}

function describeAjvError(e: ErrorObject): string {
  const path = e.instancePath ? e.instancePath.replace(/^\//, '').replace(/\//g, '.') : '(top level)';
  switch (e.keyword) {
    case 'additionalProperties':
      return `${path === '(top level)' ? '' : `${path}.`}${(e.params as { additionalProperty: string }).additionalProperty}: unknown field`;
    case 'required':
      return `${path === '(top level)' ? '' : `${path}.`}${(e.params as { missingProperty: string }).missingProperty}: missing (required)`;
    case 'enum':
      return `${path}: ${e.message} (${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
    default:
      return `${path}: ${e.message}`;
  }
}

/**
 * Games are played in pairs, one seed with the seats swapped: an odd count cannot be played
 * as asked. Returns what to say about `n`, or null when it is even.
 */
export function oddGames(n: number): string | null {
  if (n % 2 === 0) return null;
  const near = n > 1 ? `${n - 1} or ${n + 1}` : `${n + 1}`;
  return `${n} is odd, and games are played in pairs with the seats swapped: use ${near}`;
}

/** How an experiment finds its game: the module of an id (undefined: the default), and the known ids. */
export interface GameLookup {
  module(id: string | undefined): GameModule;
  games: readonly string[];
}

/**
 * Reads and validates an experiment file against its game's schema (the file's `game`, else
 * the default); deck paths become absolute (relative to the file or the cwd).
 */
export function loadExperiment(file: string, lookup: GameLookup): ExperimentFile & { module: GameModule } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ExperimentError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    throw new ExperimentError(`${file}: ${(e as Error).message}`);
  }
  const id = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { game?: unknown }).game : undefined;
  let module: GameModule;
  try {
    module = lookup.module(typeof id === 'string' ? id : undefined);
  } catch (e) {
    throw new ExperimentError(`${file}: game: ${(e as Error).message}`);
  }
  const validate = validatorFor(module, lookup.games);
  if (!validate(json)) throw new ExperimentError(`${file}: ${describeAjvError(validate.errors![0]!)}`);
  const exp = json as unknown as ExperimentFile & { module: GameModule };
  const odd = oddGames(exp.games);
  if (odd) throw new ExperimentError(`${file}: games: ${odd}`);
  const names = new Set<string>(['base']);
  for (const [i, a] of (exp.arms ?? []).entries()) {
    const oddArm = a.games === undefined ? null : oddGames(a.games);
    if (oddArm) throw new ExperimentError(`${file}: arms.${i}.games: ${oddArm}`);
    if (names.has(a.name)) throw new ExperimentError(`${file}: arms.${i}.name: "${a.name}" is used twice (the base arm is "base")`);
    names.add(a.name);
    if (a.target !== undefined && a.bots === undefined) throw new ExperimentError(`${file}: arms.${i}.target: a target needs the arm's own bots (it is a ladder rung's threshold)`);
  }
  const oddRecheck = exp.recheck ? oddGames(exp.recheck.games) : null;
  if (oddRecheck) throw new ExperimentError(`${file}: recheck.games: ${oddRecheck}`);
  if (exp.catalogue !== undefined && !isAbsolute(exp.catalogue)) exp.catalogue = resolve(dirname(file), exp.catalogue);
  // Deck paths: as written if they exist from the cwd, else relative to the file's folder.
  exp.decks = exp.decks.map((d) => {
    if (isAbsolute(d)) return d;
    try {
      readFileSync(d);
      return d;
    } catch {
      return resolve(dirname(file), d);
    }
  });
  exp.module = module;
  return exp;
}

export interface ExpandedArm {
  name: string;
  patches: PatchSpec[];
  games?: number;
  bots?: string | [string, string];
  description?: string;
  sweep?: { card: string; field: string; value: number };
}

/** The base arm, the patched arms, then one arm per sweep value. */
export function expandArms(exp: ExperimentFile, m: GameModule, file = 'experiment'): ExpandedArm[] {
  const basePatches = exp.basePatches ?? [];
  const arms: ExpandedArm[] = [{ name: 'base', patches: basePatches.slice() }];
  for (const a of exp.arms ?? []) arms.push({ name: a.name, patches: [...basePatches, ...(a.patches ?? [])], description: a.description, bots: a.bots, games: a.games });
  const names = new Set(arms.map((a) => a.name));
  for (const [i, s] of (exp.sweeps ?? []).entries()) {
    for (const v of s.values) {
      const name = `${s.card} ${s.field}=${v}`;
      if (names.has(name)) {
        const why = arms.some((a) => a.name === name && !a.sweep) ? 'an arm of arms has that name' : 'the value is repeated';
        throw new ExperimentError(`${file}: sweeps.${i}.values: the arm "${name}" already exists (${why})`);
      }
      names.add(name);
      const patch = m.patches.sweepPatch(s.card, s.field, v) as PatchSpec;
      arms.push({ name: `${s.card} ${s.field}=${v}`, patches: [...basePatches, patch], sweep: { card: s.card, field: s.field, value: v } });
    }
  }
  return arms;
}
