// Paliers deals from the shared seat streams (src/core/seeds.ts): a deck gets the same shuffle
// whichever seat it sits in, and the two seats of a mirror match get different ones.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palMatchFromFiles } from '../../../src/games/paliers/index.ts';
import { zoneNames } from '../../../src/games/paliers/scenario.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/paliers');
const files = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort().map((f) => join(DIR, f));

describe('paliers: seat streams', () => {
  it('the same deck gets the same shuffle whichever seat it sits in', () => {
    const a = palMatchFromFiles(files[0]!, files[1]!), b = palMatchFromFiles(files[1]!, files[0]!);
    const sa = a.allocState(), sb = b.allocState();
    a.newGame(sa, 11);
    b.newGame(sb, 11);
    const deckA = zoneNames({ game: a, st: sa } as never, 0, 'deck');
    const deckB = zoneNames({ game: b, st: sb } as never, 1, 'deck');
    expect(deckA.length).toBeGreaterThan(20);
    // The opening hands come off the top: compare the bottom 20.
    expect(deckA.slice(0, 20)).toEqual(deckB.slice(0, 20));
  });

  it('a mirror match deals the two seats different orders', () => {
    const g = palMatchFromFiles(files[0]!, files[0]!);
    const st = g.allocState();
    g.newGame(st, 11);
    const cards = (p: number) => [...zoneNames({ game: g, st } as never, p, 'deck'), ...zoneNames({ game: g, st } as never, p, 'hand')];
    expect([...cards(0)].sort()).toEqual([...cards(1)].sort());
    expect(cards(0)).not.toEqual(cards(1));
  });
});
