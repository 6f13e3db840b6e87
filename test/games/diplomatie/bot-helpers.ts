// Plays Diplomatie games between bots over the shipped decks, built directly through the
// game module (not the command line), for the bot and search tests.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Bot } from '../../../bots/bot.ts';
import type { Diplomatie } from '../../../src/games/diplomatie/game.ts';
import { dipMatchFromFiles } from '../../../src/games/diplomatie/index.ts';
import { END_PD, END_PV, O_END, O_WINNER, type DipState } from '../../../src/games/diplomatie/state.ts';

export const DECK_DIR = fileURLToPath(new URL('../../../decks/diplomatie/', import.meta.url));
export const DECKS = readdirSync(DECK_DIR).filter((f) => f.endsWith('.deck')).sort();

const matches = new Map<string, Diplomatie>();
/** The game for deck files a (seat 0) and b (seat 1), built once per pair. */
export function match(a: string, b: string): Diplomatie {
  const key = `${a}|${b}`;
  let g = matches.get(key);
  if (!g) {
    g = dipMatchFromFiles(DECK_DIR + a, DECK_DIR + b);
    matches.set(key, g);
  }
  return g;
}

export interface Tally {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  /** Wins by PD (the Diplomacy condition) and by bringing the opponent to 0 PV. */
  pdWins: number;
  pvWins: number;
}

/**
 * Plays `games` games of bot `hero` against `villain`, seats swapped in pairs (game 2k:
 * hero in seat 0, game 2k + 1: seat 1, same seed and decks), the hero's deck and the
 * villain's deck in rotation over the shipped decks.
 */
export function playSeries(games: number, hero: (g: number) => Bot<DipState>, villain: (g: number) => Bot<DipState>, seedBase = 1): Tally {
  const t: Tally = { games: 0, wins: 0, losses: 0, draws: 0, pdWins: 0, pvWins: 0 };
  const legal = new Int32Array(2048);
  for (let g = 0; g < games; g++) {
    const pair = g >> 1, heroSeat = g & 1;
    const dh = DECKS[pair % DECKS.length]!, dv = DECKS[Math.floor(pair / DECKS.length) % DECKS.length]!;
    const game = heroSeat === 0 ? match(dh, dv) : match(dv, dh);
    const st = game.allocState();
    game.newGame(st, seedBase * 100_003 + pair);
    const h = hero(g), v = villain(g);
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      const bot = game.currentPlayer(st) === heroSeat ? h : v;
      game.apply(st, bot.choose(game, st, legal, n));
    }
    t.games++;
    const w = st.w[O_WINNER]!;
    if (w === heroSeat) {
      t.wins++;
      if (st.w[O_END] === END_PD) t.pdWins++;
      else if (st.w[O_END] === END_PV) t.pvWins++;
    } else if (w === 1 - heroSeat) t.losses++;
    else t.draws++;
  }
  return t;
}
