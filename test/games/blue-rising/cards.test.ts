// The card pool and the starter decks: one scenario per card (test/scenarios/cards/, after
// SabberStone's one-test-per-card habit), the catalogue's coverage counts, every shipped
// deck valid, and random games over every shipped deck pair of each mode run to the end.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng, mixSeed } from '../../../src/core/rng.ts';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import { FACTIONS, VERBS, type Ability, type CardDef, type Effect, type KeywordField } from '../../../src/games/blue-rising/catalogue/schema.ts';
import { checkDeckFile, loadDeck } from '../../../src/games/blue-rising/decks.ts';
import { matchFromFiles } from '../../../src/games/blue-rising/index.ts';
import { loadScenario, runScenario } from '../../../src/games/blue-rising/scenario.ts';
import type { Mode } from '../../../src/games/blue-rising/rules-options.ts';

const SCENARIOS = resolve(import.meta.dirname, '../../scenarios/cards');
const DECKS = resolve(import.meta.dirname, '../../../decks');

const scenarioFiles = readdirSync(SCENARIOS).filter((f) => f.endsWith('.json')).sort();
const deckFiles = readdirSync(DECKS).filter((f) => f.endsWith('.deck')).sort();

const abilities = (c: CardDef): Ability[] =>
  [c.onEnter, c.tap, c.play, c.trap, c.sacrifice, c.artefact].filter((a): a is Ability => a !== undefined);
const effects = (c: CardDef): Effect[] => abilities(c).flatMap((a) => [...a.effects, ...(a.rider?.effects ?? [])]);
const ofType = (t: CardDef['type']): CardDef[] => CARDS.filter((c) => c.type === t);
const characters = ofType('character');

describe('card scenarios (test/scenarios/cards/)', () => {
  for (const f of scenarioFiles) {
    const file = join(SCENARIOS, f);
    const spec = loadScenario(file);
    it(spec.name ?? f, () => {
      const result = runScenario(spec, file);
      expect(result.failure, `${f}: ${result.failure}\n--- log ---\n${result.log}`).toBeUndefined();
      expect(result.ok).toBe(true);
    });
  }

  it('every catalogue card has a scenario whose name starts with "<card name>: "', () => {
    const names = scenarioFiles.map((f) => loadScenario(join(SCENARIOS, f)).name ?? '');
    const missing = CARDS.filter((c) => !names.some((n) => n.startsWith(`${c.name}: `))).map((c) => c.name);
    expect(missing).toEqual([]);
  });

  it('every scenario names a catalogue card first', () => {
    const orphans = scenarioFiles.filter((f) => {
      const n = loadScenario(join(SCENARIOS, f)).name ?? '';
      return !CARDS.some((c) => n.startsWith(`${c.name}: `));
    });
    expect(orphans).toEqual([]);
  });
});

describe('catalogue coverage (the card pool)', () => {
  it('has at least 70 distinct cards', () => {
    expect(new Set(CARDS.map((c) => c.name)).size).toBe(CARDS.length);
    expect(CARDS.length).toBeGreaterThanOrEqual(70);
  });

  it('has at least 32 Characters: 12 Aspirants, 12 Heroes, 5 Legends, over the three factions and a few without', () => {
    expect(characters.length).toBeGreaterThanOrEqual(32);
    expect(characters.filter((c) => c.grade === 'aspirant').length).toBeGreaterThanOrEqual(12);
    expect(characters.filter((c) => c.grade === 'hero').length).toBeGreaterThanOrEqual(12);
    expect(characters.filter((c) => c.grade === 'legend').length).toBeGreaterThanOrEqual(5);
    for (const f of FACTIONS) expect(characters.filter((c) => c.faction === f).length, f).toBeGreaterThanOrEqual(6);
    expect(characters.filter((c) => c.faction == null).length).toBeGreaterThanOrEqual(3);
  });

  it('has at least 12 Events, 8 Traps, 6 Objects, 5 Environments, 5 Artefacts', () => {
    expect(ofType('event').length).toBeGreaterThanOrEqual(12);
    expect(ofType('trap').length).toBeGreaterThanOrEqual(8);
    expect(ofType('object').length).toBeGreaterThanOrEqual(6);
    expect(ofType('environment').length).toBeGreaterThanOrEqual(5);
    expect(ofType('artefact').length).toBeGreaterThanOrEqual(5);
  });

  it('Environments each have a distinct power and a distinct tap effect', () => {
    const envs = ofType('environment');
    expect(envs).toHaveLength(5);
    expect(envs.every((e) => e.tap !== undefined)).toBe(true);
    expect(new Set(envs.map((e) => e.power)).size).toBe(envs.length);
    expect(new Set(envs.map((e) => JSON.stringify(e.tap))).size).toBe(envs.length);
  });

  it('Artefacts each have a distinct Quest, at least two revealable during the opponent\'s turn', () => {
    const arts = ofType('artefact');
    expect(new Set(arts.map((a) => a.quest!.kind)).size).toBe(arts.length);
    expect(arts.filter((a) => a.quest!.opponentTurn).length).toBeGreaterThanOrEqual(2);
  });

  it('every keyword family is on at least 3 cards (printed, given by an Object, or granted)', () => {
    const families: [string, KeywordField[]][] = [
      ['Avant/Arrière', ['front', 'back']],
      ['Défense', ['defense']],
      ['Attaque', ['attack']],
      ['Contre-Attaque', ['counterAttack']],
      ['Attaque à Distance', ['ranged']],
      ['Furtif', ['stealth']],
      ['Rage', ['rage']],
      ['Résistant', ['resistant']],
    ];
    const carries = (c: CardDef, k: KeywordField): boolean =>
      [c.keywords, c.bonus?.keywords].some((kw) => kw !== undefined && kw[k] !== undefined && kw[k] !== false && kw[k] !== 0) ||
      effects(c).some((e) => e.verb === 'grantKeyword' && e.keyword === k);
    for (const [family, fields] of families) {
      const n = CARDS.filter((c) => fields.some((k) => carries(c, k))).length;
      expect(n, family).toBeGreaterThanOrEqual(3);
    }
  });

  it('every faction has a rider on at least 2 cards', () => {
    for (const f of FACTIONS) {
      expect(CARDS.filter((c) => abilities(c).some((a) => a.rider?.faction === f)).length, f).toBeGreaterThanOrEqual(2);
    }
  });

  it('every effect verb is used by at least 2 cards', () => {
    for (const v of VERBS) expect(CARDS.filter((c) => effects(c).some((e) => e.verb === v)).length, v).toBeGreaterThanOrEqual(2);
  });

  it('at least 4 characters have an on-enter effect and 6 a tap effect', () => {
    expect(characters.filter((c) => c.onEnter !== undefined).length).toBeGreaterThanOrEqual(4);
    expect(characters.filter((c) => c.tap !== undefined).length).toBeGreaterThanOrEqual(6);
  });
});

