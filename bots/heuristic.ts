// The heuristic bot: the one bot that knows Blue Rising. It decodes the legal actions (the
// bands of actions.ts) and scores each one with cheap arithmetic over what its seat may know
// — no search, no clone, no allocation per decision — then plays the best score, ties broken
// by its own seeded stream. Scores are in "card units" (1 ≈ the worth of an average card);
// the weights (a profile, bots/profiles/NAME.json) say what a VP, a kill, a card, a resource,
// a covered column, an unknown Trap… are worth to the style it plays.
//
// Information hiding (a hard rule): it reads its own hand, its own deck as a multiset (never
// its order), both boards (never an opponent's face-down setup Aspirant), both discards, VP,
// pools, the attack context, the opponent's hand and deck SIZES, and only the presence of the
// opponent's face-down Traps and Artefact. It never reads the opponent's hand cards, a deck's
// order, the identity of an opposing face-down card, nor the chance streams.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Game } from '../src/core/game.ts';
import { SeededRng } from '../src/core/rng.ts';
import {
  A_ART_ACTIVATE,
  A_ART_REVEAL,
  A_ATTACK,
  A_EOT_DISCARD,
  A_MOVE,
  A_MULLIGAN,
  A_PASS,
  A_RESIST_PAY,
  A_PAY_DISCARD,
  A_PAY_ENV,
  A_PAY_SACRIFICE,
  A_PAY_TAP,
  A_PLAY,
  A_RESOLVE_TRAP,
  A_SACRIFICE,
  A_SETUP,
  A_SUPPORT,
  A_TAP,
  A_TRAP_2A,
  MAX_LEGAL,
  TARGETS,
} from '../src/games/blue-rising/actions.ts';
import { ROLE_ATTACKER, ROLE_DEFENDER, canTap, charPower, isAdjacent, keywordFlags, resistance, slotOf, supportValue } from '../src/games/blue-rising/board.ts';
import {
  EFFECT_WORDS,
  G_HERO,
  G_LEGEND,
  G_SQUIRE,
  KW_COUNTER,
  KW_RAGE,
  KW_RANGED,
  KW_STEALTH,
  K_ATTACK,
  K_BACK,
  K_COUNTER,
  K_DEFENSE,
  K_FRONT,
  K_RAGE,
  K_RANGED,
  K_RESISTANT,
  K_STEALTH,
  NUM_TRIGGERS,
  S_ADJ_OWN,
  S_ALL_OPP,
  S_ALL_OWN,
  S_ATTACKER,
  S_CHOSEN_ANY,
  S_CHOSEN_OPP,
  S_CHOSEN_OWN,
  S_CHOSEN_OWN_ADJ,
  S_CONTROLLER,
  S_DEFENDER,
  S_OPP_FIGHTER,
  S_OWN_FIGHTER,
  S_SELF,
  S_TARGET,
  TK_NONE,
  TR_ARTEFACT,
  TR_ENTER,
  TR_PLAY,
  TR_SACRIFICE,
  TR_TAP,
  TR_TRAP,
  T_CHARACTER,
  T_EVENT,
  T_OBJECT,
  T_TRAP,
  VP_BY_GRADE,
  V_DESTROY,
  V_DRAW,
  V_GAIN,
  V_KEYWORD,
  V_POWER,
  V_RETURN,
  V_SQUIRES,
  V_SWAP,
  V_TAP,
  V_UNTAP,
  type Catalogue,
} from '../src/games/blue-rising/catalogue/compile.ts';
import { resistExtra } from '../src/games/blue-rising/effects.ts';
import {
  ART_REVEALED,
  BRState,
  DEF_CHAR,
  DEF_ENV,
  O_ACTIVE,
  O_ART,
  O_ART_STATE,
  O_ATK_COLUMN,
  O_ATK_INST,
  O_ATK_RANGED,
  O_ATTACKED,
  O_CURRENT,
  O_DECK,
  O_DECK_N,
  O_DEF_INST,
  O_DEF_KIND,
  O_ENTERED,
  O_ENV,
  O_ENV_TAPPED,
  O_ENV_TPOW,
  O_EQUIP,
  O_FACEDOWN,
  O_HAND,
  O_HAND_N,
  O_IN_ATTACK,
  O_OCC,
  O_PEND_RETURN,
  O_PHASE,
  O_POOL,
  O_RS_SLOT,
  O_STEP,
  O_SUPPORT,
  O_SUPPORTER,
  O_TAPPED,
  O_TBACK,
  O_TFRONT,
  O_TRAP,
  O_TURN,
  O_VP,
  PH_EOT_DISCARD,
  PH_EOT_DOWN,
  PH_MAIN,
  PH_MULLIGAN,
  PH_PAUSE,
  PH_PAY,
  PH_RESIST,
  PH_REACTION,
  PH_SETUP,
  PH_WINDOW,
  ZONE_CAP,
} from '../src/games/blue-rising/state.ts';
import type { Bot } from './bot.ts';
import aggroProfile from './profiles/aggro.json' with { type: 'json' };
import controlProfile from './profiles/control.json' with { type: 'json' };
import midrangeProfile from './profiles/midrange.json' with { type: 'json' };
import { parseJson } from '../src/core/json.ts';

// ======================= profiles =======================

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
  const out = {} as Record<WeightKey, number>;
  for (const k of WEIGHT_KEYS) {
    const v = obj[k];
    if (v === undefined) throw new ProfileError(`${file}: weight "${k}" is missing`);
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ProfileError(`${file}: weight "${k}" must be a finite number, got ${JSON.stringify(v) ?? String(v)}`);
    }
    out[k] = v;
  }
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

/** One of the shipped profiles, bots/profiles/NAME.json. */
export function loadProfile(name: ProfileName): HeuristicProfile {
  if (!(PROFILES as readonly string[]).includes(name)) {
    throw new ProfileError(`unknown heuristic profile "${name}" (valid: ${PROFILES.join(', ')})`);
  }
  return parseProfile(SHIPPED[name], `bots/profiles/${name}.json`);
}

// ======================= what the cards are worth (static, per catalogue) =======================

/** Static summaries of the catalogue, computed once per Catalogue. */
interface CardInfo {
  /** Characters: what one is worth on the board (power points and their equivalents). */
  worth: Float64Array;
  /** Characters: what its on-enter effect is worth. */
  enterW: Float64Array;
  /** What holding the card is worth (before the situation adjusts it). */
  handW: Float64Array;
  /** Traps: what one set face down is worth. */
  trapW: Float64Array;
  /** Objects: a generic worth of the bonus. */
  objW: Float64Array;
  // Per ability slot (card * NUM_TRIGGERS + trigger), base effects only:
  ownPump: Float64Array; // +power (or Attaque+) to an own character or the own fighter
  debuff: Float64Array; // -power to an opposing character / fighter / the Attacker
  defPump: Float64Array; // +power (or Défense+) to the Defender
  draw: Float64Array;
  gain: Float64Array;
  squires: Float64Array;
  destroyOpp: Float64Array;
  removeAtk: Float64Array; // destroys or returns the Attacker
  tapOpp: Float64Array;
  ca: Float64Array; // grants Contre-Attaque
  stealth: Float64Array;
  rage: Float64Array;
  // Per card, the tap effect as a fight boost (for estimating the other side's answers):
  tpSelf: Float64Array;
  tpAdj: Float64Array;
  tpAny: Float64Array;
  tpDebuff: Float64Array;
}

const INFO = new WeakMap<Catalogue, CardInfo>();

