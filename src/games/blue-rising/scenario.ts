// Scenarios: a position written by hand (boards, hands, deck order, discards, VP, pools,
// whose turn), a list of actions written the way `lab replay` prints them, and
// expectations checked between them. See the README's "Scenario files" section.
import { readFileSync } from 'node:fs';
import { STEP_2B, STEP_3B, advance, clearState, seedStreams } from './rules.ts';
import { nearestNames } from './catalogue/index.ts';
import type { Catalogue } from './catalogue/compile.ts';
import { G_SQUIRE, SQUIRE_NAME, T_ARTEFACT, T_CHARACTER, T_ENVIRONMENT, T_OBJECT, T_TRAP } from './catalogue/compile.ts';
import { ROLE_ATTACKER, ROLE_DEFENDER, charPower, keywordFlags, pushDeck, pushDiscard, pushGone, pushHand, placeOnSlot, slotOf } from './board.ts';
import { BlueRising, createContext } from './game.ts';
import { GameLog } from './log.ts';
import { MODES, RuleOptionError, type Mode, type RuleOptions } from './rules-options.ts';
import { shippedCatalogue } from './index.ts';
import {
  ART_GONE,
  ART_HIDDEN,
  ART_REVEALED,
  BRState,
  C_SCAN_OK,
  C_WIN_N,
  COLUMN_NAMES,
  INST_PER_PLAYER,
  MAX_DECK,
  Z_ACTIVE,
  Z_ART,
  Z_ART_STATE,
  Z_ATK_COLUMN,
  Z_ATK_INST,
  Z_ATK_RANGED,
  Z_ATTACKED,
  DEF_CHAR,
  DEF_ENV,
  DEF_NONE,
  Z_DEF_KIND,
  Z_FACEDOWN,
  Z_PASSES,
  Z_STEP,
  Z_WTURN,
  PH_MULLIGAN,
  PH_REACTION,
  PH_WINDOW,
  Z_CURRENT,
  Z_DECK,
  Z_DECK_N,
  Z_DEF_INST,
  Z_DISC,
  Z_DISC_N,
  Z_ENV,
  Z_ENV_TAPPED,
  Z_EQUIP,
  Z_FIRST,
  Z_GONE,
  Z_GONE_N,
  Z_HAND,
  Z_HAND_N,
  Z_IN_ATTACK,
  O_LAST_ATK_POWER,
  O_LAST_DEF_POWER,
  Z_MULL_DONE,
  Z_OCC,
  Z_PHASE,
  O_POOL,
  Z_SETUP_DONE,
  O_SUPPORT,
  Z_TAPPED,
  Z_TOKENS_USED,
  Z_TRAP,
  O_TURN,
  O_VP,
  Z_WINNER,
  phaseName,
  PH_EOT_DISCARD,
  PH_MAIN,
  PH_OVER,
  SLOT_NAMES,
  WIN_DRAW,
  ZONE_CAP,
  owner,
  type GameContext,
} from './state.ts';
import { KEYWORD_LABELS } from './effects.ts';
import { KW_COUNTER, KW_RAGE, KW_RANGED, KW_STEALTH } from './catalogue/compile.ts';
import { parseJson } from '../../core/json.ts';

export class ScenarioError extends Error {}

export interface BoardEntry {
  card: string;
  tapped?: boolean;
  object?: string;
  /** Entered play this turn (disoriented, R24). */
  justPlayed?: boolean;
}

export interface PlayerSpec {
  environment: string;
  artefact?: string | { card: string; revealed?: boolean } | null;
  board?: Record<string, string | BoardEntry>;
  traps?: Record<string, string>;
  hand?: string[];
  /** Top of the deck first. */
  deck?: string[];
  discard?: string[];
  vp?: number;
  pool?: number;
  environmentTapped?: boolean;
}

export type Expectation = Record<string, unknown>;

export interface ScenarioStep {
  do?: string;
  expect?: Expectation;
}

/** A position in the middle of an attack of the active player (R37–R39). */
export interface AttackSpec {
  /** "2a" (the defender's reaction), "2b" (the window before the Defender is known) or "3b" (the window after). */
  step: '2a' | '2b' | '3b';
  /** A character of the active player. */
  attacker: string;
  /** A character of the other player, or "environment" (step 3b only); its column is the target. */
  defender?: string;
  /** The target column when no Defender character names it: left, centre, right. */
  column?: string;
  /** The Defender was targeted by Distance (D19): it defends whatever its row. */
  ranged?: boolean;
}

export interface ScenarioSpec {
  name?: string;
  mode: Mode;
  seed?: number;
  turn?: number;
  first?: string;
  active: string;
  /** "mulligan": at setup, the opening hands dealt (R13), the board's Aspirants face down. */
  phase?: 'main' | 'end-of-turn' | 'mulligan';
  attack?: AttackSpec;
  rules?: Partial<RuleOptions>;
  players: Record<string, PlayerSpec>;
  steps: ScenarioStep[];
}

