// Sequential stopping on paired outcomes: two arms (a base and a patch) play the same seed
// pairs; the outcome of one pair, from the measured deck's side, is its score difference
// (a − b)/2 ∈ {−1, −¾, …, 1}, a per-game win-rate difference (the pentanomial counting of
// chess engine testing, on the difference of two arms: src/report/sprt.ts). A rule is an SPRT
// (H0: the difference is d0, H1: it is d1, in win-rate points or in Elo) or a target
// half-width of the 95% interval, always with a hard cap of games.
//
// Decisions are taken only at batch boundaries, on the outcomes of whole batches in plan
// order: the LLR depends on the counts only and the width on the sums, so the decision (and
// every output) is the same on any number of workers, whatever order shards finish in.
import { PAIRED_DIFFERENCE, decide, gsprtLlr, scoreFromElo, sprtBounds } from '../report/sprt.ts';
import { studentTQuantile } from '../report/tdist.ts';
import { emptyAggregate, mergeInto, type Aggregate } from './aggregate.ts';
import { runSimulation, type RunHooks, type RunResult, type RunSpec } from './run.ts';

export class StopRuleError extends Error {}

export interface StopRule {
  sprt?: { d0: number; d1: number; alpha: number; beta: number; unit: 'wr' | 'elo'; elo0?: number; elo1?: number };
  /** Target half-width of the 95% interval of the difference (win-rate points). */
  width?: number;
  /** Hard cap of games per arm (all pairings together). */
  maxGames: number;
  /** Pairs per pairing between decisions. */
  batchPairs: number;
}

const FIELDS = ['sprt', 'width', 'maxGames', 'batchPairs'];
const SPRT_FIELDS = ['elo0', 'elo1', 'wr0', 'wr1', 'alpha', 'beta'];

function num(x: unknown, where: string): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new StopRuleError(`${where}: expected a number, got ${JSON.stringify(x)}`);
  return x;
}

/**
 * Checks a stopping rule as written in an experiment (`"stop": {…}`) or built from the command
 * line; `where` prefixes the field named in errors ("stop" or "--until-decided").
 * `{ "sprt": { "elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05 }, "maxGames": 20000 }`, or
 * `{ "sprt": { "wr0": 0, "wr1": 0.03 }, … }` (win-rate points), or `{ "width": 0.02, "maxGames": … }`.
 */
