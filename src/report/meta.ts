// The meta a run's decks make (issue #17, part 3): per mode, the equilibrium of the symmetric
// deck-choice game on the matchup matrix (nash.ts), the decks no equilibrium uses, and how sure
// that is given the matrix's intervals (seeded resampling of every cell). summary.json carries
// it (src/sim/write.ts) and the report draws it from the matchup table, so a report of older
// results shows it too.
import { nashEquilibrium, resampleSupport, type SupportFrequency } from './nash.ts';

/** What the meta needs of a matchups row (summary.json's matchups table). */
export interface MetaMatchup {
  mode: string;
  deck_a: string;
  deck_b: string;
  games: number;
  wins_a: number;
  draws: number;
}

export interface MetaDeck {
  deck: string;
  /** Share of the reported equilibrium (the mean of the per-deck maximizers; see nash.ts). */
  share: number;
  /** Largest share over every equilibrium (0: no equilibrium uses the deck). */
  max_share: number;
  /** Win rate against the equilibrium field (draws half): ½ for the decks it uses. */
  field_wr: number;
  /** Share of the resampled matrices whose equilibrium uses the deck, and its mean share there. */
  in_support: number;
  mean_share: number;
}

export interface ModeMeta {
  mode: string;
  /** Strongest share first, then by name; empty when the mode has no full matrix (see `note`). */
  decks: MetaDeck[];
  support: string[];
  unused: string[];
  /** Most any one deck gains against the equilibrium field, win-rate points (must be ≤ tolerance). */
  exploitability: number;
  tolerance: number;
  ok: boolean;
  resample: { draws: number; seed: number; method: 'beta'; failed: number };
  /** Why there is no meta (one deck, a pair of decks that never met). */
  note?: string;
}

/** Seeded resampling: how many matrices and from which seed (the same results give the same meta). */
export const META_DRAWS = 200;
export const META_SEED = 17;
export const META_TOLERANCE = 1e-7;

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** The meta of each mode of a matchup table (modes sorted). */
export function metaOfMatchups(rows: readonly MetaMatchup[], opts: { draws?: number; seed?: number } = {}): ModeMeta[] {
  const draws = opts.draws ?? META_DRAWS, seed = opts.seed ?? META_SEED;
  const out: ModeMeta[] = [];
  for (const mode of [...new Set(rows.map((r) => r.mode))].sort()) {
    const ms = rows.filter((r) => r.mode === mode && r.games > 0);
    const names = [...new Set(ms.flatMap((r) => [r.deck_a, r.deck_b]))].sort((a, b) => a.localeCompare(b, 'fr'));
    const k = names.length;
    const empty: ModeMeta = { mode, decks: [], support: [], unused: [], exploitability: NaN, tolerance: META_TOLERANCE, ok: false, resample: { draws, seed, method: 'beta', failed: 0 } };
    if (k < 2) {
      out.push({ ...empty, note: 'one deck only: no choice to make' });
      continue;
    }
    const at = new Map(names.map((n, i) => [n, i]));
    const wins = names.map(() => new Array<number>(k).fill(0));
    const games = names.map(() => new Array<number>(k).fill(0));
    for (const r of ms) {
      const a = at.get(r.deck_a)!, b = at.get(r.deck_b)!;
      if (a === b) continue; // mirror matches: ½ by symmetry
      // A draw is half a win to each side (the deck-choice game's payoff is the expected score).
      wins[a]![b]! += r.wins_a + r.draws / 2;
      wins[b]![a]! += r.games - r.wins_a - r.draws / 2;
      games[a]![b]! += r.games;
      games[b]![a]! += r.games;
    }
    const missing: string[] = [];
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (games[i]![j] === 0) missing.push(`${names[i]} – ${names[j]}`);
    if (missing.length) {
      out.push({ ...empty, note: `not every pair of decks met (${missing.length} never did, e.g. ${missing[0]}): the matrix is incomplete` });
      continue;
    }
    const w = names.map((_, i) => names.map((_, j) => (i === j ? 0.5 : wins[i]![j]! / games[i]![j]!)));
    const eq = nashEquilibrium(w, { tolerance: META_TOLERANCE });
    const freq: SupportFrequency = resampleSupport({ wins, games }, { draws, seed, tolerance: META_TOLERANCE });
    const decks = names.map((deck, i): MetaDeck => ({
      deck, share: r6(eq.shares[i]!), max_share: r6(eq.maxShare[i]!), field_wr: r6(eq.fieldWinRate[i]!), in_support: r6(freq.inSupport[i]!), mean_share: r6(freq.meanShare[i]!),
    })).sort((a, b) => b.share - a.share || b.in_support - a.in_support || a.deck.localeCompare(b.deck, 'fr'));
    out.push({
      mode, decks,
      support: eq.support.map((i) => names[i]!), unused: eq.unused.map((i) => names[i]!),
      // Below 1e-9 it is the simplex's rounding: written as 0.
      exploitability: eq.exploitability < 1e-9 ? 0 : Number(eq.exploitability.toPrecision(3)),
      tolerance: META_TOLERANCE, ok: eq.ok,
      resample: { draws, seed, method: 'beta', failed: freq.failed },
    });
  }
  return out;
}