const EXPECT_KEYS = ['power', 'asAttacker', 'asDefender', 'fight', 'vp', 'pool', 'zone', 'equipped', 'tapped', 'handSize', 'deckSize', 'discardSize', 'winner', 'phase', 'current', 'keywords', 'notKeywords', 'absent', 'log', 'legal', 'notLegal'];
const ATTACK_STEPS = ['2a', '2b', '3b'];

function fail(file: string, where: string, msg: string): never {
  throw new ScenarioError(`${file}: ${where}: ${msg}`);
}

/** Reads and checks the shape of a scenario file (not yet the card names). */
export function loadScenario(file: string): ScenarioSpec {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ScenarioError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    throw new ScenarioError(`${file}: ${(e as Error).message}`);
  }
  return checkScenario(json, file);
}

export function checkScenario(json: unknown, file: string): ScenarioSpec {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail(file, 'top level', 'expected an object');
  const s = json as Record<string, unknown>;
  for (const k of Object.keys(s)) {
    if (!['name', 'mode', 'seed', 'turn', 'first', 'active', 'phase', 'attack', 'rules', 'players', 'steps', 'comment'].includes(k)) fail(file, k, 'unknown field');
  }
  if (!MODES.includes(s.mode as Mode)) fail(file, 'mode', `expected one of ${MODES.join(', ')}, got ${JSON.stringify(s.mode)}`);
  if (typeof s.players !== 'object' || s.players === null) fail(file, 'players', 'expected an object with two players');
  const names = Object.keys(s.players as object);
  if (names.length !== 2) fail(file, 'players', `expected exactly two players, got ${names.length}`);
  if (typeof s.active !== 'string' || !names.includes(s.active)) fail(file, 'active', `expected one of ${names.join(', ')}`);
  if (s.first !== undefined && (typeof s.first !== 'string' || !names.includes(s.first))) fail(file, 'first', `expected one of ${names.join(', ')}`);
  if (s.phase !== undefined && s.phase !== 'main' && s.phase !== 'end-of-turn' && s.phase !== 'mulligan') fail(file, 'phase', 'expected "main", "end-of-turn" or "mulligan"');
  if (s.phase === 'mulligan') {
    if (s.turn !== undefined) fail(file, 'turn', 'a position at setup (phase "mulligan") is before turn 1');
    if (s.first !== undefined && s.first !== s.active) fail(file, 'first', 'at setup the first player is the active one');
  }
  if (s.attack !== undefined) {
    const a = s.attack as Record<string, unknown>;
    if (typeof a !== 'object' || a === null) fail(file, 'attack', 'expected { "step", "attacker", "defender"?, "column"?, "ranged"? }');
    for (const k of Object.keys(a)) if (!['step', 'attacker', 'defender', 'column', 'ranged'].includes(k)) fail(file, `attack.${k}`, 'unknown field');
    if (!ATTACK_STEPS.includes(a.step as string)) fail(file, 'attack.step', `expected one of ${ATTACK_STEPS.join(', ')}`);
    if (typeof a.attacker !== 'string') fail(file, 'attack.attacker', 'expected a character of the active player');
    if (a.defender !== undefined && typeof a.defender !== 'string') fail(file, 'attack.defender', 'expected a character of the other player or "environment"');
    if (a.column !== undefined && !COLUMN_NAMES.includes(a.column as string)) fail(file, 'attack.column', `expected one of ${COLUMN_NAMES.join(', ')}`);
    if (a.ranged !== undefined && typeof a.ranged !== 'boolean') fail(file, 'attack.ranged', 'expected true or false');
    if (a.defender === undefined && a.column === undefined) fail(file, 'attack', 'expected a "defender" or a "column"');
    if (a.defender === 'environment' && a.step !== '3b') fail(file, 'attack.defender', 'the Environment is the Defender from step 3a on: use step "3b" or a "column"');
    if (a.defender === 'environment' && a.column === undefined) fail(file, 'attack.column', 'expected the column the Environment defends');
    if (a.ranged === true && (a.defender === undefined || a.defender === 'environment')) fail(file, 'attack.ranged', 'a ranged attack targets a character: name it as "defender"');
    if (s.phase !== undefined && s.phase !== 'main') fail(file, 'attack', 'an attack happens in the main phase');
  }
  for (const k of ['seed', 'turn']) {
    if (s[k] !== undefined && (!Number.isInteger(s[k]) || (s[k] as number) < 0)) fail(file, k, 'expected a non-negative integer');
  }
  for (const n of names) {
    const p = (s.players as Record<string, unknown>)[n];
    if (typeof p !== 'object' || p === null) fail(file, `players.${n}`, 'expected an object');
    const ps = p as Record<string, unknown>;
    for (const k of Object.keys(ps)) {
      if (!['environment', 'artefact', 'board', 'traps', 'hand', 'deck', 'discard', 'vp', 'pool', 'environmentTapped'].includes(k)) {
        fail(file, `players.${n}.${k}`, 'unknown field');
      }
    }
    if (typeof ps.environment !== 'string') fail(file, `players.${n}.environment`, 'expected a card name');
    for (const k of ['hand', 'deck', 'discard']) {
      if (ps[k] !== undefined && (!Array.isArray(ps[k]) || (ps[k] as unknown[]).some((x) => typeof x !== 'string'))) {
        fail(file, `players.${n}.${k}`, 'expected a list of card names');
      }
    }
    for (const k of ['vp', 'pool']) {
      if (ps[k] !== undefined && (!Number.isInteger(ps[k]) || (ps[k] as number) < 0)) fail(file, `players.${n}.${k}`, 'expected a non-negative integer');
    }
    if (ps.board !== undefined) {
      if (typeof ps.board !== 'object' || ps.board === null) fail(file, `players.${n}.board`, 'expected an object slot → card');
      for (const [slot, e] of Object.entries(ps.board as object)) {
        if (!SLOT_NAMES.includes(slot)) fail(file, `players.${n}.board.${slot}`, `unknown slot (valid: ${SLOT_NAMES.join(', ')})`);
        if (typeof e !== 'string' && (typeof e !== 'object' || e === null || typeof (e as BoardEntry).card !== 'string')) {
          fail(file, `players.${n}.board.${slot}`, 'expected a card name or { "card": ..., "tapped"?, "object"?, "justPlayed"? }');
        }
      }
    }
    if (ps.traps !== undefined) {
      if (typeof ps.traps !== 'object' || ps.traps === null) fail(file, `players.${n}.traps`, 'expected an object column → trap');
      for (const [col, e] of Object.entries(ps.traps as object)) {
        if (!COLUMN_NAMES.includes(col)) fail(file, `players.${n}.traps.${col}`, `unknown column (valid: ${COLUMN_NAMES.join(', ')})`);
        if (typeof e !== 'string') fail(file, `players.${n}.traps.${col}`, 'expected a card name');
      }
    }
  }
  if (!Array.isArray(s.steps)) fail(file, 'steps', 'expected a list of { "do": ... } or { "expect": ... }');
  (s.steps as unknown[]).forEach((st, i) => {
    if (typeof st !== 'object' || st === null) fail(file, `steps[${i}]`, 'expected an object');
    const o = st as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => k !== 'comment');
    if (keys.length === 0 && typeof o.comment === 'string') return; // a comment alone
    if (keys.length !== 1 || (keys[0] !== 'do' && keys[0] !== 'expect')) fail(file, `steps[${i}]`, 'expected exactly one of "do" or "expect" (and an optional "comment")');
    if (keys[0] === 'do' && typeof o.do !== 'string') fail(file, `steps[${i}].do`, 'expected an action text');
    if (keys[0] === 'expect') {
      if (typeof o.expect !== 'object' || o.expect === null) fail(file, `steps[${i}].expect`, 'expected an object');
      for (const k of Object.keys(o.expect as object)) {
        if (!EXPECT_KEYS.includes(k)) fail(file, `steps[${i}].expect.${k}`, `unknown expectation (valid: ${EXPECT_KEYS.join(', ')})`);
      }
    }
  });
  return s as unknown as ScenarioSpec;
}

