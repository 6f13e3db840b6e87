// D11: face-down resources (knob `faceDownResources`, off by default). At develop any card may
// be played face down as an iconless resource: it pays 1 of a numeric cost, shows no icon for a
// threshold, has no ability, is neither a character nor a target; its opponent sees only how
// many cards are down and which are consumed, and determinize resamples them.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.ts';
import { seuilsMatchFromFiles } from '../../../src/games/seuils/index.ts';
import { readyResources, typeOf } from '../../../src/games/seuils/rules.ts';
import { T_RESOURCE } from '../../../src/games/seuils/catalogue/compile.ts';
import { act, actionTexts, boardNames, buildPosition, inPlayNamed, zoneNames, type Position } from '../../../src/games/seuils/scenario.ts';
import { INST, O_CONS, O_FACEDOWN, O_INFL, O_PHASE, O_ZONE, PH_DEVELOP, PH_MAIN, Z_PLAY } from '../../../src/games/seuils/state.ts';

const ON = { faceDownResources: true };
const obs = (pos: Position, seat: number) => {
  const out = new Int32Array(pos.game.observationLength);
  const n = pos.game.observe(pos.st, seat, out);
  return Array.from(out.subarray(0, n));
};
/** Seat 0 ends its turn; both pass to seat 1's develop (D10). */
function toDevelopOfB(pos: Position): void {
  act(pos, 'End the turn');
  for (let i = 0; i < 5 && pos.st.w[O_PHASE] !== PH_DEVELOP; i++) act(pos, 'Pass');
  expect(pos.st.w[O_PHASE]).toBe(PH_DEVELOP);
}

