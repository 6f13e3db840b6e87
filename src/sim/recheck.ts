// Skill sensitivity (issue #17, part 1): the findings a run flags, measured again with a
// stronger bot on the first N games of the same plan (the same seeds, the same deals), on only
// the pairings each finding needs — for a card, every pairing of the decks holding it; for a
// deck, its own pairings. Each finding gets a verdict against its null (0 for a card effect,
// 50% for a deck): holds (significant, same side), flips (significant, other side) or
// vanishes (not significant). The original bot is played on the same seeds too, so that a
// finding that vanishes only for want of games is not taken for one that depends on skill.
import { join } from 'node:path';
import { assessArm, type Assessment, type Metric } from '../report/flags.ts';
import { round6 as round6OrNull } from '../report/stats.ts';
import type { Band, CardRow, DeckRow, Tables } from '../report/summary.ts';
import { holdersOf } from './ablate.ts';
import { atomicWrite, csvText, stableJson } from './output.ts';
import { runSimulation, type ArmSpec, type RunHooks, type RunSpec } from './run.ts';
import { summarize } from './write.ts';

const round6 = (x: number): number | null => round6OrNull(x);

/** An experiment's `recheck` field, bots parsed. */
export interface RecheckSpec {
  bots: [string, string];
  /** Games per pairing: the first games/2 seed pairs of the run's plan. */
  games: number;
  /** How many of the flagged findings, most significant first. */
  top: number;
}

export type Verdict = 'holds' | 'flips' | 'vanishes';

export interface Measure {
  value: number | null;
  lo: number | null;
  hi: number | null;
  /** Seat-games with the card (a card's effect) or games (a deck). */
  n: number;
  verdict: Verdict;
}

export interface RecheckRow {
  mode: string;
  kind: 'card' | 'deck';
  metric: Metric;
  name: string;
  /** The value no effect gives: 0 for a card, 0.5 for a deck's win rate. */
  reference: number;
  /** The finding as the run flagged it, with the run's bots and games. */
  original: Measure & { bots: [string, string] };
  /** The original bots on the recheck's seeds only. */
  sameSeeds: Measure;
  /** The stronger bots on those seeds. */
  recheck: Measure & { bots: [string, string] };
  /** The recheck flips, or it vanishes while the original bots on the same seeds still hold. */
  dependsOnSkill: boolean;
}

export interface RecheckResult {
  bots: [string, string];
  gamesPerPairing: number;
  /** Games played, both arms, and the wall time. */
  games: number;
  seconds: number;
  rows: RecheckRow[];
}

/**
 * Significant: the 95% interval excludes the reference. Holds: significant on the side the
 * finding lies; flips: significant on the other side; vanishes: not significant.
 */
export function verdictOf(side: 1 | -1, lo: number | null, hi: number | null, reference: number): Verdict {
  if (lo === null || hi === null || !Number.isFinite(lo) || !Number.isFinite(hi)) return 'vanishes';
  const at = lo > reference ? 1 : hi < reference ? -1 : 0;
  return at === 0 ? 'vanishes' : at === side ? 'holds' : 'flips';
}

/**
 * The run's flagged findings of its main arm (flags.ts) for its `top` most significant cards and
 * decks: every flagged metric of each (a card flagged on its effect and on its IWD by turn is
 * measured on the same games), most significant first.
 */
export function topFindings(tables: Tables, band: Band, top: number, arm = 'base'): Assessment[] {
  const flagged = assessArm(tables, arm, band).flagged;
  const item = (a: Assessment) => `${a.mode}\t${a.kind}\t${a.name}`;
  const chosen = new Set<string>();
  for (const a of flagged) if (chosen.size < top) chosen.add(item(a));
  return flagged.filter((a) => chosen.has(item(a)));
}

const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : NaN);

/** The middle IWD-by-turn checkpoint and the mode's median card there (as flags.ts takes it). */
function medianAtTurn(cards: readonly CardRow[], mode: string, turn: number): number {
  const k = `iwd_adj_by_turn_${turn}`;
  const v = cards.filter((c) => c.mode === mode).map((c) => num(c[k])).filter(Number.isFinite).sort((x, y) => x - y);
  if (!v.length) return NaN;
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
}

/** A finding's measure in one arm's tables, and its verdict. */
function measureIn(t: Tables, f: Assessment): Measure {
  const side: 1 | -1 = f.direction === 'below' ? -1 : 1;
  if (f.kind === 'deck') {
    const d = t.decks.find((x: DeckRow) => x.mode === f.mode && x.deck === f.name);
    const lo = d ? num(d.wr_lo) : NaN, hi = d ? num(d.wr_hi) : NaN;
    return { value: round6(d ? num(d.wr) : NaN), lo: round6(lo), hi: round6(hi), n: d?.games ?? 0, verdict: verdictOf(side, lo, hi, 0.5) };
  }
  const c = t.cards.find((x) => x.mode === f.mode && x.card === f.name);
  if (f.metric === 'iwdTurn') {
    const k = `iwd_adj_by_turn_${f.turn}`, m = medianAtTurn(t.cards, f.mode, f.turn!);
    const v = c ? num(c[k]) - m : NaN, lo = c ? num(c[`${k}_lo`]) - m : NaN, hi = c ? num(c[`${k}_hi`]) - m : NaN;
    return { value: round6(v), lo: round6(lo), hi: round6(hi), n: num(c?.adj_n_present) || 0, verdict: verdictOf(side, lo, hi, 0) };
  }
  const lo = c ? num(c.adj_lo) : NaN, hi = c ? num(c.adj_hi) : NaN;
  return { value: round6(c ? num(c.adj_effect) : NaN), lo: round6(lo), hi: round6(hi), n: num(c?.adj_n_present) || 0, verdict: verdictOf(side, lo, hi, 0) };
}