export interface BuiltScenario {
  game: BlueRising;
  state: BRState;
  seats: string[];
}

/** Builds the position of a scenario. */
export function buildScenario(spec: ScenarioSpec, file: string, cat: Catalogue = shippedCatalogue()): BuiltScenario {
  const seats = Object.keys(spec.players);
  const lists: { name: string; cards: string[] }[] = [];
  const checkCard = (where: string, name: string): string => {
    if (!cat.byName.has(name)) {
      const near = nearestNames(name);
      fail(file, where, `unknown card "${name}"${near.length ? ` (did you mean: ${near.join(', ')}?)` : ''}`);
    }
    return name;
  };
  // Every card a player owns becomes an instance, in a fixed order.
  for (const n of seats) {
    const p = spec.players[n]!;
    const cards: string[] = [];
    cards.push(checkCard(`players.${n}.environment`, p.environment));
    const art = typeof p.artefact === 'string' ? p.artefact : p.artefact?.card;
    if (art) cards.push(checkCard(`players.${n}.artefact`, art));
    for (const [slot, e] of Object.entries(p.board ?? {})) {
      const entry = typeof e === 'string' ? { card: e } : e;
      // D1: a Squire on the board is one of the player's tokens, not a card of the list.
      if (entry.card !== SQUIRE_NAME) cards.push(checkCard(`players.${n}.board.${slot}`, entry.card));
      if (entry.object) cards.push(checkCard(`players.${n}.board.${slot}.object`, entry.object));
    }
    for (const [col, t] of Object.entries(p.traps ?? {})) cards.push(checkCard(`players.${n}.traps.${col}`, t));
    for (const k of ['hand', 'deck', 'discard'] as const) {
      (p[k] ?? []).forEach((c, i) => {
        if (c === SQUIRE_NAME) fail(file, `players.${n}.${k}[${i}]`, 'a Squire is a token that exists only in play (D1)');
        cards.push(checkCard(`players.${n}.${k}[${i}]`, c));
      });
    }
    if (cards.length > MAX_DECK) fail(file, `players.${n}`, `${cards.length} cards, at most ${MAX_DECK}`);
    lists.push({ name: n, cards });
  }
  let ctx: GameContext;
  try {
    ctx = createContext(cat, spec.mode, [lists[0]!, lists[1]!], spec.rules ?? {}, [seats[0]!, seats[1]!]);
  } catch (e) {
    if (e instanceof RuleOptionError) fail(file, 'rules', e.message.replace(/^rules? /, '')); // a knob out of its range
    throw e;
  }
  const game = new BlueRising(ctx);
  const st = game.allocState();
  clearState(st);
  const w = st.w, z = st.z;
  seedStreams(st, spec.seed ?? 0);
  const atSetup = spec.phase === 'mulligan';
  const turn = atSetup ? 0 : spec.turn ?? 3;
  const active = seats.indexOf(spec.active);
  const first = spec.first ? seats.indexOf(spec.first) : active;
  seats.forEach((n, p) => {
    const ps = spec.players[n]!;
    let i = 0;
    const next = () => p * INST_PER_PLAYER + i++;
    const env = next();
    if (cat.type[ctx.cardOf[env]!] !== T_ENVIRONMENT) fail(file, `players.${n}.environment`, `"${ps.environment}" is not an Environment`);
    z[Z_ENV + p] = env;
    z[Z_ENV_TAPPED + p] = ps.environmentTapped ? 1 : 0;
    const art = typeof ps.artefact === 'string' ? { card: ps.artefact, revealed: false } : ps.artefact ?? null;
    if (art) {
      const inst = next();
      if (cat.type[ctx.cardOf[inst]!] !== T_ARTEFACT) fail(file, `players.${n}.artefact`, `"${art.card}" is not an Artefact`);
      // As deck validation refuses it: an Artefact there could be revealed and win the game.
      if (!ctx.options.artefacts) {
        fail(file, `players.${n}.artefact`, spec.mode === 'quick' ? `"${art.card}": R8: a quick game has no Artefact` : `"${art.card}": Artefacts are off (rules.artefacts)`);
      }
      z[Z_ART + p] = inst;
      z[Z_ART_STATE + p] = art.revealed ? ART_REVEALED : ART_HIDDEN;
    }
    let tokens = 0;
    for (const [slot, e] of Object.entries(ps.board ?? {})) {
      const entry = typeof e === 'string' ? { card: e } : e;
      let inst: number;
      if (entry.card === SQUIRE_NAME) {
        inst = p * INST_PER_PLAYER + INST_PER_PLAYER - 6 + tokens;
        z[Z_TOKENS_USED + p] = z[Z_TOKENS_USED + p]! | (1 << tokens++);
      } else inst = next();
      if (cat.type[ctx.cardOf[inst]!] !== T_CHARACTER) fail(file, `players.${n}.board.${slot}`, `"${entry.card}" is not a character`);
      const gs = p * 6 + SLOT_NAMES.indexOf(slot);
      if (atSetup) {
        // The setup Aspirants, face down until the reveal (R15); D3 says whether they are disoriented.
        placeOnSlot(st, gs, inst, ctx.options.setupDisoriented ? (p === first ? 1 : 2) : -1);
        z[Z_FACEDOWN + gs] = 1;
      } else placeOnSlot(st, gs, inst, entry.justPlayed ? turn : -1);
      z[Z_TAPPED + gs] = entry.tapped ? 1 : 0;
      if (entry.object) {
        const obj = next();
        if (cat.type[ctx.cardOf[obj]!] !== T_OBJECT) fail(file, `players.${n}.board.${slot}.object`, `"${entry.object}" is not an Object`);
        z[Z_EQUIP + gs] = obj;
      }
    }
    for (const [col, t] of Object.entries(ps.traps ?? {})) {
      const inst = next();
      if (cat.type[ctx.cardOf[inst]!] !== T_TRAP) fail(file, `players.${n}.traps.${col}`, `"${t}" is not a Trap`);
      z[Z_TRAP + p * 3 + COLUMN_NAMES.indexOf(col)] = inst;
    }
    for (const _ of ps.hand ?? []) pushHand(st, p, next(), false);
    const deck = (ps.deck ?? []).map(() => next());
    for (let k = deck.length - 1; k >= 0; k--) pushDeck(st, p, deck[k]!); // top of the deck is last
    for (const _ of ps.discard ?? []) pushDiscard(st, next());
    w[O_VP + p] = ps.vp ?? 0;
    w[O_POOL + p] = ps.pool ?? 0;
    z[Z_SETUP_DONE + p] = ctx.options.setupAspirants;
    z[Z_MULL_DONE + p] = atSetup ? 0 : 1;
  });
  z[Z_FIRST] = first;
  z[Z_ACTIVE] = active;
  z[Z_CURRENT] = active;
  w[O_TURN] = turn;
  z[Z_PHASE] = atSetup ? PH_MULLIGAN : spec.phase === 'end-of-turn' ? PH_EOT_DISCARD : PH_MAIN;
  if (spec.attack) setAttack(st, spec, seats, file);
  w[C_SCAN_OK] = 0; // the board was written directly
  w[C_WIN_N] = 0;
  st.log = new GameLog();
  st.log.turn = turn;
  advance(st);
  return { game, state: st, seats };
}

