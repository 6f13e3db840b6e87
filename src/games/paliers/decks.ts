// Paliers deck lists as plain text, and the deck rules R8/D7. Files live in decks/paliers/,
// one card per line:
//
//   # Plan: the first comment line says what the deck tries to do
//   name: Speedrun       (optional; defaults to the file's base name)
//   game: paliers        (optional; the lab refuses a deck of another game)
//   3 Sprinteuse         (count, space, exact card name)
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { T_LEVELUP, type Catalogue } from './catalogue/compile.ts';
import type { PalDeckCards } from './game.ts';
import { PAL_RULES, type PalRuleOptions } from './rules-options.ts';
import { INST } from './state.ts';

export interface PalDeckList {
  name: string;
  /** The first comment line (the deck's plan), without the '#'. */
  plan: string;
  entries: { name: string; count: number }[];
  file: string;
}

export class PalDeckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PalDeckError';
  }
}

/** Parses a deck text, collecting every bad line instead of stopping at the first. */
export function readPalDeckText(text: string, file: string, cat: Catalogue): { deck: PalDeckList; errors: string[] } {
  let name: string | undefined;
  let plan = '';
  const errors: string[] = [];
  const counts = new Map<string, number>();
  text.replace(/^\uFEFF/, '').split(/\r?\n/).forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    const hash = raw.indexOf('#');
    if (hash >= 0 && plan === '' && raw.slice(0, hash).trim() === '') plan = raw.slice(hash + 1).trim();
    const line = (hash >= 0 ? raw.slice(0, hash) : raw).normalize('NFC').replace(/\s+/g, ' ').trim();
    if (line === '') return;
    const header = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
    if (header) {
      // The lab blanks a `game:` line before this reader sees it; a file read directly keeps it.
      if (header[1]!.toLowerCase() === 'game') {
        if (header[2]!.trim() !== 'paliers') errors.push(`${where}: a deck of game "${header[2]!.trim()}", not of paliers`);
        return;
      }
      if (header[1]!.toLowerCase() !== 'name') return void errors.push(`${where}: unknown header "${header[1]}" (valid: name, game)`);
      if (name !== undefined) return void errors.push(`${where}: name given twice`);
      if (header[2]!.trim() === '') return void errors.push(`${where}: empty deck name`);
      name = header[2]!.trim();
      return;
    }
    const entry = /^(\S+) (.+)$/.exec(line);
    if (!entry) return void errors.push(`${where}: expected "<count> <card name>", got "${line}"`);
    const countText = entry[1]!, cardName = entry[2]!;
    if (!/^\d+$/.test(countText) || Number(countText) < 1) return void errors.push(`${where}: bad count "${countText}" for "${cardName}" (expected a whole number ≥ 1)`);
    if (!cat.byName.has(cardName)) return void errors.push(`${where}: unknown card "${cardName}"`);
    counts.set(cardName, (counts.get(cardName) ?? 0) + Number(countText));
  });
  const deck: PalDeckList = { name: name ?? basename(file, extname(file)), plan, entries: [...counts].map(([n, count]) => ({ name: n, count })), file };
  return { deck, errors };
}

/** Every broken deck rule (R8, D7, D28), each naming the card where there is one; [] when legal. */
export function validatePalDeck(deck: PalDeckList, cat: Catalogue, rules: PalRuleOptions = PAL_RULES): string[] {
  const label = `deck "${deck.name}"`;
  const errors: string[] = [];
  let total = 0, levelUps = 0;
  for (const e of deck.entries) {
    const id = cat.byName.get(e.name);
    if (id === undefined) {
      errors.push(`${label}: unknown card "${e.name}"`);
      continue;
    }
    total += e.count;
    if (cat.kind[id] === T_LEVELUP) levelUps += e.count;
    const own = cat.deckLimit[id]!;
    if (own > 0) {
      if (e.count > own) errors.push(`${label}: D28: ${e.count} copies of "${e.name}", its text allows ${own}`);
    } else if (cat.legendary[id] === 1) {
      if (e.count > rules.maxLegendary) errors.push(`${label}: R8: ${e.count} copies of the legendary "${e.name}", at most ${rules.maxLegendary}`);
    } else if (e.count > rules.maxCopies) errors.push(`${label}: R8: ${e.count} copies of "${e.name}", at most ${rules.maxCopies}`);
  }
  if (total < rules.deckMin) errors.push(`${label}: R8: ${total} cards, at least ${rules.deckMin}`);
  if (total > INST) errors.push(`${label}: D7: ${total} cards, the engine holds at most ${INST}`);
  if (levelUps > rules.maxLevelUps) errors.push(`${label}: R8: ${levelUps} Level Up cards, at most ${rules.maxLevelUps}`);
  if (deck.plan === '') errors.push(`${label}: the first comment line must state the deck's plan`);
  return errors;
}

/** Reads, parses and validates a deck file; throws one PalDeckError naming every problem. */
export function loadPalDeck(file: string, cat: Catalogue, rules: PalRuleOptions = PAL_RULES): PalDeckList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new PalDeckError(`${file}: cannot read deck file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const { deck, errors } = readPalDeckText(text, file, cat);
  errors.push(...validatePalDeck(deck, cat, rules));
  if (errors.length > 0) throw new PalDeckError(errors.join('; '));
  return deck;
}

/** A deck list expanded into one name per copy, in list order. */
export function palDeckCards(deck: PalDeckList): PalDeckCards {
  const cards: string[] = [];
  for (const e of deck.entries) for (let i = 0; i < e.count; i++) cards.push(e.name);
  return { name: deck.name, cards };
}
