// What every game's random-play conformance test shares around the generic harness
// (test/core/conformance.ts): the ordered pairs of its shipped decks, failures sorted by
// their tag, and the determinism check over every pair.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.ts';
import { checkDeterminism, gameSeedOf } from '../core/conformance.ts';

/** The deck files of a folder, sorted. */
export const deckFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.deck')).sort();

/** Every ordered pair of the folder's decks, each deck against itself too. */
export function orderedDeckPairs(dir: string): [string, string][] {
  const d = deckFiles(dir);
  const out: [string, string][] = [];
  for (const a of d) for (const b of d) out.push([a, b]);
  return out;
}

/** The failures whose tag (`[clone]`, `[R1]`…) is one of `tags`. */
export const tagged = (failures: readonly string[], ...tags: string[]): string[] => failures.filter((f) => tags.some((t) => f.includes(`[${t}]`)));

/** No failure: else the first eight are shown. */
export const expectNone = (l: readonly string[]): void => expect(l, l.slice(0, 8).join('\n')).toEqual([]);

/** The same game seed and bot seed give the same actions and final hash, on every ordered pair of `dir`'s decks. */
export function determinismOverPairs<S>(dir: string, match: (fileA: string, fileB: string) => Game<S>): void {
  describe('determinism', () => {
    it('the same game seed and bot seed give the same actions and final hash', () => {
      const fails: string[] = [];
      orderedDeckPairs(dir).forEach(([a, b], k) => {
        for (const f of checkDeterminism(match(join(dir, a), join(dir, b)), gameSeedOf(4000 + k, 0))) fails.push(`${a} vs ${b}: ${f}`);
      });
      expectNone(fails);
    });
  });
}