/** Puts the game in the middle of an attack, as declareAttack and the steps after it leave it. */
function setAttack(st: BRState, spec: ScenarioSpec, seats: string[], file: string): void {
  const z = st.z;
  const at = spec.attack!;
  const a = z[Z_ACTIVE]!;
  const d = 1 - a;
  const find = (p: number, name: string, where: string): number => {
    for (let s = 0; s < 6; s++) {
      const inst = z[Z_OCC + p * 6 + s]!;
      if (inst >= 0 && st.ctx.cat.names[st.ctx.cardOf[inst]!] === name) return p * 6 + s;
    }
    fail(file, where, `"${name}" is not on ${seats[p]}'s board`);
  };
  const ags = find(a, at.attacker, 'attack.attacker');
  const envDefender = at.defender === 'environment';
  const dgs = at.defender === undefined || envDefender ? -1 : find(d, at.defender, 'attack.defender');
  z[Z_TAPPED + ags] = 1; // step 1: the Attacker taps
  z[Z_ATTACKED + ags] = 1;
  z[Z_IN_ATTACK] = 1;
  z[Z_ATK_INST] = z[Z_OCC + ags]!;
  z[Z_ATK_COLUMN] = at.column !== undefined ? COLUMN_NAMES.indexOf(at.column) : (dgs % 6) % 3;
  z[Z_ATK_RANGED] = at.ranged ? z[Z_OCC + dgs]! : -1;
  z[Z_DEF_KIND] = DEF_NONE;
  z[Z_DEF_INST] = -1;
  if (at.step === '3b') {
    z[Z_DEF_KIND] = envDefender ? DEF_ENV : DEF_CHAR;
    z[Z_DEF_INST] = envDefender ? z[Z_ENV + d]! : z[Z_OCC + dgs]!;
    if (dgs < 0 && !envDefender) fail(file, 'attack.defender', 'step 3b needs the Defender: a character or "environment"');
  }
  if (at.step === '2a') {
    z[Z_PHASE] = PH_REACTION;
    z[Z_CURRENT] = d;
    return;
  }
  z[Z_STEP] = at.step === '2b' ? STEP_2B : STEP_3B;
  z[Z_PASSES] = 0;
  z[Z_WTURN] = a; // R36: attacker priority
  z[Z_PHASE] = PH_WINDOW;
  z[Z_CURRENT] = a;
}

