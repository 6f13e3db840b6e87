// Bot profiles are JSON data (profiles/*.json): weights per verb and a few combat habits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERBS } from '../catalogue/schema.ts';

export interface Profile {
  name: string;
  note: string;
  /** Attackers with less ATQ stay home. */
  attackMinAtq: number;
  /** Characters kept back from attacking, the sturdiest first. */
  holdBackBlockers: number;
  /** And at least this many per opposing character (R30, R32: the clock punishes an empty defence). */
  holdBackPerOpposingCharacter: number;
  /** What one PV of one's own is worth against a character's value (blocking, R32). */
  pvValue: number;
  /** Block only when the blocker survives or kills its attacker (unless PV are low). */
  blockOnlyIfSurvivesOrKills: boolean;
  blockWhenPvBelow: number;
  /** Attack with any character no single eligible blocker could kill, whatever the hold-back says. */
  attackWhenSafe: boolean;
  /** Weight of the characters R24 would destroy when a character is played over the cap. */
  capLossFactor: number;
  /** Factor on an until-end-of-turn ATQ or PV change given outside combat (it would fade unused). */
  outOfCombatBuff: number;
  /** A play is made when its score exceeds this. */
  playThreshold: number;
  verbs: Record<(typeof VERBS)[number], number>;
  character: { atq: number; pv: number; level: number };
}

export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileError';
  }
}

/** Loads and checks a profile; a missing verb weight or field is named. */
export function loadProfile(name: string, dir = join(import.meta.dirname, 'profiles')): Profile {
  const file = join(dir, `${name}.json`);
  return checkProfile(JSON.parse(readFileSync(file, 'utf8')), file);
}

/** Checks a profile's fields (a shipped one is imported, so that a bundled worker needs no file). */
export function checkProfile(json: unknown, file: string): Profile {
  const p = json as Profile;
  for (const f of ['attackMinAtq', 'holdBackBlockers', 'holdBackPerOpposingCharacter', 'pvValue', 'blockWhenPvBelow', 'playThreshold', 'capLossFactor', 'outOfCombatBuff'] as const) {
    if (typeof p[f] !== 'number') throw new ProfileError(`${file}: ${f}: expected a number`);
  }
  for (const f of ['blockOnlyIfSurvivesOrKills', 'attackWhenSafe'] as const) {
    if (typeof p[f] !== 'boolean') throw new ProfileError(`${file}: ${f}: expected true or false`);
  }
  for (const v of VERBS) if (typeof p.verbs?.[v] !== 'number') throw new ProfileError(`${file}: verbs.${v}: expected a number`);
  return p;
}
