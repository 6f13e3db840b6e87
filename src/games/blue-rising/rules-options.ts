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
  /** R13: cards drawn by the first and the second player. */
  openingDraw: readonly [number, number];
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
  endOfTurnDiscardsGiveResources: false,
  faultCard: null,
};

export const RULES: Record<Mode, RuleOptions> = {
  standard: STANDARD,
  // R60: everything else as in standard mode.
  quick: { ...STANDARD, vpToWin: 3, setupAspirants: 3, artefacts: false },
};

export function rulesFor(mode: Mode, overrides: Partial<RuleOptions> = {}): RuleOptions {
  return { ...RULES[mode], ...overrides };
}

export class RuleOptionError extends Error {}

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
    else if (kind === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw new RuleOptionError(`--rule ${key}: expected true or false, got "${raw}"`);
      out[key] = raw === 'true';
    } else if (kind === 'number') {
      if (!/^\d+$/.test(raw) || Number(raw) > 100000) throw new RuleOptionError(`--rule ${key}: expected a non-negative integer, got "${raw}"`);
      out[key] = Number(raw);
    } else {
      throw new RuleOptionError(`--rule ${key}: cannot be set from the command line`);
    }
  }
  return out as Partial<RuleOptions>;
}
