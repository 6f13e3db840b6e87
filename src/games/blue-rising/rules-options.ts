// Every number of the rules and every decision the engine takes where the seeds are silent
// (D…), in one place, named. A designer flips a knob here (or in an experiment), never in
// the rules code.

export type Mode = 'standard' | 'quick';
export const MODES: readonly Mode[] = ['standard', 'quick'];

export interface RuleOptions {
  /** R1 / R60: VP that win the game at once. */
  vpToWin: number;
  /** R11 / R60: Aspirants chosen at setup. */
  setupAspirants: number;
  /** R2 / R60: is an Artefact used? */
  artefacts: boolean;
  /** R13: cards drawn by the first and the second player (`--rule openingDraw=4,5`). */
  openingDraw: readonly [number, number];
  /** R17 / R33: the first player may attack on the game's first turn (false: from turn 2 on). */
  firstTurnAttack: boolean;
  /** Resources in the second player's pool when their first turn begins (R20, R21: spent or lost that turn). */
  secondPlayerResources: number;
  /** R19a: resources a card discarded from hand makes (also D26's end-of-turn discards). */
  discardResource: number;
  /** R18: hand size the active player draws up to, and discards down to, at end of turn. */
  handSize: number;
  /** D5: the game is a draw when this turn begins without a winner (turns 1..cap-1 are played). */
  turnCap: number;
  /** R42: VP the opponent scores when a player must draw from an empty deck. */
  exhaustionVp: number;
  /** D3: Aspirants placed at setup are not disoriented on turn 1. */
  setupDisoriented: boolean;
  /** D8: a character of the same name as one in play may only replace that very one. */
  uniquenessReplaceSelfOnly: boolean;
  /** D11: Environment tap effects are usable in attack windows. */
  environmentTapInWindows: boolean;
  /** D14: Objects may be equipped only on your own characters. */
  objectsOnOwnOnly: boolean;
  /** D15: the Attacker may support itself only if something untapped it (support taps). */
  supportTaps: boolean;
  /** D16: an Environment Defender can receive Support. */
  environmentSupport: boolean;
  /** D17: a character leaving play other than to hand sends its Object to the discard. */
  objectFollowsToDiscard: boolean;
  /** D25: Traps the defender may place during step 2a. */
  reactionTraps: number;
  /** R29 / R37: cost to place a Trap during step 2a. */
  reactionTrapCost: number;
  /** R26: VP the opponent must have before a Legend can be played. */
  legendMinOpponentVp: number;
  /** R40: VP for beating an Environment Defender. */
  environmentVp: number;
  /** R5 / R40 / R48: VP for destroying an Aspirant, a Hero, a Legend in combat (a Squire scores 0). */
  aspirantVp: number;
  heroVp: number;
  legendVp: number;
  /** R35: Supports each player may give per attack. */
  supportsPerAttack: number;
  /** D26: end-of-turn discards make resources (false: the pool is already gone). */
  endOfTurnDiscardsGiveResources: boolean;
  /** Test-only fault injection: the engine throws when a card of this name is played. */
  faultCard: string | null;
}

const STANDARD: RuleOptions = {
  vpToWin: 5,
  setupAspirants: 4,
  artefacts: true,
  openingDraw: [3, 5],
  firstTurnAttack: true,
  secondPlayerResources: 0,
  discardResource: 1,
  handSize: 5,
  turnCap: 200,
  exhaustionVp: 1,
  setupDisoriented: false,
  uniquenessReplaceSelfOnly: true,
  environmentTapInWindows: false,
  objectsOnOwnOnly: true,
  supportTaps: true,
  environmentSupport: false,
  objectFollowsToDiscard: true,
  reactionTraps: 1,
  reactionTrapCost: 1,
  legendMinOpponentVp: 1,
  environmentVp: 1,
  aspirantVp: 0,
  heroVp: 1,
  legendVp: 2,
  supportsPerAttack: 1,
  endOfTurnDiscardsGiveResources: false,
  faultCard: null,
};

export const RULES: Record<Mode, RuleOptions> = {
  standard: STANDARD,
  // R60: everything else as in standard mode.
  quick: { ...STANDARD, vpToWin: 3, setupAspirants: 3, artefacts: false },
};

export class RuleOptionError extends Error {}

type NumericKnob = { [K in keyof RuleOptions]: RuleOptions[K] extends number ? K : never }[keyof RuleOptions];

/**
 * The values each number may take: outside them no game can be played (a turn cap that ends
 * every game before both players had a turn, no VP to win) or the engine's fixed bands break
 * (a mulligan mask covers 5 cards, six slots, hands of at most 40).
 */
