// D22 at the setup reveal (R15): an Aspirant's on-enter effect on every opposing character
// offers its controller the Résistant extra like any other effect, before turn 1 begins.
// No shipped Aspirant has such an effect, so the test adds two to the catalogue.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import type { CardDef } from '../../../src/games/blue-rising/catalogue/schema.ts';
import { loadDeck, type DeckList } from '../../../src/games/blue-rising/decks.ts';
import { matchGame, type BlueRising, type BRState } from '../../../src/games/blue-rising/index.ts';
import { charPower, ROLE_NONE } from '../../../src/games/blue-rising/board.ts';
import { Z_FIRST, Z_HAND_N, Z_OCC, Z_PHASE, O_TURN, PH_MAIN, PH_RESIST, phaseName } from '../../../src/games/blue-rising/state.ts';

const DECKS = resolve(import.meta.dirname, '../../../decks');
const HOWLER: CardDef = {
  name: 'Hurleuse du Col', type: 'character', grade: 'aspirant', faction: 'Veilleurs', cost: 0, power: 1, support: 0,
  onEnter: { effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
  text: "En arrivant en jeu : chaque personnage adverse subit Puissance -1 jusqu'à la fin du tour.", provenance: {},
};
const STUBBORN: CardDef = {
  name: 'Garde Têtue', type: 'character', grade: 'aspirant', faction: 'Gardiens', cost: 0, power: 2, support: 0,
  keywords: { resistant: 1 }, text: 'Résistant.', provenance: {},
};
const swap = (d: DeckList, from: string, to: string): DeckList => ({ ...d, entries: d.entries.map((e) => (e.name === from ? { ...e, name: to } : e)) });

function texts(game: BlueRising, st: BRState): string[] {
  const out = new Int32Array(game.maxLegalActions);
  const n = game.legalActions(st, out);
  return Array.from(out.subarray(0, n), (a) => game.actionToString(st, a));
}
function act(game: BlueRising, st: BRState, text: string): void {
  const out = new Int32Array(game.maxLegalActions);
  const n = game.legalActions(st, out);
  for (let i = 0; i < n; i++) if (game.actionToString(st, out[i]!) === text) return game.apply(st, out[i]!);
  throw new Error(`"${text}" is not legal; legal: ${texts(game, st).join('; ')}`);
}

/** Seat 0 (the Hurleuse) plays first; each side sets up one Aspirant, both keep their hands. */
function toReveal(): { game: BlueRising; st: BRState; garde: number } {
  const a = swap(loadDeck(join(DECKS, 'standard-gardiens.deck')), 'Yukino', 'Hurleuse du Col');
  const b = swap(loadDeck(join(DECKS, 'standard-veilleurs.deck')), 'Kitty', 'Garde Têtue');
  const game = matchGame('standard', a, b, { cards: [...CARDS, HOWLER, STUBBORN], rules: { setupAspirants: 1 } });
  const st = game.allocState();
  let seed = 0;
  for (;; seed++) {
    game.newGame(st, seed);
    if (st.z[Z_FIRST] === 0) break;
  }
  act(game, st, 'set up Hurleuse du Col at front-left');
  act(game, st, 'set up Garde Têtue at front-centre');
  act(game, st, 'keep the opening hand');
  act(game, st, 'keep the opening hand');
  return { game, st, garde: 6 + 1 };
}

describe('D22 at the setup reveal', () => {
  it('the on-enter effect waits for the Résistant decision; paid, the Garde gets -1 and turn 1 begins', () => {
    const { game, st, garde } = toReveal();
    expect(st.z[Z_PHASE]).toBe(PH_RESIST);
    expect(phaseName(st)).toBe('Résistant extra');
    expect(st.w[O_TURN]).toBe(0);
    expect(texts(game, st)).toEqual(['leave Garde Têtue unaffected (Résistant)', 'pay 1 more to affect Garde Têtue (Résistant)']);
    const hand = st.z[Z_HAND_N]!;
    act(game, st, 'pay 1 more to affect Garde Têtue (Résistant)');
    // The pool is empty: a card of the hand pays for it.
    act(game, st, texts(game, st)[0]!);
    expect(st.z[Z_HAND_N]).toBe(hand - 1);
    expect(charPower(st, garde, ROLE_NONE)).toBe(1);
    expect(st.z[Z_OCC + garde]).toBeGreaterThanOrEqual(0);
    expect(st.z[Z_PHASE]).toBe(PH_MAIN);
    expect(st.w[O_TURN]).toBe(1);
  });

  it('left unaffected, the Garde keeps its power and nothing is paid', () => {
    const { game, st, garde } = toReveal();
    const hand = st.z[Z_HAND_N]!;
    act(game, st, 'leave Garde Têtue unaffected (Résistant)');
    expect(st.z[Z_HAND_N]).toBe(hand);
    expect(charPower(st, garde, ROLE_NONE)).toBe(2);
    expect(st.z[Z_PHASE]).toBe(PH_MAIN);
    expect(st.w[O_TURN]).toBe(1);
  });
});
