// The statistics and card metrics of the reports (metrics.md) against values computed by
// hand: Wilson intervals, Newcombe's interval for a difference, and the card table (GIH WR,
// GNS WR, IWD, play, pitch and kept rates) from hand-made aggregates and hand-made games.
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/report/stats.ts';
import { C, CARD_COUNTERS, CardAccumulator, addGame, emptyAggregate, statLayout, type Aggregate, type GameResult } from '../../src/sim/aggregate.ts';
import { cardRows, deckRows, diffInterval } from '../../src/sim/metrics.ts';
import { runShard } from '../../src/sim/shard.ts';
import { loadDeck } from '../../src/games/blue-rising/decks.ts';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';

const to4 = (x: [number, number]) => x.map((v) => Math.round(v * 1e4) / 1e4);

describe('Wilson interval (95%)', () => {
  it.each([
    [0, 10, [0, 0.2775]],
    [5, 10, [0.2366, 0.7634]],
    [45, 100, [0.3561, 0.5476]],
    [10, 10, [0.7225, 1]],
    [9, 16, [0.3318, 0.769]],
  ])('k=%i, n=%i', (k, n, want) => {
    expect(to4(wilson(k, n))).toEqual(want);
  });

  it('is symmetric, never leaves [0, 1], and is NaN with no trial', () => {
    const [lo, hi] = wilson(3, 20);
    const [lo2, hi2] = wilson(17, 20);
    expect(lo2).toBeCloseTo(1 - hi, 12);
    expect(hi2).toBeCloseTo(1 - lo, 12);
    expect(wilson(0, 1)[0]).toBe(0);
    expect(wilson(1, 1)[1]).toBe(1);
    expect(wilson(0, 0).every(Number.isNaN)).toBe(true);
  });
});

describe("diffInterval (Newcombe's hybrid score interval, method 10 of Newcombe 1998)", () => {
  it.each([
    [56, 70, 48, 80, [0.0524, 0.3339]],
    [9, 10, 3, 10, [0.1705, 0.809]],
    [6, 7, 2, 7, [0.0582, 0.8062]],
    [5, 56, 0, 29, [-0.0381, 0.1926]],
    [0, 10, 0, 20, [-0.1611, 0.2775]],
    [0, 10, 0, 10, [-0.2775, 0.2775]],
    [10, 10, 0, 20, [0.6791, 1]],
  ])('%i/%i − %i/%i', (k1, n1, k2, n2, want) => {
    expect(to4(diffInterval(k1, n1, k2, n2))).toEqual(want);
  });

  it('swapping the two proportions mirrors the interval', () => {
    const [lo, hi] = diffInterval(56, 70, 48, 80);
    const [lo2, hi2] = diffInterval(48, 80, 56, 70);
    expect(lo2).toBeCloseTo(-hi, 12);
    expect(hi2).toBeCloseTo(-lo, 12);
  });
});

/** A card counter row from named values (the rest 0). */
function counters(v: Partial<Record<(typeof CARD_COUNTERS)[number], number>>): number[] {
  const r = new Array<number>(CARD_COUNTERS.length).fill(0);
  for (const [k, x] of Object.entries(v)) r[C[k as keyof typeof C]] = x!;
  return r;
}