// ---------------- running ----------------

export interface ScenarioResult {
  name: string;
  file: string;
  ok: boolean;
  /** The first failed expectation, in words. */
  failure?: string;
  steps: number;
  log: string;
}

/** Finds the legal action whose text is `text` (an optional "Player: " prefix names the actor). */
export function findAction(b: BuiltScenario, text: string, where: string, file: string): number {
  const { game, state } = b;
  const p = game.currentPlayer(state);
  if (p < 0) fail(file, where, `"${text}": the game is over`);
  let body = text.trim();
  for (const n of b.seats) {
    if (body.startsWith(`${n}:`)) {
      if (b.seats.indexOf(n) !== p) fail(file, where, `"${text}": it is ${b.seats[p]}'s decision, not ${n}'s`);
      body = body.slice(n.length + 1).trim();
    }
  }
  const out = new Int32Array(game.maxLegalActions);
  const n = game.legalActions(state, out);
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = game.actionToString(state, out[i]!);
    if (t === body) return out[i]!;
    texts.push(t);
  }
  const near = texts
    .map((t) => [t, similarity(t, body)] as const)
    .sort((a, c) => c[1] - a[1])
    .slice(0, 3)
    .map(([t]) => `"${t}"`);
  fail(file, where, `"${body}" matches no legal action of ${b.seats[p]} (closest: ${near.join('; ')})`);
}

