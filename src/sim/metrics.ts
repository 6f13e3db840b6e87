// Balance metrics from the integer aggregates (metrics.md): per card, per deck, per matchup,
// per mode, each rate with its 95% Wilson interval. A seat "won" only when it won: draws
// (the turn cap, D5) count as not won and are reported on their own.
import { clusteredDifferenceFromSums, clusteredRateFromSums, type ClusteredDiff, type ClusteredRate } from '../report/paired.ts';
import { rate, round6, wilson } from '../report/stats.ts';
import { C, D, M, MD, type Aggregate } from './aggregate.ts';
import { effectColumns, effectFields } from './card-effects.ts';

type Row = Record<string, string | number | null>;

function r6(x: number): number | null {
  return round6(x);
}

/** Newcombe's hybrid form: the interval of p1 − p2 from each proportion's own interval. */
export function newcombe(p1: number, l1: number, u1: number, p2: number, l2: number, u2: number): [number, number] {
  const d = p1 - p2;
  return [d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)];
}

/** Newcombe's hybrid score interval for a difference of two proportions p1 − p2 (Wilson's intervals). */
export function diffInterval(k1: number, n1: number, k2: number, n2: number): [number, number] {
  const [l1, u1] = wilson(k1, n1);
  const [l2, u2] = wilson(k2, n2);
  return newcombe(rate(k1, n1), l1, u1, rate(k2, n2), l2, u2);
}

/**
 * A card's GIH WR and IWD with the game as the unit (issue #13): the copies of one game share
 * its result, so counting them as independent trials made the intervals too narrow. The
 * cluster is the seed pair (both games share the deal; both seats of a game its result).
 * GIH WR: the cluster-robust ratio (paired.ts), its interval Wilson's on the effective trials.
 * IWD: GIH WR − GNS WR, both from the same clusters, with their covariance (delta method).
 */
