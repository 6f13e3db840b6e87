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
import { visible } from '../../core/text.ts';

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

/** What holds in either mode: the larger limits (checked when a deck has no mode line). */
const ANY_MODE = { size: 42, maxCopies: 3, environments: 1, artefacts: 1 } as const;

function unknownCard(name: string): string {
  const near = nearestNames(name);
  return `unknown card "${name}"` + (near.length > 0 ? ` (did you mean: ${near.join(', ')}?)` : '');
}

/** Parses a deck text, collecting every bad line instead of stopping at the first. */
export function readDeckText(text: string, file: string): { deck: DeckList | null; errors: string[]; refusedCounts: number } {
  let name: string | undefined;
  let mode: DeckMode | undefined;
  const errors: string[] = [];
  const counts = new Map<string, number>();
  // Counts kept as written, checked against the deck size once the mode is known.
  const written: { where: string; count: string; card: string }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    const hash = raw.indexOf('#');
    // NFC so a file saved decomposed still names the same cards; nothing more lenient. Control
    // characters are shown escaped: a message never sends them to the terminal.
    const line = visible((hash >= 0 ? raw.slice(0, hash) : raw).normalize('NFC').replace(/\s+/g, ' ').trim());
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
    written.push({ where, count: countText.replace(/^0+/, ''), card: cardName });
  });
  const size = mode === undefined ? ANY_MODE.size : DECK_RULES[mode].size;
  let refusedCounts = 0;
  for (const w of written) {
    // Compared as digits: a count past 2^53 is shown as written, not rounded.
    if (w.count.length > String(size).length || Number(w.count) > size) {
      errors.push(`${w.where}: ${w.count} copies of "${w.card}", more than ${mode === undefined ? `any deck holds (a standard deck has ${size} cards)` : `a whole ${mode} deck (${size} cards)`}`);
      refusedCounts++;
      continue;
    }
    // A name listed twice adds up; the copy limit is checked on the total.
    counts.set(w.card, (counts.get(w.card) ?? 0) + Number(w.count));
  }
  const entries = [...counts].map(([n, count]) => ({ name: n, count }));
  const deckName = name ?? basename(file, extname(file));
  if (mode === undefined) {
    errors.push(`${file}: missing mode line (add "mode: standard" or "mode: quick")`);
    errors.push(...anyModeErrors(deckName, entries, refusedCounts > 0));
    return { deck: null, errors, refusedCounts };
  }
  return { deck: { name: deckName, mode, entries, file }, errors, refusedCounts };
}

/**
 * The rules a deck without a mode line breaks whatever its mode: more copies, cards,
 * Environments or Artefacts than either mode allows, Squires. The rest needs the mode.
 */
function anyModeErrors(name: string, entries: readonly { name: string; count: number }[], countsRefused: boolean): string[] {
  const label = `deck "${name}"`;
  const errors: string[] = [];
  let size = 0;
  let environments = 0;
  let artefacts = 0;
  for (const e of entries) {
    size += e.count;
    const card = cardByName(e.name);
    if (e.count > ANY_MODE.maxCopies) {
      errors.push(`${label}: ${e.count} copies of "${e.name}", no deck allows more than ${ANY_MODE.maxCopies} (R7: 3 in standard, R8: 2 in quick)`);
    }
    if (card?.type === 'character' && card.grade === 'squire') errors.push(`${label}: D1: "${e.name}" is a Squire, a token that is never in a deck`);
    if (card?.type === 'environment') environments += e.count;
    if (card?.type === 'artefact') artefacts += e.count;
  }
  if (size > ANY_MODE.size && !countsRefused) errors.push(`${label}: ${size} cards, more than any deck holds (R7: 42 in standard, R8: 31 in quick)`);
  if (environments > ANY_MODE.environments) errors.push(`${label}: ${environments} Environments, a deck has exactly 1 (R7, R8)`);
  if (artefacts > ANY_MODE.artefacts) errors.push(`${label}: ${artefacts} Artefacts, a deck has at most 1 (R7: 1 in standard, R8: none in quick)`);
  return errors;
}

/** Parses a deck text. Card names must match exactly; throws DeckError at the first bad line. */
export function parseDeck(text: string, file: string): DeckList {
  const { deck, errors } = readDeckText(text, file);
  if (errors.length > 0 || deck === null) throw new DeckError(errors[0]!);
  return deck;
}

/**
 * Every broken deck-building rule (R7 standard, R8 quick), or [] when the deck is legal.
 * `sizeUnknown`: some lines' counts were refused, so the deck's size is not told.
 */
export function validateDeck(deck: DeckList, cards: readonly CardDef[] = CARDS, sizeUnknown = false): string[] {
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
  if (size !== r.size && !sizeUnknown) errors.push(`${label}: ${r.rule}: ${size} cards, a ${deck.mode} deck has exactly ${r.size}`);

  let environments = 0;
  let artefacts = 0;
  const aspirants = new Set<string>();
  for (const [name, count] of totals) {
    const card = byName.get(name);
    if (card === undefined) {
      errors.push(`${label}: ${unknownCard(name)}`);
      continue;
    }
    if (count > r.size) {
      errors.push(`${label}: ${r.rule}: ${count} copies of "${name}", more than a whole ${deck.mode} deck (${r.size} cards)`);
    } else if (count > r.maxCopies) {
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

/** A deck file's text, or why there is none: unreadable, or not text (never echoed). */
function readDeckFile(file: string): { text: string } | { error: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return { error: `${file}: cannot read deck file (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  if (bytes.includes(0)) return { error: `${file}: not a text deck file (it holds NUL bytes)` };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { error: `${file}: not a text deck file (it is not valid UTF-8)` };
  }
}

/**
 * Every problem of a deck file at once: unreadable, bad lines, unknown names (with the
 * nearest catalogue names), and every broken R7/R8 rule.
 */
export function checkDeckFile(file: string): { deck: DeckList | null; errors: string[] } {
  const read = readDeckFile(file);
  if ('error' in read) return { deck: null, errors: [read.error] };
  const { deck, errors, refusedCounts } = readDeckText(read.text, file);
  if (deck !== null) errors.push(...validateDeck(deck, CARDS, refusedCounts > 0));
  return { deck, errors };
}

/** Reads, parses and validates a deck file; throws one DeckError naming every problem. */
export function loadDeck(file: string, mode?: DeckMode): DeckList {
  const read = readDeckFile(file);
  if ('error' in read) throw new DeckError(read.error);
  const deck = parseDeck(read.text, file);
  if (mode !== undefined && mode !== deck.mode) {
    throw new DeckError(`${file}: deck is mode "${deck.mode}" but mode "${mode}" was asked`);
  }
  const errors = validateDeck(deck);
  if (errors.length > 0) throw new DeckError(`${file}: ${errors.join('; ')}`);
  return deck;
}
