// Diplomatie deck lists as plain text, and the deck rules R6/D6. Files live in
// decks/diplomatie/ (apart from Blue Rising's), one card per line:
//
//   # Plan: the first comment line says what the deck tries to do
//   name: Meute          (optional; defaults to the file's base name)
//   3 Loup               (count, space, exact card name)
//
// Diplomacy cards (type diplomacy) form the Diplomacy deck; every other card the main deck.
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Catalogue } from './catalogue/compile.ts';
import { T_DIPLOMACY } from './catalogue/compile.ts';
import type { DipDeckCards } from './game.ts';
import { DIP_RULES, type DipRuleOptions } from './rules-options.ts';

export interface DipDeckList {
  name: string;
  /** The first comment line (the deck's plan), without the '#'. */
  plan: string;
  entries: { name: string; count: number }[];
  file: string;
}

export class DipDeckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DipDeckError';
  }
}

/** Parses a deck text, collecting every bad line instead of stopping at the first. */
export function readDipDeckText(text: string, file: string, cat: Catalogue): { deck: DipDeckList | null; errors: string[] } {
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
      // "game: diplomatie" says which game the file is for (the lab refuses it for another game).
      if (header[1]!.toLowerCase() === 'game' && header[2]!.trim() === 'diplomatie') return;
      if (header[1]!.toLowerCase() !== 'name') return void errors.push(`${where}: unknown header "${header[1]}" (valid: name, game)`);
      if (name !== undefined) return void errors.push(`${where}: name given twice`);
      if (header[2]!.trim() === '') return void errors.push(`${where}: empty deck name`);
      name = header[2]!.trim();
      return;
    }
    const entry = /^(\S+) (.+)$/.exec(line);
    if (!entry) return void errors.push(`${where}: expected "<count> <card name>", got "${line}"`);
    const [, countText, cardName] = entry as unknown as [string, string, string];
    if (!/^\d+$/.test(countText) || Number(countText) < 1) return void errors.push(`${where}: bad count "${countText}" for "${cardName}" (expected a whole number ≥ 1)`);
    if (!cat.byName.has(cardName)) return void errors.push(`${where}: unknown card "${cardName}"`);
    counts.set(cardName, (counts.get(cardName) ?? 0) + Number(countText));
  });
  const deck: DipDeckList = { name: name ?? basename(file, extname(file)), plan, entries: [...counts].map(([n, count]) => ({ name: n, count })), file };
  return { deck, errors };
}

/** Every broken deck rule (R6, D6), each naming the card where there is one; [] when legal. */
export function validateDipDeck(deck: DipDeckList, cat: Catalogue, rules: DipRuleOptions = DIP_RULES): string[] {
  const label = `deck "${deck.name}"`;
  const errors: string[] = [];
  let main = 0, dip = 0;
  for (const e of deck.entries) {
    const id = cat.byName.get(e.name);
    if (id === undefined) {
      errors.push(`${label}: unknown card "${e.name}"`);
      continue;
    }
    if (cat.type[id] === T_DIPLOMACY) dip += e.count;
    else main += e.count;
    if (rules.maxCopies > 0 && e.count > rules.maxCopies) errors.push(`${label}: D6: ${e.count} copies of "${e.name}", at most ${rules.maxCopies}`);
  }
  if (main !== rules.deckSize) errors.push(`${label}: R6: ${main} main-deck cards, a deck has exactly ${rules.deckSize}`);
  if (dip !== rules.diplomacyDeckSize) errors.push(`${label}: R6: ${dip} Diplomacy cards, the Diplomacy deck has exactly ${rules.diplomacyDeckSize}`);
  if (deck.plan === '') errors.push(`${label}: the first comment line must state the deck's plan`);
  return errors;
}

/** Reads, parses and validates a deck file; throws one DipDeckError naming every problem. */
export function loadDipDeck(file: string, cat: Catalogue, rules: DipRuleOptions = DIP_RULES): DipDeckList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new DipDeckError(`${file}: cannot read deck file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const { deck, errors } = readDipDeckText(text, file, cat);
  if (deck !== null) errors.push(...validateDipDeck(deck, cat, rules));
  if (errors.length > 0 || deck === null) throw new DipDeckError(errors.join('; '));
  return deck;
}

/** A deck list expanded into its main and Diplomacy decks, one name per copy, in list order. */
export function dipDeckCards(deck: DipDeckList, cat: Catalogue): DipDeckCards {
  const main: string[] = [];
  const diplomacy: string[] = [];
  for (const e of deck.entries) {
    const to = cat.type[cat.byName.get(e.name)!] === T_DIPLOMACY ? diplomacy : main;
    for (let i = 0; i < e.count; i++) to.push(e.name);
  }
  return { name: deck.name, main, diplomacy };
}