export function cardIntervals(c: readonly number[]): { gih: ClusteredRate; iwd: ClusteredDiff } {
  const gihSums = { y: c[C.wonGih]!, n: c[C.gih]!, yy: c[C.gihYy]!, nn: c[C.gihNn]!, yn: c[C.gihYn]! };
  const gnsSums = { y: c[C.wonGns]!, n: c[C.gns]!, yy: c[C.gnsYy]!, nn: c[C.gnsNn]!, yn: c[C.gnsYn]! };
  return {
    gih: clusteredRateFromSums({ clusters: c[C.gihClusters]!, ...gihSums }),
    iwd: clusteredDifferenceFromSums(c[C.cardClusters]!, gihSums, gnsSums, { y1y2: c[C.xYy]!, y1n2: c[C.xYn]!, n1y2: c[C.xNy]!, n1n2: c[C.xNn]! }),
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export const CARD_COLUMNS = [
  'mode', 'card', 'seat_games', 'copies', 'gp_wr', 'oh_wr', 'gd_wr', 'gih_n', 'gih_wr', 'gih_lo', 'gih_hi',
  'gns_n', 'gns_wr', 'iwd', 'iwd_lo', 'iwd_hi', 'held', 'played', 'replays', 'play_rate', 'played_wr', 'pitched', 'pitch_rate',
  'vp_per_play', 'vp_given_per_play', 'dealt', 'dealt_wr', 'kept_rate', 'eot_discard', 'setup',
] as const;

/** cards.csv columns, with the IWD-by-turn checkpoints named by their turn (iwd_by_turn_4…). */
export function cardColumns(agg: Aggregate): string[] {
  return [...CARD_COLUMNS, ...agg.checkpoints.map((t) => `iwd_by_turn_${t}`), ...effectColumns(agg), ...(agg.extraCounters ?? []).map(snakeCase)];
}

export function cardRows(agg: Aggregate): Row[] {
  const out: Row[] = [];
  for (const mode of Object.keys(agg.cards).sort()) {
    const t = agg.cards[mode]!;
    for (const card of Object.keys(t).sort((a, b) => a.localeCompare(b, 'fr'))) {
      const c = t[card]!;
      const ci = cardIntervals(c);
      const [gl, gh] = [ci.gih.lo, ci.gih.hi];
      const [il, ih] = c[C.gih]! > 0 && c[C.gns]! > 0 ? [ci.iwd.lo, ci.iwd.hi] : [NaN, NaN];
      const row: Row = {
        mode,
        card,
        seat_games: c[C.seatGames]!,
        copies: c[C.deck]!,
        gp_wr: r6(rate(c[C.wonDeck]!, c[C.deck]!)),
        oh_wr: r6(rate(c[C.wonOh]!, c[C.oh]!)),
        gd_wr: r6(rate(c[C.wonDrawn]!, c[C.drawn]!)),
        gih_n: c[C.gih]!,
        gih_wr: r6(rate(c[C.wonGih]!, c[C.gih]!)),
        gih_lo: r6(gl),
        gih_hi: r6(gh),
        gns_n: c[C.gns]!,
        gns_wr: r6(rate(c[C.wonGns]!, c[C.gns]!)),
        iwd: r6(rate(c[C.wonGih]!, c[C.gih]!) - rate(c[C.wonGns]!, c[C.gns]!)),
        iwd_lo: r6(il),
        iwd_hi: r6(ih),
        held: c[C.held]!,
        played: c[C.played]!,
        replays: c[C.replays]!,
        // Copies played at least once over copies held: a rate, whatever the replays.
        play_rate: r6(rate(c[C.played]!, c[C.held]!)),
        played_wr: r6(rate(c[C.wonPlayed]!, c[C.played]!)),
        pitched: c[C.pitched]!,
        pitch_rate: r6(rate(c[C.pitched]!, c[C.gih]!)),
        // Per play, replays included.
        vp_per_play: r6(rate(c[C.vpScored]!, c[C.played]! + c[C.replays]!)),
        vp_given_per_play: r6(rate(c[C.vpGiven]!, c[C.played]! + c[C.replays]!)),
        dealt: c[C.dealt]!,
        dealt_wr: r6(rate(c[C.wonDealt]!, c[C.dealt]!)),
        kept_rate: r6(rate(c[C.kept]!, c[C.dealt]!)),
        eot_discard: c[C.eotDiscard]!,
        setup: c[C.setup]!,
      };
      // IWD by turn T: WR of copies seen by T minus WR of copies not seen by T, games reaching T.
      agg.checkpoints.forEach((t, k) => {
        const b = C.t0Seen + 4 * k;
        row[`iwd_by_turn_${t}`] = r6(rate(c[b + 1]!, c[b]!) - rate(c[b + 3]!, c[b + 2]!));
      });
      Object.assign(row, effectFields(agg, mode, card));
      // The game's own counters (pvDealt → pv_dealt), summed over the copies as recorded.
      (agg.extraCounters ?? []).forEach((name, e) => (row[snakeCase(name)] = agg.cardExtras?.[mode]?.[card]?.[e] ?? 0));
      out.push(row);
    }
  }
  return out;
}

export const DECK_COLUMNS = ['mode', 'deck', 'games', 'wins', 'losses', 'draws', 'wr', 'wr_lo', 'wr_hi', 'first_games', 'first_wr', 'vp_for', 'vp_against', 'mean_turns'] as const;

export function deckRows(agg: Aggregate): Row[] {
  const out: Row[] = [];
  for (const mode of Object.keys(agg.decks).sort()) {
    const t = agg.decks[mode]!;
    for (const deck of Object.keys(t).sort()) {
      const d = t[deck]!;
      const [lo, hi] = wilson(d[D.wins]!, d[D.games]!);
      out.push({
        mode, deck, games: d[D.games]!, wins: d[D.wins]!, losses: d[D.losses]!, draws: d[D.draws]!,
        wr: r6(rate(d[D.wins]!, d[D.games]!)), wr_lo: r6(lo), wr_hi: r6(hi),
        first_games: d[D.firstGames]!, first_wr: r6(rate(d[D.firstWins]!, d[D.firstGames]!)),
        vp_for: r6(rate(d[D.vpFor]!, d[D.games]!)), vp_against: r6(rate(d[D.vpAgainst]!, d[D.games]!)),
        mean_turns: r6(rate(d[D.turns]!, d[D.games]!)),
      });
    }
  }
  return out;
}

export const MATCHUP_COLUMNS = [
  'mode', 'deck_a', 'deck_b', 'games', 'wins_a', 'wins_b', 'draws', 'wr_a', 'wr_a_lo', 'wr_a_hi',
  'pairs', 'pairs_both_a', 'pairs_split', 'pairs_both_b', 'pairs_with_draw', 'a_first_games', 'a_first_wr_a', 'b_first_games', 'b_first_wr_a',
] as const;

export function matchupRows(agg: Aggregate): Row[] {
  const out: Row[] = [];
  for (const mode of Object.keys(agg.matchups).sort()) {
    const t = agg.matchups[mode]!;
    for (const key of Object.keys(t).sort()) {
      const m = t[key]!;
      const [a, b] = key.split('\t') as [string, string];
      const [lo, hi] = wilson(m[M.winsA]!, m[M.games]!);
      out.push({
        mode, deck_a: a, deck_b: b, games: m[M.games]!, wins_a: m[M.winsA]!, wins_b: m[M.winsB]!, draws: m[M.draws]!,
        wr_a: r6(rate(m[M.winsA]!, m[M.games]!)), wr_a_lo: r6(lo), wr_a_hi: r6(hi),
        pairs: m[M.pairs]!, pairs_both_a: m[M.pairsBothA]!, pairs_split: m[M.pairsSplit]!, pairs_both_b: m[M.pairsBothB]!,
        pairs_with_draw: m[M.pairsWithDraw]!,
        a_first_games: m[M.aFirstGames]!, a_first_wr_a: r6(rate(m[M.aFirstWins]!, m[M.aFirstGames]!)),
        b_first_games: m[M.bFirstGames]!, b_first_wr_a: r6(rate(m[M.bFirstWinsA]!, m[M.bFirstGames]!)),
      });
    }
  }
  return out;
}

/** deck_matchups.csv: every matchup from each deck's side (a deck against itself once), so one deck's rows filter alone. */
export const DECK_MATCHUP_COLUMNS = [
  'mode', 'deck', 'opponent', 'games', 'wins', 'losses', 'draws', 'wr', 'wr_lo', 'wr_hi',
  'pairs', 'pairs_both_won', 'pairs_split', 'pairs_both_lost', 'pairs_with_draw', 'first_games', 'first_wr', 'second_games', 'second_wr',
] as const;

export function deckMatchupRows(agg: Aggregate): Row[] {
  const out: Row[] = [];
  for (const mode of Object.keys(agg.matchups).sort()) {
    const t = agg.matchups[mode]!;
    for (const key of Object.keys(t)) {
      const m = t[key]!;
      const [a, b] = key.split('\t') as [string, string];
      const side = (deck: string, opponent: string, fromA: boolean): Row => {
        const wins = fromA ? m[M.winsA]! : m[M.winsB]!;
        const losses = fromA ? m[M.winsB]! : m[M.winsA]!;
        const [lo, hi] = wilson(wins, m[M.games]!);
        const firstGames = fromA ? m[M.aFirstGames]! : m[M.bFirstGames]!;
        const secondGames = fromA ? m[M.bFirstGames]! : m[M.aFirstGames]!;
        return {
          mode, deck, opponent, games: m[M.games]!, wins, losses, draws: m[M.draws]!,
          wr: r6(rate(wins, m[M.games]!)), wr_lo: r6(lo), wr_hi: r6(hi),
          pairs: m[M.pairs]!, pairs_both_won: fromA ? m[M.pairsBothA]! : m[M.pairsBothB]!, pairs_split: m[M.pairsSplit]!,
          pairs_both_lost: fromA ? m[M.pairsBothB]! : m[M.pairsBothA]!, pairs_with_draw: m[M.pairsWithDraw]!,
          first_games: firstGames, first_wr: r6(rate(fromA ? m[M.aFirstWins]! : m[M.bFirstWinsB]!, firstGames)),
          second_games: secondGames, second_wr: r6(rate(fromA ? m[M.bFirstWinsA]! : m[M.aFirstWinsB]!, secondGames)),
        };
      };
      out.push(side(a, b, true));
      if (a !== b) out.push(side(b, a, false));
    }
  }
  return out.sort((x, y) => (x.mode as string).localeCompare(y.mode as string) || cmp(x.deck as string, y.deck as string) || cmp(x.opponent as string, y.opponent as string));
}
const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

export function modeColumns(agg: Aggregate): string[] {
  return [
    'mode', 'games', 'first_wins', 'second_wins', 'draws', 'first_player_wr', 'first_player_wr_lo', 'first_player_wr_hi',
    'draw_rate', 'mean_turns', 'sd_turns', 'mean_decisions', 'decisive_share', 'lead_changes_per_game',
    ...agg.vpSources.map((s) => `vp_${s}_share`),
  ];
}

export function modeRows(agg: Aggregate): Row[] {
  const out: Row[] = [];
  for (const mode of Object.keys(agg.modes).sort()) {
    const m = agg.modes[mode]!;
    const n = m[MD.games]!;
    const [lo, hi] = wilson(m[MD.firstWins]!, n);
    const mean = rate(m[MD.turns]!, n);
    const sd = n > 1 ? Math.sqrt(Math.max(0, (m[MD.turnsSq]! - n * mean * mean) / (n - 1))) : NaN;
    let vpTotal = 0;
    for (let s = 0; s < agg.vpSources.length; s++) vpTotal += m[MD.vp0 + s]!;
    const row: Row = {
      mode, games: n, first_wins: m[MD.firstWins]!, second_wins: m[MD.secondWins]!, draws: m[MD.draws]!,
      first_player_wr: r6(rate(m[MD.firstWins]!, n)), first_player_wr_lo: r6(lo), first_player_wr_hi: r6(hi),
      draw_rate: r6(rate(m[MD.draws]!, n)), mean_turns: r6(mean), sd_turns: r6(sd),
      mean_decisions: r6(rate(m[MD.decisions]!, n)), decisive_share: r6(rate(m[MD.decisive]!, n - m[MD.draws]!)),
      lead_changes_per_game: r6(rate(m[MD.leadChanges]!, n)),
    };
    agg.vpSources.forEach((s, i) => (row[`vp_${s}_share`] = r6(rate(m[MD.vp0 + i]!, vpTotal))));
    out.push(row);
  }
  return out;
}

/** Game-length histogram per mode: turns → games, sorted. */
export function turnHistogram(agg: Aggregate): Record<string, [number, number][]> {
  const out: Record<string, [number, number][]> = {};
  for (const mode of Object.keys(agg.turns).sort()) {
    out[mode] = Object.entries(agg.turns[mode]!).map(([t, n]) => [Number(t), n] as [number, number]).sort((a, b) => a[0] - b[0]);
  }
  return out;
}

export function toCsvRows(rows: Row[], columns: readonly string[]): (string | number | null)[][] {
  return rows.map((r) => columns.map((c) => r[c] ?? null));
}
