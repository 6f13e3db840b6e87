// Rules a scenario cannot set up, driven through the engine's public API: deck rules (R7,
// R8), the catalogue's vocabulary (R4–R6, D1, D2), setup (R9–R15, D3, D4, D13, D24) and the
// turn cap with random bots (D5). Each test is named after the rule or decision it checks.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomBot } from '../../../bots/random.ts';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import { G_ASPIRANT, G_SQUIRE, T_CHARACTER, VP_BY_GRADE } from '../../../src/games/blue-rising/catalogue/compile.ts';
import { DeckError, loadDeck, parseDeck, validateDeck, type DeckList } from '../../../src/games/blue-rising/decks.ts';
import { matchFromFiles, matchGame, shippedCatalogue, type BlueRising, type BRState } from '../../../src/games/blue-rising/index.ts';
import { GameLog } from '../../../src/games/blue-rising/log.ts';
import type { RuleOptions } from '../../../src/games/blue-rising/rules-options.ts';
import {
  ART_HIDDEN,
  ART_NONE,
  Z_ART,
  Z_ART_STATE,
  Z_CURRENT,
  Z_DECK,
  Z_DECK_N,
  O_ENTERED,
  Z_ENV,
  Z_FACEDOWN,
  Z_FIRST,
  Z_HAND,
  Z_HAND_N,
  Z_MULL_DONE,
  Z_OCC,
  Z_PHASE,
  Z_SETUP_DONE,
  O_TURN,
  PH_MAIN,
  PH_MULLIGAN,
  PH_SETUP,
  SLOT_NAMES,
  ZONE_CAP,
} from '../../../src/games/blue-rising/state.ts';

const DECKS = resolve(import.meta.dirname, '../../../decks');
const deck = (f: string) => join(DECKS, f);
const STD_V = deck('standard-veilleurs.deck');
const STD_G = deck('standard-gardiens.deck');
const QUICK_V = deck('quick-veilleurs.deck');
const QUICK_G = deck('quick-gardiens.deck');
const NAMES: [string, string] = ['Alice', 'Bob'];

// ---------------- helpers ----------------

function newState(game: BlueRising, seed: number, withLog = true): BRState {
  const st = game.allocState();
  if (withLog) st.log = new GameLog();
  game.newGame(st, seed);
  return st;
}

function legalTexts(game: BlueRising, st: BRState): string[] {
  const out = new Int32Array(game.maxLegalActions);
  const n = game.legalActions(st, out);
  const texts: string[] = [];
  for (let i = 0; i < n; i++) texts.push(game.actionToString(st, out[i]!));
  return texts;
}

/** Applies the legal action whose text is `text`; fails the test when there is none. */
function act(game: BlueRising, st: BRState, text: string): void {
  const out = new Int32Array(game.maxLegalActions);
  const n = game.legalActions(st, out);
  for (let i = 0; i < n; i++) {
    if (game.actionToString(st, out[i]!) === text) {
      game.apply(st, out[i]!);
      return;
    }
  }
  throw new Error(`"${text}" is not legal; legal: ${legalTexts(game, st).join('; ')}`);
}

const cardName = (st: BRState, inst: number) => st.ctx.cat.names[st.ctx.cardOf[inst]!]!;
const handNames = (st: BRState, p: number) =>
  Array.from({ length: st.z[Z_HAND_N + p]! }, (_, i) => cardName(st, st.z[Z_HAND + p * ZONE_CAP + i]!));
const handInsts = (st: BRState, p: number) => Array.from({ length: st.z[Z_HAND_N + p]! }, (_, i) => st.z[Z_HAND + p * ZONE_CAP + i]!);
const deckInsts = (st: BRState, p: number) => Array.from({ length: st.z[Z_DECK_N + p]! }, (_, i) => st.z[Z_DECK + p * ZONE_CAP + i]!);
const sorted = (xs: string[]) => [...xs].sort();
/** Seeds whose first player is `seat` (R10), from 0 up. */
function seedsWithFirst(game: BlueRising, seat: number, count: number): number[] {
  const seeds: number[] = [];
  for (let s = 0; seeds.length < count && s < 1000; s++) if (newState(game, s, false).z[Z_FIRST] === seat) seeds.push(s);
  return seeds;
}
/** Sets up the given Aspirants ("Kitty@front-left") for the current player, in order. */
function setup(game: BlueRising, st: BRState, picks: string[]): void {
  for (const pick of picks) {
    const [name, slot] = pick.split('@') as [string, string];
    act(game, st, `set up ${name} at ${slot}`);
  }
}
const STD_PICKS = ['Kitty@front-left', 'Kenny@front-centre', 'Ripp@back-left', 'Fatih@back-right'];
const ALT_PICKS = ['Guetteuse Nocturne@front-left', 'Fatih@front-centre', 'Kenny@back-left', 'Ripp@back-right'];

