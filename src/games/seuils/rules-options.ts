// Every number of the Seuils rules and every decision (D…) the engine takes where the seed is
// silent: one named knob each, with its default and its valid range. The rules code reads
// only this record. A range with a single value documents a decision whose other readings
// are not implemented (README, "Knobs").

export interface SeuilsRuleOptions {
  /** D1, D30: the game is a draw when this turn would begin without a winner. */
  turnCap: number;
  /** D1: influence of every faction; 0 = the faction card's own (catalogue, default 25). */
  influence: number;
  /** D2: a player who must draw from an empty deck loses (the seed names no such loss). */
  emptyDeckLoses: boolean;
  /** D3: damage on characters and locations is removed at the end of every turn. */
  damageClearsAtEndOfTurn: boolean;
  /** D4: cards enter play consumed. */
  enterConsumed: boolean;
  /** D5: main-deck size at least this; copies of one card at most maxCopies (0 = no limit). */
  minDeckSize: number;
  maxCopies: number;
  /** D6: who starts: drawn from the game's seed, or always seat 0 (tests). */
  firstPlayer: 'random' | 'seat0';
  /** D7: starting resources must include two basic types when the deck holds two or more. */
  fetchDistinctTypes: boolean;
  /** D7: the deck is shuffled after the starting resources are fetched. */
  shuffleAfterFetch: boolean;
  /** D8: a two-number starting draw gives the first number to the first player, the second to the other (false: both take the first). */
  startingDrawSplit: boolean;
  /** D9: which player mulligans first. */
  mulliganOrder: 'firstPlayerFirst' | 'secondPlayerFirst';
  /** D10 (a): at the start of a turn all your consumed cards are restored. */
  restore: boolean;
  /** D10 (b): the start-of-turn develop choice. */
  develop: 'drawOrResource' | 'draw' | 'resource' | 'none';
  /** D10: restore and develop also happen on the first player's first turn. */
  developOnFirstTurn: boolean;
  /** D11: at develop, any card may be played face down as an iconless resource (pays 1, shows no icon, hidden from the opponent). */
  faceDownResources: boolean;
  /** D12: faction abilities can be used (the faction's "other rules text"). */
  factionAbilities: boolean;
  /** D13: who gets priority first after an item is added: the other player, or the one who added it. */
  priorityAfterAdd: 'opponent' | 'adder';
  /** D14: ending the turn opens a last response window. */
  endOfTurnWindow: boolean;
  /** D15: the non-active player may play tactics and use abilities in windows. */
  respondOnOpponentTurn: boolean;
  /** D16: resources count toward thresholds even when consumed. */
  thresholdCountsConsumed: boolean;
  /** D17: no per-turn limit on abilities ('none', unless the card says so) or every ability once per turn. */
  abilityLimit: 'none' | 'oncePerTurn';
  /** D18: an attached item goes to the discard when its character leaves play (false: it stays, unattached). */
  itemLeavesWithHost: boolean;
  /** D19: defenders must be unconsumed; defenders must have been controlled since the start of the turn. */
  defendersNeedReady: boolean;
  defendersNeedSinceStart: boolean;
  /** D20: the combat windows (R17 step 3, R19 steps 1 and 4) open. */
  combatWindows: boolean;
  /** D21: speeds are read when each speed group starts, or once when the combat starts. */
  speedsReadAt: 'groupStart' | 'combatStart';
  /** D22: attackers must assign to defenders while one is left (no trampling). */
  noTrample: boolean;
  /** D22: in a mixed speed group, which side assigns first. */
  mixedGroupFirst: 'attacker' | 'defender';
  /** D23: where a destroyed card goes. */
  destroyedGoesTo: 'discard';
  /** D23: combat damage beyond what destroys a location: lost, or dealt to the location's faction. */
  locationExcessTo: 'lost' | 'faction';
  /** D24: damage locked onto a recipient that left play: lost, or dealt to that recipient's faction (damage kept alive like a source's). */
  lockedToLeftRecipient: 'lost' | 'faction';
  /** D25: when every attacker has left, the remaining groups are still handled (true) or the combat ends at once (false); survivors are consumed either way. */
  handleGroupsWithoutAttackers: boolean;
  /** D26: at the end of a turn, damage is removed before "until end of turn" effects end. */
  damageClearsBeforeEot: boolean;
  /** D27: the deck validator checks the starting-resources line against the deck. */
  checkStartingResources: boolean;
  /** D28: targets are checked again when a tactic or ability resolves. */
  recheckTargets: boolean;
  /** D29: a resource played in develop opens a response window. */
  developOpensWindow: boolean;
}

export const SEUILS_RULES: SeuilsRuleOptions = {
  turnCap: 200,
  influence: 0,
  emptyDeckLoses: false,
  damageClearsAtEndOfTurn: true,
  enterConsumed: false,
  minDeckSize: 45,
  maxCopies: 0,
  firstPlayer: 'random',
  fetchDistinctTypes: true,
  shuffleAfterFetch: true,
  startingDrawSplit: true,
  mulliganOrder: 'firstPlayerFirst',
  restore: true,
  develop: 'drawOrResource',
  developOnFirstTurn: true,
  faceDownResources: false,
  factionAbilities: true,
  priorityAfterAdd: 'opponent',
  endOfTurnWindow: true,
  respondOnOpponentTurn: true,
  thresholdCountsConsumed: true,
  abilityLimit: 'none',
  itemLeavesWithHost: true,
  defendersNeedReady: true,
  defendersNeedSinceStart: false,
  combatWindows: true,
  speedsReadAt: 'groupStart',
  noTrample: true,
  mixedGroupFirst: 'attacker',
  destroyedGoesTo: 'discard',
  locationExcessTo: 'lost',
  lockedToLeftRecipient: 'lost',
  handleGroupsWithoutAttackers: true,
  damageClearsBeforeEot: true,
  checkStartingResources: true,
  recheckTargets: true,
  developOpensWindow: false,
};