function similarity(a: string, b: string): number {
  const wa = new Set(a.toLowerCase().split(/\s+/));
  let k = 0;
  for (const x of b.toLowerCase().split(/\s+/)) if (wa.has(x)) k++;
  return k;
}

/** Which seat order a scenario runs in: as written (the first player listed is seat 0), exchanged, or both. */
export type SeatOrder = 'both' | 'as-written' | 'exchanged';

/** The same position with the seats exchanged: the second player listed becomes seat 0. */
export function exchangeSeats(spec: ScenarioSpec): ScenarioSpec {
  const steps = spec.steps.map((st) => {
    const log = st.expect?.log;
    if (log === undefined) return st;
    const mirrored = Array.isArray(log) ? (log as string[]).map(mirrorScore) : mirrorScore(log as string);
    return { ...st, expect: { ...st.expect, log: mirrored } };
  });
  return { ...spec, players: Object.fromEntries(Object.entries(spec.players).reverse()), steps };
}

/** The log writes the score in seat order ("…: 1–0", "(VP 1–0, …"): exchanged seats read it the other way. */
export function mirrorScore(text: string): string {
  return text.replace(/(\): |\(VP )(\d+)–(\d+)/g, '$1$3–$2');
}

/**
 * Runs a scenario as written, then with the seats exchanged: everything in a scenario is
 * named by player (and slots from each owner's own left, D27), so the same expectations
 * hold whichever seat a player sits in. A rule that reads the wrong seat fails one of the two.
 */
export function runScenario(spec: ScenarioSpec, file: string, cat?: Catalogue, seats: SeatOrder = 'both'): ScenarioResult {
  if (seats === 'exchanged') return runOnce(exchangeSeats(spec), file, cat, true);
  const first = runOnce(spec, file, cat, false);
  if (seats === 'as-written' || !first.ok) return first;
  const second = runOnce(exchangeSeats(spec), file, cat, true);
  return second.ok ? first : second;
}

function runOnce(spec: ScenarioSpec, file: string, cat: Catalogue | undefined, exchanged: boolean): ScenarioResult {
  const name = spec.name ?? file;
  const tag = exchanged ? 'with the seats exchanged: ' : '';
  let b: BuiltScenario | undefined;
  let count = 0;
  try {
    b = buildScenario(spec, file, cat);
    for (let i = 0; i < spec.steps.length; i++) {
      const step = spec.steps[i]!;
      const where = `steps[${i}]`;
      if (step.do !== undefined) {
        const a = findAction(b, step.do, where, file);
        b.game.apply(b.state, a);
        count++;
      } else if (step.expect !== undefined) {
        const problem = checkExpectation(b, step.expect, where, file);
        if (problem) return { name, file, ok: false, failure: `${tag}${where}: ${problem}`, steps: count, log: b.state.log!.text() };
      }
    }
  } catch (e) {
    // A file that runs as written but not exchanged is a fault of the engine, not of the file.
    if (!exchanged || !(e instanceof ScenarioError)) throw e;
    return { name, file, ok: false, failure: `${tag}${e.message.slice(file.length + 2)}`, steps: count, log: b?.state.log?.text() ?? '' };
  }
  return { name, file, ok: true, steps: count, log: b.state.log!.text() };
}

// ---------------- expectations ----------------

function seatOf(b: BuiltScenario, name: string, where: string, file: string): number {
  const p = b.seats.indexOf(name);
  if (p < 0) fail(file, where, `unknown player "${name}" (players: ${b.seats.join(', ')})`);
  return p;
}

/** The slot of the character named `name` in play (a "Name@Player" form picks a side). */
function findInPlay(b: BuiltScenario, name: string, where: string, file: string): number {
  const st = b.state;
  const [card, side] = name.split('@') as [string, string | undefined];
  const p = side === undefined ? -1 : seatOf(b, side, where, file);
  for (let gs = 0; gs < 12; gs++) {
    const inst = st.z[Z_OCC + gs]!;
    if (inst < 0) continue;
    if (p >= 0 && owner(inst) !== p) continue;
    if (st.ctx.cat.names[st.ctx.cardOf[inst]!] === card) return gs;
  }
  return -1;
}

/** Power as the designer sees it: in a fight, its fight total (support included, R39). */
export function currentPower(st: BRState, gs: number): number {
  const w = st.w, z = st.z;
  const inst = z[Z_OCC + gs]!;
  if (z[Z_IN_ATTACK]) {
    if (inst === z[Z_ATK_INST]) return charPower(st, gs, ROLE_ATTACKER) + w[O_SUPPORT + z[Z_ACTIVE]!]!;
    if (inst === z[Z_DEF_INST]) return charPower(st, gs, ROLE_DEFENDER) + w[O_SUPPORT + 1 - z[Z_ACTIVE]!]!;
  }
  return charPower(st, gs, 0);
}

