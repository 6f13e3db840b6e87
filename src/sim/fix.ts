// The smallest fix: for one card and one numeric field, the value nearest the card's current
// one that brings the decks holding it back into a band. Every value tried is a what-if arm
// (the patch on the decks holding the card, whatif.ts's holderEffect) played on the base arm's
// seeds, so each is compared with the current card pair by pair. The search sweeps the field
// in steps, one each side of the current value and then on toward the band, and bisects the
// gap where the holders' win rate enters the band (or crosses it); all rounds share the seeds.
import { pairedDifference } from '../report/paired.ts';
import { round6 as round6OrNull } from '../report/stats.ts';
import type { GameModule, Variant } from '../core/module.ts';
import { holdersOf, type DeckChange } from './ablate.ts';
import { pairWins, type Aggregate } from './aggregate.ts';
import { runSimulation, type ArmSpec, type RunHooks, type RunSpec } from './run.ts';
import { holderEffect } from './whatif.ts';

const round6 = (x: number): number => round6OrNull(x) ?? NaN;

/**
 * Where the holders' win rate against the decks without the card should lie: a fixed range of
 * win rates, or `field`, the spread (lowest to highest) of the win rates the decks without
 * the card reach against the whole field, measured at the same value.
 */
export type FixTarget = { kind: 'range'; name: string; lo: number; hi: number } | { kind: 'field'; name: 'field' };

/** The named bands `--target` takes; `even` is the default (the report's deck band, metrics.md). */
export const NAMED_TARGETS: Readonly<Record<string, FixTarget>> = {
  even: { kind: 'range', name: 'even', lo: 0.45, hi: 0.55 },
  field: { kind: 'field', name: 'field' },
};
export const DEFAULT_TARGET = 'even';

export interface FixSpec {
  /** The field (every deck of the mode), bots, seed, games per pairing, workers; its arms are ignored. */
  run: RunSpec;
  card: string;
  field: string;
  /** The card's value of the field now, and the values the game's patch schema allows. */
  current: number;
  range: readonly [number, number];
  base: Variant | undefined;
  /** The patch setting the field to a value (the module's sweepPatch). */
  patch(value: number): Record<string, unknown>;
  target: FixTarget;
  /** Sweep step (default: a tenth of the range, at least 1) and values per side and per sweep round (default 1: the next rounds sweep on toward the band only). */
  step?: number;
  perSide?: number;
}

export type BandStatus = 'above' | 'in' | 'below';

export interface FixPoint {
  value: number;
  /** Holders' WR against the decks without the card at this value, 95% t interval on the seed pairs (clipped to [0, 1]). */
  wr: number;
  wrLo: number;
  wrHi: number;
  /** The band at this value (`field`: the spread of the decks without the card here). */
  bandLo: number;
  bandHi: number;
  status: BandStatus;
  /** The holders' paired change from the current value (0 at the current value itself). */
  effect: number;
  lo: number;
  hi: number;
  pairs: number;
  /** The measuring round (0: the sweep). */
  round: number;
}

export interface MatchupChange {
  /** The pairing from the holder's side (`deck` holds the card; both may). */
  deck: string;
  opponent: string;
  /** `deck`'s WR at the current value and at the proposal, and the paired change with its 95% interval. */
  before: number;
  after: number;
  diff: number;
  lo: number;
  hi: number;
  pairs: number;
}

export interface FixResult {
  mode: string;
  card: string;
  field: string;
  current: number;
  holders: string[];
  target: FixTarget;
  /** Every value measured, in order of value. */
  points: FixPoint[];
  /** The value proposed (the current one when it is already in the band) and the change it makes. */
  proposal: number;
  change: number;
  /**
   * in: the proposal lands in the band; nearest: no value does, it is the one nearest the band;
   * already: the current value is in the band; none: no value tried comes nearer than the current one.
   */
  outcome: 'in' | 'nearest' | 'already' | 'none';
  /** Each holder's WR against the whole field, proposal vs current (paired). */
  decks: DeckChange[];
  /** The pairings whose WR the proposal moves, largest change first. */
  matchups: MatchupChange[];
  games: number;
  rounds: number;
  seconds: number;
}

export interface FixHooks extends RunHooks {
  /** A value measured: one line a designer reads as the search goes. */
  onPoint?: (p: FixPoint) => void;
}