/** Plays random bots to the end (or to maxSteps). Returns the number of actions applied. */
function playRandom(game: BlueRising, st: BRState, seed: number, maxSteps = 100000, onStep?: (legal: number[]) => void): number {
  const bots = [new RandomBot<BRState>(seed * 2 + 1), new RandomBot<BRState>(seed * 2 + 2)];
  const out = new Int32Array(game.maxLegalActions);
  let steps = 0;
  while (!game.isTerminal(st) && steps < maxSteps) {
    const n = game.legalActions(st, out);
    if (onStep) onStep(Array.from(out.subarray(0, n)));
    const p = game.currentPlayer(st);
    game.apply(st, bots[p]!.choose(game, st, out, n));
    steps++;
  }
  return steps;
}

// ---------------- §1–§3: table, cards, decks ----------------

describe('§2 cards', () => {
  it('R4: the catalogue uses exactly the six types Character, Event, Trap, Object, Environment, Artefact', () => {
    expect(new Set(CARDS.map((c) => c.type))).toEqual(new Set(['character', 'event', 'trap', 'object', 'environment', 'artefact']));
  });

  it('R5: grades are Squire < Aspirant < Hero < Legend and score 0, 0, 1, 2 VP', () => {
    expect([...VP_BY_GRADE]).toEqual([0, 0, 1, 2]);
    const cat = shippedCatalogue();
    const grade = (n: string) => cat.grade[cat.byName.get(n)!]!;
    expect(grade('Écuyer')).toBe(G_SQUIRE);
    expect(grade('Kitty')).toBe(G_ASPIRANT);
    expect(grade('Écuyer') < grade('Kitty') && grade('Kitty') < grade('Arthur') && grade('Arthur') < grade('Titan des Remparts')).toBe(true);
    expect(VP_BY_GRADE[grade('Arthur')]).toBe(1);
    expect(VP_BY_GRADE[grade('Titan des Remparts')]).toBe(2);
  });

  it('R6: there are exactly three factions, Émissaires, Gardiens, Veilleurs', () => {
    const factions = new Set(CARDS.map((c) => (c as { faction?: string | null }).faction).filter((f) => f !== undefined && f !== null));
    expect(factions).toEqual(new Set(['Émissaires', 'Gardiens', 'Veilleurs']));
  });

  it('R6b: every Environment has a power', () => {
    const cat = shippedCatalogue();
    const envs = CARDS.filter((c) => c.type === 'environment');
    expect(envs.length).toBeGreaterThanOrEqual(4);
    for (const e of envs) expect(cat.power[cat.byName.get(e.name)!], e.name).toBeGreaterThan(0);
    expect(cat.power[cat.byName.get('Champs de Bataille')!]).toBe(4);
  });

  it('D1: the Squire is a token (power 1, support 0, no faction), not a catalogue card, and a deck cannot hold it', () => {
    const cat = shippedCatalogue();
    const sq = cat.squireId;
    expect(cat.names[sq]).toBe('Écuyer');
    expect([cat.power[sq], cat.support[sq], cat.faction[sq], cat.grade[sq]]).toEqual([1, 0, -1, G_SQUIRE]);
    expect(CARDS.some((c) => c.name === 'Écuyer')).toBe(false);
    expect(() => parseDeck('mode: quick\n2 Écuyer\n', 'squire.deck')).toThrow(/unknown card "Écuyer"/);
  });

  it('D2: every character has a cost, power, support, grade, faction (or none), keywords and effects', () => {
    const cat = shippedCatalogue();
    const chars = CARDS.filter((c) => c.type === 'character');
    expect(chars.length).toBeGreaterThan(20);
    for (const c of chars) {
      const id = cat.byName.get(c.name)!;
      expect(cat.type[id]).toBe(T_CHARACTER);
      expect(cat.cost[id], c.name).toBeGreaterThanOrEqual(0);
      expect(cat.grade[id], c.name).toBeGreaterThan(G_SQUIRE); // a real card is Aspirant, Hero or Legend
      expect(cat.faction[id], c.name).toBeGreaterThanOrEqual(-1);
      expect(Number.isInteger(cat.power[id]) && Number.isInteger(cat.support[id])).toBe(true);
    }
    const nisqy = cat.byName.get('Nisqy')!;
    expect([cat.cost[nisqy], cat.power[nisqy], cat.support[nisqy], cat.kwResistant[nisqy]]).toEqual([4, 5, 1, 1]);
    const ripp = cat.byName.get('Ripp')!;
    expect([cat.cost[ripp], cat.power[ripp], cat.support[ripp]]).toEqual([1, 1, 2]);
  });
});

