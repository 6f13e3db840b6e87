// Seuils deck lists as plain text, and the deck rules D5/D27. Files live in decks/seuils/,
// one card per line:
//
//   # Plan: the first comment line says what the deck tries to do
//   name: Cendres        (optional; defaults to the file's base name)
//   game: seuils         (optional; the lab refuses a deck of another game)
//   faction: Ordre des Cendres   (R7: the faction card, outside the main deck)
//   4 Braise             (count, space, exact card name)
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { T_FACTION, T_RESOURCE, type Catalogue } from './catalogue/compile.ts';
import type { SeuilsDeckCards } from './game.ts';
import { SEUILS_RULES, type SeuilsRuleOptions } from './rules-options.ts';
import { MAIN_MAX } from './state.ts';

export interface SeuilsDeckList {
  name: string;
  /** The first comment line (the deck's plan), without the '#'. */
  plan: string;
  faction: string;
  entries: { name: string; count: number }[];
  file: string;
}

export class SeuilsDeckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeuilsDeckError';
  }
}

/** Parses a deck text, collecting every bad line instead of stopping at the first. */
export function readSeuilsDeckText(text: string, file: string, cat: Catalogue): { deck: SeuilsDeckList; errors: string[] } {
  let name: string | undefined;
  let faction = '';
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
      const key = header[1]!.toLowerCase(), value = header[2]!.trim();
      // The lab blanks a `game:` line before this reader sees it; a file read directly keeps it.
      if (key === 'game') return void (value !== 'seuils' && errors.push(`${where}: a deck of game "${value}", not of seuils`));
      if (key !== 'name' && key !== 'faction') return void errors.push(`${where}: unknown header "${header[1]}" (valid: name, faction, game)`);
      if (value === '') return void errors.push(`${where}: empty ${key}`);
      if (key === 'name') {
        if (name !== undefined) return void errors.push(`${where}: name given twice`);
        name = value;
        return;
      }
      if (faction !== '') return void errors.push(`${where}: faction given twice (a deck has one faction card, R7)`);
      const id = cat.byName.get(value);
      if (id === undefined) return void errors.push(`${where}: unknown card "${value}"`);
      if (cat.type[id] !== T_FACTION) return void errors.push(`${where}: "${value}" is not a faction card`);
      faction = value;
      return;
    }
    const entry = /^(\S+) (.+)$/.exec(line);
    if (!entry) return void errors.push(`${where}: expected "<count> <card name>", got "${line}"`);
    const [, countText, cardName] = entry as unknown as [string, string, string];
    if (!/^\d+$/.test(countText) || Number(countText) < 1) return void errors.push(`${where}: bad count "${countText}" for "${cardName}" (expected a whole number ≥ 1)`);
    const id = cat.byName.get(cardName);
    if (id === undefined) return void errors.push(`${where}: unknown card "${cardName}"`);
    if (cat.type[id] === T_FACTION) return void errors.push(`${where}: "${cardName}" is a faction: give it as "faction: ${cardName}" (D5)`);
    counts.set(cardName, (counts.get(cardName) ?? 0) + Number(countText));
  });
  const deck: SeuilsDeckList = { name: name ?? basename(file, extname(file)), plan, faction, entries: [...counts].map(([n, count]) => ({ name: n, count })), file };
  return { deck, errors };
}

/** Every broken deck rule (D5, D27), each naming the card or faction; [] when legal. */
export function validateSeuilsDeck(deck: SeuilsDeckList, cat: Catalogue, rules: SeuilsRuleOptions = SEUILS_RULES): string[] {
  const label = `deck "${deck.name}"`;
  const errors: string[] = [];
  let main = 0, resources = 0;
  for (const e of deck.entries) {
    const id = cat.byName.get(e.name);
    if (id === undefined) {
      errors.push(`${label}: unknown card "${e.name}"`);
      continue;
    }
    main += e.count;
    if (cat.type[id] === T_RESOURCE) {
      resources += e.count;
    }
    if (rules.maxCopies > 0 && e.count > rules.maxCopies) errors.push(`${label}: D5: ${e.count} copies of "${e.name}", at most ${rules.maxCopies}`);
  }
  if (deck.faction === '') errors.push(`${label}: R7: no faction card (a "faction:" line)`);
  if (main < rules.minDeckSize) errors.push(`${label}: D5: ${main} main-deck cards, at least ${rules.minDeckSize}`);
  if (main > MAIN_MAX) errors.push(`${label}: ${main} main-deck cards, the engine holds at most ${MAIN_MAX}`);
  if (deck.faction !== '' && rules.checkStartingResources) {
    const line = cat.startRes[cat.byName.get(deck.faction)!]!;
    if (resources < line) errors.push(`${label}: D27: faction "${deck.faction}" starts with ${line} resources, the deck holds ${resources}`);
  }
  if (deck.plan === '') errors.push(`${label}: the first comment line must state the deck's plan`);
  return errors;
}

/** Reads, parses and validates a deck file; throws one SeuilsDeckError naming every problem. */
export function loadSeuilsDeck(file: string, cat: Catalogue, rules: SeuilsRuleOptions = SEUILS_RULES): SeuilsDeckList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SeuilsDeckError(`${file}: cannot read deck file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const { deck, errors } = readSeuilsDeckText(text, file, cat);
  errors.push(...validateSeuilsDeck(deck, cat, rules));
  if (errors.length > 0) throw new SeuilsDeckError(errors.join('; '));
  return deck;
}

/** A deck list expanded into its faction and main deck, one name per copy, in list order. */
export function seuilsDeckCards(deck: SeuilsDeckList): SeuilsDeckCards {
  const main: string[] = [];
  for (const e of deck.entries) for (let i = 0; i < e.count; i++) main.push(e.name);
  return { name: deck.name, faction: deck.faction, main };
}
