// The first player's win rate of each experiment arm, and its change from the base: a rule
// variant (an opening knob) is compared like a card patch. The arms share their seeds, so the
// change is paired by seed pair (src/report/paired.ts): in each pair the score is the first
// player's wins over its two games (0, 1 or 2; a draw is not a win, as in modes.csv), the
// same pair of seeds in both arms. Where the arms' pairs differ (an arm with its own bots or
// games), the change is unpaired (Newcombe over the two Wilson intervals).
import { pairedDifference } from '../report/paired.ts';
import { rate, round6, wilson } from '../report/stats.ts';
import { MD, pairWins, type Aggregate } from './aggregate.ts';
import { diffInterval } from './metrics.ts';

export interface FirstPlayerRow {
  arm: string;
  mode: string;
  /** The arm's rule knobs (the file's `rules` with its own over them); null: the file's alone. */
  rules: Record<string, unknown> | null;
  games: number;
  firstWins: number;
  secondWins: number;
  draws: number;
  /** The first player's win rate and its Wilson interval, as modes.csv has it. */
  wr: number | null;
  lo: number | null;
  hi: number | null;
  /** Arm minus base (null for the base), its 95% interval, and how it was taken. */
  diff: number | null;
  diffLo: number | null;
  diffHi: number | null;
  pairs: number;
  interval: 'paired' | 'unpaired' | null;
}

/** The first player's wins in each seed pair of the mode, pairings by key then pairs by index; null when a pair is missing. */
export function firstPlayerPairScores(agg: Aggregate, mode: string): { keys: string[]; lengths: number[]; scores: number[] } | null {
  const t = agg.firstPairs?.[mode];
  if (!t) return null;
  const keys = Object.keys(t).sort(), lengths: number[] = [], scores: number[] = [];
  for (const key of keys) {
    const codes = t[key]!;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      if (!(typeof code === 'number' && code > 0)) return null;
      scores.push(pairWins(code)[0]);
    }
    lengths.push(codes.length);
  }
  return keys.length ? { keys, lengths, scores } : null;
}

export interface FirstPlayerArm {
  label: string;
  agg: Aggregate;
  rules?: Record<string, unknown>;
  /** The arm played the base's games (its bots and games): its change may be paired. */
  sameGames: boolean;
}

/** One row per arm and mode, the base first. */
export function firstPlayerRows(base: FirstPlayerArm, arms: readonly FirstPlayerArm[]): FirstPlayerRow[] {
  const out: FirstPlayerRow[] = [];
  for (const arm of [base, ...arms]) {
    for (const mode of Object.keys(arm.agg.modes).sort()) {
      const m = arm.agg.modes[mode]!;
      const games = m[MD.games]!, wins = m[MD.firstWins]!;
      const [lo, hi] = wilson(wins, games);
      const row: FirstPlayerRow = {
        arm: arm.label, mode, rules: arm.rules ?? null, games, firstWins: wins, secondWins: m[MD.secondWins]!, draws: m[MD.draws]!,
        wr: round6(rate(wins, games)), lo: round6(lo), hi: round6(hi), diff: null, diffLo: null, diffHi: null, pairs: 0, interval: null,
      };
      const b = base.agg.modes[mode];
      if (arm !== base && b) {
        const a = arm.sameGames ? firstPlayerPairScores(arm.agg, mode) : null, s = firstPlayerPairScores(base.agg, mode);
        if (a && s && a.keys.join('\n') === s.keys.join('\n') && a.lengths.join() === s.lengths.join()) {
          const p = pairedDifference(a.scores, s.scores, 2);
          Object.assign(row, { diff: round6(p.diff), diffLo: round6(p.lo), diffHi: round6(p.hi), pairs: p.pairs, interval: 'paired' });
        } else {
          const [dlo, dhi] = diffInterval(wins, games, b[MD.firstWins]!, b[MD.games]!);
          Object.assign(row, { diff: round6(rate(wins, games) - rate(b[MD.firstWins]!, b[MD.games]!)), diffLo: round6(dlo), diffHi: round6(dhi), interval: 'unpaired' });
        }
      }
      out.push(row);
    }
  }
  return out;
}
