// Experiment files: decks, bots, modes, games, seed, and arms — a base, patched arms and
// sweeps of one card stat — all played on the same seeds (common random numbers). The file
// is JSON, checked against a schema (ajv); every error names the file and the field.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parseJson } from '../core/json.ts';

export class ExperimentError extends Error {}

export interface PatchSpec {
  card: string;
  cost?: number;
  power?: number;
  support?: number;
  keywords?: Record<string, number | boolean>;
}

export interface ExperimentFile {
  name: string;
  description?: string;
  game?: 'blue-rising';
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
  sweeps?: { card: string; field: 'cost' | 'power' | 'support' | string; values: number[] }[];
  /** A designer's card data file (relative to the experiment file), in place of the shipped cards. */
  catalogue?: string;
  /** Patches every arm carries, the base included (the others' patches apply after them). */
  basePatches?: PatchSpec[];
}

const PATCH_SCHEMA = {
  type: 'object',
  required: ['card'],
  additionalProperties: false,
  properties: {
    card: { type: 'string', minLength: 1 },
    cost: { type: 'integer', minimum: 0, maximum: 30 },
    power: { type: 'integer', minimum: 0, maximum: 30 },
    support: { type: 'integer', minimum: 0, maximum: 30 },
    keywords: {
      type: 'object',
      additionalProperties: false,
      properties: {
        front: { type: 'integer', minimum: 0, maximum: 20 },
        back: { type: 'integer', minimum: 0, maximum: 20 },
        defense: { type: 'integer', minimum: 0, maximum: 20 },
        attack: { type: 'integer', minimum: 0, maximum: 20 },
        resistant: { type: 'integer', minimum: 0, maximum: 20 },
        counterAttack: { type: 'boolean' },
        ranged: { type: 'boolean' },
        stealth: { type: 'boolean' },
        rage: { type: 'boolean' },
      },
    },
  },
} as const;

export const EXPERIMENT_SCHEMA = {
  type: 'object',
  required: ['name', 'decks', 'games', 'seed'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string', minLength: 1, pattern: '^[^/\\\\]+$' },
    description: { type: 'string' },
    game: { enum: ['blue-rising'] },
    decks: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    bots: {
      oneOf: [
        { type: 'string', minLength: 1 },
        { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1 } },
      ],
    },
    modes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['standard', 'quick'] } },
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
    sweeps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['card', 'field', 'values'],
        additionalProperties: false,
        properties: {
          card: { type: 'string', minLength: 1 },
          field: { enum: ['cost', 'power', 'support', 'front', 'back', 'defense', 'attack', 'resistant'] },
          values: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 0, maximum: 30 } },
        },
      },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validate = ajv.compile(EXPERIMENT_SCHEMA);

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

/** Reads and validates an experiment file; deck paths become absolute (relative to the file or the cwd). */
export function loadExperiment(file: string): ExperimentFile {
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
  if (!validate(json)) throw new ExperimentError(`${file}: ${describeAjvError(validate.errors![0]!)}`);
  const exp = json as unknown as ExperimentFile;
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
export function expandArms(exp: ExperimentFile, file = 'experiment'): ExpandedArm[] {
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
      const patch: PatchSpec = { card: s.card };
      if (s.field === 'cost' || s.field === 'power' || s.field === 'support') patch[s.field] = v;
      else patch.keywords = { [s.field]: v };
      arms.push({ name: `${s.card} ${s.field}=${v}`, patches: [...basePatches, patch], sweep: { card: s.card, field: s.field, value: v } });
    }
  }
  return arms;
}
