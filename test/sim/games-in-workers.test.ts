// Every game of the registry plays in the simulation's workers, which run a bundle
// (src/sim/worker-bundle.ts): data a game reads at run time by a path next to its source
// (import.meta.url, import.meta.dirname) is not there, so this runs each game's heuristic
// bot through one worker, two games of its first two decks of its default mode.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDeckFile } from '../../src/core/module.ts';
import { GAME_MODULES } from '../../src/games/registry.ts';
import { lab, tempDir } from './helpers.ts';

describe('every registered game in the worker bundle', () => {
  for (const m of Object.values(GAME_MODULES)) {
    it(`${m.id}: simulate with its ${m.heuristic ? 'heuristic' : 'random'} bot in one worker`, async () => {
      const decks = readdirSync(m.deckFolder).filter((f) => f.endsWith('.deck')).sort().map((f) => join(m.deckFolder, f))
        .filter((f) => loadDeckFile(m, f).mode === m.defaultMode).slice(0, 2);
      expect(decks.length).toBe(2);
      const out = tempDir(`workers-${m.id}`);
      const bots = m.heuristic ? 'heuristic,heuristic' : 'random,random';
      const r = await lab(['simulate', '--game', m.id, '--mode', m.defaultMode, '--deck', ...decks, '--bots', bots, '--games', '2', '--seed', '3', '--workers', '1', '--quiet', '--out', out]);
      expect([r.status, r.stderr]).toEqual([0, '']);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { game: string; games: number };
      expect([summary.game, summary.games]).toEqual([m.id, 2]);
    });
  }
});