export function parseStopRule(x: unknown, where = 'stop'): StopRule {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new StopRuleError(`${where}: expected an object with sprt or width, and maxGames`);
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!FIELDS.includes(k)) throw new StopRuleError(`${where}.${k}: unknown field (valid: ${FIELDS.join(', ')})`);
  if ((o.sprt === undefined) === (o.width === undefined)) throw new StopRuleError(`${where}: give one of sprt or width`);
  if (o.maxGames === undefined) throw new StopRuleError(`${where}.maxGames: missing (required: the hard cap of games)`);
  const maxGames = num(o.maxGames, `${where}.maxGames`);
  if (!Number.isInteger(maxGames) || maxGames < 2 || maxGames % 2 !== 0) throw new StopRuleError(`${where}.maxGames: expected an even integer of at least 2, got ${maxGames}`);
  const batchPairs = o.batchPairs === undefined ? 50 : num(o.batchPairs, `${where}.batchPairs`);
  if (!Number.isInteger(batchPairs) || batchPairs < 1) throw new StopRuleError(`${where}.batchPairs: expected a positive integer, got ${batchPairs}`);
  if (2 * batchPairs > maxGames) throw new StopRuleError(`${where}.maxGames: ${maxGames} is below one batch (2 × batchPairs = ${2 * batchPairs} games)`);
  const rule: StopRule = { maxGames, batchPairs };
  if (o.width !== undefined) {
    const w = num(o.width, `${where}.width`);
    if (!(w > 0 && w < 1)) throw new StopRuleError(`${where}.width: expected a half-width in (0, 1) win-rate points, got ${w}`);
    rule.width = w;
    return rule;
  }
  if (typeof o.sprt !== 'object' || o.sprt === null || Array.isArray(o.sprt)) throw new StopRuleError(`${where}.sprt: expected an object (elo0, elo1 or wr0, wr1; alpha, beta)`);
  const s = o.sprt as Record<string, unknown>;
  for (const k of Object.keys(s)) if (!SPRT_FIELDS.includes(k)) throw new StopRuleError(`${where}.sprt.${k}: unknown field (valid: ${SPRT_FIELDS.join(', ')})`);
  const alpha = s.alpha === undefined ? 0.05 : num(s.alpha, `${where}.sprt.alpha`);
  const beta = s.beta === undefined ? 0.05 : num(s.beta, `${where}.sprt.beta`);
  if (!(alpha > 0 && alpha < 0.5)) throw new StopRuleError(`${where}.sprt.alpha: ${alpha} must lie in (0, 0.5)`);
  if (!(beta > 0 && beta < 0.5)) throw new StopRuleError(`${where}.sprt.beta: ${beta} must lie in (0, 0.5)`);
  const elo = s.elo0 !== undefined || s.elo1 !== undefined;
  const wr = s.wr0 !== undefined || s.wr1 !== undefined;
  if (elo && wr) throw new StopRuleError(`${where}.sprt: give elo0/elo1 or wr0/wr1, not both`);
  if (!elo && !wr) throw new StopRuleError(`${where}.sprt: give the hypotheses, elo0 and elo1 or wr0 and wr1`);
  const [k0, k1] = elo ? ['elo0', 'elo1'] : ['wr0', 'wr1'];
  if (s[k1] === undefined) throw new StopRuleError(`${where}.sprt.${k1}: missing`);
  const h0 = s[k0] === undefined ? 0 : num(s[k0], `${where}.sprt.${k0}`);
  const h1 = num(s[k1], `${where}.sprt.${k1}`);
  if (!(h0 < h1)) throw new StopRuleError(`${where}.sprt.${k1}: ${h1} must be above ${k0} (${h0})`);
  // Elo to win-rate points around an even game: the per-game score at that Elo, minus ½.
  const d0 = elo ? scoreFromElo(h0) - 0.5 : h0;
  const d1 = elo ? scoreFromElo(h1) - 0.5 : h1;
  if (!(d0 > -1 && d1 < 1)) throw new StopRuleError(`${where}.sprt.${k1}: the hypotheses must lie strictly between −1 and 1 win-rate points`);
  rule.sprt = { d0, d1, alpha, beta, unit: elo ? 'elo' : 'wr', ...(elo ? { elo0: h0, elo1: h1 } : {}) };
  return rule;
}

export interface StopStep {
  games: number;
  pairs: number;
  /** The LLR (sprt) or the interval's half-width (width) after the batch. */
  value: number;
}

export type StopDecision = 'H0' | 'H1' | 'width' | 'cap' | 'continue';

/**
 * The running state of a rule over paired outcomes: add a batch's outcomes ((a − b)/2 per seed
 * pair, on the measured side), then read the decision. The evidence is the path of the LLR (or
 * the half-width) after each batch.
 */
export class Stopper {
  readonly counts = new Float64Array(PAIRED_DIFFERENCE.length);
  readonly path: StopStep[] = [];
  pairs = 0;
  games = 0;
  decision: StopDecision = 'continue';
  private sum = 0;
  private sumSq = 0;
  private readonly bounds;

  constructor(readonly rule: StopRule) {
    this.bounds = rule.sprt ? sprtBounds(rule.sprt.alpha, rule.sprt.beta) : null;
  }

  /** Records one batch: `outcomes` (one per seed pair) and the games it played (both arms count once). */
  addBatch(outcomes: ArrayLike<number>, games: number): StopDecision {
    if (this.decision !== 'continue') throw new Error(`stopping: already stopped (${this.decision})`);
    for (let k = 0; k < outcomes.length; k++) {
      const v = outcomes[k]!;
      const i = Math.round((v + 1) * 4);
      if (!(i >= 0 && i < PAIRED_DIFFERENCE.length) || Math.abs(PAIRED_DIFFERENCE[i]! - v) > 1e-9) throw new Error(`stopping: outcome ${v} is not a paired difference`);
      this.counts[i]!++;
      this.sum += v;
      this.sumSq += v * v;
    }
    this.pairs += outcomes.length;
    this.games += games;
    const value = this.rule.sprt ? this.llr() : this.halfWidth();
    this.path.push({ games: this.games, pairs: this.pairs, value });
    if (this.rule.sprt) {
      const d = this.pairs > 0 ? decide(value, this.bounds!) : 'continue';
      this.decision = d;
    } else if (this.pairs >= 10 && value <= this.rule.width!) {
      this.decision = 'width';
    }
    if (this.decision === 'continue' && this.games >= this.rule.maxGames) this.decision = 'cap';
    return this.decision;
  }