export const KNOB_RANGES: Readonly<Record<NumericKnob, readonly [number, number]>> = {
  vpToWin: [1, 100],
  setupAspirants: [1, 6],
  discardResource: [1, 5],
  handSize: [1, 40],
  turnCap: [3, 30000],
  exhaustionVp: [0, 100],
  reactionTraps: [0, 3],
  reactionTrapCost: [0, 40],
  legendMinOpponentVp: [0, 100],
  environmentVp: [0, 100],
  aspirantVp: [0, 100],
  heroVp: [0, 100],
  legendVp: [0, 100],
  supportsPerAttack: [0, 6],
  secondPlayerResources: [0, 20],
};
/** R13: each opening draw, within the mulligan's 5-card mask. */
const OPENING_DRAW_RANGE = [0, 5] as const;

function inRange(key: string, v: number, [lo, hi]: readonly [number, number]): void {
  if (!Number.isInteger(v) || v < lo || v > hi) throw new RuleOptionError(`rule ${key}: ${v} is out of range ${lo}..${hi}`);
}

/** Refuses values with which no game is possible, naming the knob, its value and the range. */
export function checkRuleOptions(o: RuleOptions): void {
  for (const [key, range] of Object.entries(KNOB_RANGES)) inRange(key, o[key as NumericKnob], range);
  if (o.openingDraw.length !== 2) throw new RuleOptionError(`rule openingDraw: expected two numbers, got ${o.openingDraw.length}`);
  for (const v of o.openingDraw) inRange('openingDraw', v, OPENING_DRAW_RANGE);
  if (o.environmentVp === 0 && o.aspirantVp === 0 && o.heroVp === 0 && o.legendVp === 0 && o.exhaustionVp === 0) {
    throw new RuleOptionError('rules environmentVp, aspirantVp, heroVp, legendVp, exhaustionVp: all 0, so no VP can ever be scored (one must be 1 or more)');
  }
  // A Support that does not tap leaves its character free to support again: the engine keeps
  // no list of the attack's supporters, so several Supports an attack need the tap.
  if (!o.supportTaps && o.supportsPerAttack > 1) {
    throw new RuleOptionError(`rules supportTaps=false with supportsPerAttack=${o.supportsPerAttack}: one character could support ${o.supportsPerAttack} times in an attack (with supportTaps=false, supportsPerAttack must be 0 or 1)`);
  }
}

export function rulesFor(mode: Mode, overrides: Partial<RuleOptions> = {}): RuleOptions {
  for (const key of Object.keys(overrides)) {
    if (!(key in RULES[mode])) throw new RuleOptionError(`rule ${key}: unknown rule knob (valid: ${Object.keys(RULES[mode]).join(', ')})`);
  }
  const o = { ...RULES[mode], ...overrides };
  checkRuleOptions(o);
  return o;
}

/** Parses "key=value" rule overrides (numbers, true/false, or a name), naming the bad one. */
export function parseRuleOverrides(items: readonly string[]): Partial<RuleOptions> {
  const out: Record<string, unknown> = {};
  const base = RULES.standard as unknown as Record<string, unknown>;
  for (const item of items) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(item.trim());
    if (!m) throw new RuleOptionError(`--rule "${item}": expected key=value`);
    const [, key, raw] = m as unknown as [string, string, string];
    if (!(key in base)) throw new RuleOptionError(`--rule ${key}: unknown rule knob (valid: ${Object.keys(base).join(', ')})`);
    const kind = typeof base[key];
    if (key === 'faultCard') out[key] = raw === '' ? null : raw;
    else if (key === 'openingDraw') {
      // Two counts, the first player's then the second's: "4,5".
      const d = /^(\d+),(\d+)$/.exec(raw.replace(/\s+/g, ''));
      if (!d) throw new RuleOptionError(`--rule openingDraw: expected two counts "FIRST,SECOND" (e.g. 3,5), got "${raw}"`);
      const v = [Number(d[1]), Number(d[2])] as const;
      for (const x of v) if (x < OPENING_DRAW_RANGE[0] || x > OPENING_DRAW_RANGE[1]) throw new RuleOptionError(`--rule openingDraw=${raw}: a count is out of range ${OPENING_DRAW_RANGE[0]}..${OPENING_DRAW_RANGE[1]}`);
      out[key] = v;
    }
    else if (kind === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw new RuleOptionError(`--rule ${key}: expected true or false, got "${raw}"`);
      out[key] = raw === 'true';
    } else if (kind === 'number') {
      if (!/^\d+$/.test(raw)) throw new RuleOptionError(`--rule ${key}: expected a non-negative integer, got "${raw}"`);
      const [lo, hi] = KNOB_RANGES[key as NumericKnob];
      const v = Number(raw);
      if (v < lo || v > hi) throw new RuleOptionError(`--rule ${key}=${raw}: out of range ${lo}..${hi}`);
      out[key] = v;
    } else {
      throw new RuleOptionError(`--rule ${key}: cannot be set from the command line`);
    }
  }
  // Knobs refused together (no VP possible, Supports that do not tap) are caught here, at the
  // edge, rather than in a worker after the run has started.
  for (const mode of MODES) checkRuleOptions({ ...RULES[mode], ...(out as Partial<RuleOptions>) });
  return out as Partial<RuleOptions>;
}