describe('cardRows on a hand-made aggregate', () => {
  const agg: Aggregate = emptyAggregate();
  agg.cards.quick = {
    Nisqy: counters({
      seatGames: 10, deck: 20, wonDeck: 12, dealt: 8, wonDealt: 5, kept: 6, oh: 6, wonOh: 4, drawn: 10, wonDrawn: 5,
      gih: 16, wonGih: 9, gns: 4, wonGns: 1, held: 16, played: 8, wonPlayed: 6, pitched: 4, eotDiscard: 2, vpScored: 6, vpGiven: 2, setup: 3,
    }),
    'Éclaireuse des Dunes': counters({ seatGames: 4, deck: 8, wonDeck: 2, gih: 5, wonGih: 1, held: 5, played: 1, pitched: 4, dealt: 2, kept: 0 }),
    Arthur: counters({ seatGames: 2, deck: 4, wonDeck: 4, gns: 4, wonGns: 4 }),
    Yukino: counters({ seatGames: 1, deck: 2, wonDeck: 1, oh: 2, wonOh: 1, gih: 2, wonGih: 1, gns: 0 }),
    // 3 copies held, all played, two of them twice (Recovery, R41): 5 plays for 3 VP.
    'Sergent de la Garde': counters({ seatGames: 3, deck: 6, gih: 3, held: 3, played: 3, wonPlayed: 2, replays: 2, vpScored: 3 }),
  };
  const rows = cardRows(agg);
  const row = (card: string) => rows.find((r) => r.card === card)!;

  it('sorts the cards in French order (É with the E)', () => {
    expect(rows.map((r) => r.card)).toEqual(['Arthur', 'Éclaireuse des Dunes', 'Nisqy', 'Sergent de la Garde', 'Yukino']);
    expect(rows.every((r) => r.mode === 'quick')).toBe(true);
  });

  it('gives the rates computed by hand', () => {
    // Nisqy: GIH WR 9/16, GNS WR 1/4, IWD 9/16 − 1/4, play 8/16, pitch 4/16, kept 6/8.
    expect(row('Nisqy')).toMatchObject({
      seat_games: 10, copies: 20, gp_wr: 0.6, oh_wr: 0.666667, gd_wr: 0.5,
      gih_n: 16, gih_wr: 0.5625,
      gns_n: 4, gns_wr: 0.25, iwd: 0.3125,
      played: 8, play_rate: 0.5, played_wr: 0.75, pitched: 4, pitch_rate: 0.25,
      vp_per_play: 0.75, vp_given_per_play: 0.25, dealt: 8, dealt_wr: 0.625, kept_rate: 0.75, eot_discard: 2, setup: 3,
    });
    // Wilson(9, 16) by hand: centre 0.550400, half-width 0.218614.
    expect(row('Nisqy').gih_lo as number).toBeCloseTo(0.331786, 5);
    expect(row('Nisqy').gih_hi as number).toBeCloseTo(0.769014, 5);
    // Éclaireuse: GIH WR 1/5, no never-seen copy (GNS and IWD undefined), play 1/5, pitch 4/5, kept 0/2.
    expect(row('Éclaireuse des Dunes')).toMatchObject({
      gp_wr: 0.25, gih_wr: 0.2, gns_n: 0, gns_wr: null, iwd: null, iwd_lo: null, iwd_hi: null,
      play_rate: 0.2, pitch_rate: 0.8, kept_rate: 0, oh_wr: null, gd_wr: null, vp_per_play: 0,
    });
    // Arthur: never in hand: GIH WR, play and pitch rates undefined; GNS WR 4/4.
    expect(row('Arthur')).toMatchObject({ gih_n: 0, gih_wr: null, gih_lo: null, gih_hi: null, gns_wr: 1, iwd: null, play_rate: null, pitch_rate: null, kept_rate: null });
    expect(row('Yukino')).toMatchObject({ gih_wr: 0.5, oh_wr: 0.5, gns_wr: null });
  });

  it('counts a replayed copy once in the play rate, and every play in VP per play', () => {
    expect(row('Sergent de la Garde')).toMatchObject({ held: 3, played: 3, replays: 2, play_rate: 1, played_wr: 0.666667, vp_per_play: 0.6 });
  });

  it('gives IWD an interval around it (Newcombe, GIH minus GNS)', () => {
    const n = row('Nisqy');
    const [lo, hi] = diffInterval(9, 16, 1, 4);
    expect(n.iwd_lo).toBeCloseTo(lo, 6);
    expect(n.iwd_hi).toBeCloseTo(hi, 6);
    expect(n.iwd_lo as number).toBeLessThan(0.3125);
    expect(n.iwd_hi as number).toBeGreaterThan(0.3125);
  });
});

describe('addGame + cardRows on hand-made games', () => {
  const FIELDS = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven', 'firstSeenTurn'];
  const lay = statLayout(FIELDS, ['Alpha', 'Beta'], ['kill', 'environment', 'exhaustion', 'other']);
  type Stats = Partial<Record<string, number>>;
  /** cardStats of a game: [seat][kind] → named fields. */
  function stats(s: [[Stats, Stats], [Stats, Stats]]): Int32Array {
    const out = new Int32Array(2 * 2 * FIELDS.length);
    s.forEach((bySeat, seat) => bySeat.forEach((f, kind) => {
      for (const [k, v] of Object.entries(f)) out[(seat * 2 + kind) * FIELDS.length + FIELDS.indexOf(k)] = v!;
    }));
    return out;
  }
  const game = (winner: number, first: number, turns: number, vp: [number, number], cardStats: Int32Array): GameResult => ({
    mode: 'quick', decks: ['X', 'Y'], sideOfSeat0: 0, winner, first, turns, vp, decisions: [50, 50],
    vpSources: new Int32Array([vp[0], 0, 0, 0, vp[1], 0, 0, 0]), cardStats, leadChanges: 0,
  });

  const agg = emptyAggregate();
  const acc = new CardAccumulator(lay);
  // Game 1: seat 0 (X) wins. X holds 2 Alpha: 1 at setup, 1 in the opening hand, played, 2 VP.
  // Y holds 2 Alpha, drawn 3 times (a reshuffle), one played and two pitched; 1 Beta never seen.
  addGame(agg, acc, game(0, 0, 10, [3, 1], stats([
    [{ deck: 2, setup: 1, dealt: 1, kept: 1, oh: 1, played: 1, vpScored: 2, firstSeenTurn: 1 }, {}],
    [{ deck: 2, dealt: 2, kept: 0, drawn: 3, played: 1, pitched: 2, vpGiven: 1 }, { deck: 1 }],
  ])), { a: 'X', b: 'Y' });
  // Game 2: a draw at the turn cap. X: 2 Alpha, 1 kept in the opening hand and pitched, 1 never seen.
  // Y: 1 Beta, dealt, kept and played.
  addGame(agg, acc, game(-1, 1, 200, [0, 0], stats([
    [{ deck: 2, dealt: 1, kept: 1, oh: 1, pitched: 1 }, {}],
    [{}, { deck: 1, dealt: 1, kept: 1, oh: 1, played: 1 }],
  ])), { a: 'X', b: 'Y' });
  acc.foldInto(agg, 'quick');
  const rows = cardRows(agg);
  const row = (card: string) => rows.find((r) => r.card === card)!;

  it('sums per copy over (game, seat), a draw counting as not won', () => {
    // Alpha: in hand 1 + 3 + 1 = 5 (won 1); never seen: max(0, 2−1−1−0) + max(0, 2−0−0−3) + max(0, 2−0−1−0) = 1 (won 0).
    expect(row('Alpha')).toMatchObject({
      seat_games: 3, copies: 6, gp_wr: 0.333333, oh_wr: 0.5, gd_wr: 0,
      gih_n: 5, gih_wr: 0.2, gns_n: 1, gns_wr: 0, iwd: 0.2,
      played: 2, play_rate: 0.4, played_wr: 0.5, pitched: 3, pitch_rate: 0.6,
      vp_per_play: 1, vp_given_per_play: 0.5, dealt: 4, dealt_wr: 0.25, kept_rate: 0.5, setup: 1,
    });
    // Beta: never seen in game 1 (lost), in hand and played in game 2 (a draw).
    expect(row('Beta')).toMatchObject({
      seat_games: 2, copies: 2, gp_wr: 0, gih_n: 1, gih_wr: 0, gns_n: 1, gns_wr: 0, iwd: 0, gd_wr: null,
      play_rate: 1, pitch_rate: 0, kept_rate: 1, dealt: 1,
    });
    expect(agg.cards.quick!.Alpha![C.drawnGames]).toBe(2);
  });

  it('counts the draw on its own in the deck table', () => {
    const d = deckRows(agg);
    expect(d.map((r) => [r.deck, r.games, r.wins, r.losses, r.draws, r.first_games, r.first_wr])).toEqual([
      ['X', 2, 1, 0, 1, 1, 1],
      ['Y', 2, 0, 1, 1, 1, 0],
    ]);
  });
});