describe('§3 decks (decks.test.ts checks each broken rule one by one)', () => {
  const entries = (d: DeckList) => d.entries.reduce((s, e) => s + e.count, 0);
  const byName = new Map(CARDS.map((c) => [c.name, c]));
  const variant = (file: string, counts: Record<string, number>): DeckList => {
    const d = loadDeck(file);
    const es = d.entries.map((e) => ({ ...e }));
    for (const [name, count] of Object.entries(counts)) {
      const e = es.find((x) => x.name === name);
      if (e) e.count = count;
      else es.push({ name, count });
    }
    return { ...d, entries: es.filter((e) => e.count > 0) };
  };

  it.each(['standard-gardiens.deck', 'standard-veilleurs.deck', 'standard-emissaires.deck'])(
    'R7: %s has 42 cards, at most 3 copies, at least 4 Aspirants, 1 Environment and 1 Artefact',
    (f) => {
      const d = loadDeck(deck(f));
      expect(entries(d)).toBe(42);
      expect(Math.max(...d.entries.map((e) => e.count))).toBeLessThanOrEqual(3);
      const card = (n: string) => byName.get(n)!;
      expect(d.entries.filter((e) => card(e.name).type === 'character' && (card(e.name) as { grade: string }).grade === 'aspirant').length).toBeGreaterThanOrEqual(4);
      expect(d.entries.filter((e) => card(e.name).type === 'environment').reduce((s, e) => s + e.count, 0)).toBe(1);
      expect(d.entries.filter((e) => card(e.name).type === 'artefact').reduce((s, e) => s + e.count, 0)).toBe(1);
    },
  );

  it('R7: 43 cards is refused as well as 41, and 3 copies are allowed', () => {
    const over = variant(STD_G, { 'Mercenaire Errant': 1 });
    expect(entries(over)).toBe(43);
    expect(validateDeck(over)).toEqual(['deck "Gardiens": R7: 43 cards, a standard deck has exactly 42']);
    expect(loadDeck(STD_G).entries.some((e) => e.count === 3)).toBe(true);
  });

  it('R7: the Environment and the Artefact count in the 42; a quick deck is refused in a standard game', () => {
    const noEnv = variant(STD_G, { 'Champs de Bataille': 0 });
    expect(validateDeck(noEnv)).toEqual([
      'deck "Gardiens": R7: 41 cards, a standard deck has exactly 42',
      'deck "Gardiens": R7: 0 Environments, a standard deck has exactly 1',
    ]);
    expect(() => matchFromFiles('standard', QUICK_G, STD_V)).toThrow(DeckError);
  });

  it('R8: 32 cards, 3 copies, 2 Environments or an Artefact break a quick deck; every broken rule is named at once', () => {
    const d = variant(QUICK_V, { Glance: 3, 'Champs de Bataille': 1, "Sceptre d'Invocation": 1 });
    const errors = validateDeck(d);
    expect(errors).toEqual([
      'deck "Veilleurs rapide": R8: 34 cards, a quick deck has exactly 31',
      'deck "Veilleurs rapide": R8: 3 copies of "Glance", a quick deck allows at most 2',
      'deck "Veilleurs rapide": R8: 2 Environments, a quick deck has exactly 1',
      'deck "Veilleurs rapide": R8: 1 Artefacts, a quick deck has no Artefact',
    ]);
  });

  it.each(['quick-gardiens.deck', 'quick-veilleurs.deck', 'quick-emissaires.deck'])('R8: %s has 31 cards, at most 2 copies, 1 Environment, no Artefact', (f) => {
    const d = loadDeck(deck(f));
    expect(entries(d)).toBe(31);
    expect(Math.max(...d.entries.map((e) => e.count))).toBeLessThanOrEqual(2);
    expect(d.entries.filter((e) => byName.get(e.name)!.type === 'artefact')).toEqual([]);
    expect(d.entries.filter((e) => byName.get(e.name)!.type === 'environment').map((e) => e.count)).toEqual([1]);
  });
});

