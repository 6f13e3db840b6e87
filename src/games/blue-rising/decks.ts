// Deck lists as plain text, and the deck-building rules R7 (standard) and R8 (quick).
//
//   # a comment          (also trailing: "3 Nisqy  # the finisher")
//   name: Gardiens       (optional; defaults to the file's base name)
//   mode: standard       (required: standard | quick)
//   3 Nisqy              (count, space, exact card name)
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { CardDef } from './catalogue/schema.ts';
import { CARDS, cardByName, nearestNames } from './catalogue/index.ts';

export type DeckMode = 'standard' | 'quick';
export const DECK_MODES: readonly DeckMode[] = ['standard', 'quick'];

export interface DeckList {
  name: string;
  mode: DeckMode;
  entries: { name: string; count: number }[];
  file?: string;
}

export class DeckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeckError';
  }
}

/** R7 / R8 as numbers, one place to read them. */
export const DECK_RULES = {
  standard: { rule: 'R7', size: 42, maxCopies: 3, minAspirants: 4, environments: 1, artefacts: 1 },
  quick: { rule: 'R8', size: 31, maxCopies: 2, minAspirants: 3, environments: 1, artefacts: 0 },
} as const;

function unknownCard(name: string): string {
  const near = nearestNames(name);
  return `unknown card "${name}"` + (near.length > 0 ? ` (did you mean: ${near.join(', ')}?)` : '');
}

/** Parses a deck text, collecting every bad line instead of stopping at the first. */
export function readDeckText(text: string, file: string): { deck: DeckList | null; errors: string[] } {
  let name: string | undefined;
  let mode: DeckMode | undefined;
  const errors: string[] = [];
  const counts = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    const hash = raw.indexOf('#');
    // NFC so a file saved decomposed still names the same cards; nothing more lenient.
    const line = (hash >= 0 ? raw.slice(0, hash) : raw).normalize('NFC').replace(/\s+/g, ' ').trim();
    if (line === '') return;
    const header = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
    if (header) {
      const key = header[1]!.toLowerCase();
      const value = header[2]!.trim();
      if (key === 'mode') {
        if (mode !== undefined) return void errors.push(`${where}: mode given twice`);
        const m = value.toLowerCase();
        if (m !== 'standard' && m !== 'quick') {
          return void errors.push(`${where}: unknown mode "${value}" (valid: ${DECK_MODES.join(', ')})`);
        }
        mode = m;
      } else if (key === 'name') {
        if (name !== undefined) return void errors.push(`${where}: name given twice`);
        if (value === '') return void errors.push(`${where}: empty deck name`);
        name = value;
      } else {
        errors.push(`${where}: unknown header "${header[1]}" (valid: mode, name)`);
      }
      return;
    }
    const entry = /^(\S+) (.+)$/.exec(line);
    if (!entry) return void errors.push(`${where}: expected "<count> <card name>", got "${line}"`);
    const countText = entry[1]!;
    const cardName = entry[2]!;
    if (!/^\d+$/.test(countText) || Number(countText) < 1) {
      return void errors.push(`${where}: bad count "${countText}" for "${cardName}" (expected a whole number ≥ 1)`);
    }
    if (cardByName(cardName) === undefined) return void errors.push(`${where}: ${unknownCard(cardName)}`);
    // A name listed twice adds up; the copy limit is checked on the total.
    counts.set(cardName, (counts.get(cardName) ?? 0) + Number(countText));
  });
  if (mode === undefined) {
    errors.push(`${file}: missing mode line (add "mode: standard" or "mode: quick")`);
    return { deck: null, errors };
  }
  const deck = { name: name ?? basename(file, extname(file)), mode, entries: [...counts].map(([n, count]) => ({ name: n, count })), file };
  return { deck, errors };
}

