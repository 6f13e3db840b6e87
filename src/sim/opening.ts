// The nightly's opening variants (issue #17, part 4, within the nightly's budget): the base rules
// and each of the game's declared opening variants (GameModule.rules.opening) as arms of one run
// on the first games of the nightly's own plan (its seed, decks, bots and base variant), so every
// arm plays the same seed pairs: each arm's first-player win rate with its Wilson interval, its
// change from the base paired by seed pair (first-player.ts), and each deck's paired change.
import { join } from 'node:path';
import type { OpeningHook } from '../core/module.ts';
import { compareArms, type Difference } from './compare.ts';
import { firstPlayerRows, type FirstPlayerRow } from './first-player.ts';
import { atomicWrite, stableJson } from './output.ts';
import { pairings, runSimulation, type ArmSpec, type RunHooks, type RunSpec } from './run.ts';

/** A knob stepped over values: each value's arm, the base at the knob's own value. */
export interface KnobSweep {
  rule: string;
  base: number;
  points: { value: number; arm: string }[];
}

export interface VariantsResult {
  /** Why nothing was played (a game with no opening knobs, no budget); the rest is then empty. */
  skipped?: string;
  modes: string[];
  gamesPerPairing: number;
  /** Games of every arm together, and the share of the nightly's base games it was sized as. */
  games: number;
  share: number;
  seconds: number;
  /** Arm name → its description. */
  descriptions: Record<string, string>;
  firstPlayer: FirstPlayerRow[];
  /** Each deck's win rate, arm minus base, paired by seed pair. */
  differences: Difference[];
  knobSweeps: KnobSweep[];
}

export const VARIANTS_JSON = 'variants.json';

/** The arm a knob value gets, as an experiment's knob sweep names it. */
export const knobArm = (rule: string, value: number) => `${rule}=${value}`;

/** The modes the question is asked in: the declared ones the run has, else every mode of the run. */
export function openingModes(opening: OpeningHook, runModes: readonly string[]): string[] {
  const declared = (opening.modes ?? []).filter((m) => runModes.includes(m));
  return declared.length ? declared : [...runModes];
}

/** Arms of the variant run: the base, each variant, each sweep value (rules over the base's). */
export function openingArms(opening: OpeningHook, base: ArmSpec): ArmSpec[] {
  const over = (rules: Record<string, unknown>) => ({ ...base.variant, rules: { ...(base.variant?.rules ?? {}), ...rules } });
  const arms: ArmSpec[] = [{ label: 'base', variant: base.variant }];
  for (const v of opening.variants) arms.push({ label: v.name, description: v.description, variant: over(v.rules) });
  const s = opening.sweep;
  if (s) for (const value of s.values) arms.push({ label: knobArm(s.rule, value), description: `${s.rule} = ${value}`, variant: over({ [s.rule]: value }) });
  return arms;
}

/**
 * Games per pairing for the variant run: `share` of the base arm's games, split evenly over the
 * arms and the pairings of the chosen modes; even, at least one seed pair.
 */
export function variantGames(spec: RunSpec, modes: readonly string[], arms: number, share: number): number {
  const all = pairings(spec).length, ours = pairings({ ...spec, modes: [...modes] }).length;
  const budget = share * spec.gamesPerPairing * all;
  return Math.max(2, 2 * Math.floor(budget / (arms * Math.max(1, ours)) / 2));
}

/** Plays the variants and measures them. */
export async function runOpeningVariants(spec: RunSpec, opening: OpeningHook, baseValueOf: (rule: string) => number, share: number, hooks: RunHooks = {}): Promise<VariantsResult> {
  const modes = openingModes(opening, spec.modes);
  const arms = openingArms(opening, spec.arms[0] ?? { label: 'base' });
  const gamesPerPairing = variantGames(spec, modes, arms.length, share);
  const res = await runSimulation({ ...spec, modes, arms, gamesPerPairing, firstPair: 0, wantRows: false }, hooks);
  const base = res.aggregates.get('base')!;
  const rulesOf = (a: ArmSpec) => (a.variant?.rules ?? undefined) as Record<string, unknown> | undefined;
  const firstPlayer = firstPlayerRows({ label: 'base', agg: base, sameGames: true }, arms.slice(1).map((a) => ({ label: a.label, agg: res.aggregates.get(a.label)!, rules: rulesOf(a), sameGames: true })));
  const differences = arms.slice(1).flatMap((a) => compareArms(base, res.aggregates.get(a.label)!, a.label, [], true)).filter((d) => d.kind === 'deck');
  const s = opening.sweep;
  const knobSweeps: KnobSweep[] = s ? [{ rule: s.rule, base: baseValueOf(s.rule), points: s.values.map((value) => ({ value, arm: knobArm(s.rule, value) })) }] : [];
  return {
    modes, gamesPerPairing, games: res.games, share, seconds: Math.round(res.seconds * 1000) / 1000,
    descriptions: Object.fromEntries(arms.filter((a) => a.description).map((a) => [a.label, a.description!])),
    firstPlayer, differences, knobSweeps,
  };
}

/** What the nightly writes when it plays no variant. */
export function skippedVariants(why: string, share: number): VariantsResult {
  return { skipped: why, modes: [], gamesPerPairing: 0, games: 0, share, seconds: 0, descriptions: {}, firstPlayer: [], differences: [], knobSweeps: [] };
}

export function writeVariants(dir: string, r: VariantsResult): void {
  atomicWrite(join(dir, VARIANTS_JSON), stableJson(r));
}
