// Every number of the Paliers rules and every decision (D…) where the seed is silent or
// ambiguous and a designer may want the other reading: one named knob each, with its
// default and its valid range. The rules code reads only this record.

export interface PalRuleOptions {
  /** R1: PV each player starts with. */
  startPV: number;
  /** D1, D43: the game is a draw when this turn would begin without a winner. */
  turnCap: number;
  /** R8: minimum deck size. */
  deckMin: number;
  /** R8: copies of one card name (D7), of a legendary card, and Level Up cards in a deck. */
  maxCopies: number;
  maxLegendary: number;
  maxLevelUps: number;
  /** R9: opening hand. */
  openingHand: number;
  /** R9, D9: the one-time mulligan is offered. */
  mulligan: boolean;
  /** R3: starting and maximum level. */
  startLevel: number;
  maxLevel: number;
  /** R17: the automatic level is given while below this level. */
  autoLevelBelow: number;
  /** D11: the automatic level counts as "a level gained during your last turn" (true gives every other turn). */
  autoLevelBlocksNext: boolean;
  /** D17, D42: the automatic level counts as the first gain of the turn for R22. */
  autoLevelCountsForSecondGain: boolean;
  /** R22: the gain in one's own turn that ends it (2 = the second). */
  turnEndingGain: number;
  /** R19: character-level cap per level, and cards per turn = level + this. */
  capPerLevel: number;
  cardsPerTurnBonus: number;
  /** R14: hand size kept in the discard phase. */
  handLimit: number;
  /** D13: the first player draws on their first turn. */
  firstPlayerDraws: boolean;
  /** D14: drawing from an empty deck loses. */
  emptyDeckLoses: boolean;
  /** D15: "N° du tour" counts rounds (both players' turns = 1) instead of turns. */
  turnNumberIsRound: boolean;
  /** D24: the ⌊turn/2⌋ term needs an unblocked attacker still in combat at the end of the phase. */
  turnTermNeedsLiveAttacker: boolean;
  /** R32: divisor of the turn term. */
  turnTermDivisor: number;
  /** R27: levels at which the 1st, 2nd, 3rd Place slots unlock. */
  placeSlot2Level: number;
  placeSlot3Level: number;
  /** D30: Red (6) fires only in its owner's combat phases. */
  red6OwnCombatOnly: boolean;
  /** D31: Blue (2) shield size per combat phase. */
  blueShield: number;
  /** D33: Violet (5) resurrection is mandatory on the first allied death of a turn (false: it is never used). */
  violet5: boolean;
}

export const PAL_RULES: PalRuleOptions = {
  startPV: 30,
  turnCap: 200,
  deckMin: 50,
  maxCopies: 3,
  maxLegendary: 1,
  maxLevelUps: 8,
  openingHand: 8,
  mulligan: true,
  startLevel: 1,
  maxLevel: 10,
  autoLevelBelow: 5,
  autoLevelBlocksNext: false,
  autoLevelCountsForSecondGain: false,
  turnEndingGain: 2,
  capPerLevel: 2,
  cardsPerTurnBonus: 1,
  handLimit: 8,
  firstPlayerDraws: true,
  emptyDeckLoses: false,
  turnNumberIsRound: false,
  turnTermNeedsLiveAttacker: true,
  turnTermDivisor: 2,
  placeSlot2Level: 4,
  placeSlot3Level: 7,
  red6OwnCombatOnly: false,
  blueShield: 2,
  violet5: true,
};

/** Valid range of each numeric knob. */
export const KNOB_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  startPV: [1, 1000],
  turnCap: [2, 10000],
  deckMin: [1, 64],
  maxCopies: [1, 64],
  maxLegendary: [1, 64],
  maxLevelUps: [0, 64],
  openingHand: [0, 20],
  startLevel: [1, 10],
  maxLevel: [1, 10],
  autoLevelBelow: [0, 11],
  turnEndingGain: [1, 11],
  capPerLevel: [1, 10],
  cardsPerTurnBonus: [0, 10],
  handLimit: [0, 64],
  turnTermDivisor: [1, 100],
  placeSlot2Level: [1, 11],
  placeSlot3Level: [1, 11],
  blueShield: [0, 100],
};

export class PalRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PalRuleError';
  }
}

/** The defaults with `overrides` applied, every knob checked: a bad one is named. */
export function palRules(overrides: Partial<Record<keyof PalRuleOptions, unknown>> = {}): PalRuleOptions {
  const out: Record<string, unknown> = { ...PAL_RULES };
  for (const [key, v] of Object.entries(overrides)) {
    if (v === undefined) continue;
    if (!(key in PAL_RULES)) throw new PalRuleError(`rule ${key}: unknown Paliers knob (valid: ${Object.keys(PAL_RULES).join(', ')})`);
    const def = (PAL_RULES as unknown as Record<string, unknown>)[key];
    if (typeof def === 'boolean') {
      if (typeof v !== 'boolean') throw new PalRuleError(`rule ${key}: expected true or false, got ${JSON.stringify(v)}`);
    } else {
      const [lo, hi] = KNOB_RANGES[key]!;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new PalRuleError(`rule ${key}: expected an integer in [${lo}, ${hi}], got ${JSON.stringify(v)}`);
    }
    out[key] = v;
  }
  const r = out as unknown as PalRuleOptions;
  if (r.startLevel > r.maxLevel) throw new PalRuleError(`rule startLevel: ${r.startLevel} is above maxLevel ${r.maxLevel}`);
  return r;
}

/** Parses "key=value" overrides (as a command line gives them) into checked knobs. */
export function parsePalRuleOverrides(items: readonly string[]): PalRuleOptions {
  const o: Record<string, unknown> = {};
  for (const item of items) {
    const m = /^([A-Za-z0-9]+)=(.*)$/.exec(item.trim());
    if (!m) throw new PalRuleError(`rule "${item}": expected key=value`);
    const key = m[1]!, raw = m[2]!;
    const def = (PAL_RULES as unknown as Record<string, unknown>)[key];
    o[key] = typeof def === 'boolean' ? (raw === 'true' ? true : raw === 'false' ? false : raw) : typeof def === 'number' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return palRules(o as Partial<Record<keyof PalRuleOptions, unknown>>);
}
