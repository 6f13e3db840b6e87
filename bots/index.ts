// Bots by name, as the command line and experiment files write them: `name[:key=value,...]`.
// Options are checked on entry: an unknown bot, option or value names itself and the choices.
import type { Bot } from './bot.ts';
import { FlatMcBot, IsmctsBot, type RolloutPolicy } from './mcts.ts';
import { RandomBot } from './random.ts';
import { PROFILES, makeBlueRisingBot, makeBlueRisingRollout, loadProfile, type ProfileName } from '../src/games/blue-rising/bot/index.ts';

export class BotSpecError extends Error {}

export interface BotSpec {
  name: string;
  options: Record<string, string>;
  /** The spec as written, normalised. */
  text: string;
}

interface OptionDef {
  /** Integer range, real range, or a list of words. */
  kind: 'int' | 'real' | 'word';
  min?: number;
  max?: number;
  words?: readonly string[];
  default: string;
}

interface BotEntry {
  options: Record<string, OptionDef>;
  make: <S>(seed: number, options: Record<string, string>) => Bot<S>;
  /** Searches at every decision (thousands of playouts): games take seconds, not microseconds. */
  searches?: boolean;
}

/** Extra bots a layer above may register (the Blue Rising heuristic bot). */
export type RolloutFactory = <S>(seed: number) => RolloutPolicy<S>;
/** `scores`: the policy implements `score()`, and so can serve as ISMCTS's prior. */
const rolloutPolicies: Record<string, { make: RolloutFactory; scores: boolean } | null> = { random: null };

/** Registers a rollout policy; `scores` says it implements `score()`, which a prior needs. */
export function registerRollout(name: string, make: RolloutFactory, scores = false): void {
  rolloutPolicies[name] = { make, scores };
}

export function unregisterRollout(name: string): void {
  delete rolloutPolicies[name];
}

function rolloutOf<S>(name: string, seed: number): RolloutPolicy<S> | null {
  const policy = rolloutPolicies[name];
  return policy ? policy.make<S>(seed) : null;
}

// The heuristic bot is the one bot that knows Blue Rising; it also serves as a rollout policy.
registerRollout('heuristic', <S>(seed: number) => makeBlueRisingRollout(seed) as unknown as RolloutPolicy<S>, true);

const ROLLOUTS = () => Object.keys(rolloutPolicies);
/** Policies for ISMCTS's prior ("none": no prior): the registered ones that score actions. */
const PRIORS = () => ['none', ...Object.keys(rolloutPolicies).filter((k) => rolloutPolicies[k]?.scores)];

const REGISTRY: Record<string, BotEntry> = {
  random: { options: {}, make: (seed) => new RandomBot(seed) },
  heuristic: {
    options: { profile: { kind: 'word', words: PROFILES, default: 'midrange' } },
    make: <S>(seed: number, o: Record<string, string>) => makeBlueRisingBot(seed, loadProfile(o.profile as ProfileName)) as unknown as Bot<S>,
  },
  flatmc: {
    searches: true,
    options: {
      playouts: { kind: 'int', min: 1, max: 1_000_000, default: '20' },
      budget: { kind: 'int', min: 1, max: 100_000_000, default: '0' },
      depth: { kind: 'int', min: 1, max: 100_000, default: '40' },
      rollout: { kind: 'word', get words() { return ROLLOUTS(); }, default: 'random' },
    },
    make: (seed, o) => new FlatMcBot(seed, {
      playouts: Number(o.playouts), budget: Number(o.budget ?? 0), depth: Number(o.depth), rollout: rolloutOf(o.rollout!, seed ^ 0x5eed),
    }),
  },
  ismcts: {
    searches: true,
    options: {
      iterations: { kind: 'int', min: 1, max: 10_000_000, default: '1000' },
      ms: { kind: 'int', min: 1, max: 600_000, default: '0' },
      c: { kind: 'real', min: 0, max: 100, default: '0.7' },
      rollout: { kind: 'word', get words() { return ROLLOUTS(); }, default: 'random' },
      depth: { kind: 'int', min: 1, max: 100_000, default: '40' },
      prior: { kind: 'word', get words() { return PRIORS(); }, default: 'none' },
      bias: { kind: 'real', min: 0, max: 100, default: '1' },
    },
    make: (seed, o) => new IsmctsBot(seed, {
      iterations: o.ms !== '0' && o.iterations === undefined ? 0 : Number(o.iterations ?? '1000'),
      ms: Number(o.ms),
      c: Number(o.c),
      depth: Number(o.depth),
      rollout: rolloutOf(o.rollout!, seed ^ 0x5eed),
      prior: o.prior === 'none' ? null : rolloutOf(o.prior!, seed ^ 0x9a10),
      bias: Number(o.bias),
    }),
  },
};

