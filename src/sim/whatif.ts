// A what-if: one card patch played on the decks holding the card against the whole field,
// paired with the unpatched base on the same seeds. With a stopping rule the run goes in
// batches of seed pairs (every pairing, both arms) and stops at the first batch boundary where
// the rule decides; the decision reads the batches in plan order only (stopping.ts).
import { pairedDifference, type PairedDiff } from '../report/paired.ts';
import { round6 as round6OrNull } from '../report/stats.ts';
import { deckChanges, holderOutcomes, holdersOf, type DeckChange } from './ablate.ts';
import type { Aggregate } from './aggregate.ts';
import type { ArmSpec, RunHooks, RunSpec } from './run.ts';
import { Stopper, runInBatches, type StopRule } from './stopping.ts';
import type { Variant } from '../games/registry.ts';

const round6 = (x: number): number => round6OrNull(x) ?? NaN;

export interface WhatifSpec {
  /** The field: every deck of the mode; bots, seed, workers. Its arms are ignored. */
  run: RunSpec;
  card: string;
  base: Variant | undefined;
  patched: Variant;
  /** A stopping rule, or a fixed number of games per pairing (run.gamesPerPairing). */
  stop?: StopRule;
}

export interface WhatifResult {
  mode: string;
  card: string;
  holders: string[];
  /** Holders' WR with the patch minus without, paired 95% interval, over `pairs` seed pairs. */
  effect: number;
  lo: number;
  hi: number;
  pairs: number;
  decks: DeckChange[];
  /** Games played, both arms together, and in how many batches. */
  games: number;
  batches: number;
  seconds: number;
  /** 'H0' | 'H1' | 'width' | 'cap' with a rule; 'fixed' without. */
  decision: string;
  evidence: string | null;
  /** Games an unpaired comparison would need for the same precision (the variance ratio times the games). */
  gamesUnpaired: number;
  varianceRatio: number;
}

function variance(xs: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const m = xs.reduce((a, x) => a + x, 0) / n;
  return xs.reduce((a, x) => a + (x - m) * (x - m), 0) / (n - 1);
}

/**
 * The holders' paired change, arm `patch` minus arm `base` on the same seed pairs (over the
 * pairings where exactly one side holds the card), and each holder's own change over all its
 * pairings: what a what-if (and each value `lab fix` tries) reports.
 */
export function holderEffect(patch: Aggregate, base: Aggregate, mode: string, names: ReadonlySet<string>): { p: PairedDiff; withScores: number[]; withoutScores: number[]; decks: DeckChange[] } {
  const { withScores, withoutScores } = holderOutcomes(patch, base, mode, names);
  return { p: pairedDifference(withScores, withoutScores, 2), withScores, withoutScores, decks: deckChanges(patch, base, mode, [...names]) };
}

export async function runWhatif(w: WhatifSpec, hooks: RunHooks = {}): Promise<WhatifResult> {
  const mode = w.run.modes[0]!;
  const holders = holdersOf(w.run.sides, w.card, mode);
  const names = new Set(holders.map((h) => h.split('\t')[1]!));
  const arms: ArmSpec[] = [
    { label: 'base', variant: w.base, onlyDecks: holders },
    { label: 'patch', variant: w.patched, onlyDecks: holders },
  ];
  const batchPairs = w.stop ? w.stop.batchPairs : w.run.gamesPerPairing / 2;
  const stopper = w.stop ? new Stopper(w.stop) : null;
  const res = await runInBatches({ ...w.run, modes: [mode], arms }, batchPairs, (batch, from, to) => {
    if (!stopper) return true;
    const { outcomes } = holderOutcomes(batch.aggregates.get('patch')!, batch.aggregates.get('base')!, mode, names, from, to);
    return stopper.addBatch(outcomes, batch.games) !== 'continue';
  }, hooks);
  const totals = res.aggregates;
  const { games, seconds, batches } = res;
  const { p, withScores, withoutScores, decks } = holderEffect(totals.get('patch')!, totals.get('base')!, mode, names);
  const diffs = withScores.map((x, i) => x - withoutScores[i]!);
  const ratio = (variance(withScores) + variance(withoutScores)) / variance(diffs);
  return {
    mode, card: w.card, holders: [...names],
    effect: round6(p.diff), lo: round6(p.lo), hi: round6(p.hi), pairs: p.pairs,
    decks,
    games, batches, seconds,
    decision: stopper ? stopper.decision : 'fixed',
    evidence: stopper ? stopper.describe() : null,
    gamesUnpaired: Number.isFinite(ratio) ? Math.round(games * ratio) : NaN,
    varianceRatio: round6(ratio),
  };
}
