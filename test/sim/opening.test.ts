// The nightly's opening variants and fix screen, sized from its games: the arms a game's
// declaration makes (the base's knobs kept under each variant's), the modes it is asked in, and
// the games a pairing that a share of the base arm's games buys.
import { describe, expect, it } from 'vitest';
import { gameModule } from '../../src/games/registry.ts';
import { fixGamesOf } from '../../src/cli/commands/fix.ts';
import { openingArms, openingModes, variantGames } from '../../src/sim/opening.ts';
import type { RunSpec, SideSpec } from '../../src/sim/run.ts';

const side = (mode: string, name: string) => ({ mode, name, deck: { entries: [] } }) as unknown as SideSpec;
const spec = (modes: string[], perMode: number, games: number): RunSpec => ({
  game: 'blue-rising', modes, sides: modes.flatMap((m) => Array.from({ length: perMode }, (_, i) => side(m, `${m}-${i}`))),
  bots: ['heuristic', 'heuristic'], gamesPerPairing: games, seed: 1, arms: [{ label: 'base' }], workers: 1, wantRows: false,
});

describe('opening variants', () => {
  const opening = gameModule('blue-rising').rules.opening!;

  it('Blue Rising declares its variants and a sweep, asked of standard games; the other games declare none', () => {
    expect(opening.variants.map((v) => v.name)).toEqual(['no-turn-1-attack', 'first-draws-4', 'no-turn-1-attack-first-draws-4']);
    expect(opening.sweep).toEqual({ rule: 'secondPlayerResources', values: [1, 2] });
    for (const g of ['diplomatie', 'paliers', 'seuils']) expect(gameModule(g).rules.opening).toBeUndefined();
  });

  it('the base, each variant and each sweep value, over the base\'s own knobs and cards', () => {
    const arms = openingArms(opening, { label: 'base', variant: { cards: 'C', rules: { turnCap: 50 } } });
    expect(arms.map((a) => a.label)).toEqual(['base', 'no-turn-1-attack', 'first-draws-4', 'no-turn-1-attack-first-draws-4', 'secondPlayerResources=1', 'secondPlayerResources=2']);
    expect(arms[0]!.variant).toEqual({ cards: 'C', rules: { turnCap: 50 } });
    expect(arms[3]!.variant).toEqual({ cards: 'C', rules: { turnCap: 50, firstTurnAttack: false, openingDraw: [4, 5] } });
    expect(arms[5]!.variant).toEqual({ cards: 'C', rules: { turnCap: 50, secondPlayerResources: 2 } });
  });

  it('asks the declared modes the run has, else every mode of the run', () => {
    expect(openingModes(opening, ['quick', 'standard'])).toEqual(['standard']);
    expect(openingModes(opening, ['quick'])).toEqual(['quick']);
  });

  it('a share of the base arm\'s games over the arms and the pairings asked: the nightly\'s 66 a pairing', () => {
    // The nightly: 8 decks a mode, both modes (56 pairings), 2,000 games a pairing; 6 arms over the 28 standard pairings.
    expect(variantGames(spec(['quick', 'standard'], 8, 2000), ['standard'], 6, 0.1)).toBe(66);
    expect(variantGames(spec(['quick'], 8, 60), ['quick'], 6, 0.2)).toBe(2);
    expect(variantGames(spec(['quick'], 2, 10), ['quick'], 6, 0.01)).toBe(2); // at least one seed pair
  });
});

describe('fix screen games', () => {
  it('a card\'s budget over 6 values and the pairings its holders play', () => {
    // 8 decks, one holds the card: 7 pairings; two hold it: 13.
    expect(fixGamesOf(5600, 8, 1)).toBe(132);
    expect(fixGamesOf(5600, 8, 2)).toBe(70);
    expect(fixGamesOf(10, 8, 2)).toBe(2);
  });
});