/** Parses a deck text. Card names must match exactly; throws DeckError at the first bad line. */
export function parseDeck(text: string, file: string): DeckList {
  const { deck, errors } = readDeckText(text, file);
  if (errors.length > 0 || deck === null) throw new DeckError(errors[0]!);
  return deck;
}

/** Every broken deck-building rule (R7 standard, R8 quick), or [] when the deck is legal. */
export function validateDeck(deck: DeckList, cards: readonly CardDef[] = CARDS): string[] {
  const r = DECK_RULES[deck.mode];
  if (r === undefined) return [`deck "${deck.name}": unknown mode "${deck.mode}" (valid: ${DECK_MODES.join(', ')})`];
  const label = `deck "${deck.name}"`;
  const byName = new Map(cards.map((c) => [c.name, c]));
  const errors: string[] = [];
  const totals = new Map<string, number>();
  let size = 0;
  for (const e of deck.entries) {
    if (!Number.isInteger(e.count) || e.count < 1) {
      errors.push(`${label}: bad count ${e.count} for "${e.name}"`);
      continue;
    }
    size += e.count;
    totals.set(e.name, (totals.get(e.name) ?? 0) + e.count);
  }
  if (size !== r.size) errors.push(`${label}: ${r.rule}: ${size} cards, a ${deck.mode} deck has exactly ${r.size}`);

  let environments = 0;
  let artefacts = 0;
  const aspirants = new Set<string>();
  for (const [name, count] of totals) {
    const card = byName.get(name);
    if (card === undefined) {
      errors.push(`${label}: ${unknownCard(name)}`);
      continue;
    }
    if (count > r.maxCopies) {
      errors.push(`${label}: ${r.rule}: ${count} copies of "${name}", a ${deck.mode} deck allows at most ${r.maxCopies}`);
    }
    if (card.type === 'character' && card.grade === 'squire') {
      errors.push(`${label}: D1: "${name}" is a Squire, a token that is never in a deck`);
    }
    if (card.type === 'environment') environments += count;
    if (card.type === 'artefact') artefacts += count;
    if (card.type === 'character' && card.grade === 'aspirant') aspirants.add(name);
  }
  if (aspirants.size < r.minAspirants) {
    errors.push(`${label}: ${r.rule}: ${aspirants.size} different Aspirants, a ${deck.mode} deck needs at least ${r.minAspirants}`);
  }
  if (environments !== r.environments) {
    errors.push(`${label}: ${r.rule}: ${environments} Environments, a ${deck.mode} deck has exactly ${r.environments}`);
  }
  if (artefacts !== r.artefacts) {
    errors.push(
      r.artefacts === 0
        ? `${label}: ${r.rule}: ${artefacts} Artefacts, a ${deck.mode} deck has no Artefact`
        : `${label}: ${r.rule}: ${artefacts} Artefacts, a ${deck.mode} deck has exactly ${r.artefacts}`,
    );
  }
  return errors;
}

/**
 * Every problem of a deck file at once: unreadable, bad lines, unknown names (with the
 * nearest catalogue names), and every broken R7/R8 rule.
 */
export function checkDeckFile(file: string): { deck: DeckList | null; errors: string[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { deck: null, errors: [`${file}: cannot read deck file (${(e as NodeJS.ErrnoException).code ?? String(e)})`] };
  }
  const { deck, errors } = readDeckText(text, file);
  if (deck !== null) errors.push(...validateDeck(deck));
  return { deck, errors };
}

/** Reads, parses and validates a deck file; throws one DeckError naming every problem. */
export function loadDeck(file: string, mode?: DeckMode): DeckList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new DeckError(`${file}: cannot read deck file (${code})`);
  }
  const deck = parseDeck(text, file);
  if (mode !== undefined && mode !== deck.mode) {
    throw new DeckError(`${file}: deck is mode "${deck.mode}" but mode "${mode}" was asked`);
  }
  const errors = validateDeck(deck);
  if (errors.length > 0) throw new DeckError(`${file}: ${errors.join('; ')}`);
  return deck;
}
