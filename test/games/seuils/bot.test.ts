// The heuristic bot against uniform-random play: 2,016 seeded games, 56 per ordered pair of
// the six shipped decks, the bot's seat alternating. The issue's target is 90%. Measured at
// this commit on these seeds (SEED below, not used to tune the profile): 1,935/2,016 = 96.0%,
// 95% Wilson interval 95.0–96.8%; on two other fresh seed sets of the same size (SEED
// 1,000,000 and 2,000,000) 1,907/2,016 = 94.6% [93.5, 95.5] and 1,927/2,016 = 95.6%
// [94.6, 96.4] (src/games/seuils/README.md, "Bot"). The test asserts 90% on the point
// estimate and 93% on the interval's lower bound, under the lowest of the three (93.5%).
// About 35 s of CPU.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { SeuilsBot, seuilsBotProfiles } from '../../../src/games/seuils/bot/bot.ts';
import { seuilsMatchFromFiles } from '../../../src/games/seuils/index.ts';

/** The 95% Wilson score interval of k successes in n trials. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.959964, p = k / n, d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d, h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

const DIR = resolve(import.meta.dirname, '../../../decks/seuils');
/** First seed of the series: deck pair k (0..35) plays games SEED + 10,000k + s, random play draws from SEED + 10,000k + 5,000 + s. */
const SEED = 3_000_000;
const PER_PAIR = 56;

describe('SeuilsBot (greedy profile) against random play', () => {
  it('wins at least 90% of 2,016 seeded games over every ordered deck pair, the 95% interval above 93%', () => {
    const decks = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();
    let games = 0, wins = 0;
    const perDeck = new Int32Array(decks.length);
    const out = new Float64Array(2);
    decks.forEach((a, i) => decks.forEach((b, j) => {
      const game = seuilsMatchFromFiles(join(DIR, a), join(DIR, b));
      const bot = new SeuilsBot(game, seuilsBotProfiles().greedy!);
      const st = game.allocState();
      const legal = new Int32Array(game.maxLegalActions);
      const base = SEED + 10_000 * (decks.length * i + j);
      for (let s = 0; s < PER_PAIR; s++) {
        const seat = s % 2;
        const rng = new SeededRng(base + 5000 + s);
        game.newGame(st, base + s);
        while (!game.isTerminal(st)) game.apply(st, game.currentPlayer(st) === seat ? bot.choose(st) : legal[rng.int(game.legalActions(st, legal))]!);
        game.returns(st, out);
        games++;
        if (out[seat] === 1) {
          wins++;
          perDeck[seat === 0 ? i : j]!++;
        }
      }
    }));
    expect(games).toBe(2016);
    const [lo, hi] = wilson(wins, games);
    const pct = (x: number) => (100 * x).toFixed(1);
    console.log(`SeuilsBot greedy vs random: ${wins}/${games} = ${pct(wins / games)}% (95% Wilson ${pct(lo)}–${pct(hi)}%); by the bot's deck: ${decks.map((d, k) => `${d.replace('.deck', '')} ${perDeck[k]}/${games / decks.length}`).join(', ')}`);
    expect(wins / games).toBeGreaterThanOrEqual(0.9);
    expect(lo).toBeGreaterThanOrEqual(0.93);
  });
});
