// The heuristic bot: its profiles load (and a bad one is refused by name), it plays only
// legal actions, it never peeks (the same decision in two states of one information set),
// it takes sensible decisions at the decision points, and it beats random (its speed is
// measured by `npm run bench`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../../../bots/bot.ts';
import {
  HeuristicBot,
  PROFILES,
  ProfileError,
  WEIGHT_KEYS,
  loadProfile,
  loadProfileFrom,
  parseProfile,
  type HeuristicProfile,
  type ProfileName,
} from '../../../../src/games/blue-rising/bot/index.ts';
import { RandomBot } from '../../../../bots/random.ts';
import { SeededRng, mixSeed } from '../../../../src/core/rng.ts';
import { matchFromFiles } from '../../../../src/games/blue-rising/index.ts';
import { buildScenario, type ScenarioSpec } from '../../../../src/games/blue-rising/scenario.ts';
import {
  Z_FACEDOWN,
  Z_HAND,
  Z_HAND_N,
  Z_IN_ATTACK,
  Z_OCC,
  Z_PHASE,
  isPublic,
  Z_STEP,
  Z_TRAP,
  O_VP,
  PHASE_NAMES,
  PH_SETUP,
  PH_WINDOW,
  ZONE_CAP,
  type BRState,
} from '../../../../src/games/blue-rising/state.ts';
import type { Mode } from '../../../../src/games/blue-rising/rules-options.ts';
import { shippedDecks } from '../reference-digest.ts';

/** Every unordered pair of the mode's shipped decks. */
function deckPairs(mode: Mode): [string, string][] {
  const d = shippedDecks(mode);
  const out: [string, string][] = [];
  for (let i = 0; i < d.length; i++) for (let j = i + 1; j < d.length; j++) out.push([d[i]!, d[j]!]);
  return out;
}
const gameCache = new Map<string, ReturnType<typeof matchFromFiles>>();
function gameFor(mode: Mode, a: string, b: string) {
  const key = `${mode}|${a}|${b}`;
  let g = gameCache.get(key);
  if (!g) gameCache.set(key, (g = matchFromFiles(mode, a, b)));
  return g;
}
const profiles = Object.fromEntries(PROFILES.map((p) => [p, loadProfile(p)])) as Record<ProfileName, HeuristicProfile>;