describe('play rate over many games', () => {
  // The engine's fields: a copy played counts once in played; replays and held (in hand after
  // the mulligans, or kept) on their own.
  const FIELDS = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven', 'firstSeenTurn', 'replays', 'held'];
  const lay = statLayout(FIELDS, ['Sergent de la Garde'], ['kill', 'environment', 'exhaustion', 'other']);
  const game = (seat0: Record<string, number>): GameResult => {
    const cardStats = new Int32Array(2 * FIELDS.length);
    for (const [k, v] of Object.entries(seat0)) cardStats[FIELDS.indexOf(k)] = v;
    return { mode: 'quick', decks: ['X', 'Y'], sideOfSeat0: 0, winner: 0, first: 0, turns: 12, vp: [3, 0], decisions: [9, 9], vpSources: new Int32Array(8), cardStats, leadChanges: 0 };
  };
  it('stays at most 1 when copies come back to hand and are played again', () => {
    const agg = emptyAggregate();
    const acc = new CardAccumulator(lay);
    // 100 games: 2 copies, one drawn and played three times (twice back by Recovery); one at
    // setup, back in hand by Recovery and played once: held but neither kept nor drawn.
    for (let i = 0; i < 100; i++) addGame(agg, acc, game({ deck: 2, setup: 1, drawn: 1, played: 2, replays: 2, held: 2, vpScored: 2 }), { a: 'X', b: 'Y' });
    acc.foldInto(agg, 'quick');
    const r = cardRows(agg)[0]!;
    expect(r).toMatchObject({ gih_n: 100, held: 200, played: 200, replays: 200, play_rate: 1, vp_per_play: 0.5 });
  });
});

describe('play rate of real games', () => {
  it('is at most 1 for every card, Sergent de la Garde (replayed after Recovery) included', () => {
    const files = ['decks/quick-rage-rush.deck', 'decks/quick-gardiens.deck'];
    const decks = files.map((f) => loadDeck(join(ROOT, f)));
    const res = runShard({
      shardIndex: 0, game: 'blue-rising', mode: 'quick', decks: [decks[0], decks[1]], deckNames: [decks[0]!.name, decks[1]!.name],
      bots: ['heuristic', 'heuristic'], arm: '', masterSeed: 7, pairingKey: 1, pairStart: 0, pairCount: 150, wantRows: false,
    });
    const rows = cardRows(res.agg);
    const sergent = rows.find((r) => r.card === 'Sergent de la Garde')!;
    // The copies come back to hand and are played again: replays, yet a rate.
    expect(sergent.replays as number).toBeGreaterThan(50);
    expect(sergent.play_rate as number).toBeGreaterThan(0.5);
    expect(rows.filter((r) => (r.play_rate as number) > 1).map((r) => r.card)).toEqual([]);
    expect(rows.every((r) => (r.played as number) <= (r.held as number))).toBe(true);
  });
});
