// Every number of the Diplomatie rules and every decision (D…) the engine takes where the
// seed is silent and a designer may want the other reading: one named knob each, with its
// default and its valid range. The rules code reads only this record.

export interface DipRuleOptions {
  /** R1: PV each player starts with. */
  startPV: number;
  /** R2: PD that win at once. */
  pdToWin: number;
  /** D2, D40: the game is a draw when this turn would begin without a winner. */
  turnCap: number;
  /** R6, D6: main deck size (exactly) and Diplomacy deck size. */
  deckSize: number;
  diplomacyDeckSize: number;
  /** D6: copies of one card allowed in a deck; 0 = no limit (the seed states none). */
  maxCopies: number;
  /** R7: cards each player draws at setup. */
  openingHand: number;
  /** R8: cards drawn at the start of a turn. */
  turnDraw: number;
  /** D10: the first player draws on their first turn too. */
  firstPlayerDraws: boolean;
  /** R11: the first player may not attack on their first turn. */
  firstTurnNoAttack: boolean;
  /** R12: PD the opponent gains per card a player cannot draw at the start of their turn. */
  siegePdPerCard: number;
  /** R10: PD gained for a turn without attacking. */
  restraintPd: number;
  /** R10, D12: a Diplomacy card comes with the restraint PD. */
  restraintDiplomacyCard: boolean;
  /** R14: Light Plays per turn. */
  lightPlaysPerTurn: number;
  /** D15: Extra Plays per turn; 0 = no limit. */
  extraPlaysPerTurn: number;
  /** D17: an evolution may skip levels ('any') or must go exactly one up ('next'). */
  evolutionStep: 'any' | 'next';
  /** D36: which card lists the required symbols: the evolving card, or the base in play. */
  evolutionRequirementOn: 'evolving' | 'base';
  /** D19: creatures may attack the turn they enter play. */
  freshCreaturesAttack: boolean;
  /** D23: declaring an attack exhausts the attacker. */
  attackExhausts: boolean;
  /** D24: the defender may receive an attack with an exhausted creature. */
  defendWithExhausted: boolean;
  /** R24, D26: an attack whose target left play before resolution becomes direct (false: it ends). */
  lostTargetMakesDirect: boolean;
  /** R25, D27: a creature of the defender entering play during a direct attack becomes its target. */
  entryRetargets: boolean;
  /** D14: the response windows at the start and at the end of each turn. */
  turnWindows: boolean;
  /** D33: the name limit applies to triggered abilities too. */
  nameLimitTriggers: boolean;
  /** D33, D38: the name limit applies to Event and Diplomacy cards too. */
  nameLimitEvents: boolean;
  /** D33: the name limit counts one use per (name, ability) ('ability') or one per name ('name'). */
  nameLimitKey: 'ability' | 'name';
  /** D39: targets are checked again at resolution. */
  recheckTargets: boolean;
}

export const DIP_RULES: DipRuleOptions = {
  startPV: 100,
  pdToWin: 6,
  turnCap: 200,
  deckSize: 30,
  diplomacyDeckSize: 6,
  maxCopies: 0,
  openingHand: 4,
  turnDraw: 2,
  firstPlayerDraws: true,
  firstTurnNoAttack: true,
  siegePdPerCard: 1,
  restraintPd: 1,
  restraintDiplomacyCard: true,
  lightPlaysPerTurn: 1,
  extraPlaysPerTurn: 0,
  evolutionStep: 'any',
  evolutionRequirementOn: 'evolving',
  freshCreaturesAttack: true,
  attackExhausts: true,
  defendWithExhausted: true,
  lostTargetMakesDirect: true,
  entryRetargets: true,
  turnWindows: true,
  nameLimitTriggers: true,
  nameLimitEvents: true,
  nameLimitKey: 'ability',
  recheckTargets: true,
};

/** Valid range of each numeric knob, and the values of each named one. */
export const KNOB_RANGES: Readonly<Record<string, readonly [number, number] | readonly string[]>> = {
  startPV: [1, 10000],
  pdToWin: [1, 100],
  turnCap: [2, 10000],
  deckSize: [1, 30],
  diplomacyDeckSize: [0, 6],
  maxCopies: [0, 30],
  openingHand: [0, 30],
  turnDraw: [0, 10],
  siegePdPerCard: [0, 10],
  restraintPd: [0, 10],
  lightPlaysPerTurn: [0, 10],
  extraPlaysPerTurn: [0, 10],
  evolutionStep: ['any', 'next'],
  evolutionRequirementOn: ['evolving', 'base'],
  nameLimitKey: ['ability', 'name'],
};

export class DipRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DipRuleError';
  }
}

/** The defaults with `overrides` applied, every knob checked: a bad one is named. */
export function dipRules(overrides: Partial<Record<keyof DipRuleOptions, unknown>> = {}): DipRuleOptions {
  const out: Record<string, unknown> = { ...DIP_RULES };
  for (const [key, v] of Object.entries(overrides)) {
    if (!(key in DIP_RULES)) throw new DipRuleError(`rule ${key}: unknown Diplomatie knob (valid: ${Object.keys(DIP_RULES).join(', ')})`);
    const def = (DIP_RULES as unknown as Record<string, unknown>)[key];
    const range = KNOB_RANGES[key];
    if (typeof def === 'boolean') {
      if (typeof v !== 'boolean') throw new DipRuleError(`rule ${key}: expected true or false, got ${JSON.stringify(v)}`);
    } else if (typeof def === 'number') {
      const [lo, hi] = range as readonly [number, number];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new DipRuleError(`rule ${key}: expected an integer in [${lo}, ${hi}], got ${JSON.stringify(v)}`);
    } else if (!(range as readonly string[]).includes(v as string)) {
      throw new DipRuleError(`rule ${key}: expected one of ${(range as readonly string[]).join(', ')}, got ${JSON.stringify(v)}`);
    }
    out[key] = v;
  }
  return out as unknown as DipRuleOptions;
}

/** Parses "key=value" overrides (as a command line gives them) into checked knobs. */
export function parseDipRuleOverrides(items: readonly string[]): DipRuleOptions {
  const o: Record<string, unknown> = {};
  for (const item of items) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(item.trim());
    if (!m) throw new DipRuleError(`rule "${item}": expected key=value`);
    const key = m[1]!, raw = m[2]!;
    const def = (DIP_RULES as unknown as Record<string, unknown>)[key];
    o[key] = typeof def === 'boolean' ? (raw === 'true' ? true : raw === 'false' ? false : raw) : typeof def === 'number' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return dipRules(o as Partial<Record<keyof DipRuleOptions, unknown>>);
}