function cardInfo(cat: Catalogue): CardInfo {
  let info = INFO.get(cat);
  if (info) return info;
  const n = cat.size;
  const slots = n * NUM_TRIGGERS;
  const f = (k: number) => new Float64Array(k);
  info = {
    worth: f(n), enterW: f(n), handW: f(n), trapW: f(n), objW: f(n),
    ownPump: f(slots), debuff: f(slots), defPump: f(slots), draw: f(slots), gain: f(slots), squires: f(slots),
    destroyOpp: f(slots), removeAtk: f(slots), tapOpp: f(slots), ca: f(slots), stealth: f(slots), rage: f(slots),
    tpSelf: f(n), tpAdj: f(n), tpAny: f(n), tpDebuff: f(n),
  };
  const I = info;
  const prog = cat.program;
  for (let slot = 0; slot < slots; slot++) {
    const start = cat.abStart[slot]!, cnt = cat.abCount[slot]!;
    for (let k = 0; k < cnt; k++) {
      const r = (start + k) * EFFECT_WORDS;
      const verb = prog[r]!, sel = prog[r + 1]!, amt = prog[r + 2]!, kw = prog[r + 3]!, rider = prog[r + 4]!;
      const wgt = rider >= 0 ? 0.4 : 1; // a rider holds only for its faction
      const own = sel === S_SELF || sel === S_CHOSEN_OWN || sel === S_CHOSEN_ANY || sel === S_CHOSEN_OWN_ADJ ||
        sel === S_OWN_FIGHTER || sel === S_ALL_OWN || sel === S_ADJ_OWN || sel === S_TARGET;
      const opp = sel === S_CHOSEN_OPP || sel === S_OPP_FIGHTER || sel === S_ALL_OPP || sel === S_ATTACKER;
      switch (verb) {
        case V_POWER:
          if (amt > 0 && sel === S_DEFENDER) I.defPump[slot] += amt * wgt;
          else if (amt > 0 && own) I.ownPump[slot] += amt * wgt;
          else if (amt < 0 && (opp || sel === S_CHOSEN_ANY)) I.debuff[slot] += -amt * wgt;
          break;
        case V_KEYWORD:
          if (kw === K_ATTACK && own) I.ownPump[slot] += amt * wgt;
          else if (kw === K_DEFENSE && (own || sel === S_DEFENDER)) I.defPump[slot] += amt * wgt;
          else if (kw === K_COUNTER) I.ca[slot] += wgt;
          else if (kw === K_STEALTH) I.stealth[slot] += wgt;
          else if (kw === K_RAGE) I.rage[slot] += wgt;
          break;
        case V_DRAW: I.draw[slot] += amt * wgt; break;
        case V_GAIN: I.gain[slot] += amt * wgt; break;
        case V_SQUIRES: I.squires[slot] += (amt === 0 ? 3 : amt) * wgt; break;
        case V_DESTROY:
          if (sel === S_ATTACKER) I.removeAtk[slot] += wgt;
          else if (sel === S_CHOSEN_OPP || sel === S_CHOSEN_ANY) I.destroyOpp[slot] += wgt;
          else if (sel === S_ALL_OPP) I.destroyOpp[slot] += 3 * wgt;
          break;
        case V_RETURN:
          if (sel === S_ATTACKER) I.removeAtk[slot] += 0.8 * wgt;
          else if (sel === S_CHOSEN_OPP) I.destroyOpp[slot] += 0.5 * wgt;
          break;
        case V_TAP:
          if (sel === S_CHOSEN_OPP || sel === S_CHOSEN_ANY) I.tapOpp[slot] += wgt;
          else if (sel === S_ALL_OPP) I.tapOpp[slot] += 3 * wgt;
          break;
      }
    }
  }
  for (let c = 0; c < n; c++) {
    const t = cat.type[c]!;
    const tap = c * NUM_TRIGGERS + TR_TAP;
    const enter = c * NUM_TRIGGERS + TR_ENTER;
    if (t === T_CHARACTER) {
      // The tap effect as a fight boost.
      const start = cat.abStart[tap]!, cnt = cat.abCount[tap]!;
      for (let k = 0; k < cnt; k++) {
        const r = (start + k) * EFFECT_WORDS;
        if (prog[r + 4]! >= 0) continue;
        const verb = prog[r]!, sel = prog[r + 1]!, amt = prog[r + 2]!, kw = prog[r + 3]!;
        const p = verb === V_POWER ? amt : verb === V_KEYWORD && kw === K_DEFENSE ? amt : 0;
        if (p > 0) {
          if (sel === S_SELF) I.tpSelf[c] += p;
          else if (sel === S_ADJ_OWN || sel === S_CHOSEN_OWN_ADJ) I.tpAdj[c] += p;
          else if (sel === S_OWN_FIGHTER || sel === S_ALL_OWN || sel === S_CHOSEN_OWN || sel === S_CHOSEN_ANY) I.tpAny[c] += p;
        } else if (p < 0 && (sel === S_OPP_FIGHTER || sel === S_CHOSEN_OPP || sel === S_ALL_OPP || sel === S_CHOSEN_ANY)) {
          I.tpDebuff[c] += -p;
        }
      }
      const flags = cat.kwFlags[c]!;
      let tapW = 0;
      if (cat.abCount[tap]! > 0) {
        tapW = 0.4 + 0.35 * (I.tpSelf[c]! + I.tpAdj[c]! + I.tpAny[c]! + I.tpDebuff[c]!) + 0.5 * I.draw[tap]! +
          0.5 * I.gain[tap]! + 0.4 * I.tapOpp[tap]! + 0.3 * I.squires[tap]!;
      }
      I.worth[c] = cat.power[c]! + 0.5 * cat.support[c]! + 0.5 * Math.max(cat.kwFront[c]!, cat.kwBack[c]!) +
        0.4 * cat.kwDefense[c]! + 0.4 * cat.kwAttack[c]! + (flags & KW_COUNTER ? 1.2 : 0) + (flags & KW_RANGED ? 0.8 : 0) +
        (flags & KW_STEALTH ? 0.6 : 0) + (flags & KW_RAGE ? 0.6 : 0) + 0.4 * cat.kwResistant[c]! + tapW;
      I.enterW[c] = 0.8 * I.draw[enter]! + 0.8 * I.squires[enter]! + 0.3 * I.debuff[enter]! + 0.2 * I.ownPump[enter]! +
        0.5 * I.tapOpp[enter]!;
      const grade = cat.grade[c]!;
      I.handW[c] = 0.5 + 0.3 * I.worth[c]! + 0.5 * I.enterW[c]! - 0.2 * Math.max(0, cat.cost[c]! - 1) - (grade === G_LEGEND ? 0.3 : 0);
    } else if (t === T_EVENT) {
      const s = c * NUM_TRIGGERS + TR_PLAY;
      I.handW[c] = 0.2 + 0.35 * (I.ownPump[s]! + I.debuff[s]!) + 0.55 * I.draw[s]! + 0.5 * I.gain[s]! + 2 * I.destroyOpp[s]! +
        0.4 * I.tapOpp[s]! + 0.6 * I.squires[s]! + 0.5 * I.rage[s]! + 0.5 * I.stealth[s]! - 0.2 * cat.cost[c]!;
    } else if (t === T_TRAP) {
      const s = c * NUM_TRIGGERS + TR_TRAP;
      I.trapW[c] = 0.6 + 0.3 * (I.defPump[s]! + I.debuff[s]!) + 1.3 * I.removeAtk[s]! + 0.3 * I.draw[s]! + 0.5 * I.ca[s]! -
        0.15 * cat.cost[c]!;
      I.handW[c] = 0.1 + I.trapW[c]!;
    } else if (t === T_OBJECT) {
      const s = c * NUM_TRIGGERS + TR_SACRIFICE;
      const fl = cat.objFlags[c]!;
      I.objW[c] = 0.5 * cat.objPower[c]! + 0.3 * (cat.objAttack[c]! + cat.objDefense[c]! + cat.objFront[c]! + cat.objBack[c]!) +
        0.3 * cat.objSupport[c]! + (fl & KW_STEALTH ? 0.5 : 0) + (fl & KW_RANGED ? 0.5 : 0) + (fl & KW_COUNTER ? 0.8 : 0) +
        (fl & KW_RAGE ? 0.3 : 0) + 0.3 * cat.objResistant[c]! + 0.5 * cat.abResource[s]! +
        (cat.abCount[s]! > 0 && cat.abResource[s] === 0 ? 0.3 : 0);
      I.handW[c] = 0.3 + I.objW[c]! - 0.15 * cat.cost[c]!;
    }
  }
  INFO.set(cat, info);
  return info;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
/** Chance that the side ahead by `margin` (expected attacker total minus defender total) wins: strictly more. */
const STEEP = 1.8;
function pWin(margin: number): number {
  return logistic(STEEP * (margin - 0.5));
}

const EPS = 1e-9;

// ======================= the bot =======================

export class HeuristicBot implements Bot<BRState> {
  readonly name = 'heuristic';
  private readonly rng: SeededRng;
  private readonly P: HeuristicProfile;
  private readonly scores = new Float64Array(MAX_LEGAL);
  private readonly dmArr = new Float64Array(MAX_LEGAL);
  private readonly slotA = new Float64Array(6);
  private readonly slotB = new Float64Array(6);
  private readonly handBest = new Float64Array(2 * ZONE_CAP);
  private deckHist = new Int32Array(0);
  private readonly bestAtk = new Float64Array(6);

  // ---- per decision (prepare) ----
  private st!: BRState;
  private w!: Int16Array;
  private cat!: Catalogue;
  private I!: CardInfo;
  private cardOf!: Int16Array;
  private me = 0;
  private op = 1;
  private active = 0;
  private phase = 0;
  private turn = 0;
  private vpToWin = 5;
  private vpUnit = 1;
  private pool = 0;
  private handN = 0;
  private freeRes = 0;
  private inMain = false;
  private cardClock = 0;
  private discardUnit = 0;
  private demand = 0;
  private oppCanPay = false;
  private oppMaxAtk = 0;
  private myPump = 0;
  private oppArtPump = 0; // what the opponent's revealed Artefact adds to its fighter
  private followUp = 0;
  private oppEnvPow = 0;
  private myEnvPow = 0;
  private oppWeakest = 0; // the weakest opposing column's defence (its Defender, else the Environment)
  private myWeakest = 0;

  // ---- the fight (setupFight) ----
  private fIn = false;
  private fAgs = -1; // attacker's global slot
  private fDgs = -1; // defender's global slot, predicted before step 3a
  private fDgsEng = -1; // defender's slot as the engine names it ("the Defender")
  private fEnvEng = false; // the Environment is the Defender (engine)
  private fEnvPred = false; // the Environment is (predicted to be) the Defender
  private fAtk = 0;
  private fDef = 0;
  private fCA = false;
  private fVA = 0; // my value when the Attacker wins
  private fVD = 0; // my value when the Defender wins with Contre-Attaque
  private fTrapCol = 0;
  private fStep = 0;

  // ---- ability evaluation outputs ----
  private dAtk = 0;
  private dDef = 0;
  private ends = false;
  private gCA = false;
  private gStealth = false;

  constructor(seed: number, profile: HeuristicProfile) {
    this.rng = new SeededRng(seed);
    this.P = profile;
  }

  choose(_game: Game<BRState>, state: BRState, legal: Int32Array, n: number): number {
    if (n <= 1) return legal[0]!;
    this.prepare(state);
    const sc = this.scores;
    this.scoreAll(legal, n, sc);
    let best = -Infinity, bestA = legal[0]!, ties = 0;
    for (let i = 0; i < n; i++) {
      const s = sc[i]!;
      if (s > best + EPS) {
        best = s;
        bestA = legal[i]!;
        ties = 1;
      } else if (s >= best - EPS) {
        ties++;
        if (this.rng.int(ties) === 0) bestA = legal[i]!;
      }
    }
    return bestA;
  }

  /** As a policy for search: the scores of legal[0..n) (see `explain`). */
  score(_game: Game<BRState>, state: BRState, legal: Int32Array, n: number, out: Float64Array): void {
    this.explain(state, legal, n, out);
  }

  /** The scores the bot gives legal[0..n) in this state (for tests and tuning). */
  explain(state: BRState, legal: Int32Array, n: number, out: Float64Array): void {
    this.prepare(state);
    this.scoreAll(legal, n, out);
  }

  private scoreAll(legal: Int32Array, n: number, sc: Float64Array): void {
    switch (this.phase) {
      case PH_SETUP: for (let i = 0; i < n; i++) sc[i] = this.scoreSetup(legal[i]!); return;
      case PH_MULLIGAN: this.scoreMulligan(legal, n, sc); return;
      case PH_MAIN: for (let i = 0; i < n; i++) sc[i] = this.scoreMain(legal[i]!); return;
      case PH_PAY: for (let i = 0; i < n; i++) sc[i] = -this.payCostOf(legal[i]!); return;
      case PH_REACTION: this.setupFight(); for (let i = 0; i < n; i++) sc[i] = this.scoreReaction(legal[i]!); return;
      case PH_WINDOW: this.scoreWindow(legal, n, sc); return;
      case PH_PAUSE: for (let i = 0; i < n; i++) sc[i] = this.scoreArtefactAction(legal[i]!); return;
      case PH_RESIST: {
        // D22: pay the extra when it costs no card (pool and resource effects), else skip.
        const extra = resistance(this.st, this.op * 6 + this.w[O_RS_SLOT]!);
        for (let i = 0; i < n; i++) sc[i] = legal[i] === A_RESIST_PAY ? (extra <= this.pool + this.freeRes ? 1 : -1) : 0;
        return;
      }
      case PH_EOT_DISCARD:
      case PH_EOT_DOWN: this.scoreEot(legal, n, sc); return;
    }
    for (let i = 0; i < n; i++) sc[i] = 0;
  }

  // ======================= reading the state (own seat's view only) =======================

  /** A character is there and we may look at it (an opponent's face-down setup Aspirant is hidden, D24). */
  private seen(gs: number): boolean {
    const inst = this.w[O_OCC + gs]!;
    return inst >= 0 && (this.w[O_FACEDOWN + gs] === 0 || ((gs / 6) | 0) === this.me);
  }
  private handCard(i: number): number {
    return this.cardOf[this.w[O_HAND + this.me * ZONE_CAP + i]!]!;
  }
  private ready(gs: number): boolean {
    return canTap(this.st, gs) && this.w[O_ATTACKED + gs] === 0;
  }
  private aloneInColumn(gs: number): boolean {
    const side = (gs / 6) | 0, s = gs % 6;
    const other = side * 6 + (s < 3 ? s + 3 : s - 3);
    return this.w[O_OCC + other]! < 0;
  }
  private columnEmpty(side: number, c: number): boolean {
    return this.w[O_OCC + side * 6 + c]! < 0 && this.w[O_OCC + side * 6 + 3 + c]! < 0;
  }
  private envPower(side: number): number {
    const env = this.w[O_ENV + side]!;
    return env < 0 ? 0 : this.cat.power[this.cardOf[env]!]!;
  }
  private objWorthAt(gs: number): number {
    const o = this.w[O_EQUIP + gs]!;
    return o < 0 ? 0 : this.I.objW[this.cardOf[o]!]!;
  }
  /** charPower with the row of `front` instead of the slot's own row. */
  private powerAt(gs: number, role: number, front: boolean): number {
    const cat = this.cat, w = this.w;
    const c = this.cardOf[w[O_OCC + gs]!]!;
    const o = w[O_EQUIP + gs]!;
    const oc = o < 0 ? -1 : this.cardOf[o]!;
    const isFront = gs % 6 < 3;
    let p = charPower(this.st, gs, role);
    const rowNow = isFront ? cat.kwFront[c]! + w[O_TFRONT + gs]! + (oc >= 0 ? cat.objFront[oc]! : 0)
      : cat.kwBack[c]! + w[O_TBACK + gs]! + (oc >= 0 ? cat.objBack[oc]! : 0);
    const rowNew = front ? cat.kwFront[c]! + w[O_TFRONT + gs]! + (oc >= 0 ? cat.objFront[oc]! : 0)
      : cat.kwBack[c]! + w[O_TBACK + gs]! + (oc >= 0 ? cat.objBack[oc]! : 0);
    p += rowNew - rowNow;
    return p;
  }

  private vpValue(player: number, n: number): number {
    if (n <= 0) return 0;
    let v = n * this.vpUnit;
    if (this.w[O_VP + player]! + n >= this.vpToWin) v += this.P.winBonus;
    return v;
  }
  private gradeAt(gs: number): number {
    return this.cat.grade[this.cardOf[this.w[O_OCC + gs]!]!]!;
  }
  /** Value of destroying the opposing character on gs, beyond the VP. */
  private killValue(gs: number): number {
    const P = this.P;
    const c = this.cardOf[this.w[O_OCC + gs]!]!;
    const g = this.cat.grade[c]!;
    const k = g === G_LEGEND ? P.killLegend : g === G_HERO ? P.killHero : g === G_SQUIRE ? 0.3 * P.killAspirant : P.killAspirant;
    return P.board * this.I.worth[c]! + 0.5 * this.objWorthAt(gs) + k + this.offenseAt(gs);
  }
  /** Value lost when our character on gs leaves play (beyond the VP). */
  private lossValue(gs: number): number {
    const P = this.P;
    const c = this.cardOf[this.w[O_OCC + gs]!]!;
    return P.loseOwn * (P.board * this.I.worth[c]! + 0.5 * this.objWorthAt(gs) + this.offenseAt(gs)) +
      (this.aloneInColumn(gs) ? 0.5 * P.cover : 0);
  }
  /** The cost of our attacker returning to hand after scoring (R41). */
  private recoveryCost(gs: number): number {
    const c = this.cardOf[this.w[O_OCC + gs]!]!;
    return this.P.recovery * (0.5 * this.cat.cost[c]! + 0.5) + (this.aloneInColumn(gs) ? 0.4 * this.P.cover : 0) -
      0.5 * this.I.enterW[c]!;
  }

  /** Power the tap effect of side's character on gs could add to its fighter on fgs. */
  private tapBoostOf(gs: number, fgs: number): number {
    const I = this.I;
    const c = this.cardOf[this.w[O_OCC + gs]!]!;
    let b = I.tpAny[c]! + I.tpDebuff[c]!;
    if (gs === fgs) b += I.tpSelf[c]!;
    else if (fgs >= 0 && isAdjacent(gs, fgs)) b += I.tpAdj[c]!;
    return b;
  }
  /**
   * What side's untapped characters (but excl) could still add to its fighter on fgs: each
   * one either supports or uses its tap effect, and one Support at most per attack (R35).
   */
  private sideBoost(side: number, fgs: number, excl: number): number {
    const w = this.w;
    const canSupport = !(w[O_IN_ATTACK] && w[O_SUPPORTER + side]! >= 0);
    let taps = 0, bestSwitch = 0;
    for (let gs = side * 6; gs < side * 6 + 6; gs++) {
      if (gs === excl || !this.seen(gs) || !canTap(this.st, gs)) continue;
      const t = this.tapBoostOf(gs, fgs);
      taps += t;
      if (canSupport && fgs >= 0 && (gs === fgs || isAdjacent(gs, fgs))) {
        const sw = supportValue(this.st, gs) - t;
        if (sw > bestSwitch) bestSwitch = sw;
      }
    }
    return taps + bestSwitch;
  }

  // ======================= per decision =======================

  private prepare(st: BRState): void {
    this.st = st;
    const w = (this.w = st.w);
    const ctx = st.ctx;
    if (this.cat !== ctx.cat) {
      this.cat = ctx.cat;
      this.I = cardInfo(ctx.cat);
      if (this.deckHist.length < ctx.cat.size) this.deckHist = new Int32Array(ctx.cat.size);
    }
    this.cardOf = ctx.cardOf;
    const P = this.P, cat = this.cat;
    const me = (this.me = w[O_CURRENT]!);
    const op = (this.op = 1 - me);
    this.active = w[O_ACTIVE]!;
    this.phase = w[O_PHASE]!;
    this.turn = w[O_TURN]!;
    this.vpToWin = ctx.options.vpToWin;
    this.vpUnit = (P.vp * 5) / this.vpToWin;
    this.pool = w[O_POOL + me]!;
    this.handN = w[O_HAND_N + me]!;
    this.fIn = false;
    for (let s = 0; s < 6; s++) this.bestAtk[s] = NaN;
    if (this.phase === PH_SETUP || this.phase === PH_MULLIGAN) return;
    this.inMain = this.phase === PH_MAIN || (this.phase === PH_PAY && w[O_PEND_RETURN] === PH_MAIN);
    this.oppEnvPow = this.envPower(op);
    this.myEnvPow = this.envPower(me);
    this.oppWeakest = this.weakestColumn(op);
    this.myWeakest = this.weakestColumn(me);

    // Resources we could raise without discarding (D7, D11).
    let free = 0;
    for (let gs = me * 6; gs < me * 6 + 6; gs++) {
      const inst = w[O_OCC + gs]!;
      if (inst < 0) continue;
      if (canTap(st, gs)) free += cat.abResource[this.cardOf[inst]! * NUM_TRIGGERS + TR_TAP]!;
      const o = w[O_EQUIP + gs]!;
      if (o >= 0) free += cat.abResource[this.cardOf[o]! * NUM_TRIGGERS + TR_SACRIFICE]!;
    }
    const env = w[O_ENV + me]!;
    if (this.inMain && env >= 0 && w[O_ENV_TAPPED + me] === 0) free += cat.abResource[this.cardOf[env]! * NUM_TRIGGERS + TR_TAP]!;
    this.freeRes = free;

    // The deck clock: every card used is drawn again at the end of our turn (R18); the draw
    // that finds the deck empty gives the opponent a VP (R42).
    const deckN = w[O_DECK_N + me]!;
    const slack = me === this.active ? 0 : 2;
    const draws = Math.max(0, 5 - this.handN) + slack;
    let penalty = 0;
    if (draws + 1 > deckN && draws <= deckN) {
      // Postponing the reshuffle is worth a lot when that VP would end the game, less when the
      // deck is already empty (it only delays what any card will cause), and nothing once the
      // game drags on towards the turn cap (D5: a draw is no win).
      penalty = P.exhaust * this.vpValue(op, 1) * (deckN === 0 ? 0.35 : 1) * this.lateFade();
    }
    // A card spent in the opponent's turn is also missing from our own next turn (the hand
    // refills only at the end of our turn, R18).
    this.cardClock = P.card + penalty + (me === this.active ? 0 : 0.7 * P.resource);
    let minHand = Infinity;
    for (let i = 0; i < this.handN; i++) {
      const v = this.handValueNow(this.handCard(i));
      if (v < minHand) minHand = v;
    }
    if (minHand === Infinity) minHand = 0;
    this.discardUnit = this.cardClock + 0.5 * Math.max(0, minHand);

    // Can the opponent pay for a Trap (pool, hand, visible resource effects)?
    let oppRes = w[O_POOL + op]! + w[O_HAND_N + op]!;
    let oppMax = 0;
    for (let gs = op * 6; gs < op * 6 + 6; gs++) {
      if (!this.seen(gs)) continue;
      const inst = w[O_OCC + gs]!;
      if (canTap(st, gs)) oppRes += cat.abResource[this.cardOf[inst]! * NUM_TRIGGERS + TR_TAP]!;
      const o = w[O_EQUIP + gs]!;
      if (o >= 0) oppRes += cat.abResource[this.cardOf[o]! * NUM_TRIGGERS + TR_SACRIFICE]!;
      const pw = charPower(st, gs, ROLE_ATTACKER);
      if (pw > oppMax) oppMax = pw;
    }
    this.oppCanPay = oppRes >= 1;
    let artPump = 0;
    if (w[O_ART_STATE + op] === ART_REVEALED) {
      const art = this.cardOf[w[O_ART + op]!]! * NUM_TRIGGERS + TR_ARTEFACT;
      artPump = this.I.ownPump[art]! + this.I.debuff[art]!;
    }
    this.oppArtPump = artPump;
    this.oppMaxAtk = oppMax + 1; // plus a likely Support

    // Our best pump in hand for a fight (the attacker plays Events, R34), and what we want to pay for.
    let pump = 0, demand = 0;
    const canRaise = this.pool + this.freeRes + this.handN - 1;
    for (let i = 0; i < this.handN; i++) {
      const c = this.handCard(i);
      const t = cat.type[c]!;
      const cost = cat.cost[c]!;
      if (t === T_EVENT) {
        const s = c * NUM_TRIGGERS + TR_PLAY;
        const pp = this.I.ownPump[s]! + this.I.debuff[s]!;
        if (pp > pump && cost <= canRaise) pump = pp;
      } else if ((t === T_CHARACTER || t === T_OBJECT) && cost > 0) {
        if (t === T_CHARACTER && cat.grade[c] === G_LEGEND && w[O_VP + op]! < 1) continue;
        demand += cost;
      }
    }
    this.myPump = pump * P.pumpUse;
    this.demand = Math.max(0, Math.min(4, demand - this.pool));

    // Ready attackers that could hit an emptied column behind a kill.
    let fu = 0;
    if (me === this.active) {
      for (let gs = me * 6; gs < me * 6 + 6; gs++) {
        if (w[O_OCC + gs]! >= 0 && this.ready(gs) && charPower(st, gs, ROLE_ATTACKER) > this.oppEnvPow) fu++;
      }
    }
    this.followUp = fu;
  }

  /** 1 until turn 40, then down to 0 at turn 100: stalling is pointless near the turn cap. */
  private lateFade(): number {
    return Math.max(0, Math.min(1, (100 - this.turn) / 60));
  }

  /** The lowest defence among side's three columns (R38: the front Defender, else the back, else the Environment). */
  private weakestColumn(side: number): number {
    const w = this.w;
    let lo = Infinity;
    for (let c = 0; c < 3; c++) {
      const front = side * 6 + c, back = side * 6 + 3 + c;
      const dgs = w[O_OCC + front]! >= 0 ? front : w[O_OCC + back]! >= 0 ? back : -1;
      const d = dgs < 0 ? this.envPower(side) : this.seen(dgs) ? charPower(this.st, dgs, ROLE_DEFENDER) : 2;
      if (d < lo) lo = d;
    }
    return lo;
  }
  /** What a character threatens each turn: the chance its attack beats the weakest column of the other side. */
  private offense(attackPower: number, side: number): number {
    const weakest = side === this.me ? this.oppWeakest : this.myWeakest;
    return this.P.offense * this.vpUnit * pWin(attackPower - weakest);
  }
  private offenseAt(gs: number): number {
    const side = (gs / 6) | 0;
    return this.offense(charPower(this.st, gs, ROLE_ATTACKER), side);
  }

  /** What a card in our hand is worth now. */
  private handValueNow(c: number): number {
    const cat = this.cat, w = this.w;
    let v = this.I.handW[c]!;
    const t = cat.type[c]!;
    if (t === T_CHARACTER) {
      if (cat.grade[c] === G_LEGEND && w[O_VP + (1 - this.me)]! < 1) v -= 0.6; // R26: not yet
      let chars = 0;
      for (let gs = this.me * 6; gs < this.me * 6 + 6; gs++) {
        const inst = w[O_OCC + gs]!;
        if (inst < 0) continue;
        chars++;
        if (this.cardOf[inst] === c) v -= 0.6; // R25 / D8: only replaces itself
      }
      if (chars === 6) v -= 0.3;
    } else if (t === T_TRAP) {
      let set = 0;
      for (let col = 0; col < 3; col++) if (w[O_TRAP + this.me * 3 + col]! >= 0) set++;
      if (set === 3) v -= 0.3;
    }
    return v;
  }

  /** What raising `need` more resources costs us (pool first, then free effects, then discards). */
  private payCost(need: number): number {
    let rem = need - this.pool;
    if (rem <= 0) return 0;
    const free = Math.min(rem, this.freeRes);
    rem -= free;
    return 0.15 * free + rem * this.discardUnit;
  }

  // ======================= setup, mulligan, end of turn =======================

  private scoreSetup(a: number): number {
    const k = ((a - A_SETUP) / 6) | 0, s = (a - A_SETUP) % 6;
    const c = this.st.ctx.aspirants[this.me]![k]!;
    const cat = this.cat, I = this.I, w = this.w;
    const base = (I.worth[c]! + 1.2 * I.enterW[c]! + 0.5 * cat.abResource[c * NUM_TRIGGERS + TR_TAP]!) * 10;
    const col = s % 3, front = s < 3;
    const me = this.me;
    let fit = 0;
    const covered = w[O_OCC + me * 6 + col]! >= 0 || w[O_OCC + me * 6 + 3 + col]! >= 0;
    if (!covered) fit += 6; // one character per column first: no Environment left open
    else fit += 0.5;
    if (front) fit += 0.5 * cat.kwFront[c]! + 0.25 * (cat.power[c]! + cat.kwDefense[c]!) + (cat.kwFlags[c]! & KW_COUNTER ? 0.5 : 0);
    else fit += 0.5 * cat.kwBack[c]! + 0.35 * cat.support[c]! + (cat.kwFlags[c]! & KW_RANGED ? 0.5 : 0);
    if (col === 1) fit += 0.1; // the centre touches both other columns
    return base + fit;
  }

  /** Average worth of a card of our deck (a multiset: counted by card, never by position). */
  private deckAverage(opening: boolean): number {
    const w = this.w, me = this.me;
    const hist = this.deckHist;
    const size = this.cat.size;
    hist.fill(0, 0, size);
    const n = w[O_DECK_N + me]!;
    for (let i = 0; i < n; i++) hist[this.cardOf[w[O_DECK + me * ZONE_CAP + i]!]!]!++;
    let sum = 0;
    for (let c = 0; c < size; c++) if (hist[c]) sum += hist[c]! * (opening ? this.openingValue(c) : this.I.handW[c]!);
    return n > 0 ? sum / n : 0;
  }
  /** A card's worth in an opening hand: cheap characters and playable cards up, costly ones down. */
  private openingValue(c: number): number {
    const cat = this.cat;
    let v = this.I.handW[c]!;
    if (cat.type[c] === T_CHARACTER) {
      if (cat.cost[c]! <= 1) v += 0.4;
      if (cat.cost[c]! >= 4) v -= 0.5;
      if (cat.grade[c] === G_LEGEND) v -= 0.6;
    } else if (cat.cost[c]! >= 3) v -= 0.4;
    return v;
  }

  private scoreMulligan(legal: Int32Array, n: number, sc: Float64Array): void {
    const avg = this.deckAverage(true);
    const hn = this.handN;
    const delta = this.dmArr;
    for (let i = 0; i < hn; i++) delta[i] = avg - this.openingValue(this.handCard(i)) - this.P.mulligan;
    for (let j = 0; j < n; j++) {
      const mask = legal[j]! - A_MULLIGAN;
      let s = 0;
      for (let i = 0; i < hn; i++) if (mask & (1 << i)) s += delta[i]!;
      sc[j] = s;
    }
  }

  private scoreEot(legal: Int32Array, n: number, sc: Float64Array): void {
    const avg = this.deckAverage(false);
    const forced = this.phase === PH_EOT_DOWN;
    for (let j = 0; j < n; j++) {
      const a = legal[j]!;
      if (a === A_PASS) {
        sc[j] = 0;
        continue;
      }
      const v = this.handValueNow(this.handCard(a - A_EOT_DISCARD));
      // Discarding down to 5 loses the card anyway: keep the best. A voluntary discard
      // cycles a dead card for a fresh one at the price of the deck clock.
      sc[j] = forced ? -v : avg - v - this.P.cycle - this.cardClock;
    }
  }

  // ======================= paying (D7) =======================

  private payCostOf(a: number): number {
    const w = this.w, cat = this.cat, me = this.me;
    if (a < A_PAY_TAP) {
      const c = this.handCard(a - A_PAY_DISCARD);
      // A card that makes more than one resource when played is worth more than the 1 a discard makes.
      const gain = cat.type[c] === T_EVENT ? this.I.gain[c * NUM_TRIGGERS + TR_PLAY]! - cat.cost[c]! : 0;
      return this.cardClock + 0.5 * this.handValueNow(c) + (gain > 1 ? 0.6 * (gain - 1) : 0);
    }
    if (a < A_PAY_SACRIFICE) {
      const gs = me * 6 + (a - A_PAY_TAP);
      return 0.05 + this.tapCost(gs);
    }
    if (a < A_PAY_ENV) {
      const gs = me * 6 + (a - A_PAY_SACRIFICE);
      const o = this.cardOf[w[O_EQUIP + gs]!]!;
      return 0.05 + this.P.board * this.objBonus(o, gs) - 0.5 * this.P.resource * cat.abResource[o * NUM_TRIGGERS + TR_SACRIFICE]!;
    }
    return 0.02; // the Environment: nothing else to do with a resource Environment
  }

  /** Cost of tapping our character on gs (for an effect or resources): what it can no longer do. */
  private tapCost(gs: number): number {
    const P = this.P, w = this.w;
    if (this.me === this.active) {
      if (this.inMain && w[O_ATTACKED + gs] === 0 && canTap(this.st, gs)) {
        const s = gs % 6;
        if (Number.isNaN(this.bestAtk[s]!)) this.bestAtk[s] = this.bestAttackValue(s);
        return Math.max(0, this.bestAtk[s]!) + 0.05 + P.holdBack * 0.2 * (1 + supportValue(this.st, gs));
      }
      return 0.05 + P.holdBack * 0.2 * (1 + supportValue(this.st, gs));
    }
    return 0.05 + 0.1 * supportValue(this.st, gs);
  }

  // ======================= main phase =======================

  private scoreMain(a: number): number {
    if (a === A_PASS) return 0;
    const me = this.me;
    if (a < A_TAP) {
      const i = ((a - A_PLAY) / TARGETS) | 0, t = (a - A_PLAY) % TARGETS;
      const c = this.handCard(i);
      switch (this.cat.type[c]) {
        case T_CHARACTER: return this.playCharValue(c, t);
        case T_OBJECT: return this.playObjectValue(c, me * 6 + t);
        case T_TRAP: return this.setTrapValue(c, t);
        case T_EVENT: return this.playEventValue(c, t);
      }
      return -1;
    }
    if (a < A_SACRIFICE) {
      const src = ((a - A_TAP) / TARGETS) | 0, t = (a - A_TAP) % TARGETS;
      return this.tapEffectValue(src, t);
    }
    if (a < A_ATTACK) {
      const s = ((a - A_SACRIFICE) / TARGETS) | 0, t = (a - A_SACRIFICE) % TARGETS;
      return this.sacrificeValue(s, t);
    }
    if (a < A_SUPPORT) {
      const s = ((a - A_ATTACK) / TARGETS) | 0, t = (a - A_ATTACK) % TARGETS;
      return this.attackValue(s, t) + 0.01 * this.P.attackBias;
    }
    return this.scoreArtefactAction(a);
  }

  private relGs(t: number): number {
    return t < 6 ? this.me * 6 + t : this.op * 6 + (t - 6);
  }

  /** How much the opponent wants to hit our column c next turn, and what we would lose. */
  private columnThreat(c: number): number {
    const me = this.me, w = this.w;
    const front = me * 6 + c, back = me * 6 + 3 + c;
    const dgs = w[O_OCC + front]! >= 0 ? front : w[O_OCC + back]! >= 0 ? back : -1;
    if (dgs < 0) return this.myEnvPow < this.oppMaxAtk ? 1.3 : 0.6;
    const dp = charPower(this.st, dgs, ROLE_DEFENDER);
    const pl = pWin(this.oppMaxAtk - dp);
    const stake = VP_BY_GRADE[this.gradeAt(dgs)]! + 0.4;
    return 0.3 + pl * stake;
  }
  /** Value of covering our empty column c. */
  private coverValue(c: number): number {
    return this.P.cover * (this.myEnvPow < this.oppMaxAtk ? 1 : 0.4) * (this.columnEmpty(this.me, c) ? 1 : 0);
  }

  private playCharValue(c: number, t: number): number {
    const P = this.P, cat = this.cat, I = this.I, w = this.w;
    const me = this.me;
    const gs = me * 6 + t;
    const col = t % 3, front = t < 3;
    const old = w[O_OCC + gs]!;
    let v = P.board * (I.worth[c]! + (front ? 0.5 * cat.kwFront[c]! + 0.1 * (cat.power[c]! + cat.kwDefense[c]!)
      : 0.5 * cat.kwBack[c]! + 0.3 * cat.support[c]! + (cat.kwFlags[c]! & KW_RANGED ? 0.4 : 0)));
    v += this.evalAbility(c, TR_ENTER, -1, -1);
    v += this.offense(cat.power[c]! + cat.kwAttack[c]! + (front ? cat.kwFront[c]! : cat.kwBack[c]!), me);
    if (old < 0) v += this.coverValue(col);
    else v -= P.board * I.worth[this.cardOf[old]!]! + 0.5 * this.objWorthAt(gs) + this.offenseAt(gs) + 0.3;
    // A Hero or Legend that will be the Defender of its column is a VP for the taking.
    const g = cat.grade[c]!;
    if (g >= G_HERO) {
      const otherFront = me * 6 + col;
      const isDefender = front || w[O_OCC + otherFront]! < 0;
      const dp = cat.power[c]! + (front ? cat.kwFront[c]! : cat.kwBack[c]!) + cat.kwDefense[c]!;
      const pk = pWin(this.oppMaxAtk - dp);
      v -= P.heroExposure * pk * this.vpValue(this.op, VP_BY_GRADE[g]!) * (isDefender ? 0.6 : 0.15);
    }
    if (cat.kwFlags[c]! & KW_RAGE) v += 0.3 * P.attackBias;
    v -= this.payCost(cat.cost[c]!) + this.cardClock;
    return v;
  }

  /** The bonus of Object o on our character at gs, in power-point equivalents. */
  private objBonus(o: number, gs: number): number {
    const cat = this.cat, w = this.w;
    const ch = this.cardOf[w[O_OCC + gs]!]!;
    const front = gs % 6 < 3;
    const atkUse = cat.power[ch]! >= 3 || cat.grade[ch]! >= G_HERO ? 1 : 0.5;
    const defUse = front || w[O_OCC + gs - 3]! < 0 ? 1 : 0.35;
    const fl = cat.objFlags[o]!;
    let b = cat.objPower[o]! * (0.5 * atkUse + 0.5 * defUse) + (front ? cat.objFront[o]! : cat.objBack[o]!) * 0.7 +
      cat.objAttack[o]! * 0.6 * atkUse + cat.objDefense[o]! * 0.6 * defUse + cat.objSupport[o]! * 0.35 + cat.objResistant[o]! * 0.3;
    if (fl & KW_STEALTH) b += 0.7 * atkUse;
    if (fl & KW_RANGED && !(cat.kwFlags[ch]! & KW_RANGED)) b += 0.6 * atkUse;
    if (fl & KW_COUNTER && !(cat.kwFlags[ch]! & KW_COUNTER)) b += 1.2 * defUse;
    if (fl & KW_RAGE && !(cat.kwFlags[ch]! & KW_RAGE)) b += 0.3;
    return b;
  }

  private playObjectValue(o: number, gs: number): number {
    const P = this.P, cat = this.cat, w = this.w;
    const sac = o * NUM_TRIGGERS + TR_SACRIFICE;
    let v = P.board * this.objBonus(o, gs) + 0.3 * P.resource * cat.abResource[sac]! +
      (cat.abCount[sac]! > 0 && cat.abResource[sac] === 0 ? 0.3 : 0);
    const old = w[O_EQUIP + gs]!;
    if (old >= 0) {
      const oc = this.cardOf[old]!;
      v -= P.board * this.objBonus(oc, gs) + 0.5 * P.resource * cat.abResource[oc * NUM_TRIGGERS + TR_SACRIFICE]! + 0.3;
    }
    // An Object dies with a character that is likely to die.
    if (this.gradeAt(gs) === G_SQUIRE) v *= 0.6;
    v -= this.payCost(cat.cost[o]!) + this.cardClock;
    return v;
  }

  private setTrapValue(c: number, col: number): number {
    const P = this.P, I = this.I;
    const threat = this.columnThreat(col);
    let v = P.trapSet * I.trapW[c]! * threat - this.cardClock;
    const old = this.w[O_TRAP + this.me * 3 + col]!;
    if (old >= 0) v -= P.trapSet * I.trapW[this.cardOf[old]!]! * threat + 0.3;
    return v;
  }

  private playEventValue(c: number, t: number): number {
    const cat = this.cat, w = this.w;
    const chosen = cat.abTarget[c * NUM_TRIGGERS + TR_PLAY] === TK_NONE ? -1 : this.relGs(t);
    let v = this.evalAbility(c, TR_PLAY, -1, chosen);
    if (this.fIn) v += this.fightGain();
    const extra = resistExtra(this.st, this.me, c, TR_PLAY, -1, chosen >= 0 ? w[O_OCC + chosen]! : -1);
    v -= this.payCost(cat.cost[c]! + extra) + this.cardClock;
    // Resources first: a resource Event played before a costly card is worth more than a discard.
    if (this.I.gain[c * NUM_TRIGGERS + TR_PLAY]! > 0 && this.demand > 0 && !this.fIn) v += 3;
    return v;
  }

  private tapEffectValue(src: number, t: number): number {
    const w = this.w, cat = this.cat, me = this.me;
    let card: number, srcGs: number, cost: number;
    const srcCard = src === 6 ? this.cardOf[w[O_ENV + me]!]! : this.cardOf[w[O_OCC + me * 6 + src]!]!;
    if (cat.abResource[srcCard * NUM_TRIGGERS + TR_TAP]! > 0) return -0.1; // a resource effect: the payment uses it (D7)
    if (src === 6) {
      card = this.cardOf[w[O_ENV + me]!]!;
      srcGs = -1;
      cost = 0;
    } else {
      srcGs = me * 6 + src;
      card = this.cardOf[w[O_OCC + srcGs]!]!;
      cost = this.tapCost(srcGs);
      // In a fight, a character of ours tapped for an effect no longer supports.
      if (this.fIn && w[O_SUPPORTER + me]! < 0) {
        const fgs = me === this.active ? this.fAgs : this.fDgs;
        if (fgs >= 0 && (srcGs === fgs || isAdjacent(srcGs, fgs))) cost += 0.3 * supportValue(this.st, srcGs);
      }
    }
    const chosen = cat.abTarget[card * NUM_TRIGGERS + TR_TAP] === TK_NONE ? -1 : this.relGs(t);
    let v = this.evalAbility(card, TR_TAP, srcGs, chosen);
    if (this.fIn) v += this.fightGain();
    const srcInst = srcGs >= 0 ? w[O_OCC + srcGs]! : -1;
    v -= this.payCost(resistExtra(this.st, me, card, TR_TAP, srcInst, chosen >= 0 ? w[O_OCC + chosen]! : -1)) + cost;
    // A free Environment effect (a draw, Squires, a pump for the attacks to come) goes first.
    if (src === 6 && this.inMain && v > 0.05) v += 10;
    return v;
  }

  private sacrificeValue(s: number, t: number): number {
    const w = this.w, cat = this.cat, me = this.me;
    const gs = me * 6 + s;
    const o = this.cardOf[w[O_EQUIP + gs]!]!;
    if (cat.abResource[o * NUM_TRIGGERS + TR_SACRIFICE]! > 0) return -0.1; // a resource effect: the payment uses it (D7)
    const chosen = cat.abTarget[o * NUM_TRIGGERS + TR_SACRIFICE] === TK_NONE ? -1 : this.relGs(t);
    let v = this.evalAbility(o, TR_SACRIFICE, -1, chosen);
    if (this.fIn) v += this.fightGain();
    v -= this.P.board * this.objBonus(o, gs) + 0.05;
    v -= this.payCost(resistExtra(this.st, me, o, TR_SACRIFICE, -1, chosen >= 0 ? w[O_OCC + chosen]! : -1));
    return v;
  }

  private scoreArtefactAction(a: number): number {
    if (a === A_PASS) return 0;
    if (a === A_ART_REVEAL) return this.P.reveal;
    if (a >= A_ART_ACTIVATE && a < A_EOT_DISCARD) {
      const w = this.w, cat = this.cat;
      const art = this.cardOf[w[O_ART + this.me]!]!;
      const chosen = cat.abTarget[art * NUM_TRIGGERS + TR_ARTEFACT] === TK_NONE ? -1 : this.relGs(a - A_ART_ACTIVATE);
      let v = this.evalAbility(art, TR_ARTEFACT, -1, chosen);
      if (this.fIn) v += this.fightGain();
      v -= this.payCost(cat.cost[art]! + resistExtra(this.st, this.me, art, TR_ARTEFACT, -1, chosen >= 0 ? w[O_OCC + chosen]! : -1));
      return v - this.P.artefactHold;
    }
    return -1;
  }

  // ======================= attacks =======================

  private bestAttackValue(s: number): number {
    const gs = this.me * 6 + s;
    let best = -Infinity;
    const ranged = (keywordFlags(this.st, gs) & KW_RANGED) !== 0;
    for (let t = 0; t < (ranged ? 9 : 3); t++) {
      if (t >= 3 && this.w[O_OCC + this.op * 6 + t - 3]! < 0) continue;
      const v = this.attackValue(s, t);
      if (v > best) best = v;
    }
    return best;
  }

  /** Chance the attacker wins from expected margin m, an unknown Trap swinging trapRisk with chance q. */
  private pAttack(m: number, q: number): number {
    return q > 0 ? (1 - q) * pWin(m) + q * pWin(m - this.P.trapRisk) : pWin(m);
  }

  /** Expected value of attacking with our slot s on target t (0–2 a column, 3–8 a ranged target). */
  private attackValue(s: number, t: number): number {
    const P = this.P, w = this.w, st = this.st;
    const me = this.me, op = this.op;
    const ags = me * 6 + s;
    if (!this.seen(ags)) return -1;
    const flags = keywordFlags(st, ags);
    const aBase = charPower(st, ags, ROLE_ATTACKER);
    const A = aBase + 0.85 * this.sideBoost(me, ags, ags) + this.myPump;
    let col: number, dgs: number;
    if (t < 3) {
      col = t;
      const front = op * 6 + t, back = op * 6 + 3 + t;
      dgs = w[O_OCC + front]! >= 0 ? front : w[O_OCC + back]! >= 0 ? back : -1;
    } else {
      dgs = op * 6 + (t - 3);
      col = (t - 3) % 3;
    }
    if (dgs >= 0 && !this.seen(dgs)) return -1;
    // An unknown face-down Trap (R29) is resolved when the opponent can pay and we are not Furtif (R50).
    let q = 0;
    if (!(flags & KW_STEALTH) && this.oppCanPay) {
      if (w[O_TRAP + op * 3 + col]! >= 0) q = 0.75;
      else if (w[O_HAND_N + op]! > 1) q = 0.1; // one placed in 2a (R37)
    }
    const tapCost = P.holdBack * (0.3 + 0.3 * supportValue(st, ags));
    // Late in a long game, any attack that should win breaks the standoff (D5: a draw is no win).
    const urge = 2 * (1 - this.lateFade());
    const aGrade = this.gradeAt(ags);
    const rec = this.recoveryCost(ags);
    // Some Traps remove the Attacker outright.
    const trapLoss = q * 0.2 * (this.lossValue(ags) + 0.5 * this.vpValue(op, VP_BY_GRADE[aGrade]!));
    if (dgs >= 0) {
      const defFlags = keywordFlags(st, dgs);
      const D = charPower(st, dgs, ROLE_DEFENDER) +
        P.oppResponse * (this.sideBoost(op, dgs, -1) + this.oppArtPump) + P.marginShift;
      const p = this.pAttack(A - D, q);
      const vp = VP_BY_GRADE[this.gradeAt(dgs)]!;
      let win = this.vpValue(me, vp) + this.killValue(dgs) - (vp > 0 ? rec : 0);
      if (this.aloneInColumn(dgs) && !(t >= 3 && dgs % 6 >= 3 && w[O_OCC + dgs - 3]! >= 0)) {
        win += P.open * this.vpUnit * (this.followUp >= 2 ? 0.5 : 0.15);
      }
      const lose = defFlags & KW_COUNTER ? this.vpValue(op, VP_BY_GRADE[aGrade]!) + this.lossValue(ags) : 0;
      return p * (win + P.attackBias + urge) - (1 - p) * lose - tapCost - trapLoss;
    }
    // The column is empty: the Environment defends (R38), unless a character moves in (2a).
    const E = this.oppEnvPow + w[O_ENV_TPOW + op]! + P.oppResponse * this.oppArtPump + P.marginShift;
    const pe = this.pAttack(A - E, q);
    const envVal = pe * (this.vpValue(me, 1) - rec + P.attackBias + urge);
    let worst = envVal, movers = false;
    for (let gs = op * 6; gs < op * 6 + 6; gs++) {
      if (!this.seen(gs) || !canTap(st, gs)) continue;
      movers = true;
      const D = Math.max(this.powerAt(gs, ROLE_DEFENDER, true), this.powerAt(gs, ROLE_DEFENDER, false)) + P.marginShift;
      const p = this.pAttack(A - D, q);
      const vp = VP_BY_GRADE[this.gradeAt(gs)]!;
      const win = this.vpValue(me, vp) + this.killValue(gs) - (vp > 0 ? rec : 0);
      const lose = keywordFlags(st, gs) & KW_COUNTER ? this.vpValue(op, VP_BY_GRADE[aGrade]!) + this.lossValue(ags) : 0;
      const v = p * (win + P.attackBias + urge) - (1 - p) * lose;
      if (v < worst) worst = v;
    }
    const val = movers ? (1 - P.oppResponse) * envVal + P.oppResponse * worst : envVal;
    return val - tapCost - trapLoss;
  }

  // ======================= the fight: windows and 2a =======================

  private setupFight(): void {
    const w = this.w, st = this.st;
    this.fIn = true;
    const a = this.active, d = 1 - a;
    const atk = w[O_ATK_INST]!;
    this.fAgs = atk >= 0 ? slotOf(st, atk) : -1;
    const ranged = w[O_ATK_RANGED]!;
    let col = w[O_ATK_COLUMN]!;
    let rgs = -1;
    if (ranged >= 0) {
      rgs = slotOf(st, ranged);
      if (rgs >= 0) col = rgs % 3;
    }
    this.fTrapCol = col;
    this.fStep = w[O_STEP]!;
    const kind = w[O_DEF_KIND]!;
    if (kind === DEF_CHAR) {
      this.fDgs = this.fDgsEng = slotOf(st, w[O_DEF_INST]!);
      this.fEnvEng = this.fEnvPred = false;
    } else if (kind === DEF_ENV) {
      this.fDgs = this.fDgsEng = -1;
      this.fEnvEng = this.fEnvPred = true;
    } else {
      this.fDgsEng = -1;
      this.fEnvEng = false;
      if (ranged >= 0) this.fDgs = rgs;
      else {
        const c = w[O_ATK_COLUMN]!;
        const front = d * 6 + c, back = d * 6 + 3 + c;
        this.fDgs = w[O_OCC + front]! >= 0 ? front : w[O_OCC + back]! >= 0 ? back : -1;
      }
      this.fEnvPred = this.fDgs < 0 && ranged < 0;
    }
    this.fAtk = this.fAgs >= 0 ? charPower(st, this.fAgs, ROLE_ATTACKER) + w[O_SUPPORT + a]! : 0;
    if (this.fDgs >= 0) this.fDef = charPower(st, this.fDgs, ROLE_DEFENDER) + w[O_SUPPORT + d]!;
    else this.fDef = this.envPower(d) + w[O_ENV_TPOW + d]! + w[O_SUPPORT + d]!;
    this.fCA = this.fDgs >= 0 && (keywordFlags(st, this.fDgs) & KW_COUNTER) !== 0;
    const meAtk = this.me === a;
    // My value when the Attacker wins, and when a Contre-Attaque Defender wins.
    if (this.fAgs < 0) {
      this.fVA = this.fVD = 0;
      return;
    }
    if (this.fDgs >= 0) {
      const vp = VP_BY_GRADE[this.gradeAt(this.fDgs)]!;
      this.fVA = meAtk ? this.vpValue(a, vp) + this.killValue(this.fDgs) - (vp > 0 ? this.recoveryCost(this.fAgs) : 0)
        : -(this.vpValue(a, vp) + this.lossValue(this.fDgs));
    } else {
      this.fVA = meAtk ? this.vpValue(a, 1) - this.recoveryCost(this.fAgs) : -this.vpValue(a, 1);
    }
    const vpa = VP_BY_GRADE[this.gradeAt(this.fAgs)]!;
    this.fVD = meAtk ? -(this.vpValue(d, vpa) + this.lossValue(this.fAgs)) : this.vpValue(d, vpa) + this.killValue(this.fAgs);
  }

  private outcome(m: number, ca: boolean): number {
    return m > 0 ? this.fVA : ca ? this.fVD : 0;
  }

  /** My gain from the fight deltas left by evalAbility (ends, dAtk, dDef, gCA, gStealth). */
  private fightGain(): number {
    const m0 = this.fAtk - this.fDef;
    const cur = this.outcome(m0, this.fCA);
    if (this.ends) return -cur; // the attack ends with no effect (D18)
    const m1 = m0 + this.dAtk - this.dDef;
    let g = this.outcome(m1, this.fCA || this.gCA) - cur;
    if (this.gStealth && this.me === this.active && this.w[O_TRAP + this.op * 3 + this.fTrapCol]! >= 0 && this.oppCanPay) {
      g += 0.3 * Math.max(0, this.fVA);
    }
    return g;
  }

  private scoreWindow(legal: Int32Array, n: number, sc: Float64Array): void {
    this.setupFight();
    const meAtk = this.me === this.active;
    const m0 = this.fAtk - this.fDef;
    const cur = this.outcome(m0, this.fCA);
    const dm = this.dmArr;
    // First pass: every action's own value (its fight gain included) and its change to the
    // margin (my side's view); what we could add in all, each character supporting or
    // using its tap effect, each card once, one Support at most.
    const tapBest = this.slotA, supBest = this.slotB, cardBest = this.handBest;
    tapBest.fill(0);
    supBest.fill(0);
    cardBest.fill(0, 0, this.handN);
    let other = 0;
    for (let j = 0; j < n; j++) {
      const a = legal[j]!;
      this.dAtk = this.dDef = 0;
      this.ends = this.gCA = this.gStealth = false;
      sc[j] = this.windowBase(a);
      const d = meAtk ? this.dAtk - this.dDef : this.dDef - this.dAtk;
      dm[j] = this.ends ? 0 : d;
      if (d <= 0 || sc[j]! < -3) continue;
      if (a >= A_SUPPORT && a < A_RESOLVE_TRAP) supBest[a - A_SUPPORT] = Math.max(supBest[a - A_SUPPORT]!, d);
      else if (a >= A_TAP && a < A_SACRIFICE && ((a - A_TAP) / TARGETS) < 6) {
        const s = ((a - A_TAP) / TARGETS) | 0;
        tapBest[s] = Math.max(tapBest[s]!, d);
      } else if (a >= A_PLAY && a < A_TAP) {
        const i = ((a - A_PLAY) / TARGETS) | 0;
        cardBest[i] = Math.max(cardBest[i]!, d);
      } else other = Math.max(other, d);
    }
    let taps = 0, sw = 0, cards = 0;
    for (let s = 0; s < 6; s++) {
      taps += tapBest[s]!;
      sw = Math.max(sw, supBest[s]! - tapBest[s]!);
    }
    for (let i = 0; i < this.handN; i++) cards += cardBest[i]!;
    // Second pass: when we lose now and no single action turns it, an action that gets us
    // part of the way counts in proportion, if all we have together can turn it.
    const losing = meAtk ? m0 <= 0 : m0 > 0;
    if (!losing) return;
    const deficit = meAtk ? 1 - m0 : m0;
    const avail = taps + sw + cards + other;
    if (avail < deficit) return;
    const full = this.outcome(meAtk ? 1 : 0, this.fCA) - cur; // my gain when it turns
    if (full <= 0) return;
    for (let j = 0; j < n; j++) {
      const d = dm[j]!;
      if (d <= 0 || d >= deficit) continue;
      sc[j] = sc[j]! + 0.8 * full * (d / deficit);
    }
  }

  /** Value of one window action (fight gain included). */
  private windowBase(a: number): number {
    const me = this.me;
    if (a === A_PASS) return 0;
    if (a >= A_SUPPORT && a < A_RESOLVE_TRAP) {
      const gs = me * 6 + (a - A_SUPPORT);
      const v = supportValue(this.st, gs);
      if (me === this.active) this.dAtk = v;
      else this.dDef = v;
      let cost = 0.05;
      if (me === this.active) {
        const s = gs % 6;
        if (this.w[O_ATTACKED + gs] === 0) {
          // Its alternative is an attack of its own this turn.
          if (Number.isNaN(this.bestAtk[s]!)) this.bestAtk[s] = this.bestAttackValue(s);
          cost += this.P.supportCost * Math.max(0, this.bestAtk[s]!);
        }
        cost += this.P.supportCost * this.P.holdBack * 0.2 * (1 + v);
      } else cost += 0.05 * v;
      return this.fightGain() - cost;
    }
    if (a === A_RESOLVE_TRAP) {
      const trap = this.cardOf[this.w[O_TRAP + me * 3 + this.fTrapCol]!]!;
      const v = this.evalAbility(trap, TR_TRAP, -1, -1);
      const keep = 0.5 * this.P.trapSet * this.I.trapW[trap]! * this.columnThreat(this.fTrapCol);
      return v + this.fightGain() - keep - this.payCost(this.cat.cost[trap]! + resistExtra(this.st, me, trap, TR_TRAP, -1, -1));
    }
    if (a >= A_TRAP_2A && a < A_ART_REVEAL) return this.placeTrapValue(a - A_TRAP_2A);
    if (a >= A_PLAY && a < A_TAP) {
      const i = ((a - A_PLAY) / TARGETS) | 0, t = (a - A_PLAY) % TARGETS;
      return this.playEventValue(this.handCard(i), t);
    }
    if (a >= A_TAP && a < A_SACRIFICE) return this.tapEffectValue(((a - A_TAP) / TARGETS) | 0, (a - A_TAP) % TARGETS);
    if (a >= A_SACRIFICE && a < A_ATTACK) return this.sacrificeValue(((a - A_SACRIFICE) / TARGETS) | 0, (a - A_SACRIFICE) % TARGETS);
    return this.scoreArtefactAction(a);
  }

  /** Our attacker-side chance to win from margin m, with what each side may still add. */
  private reactionOdds(m: number, myBoost: number): number {
    const P = this.P;
    const a = this.active;
    let atkPot = 0;
    if (this.fAgs >= 0) {
      atkPot = P.oppResponse * this.sideBoost(a, this.fAgs, this.fAgs) +
        (this.w[O_HAND_N + a]! > 0 ? 0.5 * P.trapRisk * P.oppResponse : 0);
    }
    return pWin(m + atkPot - 0.8 * myBoost);
  }

  /** Value (as the defender in step 2a) of placing hand Trap i in the attacked column for 1. */
  private placeTrapValue(i: number): number {
    const me = this.me, P = this.P, I = this.I, cat = this.cat;
    const c = this.handCard(i);
    const s = c * NUM_TRIGGERS + TR_TRAP;
    const m = this.fAtk - this.fDef;
    const dgs = this.fDgs;
    const myBoost = dgs >= 0 ? this.sideBoost(me, dgs, -1) : 0;
    const old = this.w[O_TRAP + me * 3 + this.fTrapCol]!;
    const oldPow = old >= 0 ? I.defPump[this.cardOf[old]! * NUM_TRIGGERS + TR_TRAP]! + I.debuff[this.cardOf[old]! * NUM_TRIGGERS + TR_TRAP]! : 0;
    const p0 = this.reactionOdds(m, myBoost + (old >= 0 ? oldPow : 0));
    const pow = I.defPump[s]! + I.debuff[s]!; // an Environment Defender takes the Trap's bonus too (R39)
    let p1 = I.removeAtk[s]! > 0 ? 0.05 : this.reactionOdds(m, myBoost + pow);
    if (old >= 0) p1 = Math.min(p1, p0);
    const ca = this.fCA || (I.ca[s]! > 0 && dgs >= 0);
    const v0 = p0 * this.fVA + (1 - p0) * (this.fCA ? this.fVD : 0);
    const v1 = p1 * this.fVA + (1 - p1) * (ca ? this.fVD : 0);
    const keepOld = old >= 0 ? P.trapSet * I.trapW[this.cardOf[old]!]! : 0;
    return v1 - v0 + 0.3 * P.draw * I.draw[s]! - this.payCost(1 + cat.cost[c]!) - this.cardClock - keepOld;
  }

  private scoreReaction(a: number): number {
    if (a === A_PASS) return 0;
    if (a >= A_TRAP_2A) return this.placeTrapValue(a - A_TRAP_2A);
    // A move into the empty attacked column (R37 2a).
    const P = this.P, me = this.me, w = this.w, st = this.st;
    const from = ((a - A_MOVE) / 6) | 0, to = (a - A_MOVE) % 6;
    const fgs = me * 6 + from;
    const myTrap = w[O_TRAP + me * 3 + this.fTrapCol]!;
    const trapPow = myTrap >= 0 ? this.I.defPump[this.cardOf[myTrap]! * NUM_TRIGGERS + TR_TRAP]! + this.I.debuff[this.cardOf[myTrap]! * NUM_TRIGGERS + TR_TRAP]! : 0;
    // Now: the Environment defends.
    const pEnv = this.reactionOdds(this.fAtk - this.fDef, 0.5 * trapPow);
    const vEnv = pEnv * this.fVA;
    // After the move: the mover defends from its new row, with a Support next to it.
    let sup = 0;
    for (let gs = me * 6; gs < me * 6 + 6; gs++) {
      if (gs === fgs || !canTap(st, gs)) continue;
      const x = gs % 6;
      const adj = x % 3 === to % 3 || ((x < 3) === (to < 3) && Math.abs((x % 3) - (to % 3)) === 1);
      if (!adj) continue;
      const v = supportValue(st, gs);
      if (v > sup) sup = v;
    }
    const Dp = this.powerAt(fgs, ROLE_DEFENDER, to < 3);
    const p = this.reactionOdds(this.fAtk - Dp, sup + 0.5 * trapPow);
    const vp = VP_BY_GRADE[this.gradeAt(fgs)]!;
    const a0 = this.active;
    const vA = -(this.vpValue(a0, vp) + this.lossValue(fgs));
    const ca = (keywordFlags(st, fgs) & KW_COUNTER) !== 0;
    const vD = ca && this.fAgs >= 0 ? this.vpValue(me, VP_BY_GRADE[this.gradeAt(this.fAgs)]!) + this.killValue(this.fAgs) : 0;
    let v = p * vA + (1 - p) * vD - vEnv;
    // The column it leaves may be empty now, and more attackers may come.
    if (this.aloneInColumn(fgs)) {
      let more = 0;
      for (let gs = a0 * 6; gs < a0 * 6 + 6; gs++) if (this.seen(gs) && canTap(st, gs) && w[O_ATTACKED + gs] === 0 && charPower(st, gs, ROLE_ATTACKER) > this.myEnvPow) more++;
      if (more > 0) v -= 0.5 * this.vpValue(a0, 1);
    }
    v -= 0.05 + P.holdBack * 0.05 * supportValue(st, fgs);
    return v;
  }

  // ======================= effects =======================

  /** Squires on our first empty slots (D1): what `amount` of them (0: every empty slot) bring. */
  private squiresValue(amount: number): number {
    const P = this.P, w = this.w, me = this.me;
    let left = amount === 0 ? 6 : amount;
    let v = 0;
    let coveredMask = 0;
    for (let c = 0; c < 3; c++) if (!this.columnEmpty(me, c)) coveredMask |= 1 << c;
    for (let gs = me * 6; gs < me * 6 + 6 && left > 0; gs++) {
      if (w[O_OCC + gs]! >= 0) continue;
      left--;
      v += 0.8 * P.board;
      const c = gs % 3;
      if (!(coveredMask & (1 << c))) {
        coveredMask |= 1 << c;
        v += P.cover * (this.myEnvPow < this.oppMaxAtk ? 1 : 0.4);
        // Mid-attack, before the Defender is fixed: a Squire in the attacked empty column defends instead of the Environment.
        if (this.fIn && this.me !== this.active && this.fEnvPred && !this.fEnvEng && c === this.fTrapCol && this.fAtk > this.fDef) {
          v += Math.max(0, -this.fVA);
        }
      }
    }
    return v;
  }

  /** The global slot a single-character selector names, or -1. */
  private selGs(sel: number, src: number, chosen: number): number {
    switch (sel) {
      case S_SELF: return src;
      case S_CHOSEN_OWN: case S_CHOSEN_OPP: case S_CHOSEN_ANY: case S_CHOSEN_OWN_ADJ: case S_TARGET: return chosen;
      case S_ATTACKER: return this.fIn ? this.fAgs : -1;
      case S_DEFENDER: return this.fIn ? this.fDgsEng : -1;
      case S_OWN_FIGHTER: return !this.fIn ? -1 : this.me === this.active ? this.fAgs : this.fDgsEng;
      case S_OPP_FIGHTER: return !this.fIn ? -1 : this.me === this.active ? this.fDgsEng : this.fAgs;
    }
    return -1;
  }

  /**
   * Value of resolving ability (card, trig) for us with source slot src and chosen slot, not
   * counting its cost. In a fight it also leaves dAtk / dDef / ends / gCA / gStealth for
   * fightGain().
   */
  private evalAbility(card: number, trig: number, src: number, chosen: number): number {
    const cat = this.cat;
    const slot = card * NUM_TRIGGERS + trig;
    const start = cat.abStart[slot]!, cnt = cat.abCount[slot]!;
    const prog = cat.program;
    this.dAtk = this.dDef = 0;
    this.ends = this.gCA = this.gStealth = false;
    let subj = chosen;
    if (subj < 0) {
      for (let k = 0; k < cnt && subj < 0; k++) {
        const r = (start + k) * EFFECT_WORDS;
        if (prog[r + 4]! < 0) subj = this.selGs(prog[r + 1]!, src, chosen);
      }
    }
    const subjFaction = subj >= 0 && this.seen(subj) ? cat.faction[this.cardOf[this.w[O_OCC + subj]!]!]! : -99;
    let v = 0;
    for (let k = 0; k < cnt; k++) {
      const r = (start + k) * EFFECT_WORDS;
      const verb = prog[r]!, sel = prog[r + 1]!, amt = prog[r + 2]!, kw = prog[r + 3]!, rider = prog[r + 4]!;
      if (rider >= 0 && rider !== subjFaction) continue;
      if (sel === S_CONTROLLER) {
        v += this.playerVerb(verb, amt);
      } else if (sel === S_ALL_OWN || sel === S_ALL_OPP || sel === S_ADJ_OWN) {
        const side = sel === S_ALL_OPP ? this.op : this.me;
        for (let gs = side * 6; gs < side * 6 + 6; gs++) {
          if (!this.seen(gs)) continue;
          if (sel === S_ADJ_OWN && (src < 0 || !isAdjacent(src, gs))) continue;
          if (side !== this.me && resistance(this.st, gs) > 0) continue; // D22: area effects skip Résistant
          v += this.charVerb(verb, amt, kw, gs, src);
        }
      } else {
        const gs = this.selGs(sel, src, sel === S_TARGET ? subj : chosen);
        if (gs >= 0 && this.seen(gs)) v += this.charVerb(verb, amt, kw, gs, src);
        else if (verb === V_POWER && this.fIn && this.fEnvEng) {
          // R39: an Environment Defender takes power bonuses named on the Defender.
          const meDef = this.me !== this.active;
          if (sel === S_DEFENDER || (sel === S_OWN_FIGHTER && meDef) || (sel === S_OPP_FIGHTER && !meDef)) this.dDef += amt;
        }
      }
    }
    return v;
  }

  /**
   * The character on gs leaves play mid-attack: a fixed fighter ends the attack (D18); the
   * Defender predicted before step 3a is replaced by the next one in its column (R38).
   */
  private fighterLeaves(gs: number): void {
    if (gs === this.fAgs || (gs === this.fDgs && (this.fDgsEng >= 0 || this.w[O_ATK_RANGED]! >= 0))) {
      this.ends = true;
      return;
    }
    if (gs !== this.fDgs) return;
    const w = this.w, side = (gs / 6) | 0;
    const s = gs % 6;
    const other = side * 6 + (s < 3 ? s + 3 : s - 3);
    const base = this.fDef - w[O_SUPPORT + side]!;
    const next = w[O_OCC + other]! >= 0 && s < 3 && this.seen(other) ? charPower(this.st, other, ROLE_DEFENDER)
      : this.envPower(side) + w[O_ENV_TPOW + side]!;
    this.dDef += next - base;
  }

  private playerVerb(verb: number, amt: number): number {
    const P = this.P;
    switch (verb) {
      case V_DRAW: {
        const deckN = this.w[O_DECK_N + this.me]!;
        let v = amt * P.draw;
        if (deckN < amt) v -= P.exhaust * this.vpValue(this.op, 1) * this.lateFade();
        return v;
      }
      case V_GAIN:
        if (this.fIn) return 0.2 * amt * P.resource;
        return Math.min(amt, this.demand) * P.resource;
      case V_SQUIRES:
        return this.squiresValue(amt);
    }
    return 0;
  }

  private charVerb(verb: number, amt: number, kw: number, gs: number, src: number): number {
    const P = this.P, w = this.w, st = this.st;
    const mine = ((gs / 6) | 0) === this.me;
    const fIn = this.fIn;
    switch (verb) {
      case V_POWER:
        if (fIn) {
          if (gs === this.fAgs) this.dAtk += amt;
          else if (gs === this.fDgs) this.dDef += amt;
          return 0;
        }
        if (mine && amt > 0 && this.me === this.active && this.ready(gs)) return 0.12 * amt;
        return 0;
      case V_KEYWORD:
        switch (kw) {
          case K_ATTACK:
            if (fIn) {
              if (gs === this.fAgs) this.dAtk += amt;
              return 0;
            }
            return mine && this.me === this.active && this.ready(gs) ? 0.1 * amt : 0;
          case K_DEFENSE:
            if (fIn && gs === this.fDgs) this.dDef += amt;
            return 0;
          case K_FRONT:
          case K_BACK: {
            const front = gs % 6 < 3;
            if (fIn && front === (kw === K_FRONT)) {
              if (gs === this.fAgs) this.dAtk += amt;
              else if (gs === this.fDgs) this.dDef += amt;
            }
            return 0;
          }
          case K_COUNTER:
            if (fIn && gs === this.fDgs && mine && !this.fCA) this.gCA = true;
            return 0;
          case K_STEALTH:
            if (fIn) {
              if (gs === this.fAgs && mine) this.gStealth = true;
              return 0;
            }
            return mine && this.me === this.active && this.ready(gs) ? 0.15 : 0;
          case K_RAGE: {
            if (!mine || fIn || this.me !== this.active) return 0;
            if (w[O_TAPPED + gs] !== 0 || w[O_ATTACKED + gs] !== 0) return 0;
            if (w[O_ENTERED + gs] !== this.turn || (keywordFlags(st, gs) & KW_RAGE) !== 0) return 0;
            return Math.max(0, 0.9 * this.bestAttackValue(gs % 6));
          }
          case K_RANGED:
            return mine && !fIn && this.me === this.active && this.ready(gs) ? 0.2 : 0;
          case K_RESISTANT:
            return mine ? 0.05 : 0;
        }
        return 0;
      case V_RETURN:
        if (fIn) this.fighterLeaves(gs);
        if (mine) return -(0.5 * P.board * this.I.worth[this.cardOf[w[O_OCC + gs]!]!]! + 0.4 * this.cat.cost[this.cardOf[w[O_OCC + gs]!]!]! + 0.3);
        return 0.4 * P.board * this.I.worth[this.cardOf[w[O_OCC + gs]!]!]! + 0.4 * this.cat.cost[this.cardOf[w[O_OCC + gs]!]!]!;
      case V_DESTROY:
        if (fIn) this.fighterLeaves(gs);
        if (mine) return -this.lossValue(gs);
        return this.killValue(gs) + (this.aloneInColumn(gs) && this.me === this.active ? P.open * this.vpUnit * (this.followUp >= 1 ? 0.4 : 0.1) : 0);
      case V_SWAP: {
        if (src < 0 || src === gs) return 0;
        // Before the Defender is fixed (2b), a swap can put a stronger character in front of the attack.
        if (fIn && this.me !== this.active && this.fStep === 2 && w[O_ATK_RANGED]! < 0 && this.fAgs >= 0) {
          const col = w[O_ATK_COLUMN]!, me = this.me;
          const front = me * 6 + col, back = me * 6 + 3 + col;
          // Who stands on the column's slots after the swap.
          const f2 = front === src ? gs : front === gs ? src : front;
          const b2 = back === src ? gs : back === gs ? src : back;
          const newDef = w[O_OCC + f2]! >= 0 ? f2 : w[O_OCC + b2]! >= 0 ? b2 : -1;
          if (newDef >= 0 && newDef !== this.fDgs) {
            const newFront = (newDef === f2 ? front : back) % 6 < 3;
            const np = this.powerAt(newDef, ROLE_DEFENDER, newFront);
            const oldP = this.fDgs >= 0 ? this.fDef - w[O_SUPPORT + me]! : this.fDef;
            this.dDef += np - oldP;
          }
          return -0.05;
        }
        return -0.1;
      }
      case V_UNTAP: {
        if (!mine || w[O_TAPPED + gs] === 0) return mine ? 0 : -0.1;
        if (fIn) return 0.1;
        if (this.me === this.active && w[O_ATTACKED + gs] === 0 && (w[O_ENTERED + gs] !== this.turn || (keywordFlags(st, gs) & KW_RAGE))) {
          return Math.max(0, 0.9 * this.bestAttackValue(gs % 6));
        }
        return P.holdBack * (0.3 + 0.2 * supportValue(st, gs));
      }
      case V_TAP: {
        if (mine) return -0.2;
        if (w[O_TAPPED + gs] !== 0) return 0;
        if (fIn) {
          const oppFighter = this.me === this.active ? this.fDgs : this.fAgs;
          if (oppFighter >= 0 && w[O_SUPPORTER + this.op]! < 0 && (gs === oppFighter || isAdjacent(gs, oppFighter))) {
            return 0.3 * supportValue(st, gs);
          }
          return 0.02;
        }
        return this.me === this.active ? 0.1 + 0.1 * supportValue(st, gs) : 0.05;
      }
    }
    return 0;
  }
}
