// Rules R33–R60 and decisions D9–D27 of this half where a scenario file cannot say it all:
// orders of log lines, exact boundaries, state fields, whole action lists, setup in quick
// mode. Positions are built with buildScenario and played with findAction / game.apply.
import { describe, expect, it } from 'vitest';
import { A_ATTACK, A_SETUP, A_MULLIGAN, TARGETS } from '../../../src/games/blue-rising/actions.ts';
import { charPower, ROLE_ATTACKER, ROLE_DEFENDER, ROLE_NONE, resistance } from '../../../src/games/blue-rising/board.ts';
import { BlueRising, createContext, deckCards, matchFromFiles, shippedCatalogue } from '../../../src/games/blue-rising/index.ts';
import { loadDeck } from '../../../src/games/blue-rising/decks.ts';
import { RULES } from '../../../src/games/blue-rising/rules-options.ts';
import {
  buildScenario,
  checkScenario,
  findAction,
  loadScenario,
  locate,
  runScenario,
  type BuiltScenario,
  type ScenarioSpec,
} from '../../../src/games/blue-rising/scenario.ts';
import {
  ART_HIDDEN,
  ART_NONE,
  Z_ART,
  Z_ART_STATE,
  Z_CURRENT,
  Z_DECK,
  Z_DECK_N,
  Z_DISC_N,
  Z_GONE,
  Z_GONE_N,
  Z_HAND_N,
  O_LAST_ATK_POWER,
  O_LAST_DEF_POWER,
  Z_OCC,
  Z_PASSES,
  Z_PHASE,
  O_POOL,
  Z_TAPPED,
  Z_TOKENS_USED,
  Z_TPOW,
  Z_TRES,
  O_VP,
  Z_WINNER,
  PH_MAIN,
  PH_MULLIGAN,
  PH_OVER,
  PH_SETUP,
  PH_WINDOW,
} from '../../../src/games/blue-rising/state.ts';

const HERE = 'rules-attack.test.ts';

function spec(s: Omit<ScenarioSpec, 'steps'> & { steps?: ScenarioSpec['steps'] }): ScenarioSpec {
  return checkScenario({ steps: [], ...s }, HERE);
}
function build(s: ScenarioSpec): BuiltScenario {
  return buildScenario(s, HERE);
}
function act(b: BuiltScenario, text: string): void {
  b.game.apply(b.state, findAction(b, text, 'test', HERE));
}
function legalTexts(b: BuiltScenario): string[] {
  const out = new Int32Array(b.game.maxLegalActions);
  const n = b.game.legalActions(b.state, out);
  return Array.from(out.subarray(0, n), (a) => b.game.actionToString(b.state, a));
}
function legalInts(b: BuiltScenario): number[] {
  const out = new Int32Array(b.game.maxLegalActions);
  return Array.from(out.subarray(0, b.game.legalActions(b.state, out)));
}
/** Global slot of the character named `name` on seat p. */
function slot(b: BuiltScenario, p: number, name: string): number {
  for (let s = p * 6; s < p * 6 + 6; s++) {
    const inst = b.state.z[Z_OCC + s]!;
    if (inst >= 0 && b.state.ctx.cat.names[b.state.ctx.cardOf[inst]!] === name) return s;
  }
  throw new Error(`${name} not in play for seat ${p}`);
}

// Joachim (seat 0) attacks Timothée (seat 1) with a Mercenaire Errant (3) on a tapped Defender.
function duel(defender: string, attacker = 'Mercenaire Errant'): ScenarioSpec {
  return spec({
    mode: 'standard',
    active: 'Joachim',
    players: {
      Joachim: { environment: 'Champs de Bataille', board: { 'front-centre': attacker } },
      Timothée: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-centre': { card: defender, tapped: true } } },
    },
  });
}

describe('R33: declaring an attack', () => {
  it('R33: an untapped character has one attack per column; attacking taps it and removes all its attacks', () => {
    const b = build(duel('Gardien du Pont', 'Mercenaire Errant'));
    const gs = slot(b, 0, 'Mercenaire Errant');
    const attacks = () => legalInts(b).filter((a) => a >= A_ATTACK && a < A_ATTACK + 6 * TARGETS);
    expect(attacks()).toEqual([A_ATTACK + (gs % 6) * TARGETS, A_ATTACK + (gs % 6) * TARGETS + 1, A_ATTACK + (gs % 6) * TARGETS + 2]);
    act(b, 'Joachim: attack with Mercenaire Errant on the centre column');
    // Gardien du Pont defends at 2 + 2 (Défense+2) = 4: the Mercenaire (3) stays, tapped.
    expect(b.state.z[Z_TAPPED + gs]).toBe(1);
    expect(b.state.w[O_LAST_ATK_POWER]).toBe(3);
    expect(b.state.w[O_LAST_DEF_POWER]).toBe(4);
    expect(b.state.z[Z_PHASE]).toBe(PH_MAIN);
    expect(attacks()).toEqual([]);
  });
});