/** Where each copy of a card is: "hand:P", "deck:P", "discard:P", "gone:P", "board:P:slot", "object:P:slot", "trap:P:column", "environment:P", "artefact:P". */
export function locate(b: BuiltScenario, card: string): string[] {
  const st = b.state;
  const z = st.z;
  const out: string[] = [];
  const is = (inst: number) => inst >= 0 && st.ctx.cat.names[st.ctx.cardOf[inst]!] === card;
  for (let p = 0; p < 2; p++) {
    const n = b.seats[p]!;
    for (let i = 0; i < z[Z_HAND_N + p]!; i++) if (is(z[Z_HAND + p * ZONE_CAP + i]!)) out.push(`hand:${n}`);
    for (let i = 0; i < z[Z_DECK_N + p]!; i++) if (is(z[Z_DECK + p * ZONE_CAP + i]!)) out.push(`deck:${n}`);
    for (let i = 0; i < z[Z_DISC_N + p]!; i++) if (is(z[Z_DISC + p * ZONE_CAP + i]!)) out.push(`discard:${n}`);
    for (let i = 0; i < z[Z_GONE_N + p]!; i++) if (is(z[Z_GONE + p * ZONE_CAP + i]!)) out.push(`gone:${n}`);
    for (let s = 0; s < 6; s++) {
      if (is(z[Z_OCC + p * 6 + s]!)) out.push(`board:${n}:${SLOT_NAMES[s]}`);
      const o = z[Z_EQUIP + p * 6 + s]!;
      if (is(o)) out.push(`object:${n}:${SLOT_NAMES[s]}`);
    }
    for (let c = 0; c < 3; c++) if (is(z[Z_TRAP + p * 3 + c]!)) out.push(`trap:${n}:${COLUMN_NAMES[c]}`);
    if (is(z[Z_ENV + p]!)) out.push(`environment:${n}`);
    if (z[Z_ART_STATE + p] !== ART_GONE && is(z[Z_ART + p]!)) out.push(`artefact:${n}`);
  }
  return out;
}

function kwNames(st: BRState, gs: number): string[] {
  const f = keywordFlags(st, gs);
  const names: string[] = [];
  if (f & KW_COUNTER) names.push(KEYWORD_LABELS[4]!);
  if (f & KW_RANGED) names.push(KEYWORD_LABELS[5]!);
  if (f & KW_STEALTH) names.push(KEYWORD_LABELS[6]!);
  if (f & KW_RAGE) names.push(KEYWORD_LABELS[7]!);
  return names;
}

