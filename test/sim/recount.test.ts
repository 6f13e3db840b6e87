// The aggregates equal a naive recount from games.csv: per matchup, per deck, per mode, and
// pairs from consecutive rows of the same pair, compared with matchups.csv, decks.csv,
// modes.csv and summary.json.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_E, NAME_G, NAME_V, QUICK_E, QUICK_G, QUICK_V, cell, lab, parseCsv, r6, readCsv, tempDir } from './helpers.ts';

type Rec = Record<string, string>;
const rate = (k: number, n: number) => (n > 0 ? k / n : NaN);

let dir: string;
let games: Rec[];
let summary: {
  games: number;
  gamesPerPairing: number;
  decks: Record<string, unknown>[];
  matchups: Record<string, unknown>[];
  deckMatchups: Record<string, unknown>[];
  modes: Record<string, unknown>[];
  gameLength: Record<string, [number, number][]>;
};
let csv: Record<'decks' | 'matchups' | 'deckMatchups' | 'modes', { header: string[]; rows: Rec[] }>;

beforeAll(async () => {
  dir = tempDir('recount');
  const r = await lab([
    'simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--deck', QUICK_E, '--games', '200', '--seed', '31',
    '--workers', '2', '--games-csv', '--quiet', '--out', dir,
  ]);
  expect(r.status, r.stderr).toBe(0);
  games = readCsv(join(dir, 'games.csv')).rows;
  summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  csv = {
    decks: readCsv(join(dir, 'decks.csv')),
    matchups: readCsv(join(dir, 'matchups.csv')),
    deckMatchups: readCsv(join(dir, 'deck_matchups.csv')),
    modes: readCsv(join(dir, 'modes.csv')),
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Compares one expected row with its CSV row (text cells) and its summary.json row (numbers). */
function expectRow(expected: Record<string, string | number | null>, csvRow: Rec | undefined, jsonRow: Record<string, unknown> | undefined, what: string) {
  expect(csvRow, `${what}: no CSV row`).toBeDefined();
  expect(jsonRow, `${what}: no summary.json row`).toBeDefined();
  for (const [k, v] of Object.entries(expected)) {
    expect(csvRow![k], `${what}.${k} (csv)`).toBe(typeof v === 'string' ? v : cell(v));
    expect(jsonRow![k], `${what}.${k} (summary.json)`).toBe(v);
  }
}

describe('games.csv', () => {
  it('has one row per game, plain fields, both games of each pair on one seed', () => {
    const text = readFileSync(join(dir, 'games.csv'), 'utf8');
    // No field needs quoting in this run (no comma, no quote in names): a plain split agrees.
    const plain = text.trimEnd().split('\n').map((l) => l.split(','));
    expect(plain).toEqual(parseCsv(text));
    expect(games).toHaveLength(600);
    expect(summary.games).toBe(600);
    for (let i = 0; i < games.length; i += 2) {
      const [g0, g1] = [games[i]!, games[i + 1]!];
      expect([g0.game, g1.game]).toEqual(['0', '1']);
      expect(g1.pair).toBe(g0.pair);
      expect(g1.seed).toBe(g0.seed);
      expect([g0.seat0_deck, g0.seat1_deck]).toEqual([g0.deck_a, g0.deck_b]);
      expect([g1.seat0_deck, g1.seat1_deck]).toEqual([g0.deck_b, g0.deck_a]);
      for (const g of [g0, g1]) {
        expect(['0', '1', '-1']).toContain(g.winner_seat);
        expect(g.winner_deck).toBe(g.winner_seat === '-1' ? '' : g[`seat${g.winner_seat}_deck`]);
      }
    }
  });
});

describe('the aggregates equal a recount of games.csv', () => {
  it('per matchup: games, wins, draws, pairs, first-player splits', () => {
    const keys = [...new Set(games.map((g) => `${g.mode}\t${g.deck_a}\t${g.deck_b}`))];
    expect(keys.sort()).toEqual([`quick\t${NAME_G}\t${NAME_V}`, `quick\t${NAME_G}\t${NAME_E}`, `quick\t${NAME_V}\t${NAME_E}`].sort());
    expect(csv.matchups.rows).toHaveLength(3);
    expect(summary.matchups).toHaveLength(3);
    for (const key of keys) {
      const [mode, a, b] = key.split('\t') as [string, string, string];
      const rows = games.filter((g) => g.mode === mode && g.deck_a === a && g.deck_b === b);
      expect(rows.length, key).toBeGreaterThan(0);
      let winsA = 0, winsB = 0, draws = 0, aFirst = 0, aFirstWins = 0, bFirst = 0, bFirstWinsA = 0;
      for (const g of rows) {
        if (g.winner_deck === a) winsA++;
        else if (g.winner_deck === b) winsB++;
        else draws++;
        const firstDeck = g[`seat${g.first_seat}_deck`];
        if (firstDeck === a) {
          aFirst++;
          if (g.winner_deck === a) aFirstWins++;
        } else {
          bFirst++;
          if (g.winner_deck === a) bFirstWinsA++;
        }
      }
      // Pairs: consecutive rows of the same pair.
      let pairs = 0, bothA = 0, split = 0, bothB = 0, withDraw = 0;
      for (let i = 0; i < rows.length; i += 2) {
        const [x, y] = [rows[i]!, rows[i + 1]!];
        expect(y.pair).toBe(x.pair);
        pairs++;
        const side = (g: Rec) => (g.winner_deck === '' ? -1 : g.winner_deck === a ? 0 : 1);
        const [s0, s1] = [side(x), side(y)];
        if (s0 === -1 || s1 === -1) withDraw++;
        else if (s0 === 0 && s1 === 0) bothA++;
        else if (s0 === 1 && s1 === 1) bothB++;
        else split++;
      }
      expect(rows).toHaveLength(200);
      expect(bothA + split + bothB + withDraw).toBe(100);
      expect(split).toBeGreaterThan(0);
      const expected = {
        mode, deck_a: a, deck_b: b, games: rows.length, wins_a: winsA, wins_b: winsB, draws,
        wr_a: r6(rate(winsA, rows.length)),
        pairs, pairs_both_a: bothA, pairs_split: split, pairs_both_b: bothB, pairs_with_draw: withDraw,
        a_first_games: aFirst, a_first_wr_a: r6(rate(aFirstWins, aFirst)),
        b_first_games: bFirst, b_first_wr_a: r6(rate(bFirstWinsA, bFirst)),
      };
      expectRow(
        expected,
        csv.matchups.rows.find((r) => r.mode === mode && r.deck_a === a && r.deck_b === b),
        summary.matchups.find((r) => r.mode === mode && r.deck_a === a && r.deck_b === b),
        `matchup ${a} vs ${b}`,
      );
    }
  });

  it("per deck and opponent, from the deck's side: each pair twice, one deck's rows alone", () => {
    expect(csv.deckMatchups.rows).toHaveLength(6);
    expect(summary.deckMatchups).toHaveLength(6);
    expect(csv.deckMatchups.rows.filter((r) => r.deck === NAME_G).map((r) => r.opponent).sort()).toEqual([NAME_V, NAME_E].sort());
    for (const deck of [NAME_E, NAME_G, NAME_V]) {
      for (const opponent of [NAME_E, NAME_G, NAME_V].filter((d) => d !== deck)) {
        const rows = games.filter((g) => new Set([g.seat0_deck, g.seat1_deck]).size === 2 && [g.seat0_deck, g.seat1_deck].includes(deck) && [g.seat0_deck, g.seat1_deck].includes(opponent));
        let wins = 0, losses = 0, draws = 0, first = 0, firstWins = 0, second = 0, secondWins = 0;
        for (const g of rows) {
          if (g.winner_deck === deck) wins++;
          else if (g.winner_deck === opponent) losses++;
          else draws++;
          if (g[`seat${g.first_seat}_deck`] === deck) {
            first++;
            if (g.winner_deck === deck) firstWins++;
          } else {
            second++;
            if (g.winner_deck === deck) secondWins++;
          }
        }
        let bothWon = 0, split = 0, bothLost = 0, withDraw = 0;
        for (let i = 0; i < rows.length; i += 2) {
          const w = [rows[i]!.winner_deck, rows[i + 1]!.winner_deck];
          if (w.includes('')) withDraw++;
          else if (w[0] === deck && w[1] === deck) bothWon++;
          else if (w[0] === opponent && w[1] === opponent) bothLost++;
          else split++;
        }
        expect(rows).toHaveLength(200);
        expectRow(
          {
            mode: 'quick', deck, opponent, games: 200, wins, losses, draws, wr: r6(rate(wins, 200)),
            pairs: 100, pairs_both_won: bothWon, pairs_split: split, pairs_both_lost: bothLost, pairs_with_draw: withDraw,
            first_games: first, first_wr: r6(rate(firstWins, first)), second_games: second, second_wr: r6(rate(secondWins, second)),
          },
          csv.deckMatchups.rows.find((r) => r.deck === deck && r.opponent === opponent),
          summary.deckMatchups.find((r) => r.deck === deck && r.opponent === opponent),
          `${deck} vs ${opponent}`,
        );
      }
    }
  });

  it('per deck: games, wins, losses, draws, first-player games and wins, VP and turns', () => {
    const decks = [NAME_E, NAME_G, NAME_V];
    expect(csv.decks.rows.map((r) => r.deck).sort()).toEqual([...decks].sort());
    for (const deck of decks) {
      let n = 0, wins = 0, losses = 0, draws = 0, firstGames = 0, firstWins = 0, vpFor = 0, vpAgainst = 0, turns = 0;
      for (const g of games) {
        for (const seat of [0, 1]) {
          if (g[`seat${seat}_deck`] !== deck) continue;
          n++;
          const won = g.winner_seat === String(seat);
          if (won) wins++;
          else if (g.winner_seat === '-1') draws++;
          else losses++;
          if (g.first_seat === String(seat)) {
            firstGames++;
            if (won) firstWins++;
          }
          vpFor += Number(g[`vp_seat${seat}`]);
          vpAgainst += Number(g[`vp_seat${1 - seat}`]);
          turns += Number(g.turns);
        }
      }
      expect(n).toBe(400);
      expect(wins + losses + draws).toBe(n);
      expectRow(
        {
          mode: 'quick', deck, games: n, wins, losses, draws, wr: r6(rate(wins, n)),
          first_games: firstGames, first_wr: r6(rate(firstWins, firstGames)),
          vp_for: r6(rate(vpFor, n)), vp_against: r6(rate(vpAgainst, n)), mean_turns: r6(rate(turns, n)),
        },
        csv.decks.rows.find((r) => r.deck === deck),
        summary.decks.find((r) => r.deck === deck),
        `deck ${deck}`,
      );
    }
  });

  it('per mode: games, first-player wins, draws, turns, decisions, decisiveness, game lengths', () => {
    expect(csv.modes.rows).toHaveLength(1);
    let n = 0, firstWins = 0, secondWins = 0, draws = 0, turns = 0, turnsSq = 0, decisions = 0, decisive = 0;
    const hist = new Map<number, number>();
    for (const g of games) {
      n++;
      if (g.winner_seat === '-1') draws++;
      else if (g.winner_seat === g.first_seat) firstWins++;
      else secondWins++;
      const t = Number(g.turns);
      turns += t;
      turnsSq += t * t;
      hist.set(t, (hist.get(t) ?? 0) + 1);
      decisions += Number(g.decisions_seat0) + Number(g.decisions_seat1);
      if (g.winner_seat !== '-1' && Math.abs(Number(g.vp_seat0) - Number(g.vp_seat1)) >= 2) decisive++;
    }
    const mean = turns / n;
    expectRow(
      {
        mode: 'quick', games: n, first_wins: firstWins, second_wins: secondWins, draws,
        first_player_wr: r6(rate(firstWins, n)), draw_rate: r6(rate(draws, n)),
        mean_turns: r6(mean), sd_turns: r6(Math.sqrt((turnsSq - n * mean * mean) / (n - 1))),
        mean_decisions: r6(rate(decisions, n)), decisive_share: r6(rate(decisive, n - draws)),
      },
      csv.modes.rows[0],
      summary.modes[0],
      'mode quick',
    );
    expect(summary.gameLength.quick).toEqual([...hist.entries()].sort((a, b) => a[0] - b[0]));
  });
});
