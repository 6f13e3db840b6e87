// `--catalogue FILE` and an experiment's `catalogue` field: a designer's copy of cards.json is
// checked field by field (exit 2, one line naming the card and the field) and its hash lands
// in the manifest; the shipped cards.json reads back to the same entries as before.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueSha256 } from '../../src/cli/catalogue.ts';
import { CARDS } from '../../src/games/blue-rising/catalogue/index.ts';
import { cardsFromData } from '../../src/games/blue-rising/catalogue/cards.ts';
import { QUICK_G, QUICK_V, ROOT, lab, tempDir } from '../sim/helpers.ts';

let dir: string;
const shipped = () => JSON.parse(readFileSync(join(ROOT, 'src/games/blue-rising/catalogue/cards.json'), 'utf8')) as Record<string, unknown>[];
beforeAll(() => {
  dir = tempDir('catalogue');
  const bad = shipped();
  bad.find((c) => c.name === 'Arthur')!.power = -2;
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  const good = shipped();
  (good.find((c) => c.name === 'Arthur')! as { power: number }).power = 7;
  writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
  writeFileSync(join(dir, 'exp.json'), JSON.stringify({ name: 'c', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V)], games: 2, seed: 1, catalogue: 'good.json', basePatches: [{ card: 'Nisqy', power: 6 }] }));
  writeFileSync(join(dir, 'exp-bad.json'), JSON.stringify({ name: 'c', decks: [join(ROOT, QUICK_G), join(ROOT, QUICK_V)], games: 2, seed: 1, catalogue: 'bad.json' }));
});

describe('the catalogue as data', () => {
  it('cards.json reads back to entries whose notes are dropped and provenance filled', () => {
    const cards = cardsFromData(shipped());
    expect(cards).toEqual(CARDS);
    expect(cards.every((c) => !('budget' in c))).toBe(true);
    expect(CARDS.find((c) => c.name === 'Nisqy')!.provenance).toEqual({ cost: 'seed', power: 'seed', faction: 'seed', grade: 'assumed', support: 'invented', keywords: 'invented' });
  });

  it('a bad value in --catalogue: exit 2, one line naming the file, the card and the field', async () => {
    const r = await lab(['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--games', '2', '--out', join(dir, 'out-bad'), '--catalogue', join(dir, 'bad.json')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`lab: --catalogue ${join(dir, 'bad.json')}: card "Arthur": power: expected an integer in 0..30, got -2`]);
  });

  it('an experiment\'s catalogue field, relative to the file: checked, then played with its hash in the manifest', async () => {
    const bad = await lab(['experiment', join(dir, 'exp-bad.json'), '--out', join(dir, 'out-e-bad'), '--quiet']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^lab: .*exp-bad\.json: catalogue: .*bad\.json: card "Arthur": power: /);
    const r = await lab(['experiment', join(dir, 'exp.json'), '--out', join(dir, 'out-e'), '--quiet', '--workers', '1']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const m = JSON.parse(readFileSync(join(dir, 'out-e', 'manifest.json'), 'utf8')) as { catalogueSha256: string; catalogueFile: string; config: { arms: { variant: { cards: string; patches: unknown[] } }[] } };
    expect(m.catalogueFile).toBe(join(dir, 'good.json'));
    expect(m.catalogueSha256).toBe(catalogueSha256(cardsFromData(JSON.parse(readFileSync(join(dir, 'good.json'), 'utf8')))));
    expect(m.catalogueSha256).not.toBe(catalogueSha256(CARDS));
    expect(m.config.arms[0]!.variant.cards).toBe(`sha256 ${m.catalogueSha256}`);
    expect(m.config.arms[0]!.variant.patches).toEqual([{ card: 'Nisqy', power: 6 }]);
  });

  it('another game\'s card file is refused by its entries, and lab ablate refuses a card none of the decks holds: exit 2, one line', async () => {
    const cat = await lab(['simulate', '--game', 'diplomatie', '--deck', 'decks/diplomatie/meute.deck', '--deck', 'decks/diplomatie/colosses.deck', '--games', '2', '--out', join(dir, 'out-dip'), '--catalogue', join(dir, 'good.json')]);
    expect(cat.status).toBe(2);
    expect(cat.stderr.trim().split('\n')).toHaveLength(1);
    expect(cat.stderr).toMatch(/^lab: --catalogue .*good\.json: card "Nisqy": \w+: /);
    // Every game has stand-ins now (a module without them is refused by ablate.ts in one line).
    const abl = await lab(['ablate', '--game', 'diplomatie', '--games', '2', '--quiet', '--card', 'Pikachu']);
    expect(abl.status).toBe(2);
    expect(abl.stderr.trim().split('\n')).toEqual(['lab: option --card: "Pikachu" is in none of the decks (nor in the catalogue)']);
    expect(abl.stdout).toBe('');
  });
});