/** "mode\tdeck" of the decks whose pairings a finding needs. */
export function decksOfFinding(spec: Pick<RunSpec, 'sides'>, f: Pick<Assessment, 'kind' | 'mode' | 'name'>): string[] {
  return f.kind === 'deck' ? [`${f.mode}\t${f.name}`] : holdersOf(spec.sides, f.name, f.mode);
}

const sameBots = (a: readonly string[], b: readonly string[]) => a[0] === b[0] && a[1] === b[1];

/**
 * Plays the findings again: an arm with the stronger bots and, unless they are the run's own,
 * an arm with the run's bots, both on the first `games` games of each pairing the findings need
 * (the run's seed, variant and plan), and gives each finding its verdicts.
 */
export async function runRecheck(spec: RunSpec, base: ArmSpec, findings: readonly Assessment[], original: Tables, rc: RecheckSpec, hooks: RunHooks = {}): Promise<RecheckResult> {
  const origBots = base.bots ?? spec.bots;
  if (findings.length === 0) return { bots: rc.bots, gamesPerPairing: rc.games, games: 0, seconds: 0, rows: [] };
  const decks = [...new Set(findings.flatMap((f) => decksOfFinding(spec, f)))].sort();
  const modes = spec.modes.filter((m) => decks.some((d) => d.startsWith(`${m}\t`)));
  const own = sameBots(rc.bots, origBots);
  const arms: ArmSpec[] = [{ label: 'recheck', variant: base.variant, bots: rc.bots, onlyDecks: decks }];
  if (!own) arms.push({ label: 'same seeds', variant: base.variant, bots: origBots, onlyDecks: decks });
  const res = await runSimulation({ ...spec, modes, arms, gamesPerPairing: rc.games, firstPair: 0, wantRows: false }, hooks);
  const tablesOf = (label: string) => summarize(res.aggregates.get(label)!) as unknown as Tables;
  const strong = tablesOf('recheck'), weak = own ? strong : tablesOf('same seeds');
  const rows = findings.map((f): RecheckRow => {
    const side: 1 | -1 = f.direction === 'below' ? -1 : 1;
    const reference = f.kind === 'deck' ? 0.5 : 0;
    const o = measureIn(original, f);
    // The original as flagged (a card on IWD by turn: from the run's median card, as flags.ts says).
    const orig: Measure = { value: round6(f.value), lo: round6(f.lo), hi: round6(f.hi), n: o.n || f.n, verdict: verdictOf(side, f.lo, f.hi, reference) };
    const s = measureIn(weak, f), r = measureIn(strong, f);
    return {
      mode: f.mode, kind: f.kind, metric: f.metric, name: f.name, reference,
      original: { ...orig, bots: origBots }, sameSeeds: s, recheck: { ...r, bots: rc.bots },
      dependsOnSkill: r.verdict === 'flips' || (r.verdict === 'vanishes' && s.verdict === 'holds'),
    };
  });
  return { bots: rc.bots, gamesPerPairing: rc.games, games: res.games, seconds: Math.round(res.seconds * 1000) / 1000, rows };
}

export const RECHECK_COLUMNS = [
  'mode', 'kind', 'metric', 'name', 'reference',
  'original_bots', 'original', 'original_lo', 'original_hi', 'original_verdict',
  'same_seeds', 'same_seeds_lo', 'same_seeds_hi', 'same_seeds_verdict',
  'recheck_bots', 'recheck', 'recheck_lo', 'recheck_hi', 'recheck_n', 'recheck_verdict', 'depends_on_skill',
] as const;

export function recheckRows(rows: readonly RecheckRow[]): unknown[][] {
  return rows.map((r) => [
    r.mode, r.kind, r.metric, r.name, r.reference,
    r.original.bots.join(','), r.original.value, r.original.lo, r.original.hi, r.original.verdict,
    r.sameSeeds.value, r.sameSeeds.lo, r.sameSeeds.hi, r.sameSeeds.verdict,
    r.recheck.bots.join(','), r.recheck.value, r.recheck.lo, r.recheck.hi, r.recheck.n, r.recheck.verdict, String(r.dependsOnSkill),
  ]);
}

export const RECHECK_JSON = 'recheck.json';
export const RECHECK_CSV = 'recheck.csv';

/** recheck.json and recheck.csv beside the run's results. */
export function writeRecheck(dir: string, r: RecheckResult): void {
  atomicWrite(join(dir, RECHECK_CSV), csvText(RECHECK_COLUMNS, recheckRows(r.rows)));
  atomicWrite(join(dir, RECHECK_JSON), stableJson(r));
}