describe('shipped decks (decks/)', () => {
  const byMode = (mode: Mode) => deckFiles.filter((f) => f.startsWith(`${mode}-`));

  it('at least 8 standard and 8 quick decks, the six original names kept', () => {
    expect(byMode('standard').length).toBeGreaterThanOrEqual(8);
    expect(byMode('quick').length).toBeGreaterThanOrEqual(8);
    for (const f of ['quick-gardiens', 'quick-veilleurs', 'quick-emissaires', 'standard-gardiens', 'standard-veilleurs', 'standard-emissaires']) {
      expect(deckFiles).toContain(`${f}.deck`);
    }
  });

  it.each(deckFiles)('%s validates and starts with a comment saying its plan', (f) => {
    const { deck, errors } = checkDeckFile(join(DECKS, f));
    expect(errors).toEqual([]);
    expect(f.startsWith(`${deck!.mode}-`)).toBe(true);
    const first = readFileSync(join(DECKS, f), 'utf8').split(/\r?\n/).find((l) => l.trim() !== '')!;
    expect(first.trim().startsWith('#')).toBe(true);
    expect(first.replace(/^#\s*/, '').length).toBeGreaterThan(20);
  });

  it('every deck of a mode is a distinct list with a distinct plan', () => {
    for (const mode of ['standard', 'quick'] as const) {
      const files = byMode(mode);
      const lists = files.map((f) => JSON.stringify([...loadDeck(join(DECKS, f)).entries].sort((a, b) => a.name.localeCompare(b.name))));
      expect(new Set(lists).size, mode).toBe(files.length);
      const plans = files.map((f) => readFileSync(join(DECKS, f), 'utf8').split(/\r?\n/)[0]);
      expect(new Set(plans).size, mode).toBe(files.length);
    }
  });
});

describe('random games over every shipped deck pair run to the end', () => {
  const GAMES_PER_PAIR = 3;
  const MAX_STEPS = 200_000;
  for (const mode of ['quick', 'standard'] as const) {
    it(`${mode}: ${GAMES_PER_PAIR} uniform-random games per deck pair (both seatings, mirrors included)`, () => {
      const files = deckFiles.filter((f) => f.startsWith(`${mode}-`));
      let out = new Int32Array(0);
      let games = 0;
      for (let i = 0; i < files.length; i++) {
        for (let j = 0; j < files.length; j++) {
          const game = matchFromFiles(mode, join(DECKS, files[i]!), join(DECKS, files[j]!));
          const st = game.allocState();
          if (out.length < game.maxLegalActions) out = new Int32Array(game.maxLegalActions);
          for (let g = 0; g < GAMES_PER_PAIR; g++) {
            const seed = mixSeed(i, j, g);
            const rng = new SeededRng(mixSeed(seed, 7));
            game.newGame(st, seed);
            let steps = 0;
            while (!game.isTerminal(st) && steps < MAX_STEPS) {
              const n = game.legalActions(st, out);
              expect(n, `${files[i]} vs ${files[j]} seed ${seed}: no legal action`).toBeGreaterThan(0);
              game.apply(st, out[rng.int(n)]!);
              steps++;
            }
            const where = `${files[i]} vs ${files[j]} seed ${seed}`;
            expect(game.isTerminal(st), `${where}: not over after ${steps} steps`).toBe(true);
            expect(game.outcome(st), where).not.toBeNull();
            games++;
          }
        }
      }
      expect(games).toBe(files.length * files.length * GAMES_PER_PAIR);
    });
  }
});
