// The rules' worked example (§7), replayed through the public action API: R15, R17, R19, D16,
// D19–D24, every number checked.
import { describe, expect, it } from 'vitest';
import { act, actionTexts, boardNames, buildPosition, inPlayNamed, zoneNames } from '../../../src/games/seuils/scenario.ts';
import { lifeOf } from '../../../src/games/seuils/rules.ts';
import { O_CONS, O_DMG, O_INFL, O_PHASE, PH_MAIN } from '../../../src/games/seuils/state.ts';

function position(withBouclier: boolean) {
  return buildPosition({
    sides: [
      // A keeps an affordable Éclaireuse in hand so that its main phase after the combat is a real decision.
      { board: ['Éclaireuse', 'Brute', 'Cristal'], hand: ['Éclaireuse'], deck: ['Cristal'] },
      { board: ['Garde', 'Cristal'], hand: withBouclier ? ['Bouclier'] : [], deck: ['Cristal'] },
    ],
  });
}

describe('§7 worked example', () => {
  it('with Bouclier: Garde survives the speed-3 group, kills Éclaireuse at speed 2, dies to Brute at speed 1; B keeps 25', () => {
    const pos = position(true);
    const w = pos.st.w;
    act(pos, 'Attack');
    // R17 (1): B has no location, so the faction is the target without a decision.
    act(pos, 'Attack with Éclaireuse');
    act(pos, 'Attack with Brute'); // the group is then complete: DONE is the only action, played by the engine
    const ecl = inPlayNamed(pos, 0, 'Éclaireuse'), brute = inPlayNamed(pos, 0, 'Brute'), garde = inPlayNamed(pos, 1, 'Garde');
    expect([w[O_CONS + ecl], w[O_CONS + brute]]).toEqual([1, 1]); // R17 (2): both consumed
    // Step 3 window: A can only pass (the engine passes for A); B holds Bouclier and passes.
    expect(actionTexts(pos)).toEqual(['Pass', 'Play Bouclier (hand 0)']);
    act(pos, 'Pass');
    act(pos, 'Defend with Garde'); // R17 (4), D19
    // Speed 3: the window before assignment; B passes; Éclaireuse's 2 go to Garde alone (D22).
    act(pos, 'Pass');
    // Window before damage: B plays Bouclier on Garde (its one resource pays).
    act(pos, 'Play Bouclier');
    act(pos, 'Target own Garde');
    // A cannot answer, B has nothing left: Bouclier resolves, Garde's life is 4; the damage is dealt.
    expect(w[O_DMG + garde]).toBe(2);
    expect(lifeOf(pos.st, garde)).toBe(4);
    // Speed 2: Garde splits 1 to Éclaireuse and 2 to Brute.
    act(pos, 'Assign 1 of Garde\'s damage to Éclaireuse');
    act(pos, 'Assign the remaining 2 of Garde\'s damage to Brute');
    expect(zoneNames(pos, 0, 'discard')).toEqual(['Éclaireuse']);
    // Speed 1: Brute must hit Garde (a defender is left), 2 + 4 ≥ 4: destroyed.
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Bouclier', 'Garde']);
    expect(w[O_INFL + 1]).toBe(25);
    expect(w[O_PHASE]).toBe(PH_MAIN);
    expect(w[O_DMG + brute]).toBe(2);
    expect(w[O_CONS + brute]).toBe(1); // survivors end consumed
    act(pos, 'End the turn');
    expect(w[O_DMG + brute]).toBe(0); // D3: damage clears at the end of the turn
  });

  it('without Bouclier: Garde dies before acting, Brute hits the faction 25 → 21, Éclaireuse survives', () => {
    const pos = position(false);
    const w = pos.st.w;
    act(pos, 'Attack');
    act(pos, 'Attack with Éclaireuse');
    act(pos, 'Attack with Brute');
    act(pos, 'Defend with Garde');
    expect(w[O_INFL + 1]).toBe(21);
    expect(boardNames(pos, 0)).toEqual(['Ordre du Cristal', 'Éclaireuse', 'Brute', 'Cristal']);
    expect(zoneNames(pos, 1, 'discard')).toEqual(['Garde']);
  });

  it('D16 threshold check: Colosse meets ◆◆ with consumed resources but cannot be paid; one more resource makes it legal', () => {
    const board = [{ name: 'Cristal', consumed: true }, { name: 'Cristal', consumed: true }, 'Braise', 'Braise'];
    const a = buildPosition({ sides: [{ faction: 'Légion d\'Airain', board, hand: ['Colosse'] }, {}] });
    expect(actionTexts(a)).toEqual(['End the turn']);
    const b = buildPosition({ sides: [{ faction: 'Légion d\'Airain', board: [...board, 'Racine'], hand: ['Colosse'] }, {}] });
    expect(actionTexts(b)).toEqual(['End the turn', 'Play Colosse (hand 0)']);
    const c = buildPosition({ sides: [{ faction: 'Légion d\'Airain', board: [...board, 'Racine'], hand: ['Colosse'] }, {}], rules: { thresholdCountsConsumed: false } });
    expect(actionTexts(c)).toEqual(['End the turn']);
  });
});
