// Card patches: how a designer changes a card for an experiment ("what if Nisqy had power
// 4?") without touching the catalogue's code. A patch names a card and the numbers to set.
import { nearestNames } from './catalogue/index.ts';
import { KEYWORD_FIELDS, type CardDef, type Keywords } from './catalogue/schema.ts';

export interface CardPatch {
  card: string;
  cost?: number;
  power?: number;
  support?: number;
  /** Keyword values to set: a number for X (0 removes it), true/false for the others. */
  keywords?: Partial<Keywords>;
}

/** The one schema of a patch: experiment files are validated against it (ajv). */
export const PATCH_SCHEMA = {
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

/** Card fields a sweep may step through: the numbers, and the X keywords. */
export const SWEEP_FIELDS = ['cost', 'power', 'support', 'front', 'back', 'defense', 'attack', 'resistant'] as const;

/** The patch one sweep value makes. */
export function sweepPatch(card: string, field: string, v: number): CardPatch {
  const patch: CardPatch = { card };
  if (field === 'cost' || field === 'power' || field === 'support') patch[field] = v;
  else patch.keywords = { [field]: v };
  return patch;
}

/** The patch fields, as the schema lists them. */
export const PATCH_FIELDS = Object.keys(PATCH_SCHEMA.properties) as readonly (keyof typeof PATCH_SCHEMA.properties)[];

export class PatchError extends Error {}

/** Checks a patch against the catalogue; throws PatchError naming the card and the field. */
export function checkPatch(p: CardPatch, cards: readonly CardDef[], where: string): void {
  if (typeof p !== 'object' || p === null) throw new PatchError(`${where}: expected { "card": ..., "power": ... }`);
  for (const k of Object.keys(p)) {
    if (!(PATCH_FIELDS as readonly string[]).includes(k)) throw new PatchError(`${where}.${k}: unknown patch field (valid: ${PATCH_FIELDS.join(', ')})`);
  }
  const card = cards.find((c) => c.name === p.card);
  if (!card) {
    const near = nearestNames(String(p.card), 3, cards);
    throw new PatchError(`${where}.card: unknown card "${p.card}"${near.length ? ` (did you mean: ${near.join(', ')}?)` : ''}`);
  }
  for (const k of ['cost', 'power', 'support'] as const) {
    const v = p[k];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 0 || v > 30) throw new PatchError(`${where}.${k}: expected an integer in 0..30 for "${p.card}", got ${JSON.stringify(v)}`);
    if (k !== 'cost' && card.power === undefined && k === 'power') throw new PatchError(`${where}.power: "${p.card}" has no power (a ${card.type})`);
    if (k === 'support' && card.type !== 'character') throw new PatchError(`${where}.support: "${p.card}" has no support (a ${card.type})`);
  }
  if (p.keywords !== undefined) {
    if (card.type !== 'character') throw new PatchError(`${where}.keywords: "${p.card}" is not a character`);
    for (const [k, v] of Object.entries(p.keywords)) {
      if (!(KEYWORD_FIELDS as readonly string[]).includes(k)) throw new PatchError(`${where}.keywords.${k}: unknown keyword (valid: ${KEYWORD_FIELDS.join(', ')})`);
      const flag = k === 'counterAttack' || k === 'ranged' || k === 'stealth' || k === 'rage';
      if (flag ? typeof v !== 'boolean' : !Number.isInteger(v) || (v as number) < 0 || (v as number) > 20) {
        throw new PatchError(`${where}.keywords.${k}: expected ${flag ? 'true or false' : 'an integer in 0..20'}, got ${JSON.stringify(v)}`);
      }
    }
  }
}

/** The catalogue with the patches applied (copies; the shipped entries are untouched). */
export function applyPatches(cards: readonly CardDef[], patches: readonly CardPatch[]): CardDef[] {
  if (patches.length === 0) return cards.slice();
  return cards.map((c) => {
    let out = c;
    for (const p of patches) {
      if (p.card !== c.name) continue;
      out = { ...out };
      if (p.cost !== undefined) out.cost = p.cost;
      if (p.power !== undefined) out.power = p.power;
      if (p.support !== undefined) out.support = p.support;
      if (p.keywords !== undefined) {
        const kw: Keywords = { ...(out.keywords ?? {}) };
        for (const [k, v] of Object.entries(p.keywords)) {
          if (v === 0 || v === false) delete kw[k as keyof Keywords];
          else (kw as Record<string, unknown>)[k] = v;
        }
        out.keywords = kw;
      }
    }
    return out;
  });
}

/** A short text for logs and reports: "Nisqy power 4, Arthur Défense+2". */
export function describePatch(p: CardPatch): string {
  const parts: string[] = [];
  for (const k of ['cost', 'power', 'support'] as const) if (p[k] !== undefined) parts.push(`${k} ${p[k]}`);
  for (const [k, v] of Object.entries(p.keywords ?? {})) parts.push(`${k} ${v}`);
  return `${p.card} ${parts.join(', ')}`;
}
