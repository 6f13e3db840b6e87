// The heuristic bot's profiles: weights kept as data (profiles/NAME.json) that say what a
// VP, a kill, a card, a resource, a covered column, an unknown Trap… are worth to the style
// it plays. A profile is checked on load: every weight present and a finite number.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../../../core/json.ts';
import aggroProfile from './profiles/aggro.json' with { type: 'json' };
import controlProfile from './profiles/control.json' with { type: 'json' };
import midrangeProfile from './profiles/midrange.json' with { type: 'json' };

/** Every weight a profile must give (card units unless said otherwise). */
export const WEIGHT_KEYS = [
  'vp', // one Victory Point, in a 5-VP game (scaled by 5 / VP to win: a quick-mode VP is worth more)
  'winBonus', // on top, for the VP that wins (or loses) the game
  'card', // spending one card: the deck clock (every card used is drawn again, R42)
  'exhaust', // share of a VP charged when a card spent now makes the deck run out at the draw
  'resource', // one resource in the pool when something wants it
  'draw', // one card drawn now
  'board', // per point of a character's worth on the board
  'offense', // share of a VP a character is credited with for the weakest opposing column it beats
  'cover', // a column with a character in it (an empty one lets the Environment be hit)
  'open', // emptying an opposing column (share of a VP: the Environment behind it)
  'killAspirant', // destroying an opposing Aspirant or Squire, beyond its board worth
  'killHero', // destroying an opposing Hero, beyond its VP and board worth
  'killLegend', // destroying an opposing Legend, beyond its VP and board worth
  'loseOwn', // multiplier on the worth of an own character lost
  'attackBias', // tempo: a bonus for an attack that should win
  'marginShift', // power added to every estimated defence (caution)
  'oppResponse', // share of the opponent's visible boosts (supports, tap effects, 2a moves) assumed
  'trapRisk', // power an unknown face-down Trap is assumed to swing
  'trapSet', // multiplier on the value of setting a Trap
  'holdBack', // keeping a character untapped for the opponent's turn (supports, 2a moves)
  'supportCost', // multiplier on the cost of tapping a supporter in its own turn
  'pumpUse', // share of a pump in hand counted when estimating an attack
  'recovery', // multiplier on the cost of an attacker returning to hand (R41)
  'heroExposure', // multiplier on the risk of exposing a Hero or Legend as a Defender
  'mulligan', // how much worse than the deck's average a card must be to be put back
  'cycle', // how much worse than the deck's average a card must be to be discarded at end of turn
  'reveal', // revealing an Artefact whose Quest holds
  'artefactHold', // keeping a revealed Artefact for later
] as const;
export type WeightKey = (typeof WEIGHT_KEYS)[number];
export type HeuristicProfile = Readonly<Record<WeightKey, number>>;

export const PROFILES = ['aggro', 'control', 'midrange'] as const;
export type ProfileName = (typeof PROFILES)[number];

export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileError';
  }
}

/**
 * Checks a parsed profile: an object whose weights are all finite numbers (a
 * "description" string may say what it plays). The error names the key and the file.
 */
export function parseProfile(data: unknown, file: string): HeuristicProfile {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ProfileError(`${file}: expected a JSON object of weights`);
  }
  const obj = data as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (k === 'description') {
      if (typeof obj[k] !== 'string') throw new ProfileError(`${file}: "description" must be a string`);
      continue;
    }
    if (!(WEIGHT_KEYS as readonly string[]).includes(k)) {
      throw new ProfileError(`${file}: unknown weight "${k}" (valid: ${WEIGHT_KEYS.join(', ')})`);
    }
  }
  const w = (k: WeightKey): number => {
    const v = obj[k];
    if (v === undefined) throw new ProfileError(`${file}: weight "${k}" is missing`);
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ProfileError(`${file}: weight "${k}" must be a finite number, got ${JSON.stringify(v) ?? String(v)}`);
    }
    return v;
  };
  // One object literal, in WEIGHT_KEYS' order: V8 gives it fast properties, which the scorers
  // read hundreds of times a decision. Filled key by key (`out[k] = …`), an object of this many
  // weights turns into a hash table (dictionary mode) and every read becomes a lookup.
  const out: Record<WeightKey, number> = {
    vp: w('vp'), winBonus: w('winBonus'), card: w('card'), exhaust: w('exhaust'), resource: w('resource'), draw: w('draw'),
    board: w('board'), offense: w('offense'), cover: w('cover'), open: w('open'), killAspirant: w('killAspirant'),
    killHero: w('killHero'), killLegend: w('killLegend'), loseOwn: w('loseOwn'), attackBias: w('attackBias'),
    marginShift: w('marginShift'), oppResponse: w('oppResponse'), trapRisk: w('trapRisk'), trapSet: w('trapSet'),
    holdBack: w('holdBack'), supportCost: w('supportCost'), pumpUse: w('pumpUse'), recovery: w('recovery'),
    heroExposure: w('heroExposure'), mulligan: w('mulligan'), cycle: w('cycle'), reveal: w('reveal'), artefactHold: w('artefactHold'),
  };
  return out;
}

/** Reads and checks a profile file (a path or a file URL). */
export function loadProfileFrom(file: string | URL): HeuristicProfile {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ProfileError(`${path}: cannot read the profile (${(e as Error).message})`);
  }
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (e) {
    throw new ProfileError(`${path}: ${(e as Error).message}`);
  }
  return parseProfile(data, path);
}

// The shipped profiles are imported (not read from disk at run time), so that a bundled
// worker thread carries them too.
const SHIPPED: Record<ProfileName, unknown> = { aggro: aggroProfile, control: controlProfile, midrange: midrangeProfile };

// A simulation makes two bots per game: each shipped profile is checked once, then shared
// (frozen, so that no caller can change it under the others).
const LOADED = new Map<ProfileName, HeuristicProfile>();

/** One of the shipped profiles, profiles/NAME.json beside this file. */
export function loadProfile(name: ProfileName): HeuristicProfile {
  const cached = LOADED.get(name);
  if (cached) return cached;
  if (!(PROFILES as readonly string[]).includes(name)) {
    throw new ProfileError(`unknown heuristic profile "${name}" (valid: ${PROFILES.join(', ')})`);
  }
  const profile = Object.freeze(parseProfile(SHIPPED[name], `src/games/blue-rising/bot/profiles/${name}.json`));
  LOADED.set(name, profile);
  return profile;
}