describe('D11: face-down resources', () => {
  it('D11 knob off (default): develop offers only resource cards; on: every card, a non-resource one face down', () => {
    const side = { hand: ['Brute', 'Racine', 'Bouclier'], deck: ['Cristal', 'Cristal'] };
    const off = buildPosition({ sides: [{ deck: ['Cristal'] }, side] });
    toDevelopOfB(off);
    expect(actionTexts(off)).toEqual(['Develop: draw a card', 'Develop: play resource Racine (hand 1)']);
    const on = buildPosition({ sides: [{ deck: ['Cristal'] }, side], rules: ON });
    toDevelopOfB(on);
    expect(actionTexts(on)).toEqual(['Develop: draw a card', 'Develop: play Brute (hand 0) face down as a resource',
      'Develop: play resource Racine (hand 1)', 'Develop: play Bouclier (hand 2) face down as a resource']);
    act(on, 'play Brute');
    const g = inPlayNamed(on, 1, 'Brute');
    expect([on.st.w[O_ZONE + g], on.st.w[O_FACEDOWN + g], typeOf(on.st, g)]).toEqual([Z_PLAY, 1, T_RESOURCE]);
    expect(zoneNames(on, 1, 'hand')).toEqual(['Racine', 'Bouclier']);
  });

  it('D11: a face-down card pays 1 of a numeric cost but shows no icon, so it never meets a threshold', () => {
    // B: one face-down Brute and one Cristal. Éclaireuse (cost 1, no threshold) and Garde (2 ◆) are payable;
    // Colosse (3 ◆◆) is not, for lack of icons, even with a third payer.
    const pos = buildPosition({ sides: [{ hand: ['Colosse', 'Garde', 'Éclaireuse'], board: [{ name: 'Brute', faceDown: true }, 'Cristal', { name: 'Titan de Racine', faceDown: true }] }, {}], rules: ON });
    expect(readyResources(pos.st, 0)).toBe(3);
    expect(actionTexts(pos).filter((t) => t.startsWith('Play'))).toEqual(['Play Garde (hand 1)', 'Play Éclaireuse (hand 2)']);
    act(pos, 'Play Garde');
    while (pos.st.w[O_PHASE] !== PH_MAIN) act(pos, 'Pass');
    expect(boardNames(pos, 0)).toContain('Garde');
    // Both payers consumed: the face-down ones pay like any resource.
    expect(readyResources(pos.st, 0)).toBe(1);
  });

  it('D11: a face-down card has no ability, cannot attack or defend and is no target', () => {
    const pos = buildPosition({ sides: [{ hand: ['Épuisement'], board: ['Racine', 'Cristal', { name: 'Brute', faceDown: true }, 'Éclaireuse'] },
      { board: [{ name: 'Garde', faceDown: true }, { name: 'Mage des Seuils', faceDown: true }, 'Braise', 'Braise'] }], rules: ON });
    // Épuisement (consume an opposing character) has no target: B's face-down cards are not characters.
    expect(actionTexts(pos).some((t) => t.includes('Épuisement'))).toBe(false);
    act(pos, 'Attack');
    // Éclaireuse is the only attacker (Brute, face down, is not offered) and no defender can be declared: 2 damage to B.
    while (pos.st.w[O_PHASE] !== PH_MAIN) {
      expect(actionTexts(pos).some((t) => t.includes('Brute') || t.includes('Garde') || t.includes('Éclair '))).toBe(false);
      act(pos, 'Pass');
    }
    expect(pos.st.w[O_INFL + 1]).toBe(23);
    expect(boardNames(pos, 0)).toContain('Éclaireuse');
  });

  it('D11: the opponent sees how many cards are down and which are consumed, not what they are; their owner sees them', () => {
    const at = (down: string, hand: string) => buildPosition({ sides: [{ board: ['Cristal'] },
      { board: [{ name: down, faceDown: true }, { name: 'Garde', faceDown: true, consumed: true }, 'Braise'], hand: [hand] }], rules: ON });
    const a = at('Brute', 'Colosse'), b = at('Colosse', 'Brute');
    expect(obs(a, 0)).toEqual(obs(b, 0));
    expect(obs(a, 1)).not.toEqual(obs(b, 1));
    // One consumed more is seen.
    const c = at('Brute', 'Colosse');
    c.st.w[O_CONS + inPlayNamed(c, 1, 'Brute')] = 1;
    expect(obs(c, 0)).not.toEqual(obs(a, 0));
    // The information set includes the count: one face-down card more is seen too.
    const d = buildPosition({ sides: [{ board: ['Cristal'] }, { board: [{ name: 'Brute', faceDown: true }, { name: 'Garde', faceDown: true, consumed: true }, { name: 'Colosse', faceDown: true }, 'Braise'] }], rules: ON });
    expect(obs(d, 0)).not.toEqual(obs(a, 0));
  });

  it('D11: determinize keeps the seat\'s observation and resamples the opponent\'s face-down cards among their unseen non-resource cards', () => {
    const pos = buildPosition({ sides: [{ board: ['Cristal'], hand: ['Garde'] },
      { board: [{ name: 'Brute', faceDown: true }, { name: 'Garde', faceDown: true, consumed: true }, 'Braise'], hand: ['Colosse', 'Racine'], deck: ['Veilleur', 'Braise', 'Flammes'] }], rules: ON });
    const g = pos.game, det = g.allocState();
    const o1 = obs(pos, 0);
    const downs = new Set<string>();
    for (let i = 0; i < 60; i++) {
      g.determinize(pos.st, 0, new SeededRng(i), det);
      const d = { game: g, st: det };
      expect(obs(d, 0)).toEqual(o1);
      const down: string[] = [];
      let consumedDown = 0;
      for (let x = INST; x < 2 * INST; x++) {
        if (det.w[O_ZONE + x] !== Z_PLAY || det.w[O_FACEDOWN + x] !== 1) continue;
        down.push(g.ctx.cat.names[g.ctx.cardOf[x]!]!);
        consumedDown += det.w[O_CONS + x]!;
      }
      expect(down.length).toBe(2);
      expect(consumedDown).toBe(1);
      for (const n of down) expect(['Brute', 'Garde', 'Colosse', 'Veilleur', 'Flammes']).toContain(n);
      // Every card is somewhere: the hidden ones (hand, deck, face down) are the same multiset.
      expect([...down, ...zoneNames(d, 1, 'hand'), ...zoneNames(d, 1, 'deck')].sort()).toEqual(['Braise', 'Brute', 'Colosse', 'Flammes', 'Garde', 'Racine', 'Veilleur']);
      downs.add([...down].sort().join(','));
    }
    expect(downs.size).toBeGreaterThan(4);
  });

  it('D11: random games with the knob on keep the information sets (observe of a determinization) and play to the end', () => {
    const DIR = resolve(import.meta.dirname, '../../../decks/seuils');
    const decks = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();
    const legal = new Int32Array(512);
    let down = 0;
    for (let k = 0; k < 6; k++) {
      const game = seuilsMatchFromFiles(join(DIR, decks[k]!), join(DIR, decks[(k + 2) % decks.length]!), ON);
      const st = game.allocState(), det = game.allocState();
      const rng = new SeededRng(70 + k);
      const o1 = new Int32Array(game.observationLength), o2 = new Int32Array(game.observationLength);
      game.newGame(st, 500 + k);
      for (let step = 0; !game.isTerminal(st); step++) {
        if (step % 7 === 0) {
          const seat = step % 2;
          game.determinize(st, seat, rng, det);
          game.observe(st, seat, o1);
          game.observe(det, seat, o2);
          expect(Array.from(o2)).toEqual(Array.from(o1));
        }
        const n = game.legalActions(st, legal);
        game.apply(st, legal[rng.int(n)]!);
      }
      for (let g = 0; g < 2 * INST; g++) down += st.w[O_FACEDOWN + g]!;
    }
    expect(down).toBeGreaterThan(0);
  });
});
