// The catalogue's front door: the cards, lookup by exact name, and spelling suggestions
// for error messages (card names are French: accents and case are the usual typos).
import type { CardDef } from './schema.ts';
import { CARDS } from './cards.ts';

export { CARDS };

const BY_NAME = new Map<string, CardDef>(CARDS.map((c) => [c.name, c]));

/** The card with exactly this name (accents and case matter), or undefined. */
export function cardByName(name: string): CardDef | undefined {
  return BY_NAME.get(name);
}

/** Folds a name for comparison only: no accents, lower case, typographic apostrophes made plain. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Up to `k` catalogue names closest to `name` by edit distance on folded names. Only
 * plausible ones: within ~40% of the length, or containing / contained in the query
 * (so "Academie" finds "L'Académie de l'Etoile Bleue").
 */
export function nearestNames(name: string, k = 3, cards: readonly CardDef[] = CARDS): string[] {
  const q = foldName(name);
  if (q === '') return [];
  const limit = Math.max(2, Math.ceil(q.length * 0.4));
  const scored: { name: string; d: number }[] = [];
  for (const c of cards) {
    const f = foldName(c.name);
    let d = editDistance(q, f);
    if (d > limit && q.length >= 3 && (f.includes(q) || q.includes(f))) d = limit;
    if (d <= limit) scored.push({ name: c.name, d });
  }
  scored.sort((x, y) => x.d - y.d || x.name.localeCompare(y.name, 'fr'));
  return scored.slice(0, k).map((s) => s.name);
}