type KnobRange = readonly [number, number] | readonly string[] | readonly boolean[];
/** Valid range of each knob: [min, max] for numbers, the allowed values otherwise. */
export const KNOB_RANGES: Readonly<Record<keyof SeuilsRuleOptions, KnobRange>> = {
  turnCap: [2, 10000],
  influence: [0, 999],
  emptyDeckLoses: [false, true],
  damageClearsAtEndOfTurn: [false, true],
  enterConsumed: [false, true],
  minDeckSize: [1, 63],
  maxCopies: [0, 63],
  firstPlayer: ['random', 'seat0'],
  fetchDistinctTypes: [false, true],
  shuffleAfterFetch: [false, true],
  startingDrawSplit: [false, true],
  mulliganOrder: ['firstPlayerFirst', 'secondPlayerFirst'],
  restore: [false, true],
  develop: ['drawOrResource', 'draw', 'resource', 'none'],
  developOnFirstTurn: [false, true],
  faceDownResources: [false, true],
  factionAbilities: [false, true],
  priorityAfterAdd: ['opponent', 'adder'],
  endOfTurnWindow: [false, true],
  respondOnOpponentTurn: [false, true],
  thresholdCountsConsumed: [false, true],
  abilityLimit: ['none', 'oncePerTurn'],
  itemLeavesWithHost: [false, true],
  defendersNeedReady: [false, true],
  defendersNeedSinceStart: [false, true],
  combatWindows: [false, true],
  speedsReadAt: ['groupStart', 'combatStart'],
  noTrample: [false, true],
  mixedGroupFirst: ['attacker', 'defender'],
  destroyedGoesTo: ['discard'],
  locationExcessTo: ['lost', 'faction'],
  lockedToLeftRecipient: ['lost', 'faction'],
  handleGroupsWithoutAttackers: [true, false],
  damageClearsBeforeEot: [false, true],
  checkStartingResources: [false, true],
  recheckTargets: [false, true],
  developOpensWindow: [false, true],
};

/** The D number(s) each knob settles (README and the tests name them). */
export const KNOB_RULES: Readonly<Record<keyof SeuilsRuleOptions, string>> = {
  turnCap: 'D1, D30', influence: 'D1', emptyDeckLoses: 'D2', damageClearsAtEndOfTurn: 'D3', enterConsumed: 'D4',
  minDeckSize: 'D5', maxCopies: 'D5', firstPlayer: 'D6', fetchDistinctTypes: 'D7', shuffleAfterFetch: 'D7',
  startingDrawSplit: 'D8', mulliganOrder: 'D9', restore: 'D10', develop: 'D10', developOnFirstTurn: 'D10',
  faceDownResources: 'D11', factionAbilities: 'D12', priorityAfterAdd: 'D13', endOfTurnWindow: 'D14',
  respondOnOpponentTurn: 'D15', thresholdCountsConsumed: 'D16', abilityLimit: 'D17', itemLeavesWithHost: 'D18',
  defendersNeedReady: 'D19', defendersNeedSinceStart: 'D19', combatWindows: 'D20', speedsReadAt: 'D21',
  noTrample: 'D22', mixedGroupFirst: 'D22', destroyedGoesTo: 'D23', locationExcessTo: 'D23', lockedToLeftRecipient: 'D24',
  handleGroupsWithoutAttackers: 'D25', damageClearsBeforeEot: 'D26', checkStartingResources: 'D27',
  recheckTargets: 'D28', developOpensWindow: 'D29',
};

export class SeuilsRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeuilsRuleError';
  }
}

/** The defaults with `overrides` applied, every knob checked: a bad one is named. */
export function seuilsRules(overrides: Partial<Record<keyof SeuilsRuleOptions, unknown>> = {}): SeuilsRuleOptions {
  const out: Record<string, unknown> = { ...SEUILS_RULES };
  for (const [key, v] of Object.entries(overrides)) {
    if (!(key in SEUILS_RULES)) throw new SeuilsRuleError(`rule ${key}: unknown Seuils knob (valid: ${Object.keys(SEUILS_RULES).join(', ')})`);
    const def = (SEUILS_RULES as unknown as Record<string, unknown>)[key];
    const range = KNOB_RANGES[key as keyof SeuilsRuleOptions];
    if (typeof def === 'number') {
      const [lo, hi] = range as readonly [number, number];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new SeuilsRuleError(`rule ${key}: expected an integer in [${lo}, ${hi}], got ${JSON.stringify(v)}`);
    } else if (!(range as readonly unknown[]).includes(v)) {
      throw new SeuilsRuleError(`rule ${key}: expected one of ${(range as readonly unknown[]).join(', ')}, got ${JSON.stringify(v)}`);
    }
    out[key] = v;
  }
  return out as unknown as SeuilsRuleOptions;
}

/** Parses "key=value" overrides (as a command line gives them) into checked knobs. */
export function parseSeuilsRuleOverrides(items: readonly string[]): SeuilsRuleOptions {
  const o: Record<string, unknown> = {};
  for (const item of items) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(item.trim());
    if (!m) throw new SeuilsRuleError(`rule "${item}": expected key=value`);
    const key = m[1]!, raw = m[2]!;
    const def = (SEUILS_RULES as unknown as Record<string, unknown>)[key];
    o[key] = typeof def === 'boolean' ? (raw === 'true' ? true : raw === 'false' ? false : raw) : typeof def === 'number' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return seuilsRules(o as Partial<Record<keyof SeuilsRuleOptions, unknown>>);
}