/** Seed-pair scores of `deck` against everything, in arm `arm` where the pairing involves a holder, else in the base arm. */
function fieldRate(arm: Aggregate, base: Aggregate, mode: string, deck: string, holders: ReadonlySet<string>): number {
  const tb = base.pairs?.[mode] ?? {}, ta = arm.pairs?.[mode] ?? {};
  let won = 0, games = 0;
  for (const key of Object.keys(tb)) {
    const [a, b] = key.split('\t') as [string, string];
    if (a !== deck && b !== deck) continue;
    // Games between two decks without the card are the base's own: the patch cannot reach them.
    const codes = holders.has(a) || holders.has(b) ? ta[key] : tb[key];
    for (const code of codes ?? []) {
      if (!(typeof code === 'number' && code > 0)) continue;
      const [wa, wb] = pairWins(code);
      won += a === b ? wa + wb : a === deck ? wa : wb;
      games += a === b ? 4 : 2;
    }
  }
  return games ? won / games : NaN;
}

function statusOf(wr: number, lo: number, hi: number): BandStatus {
  return wr > hi ? 'above' : wr < lo ? 'below' : 'in';
}

/** How far a point's WR lies outside its band (0 inside). */
function distance(p: FixPoint): number {
  return p.wr > p.bandHi ? p.wr - p.bandHi : p.wr < p.bandLo ? p.bandLo - p.wr : 0;
}

/** Matchups of the holders, arm minus base, paired by seed pair, from the holder's side. */
export function matchupChanges(arm: Aggregate, base: Aggregate, mode: string, holders: ReadonlySet<string>): MatchupChange[] {
  const ta = arm.pairs?.[mode] ?? {}, tb = base.pairs?.[mode] ?? {};
  const out: MatchupChange[] = [];
  for (const key of Object.keys(ta).sort()) {
    const [a, b] = key.split('\t') as [string, string];
    if (a === b || !(holders.has(a) || holders.has(b))) continue;
    const side = holders.has(a) ? 0 : 1;
    const ca = ta[key]!, cb = tb[key] ?? [];
    const sa: number[] = [], sb: number[] = [];
    for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
      const x = ca[i], y = cb[i];
      if (!(typeof x === 'number' && x > 0 && typeof y === 'number' && y > 0)) continue;
      sa.push(pairWins(x)[side]);
      sb.push(pairWins(y)[side]);
    }
    if (sa.length < 2) continue;
    const p = pairedDifference(sa, sb, 2);
    out.push({ deck: side === 0 ? a : b, opponent: side === 0 ? b : a, before: round6(p.rateB), after: round6(p.rateA), diff: round6(p.diff), lo: round6(p.lo), hi: round6(p.hi), pairs: p.pairs });
  }
  return out.sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff) || x.deck.localeCompare(y.deck, 'fr') || x.opponent.localeCompare(y.opponent, 'fr'));
}