  llr(): number {
    if (this.pairs === 0) return 0;
    return gsprtLlr(this.counts, this.rule.sprt!.d0, this.rule.sprt!.d1, PAIRED_DIFFERENCE);
  }

  mean(): number {
    return this.pairs ? this.sum / this.pairs : NaN;
  }

  /** Half-width of the 95% t interval of the mean outcome (no spread: two pseudo-pairs at ±1, as paired.ts). */
  halfWidth(): number {
    const n = this.pairs;
    if (n < 2) return NaN;
    const m = this.sum / n;
    const ss = Math.max(0, this.sumSq - n * m * m);
    const variance = ss > 1e-12 ? ss / (n - 1) : 2 / (n + 1);
    return studentTQuantile(0.975, n - 1) * Math.sqrt(variance / n);
  }

  /** One line a designer reads: what was decided, on what evidence. */
  describe(): string {
    const r = this.rule;
    const pts = (x: number) => `${(100 * x).toFixed(1)} points`;
    if (r.sprt) {
      const hyp = r.sprt.unit === 'elo' ? `H0: ${r.sprt.elo0} Elo, H1: ${r.sprt.elo1} Elo` : `H0: ${pts(r.sprt.d0)}, H1: ${pts(r.sprt.d1)}`;
      const b = this.bounds!;
      const path = this.path.map((s) => `${s.games}:${s.value.toFixed(2)}`).join(' ');
      const what = this.decision === 'H1' ? `decided H1 (LLR ${this.llr().toFixed(2)} ≥ ${b.upper.toFixed(2)})`
        : this.decision === 'H0' ? `decided H0 (LLR ${this.llr().toFixed(2)} ≤ ${b.lower.toFixed(2)})`
          : this.decision === 'cap' ? `undecided at the cap of ${r.maxGames} games (LLR ${this.llr().toFixed(2)} within [${b.lower.toFixed(2)}, ${b.upper.toFixed(2)}])`
            : 'not decided yet';
      return `SPRT (${hyp}, α ${r.sprt.alpha}, β ${r.sprt.beta}): ${what} after ${this.games} games; LLR path (games:LLR) ${path}`;
    }
    const what = this.decision === 'width' ? `reached ±${pts(this.halfWidth())} ≤ ±${pts(r.width!)}`
      : this.decision === 'cap' ? `stopped at the cap of ${r.maxGames} games at ±${pts(this.halfWidth())} (target ±${pts(r.width!)})`
        : 'not reached yet';
    return `target width ±${pts(r.width!)}: ${what} after ${this.games} games`;
  }
}

/**
 * Plays `spec` in batches of `batchPairs` seed pairs per pairing (pairs 0…, then the next
 * ones: the same seeds a fixed run of that length plays) until `after` returns true, which
 * reads each batch's own aggregates and its pair range [from, to). Returns the batches merged,
 * as one run. No journal: a stopped run is replayed from its seed.
 */
export async function runInBatches(
  spec: RunSpec,
  batchPairs: number,
  after: (batch: RunResult, from: number, to: number) => boolean,
  hooks: RunHooks = {},
): Promise<RunResult & { batches: number; pairs: number }> {
  const totals = new Map<string, Aggregate>(spec.arms.map((a) => [a.label, emptyAggregate()]));
  let games = 0, seconds = 0, tasks = 0, batches = 0;
  for (;;) {
    const from = batches * batchPairs;
    const res = await runSimulation({ ...spec, gamesPerPairing: 2 * batchPairs, firstPair: from }, {
      onRows: hooks.onRows,
      onAbortable: hooks.onAbortable,
      onProgress: hooks.onProgress ? (d, t, s) => hooks.onProgress!(games + d, games + t, s) : undefined,
      // Each batch is a run of its own (its first pair is in the plan): queued ones too.
      executor: hooks.executor,
    });
    for (const [label, agg] of res.aggregates) mergeInto(totals.get(label)!, agg);
    games += res.games;
    seconds += res.seconds;
    tasks += res.tasks;
    batches++;
    if (after(res, from, from + batchPairs)) break;
  }
  return { aggregates: totals, games, resumedGames: 0, seconds, tasks, batches, pairs: batches * batchPairs };
}