describe('R37: the steps of an attack', () => {
  it('R37: the log shows 1, 2a, 2b, 3a, 3b, 4, 5 in this order', () => {
    const file = 'test/scenarios/rules/R37-attack-steps-in-order.json';
    const r = runScenario(loadScenario(file), file);
    expect(r.failure).toBeUndefined();
    const lines = r.log.split('\n');
    const at = (s: string) => {
      const i = lines.findIndex((l) => l.includes(s));
      expect(i, `"${s}" in the log`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      at('Joachim: attack with Nisqy on the right column'),
      at('Timothée: tap Fatih to move it to back-right'),
      at('Timothée: place Piège de Glace in the right column for 1 resource'),
      at('step 2b: action window'),
      at('step 3a: the Defender is Fatih'),
      at('step 3b: action window'),
      at('Timothée: resolve Piège de Glace'),
      at('step 4: Nisqy 5 = 5 base'),
      at('5 ≤ 7: the Defender wins (R39)'),
    ];
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });
});

describe('R39: comparing totals', () => {
  // Mercenaire Errant 3 + delta against a tapped Ripp (1): the boundary is strict.
  it.each([
    [-1, 'Defender', 2, 3],
    [0, 'Defender', 3, 3],
    [1, 'Attacker', 4, 3],
  ])('R39: Attacker at Defender %i → the %s wins (%i vs %i)', (delta, who, atk, def) => {
    const s = duel('Ripp');
    const b = build(s);
    const d = slot(b, 1, 'Ripp');
    b.state.z[Z_TPOW + d] = 2; // Ripp 1 + 2 = 3
    const a = slot(b, 0, 'Mercenaire Errant');
    b.state.z[Z_TPOW + a] = delta; // 3 + delta
    act(b, 'Joachim: attack with Mercenaire Errant on the centre column');
    expect(b.state.w[O_LAST_ATK_POWER]).toBe(atk);
    expect(b.state.w[O_LAST_DEF_POWER]).toBe(def);
    expect(b.state.log!.text()).toContain(`the ${who} wins (R39)`);
    expect(locate(b, 'Ripp')).toEqual([who === 'Attacker' ? 'discard:Timothée' : 'board:Timothée:front-centre']);
    expect(locate(b, 'Mercenaire Errant')).toEqual(['board:Joachim:front-centre']);
  });
});

describe('R40: destruction by grade', () => {
  it.each([
    ['Ripp', 'Aspirant', 0],
    ['Arthur', 'Hero', 1],
    ['Oracle des Marées', 'Legend', 2],
  ])('R40: destroying %s (%s) scores %i VP', (defender, _grade, vp) => {
    const b = build(duel(defender, 'Titan des Remparts'));
    act(b, 'Joachim: attack with Titan des Remparts on the centre column');
    expect(b.state.w[O_VP]).toBe(vp);
    expect(b.state.w[O_VP + 1]).toBe(0);
    expect(locate(b, defender)).toEqual(['discard:Timothée']);
    // R41: the Titan comes back to hand only when it scored.
    expect(locate(b, 'Titan des Remparts')).toEqual([vp > 0 ? 'hand:Joachim' : 'board:Joachim:front-centre']);
  });

  it('R40: a Squire token destroyed in combat is in no zone afterwards and frees its token', () => {
    const file = 'test/scenarios/rules/R40-destroy-squire-token.json';
    const s = loadScenario(file);
    const b = buildScenario(s, file);
    for (const st of s.steps) if (st.do) act(b, st.do);
    const w = b.state.w, z = b.state.z;
    // Five Squires came in, one was destroyed: four remain, all on the board.
    expect(locate(b, 'Écuyer').sort()).toEqual(['board:Timothée:back-centre', 'board:Timothée:back-left', 'board:Timothée:back-right', 'board:Timothée:front-centre']);
    let bits = 0;
    for (let t = z[Z_TOKENS_USED + 1]!; t; t >>= 1) bits += t & 1;
    expect(bits).toBe(4);
    expect(z[Z_DISC_N + 1]).toBe(0);
    expect(z[Z_GONE_N + 1]).toBe(1); // the Sceptre only
    expect(w[O_VP]).toBe(0);
  });

  it('R40: beating the Environment scores exactly 1 VP (7 against 2) and it stays', () => {
    const b = build(spec({
      mode: 'standard',
      active: 'Joachim',
      players: {
        Joachim: { environment: 'Champs de Bataille', board: { 'front-centre': 'Titan des Remparts' } },
        Timothée: { environment: 'Tour des Émissaires' },
      },
    }));
    act(b, 'Joachim: attack with Titan des Remparts on the left column');
    expect(b.state.w[O_LAST_ATK_POWER]).toBe(7);
    expect(b.state.w[O_LAST_DEF_POWER]).toBe(2);
    expect(b.state.w[O_VP]).toBe(1);
    expect(locate(b, 'Tour des Émissaires')).toEqual(['environment:Timothée']);
  });
});

describe('R42: deck exhaustion', () => {
  it('R42: the new deck is exactly the former discard, shuffled, and the opponent scores once', () => {
    const discard = ['Glance', 'Les Voix', 'Yukino', 'Ripp', 'Kitty', 'Fatih'];
    const b = build(spec({
      mode: 'standard',
      active: 'Joachim',
      seed: 7,
      players: {
        Joachim: { environment: "L'Académie de l'Etoile Bleue", hand: ['Arthur'], discard },
        Timothée: { environment: 'Champs de Bataille', vp: 2 },
      },
    }));
    act(b, "Joachim: tap L'Académie de l'Etoile Bleue");
    const w = b.state.w, z = b.state.z;
    expect(w[O_VP + 1]).toBe(3);
    expect(z[Z_DECK_N]).toBe(5);
    expect(z[Z_DISC_N]).toBe(0);
    const names: string[] = [];
    for (const c of discard) for (const z of locate(b, c)) names.push(`${c}@${z.split(':')[0]}`);
    // Every former discard card is in the deck but one, which was drawn.
    expect(names.filter((x) => x.endsWith('@deck'))).toHaveLength(5);
    expect(names.filter((x) => x.endsWith('@hand'))).toHaveLength(1);
    const deck = Array.from(b.state.z.subarray(Z_DECK, Z_DECK + z[Z_DECK_N]!));
    expect(new Set(deck).size).toBe(5);
  });
});

describe('R45–R47: keyword arithmetic', () => {
  const b = build(spec({
    mode: 'standard',
    active: 'Joachim',
    players: {
      Joachim: {
        environment: 'Champs de Bataille',
        board: {
          'front-left': 'Sentinelle de Pierre', 'back-left': 'Guetteuse Nocturne', 'back-centre': 'Oracle des Marées',
          'front-centre': 'Gardien du Pont', 'front-right': 'Éclaireuse des Dunes', 'back-right': { card: 'Fatih', object: 'Bouclier Runique' },
        },
      },
      Timothée: { environment: 'Champs de Bataille' },
    },
  }));
  it.each([
    // name, none, as Attacker, as Defender
    ['Sentinelle de Pierre', 2, 2, 2], // R45 Avant+1 on the Front row
    ['Guetteuse Nocturne', 2, 2, 2], // R45 Arrière+1 on the Back row
    ['Oracle des Marées', 8, 8, 8], // R45 Arrière+2
    ['Gardien du Pont', 2, 2, 4], // R46 Défense+2
    ['Éclaireuse des Dunes', 1, 2, 1], // R47 Attaque+1
    ['Fatih', 2, 2, 4], // R46 Défense+1, and +1 more from Bouclier Runique
  ])('R45–R47: %s is %i out of a fight, %i attacking, %i defending', (name, none, atk, def) => {
    const gs = slot(b, 0, name);
    expect(charPower(b.state, gs, ROLE_NONE)).toBe(none);
    expect(charPower(b.state, gs, ROLE_ATTACKER)).toBe(atk);
    expect(charPower(b.state, gs, ROLE_DEFENDER)).toBe(def);
  });
});

describe('R52 / D22: Résistant instances stack', () => {
  // Les Voix (cost 1) on the opposing Titan des Remparts (Résistant ×2, plus extra instances).
  it.each([
    [0, 3, true],
    [0, 2, false],
    [1, 4, true],
    [1, 3, false],
  ])('R52: %i extra instance(s) on the Titan (2 printed), pool %i: Les Voix on it offered = %s', (extra, pool, ok) => {
    const b = build(spec({
      mode: 'standard',
      active: 'Joachim',
      players: {
        Joachim: { environment: "L'Académie de l'Etoile Bleue", hand: ['Les Voix'], pool },
        Timothée: { environment: 'Champs de Bataille', board: { 'front-right': 'Titan des Remparts' } },
      },
    }));
    const gs = slot(b, 1, 'Titan des Remparts');
    b.state.z[Z_TRES + gs] = extra;
    b.state.legalCount = -1; // the position changed under the engine: recompute its legal list
    expect(resistance(b.state, gs)).toBe(2 + extra);
    expect(legalTexts(b).includes('play Les Voix on Titan des Remparts')).toBe(ok);
    if (ok) {
      act(b, 'Joachim: play Les Voix on Titan des Remparts');
      // D22: the extra is decided and paid as Les Voix resolves.
      expect(b.state.w[O_POOL]).toBe(2 + extra);
      act(b, `Joachim: pay ${2 + extra} more to affect Titan des Remparts (Résistant)`);
      expect(b.state.w[O_POOL]).toBe(0);
      expect(b.state.z[Z_TAPPED + gs]).toBe(1);
    }
  });

  it('R52: Jugement Sommaire (4) on the Titan costs 6', () => {
    for (const [pool, ok] of [[5, false], [6, true]] as const) {
      const b = build(spec({
        mode: 'standard',
        active: 'Joachim',
        players: {
          Joachim: { environment: "L'Académie de l'Etoile Bleue", hand: ['Jugement Sommaire'], pool },
          Timothée: { environment: 'Champs de Bataille', board: { 'front-right': 'Titan des Remparts', 'front-left': 'Mercenaire Errant' } },
        },
      }));
      const texts = legalTexts(b);
      expect(texts).toContain('play Jugement Sommaire on Mercenaire Errant');
      expect(texts.includes('play Jugement Sommaire on Titan des Remparts')).toBe(ok);
      if (ok) {
        act(b, 'Joachim: play Jugement Sommaire on Titan des Remparts');
        act(b, 'Joachim: pay 2 more to affect Titan des Remparts (Résistant)');
        expect(b.state.w[O_POOL]).toBe(0);
        expect(locate(b, 'Titan des Remparts')).toEqual(['discard:Timothée']);
      }
    }
  });
});

describe('D9: the window loop', () => {
  it('D9: pass counts reset on every action, and two passes in a row move on', () => {
    const file = 'test/scenarios/rules/D9-window-loop.json';
    const s = loadScenario(file);
    const b = buildScenario(s, file);
    const z = b.state.z;
    const seen: [string, number, number][] = [];
    for (const st of s.steps) {
      if (!st.do) continue;
      act(b, st.do);
      seen.push([st.do, z[Z_PHASE]!, z[Z_PHASE] === PH_WINDOW ? z[Z_PASSES]! : -1]);
    }
    // After Diplomate Rusée's tap (an action) the count is back to 0 and Joachim is to act.
    const i = seen.findIndex(([t]) => t === 'Timothée: tap Diplomate Rusée');
    expect(seen[i]![2]).toBe(0);
    // After "Joachim: tap Apprentie Forgeronne", Timothée passes: one pass, still open.
    const k = seen.findIndex(([t]) => t.startsWith('Joachim: tap Apprentie'));
    expect(seen[k + 1]![0]).toBe('Timothée: pass');
    expect(seen[k + 1]![1]).toBe(PH_WINDOW);
    expect(seen[k + 1]![2]).toBe(1);
    expect(z[Z_CURRENT]).toBe(0);
    expect(z[Z_PHASE]).toBe(PH_MAIN);
  });
});

describe('D19: ranged targets', () => {
  it('D19: a ranged character has exactly one target per opposing character, never the Environment', () => {
    const b = build(spec({
      mode: 'standard',
      active: 'Joachim',
      players: {
        Joachim: { environment: 'Champs de Bataille', board: { 'front-left': 'Suygetsu', 'front-right': 'Mercenaire Errant' } },
        Timothée: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-centre': 'Ripp', 'back-centre': 'Fatih', 'back-right': 'Arthur' } },
      },
    }));
    const attacks = legalInts(b).filter((a) => a >= A_ATTACK && a < A_ATTACK + 6 * TARGETS);
    const suy = attacks.filter((a) => ((a - A_ATTACK) / TARGETS | 0) === 0).map((a) => (a - A_ATTACK) % TARGETS);
    const merc = attacks.filter((a) => ((a - A_ATTACK) / TARGETS | 0) === 2).map((a) => (a - A_ATTACK) % TARGETS);
    // Columns 0–2, then opposing slots + 3: front-centre (1), back-centre (4), back-right (5).
    expect(suy).toEqual([0, 1, 2, 4, 7, 8]);
    expect(merc).toEqual([0, 1, 2]);
    for (const t of suy.filter((t) => t >= 3)) expect(b.state.z[Z_OCC + 6 + t - 3]).toBeGreaterThanOrEqual(0);
    expect(legalTexts(b).filter((t) => t.endsWith('(ranged)')).sort()).toEqual([
      'attack with Suygetsu on Arthur (ranged)', 'attack with Suygetsu on Fatih (ranged)', 'attack with Suygetsu on Ripp (ranged)',
    ]);
  });
});

describe('R60: quick mode', () => {
  it('R60: the quick knobs are 3 VP, 3 Aspirants, no Artefact; standard is 5, 4, with', () => {
    expect([RULES.quick.vpToWin, RULES.quick.setupAspirants, RULES.quick.artefacts]).toEqual([3, 3, false]);
    expect([RULES.standard.vpToWin, RULES.standard.setupAspirants, RULES.standard.artefacts]).toEqual([5, 4, true]);
  });

  it.each([
    ['quick', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck', 3, 31],
    ['standard', 'decks/standard-gardiens.deck', 'decks/standard-veilleurs.deck', 4, 42],
  ] as const)('R60: a %s game sets up %i Aspirants per player', (mode, a, bFile, aspirants, size) => {
    const game = matchFromFiles(mode, a, bFile);
    const st = game.allocState();
    game.newGame(st, 11);
    const z = st.z;
    expect(z[Z_PHASE]).toBe(PH_SETUP);
    let setups = 0;
    while (z[Z_PHASE] === PH_SETUP) {
      const out = new Int32Array(game.maxLegalActions);
      const n = game.legalActions(st, out);
      expect(n).toBeGreaterThan(0);
      expect(out[0]! >= A_SETUP && out[0]! < A_MULLIGAN).toBe(true);
      game.apply(st, out[0]!);
      setups++;
    }
    expect(z[Z_PHASE]).toBe(PH_MULLIGAN);
    expect(setups).toBe(2 * aspirants);
    for (let p = 0; p < 2; p++) {
      let n = 0;
      for (let s = p * 6; s < p * 6 + 6; s++) if (z[Z_OCC + s]! >= 0) n++;
      expect(n).toBe(aspirants);
      // Environment out of the deck, and (standard only) the Artefact face down beside it.
      const onTable = mode === 'standard' ? 2 : 1;
      expect(z[Z_DECK_N + p]! + z[Z_HAND_N + p]! + n + onTable).toBe(size);
      expect(z[Z_ART_STATE + p]).toBe(mode === 'standard' ? 1 : ART_NONE);
    }
  });

  it('R60: an Artefact in a quick game is set aside at the deal, never revealed', () => {
    // A hand-made list (not a legal R8 deck): the engine itself keeps Artefacts out of quick games.
    const quick = loadDeck('decks/quick-gardiens.deck', 'quick');
    const cards = [...deckCards(quick).cards, "Sceptre d'Invocation"];
    const other = deckCards(loadDeck('decks/quick-veilleurs.deck', 'quick'));
    for (const [mode, art] of [['quick', ART_NONE], ['standard', ART_HIDDEN]] as const) {
      const game = new BlueRising(createContext(shippedCatalogue(), mode, [{ name: 'A', cards }, other]));
      const st = game.allocState();
      game.newGame(st, 3);
      const z = st.z;
      expect(z[Z_ART_STATE]).toBe(art);
      const sceptre = st.ctx.cat.byName.get("Sceptre d'Invocation")!;
      const gone = Array.from(st.z.subarray(Z_GONE, Z_GONE + z[Z_GONE_N]!)).map((i) => st.ctx.cardOf[i]);
      if (mode === 'quick') {
        expect(z[Z_ART]).toBe(-1);
        expect(gone).toEqual([sceptre]);
      } else {
        expect(st.ctx.cardOf[z[Z_ART]!]).toBe(sceptre);
        expect(gone).toEqual([]);
      }
    }
  });

  it('R60: 3 VP end a quick game at once: no one acts afterwards', () => {
    const b = build(spec({
      mode: 'quick',
      active: 'Joachim',
      players: {
        Joachim: { environment: 'Champs de Bataille', board: { 'front-left': 'Nisqy' }, vp: 2 },
        Timothée: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-left': { card: 'Arthur', tapped: true } } },
      },
    }));
    expect(b.state.ctx.options.vpToWin).toBe(3);
    act(b, 'Joachim: attack with Nisqy on the left column');
    expect(b.state.w[O_VP]).toBe(3);
    expect(b.state.z[Z_PHASE]).toBe(PH_OVER);
    expect(b.state.z[Z_WINNER]).toBe(0);
    expect(b.game.currentPlayer(b.state)).toBe(-1);
    expect(legalInts(b)).toEqual([]);
  });
});