describe('profiles', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'heuristic-profile-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('each shipped profile loads with every weight a finite number', () => {
    expect([...PROFILES]).toEqual(['aggro', 'control', 'midrange']);
    for (const name of PROFILES) {
      const p = profiles[name];
      for (const k of WEIGHT_KEYS) expect(Number.isFinite(p[k]), `${name}.${k}`).toBe(true);
    }
  });

  it('the three profiles play different styles', () => {
    const { aggro, control, midrange } = profiles;
    // Aggro: tempo and attacks; control: cards, Traps and defence; midrange in between.
    expect(aggro.attackBias).toBeGreaterThan(midrange.attackBias);
    expect(midrange.attackBias).toBeGreaterThan(control.attackBias);
    expect(control.card).toBeGreaterThan(midrange.card);
    expect(midrange.card).toBeGreaterThan(aggro.card);
    expect(control.trapSet).toBeGreaterThan(midrange.trapSet);
    expect(midrange.trapSet).toBeGreaterThan(aggro.trapSet);
    expect(control.holdBack).toBeGreaterThan(midrange.holdBack);
    expect(midrange.holdBack).toBeGreaterThan(aggro.holdBack);
    expect(control.marginShift).toBeGreaterThan(aggro.marginShift);
    // Enough weights differ that they are not near-copies.
    const differ = (a: HeuristicProfile, b: HeuristicProfile) => WEIGHT_KEYS.filter((k) => Math.abs(a[k] - b[k]) > 1e-9).length;
    expect(differ(aggro, control)).toBeGreaterThanOrEqual(15);
    expect(differ(aggro, midrange)).toBeGreaterThanOrEqual(10);
    expect(differ(control, midrange)).toBeGreaterThanOrEqual(10);
  });

  it('a malformed profile is refused with the bad key and the file named', () => {
    const good = { ...profiles.midrange } as Record<string, unknown>;
    expect(() => parseProfile({ ...good, trapRisk: 'high' }, 'bad.json')).toThrow(/bad\.json.*"trapRisk"/);
    expect(() => parseProfile({ ...good, vp: null }, 'bad.json')).toThrow(/bad\.json.*"vp"/);
    const missing = { ...good };
    delete missing.holdBack;
    expect(() => parseProfile(missing, 'bad.json')).toThrow(/bad\.json.*"holdBack" is missing/);
    expect(() => parseProfile({ ...good, attackBais: 1 }, 'bad.json')).toThrow(/bad\.json.*unknown weight "attackBais"/);
    expect(() => parseProfile([1, 2], 'bad.json')).toThrow(ProfileError);

    // From a file: 1e999 parses to Infinity, which is not a finite number.
    const file = join(tmp, 'infinite.json');
    writeFileSync(file, JSON.stringify(good).replace(/"cover":[^,}]+/, '"cover":1e999'));
    expect(() => loadProfileFrom(file)).toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*"cover"`));
    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, '{ "vp": 3,');
    expect(() => loadProfileFrom(broken)).toThrow(/broken\.json: invalid JSON at line 1, column 11: expected double-quoted property name$/);
    expect(() => loadProfile('berserk' as ProfileName)).toThrow(/unknown heuristic profile "berserk"/);
  });
});

/** Plays a game between two bots; calls `check` before every decision of a heuristic seat. */
function play(mode: Mode, a: string, b: string, seed: number, bots: Bot<BRState>[],
  check?: (st: BRState, legal: Int32Array, n: number, action: number, seat: number) => void): BRState {
  const game = gameFor(mode, a, b);
  const st = game.allocState();
  game.newGame(st, seed);
  const legal = new Int32Array(game.maxLegalActions);
  let steps = 0;
  while (!game.isTerminal(st)) {
    const n = game.legalActions(st, legal);
    const p = game.currentPlayer(st);
    const action = bots[p]!.choose(game, st, legal, n);
    check?.(st, legal, n, action, p);
    game.apply(st, action);
    if (++steps > 200_000) throw new Error(`game ${seed} does not end`);
  }
  return st;
}

describe('legal actions only', () => {
  for (const mode of ['quick', 'standard'] as const) {
    it(`${mode}: every decision is one of the legal actions, at every decision point`, () => {
      const pairs = deckPairs(mode);
      let decisions = 0;
      const phases = new Set<string>();
      let g = 0;
      for (const prof of PROFILES) {
        for (let k = 0; k < 20; k++, g++) {
          const [a, b] = pairs[(g * 5) % pairs.length]!;
          const seed = mixSeed(41, g);
          const other: Bot<BRState> = k % 2 === 0 ? new RandomBot(mixSeed(seed, 2)) : new HeuristicBot(mixSeed(seed, 2), profiles[PROFILES[(k >> 1) % 3]!]);
          const hseat = k % 4 < 2 ? 0 : 1;
          const bots: Bot<BRState>[] = [];
          bots[hseat] = new HeuristicBot(mixSeed(seed, 1), profiles[prof]);
          bots[1 - hseat] = other;
          play(mode, a, b, seed, bots, (st, legal, n, action, seat) => {
            if (!(bots[seat] instanceof HeuristicBot)) return;
            decisions++;
            phases.add(PHASE_NAMES[st.z[Z_PHASE]!]!);
            let ok = false;
            for (let i = 0; i < n; i++) if (legal[i] === action) ok = true;
            if (!ok) throw new Error(`${mode} ${prof} seed ${seed}: action ${action} is not legal (phase ${PHASE_NAMES[st.z[Z_PHASE]!]})`);
          });
        }
      }
      console.log(`[heuristic] ${mode}: ${decisions} decisions checked legal; decision points seen: ${[...phases].join(', ')}`);
      expect(decisions).toBeGreaterThan(5000);
      for (const ph of ['setup', 'mulligan', 'main', 'pay', 'reaction (2a)', 'window', 'end-of-turn discard']) expect(phases).toContain(ph);
    });
  }
});

/** The cards hidden from the other seat: `side`'s unknown hand cards, face-down Traps and setup Aspirants. */
function hiddenOf(st: BRState, side: number): number[] {
  const z = st.z, cardOf = st.ctx.cardOf;
  const out: number[] = [];
  for (let i = 0; i < z[Z_HAND_N + side]!; i++) {
    const inst = st.z[Z_HAND + side * ZONE_CAP + i]!;
    if (!isPublic(st.z, inst)) out.push(cardOf[inst]!);
  }
  for (let c = 0; c < 3; c++) if (z[Z_TRAP + side * 3 + c]! >= 0) out.push(1000 + cardOf[z[Z_TRAP + side * 3 + c]!]!);
  for (let s = 0; s < 6; s++) if (z[Z_FACEDOWN + side * 6 + s] && z[Z_OCC + side * 6 + s]! >= 0) out.push(2000 + cardOf[z[Z_OCC + side * 6 + s]!]!);
  return out;
}

describe('no peeking', () => {
  for (const mode of ['quick', 'standard'] as const) {
    it(`${mode}: two states of one information set get the same decision and the same scores`, () => {
      const pairs = deckPairs(mode);
      const rng = new SeededRng(`twins-${mode}`);
      const legalA = new Int32Array(1024), legalB = new Int32Array(1024);
      const scA = new Float64Array(1024), scB = new Float64Array(1024);
      let twins = 0, hiddenDiffer = 0, decisionsCompared = 0, setupTwins = 0;
      for (let g = 0; twins < 500; g++) {
        const [a, b] = pairs[(g * 3) % pairs.length]!;
        const game = gameFor(mode, a, b);
        const obsA = new Int32Array(game.observationLength), obsB = new Int32Array(game.observationLength);
        const seed = mixSeed(99, g);
        const bots: Bot<BRState>[] = [new HeuristicBot(seed, profiles[PROFILES[g % 3]!]), g % 2 ? new RandomBot(seed + 1) : new HeuristicBot(seed + 1, profiles.midrange)];
        play(mode, a, b, seed, bots, (st, _legal, n, _action, seat) => {
          if (n < 2 || rng.int(6) !== 0 || twins >= 500) return;
          const other = 1 - seat;
          // Only states where something is hidden from the seat: the opponent's unknown hand
          // cards, face-down Traps, face-down setup Aspirants (D24).
          if (hiddenOf(st, other).length === 0) return;
          const twin = game.allocState();
          game.determinize(st, seat, rng, twin);
          const la = game.observe(st, seat, obsA), lb = game.observe(twin, seat, obsB);
          expect(lb).toBe(la);
          expect(Array.from(obsB.subarray(0, lb))).toEqual(Array.from(obsA.subarray(0, la)));
          if (hiddenOf(st, other).join() !== hiddenOf(twin, other).join()) hiddenDiffer++;
          if (st.z[Z_PHASE] === PH_SETUP) setupTwins++;
          const na = game.legalActions(st, legalA), nb = game.legalActions(twin, legalB);
          expect(Array.from(legalB.subarray(0, nb))).toEqual(Array.from(legalA.subarray(0, na)));
          for (const prof of PROFILES) {
            const botSeed = mixSeed(seed, twins, prof.length);
            const x = new HeuristicBot(botSeed, profiles[prof]).choose(game, st, legalA, na);
            const y = new HeuristicBot(botSeed, profiles[prof]).choose(game, twin, legalB, nb);
            expect(y, `${mode} ${prof} in phase ${PHASE_NAMES[st.z[Z_PHASE]!]}`).toBe(x);
            new HeuristicBot(botSeed, profiles[prof]).explain(st, legalA, na, scA);
            new HeuristicBot(botSeed, profiles[prof]).explain(twin, legalB, nb, scB);
            expect(Array.from(scB.subarray(0, nb))).toEqual(Array.from(scA.subarray(0, na)));
            decisionsCompared++;
          }
          twins++;
        });
      }
      console.log(`[heuristic] ${mode}: ${twins} twin states (${hiddenDiffer} with other hidden opposing cards, ${setupTwins} in setup), ${decisionsCompared} decisions compared`);
      expect(hiddenDiffer).toBeGreaterThan(twins * 0.8);
      expect(setupTwins).toBeGreaterThan(0);
    });
  }
});

// ---------- decisions in hand-written positions ----------

function position(spec: Omit<ScenarioSpec, 'steps' | 'name'>) {
  return buildScenario({ name: 'heuristic', steps: [], ...spec } as ScenarioSpec, 'heuristic-test');
}
function decide(b: ReturnType<typeof position>, prof: ProfileName = 'midrange'): string {
  const legal = new Int32Array(b.game.maxLegalActions);
  const n = b.game.legalActions(b.state, legal);
  const a = new HeuristicBot(1, profiles[prof]).choose(b.game, b.state, legal, n);
  return b.game.actionToString(b.state, a);
}
function doText(b: ReturnType<typeof position>, text: string): void {
  const legal = new Int32Array(b.game.maxLegalActions);
  const n = b.game.legalActions(b.state, legal);
  for (let i = 0; i < n; i++) {
    if (b.game.actionToString(b.state, legal[i]!) === text) {
      b.game.apply(b.state, legal[i]!);
      return;
    }
  }
  throw new Error(`no legal action "${text}"`);
}
const FILLER = ['Glance', 'Glance', 'Les Voix', 'Maléfice', 'Kitty', 'Kenny'];

describe('decisions', () => {
  it('hits the Environment behind an empty column with an attacker that beats it', () => {
    for (const prof of PROFILES) {
      const b = position({
        mode: 'quick',
        active: 'Me',
        players: {
          Me: { environment: 'Champs de Bataille', board: { 'front-left': 'Mercenaire Errant', 'front-centre': 'Nisqy' }, deck: FILLER },
          Them: {
            environment: "L'Académie de l'Etoile Bleue",
            board: { 'front-left': { card: 'Kitty', tapped: true }, 'front-centre': { card: 'Ripp', tapped: true } },
            deck: FILLER,
          },
        },
      });
      expect(decide(b, prof), prof).toBe('attack with Nisqy on the right column');
    }
  });

  it('does not attack into Contre-Attaque defenders it cannot beat', () => {
    for (const prof of PROFILES) {
      const b = position({
        mode: 'quick',
        active: 'Me',
        players: {
          Me: { environment: 'Champs de Bataille', board: { 'front-centre': 'Mercenaire Errant' }, deck: FILLER },
          Them: {
            environment: "L'Académie de l'Etoile Bleue",
            board: { 'front-left': 'Arthur', 'front-centre': 'Vétéran des Remparts', 'front-right': 'Gardienne du Seuil' },
            deck: FILLER,
          },
        },
      });
      expect(decide(b, prof), prof).toBe('end the main phase');
    }
  });

  it('pays with a resource Environment rather than a card, and discards its least useful card', () => {
    const base = {
      mode: 'quick' as const,
      active: 'Me',
      players: {
        Me: { environment: 'Champs de Bataille', board: { 'front-left': 'Yukino' }, hand: ['Mercenaire Errant', 'Nisqy', 'Posture Défensive'], deck: FILLER },
        Them: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-left': 'Kitty' }, deck: FILLER },
      },
    };
    const b = position(base);
    doText(b, 'play Mercenaire Errant at front-right');
    expect(decide(b)).toBe('tap Champs de Bataille for resources');
    const b2 = position({ ...base, players: { ...base.players, Me: { ...base.players.Me, environment: "L'Académie de l'Etoile Bleue" } } });
    doText(b2, 'play Mercenaire Errant at front-right');
    expect(decide(b2)).toBe('discard Posture Défensive for 1 resource');
  });

  it('moves an Aspirant into the empty attacked column when the Environment would lose (2a)', () => {
    const b = position({
      mode: 'quick',
      active: 'Them',
      players: {
        Me: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-left': 'Yukino', 'front-centre': 'Kitty' }, deck: FILLER },
        Them: { environment: 'Champs de Bataille', board: { 'front-centre': 'Nisqy' }, deck: FILLER },
      },
    });
    doText(b, 'attack with Nisqy on the right column');
    expect(decide(b)).toMatch(/^tap (Yukino|Kitty) to move it to (front|back)-right$/);
  });

  it('keeps its Trap for step 3b and resolves it when it turns the fight', () => {
    // Arthur (4, Contre-Attaque) is tapped: no Support; only Piège de Glace (+4) beats Nisqy (5).
    const b = position({
      mode: 'quick',
      active: 'Them',
      players: {
        Me: {
          environment: "L'Académie de l'Etoile Bleue",
          board: { 'front-left': 'Fatih', 'front-centre': { card: 'Arthur', tapped: true }, 'front-right': 'Gardien du Pont' },
          traps: { centre: 'Piège de Glace' },
          hand: ['Glance'],
          deck: FILLER,
        },
        Them: { environment: 'Champs de Bataille', board: { 'front-centre': 'Nisqy' }, deck: FILLER },
      },
    });
    doText(b, 'attack with Nisqy on the centre column');
    const meSeat = b.seats.indexOf('Me');
    const legal = new Int32Array(b.game.maxLegalActions);
    const seen: string[] = [];
    const me = new HeuristicBot(3, profiles.midrange);
    for (let k = 0; k < 20 && b.state.z[Z_IN_ATTACK] && !b.game.isTerminal(b.state); k++) {
      const n = b.game.legalActions(b.state, legal);
      const p = b.game.currentPlayer(b.state);
      const a = p === meSeat ? me.choose(b.game, b.state, legal, n) : legal[0]!; // the attacker passes
      if (p === meSeat && b.state.z[Z_PHASE] === PH_WINDOW) seen.push(`${b.state.z[Z_STEP] === 2 ? '2b' : '3b'}: ${b.game.actionToString(b.state, a)}`);
      b.game.apply(b.state, a);
    }
    // Piège de Glace names the Defender, unknown before step 3a: the engine does not offer it
    // in 2b, so the bot's first decision is in 3b.
    expect(seen.filter((s) => s.startsWith('2b'))).toEqual([]);
    expect(seen).toContain('3b: resolve Piège de Glace');
    expect(b.state.w[O_VP + meSeat]).toBe(1); // Contre-Attaque destroyed Nisqy, a Hero
  });
});

// ---------- strength (speed is `npm run bench`: src/bench/bots.ts) ----------

/** 2 × pairs games vs random: each seed played twice, the heuristic in seat 0 then seat 1, decks fixed by seat. */
function vsRandom(mode: Mode, prof: ProfileName, pairsN: number): { wins: number; games: number; draws: number } {
  const pairs = deckPairs(mode);
  let wins = 0, draws = 0;
  for (let i = 0; i < pairsN; i++) {
    const [a, b] = pairs[i % pairs.length]!;
    const seed = mixSeed(2026, i);
    for (const hseat of [0, 1]) {
      const bots: Bot<BRState>[] = [];
      bots[hseat] = new HeuristicBot(mixSeed(seed, 1, hseat), profiles[prof]);
      bots[1 - hseat] = new RandomBot(mixSeed(seed, 2, hseat));
      const st = play(mode, a, b, seed, bots);
      const w = gameFor(mode, a, b).outcome(st)!.winner;
      if (w === hseat) wins++;
      else if (w === -1) draws++;
    }
  }
  return { wins, games: 2 * pairsN, draws };
}

describe('beats random', () => {
  for (const prof of PROFILES) {
    it(`${prof}: wins at least 80% of 200 paired quick games`, () => {
      const r = vsRandom('quick', prof, 100);
      console.log(`[heuristic] quick ${prof} vs random: ${r.wins}/${r.games} won (${((100 * r.wins) / r.games).toFixed(1)}%), ${r.draws} draws`);
      expect(r.wins / r.games).toBeGreaterThanOrEqual(0.8);
    });
    it(`${prof}: wins at least 80% of 60 paired standard games`, () => {
      const r = vsRandom('standard', prof, 30);
      console.log(`[heuristic] standard ${prof} vs random: ${r.wins}/${r.games} won (${((100 * r.wins) / r.games).toFixed(1)}%), ${r.draws} draws`);
      expect(r.wins / r.games).toBeGreaterThanOrEqual(0.8);
    });
  }
});
