// The state layout: fields neither overlap nor leave gaps, and a clone is one copy.
import { describe, expect, it } from 'vitest';
import { LAYOUT, STATE_WORDS } from '../../../src/games/diplomatie/state.ts';
import { A_ORDER, NUM_ACTIONS, A_PASS, A_LIGHT, A_EXTRA, A_EVOLVE, A_PLAY, A_CAST, A_ATTACK, A_ATTACH, A_TARGET, A_DEFEND } from '../../../src/games/diplomatie/actions.ts';
import { buildPosition } from '../../../src/games/diplomatie/scenario.ts';

describe('layout', () => {
  it('fields tile [0, STATE_WORDS) exactly, in order', () => {
    let at = 0;
    for (const [name, off, len] of LAYOUT) {
      expect(off, name).toBe(at);
      at += len;
    }
    expect(at).toBe(STATE_WORDS);
  });
  it('action bands are ascending and end at NUM_ACTIONS', () => {
    const bands = [A_PASS, A_LIGHT, A_EXTRA, A_EVOLVE, A_PLAY, A_CAST, A_ATTACK, A_ATTACH, A_TARGET, A_DEFEND, A_ORDER];
    for (let i = 1; i < bands.length; i++) expect(bands[i]).toBeGreaterThan(bands[i - 1]!);
    expect(NUM_ACTIONS).toBe(A_ORDER + 72);
  });
  it('cloneInto copies the whole state: equal hashes, and the clone is independent', () => {
    const pos = buildPosition({ sides: [{ board: ['Ours'], hand: ['Loup'] }, { deck: ['Loup'] }] });
    const g = pos.game;
    const c = g.allocState();
    g.cloneInto(pos.st, c);
    expect(g.hash(c)).toBe(g.hash(pos.st));
    const out = new Int32Array(g.maxLegalActions);
    g.legalActions(c, out);
    g.apply(c, out[1]!);
    expect(g.hash(c)).not.toBe(g.hash(pos.st));
  });
});
