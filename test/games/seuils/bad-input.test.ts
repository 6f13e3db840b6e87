// Bad input to Seuils through the lab (issue 19): a deck breaking its rules (every broken rule
// listed, each card named), a scenario naming a card of another game, a scenario whose
// actions push the response stack past its array (D13): exit 2 with one line naming the culprit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, tempDir } from '../../sim/helpers.ts';

const dir = tempDir('seu-bad-input');
const write = (name: string, body: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof body === 'string' ? body : JSON.stringify(body));
  return f;
};

describe('Seuils bad input: exit 2, one line', () => {
  it('a deck breaking its rules lists every broken rule and names each card', async () => {
    const deck = write('casse.deck', '# Plan: broken\nname: Cassé\nfaction: Cercle des Racines\n2 Racine\n3 Ordre du Cristal\n10 Veilleur\n1 Sprinteuse\n');
    const r = await lab(['simulate', '--game', 'seuils', '--deck', deck, 'decks/seuils/airain-mur.deck', '--games', '2', '--out', join(dir, 'never')]);
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(new RegExp(`^lab: ${deck}: `));
    for (const part of ['"Ordre du Cristal" is a faction', 'unknown card "Sprinteuse"', 'D5: 12 main-deck cards, at least 45', 'D27: faction "Cercle des Racines" starts with 3 resources, the deck holds 2']) {
      expect(lines[0]).toContain(part);
    }
    expect(r.stdout).toBe('');
  });

  it('a scenario naming a card of another game (Paliers\' Sprinteuse) is refused naming the file and the card', async () => {
    const f = write('foreign.json', { name: 'another game\'s card', position: { sides: [{ hand: ['Sprinteuse'] }, {}] }, actions: [], expect: {} });
    const r = await lab(['scenario', '--game', 'seuils', f]);
    expect([r.status, r.stderr]).toEqual([2, `lab: ${f}: position: deck "scenario": unknown card "Sprinteuse"\n`]);
  });

  it('D13: a scenario pushing a 25th item on the 24-item response stack is refused naming the action and the card', async () => {
    // Both factions (Ordre du Cristal: Étude, 3 resources, any time) answer each other until the stack is full.
    const f = write('deep.json', {
      name: 'D13: a stack deeper than its array',
      position: { sides: [{ board: Array(40).fill('Cristal') }, { board: Array(40).fill('Cristal') }] },
      actions: Array(26).fill('Use Ordre du Cristal'),
      expect: {},
    });
    const r = await lab(['scenario', '--game', 'seuils', f]);
    expect([r.status, r.stderr]).toEqual([2, `lab: ${f}: actions.24 "Use Ordre du Cristal": response stack full (24 items): cannot add "Ordre du Cristal" of player 0\n`]);
  });
});
