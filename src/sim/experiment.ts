// Experiment files: decks, bots, modes, games, seed, and arms — a base, patched arms and
// sweeps of one card stat — all played on the same seeds (common random numbers). The file
// is JSON, checked against a schema (ajv); every error names the file and the field.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parseJson } from '../core/json.ts';
import type { GameModule } from '../core/module.ts';
import { parseStopRule, Stopper, type StopDecision, type StopRule, type StopStep } from './stopping.ts';
import { holderOutcomes, holdersOf } from './ablate.ts';
import type { RunResult, RunSpec } from './run.ts';

export class ExperimentError extends Error {}

/** A card patch: `card` and the fields the game's patch schema allows (GameModule.patches). */
export type PatchSpec = { card: string } & Record<string, unknown>;

/** A rule knob's value as a file writes it (a pair of counts as an array: `"openingDraw": [4, 5]`). */
export type RuleValue = number | boolean | string | null | number[];

export interface ExperimentFile {
  name: string;
  description?: string;
  game?: string;
  decks: string[];
  bots?: string | [string, string];
  modes?: string[];
  games: number;
  seed: number;
  rules?: Record<string, RuleValue>;
  /** The balance band for flags: GIH WR and IWD limits (metrics.md defaults). */
  band?: { gihWr?: [number, number]; iwd?: [number, number]; deckWr?: [number, number] };
  /** An arm's `rules` are knobs over the file's own `rules`, played on the base's seeds. */
  arms?: { name: string; patches?: PatchSpec[]; rules?: Record<string, RuleValue>; description?: string; bots?: string | [string, string]; games?: number; target?: number }[];
  /** round-robin (default): every pair of decks; mirror: each deck against itself. */
  pairings?: 'round-robin' | 'mirror';
  /** A card stat (`card`, `field`) or a rule knob (`rule`) over a list of values: each value is an arm. */
  sweeps?: { card?: string; field?: string; rule?: string; values: RuleValue[] }[];
  /** A designer's card data file (relative to the experiment file), in place of the shipped cards (games whose module loads one). */
  catalogue?: string;
  /** Patches every arm carries, the base included (the others' patches apply after them). */
  basePatches?: PatchSpec[];
  /** A stopping rule on paired outcomes, as `lab whatif --stop` takes it (stopping.ts checks it at load). */
  stop?: Record<string, unknown>;
  /** The flagged findings played again with a stronger bot on the first games of the same plan (recheck.ts). */
  recheck?: { bots: string | [string, string]; games: number; top?: number };
}

