// Bad input to Paliers through the lab (issue 18): a deck breaking the seed's deck rules (every
// broken rule listed, each card named) and a scenario naming a card of another game: exit 2
// with one line naming the culprit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lab, tempDir } from '../../sim/helpers.ts';

const dir = tempDir('pal-bad-input');
const write = (name: string, body: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof body === 'string' ? body : JSON.stringify(body));
  return f;
};

describe('Paliers bad input: exit 2, one line', () => {
  it('a deck breaking R8 lists every broken rule and names each card', async () => {
    const deck = write('casse.deck', 'name: Cassé\n4 Sprinteuse\n2 Reine du Speedrun\n2 Liche\n9 Level Up\n1 Cristal\n');
    const r = await lab(['replay', '--game', 'paliers', '--deck', deck, '--deck', 'decks/paliers/speedrun.deck', '--seed', '1']);
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(new RegExp(`^lab: ${deck}: `));
    for (const part of ['unknown card "Cristal"', '4 copies of "Sprinteuse", at most 3', '2 copies of the legendary "Reine du Speedrun", at most 1',
      '9 copies of "Level Up", at most 3', 'at least 50', '9 Level Up cards, at most 8']) expect(lines[0]).toContain(part);
    expect(r.stdout).toBe('');
  });

  it('a scenario naming a card of another game (Seuils\' Cristal) is refused naming the file and the card', async () => {
    const f = write('foreign.json', { name: 'another game\'s card', position: { sides: [{ hand: ['Cristal'] }, {}] }, actions: [], expect: {} });
    const r = await lab(['scenario', '--game', 'paliers', f]);
    expect([r.status, r.stderr]).toEqual([2, `lab: ${f}: position: scenario: unknown card "Cristal"\n`]);
  });
});