/** Runs the search; the base arm (the current card) plays the whole field, each value the holders' pairings. */
export async function runFix(f: FixSpec, hooks: FixHooks = {}): Promise<FixResult> {
  const mode = f.run.modes[0]!;
  const holderKeys = holdersOf(f.run.sides, f.card, mode);
  const holders = new Set(holderKeys.map((h) => h.split('\t')[1]!));
  const others = f.run.sides.filter((s) => s.mode === mode && !holders.has(s.name)).map((s) => s.name);
  const [min, max] = f.range;
  const step = f.step ?? Math.max(1, Math.round((max - min) / 10));
  const perSide = f.perSide ?? 1;
  const aggs = new Map<number, Aggregate>();
  const points = new Map<number, FixPoint>();
  let base!: Aggregate;
  let games = 0, seconds = 0, round = 0;

  const bandAt = (arm: Aggregate): [number, number] => {
    if (f.target.kind === 'range') return [f.target.lo, f.target.hi];
    const rates = others.map((d) => fieldRate(arm, base, mode, d, holders)).filter((x) => !Number.isNaN(x));
    return rates.length ? [Math.min(...rates), Math.max(...rates)] : [NaN, NaN];
  };
  const pointOf = (value: number, arm: Aggregate): FixPoint => {
    const { p, withScores } = holderEffect(arm, base, mode, holders);
    const own = pairedDifference(withScores, withScores.map(() => 0), 2);
    const [bandLo, bandHi] = bandAt(arm);
    return {
      value, wr: round6(own.rateA), wrLo: round6(Math.max(0, own.lo)), wrHi: round6(Math.min(1, own.hi)), bandLo: round6(bandLo), bandHi: round6(bandHi),
      status: statusOf(own.rateA, bandLo, bandHi), effect: round6(value === f.current ? 0 : p.diff), lo: round6(value === f.current ? 0 : p.lo), hi: round6(value === f.current ? 0 : p.hi),
      pairs: p.pairs, round,
    };
  };
  const measure = async (values: number[]) => {
    const fresh = values.filter((v, i) => v >= min && v <= max && !points.has(v) && values.indexOf(v) === i);
    const arms: ArmSpec[] = [];
    // The current card plays the whole field only where the band needs the other decks' rates.
    if (round === 0) arms.push({ label: 'current', variant: f.base, ...(f.target.kind === 'field' ? {} : { onlyDecks: holderKeys }) });
    for (const v of fresh) if (v !== f.current) arms.push({ label: `${f.field}=${v}`, variant: { ...f.base, patches: [...(f.base?.patches ?? []), f.patch(v)] }, onlyDecks: holderKeys });
    if (!arms.length) return;
    const res = await runSimulation({ ...f.run, modes: [mode], arms, firstPair: 0 }, {
      ...hooks,
      onProgress: hooks.onProgress ? (d, t, s) => hooks.onProgress!(games + d, games + t, s) : undefined,
    });
    games += res.games;
    seconds += res.seconds;
    if (round === 0) {
      base = res.aggregates.get('current')!;
      aggs.set(f.current, base);
      const p = pointOf(f.current, base);
      points.set(f.current, p);
      hooks.onPoint?.(p);
    }
    for (const v of fresh) {
      if (v === f.current) continue;
      const agg = res.aggregates.get(`${f.field}=${v}`)!;
      aggs.set(v, agg);
      const p = pointOf(v, agg);
      points.set(v, p);
      hooks.onPoint?.(p);
    }
    round++;
  };

  // Steps from a value, the last one clamped to the range's end (so the end itself is tried).
  const sweep = (from: number, dir: 1 | -1, n: number) => [...new Set(Array.from({ length: n }, (_, k) => Math.min(max, Math.max(min, from + dir * step * (k + 1)))))].filter((v) => v !== from);
  await measure([f.current, ...sweep(f.current, -1, perSide), ...sweep(f.current, 1, perSide)]);
  const now = points.get(f.current)!;

  let proposal = f.current;
  let outcome: FixResult['outcome'] = 'already';
  if (now.status !== 'in') {
    // Per side, walking outward from the current value: the first value in the band, or the
    // first past it (the WR crossed the band between two values), and the value before it.
    const gapOn = (dir: 1 | -1): [number, number] | null => {
      const vals = [...points.keys()].filter((v) => (v - f.current) * dir > 0).sort((a, b) => (a - b) * dir);
      let prev = f.current;
      for (const v of vals) {
        if (points.get(v)!.status !== now.status) return [prev, v];
        prev = v;
      }
      return null;
    };
    const towards = (dir: 1 | -1) => {
      // Whether the side's farthest value is nearer the band than the current one.
      const vals = [...points.keys()].filter((v) => (v - f.current) * dir > 0);
      if (!vals.length) return Infinity;
      const far = dir === 1 ? Math.max(...vals) : Math.min(...vals);
      return distance(points.get(far)!) < distance(now) ? distance(points.get(far)!) : Infinity;
    };
    // Sweep on toward the band while no side has reached it and one side draws nearer.
    for (;;) {
      if (gapOn(-1) || gapOn(1)) break;
      const down = towards(-1), up = towards(1);
      if (down === Infinity && up === Infinity) break;
      const dir: 1 | -1 = down <= up ? -1 : 1;
      const vals = [...points.keys()];
      const next = sweep(dir === 1 ? Math.max(...vals) : Math.min(...vals), dir, perSide);
      if (!next.length) break;
      await measure(next);
    }
    const gaps = ([-1, 1] as const).map((d) => gapOn(d)).filter((g): g is [number, number] => g !== null);
    if (gaps.length) {
      // The side whose gap ends nearer the current value; then bisect that gap down to adjacent values.
      gaps.sort((a, b) => Math.abs(a[1] - f.current) - Math.abs(b[1] - f.current) || distance(points.get(a[1])!) - distance(points.get(b[1])!));
      let [out, edge] = gaps[0]!;
      while (Math.abs(edge - out) > 1) {
        // A gap of one or two values is played in one round (a round costs a worker pool's start); a wider one is halved.
        const dir = Math.sign(edge - out);
        const inside = Math.abs(edge - out) <= 3 ? Array.from({ length: Math.abs(edge - out) - 1 }, (_, k) => out + dir * (k + 1)) : [Math.trunc((out + edge) / 2)];
        await measure(inside);
        for (const v of inside) {
          if (points.get(v)!.status !== now.status) {
            edge = v;
            break;
          }
          out = v;
        }
      }
      const e = points.get(edge)!;
      if (e.status === 'in') {
        proposal = edge;
        outcome = 'in';
      } else {
        // Adjacent values on either side of the band: the one nearer it (the smaller change on a tie).
        const o = points.get(out)!;
        proposal = distance(o) <= distance(e) ? out : edge;
        outcome = 'nearest';
      }
    } else {
      const best = [...points.values()].sort((a, b) => distance(a) - distance(b) || Math.abs(a.value - f.current) - Math.abs(b.value - f.current))[0]!;
      proposal = best.value;
      outcome = 'nearest';
    }
  }
  if (outcome === 'nearest' && proposal === f.current) outcome = 'none';
  const chosen = aggs.get(proposal)!;
  const { decks } = holderEffect(chosen, base, mode, holders);
  return {
    mode, card: f.card, field: f.field, current: f.current, holders: [...holders], target: f.target,
    points: [...points.values()].sort((a, b) => a.value - b.value),
    proposal, change: proposal - f.current, outcome,
    decks, matchups: proposal === f.current ? [] : matchupChanges(chosen, base, mode, holders),
    games, rounds: round, seconds,
  };
}

