// A small hand-made results folder (summary.json + manifest.json of a `lab simulate --mode both`
// run, in the shapes src/sim/metrics.ts writes; as in runAndWrite, `decks` and `modes` hold the tables), with known flags: Nisqy's GIH WR 61.2%
// [59.8, 62.6] and IWD above the band (describing only), its deck-adjusted effect and IWD by turn
// 4 above, Arthur's effect below, Glance's outside but not kept by BH, a deck above, and a
// matchup cell under 30 games.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { twoSidedP, wilson, Z95 } from '../../src/report/stats.ts';

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

function card(mode: string, name: string, k: number, n: number, iwd: [number, number, number] | null, gns: number, play: number, pitch: number,
  adj: [number, number, number] = [0, -0.03, 0.03], turn4?: [number, number, number]) {
  const [lo, hi] = wilson(k, n);
  const se = (adj[2] - adj[1]) / (2 * Z95);
  return {
    adj_effect: adj[0], adj_lo: adj[1], adj_hi: adj[2], adj_p: Number(twoSidedP(adj[0] / se).toPrecision(6)), adj_n_present: 500, adj_n_absent: 500,
    ...(turn4 ? { iwd_adj_by_turn_4: turn4[0], iwd_adj_by_turn_4_lo: turn4[1], iwd_adj_by_turn_4_hi: turn4[2], iwd_adj_by_turn_4_p: 0.001 } : {}),
    mode, card: name, seat_games: 1000, copies: 2000, gp_wr: r6(k / n), oh_wr: r6(k / n), gd_wr: r6(k / n), gih_n: n, gih_wr: r6(k / n), gih_lo: r6(lo), gih_hi: r6(hi),
    gns_n: gns, gns_wr: iwd ? r6(k / n - iwd[0]) : null, iwd: iwd ? iwd[0] : null, iwd_lo: iwd ? iwd[1] : null, iwd_hi: iwd ? iwd[2] : null,
    played: Math.round(play * n), play_rate: play, played_wr: 0.5, pitched: Math.round(pitch * n), pitch_rate: pitch, vp_per_play: 0.1, vp_given_per_play: 0.1,
    dealt: 100, dealt_wr: 0.5, kept_rate: 0.5, eot_discard: 10, setup: 0, iwd_by_turn_2: 0, iwd_by_turn_4: 0,
  };
}

function deck(mode: string, name: string, wins: number, games: number, draws = 0) {
  const [lo, hi] = wilson(wins, games);
  return { mode, deck: name, games, wins, losses: games - wins - draws, draws, wr: r6(wins / games), wr_lo: r6(lo), wr_hi: r6(hi), first_games: games / 2, first_wr: 0.5, vp_for: 2, vp_against: 2, mean_turns: 18 };
}

/** A matchup row: a wins a1 of n1 when moving first, a2 of n2 when b moves first. */
function matchup(mode: string, a: string, b: string, a1: number, n1: number, a2: number, n2: number, draws = 0) {
  const games = n1 + n2, winsA = a1 + a2;
  const [lo, hi] = wilson(winsA, games);
  return {
    mode, deck_a: a, deck_b: b, games, wins_a: winsA, wins_b: games - winsA - draws, draws, wr_a: r6(winsA / games), wr_a_lo: r6(lo), wr_a_hi: r6(hi),
    pairs: games / 2, pairs_both_a: 0, pairs_split: 0, pairs_both_b: 0, pairs_with_draw: 0,
    a_first_games: n1, a_first_wr_a: r6(a1 / n1), b_first_games: n2, b_first_wr_a: r6(a2 / n2),
  };
}

function mode(name: string, games: number, firstWins: number, shares: [number, number, number, number]) {
  const [lo, hi] = wilson(firstWins, games);
  return {
    mode: name, games, first_wins: firstWins, second_wins: games - firstWins, draws: 0, first_player_wr: r6(firstWins / games), first_player_wr_lo: r6(lo), first_player_wr_hi: r6(hi),
    draw_rate: 0, mean_turns: 18, sd_turns: 4, mean_decisions: 200, decisive_share: 0.5, lead_changes_per_game: 0.4,
    vp_kill_share: shares[0], vp_environment_share: shares[1], vp_exhaustion_share: shares[2], vp_other_share: shares[3],
  };
}