// ---------------- §4 setup ----------------

describe('§4 setup', () => {
  const std = () => matchFromFiles('standard', STD_V, STD_V, { playerNames: NAMES });

  it('R9: the Environment is face up and (standard) the Artefact face down; quick mode has no Artefact', () => {
    const game = std();
    const st = newState(game, 1);
    for (let p = 0; p < 2; p++) {
      expect(cardName(st, st.z[Z_ENV + p]!)).toBe("L'Académie de l'Etoile Bleue");
      expect(cardName(st, st.z[Z_ART + p]!)).toBe("Sceptre d'Invocation");
      expect(st.z[Z_ART_STATE + p]).toBe(ART_HIDDEN);
      expect(st.z[Z_DECK_N + p]).toBe(40); // 42 less the Environment and the Artefact
    }
    const q = newState(matchFromFiles('quick', QUICK_V, QUICK_G), 1);
    for (let p = 0; p < 2; p++) {
      expect(q.z[Z_ART + p]).toBe(-1);
      expect(q.z[Z_ART_STATE + p]).toBe(ART_NONE);
      expect(q.z[Z_DECK_N + p]).toBe(30);
    }
  });

  it("R9: the other seat sees the Environment but not which Artefact is face down", () => {
    const a = loadDeck(STD_G);
    const withGrimoire: DeckList = { ...a, entries: a.entries.map((e) => (e.name === 'Couronne des Anciens' ? { name: 'Grimoire Interdit', count: 1 } : e)) };
    const withBastion: DeckList = { ...a, entries: a.entries.map((e) => (e.name === 'Champs de Bataille' ? { name: 'Bastion des Marées', count: 1 } : e)) };
    const b = loadDeck(STD_V);
    const obs = (d: DeckList, seat: number) => {
      const game = matchGame('standard', d, b);
      const st = newState(game, 7, false);
      const out = new Int32Array(game.observationLength);
      const n = game.observe(st, seat, out);
      return Array.from(out.subarray(0, n));
    };
    expect(obs(withGrimoire, 1)).toEqual(obs(a, 1)); // the Artefact is hidden from seat 1
    expect(obs(withGrimoire, 0)).not.toEqual(obs(a, 0)); // its owner knows it
    expect(obs(withBastion, 1)).not.toEqual(obs(a, 1)); // the Environment is public
  });

  it('R10: the first player is drawn from the seed: both seats happen, and a seed always gives the same one', () => {
    const game = std();
    const firsts = Array.from({ length: 40 }, (_, s) => newState(game, s, false).z[Z_FIRST]!);
    const zeros = firsts.filter((f) => f === 0).length;
    expect(zeros).toBeGreaterThanOrEqual(8);
    expect(zeros).toBeLessThanOrEqual(32);
    expect(Array.from({ length: 40 }, (_, s) => newState(game, s, false).z[Z_FIRST]!)).toEqual(firsts);
    const st = newState(game, 3);
    expect(st.log!.text()).toContain(`${NAMES[st.z[Z_FIRST]!]} is the first player (R10).`);
    expect(st.z[Z_PHASE]).toBe(PH_SETUP);
    expect(game.currentPlayer(st)).toBe(st.z[Z_FIRST]);
  });

  it('R11: the first player picks 4 distinct Aspirants from his deck onto free slots, face down; then the other picks', () => {
    const game = std();
    const st = newState(game, 0);
    const p = st.z[Z_FIRST]!;
    const aspirants = ['Kitty', 'Kenny', 'Ripp', 'Fatih', 'Guetteuse Nocturne'];
    let texts = legalTexts(game, st);
    expect(texts).toHaveLength(aspirants.length * 6);
    expect(sorted(texts)).toEqual(sorted(aspirants.flatMap((a) => SLOT_NAMES.map((s) => `set up ${a} at ${s}`))));
    act(game, st, 'set up Kitty at front-left');
    texts = legalTexts(game, st);
    expect(game.currentPlayer(st)).toBe(p);
    expect(texts).toHaveLength(4 * 5); // Kitty is placed, front-left is taken
    expect(texts.some((t) => t.includes('Kitty') || t.endsWith('front-left'))).toBe(false);
    setup(game, st, STD_PICKS.slice(1));
    expect(st.z[Z_SETUP_DONE + p]).toBe(4);
    expect(game.currentPlayer(st)).toBe(1 - p);
    expect(st.z[Z_PHASE]).toBe(PH_SETUP);
    const placed = [0, 1, 3, 5].map((s) => cardName(st, st.z[Z_OCC + p * 6 + s]!));
    expect(placed).toEqual(['Kitty', 'Kenny', 'Ripp', 'Fatih']);
    for (let s = 0; s < 6; s++) expect(st.z[Z_FACEDOWN + p * 6 + s], SLOT_NAMES[s]).toBe([0, 1, 3, 5].includes(s) ? 1 : 0);
    expect(st.z[Z_OCC + p * 6 + 2]).toBe(-1);
    // The Aspirants came out of the deck: 40 - 4.
    expect(st.z[Z_DECK_N + p]).toBe(36);
    expect(deckInsts(st, p).filter((i) => cardName(st, i) === 'Kitty')).toHaveLength(2);
  });

  it('R11: in quick mode each player sets up 3 Aspirants', () => {
    const game = matchFromFiles('quick', QUICK_V, QUICK_V, { playerNames: NAMES });
    const st = newState(game, 0);
    const p = st.z[Z_FIRST]!;
    setup(game, st, ['Kitty@front-left', 'Kenny@front-centre']);
    expect(game.currentPlayer(st)).toBe(p);
    setup(game, st, ['Ripp@front-right']);
    expect(st.z[Z_SETUP_DONE + p]).toBe(3);
    expect(game.currentPlayer(st)).toBe(1 - p);
    setup(game, st, ['Kitty@back-left', 'Fatih@back-centre', 'Ripp@back-right']);
    expect(st.z[Z_PHASE]).toBe(PH_MULLIGAN);
    expect(st.z[Z_DECK_N + p]).toBe(30 - 3 - 3);
    expect(st.z[Z_DECK_N + 1 - p]).toBe(30 - 3 - 5);
  });

  it('R12: the rest of each deck is shuffled after setup (the order depends on the seed, the contents do not)', () => {
    const game = std();
    const [s1, s2] = seedsWithFirst(game, 0, 2) as [number, number];
    const after = (seed: number) => {
      const st = newState(game, seed, false);
      setup(game, st, STD_PICKS);
      setup(game, st, ALT_PICKS);
      return st;
    };
    const a = after(s1);
    const b = after(s2);
    for (let p = 0; p < 2; p++) {
      const da = deckInsts(a, p), db = deckInsts(b, p);
      // Contents: deck + hand are the same 36 cards whatever the seed.
      expect(sorted([...da, ...handInsts(a, p)].map(String))).toEqual(sorted([...db, ...handInsts(b, p)].map(String)));
      expect(da.length + a.z[Z_HAND_N + p]!).toBe(36);
      // The order is not the list order (instances ascending) and differs between seeds.
      const ascending = da.every((x, i) => i === 0 || x > da[i - 1]!);
      expect(ascending).toBe(false);
      expect(da).not.toEqual(db);
    }
  });

  it('R13: after setup the first player holds 3 cards and the second 5', () => {
    for (const seed of [0, 1, 2, 3]) {
      const game = std();
      const st = newState(game, seed, false);
      const p = st.z[Z_FIRST]!;
      setup(game, st, STD_PICKS);
      expect(st.z[Z_HAND_N + p]).toBe(0);
      setup(game, st, ALT_PICKS);
      expect([st.z[Z_HAND_N + p], st.z[Z_HAND_N + 1 - p]]).toEqual([3, 5]);
      expect([st.z[Z_DECK_N + p], st.z[Z_DECK_N + 1 - p]]).toEqual([33, 31]);
      expect(st.z[Z_PHASE]).toBe(PH_MULLIGAN);
      expect(game.currentPlayer(st)).toBe(p);
    }
  });

  it('R14: a mulligan sets the chosen cards aside, draws as many (not them), then shuffles them into the deck', () => {
    const game = std();
    const st = newState(game, 5);
    const p = st.z[Z_FIRST]!;
    setup(game, st, STD_PICKS);
    setup(game, st, ALT_PICKS);
    expect(st.z[Z_PHASE]).toBe(PH_MULLIGAN);
    const texts = legalTexts(game, st);
    expect(texts).toHaveLength(8); // every subset of 3 cards
    expect(texts[0]).toBe('keep the opening hand');
    const old = handInsts(st, p);
    const deckBefore = st.z[Z_DECK_N + p]!;
    act(game, st, `mulligan ${handNames(st, p).join(', ')}`);
    const fresh = handInsts(st, p);
    expect(fresh).toHaveLength(3);
    expect(fresh.filter((i) => old.includes(i))).toEqual([]);
    expect(st.z[Z_DECK_N + p]).toBe(deckBefore);
    for (const i of old) expect(deckInsts(st, p)).toContain(i);
    expect(st.z[Z_MULL_DONE + p]).toBe(1);
    // Then the other player, with 2^5 choices.
    expect(game.currentPlayer(st)).toBe(1 - p);
    expect(legalTexts(game, st)).toHaveLength(32);
  });

  it('R14: a partial mulligan keeps the other cards; each player mulligans once, only at setup', () => {
    const game = std();
    const st = newState(game, 6);
    const p = st.z[Z_FIRST]!;
    setup(game, st, STD_PICKS);
    setup(game, st, ALT_PICKS);
    const kept = handInsts(st, p).slice(1);
    act(game, st, `mulligan ${handNames(st, p)[0]}`);
    for (const i of kept) expect(handInsts(st, p)).toContain(i);
    expect(st.z[Z_HAND_N + p]).toBe(3);
    act(game, st, 'keep the opening hand');
    expect(st.z[Z_HAND_N + 1 - p]).toBe(5);
    expect(st.z[Z_PHASE]).toBe(PH_MAIN);
    expect(st.w[O_TURN]).toBe(1);
    // No mulligan action (band 128–159) ever again in the rest of the game.
    let mulligans = 0;
    playRandom(game, st, 6, 3000, (legal) => {
      mulligans += legal.filter((a) => a >= 128 && a < 160).length;
    });
    expect(mulligans).toBe(0);
  });

  it('R15: after the mulligans the Aspirants are revealed and Kitty draws 1 card at the reveal', () => {
    const game = std();
    const st = newState(game, 8);
    const p = st.z[Z_FIRST]!;
    setup(game, st, STD_PICKS); // Kitty for the first player
    setup(game, st, ALT_PICKS); // no Kitty for the second
    for (let s = 0; s < 12; s++) if (st.z[Z_OCC + s]! >= 0) expect(st.z[Z_FACEDOWN + s]).toBe(1);
    act(game, st, 'keep the opening hand');
    expect(st.z[Z_HAND_N + p]).toBe(3); // nothing revealed yet
    act(game, st, 'keep the opening hand');
    for (let s = 0; s < 12; s++) expect(st.z[Z_FACEDOWN + s]).toBe(0);
    expect(st.z[Z_HAND_N + p]).toBe(4); // 3 + Kitty's draw
    expect(st.z[Z_HAND_N + 1 - p]).toBe(5);
    expect(st.z[Z_DECK_N + p]).toBe(32);
    const log = st.log!.text();
    expect(log).toContain(`${NAMES[p]} reveals Kitty (front-left), Kenny (front-centre), Ripp (back-left), Fatih (back-right) (R15)`);
    expect(log).toContain(`${NAMES[1 - p]} reveals Guetteuse Nocturne (front-left), Fatih (front-centre), Kenny (back-left), Ripp (back-right) (R15)`);
    expect(log).toContain(`${NAMES[p]} draws 1 (Kitty)`);
    expect(log.indexOf('draws 1 (Kitty)')).toBeLessThan(log.indexOf('=== Turn 1'));
    expect(log).toContain(`=== Turn 1: ${NAMES[p]} (VP 0–0, hand 4, deck 32) ===`);
  });

  it("D13: at the reveal the first player's on-enter effects all resolve before the second player's", () => {
    const game = std();
    // Seat 1 goes first, so the engine's slot order (seat 0's slots first) would resolve the second player first.
    const st = newState(game, seedsWithFirst(game, 1, 1)[0]!);
    const p = st.z[Z_FIRST]!;
    expect(p).toBe(1);
    // Both set up Kitty; the second player puts his on an earlier slot, so slot order alone would put him first.
    setup(game, st, ['Ripp@front-left', 'Kenny@front-centre', 'Fatih@back-left', 'Kitty@back-right']);
    setup(game, st, ['Kitty@front-left', 'Kenny@front-centre', 'Ripp@back-left', 'Fatih@back-right']);
    act(game, st, 'keep the opening hand');
    act(game, st, 'keep the opening hand');
    const lines = st.log!.entries.map((e) => e.text.trim());
    const firstDraw = lines.indexOf(`${NAMES[p]} draws 1 (Kitty)`);
    const secondDraw = lines.indexOf(`${NAMES[1 - p]} draws 1 (Kitty)`);
    expect(firstDraw).toBeGreaterThan(0);
    expect(secondDraw).toBeGreaterThan(firstDraw);
    expect([st.z[Z_HAND_N + p], st.z[Z_HAND_N + 1 - p]]).toEqual([4, 6]);
  });

  it('D3: setup Aspirants are not disoriented: the first player may attack with them on turn 1', () => {
    const game = std();
    const st = newState(game, 10);
    const p = st.z[Z_FIRST]!;
    setup(game, st, STD_PICKS);
    setup(game, st, ALT_PICKS);
    act(game, st, 'keep the opening hand');
    act(game, st, 'keep the opening hand');
    expect(st.w[O_TURN]).toBe(1);
    const texts = legalTexts(game, st);
    // Kenny, Ripp and Fatih are on both sides, so their texts name the slot.
    expect(texts).toContain('attack with Kitty on the left column');
    for (const a of ['Kenny (own front-centre)', 'Ripp (own back-left)', 'Fatih (own back-right)']) expect(texts).toContain(`attack with ${a} on the left column`);
    expect(texts).toContain('tap Kenny (own front-centre) on Kitty');
    for (let s = 0; s < 6; s++) if (st.z[Z_OCC + p * 6 + s]! >= 0) expect(st.w[O_ENTERED + p * 6 + s]).not.toBe(1);
  });

  it('D3: with the knob setupDisoriented, setup Aspirants cannot attack nor tap on their owner\'s first turn', () => {
    const game = matchFromFiles('standard', STD_V, STD_V, { playerNames: NAMES, rules: { setupDisoriented: true } });
    const st = newState(game, 10);
    setup(game, st, STD_PICKS);
    setup(game, st, ALT_PICKS);
    act(game, st, 'keep the opening hand');
    act(game, st, 'keep the opening hand');
    const texts = legalTexts(game, st);
    expect(texts.filter((t) => t.startsWith('attack with'))).toEqual([]);
    expect(texts.filter((t) => t.startsWith('tap Kenny'))).toEqual([]);
    expect(texts).toContain('end the main phase');
    // The second player's Aspirants are disoriented on his first turn (turn 2), not after.
    act(game, st, 'end the main phase');
    act(game, st, 'keep the hand');
    expect(st.w[O_TURN]).toBe(2);
    expect(legalTexts(game, st).filter((t) => t.startsWith('attack with'))).toEqual([]);
  });

  it('D4: setup placements and mulligans are decisions of the seat concerned, with real choices, played by bots', () => {
    const game = std();
    const chosen: string[] = [];
    for (const seed of [11, 12]) {
      const st = newState(game, 11);
      const first = st.z[Z_FIRST]!;
      const bots = [new RandomBot<BRState>(seed), new RandomBot<BRState>(seed + 100)];
      const out = new Int32Array(game.maxLegalActions);
      const who: number[] = [];
      while (st.z[Z_PHASE] === PH_SETUP || st.z[Z_PHASE] === PH_MULLIGAN) {
        const n = game.legalActions(st, out);
        expect(n).toBeGreaterThan(1);
        const p = game.currentPlayer(st);
        expect(p).toBe(st.z[Z_CURRENT]);
        who.push(p);
        const a = bots[p]!.choose(game, st, out, n);
        chosen.push(game.actionToString(st, a));
        game.apply(st, a);
      }
      // 4 setups by the first player, 4 by the second, then one mulligan decision each.
      expect(who).toEqual([first, first, first, first, 1 - first, 1 - first, 1 - first, 1 - first, first, 1 - first]);
      expect(st.z[Z_PHASE]).toBe(PH_MAIN);
    }
    // Different bot seeds chose differently on the same deal.
    expect(chosen.slice(0, 10)).not.toEqual(chosen.slice(10));
  });

  it("D24: the second player's view during setup and mulligans does not depend on which Aspirants the first player chose", () => {
    const game = std();
    const seed = seedsWithFirst(game, 0, 1)[0]!;
    const view = (picks: string[], mull: boolean) => {
      const st = newState(game, seed, false);
      const out = new Int32Array(game.observationLength);
      const views: number[][] = [];
      const look = () => views.push(Array.from(out.subarray(0, game.observe(st, 1, out))));
      setup(game, st, picks);
      look(); // seat 1 about to set up
      setup(game, st, ALT_PICKS);
      look(); // seat 0 to mulligan
      act(game, st, mull ? `mulligan ${handNames(st, 0)[0]}` : 'keep the opening hand');
      look(); // seat 1 to mulligan
      return { st, views };
    };
    const a = view(['Kitty@front-left', 'Kenny@front-centre', 'Ripp@back-left', 'Fatih@back-right'], false);
    const b = view(['Guetteuse Nocturne@front-left', 'Ripp@front-centre', 'Fatih@back-left', 'Kitty@back-right'], true);
    expect(a.views[0]).toEqual(b.views[0]);
    expect(a.views[1]).toEqual(b.views[1]);
    expect(a.views[2]).toEqual(b.views[2]); // the mulligan is hidden too
    // The first player's own view does differ, and so does seat 1's once the slots differ.
    const own = (st: BRState) => {
      const out = new Int32Array(game.observationLength);
      return Array.from(out.subarray(0, game.observe(st, 0, out)));
    };
    expect(own(a.st)).not.toEqual(own(b.st));
    const c = view(['Kitty@front-right', 'Kenny@front-centre', 'Ripp@back-left', 'Fatih@back-right'], false);
    expect(c.views[0]).not.toEqual(a.views[0]); // slots are public
    // After the reveal, the Aspirants are known.
    act(game, a.st, 'keep the opening hand');
    act(game, b.st, 'keep the opening hand');
    const out = new Int32Array(game.observationLength);
    const va = Array.from(out.subarray(0, game.observe(a.st, 1, out)));
    const vb = Array.from(out.subarray(0, game.observe(b.st, 1, out)));
    expect(va).not.toEqual(vb);
  });
});

