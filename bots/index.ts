// Bots by name, as the command line and experiment files write them: `name[:key=value,...]`.
import type { Bot } from './bot.ts';
import { RandomBot } from './random.ts';

export class BotSpecError extends Error {}

export interface BotSpec {
  name: string;
  options: Record<string, string>;
  /** The spec as written, normalised. */
  text: string;
}

interface BotEntry {
  options: readonly string[];
  make: <S>(seed: number, options: Record<string, string>) => Bot<S>;
}

const REGISTRY: Record<string, BotEntry> = {
  random: { options: [], make: (seed) => new RandomBot(seed) },
};

export const BOT_NAMES = Object.keys(REGISTRY);

/** Parses "random" or "name:key=value,key=value" and checks the name and option keys. */
export function parseBotSpec(text: string): BotSpec {
  const trimmed = text.trim();
  const [name, rest] = trimmed.split(/:(.*)/s, 2) as [string, string | undefined];
  const entry = REGISTRY[name];
  if (!entry) throw new BotSpecError(`unknown bot "${name}" (valid: ${BOT_NAMES.join(', ')})`);
  const options: Record<string, string> = {};
  if (rest !== undefined && rest !== '') {
    for (const part of rest.split(',')) {
      const [k, v] = part.split('=', 2) as [string, string | undefined];
      if (!entry.options.includes(k)) {
        throw new BotSpecError(`bot "${name}": unknown option "${k}" (valid: ${entry.options.length ? entry.options.join(', ') : 'none'})`);
      }
      if (v === undefined || v === '') throw new BotSpecError(`bot "${name}": option "${k}" needs a value (${k}=...)`);
      options[k] = v;
    }
  }
  const opts = Object.entries(options).map(([k, v]) => `${k}=${v}`).join(',');
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

export function makeBot<S>(spec: BotSpec, seed: number): Bot<S> {
  return REGISTRY[spec.name]!.make<S>(seed, spec.options);
}