export function fixtureSummary() {
  return {
    game: 'blue-rising',
    seed: 1,
    bots: ['random', 'random'],
    gamesPerPairing: 400,
    games: 1220,
    cards: [
      card('quick', 'Nisqy', 2815, 4600, [0.08, 0.06, 0.1], 300, 0.6, 0.2, [0.1, 0.08, 0.12], [0.2, 0.17, 0.23]),
      card('quick', 'Arthur', 400, 1000, [0, -0.05, 0.05], 200, 0.3, 0.5, [-0.1, -0.13, -0.07], [0.1, 0.08, 0.12]),
      card('quick', 'Yukino', 500, 1000, [0.01, -0.04, 0.06], 200, 0.45, 0.35, [0, -0.03, 0.03], [0.1, 0.08, 0.12]),
      card('quick', 'Glance', 582, 1000, null, 0, 0.5, 0.3, [0.065, 0.051, 0.079], [0.1, 0.08, 0.12]),
      card('standard', 'Nisqy', 560, 1000, [0.02, -0.02, 0.06], 400, 0.55, 0.25),
      card('standard', 'Arthur', 480, 1000, [0, -0.05, 0.05], 300, 0.35, 0.45),
      card('standard', 'Piège de Glace', 510, 1000, [0, -0.05, 0.05], 300, 0.2, 0.6),
    ],
    decks: [
      deck('quick', 'Gardiens rapide', 302, 420),
      deck('quick', 'Veilleurs rapide', 280, 800),
      deck('quick', 'Émissaires rapide', 238, 420),
      deck('standard', 'Gardiens', 215, 400),
      deck('standard', 'Veilleurs', 185, 400),
    ],
    matchups: [
      matchup('quick', 'Gardiens rapide', 'Veilleurs rapide', 150, 200, 140, 200),
      matchup('quick', 'Gardiens rapide', 'Émissaires rapide', 7, 10, 5, 10), // 20 games: under 30, labelled not coloured
      matchup('quick', 'Veilleurs rapide', 'Émissaires rapide', 90, 200, 80, 200),
      matchup('standard', 'Gardiens', 'Veilleurs', 110, 200, 105, 200),
    ],
    modes: [mode('quick', 820, 430, [0.2, 0.15, 0.65, 0]), mode('standard', 400, 210, [0.25, 0.2, 0.55, 0])],
    gameLength: { quick: [[10, 200], [15, 320], [20, 200], [25, 100]], standard: [[20, 100], [30, 200], [40, 100]] },
    vpSources: ['kill', 'environment', 'exhaustion', 'other'],
  };
}

export function fixtureManifest() {
  return {
    command: ['lab', 'simulate', '--mode', 'both'],
    config: {
      decks: [
        { file: 'decks/quick-gardiens.deck', mode: 'quick', name: 'Gardiens rapide' },
        { file: 'decks/quick-veilleurs.deck', mode: 'quick', name: 'Veilleurs rapide' },
        { file: 'decks/quick-emissaires.deck', mode: 'quick', name: 'Émissaires rapide' },
        { file: 'decks/standard-gardiens.deck', mode: 'standard', name: 'Gardiens' },
        { file: 'decks/standard-veilleurs.deck', mode: 'standard', name: 'Veilleurs' },
      ],
    },
    masterSeed: 1,
    engineVersion: 'fixture',
    endedAt: '2026-11-29T00:00:00.000Z',
  };
}

/** Writes the fixture into dir (summary.json, manifest.json and empty CSVs so that the links resolve). */
export function writeFixture(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(fixtureSummary(), null, 2));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(fixtureManifest(), null, 2));
  for (const f of ['cards.csv', 'decks.csv', 'matchups.csv', 'modes.csv']) writeFileSync(join(dir, f), 'mode\n');
  return dir;
}