function checkExpectation(b: BuiltScenario, e: Expectation, where: string, file: string): string | null {
  const st = b.state;
  const w = st.w, z = st.z;
  const obj = (k: string): Record<string, unknown> => {
    const v = e[k];
    if (typeof v !== 'object' || v === null) fail(file, `${where}.expect.${k}`, 'expected an object');
    return v as Record<string, unknown>;
  };
  for (const key of Object.keys(e)) {
    switch (key) {
      case 'power':
        for (const [name, want] of Object.entries(obj(key))) {
          const gs = findInPlay(b, name, where, file);
          if (gs < 0) return `power of ${name}: ${name} is not in play`;
          const got = currentPower(st, gs);
          if (got !== want) return `power of ${name}: expected ${want}, got ${got}`;
        }
        break;
      case 'asAttacker':
      case 'asDefender':
        // What it would fight with now in that role, Support aside (R39): Attaque/Défense included.
        for (const [name, want] of Object.entries(obj(key))) {
          const gs = findInPlay(b, name, where, file);
          if (gs < 0) return `${key} ${name}: ${name} is not in play`;
          const got = charPower(st, gs, key === 'asAttacker' ? ROLE_ATTACKER : ROLE_DEFENDER);
          if (got !== want) return `${key} ${name}: expected ${want}, got ${got}`;
        }
        break;
      case 'fight': {
        const f = obj(key);
        if (f.attacker !== undefined && w[O_LAST_ATK_POWER] !== f.attacker) return `fight: expected the Attacker at ${f.attacker}, got ${w[O_LAST_ATK_POWER]}`;
        if (f.defender !== undefined && w[O_LAST_DEF_POWER] !== f.defender) return `fight: expected the Defender at ${f.defender}, got ${w[O_LAST_DEF_POWER]}`;
        break;
      }
      case 'vp':
      case 'pool':
      case 'handSize':
      case 'deckSize':
      case 'discardSize':
        for (const [name, want] of Object.entries(obj(key))) {
          const p = seatOf(b, name, where, file);
          // Int16 words as ~offset, byte fields by offset.
          const off = { vp: ~O_VP, pool: ~O_POOL, handSize: Z_HAND_N, deckSize: Z_DECK_N, discardSize: Z_DISC_N }[key];
          const got = off >= 0 ? b.state.z[off + p]! : w[~off + p]!;
          if (got !== want) return `${key} of ${name}: expected ${want}, got ${got}`;
        }
        break;
      case 'zone':
        for (const [card, want] of Object.entries(obj(key))) {
          const wants = Array.isArray(want) ? (want as string[]) : [want as string];
          const got = locate(b, card);
          for (const z of wants) {
            const k = got.indexOf(z);
            if (k < 0) return `zone of ${card}: expected ${z}, found ${got.length ? got.join(', ') : 'nowhere'}`;
            got.splice(k, 1);
          }
        }
        break;
      case 'equipped':
        for (const [name, want] of Object.entries(obj(key))) {
          const gs = findInPlay(b, name, where, file);
          if (gs < 0) return `equipped on ${name}: ${name} is not in play`;
          const o = z[Z_EQUIP + gs]!;
          const got = o < 0 ? null : st.ctx.cat.names[st.ctx.cardOf[o]!]!;
          if (got !== want) return `equipped on ${name}: expected ${want ?? 'nothing'}, got ${got ?? 'nothing'}`;
        }
        break;
      case 'tapped':
        for (const [name, want] of Object.entries(obj(key))) {
          const gs = findInPlay(b, name, where, file);
          if (gs < 0) return `tapped ${name}: ${name} is not in play`;
          const got = z[Z_TAPPED + gs] !== 0;
          if (got !== want) return `tapped ${name}: expected ${want}, got ${got}`;
        }
        break;
      case 'keywords':
        for (const [name, want] of Object.entries(obj(key))) {
          const gs = findInPlay(b, name, where, file);
          if (gs < 0) return `keywords of ${name}: ${name} is not in play`;
          const got = kwNames(st, gs);
          for (const k of want as string[]) if (!got.includes(k)) return `keywords of ${name}: expected ${k}, has ${got.join(', ') || 'none'}`;
        }
        break;
      case 'notKeywords':
        for (const [name, unwanted] of Object.entries(obj(key))) {
          const gs = findInPlay(b, name, where, file);
          if (gs < 0) return `keywords of ${name}: ${name} is not in play`;
          const got = kwNames(st, gs);
          for (const k of unwanted as string[]) if (got.includes(k)) return `keywords of ${name}: expected no ${k}, has ${got.join(', ')}`;
        }
        break;
      case 'absent': {
        // Nowhere in play: not on a board, under a character, as a Trap, Environment or Artefact.
        const wants = Array.isArray(e[key]) ? (e[key] as string[]) : [e[key] as string];
        for (const c of wants) {
          const [card, side] = c.split('@') as [string, string | undefined];
          if (side !== undefined) seatOf(b, side, where, file);
          const found = locate(b, card).filter((z) => !/^(hand|deck|discard|gone):/.test(z) && (side === undefined || z.split(':')[1] === side));
          if (found.length) return `absent ${c}: found in play at ${found.join(', ')}`;
        }
        break;
      }
      case 'winner': {
        const want = e[key];
        const over = z[Z_PHASE] === PH_OVER;
        const got = !over ? null : z[Z_WINNER] === WIN_DRAW ? 'draw' : b.seats[z[Z_WINNER]!]!;
        if (got !== want) return `winner: expected ${want ?? 'none yet'}, got ${got ?? 'none yet'}`;
        break;
      }
      case 'phase': {
        const got = phaseName(st);
        if (got !== e[key]) return `phase: expected ${e[key]}, got ${got}`;
        break;
      }
      case 'current': {
        const p = b.game.currentPlayer(st);
        const got = p < 0 ? null : b.seats[p];
        if (got !== e[key]) return `current player: expected ${e[key]}, got ${got}`;
        break;
      }
      case 'log': {
        const wants = Array.isArray(e[key]) ? (e[key] as string[]) : [e[key] as string];
        const text = st.log!.text();
        for (const s of wants) if (!text.includes(s)) return `log: expected a line containing "${s}"`;
        break;
      }
      case 'legal':
      case 'notLegal': {
        const wants = Array.isArray(e[key]) ? (e[key] as string[]) : [e[key] as string];
        const out = new Int32Array(b.game.maxLegalActions);
        const n = b.game.legalActions(st, out);
        const texts = new Set<string>();
        for (let i = 0; i < n; i++) texts.add(b.game.actionToString(st, out[i]!));
        for (const s of wants) {
          if (key === 'legal' && !texts.has(s)) return `legal: "${s}" is not a legal action (legal: ${[...texts].join('; ')})`;
          if (key === 'notLegal' && texts.has(s)) return `notLegal: "${s}" is a legal action`;
        }
        break;
      }
    }
  }
  return null;
}

void G_SQUIRE;
void slotOf;
void pushGone;
