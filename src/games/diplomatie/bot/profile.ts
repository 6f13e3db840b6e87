// Profiles of the Diplomatie heuristic bot: weights as data (profiles/NAME.json), checked at
// load. Values are in points, the card budget's unit (README, "Card budget"): 1 point = 1
// Puissance, a card in hand about 12, a PD about 24.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../../../core/json.ts';
import aggressiveProfile from './profiles/aggressive.json' with { type: 'json' };
import controlProfile from './profiles/control.json' with { type: 'json' };
import defaultProfile from './profiles/default.json' with { type: 'json' };
import diplomatProfile from './profiles/diplomat.json' with { type: 'json' };

/** Every weight a profile must give. */
export const DIP_WEIGHT_KEYS = [
  'card', // one card in hand (what a card spent on a cost or an attachment is worth)
  'drawn', // share of `card` a card drawn now is worth (below 1: a draw is not a card chosen)
  'board', // one point of Puissance on the board
  'pv', // one PV the opponent loses
  'pvKeep', // one own PV gained (or not lost)
  'pd', // one PD gained
  'win', // an effect or an attack that wins the game (a loss counts the same, negated)
  'urgency', // how much a PV or PD rises in worth as its track nears its end (0: flat)
  'restraint', // multiplier on what attacking forgoes: the restraint PD and Diplomacy card (R10)
  'attackBias', // added to every attack's score (tempo)
  'kill', // multiplier on an opposing creature's worth when it is destroyed
  'lose', // multiplier on an own creature's worth when it is lost
  'exhaustOpp', // share of an opposing creature's worth for exhausting it (it cannot attack, it can be killed)
  'threat', // per point of Puissance of an opposing attack prevented (exhausting an attacker-to-be)
  'oppTrick', // Puissance an opponent may add in a fight per unknown card in its hand
  'kingdom', // a Kingdom's worth, in multiples of the cards it costs
  'hold', // keeping a quick card for a window rather than playing it on nothing
  'attach', // share of `card` a hand card attached for an Extra Play costs (cards that would sit unused in hand are worth less)
] as const;
export type DipWeightKey = (typeof DIP_WEIGHT_KEYS)[number];
export type DipProfile = Readonly<Record<DipWeightKey, number>>;

export const DIPLOMATIE_PROFILES = ['default', 'aggressive', 'diplomat', 'control'] as const;
export type DipProfileName = (typeof DIPLOMATIE_PROFILES)[number];

export class DipProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DipProfileError';
  }
}

/** Checks a parsed profile: every weight a finite number, nothing unknown; the error names the file and the field. */
export function parseDipProfile(data: unknown, file: string): DipProfile {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new DipProfileError(`${file}: expected a JSON object of weights`);
  const obj = data as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (k === 'description') {
      if (typeof obj[k] !== 'string') throw new DipProfileError(`${file}: "description" must be a string`);
      continue;
    }
    if (!(DIP_WEIGHT_KEYS as readonly string[]).includes(k)) {
      throw new DipProfileError(`${file}: unknown weight "${k}" (valid: ${DIP_WEIGHT_KEYS.join(', ')})`);
    }
  }
  const w = (k: DipWeightKey): number => {
    const v = obj[k];
    if (v === undefined) throw new DipProfileError(`${file}: weight "${k}" is missing`);
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new DipProfileError(`${file}: weight "${k}" must be a finite number, got ${JSON.stringify(v) ?? String(v)}`);
    }
    return v;
  };
  // One object literal, in DIP_WEIGHT_KEYS' order, so that V8 gives it fast properties: filled
  // key by key, an object of this many keys turns into a hash table and every read a lookup.
  return {
    card: w('card'), drawn: w('drawn'), board: w('board'), pv: w('pv'), pvKeep: w('pvKeep'), pd: w('pd'), win: w('win'),
    urgency: w('urgency'), restraint: w('restraint'), attackBias: w('attackBias'), kill: w('kill'), lose: w('lose'),
    exhaustOpp: w('exhaustOpp'), threat: w('threat'), oppTrick: w('oppTrick'), kingdom: w('kingdom'), hold: w('hold'), attach: w('attach'),
  };
}

/** Reads and checks a profile file (a path or a file URL). */
export function loadDipProfileFrom(file: string | URL): DipProfile {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new DipProfileError(`${path}: cannot read the profile (${(e as Error).message})`);
  }
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (e) {
    throw new DipProfileError(`${path}: ${(e as Error).message}`);
  }
  return parseDipProfile(data, path);
}

// Imported rather than read at run time, so a bundled worker carries them.
const SHIPPED: Record<DipProfileName, unknown> = {
  default: defaultProfile, aggressive: aggressiveProfile, diplomat: diplomatProfile, control: controlProfile,
};
const cache = new Map<string, DipProfile>();

/** One of the shipped profiles, src/games/diplomatie/bot/profiles/NAME.json. */
export function loadDipProfile(name: string): DipProfile {
  if (!(DIPLOMATIE_PROFILES as readonly string[]).includes(name)) {
    throw new DipProfileError(`unknown Diplomatie profile "${name}" (valid: ${DIPLOMATIE_PROFILES.join(', ')})`);
  }
  let p = cache.get(name);
  if (!p) {
    p = parseDipProfile(SHIPPED[name as DipProfileName], `src/games/diplomatie/bot/profiles/${name}.json`);
    cache.set(name, p);
  }
  return p;
}