// ---------------- §5 the turn cap ----------------

describe('§5 turn cap', () => {
  const capped = (rules: Partial<RuleOptions>) => matchFromFiles('standard', STD_G, STD_V, { rules });

  it('D5: the default cap is turn 200', () => {
    expect(matchFromFiles('standard', STD_G, STD_V).ctx.options.turnCap).toBe(200);
    expect(matchFromFiles('quick', QUICK_G, QUICK_V).ctx.options.turnCap).toBe(200);
  });

  it('D5: with turnCap 6, random bots play turns 1–5 and the game is recorded as a draw when turn 6 begins', () => {
    const game = capped({ turnCap: 6 });
    let draws = 0;
    for (let seed = 0; seed < 20; seed++) {
      const st = newState(game, seed);
      let maxTurn = 0;
      playRandom(game, st, seed, 100000, () => {
        maxTurn = Math.max(maxTurn, st.w[O_TURN]!);
      });
      expect(game.isTerminal(st)).toBe(true);
      expect(maxTurn).toBeLessThanOrEqual(5);
      const o = game.outcome(st)!;
      if (o.winner === -1) {
        draws++;
        expect(st.w[O_TURN]).toBe(6);
        expect(o.reason).toBe('turn cap 6 reached (D5)');
        const ret = new Float64Array(2);
        game.returns(st, ret);
        expect(ret[0] === 0 && ret[1] === 0).toBe(true); // a draw: neither +1 nor -1
        expect(st.log!.text()).toContain('Turn 6 reached without a winner: the game is a draw (D5, cap 6).');
        expect(game.currentPlayer(st)).toBe(-1);
      } else {
        expect(st.w[O_TURN]).toBeLessThan(6);
      }
    }
    expect(draws).toBeGreaterThanOrEqual(10);
  });

  it('D5: a fixed seed ends exactly as a draw at turn 6 with winner -1', () => {
    const game = capped({ turnCap: 6 });
    const st = newState(game, 4);
    playRandom(game, st, 4);
    expect(game.outcome(st)).toEqual({ winner: -1, reason: 'turn cap 6 reached (D5)' });
    expect(st.w[O_TURN]).toBe(6);
  });
});
