// R6: a faction rider on an ability that names the fight acts on the ability's subject.
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../src/games/blue-rising/catalogue/compile.ts';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import type { CardDef } from '../../../src/games/blue-rising/catalogue/schema.ts';
import { checkScenario, runScenario } from '../../../src/games/blue-rising/scenario.ts';

const TRAP: CardDef = {
  name: 'Piège du Rempart',
  type: 'trap',
  cost: 0,
  trap: {
    effects: [{ verb: 'power', target: 'defender', amount: 1 }],
    rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'target', amount: 2 }] },
  },
  text: 'Le Défenseur gagne Puissance +1. Gardiens : +2 de plus.',
  provenance: {},
};
const cat = compileCatalogue([...CARDS, TRAP]);

function scenario(defender: string, expected: number) {
  return checkScenario({
    name: `R6: a fight Trap's rider on ${defender}`,
    mode: 'standard',
    active: 'Joachim',
    players: {
      Joachim: { environment: 'Champs de Bataille', board: { 'front-left': 'Mercenaire Errant' }, hand: ['Glance'] },
      Timothée: { environment: "L'Académie de l'Etoile Bleue", board: { 'front-left': defender }, traps: { left: 'Piège du Rempart' }, hand: ['Kitty'] },
    },
    steps: [
      { do: 'Joachim: attack with Mercenaire Errant on the left column' },
      // Joachim cannot pay for Glance: his passes are forced; so are Timothée's in 2b (a Trap
      // that names only the Defender is not offered before 3a).
      { expect: { log: `step 3a: the Defender is ${defender}` } },
      { do: 'Timothée: resolve Piège du Rempart' },
      { expect: { power: { [defender]: expected } } },
    ],
  }, 'riders.test');
}

describe('R6 riders on fight abilities', () => {
  it('R6: a Gardien Defender gets the base +1 and the rider +2', () => {
    const r = runScenario(scenario('Gardien du Pont', 2 + 2 + 1 + 2), 'riders.test', cat);
    expect(r.failure).toBeUndefined();
  });
  it('R6: a Defender of another faction gets only the base +1', () => {
    const r = runScenario(scenario('Fatih', 2 + 1 + 1), 'riders.test', cat);
    expect(r.failure).toBeUndefined();
  });
});
