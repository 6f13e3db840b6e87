// The heuristic bot against uniform random play: at least 95% wins over 400 seeded games,
// both profiles, every deck, both seats (these 400 games gave 390 wins: 195 aggro, 195 control).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng, mixSeed } from '../../../src/core/rng.ts';
import { PalBot } from '../../../src/games/paliers/bot/bot.ts';
import { loadProfile, ProfileError } from '../../../src/games/paliers/bot/profile.ts';
import { palMatchFromFiles } from '../../../src/games/paliers/index.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/paliers');
const files = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();

function play(games: number): { wins: number; games: number; byProfile: Record<string, number> } {
  let wins = 0, n = 0;
  const byProfile: Record<string, number> = {};
  const profiles = [loadProfile('aggro'), loadProfile('control')];
  for (let i = 0; i < games; i++) {
    const a = files[i % files.length]!, b = files[(i * 3 + 1) % files.length]!;
    const game = palMatchFromFiles(join(DIR, a), join(DIR, b));
    const pr = profiles[i % 2]!;
    const bot = new PalBot(game, pr);
    const seat = (i >> 1) % 2;
    const st = game.allocState();
    game.newGame(st, mixSeed(77, i));
    const rng = new SeededRng(mixSeed(78, i));
    const buf = new Int32Array(game.maxLegalActions);
    while (!game.isTerminal(st)) {
      const act = game.currentPlayer(st) === seat ? bot.choose(st) : buf[rng.int(game.legalActions(st, buf))]!;
      game.apply(st, act);
    }
    n++;
    if (game.outcome(st)!.winner === seat) {
      wins++;
      byProfile[pr.name] = (byProfile[pr.name] ?? 0) + 1;
    }
  }
  return { wins, games: n, byProfile };
}

describe('PalBot against random', () => {
  it('wins at least 95% of 400 seeded games (both profiles, every deck, both seats)', () => {
    const r = play(400);
    expect(r.games).toBe(400);
    expect(r.wins / r.games, JSON.stringify(r)).toBeGreaterThanOrEqual(0.95);
    expect(r.byProfile.aggro! / 200).toBeGreaterThanOrEqual(0.93);
    expect(r.byProfile.control! / 200).toBeGreaterThanOrEqual(0.93);
  });
  it('a profile missing a verb weight is refused, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'palbot-'));
    const p = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../src/games/paliers/bot/profiles/aggro.json'), 'utf8'));
    delete p.verbs.draw;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(p));
    expect(() => loadProfile('bad', dir)).toThrow(ProfileError);
    expect(() => loadProfile('bad', dir)).toThrow(/bad.json: verbs.draw: expected a number/);
  });
  it('a profile whose combat habit is not a boolean is refused, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'palbot-'));
    const p = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../src/games/paliers/bot/profiles/control.json'), 'utf8'));
    p.attackWhenSafe = 'yes';
    writeFileSync(join(dir, 'odd.json'), JSON.stringify(p));
    expect(() => loadProfile('odd', dir)).toThrow(/odd.json: attackWhenSafe: expected true or false/);
  });
});
