// The balance counters the engine records per copy (metrics.md): a copy played, returned to
// hand and played again counts once in `played` and once in `replays`, so that the play rate
// (copies played / copies held) stays a rate.
import { describe, expect, it } from 'vitest';
import { buildScenario, checkScenario, findAction } from '../../../src/games/blue-rising/scenario.ts';

describe('played and replays', () => {
  it('a copy returned to hand and played again is played once, replayed once, held once', () => {
    const spec = checkScenario({
      mode: 'standard', active: 'Joachim',
      players: {
        Joachim: { environment: 'Champs de Bataille', board: { 'front-centre': 'Yukino' }, hand: ['Mercenaire Errant', 'Bons Souvenirs'], pool: 12, deck: ['Kitty'] },
        Timothée: { environment: "L'Académie de l'Etoile Bleue", deck: ['Kitty'] },
      },
      steps: [],
    }, 'replay');
    const b = buildScenario(spec, 'replay');
    b.game.startRecording(b.state);
    for (const text of ['Joachim: play Mercenaire Errant at front-left', 'Joachim: play Bons Souvenirs on Mercenaire Errant', 'Joachim: play Mercenaire Errant at front-right']) {
      b.game.apply(b.state, findAction(b, text, text, 'replay'));
    }
    const F: readonly string[] = b.game.cardStatFields;
    const out = new Int32Array(2 * b.game.cardKinds * F.length);
    b.game.readCardStats(b.state, out);
    const kind = Array.from({ length: b.game.cardKinds }, (_, k) => b.game.cardKindName(k)).indexOf('Mercenaire Errant');
    const field = (name: string) => out[kind * F.length + F.indexOf(name)];
    expect(b.state.log!.text()).toContain('Mercenaire Errant returns to');
    expect([field('deck'), field('played'), field('replays'), field('held')]).toEqual([1, 1, 1, 1]);
    // Bons Souvenirs: played once, never back.
    const bons = Array.from({ length: b.game.cardKinds }, (_, k) => b.game.cardKindName(k)).indexOf('Bons Souvenirs');
    expect([out[bons * F.length + F.indexOf('played')], out[bons * F.length + F.indexOf('replays')]]).toEqual([1, 0]);
  });
});