/** Registers a bot kind (the game-aware bots register themselves from their own layer). */
export function registerBot(name: string, options: Record<string, OptionDef>, make: BotEntry['make']): void {
  REGISTRY[name] = { options, make };
}

export function botNames(): string[] {
  return Object.keys(REGISTRY);
}

function checkValue(bot: string, key: string, def: OptionDef, v: string): void {
  const where = `bot "${bot}": option ${key}=${v}`;
  if (def.kind === 'word') {
    if (!def.words!.includes(v)) throw new BotSpecError(`${where}: expected one of ${def.words!.join(', ')}`);
    return;
  }
  const ok = def.kind === 'int' ? /^\d+$/.test(v) : /^\d+(\.\d+)?$/.test(v);
  const n = Number(v);
  if (!ok || n < def.min! || n > def.max!) {
    throw new BotSpecError(`${where}: expected ${def.kind === 'int' ? 'an integer' : 'a number'} in ${def.min}..${def.max}`);
  }
}

/** Parses "random" or "name:key=value,key=value" and checks the name, the keys and the values. */
export function parseBotSpec(text: string): BotSpec {
  const trimmed = text.trim();
  const [name, rest] = trimmed.split(/:(.*)/s, 2) as [string, string | undefined];
  const entry = REGISTRY[name];
  if (!entry) throw new BotSpecError(`unknown bot "${name}" (valid: ${botNames().join(', ')})`);
  const given: Record<string, string> = {};
  if (rest !== undefined && rest !== '') {
    for (const part of rest.split(',')) {
      const [k, v] = part.split('=', 2) as [string, string | undefined];
      const def = entry.options[k];
      if (!def) {
        const valid = Object.keys(entry.options);
        throw new BotSpecError(`bot "${name}": unknown option "${k}" (valid: ${valid.length ? valid.join(', ') : 'none'})`);
      }
      if (v === undefined || v === '') throw new BotSpecError(`bot "${name}": option "${k}" needs a value (${k}=...)`);
      checkValue(name, k, def, v);
      given[k] = v;
    }
  }
  if (name === 'flatmc' && given.budget !== undefined && given.playouts !== undefined) {
    throw new BotSpecError('bot "flatmc": give playouts (per action) or budget (in all), not both');
  }
  if (name === 'ismcts' && given.ms !== undefined && given.iterations !== undefined) {
    throw new BotSpecError('bot "ismcts": give iterations or ms, not both');
  }
  const options: Record<string, string> = {};
  for (const [k, def] of Object.entries(entry.options)) options[k] = given[k] ?? def.default;
  if (name === 'ismcts' && given.ms !== undefined) delete options.iterations;
  if (name === 'flatmc' && given.budget === undefined) delete options.budget;
  const opts = Object.entries(given).map(([k, v]) => `${k}=${v}`).join(',');
  return { name, options, text: opts ? `${name}:${opts}` : name };
}

/**
 * Splits a bots argument. Top-level commas separate seats, but a comma followed by
 * key=value continues the previous bot's options ("ismcts:iterations=100,c=0.7,random").
 */
export function splitBotList(text: string): string[] {
  const parts = text.split(',');
  const out: string[] = [];
  for (const p of parts) {
    if (out.length > 0 && /^[A-Za-z_][\w-]*=/.test(p.trim()) && out[out.length - 1]!.includes(':')) out[out.length - 1] += `,${p}`;
    else out.push(p);
  }
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** Whether a bot searches at each decision (the simulation then cuts its games into small shards). */
export function isSearchBot(text: string): boolean {
  return REGISTRY[parseBotSpec(text).name]?.searches === true;
}

export function makeBot<S>(spec: BotSpec, seed: number): Bot<S> {
  return REGISTRY[spec.name]!.make<S>(seed, spec.options);
}