/** The schema of an experiment file of one game: its modes, its patch schema, its sweep fields. */
export function experimentSchema(m: GameModule, games: readonly string[]) {
  const PATCH_SCHEMA = m.patches.schema;
  // The game's own hook checks each knob and value (GameModule.rules.parse).
  const RULE_VALUE = { type: ['integer', 'boolean', 'string', 'null', 'array'], items: { type: 'integer' } };
  const RULES_SCHEMA = { type: 'object', additionalProperties: RULE_VALUE };
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
    rules: RULES_SCHEMA,
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
          rules: RULES_SCHEMA,
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
    // Its fields are checked by parseStopRule, which names the bad one as `stop.<field>`.
    stop: { type: 'object' },
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
        required: ['values'],
        additionalProperties: false,
        properties: {
          card: { type: 'string', minLength: 1 },
          field: { enum: [...m.patches.sweepFields] },
          rule: { type: 'string', minLength: 1 },
          values: { type: 'array', minItems: 1, items: RULE_VALUE },
        },
        // A card stat sweep: card, field and small integers; a knob sweep: rule, and its values.
        if: { properties: { rule: { type: 'string' } }, required: ['rule'] },
        else: {
          required: ['card', 'field'],
          properties: { card: { type: 'string' }, field: { type: 'string' }, values: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 30 } } },
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
export function loadExperiment(file: string, lookup: GameLookup): ExperimentFile & { module: GameModule; stopRule?: StopRule } {
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
  const exp = json as unknown as ExperimentFile & { module: GameModule; stopRule?: StopRule };
  const odd = oddGames(exp.games);
  if (odd) throw new ExperimentError(`${file}: games: ${odd}`);
  if (exp.stop !== undefined) {
    try {
      exp.stopRule = parseStopRule(exp.stop, 'stop');
    } catch (e) {
      throw new ExperimentError(`${file}: ${(e as Error).message}`);
    }
  }
  const names = new Set<string>(['base']);
  for (const [i, a] of (exp.arms ?? []).entries()) {
    const oddArm = a.games === undefined ? null : oddGames(a.games);
    if (oddArm) throw new ExperimentError(`${file}: arms.${i}.games: ${oddArm}`);
    if (names.has(a.name)) throw new ExperimentError(`${file}: arms.${i}.name: "${a.name}" is used twice (the base arm is "base")`);
    names.add(a.name);
    if (a.target !== undefined && a.bots === undefined) throw new ExperimentError(`${file}: arms.${i}.target: a target needs the arm's own bots (it is a ladder rung's threshold)`);
  }
  for (const [i, s] of (exp.sweeps ?? []).entries()) {
    if (s.rule !== undefined && (s.card !== undefined || s.field !== undefined)) throw new ExperimentError(`${file}: sweeps.${i}: a sweep steps a card stat (card, field) or a rule knob (rule), not both`);
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
  /** The arm's rule knobs, the file's `rules` included, as the game parsed them; absent: the file's `rules` alone. */
  rules?: Record<string, unknown>;
  games?: number;
  bots?: string | [string, string];
  description?: string;
  sweep?: { card: string; field: string; value: number };
  /** The knob and value of a rule sweep's arm. */
  ruleSweep?: { rule: string; value: RuleValue };
}

/** "key=value" items of knobs as the game's rules hook parses them (an array: "4,5"). */
export function ruleItems(rules: Record<string, RuleValue>): string[] {
  return Object.entries(rules).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : (v ?? '')}`);
}

/** Knobs checked by the experiment's game: an unknown knob or a bad value names the field and the knob. */
function parseRules(m: GameModule, rules: Record<string, RuleValue>, where: string): Record<string, unknown> {
  try {
    return m.rules.parse(ruleItems(rules));
  } catch (e) {
    throw new ExperimentError(`${where}: ${(e as Error).message.replace(/^--rule /, '')} (game ${m.id})`);
  }
}

/** A rule sweep's arm name: "knob=value" (a pair of counts "openingDraw=4,5"). */
export function ruleArmName(rule: string, value: RuleValue): string {
  return `${rule}=${Array.isArray(value) ? value.join(',') : String(value)}`;
}

/** The base arm, the patched arms, then one arm per sweep value. */
export function expandArms(exp: ExperimentFile, m: GameModule, file = 'experiment'): ExpandedArm[] {
  const basePatches = exp.basePatches ?? [];
  const arms: ExpandedArm[] = [{ name: 'base', patches: basePatches.slice() }];
  for (const [i, a] of (exp.arms ?? []).entries()) {
    const rules = a.rules ? parseRules(m, { ...exp.rules, ...a.rules }, `${file}: arms.${i}.rules`) : undefined;
    arms.push({ name: a.name, patches: [...basePatches, ...(a.patches ?? [])], ...(rules ? { rules } : {}), description: a.description, bots: a.bots, games: a.games });
  }
  const names = new Set(arms.map((a) => a.name));
  for (const [i, s] of (exp.sweeps ?? []).entries()) {
    if (s.rule !== undefined) {
      for (const v of s.values) {
        const name = ruleArmName(s.rule, v);
        if (names.has(name)) throw new ExperimentError(`${file}: sweeps.${i}.values: the arm "${name}" already exists (${arms.some((a) => a.name === name && !a.ruleSweep) ? 'an arm of arms has that name' : 'the value is repeated'})`);
        names.add(name);
        const rules = parseRules(m, { ...exp.rules, [s.rule]: v }, `${file}: sweeps.${i}`);
        arms.push({ name, patches: basePatches.slice(), rules, ruleSweep: { rule: s.rule, value: v } });
      }
      continue;
    }
    const card = s.card!, field = s.field!;
    for (const v of s.values as number[]) {
      const name = `${card} ${field}=${v}`;
      if (names.has(name)) {
        const why = arms.some((a) => a.name === name && !a.sweep) ? 'an arm of arms has that name' : 'the value is repeated';
        throw new ExperimentError(`${file}: sweeps.${i}.values: the arm "${name}" already exists (${why})`);
      }
      names.add(name);
      const patch = m.patches.sweepPatch(card, field, v) as PatchSpec;
      arms.push({ name, patches: [...basePatches, patch], sweep: { card, field, value: v } });
    }
  }
  return arms;
}

export interface ArmStop {
  arm: string;
  /** The cards the arm patches beyond the base's patches, and the decks holding them ("mode\tname"). */
  cards: string[];
  holders: string[];
  decision: StopDecision;
  /** Games of the comparison (the arm's and the base's) and seed pairs measured when it stopped. */
  games: number;
  pairs: number;
  /** The holders' paired WR change (arm − base) when it stopped, with its 95% t interval. */
  effect: number;
  lo: number;
  hi: number;
  /** The LLR (sprt) or the half-width (width) after each batch. */
  path: StopStep[];
  evidence: string;
}

const r6 = (x: number) => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : null);

/**
 * An experiment's stopping rule over its arms. Each arm is measured as `lab whatif` measures a
 * patch: the paired outcomes, on the base's seed pairs, of the decks holding a card the arm
 * patches (beyond the base's patches) in the pairings where one side holds it. The run stops
 * at the first batch where every arm is decided, or when the cap of games comes first.
 */
export class ExperimentStopping {
  private readonly arms: { arm: string; cards: string[]; holders: string[]; names: Map<string, Set<string>>; stopper: Stopper }[] = [];
  batches = 0;

  constructor(readonly rule: StopRule, private readonly spec: RunSpec, basePatches: number, file = 'experiment') {
    for (const a of spec.arms.slice(1)) {
      if (a.bots !== undefined || a.gamesPerPairing !== undefined) {
        throw new ExperimentError(`${file}: stop: arm "${a.label}" plays its own ${a.bots ? 'bots' : 'games'}, not the base's games: a stopping rule needs arms paired with the base`);
      }
      const cards = [...new Set((a.variant?.patches ?? []).slice(basePatches).map((p) => String(p.card)))].sort();
      const holders = [...new Set(cards.flatMap((c) => holdersOf(spec.sides, c)))].sort();
      if (!holders.length) throw new ExperimentError(`${file}: stop: arm "${a.label}" patches no card a deck of the experiment holds, so the rule has nothing to measure`);
      const names = new Map<string, Set<string>>();
      for (const h of holders) {
        const [mode, name] = h.split('\t') as [string, string];
        if (!names.has(mode)) names.set(mode, new Set());
        names.get(mode)!.add(name);
      }
      this.arms.push({ arm: a.label, cards, holders, names, stopper: new Stopper(rule) });
    }
  }

  /** Records a batch (pairs [from, to) of every arm); true once no arm is left to decide. */
  after(batch: RunResult, from: number, to: number): boolean {
    this.batches++;
    // The games of one comparison: the arm's and the base's (every arm plays the same games).
    const games = Math.round((2 * batch.games) / this.spec.arms.length);
    const base = batch.aggregates.get('base')!;
    for (const a of this.arms) {
      if (a.stopper.decision !== 'continue') continue;
      const outcomes: number[] = [];
      for (const mode of [...a.names.keys()].sort()) {
        outcomes.push(...holderOutcomes(batch.aggregates.get(a.arm)!, base, mode, a.names.get(mode)!, from, to).outcomes);
      }
      a.stopper.addBatch(outcomes, games);
    }
    return this.arms.every((a) => a.stopper.decision !== 'continue');
  }

  results(): ArmStop[] {
    return this.arms.map(({ arm, cards, holders, stopper: s }) => {
      const m = s.mean(), hw = s.halfWidth();
      return {
        arm, cards, holders, decision: s.decision, games: s.games, pairs: s.pairs,
        effect: r6(m) ?? NaN, lo: r6(m - hw) ?? NaN, hi: r6(m + hw) ?? NaN,
        path: s.path.map((p) => ({ ...p, value: r6(p.value) ?? NaN })),
        evidence: s.describe(),
      };
    });
  }
}
