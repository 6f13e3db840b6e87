// The worked example of the rules' §10, replayed through the public action API: every
// number it states is checked (R21–R25, R28, R10, R12, D23–D26, D30, D33).
import { describe, expect, it } from 'vitest';
import { act, actionTexts, boardNames, buildPosition, zoneNames } from '../../../src/games/diplomatie/scenario.ts';
import { O_ACTIVE, O_CUR, O_DIP_N, O_EXH, O_PD, O_PHASE, O_PV, O_TURN, PH_MAIN, PH_WINDOW, SLOTS } from '../../../src/games/diplomatie/state.ts';
import { power } from '../../../src/games/diplomatie/rules.ts';

describe('§10 worked example', () => {
  it('replays steps 1–5 with the numbers of the text', () => {
    const pos = buildPosition({
      active: 0,
      turn: 5,
      first: 0,
      sides: [
        { board: ['Ours', 'Aigle', 'Loup', "Tour de l'Orage"], pd: 1, deck: ['Renard', 'Renard'] },
        { board: ['Renard', 'Royaume des Brumes'], pd: 2, deck: ['Sanglier'], dip: ['Ambassade'] },
      ],
    });
    const w = pos.st.w;
    // 1. Ours attacks; Renard is the only target (forced); B passes, A has nothing: Renard is exhausted.
    act(pos, 'Attack with Ours');
    expect(w[O_PHASE]).toBe(PH_WINDOW);
    expect(w[O_CUR]).toBe(1); // D30: the defender first
    expect(w[O_EXH + 0]).toBe(1); // D23
    act(pos, 'Pass');
    expect(w[O_PHASE]).toBe(PH_MAIN);
    expect(w[O_EXH + SLOTS]).toBe(1); // R23: 35 > 25, ready → exhausted
    expect(boardNames(pos, 1)).toEqual(['Renard', 'Royaume des Brumes']);
    // 2. Aigle attacks; B doubles Renard; A passes; the stack resolves: 50 > 30, Aigle dies.
    act(pos, 'Attack with Aigle');
    act(pos, 'Cast Royaume des Brumes');
    expect(w[O_CUR]).toBe(0);
    expect(actionTexts(pos)[0]).toBe('Pass');
    act(pos, 'Pass');
    expect(power(pos.st, 1, 0)).toBe(50); // D35
    expect(boardNames(pos, 0)).toEqual(['Ours', '', 'Loup', "Tour de l'Orage"]);
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Aigle']);
    // 3. Loup attacks; B has nothing left (D33); A destroys Renard: the attack becomes direct (R24).
    act(pos, 'Attack with Loup');
    expect(w[O_CUR]).toBe(0);
    act(pos, "Cast Tour de l'Orage");
    expect(w[O_PV + 1]).toBe(80);
    expect(boardNames(pos, 1)).toEqual(['', 'Royaume des Brumes']);
    // 4. A has nothing left but to end step 2, which the engine plays (§12: a one-action
    // decision is forced); A attacked: no PD (R10); Ours and Loup are readied.
    expect(w[O_PD]).toBe(2); // 5. Siege: B draws 1 of 2 (R12): A 1 → 2 PD
    expect(w[O_TURN]).toBe(6);
    expect(w[O_ACTIVE]).toBe(1);
    expect(w[O_EXH]).toBe(0);
    expect(w[O_EXH + 2]).toBe(0);
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Sanglier']);
    act(pos, 'Light Play Sanglier');
    act(pos, 'Pass'); // B's own window after the play: Royaume des Brumes could answer (D30)
    act(pos, 'End step 2');
    act(pos, 'Pass'); // the end window (D14)
    expect(w[O_PD + 1]).toBe(3);
    expect(w[O_DIP_N + 1]).toBe(0);
    expect(zoneNames(pos, 1, 'hand')).toEqual(['Ambassade']);
  });
});
