// The opening knobs (issue 17, rule variants): the first player's and the second player's
// opening draw (`openingDraw=A,B`), whether the first player may attack on turn 1
// (`firstTurnAttack`), and resources for the second player's first turn
// (`secondPlayerResources`). Their defaults are the rules as written (R13: 3 and 5 cards; an
// attack on turn 1 allowed; no resources), so the shipped outputs do not move.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomBot } from '../../../bots/random.ts';
import { A_ATTACK, A_SUPPORT } from '../../../src/games/blue-rising/actions.ts';
import { matchFromFiles, type BlueRising, type BRState } from '../../../src/games/blue-rising/index.ts';
import { RULES, RuleOptionError, parseRuleOverrides, type RuleOptions } from '../../../src/games/blue-rising/rules-options.ts';
import { Z_ACTIVE, Z_FIRST, Z_HAND_N, Z_PHASE, O_POOL, O_TURN, PH_MAIN, PH_MULLIGAN } from '../../../src/games/blue-rising/state.ts';

const DECKS = resolve(import.meta.dirname, '../../../decks');
const STD_R = join(DECKS, 'standard-rage-rush.deck');
const STD_G = join(DECKS, 'standard-gardiens.deck');

function game(rules: Partial<RuleOptions> = {}): BlueRising {
  return matchFromFiles('standard', STD_R, STD_G, { rules });
}

/**
 * Plays seeded random bots to the end, calling `look` on every decision with its legal
 * actions. Returns the number of decisions.
 */
function play(g: BlueRising, seed: number, look: (st: BRState, legal: Int32Array, n: number) => void): number {
  const st = g.allocState();
  g.newGame(st, seed);
  const bots = [new RandomBot<BRState>(seed * 2 + 1), new RandomBot<BRState>(seed * 2 + 2)];
  const out = new Int32Array(g.maxLegalActions);
  let steps = 0;
  while (!g.isTerminal(st) && steps < 20000) {
    const n = g.legalActions(st, out);
    look(st, out, n);
    g.apply(st, bots[g.currentPlayer(st)]!.choose(g, st, out, n));
    steps++;
  }
  return steps;
}

const attacks = (legal: Int32Array, n: number) => {
  let k = 0;
  for (let i = 0; i < n; i++) if (legal[i]! >= A_ATTACK && legal[i]! < A_SUPPORT) k++;
  return k;
};

describe('opening knobs', () => {
  it('the defaults are the rules as written (R13: 3 and 5 cards), and openingDraw is set as "FIRST,SECOND"', () => {
    expect(RULES.standard.openingDraw).toEqual([3, 5]);
    expect(RULES.standard.firstTurnAttack).toBe(true);
    expect(RULES.standard.secondPlayerResources).toBe(0);
    expect(parseRuleOverrides(['openingDraw=4,5', 'firstTurnAttack=false', 'secondPlayerResources=2'])).toEqual({ openingDraw: [4, 5], firstTurnAttack: false, secondPlayerResources: 2 });
    expect(() => parseRuleOverrides(['openingDraw=4'])).toThrow(new RuleOptionError('--rule openingDraw: expected two counts "FIRST,SECOND" (e.g. 3,5), got "4"'));
    expect(() => parseRuleOverrides(['openingDraw=6,5'])).toThrow('--rule openingDraw=6,5: a count is out of range 0..5');
    expect(() => parseRuleOverrides(['secondPlayerResources=21'])).toThrow('--rule secondPlayerResources=21: out of range 0..20');
    expect(() => parseRuleOverrides(['firstTurnAttack=no'])).toThrow('--rule firstTurnAttack: expected true or false, got "no"');
  });

  it('openingDraw deals the first player A cards and the second B (before the mulligan)', () => {
    for (const [a, b] of [[3, 5], [4, 5], [5, 5], [3, 4], [0, 2]] as const) {
      let hands: number[] | null = null;
      play(game({ openingDraw: [a, b] }), 7, (st) => {
        if (hands === null && st.z[Z_PHASE] === PH_MULLIGAN) hands = [st.z[Z_HAND_N + st.z[Z_FIRST]!]!, st.z[Z_HAND_N + 1 - st.z[Z_FIRST]!]!];
      });
      expect(hands, `${a},${b}`).toEqual([a, b]);
    }
  });

  it('firstTurnAttack=false: no attack is legal on turn 1; turn 2 and later attack as usual', () => {
    let t1Default = 0, t1Off = 0, laterOff = 0;
    for (let seed = 1; seed <= 12; seed++) {
      play(game(), seed, (st, legal, n) => {
        if (st.w[O_TURN] === 1 && st.z[Z_PHASE] === PH_MAIN) t1Default += attacks(legal, n);
      });
      play(game({ firstTurnAttack: false }), seed, (st, legal, n) => {
        if (st.z[Z_PHASE] !== PH_MAIN) return;
        if (st.w[O_TURN] === 1) t1Off += attacks(legal, n);
        else laterOff += attacks(legal, n);
      });
    }
    // With the rules as written the first player has attacks to choose on turn 1 (setup Aspirants are not disoriented, D3).
    expect(t1Default).toBeGreaterThan(0);
    expect(t1Off).toBe(0);
    expect(laterOff).toBeGreaterThan(0);
  });

  it('secondPlayerResources=N: the second player\'s first turn starts with N in its pool; later turns with none', () => {
    for (const n of [0, 2, 5]) {
      for (let seed = 1; seed <= 4; seed++) {
        const starts: [number, number, number][] = []; // [turn, active is first player, pool]
        let lastTurn = 0;
        play(game({ secondPlayerResources: n }), seed, (st) => {
          const turn = st.w[O_TURN]!;
          if (turn !== lastTurn && st.z[Z_PHASE] === PH_MAIN && turn <= 4) {
            const p = st.z[Z_ACTIVE]!;
            starts.push([turn, p === st.z[Z_FIRST] ? 1 : 0, st.w[O_POOL + p]!]);
          }
          lastTurn = turn;
        });
        expect(starts, `n=${n} seed=${seed}`).toEqual([[1, 1, 0], [2, 0, n], [3, 1, 0], [4, 0, 0]].slice(0, starts.length));
        expect(starts.length).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