/** Bad input to a fix: an unknown field, a card that does not carry it, a band outside [0, 1]. */
export class FixError extends Error {}

type Prop = { type?: string; minimum?: number; maximum?: number; properties?: Record<string, Prop> };

/**
 * The numeric field a fix may step (the game's sweep fields), the card's value of it and the
 * values its patch schema allows. A field nested in the patch (Blue Rising's keyword X) that the
 * card lacks counts as 0, as its patches do. Without `field`: `power` where the game has it and
 * the card carries it, else the first sweep field the card carries.
 */
export function fixField(m: GameModule, cards: readonly Record<string, unknown>[], card: string, field: string | undefined, where = '--field'): { field: string; current: number; range: [number, number] } {
  const fields = m.patches.sweepFields;
  const def = cards.find((c) => c.name === card);
  if (!def) throw new FixError(`--card: unknown card "${card}"`);
  const valueOf = (k: string): number | undefined => {
    if (typeof def[k] === 'number') return def[k] as number;
    for (const v of Object.values(def)) if (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as Record<string, unknown>)[k] === 'number') return (v as Record<string, number>)[k];
    return undefined;
  };
  const props = ((m.patches.schema as Prop).properties ?? {}) as Record<string, Prop>;
  const propOf = (k: string): { prop: Prop; nested: boolean } | undefined => {
    if (props[k]) return { prop: props[k]!, nested: false };
    for (const p of Object.values(props)) if (p.properties?.[k]) return { prop: p.properties[k]!, nested: true };
    return undefined;
  };
  const chosen = field ?? (fields.includes('power') && valueOf('power') !== undefined ? 'power' : fields.find((k) => valueOf(k) !== undefined));
  if (chosen === undefined) throw new FixError(`--card: "${card}" carries none of the numeric fields of ${m.id} (${fields.join(', ')})`);
  if (!fields.includes(chosen)) throw new FixError(`${where}: "${chosen}" is not a numeric patch field of ${m.id} (fields: ${fields.join(', ')})`);
  const found = propOf(chosen);
  let current = valueOf(chosen);
  if (current === undefined && found?.nested) current = 0;
  if (current === undefined) throw new FixError(`${where}: "${card}" has no ${chosen}`);
  const range: [number, number] = [found?.prop.minimum ?? 0, found?.prop.maximum ?? Math.max(30, 2 * current)];
  return { field: chosen, current, range };
}

/** `--target LO,HI` (win rates in [0, 1]) or a named band. */
export function parseTarget(text: string, where = '--target'): FixTarget {
  const named = NAMED_TARGETS[text.trim()];
  if (named) return named;
  const m = /^\s*([^,]+),([^,]+)\s*$/.exec(text);
  if (!m) throw new FixError(`${where}: "${text}": expected LO,HI (win rates, e.g. 0.45,0.55) or a named band (${Object.keys(NAMED_TARGETS).join(', ')})`);
  const lo = Number(m[1]), hi = Number(m[2]);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new FixError(`${where}: "${text}": expected two numbers, LO,HI`);
  if (lo < 0 || hi > 1 || lo > 1 || hi < 0) throw new FixError(`${where}: ${text} lies outside [0, 1] (win rates, e.g. 0.45,0.55)`);
  if (!(lo < hi)) throw new FixError(`${where}: ${text}: LO must be below HI`);
  return { kind: 'range', name: `${lo},${hi}`, lo, hi };
}
