// What every game's card data file must do, run by each game's catalogue-file test: the
// shipped file is the catalogue and its hash; a JSON or YAML copy loads to the same cards;
// a bad field (unknown verb, bad type, missing field, a name given twice) is refused in one
// line naming the file, the card and the field, and `lab` exits 2 with that line.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { loadCatalogue } from '../../src/cli/catalogue.ts';
import { UsageError } from '../../src/cli/errors.ts';
import { cardsSha256 } from '../../src/core/card-data.ts';
import { GAME_MODULES } from '../../src/games/registry.ts';
import { ROOT, lab, tempDir } from '../sim/helpers.ts';

export type Entry = Record<string, unknown> & { name: string };

/** The entry of that name, to edit (a test's entries are loose JSON). */
export const card = (cards: Entry[], name: string) => cards.find((c) => c.name === name) as Record<string, any>;

/** A bad edit of the shipped entries, and the line that must name it (after the file). */
export interface BadCard {
  what: string;
  edit(cards: Entry[]): void;
  line: string;
}

/**
 * `patch`: a base patch on the designer's copy for an experiment that names it in its
 * `catalogue` field (absent: the game's experiment test lives elsewhere).
 */
export function catalogueFileSuite(gameId: string, decks: readonly [string, string], bad: readonly BadCard[], patch?: Record<string, unknown> & { card: string }): void {
  const m = GAME_MODULES[gameId]!;
  const shippedFile = join(ROOT, `src/games/${gameId}/catalogue/cards.json`);
  const shipped = (): Entry[] => JSON.parse(readFileSync(shippedFile, 'utf8')) as Entry[];
  let dir: string;
  const write = (name: string, cards: unknown, yaml = false) => {
    const file = join(dir, name);
    writeFileSync(file, yaml ? toYaml(cards) : JSON.stringify(cards, null, 2));
    return file;
  };
  beforeAll(() => {
    dir = tempDir(`cards-${gameId}`);
  });

  describe(`${gameId}: the cards are a data file`, () => {
    it('the shipped cards.json is the catalogue, and its hash is its content\'s', () => {
      const read = loadCatalogue(m, shippedFile);
      expect(read.cards).toEqual(m.catalogue.cards());
      expect(m.catalogue.sha256()).toBe(cardsSha256(m.catalogue.cards()));
      expect(read.sha256).toBe(m.catalogue.sha256());
      expect(m.catalogue.sha256()).toMatch(/^[0-9a-f]{64}$/);
    });

    it('a JSON or a YAML copy loads to the same cards and the same hash; an edited one to another hash', () => {
      const json = loadCatalogue(m, write('copy.json', shipped()));
      const yaml = loadCatalogue(m, write('copy.yaml', shipped(), true));
      expect(readFileSync(join(dir, 'copy.yaml'), 'utf8')).not.toMatch(/^\s*[[{]/);
      for (const c of [json, yaml]) {
        expect(c.cards).toEqual(m.catalogue.cards());
        expect(c.sha256).toBe(m.catalogue.sha256());
        expect(c.names).toEqual(m.catalogue.names());
      }
      const edited = shipped();
      edited.reverse();
      expect(loadCatalogue(m, write('reversed.yml', edited, true)).sha256).not.toBe(m.catalogue.sha256());
    });

    it.each(bad.map((b) => [b.what, b] as const))('a bad field (%s): one line naming the file, the card and the field', (_what, b) => {
      const cards = shipped();
      b.edit(cards);
      for (const file of [write('bad.json', cards), write('bad.yaml', cards, true)]) {
        let message = '';
        try {
          loadCatalogue(m, file);
        } catch (e) {
          expect(e).toBeInstanceOf(UsageError);
          message = (e as Error).message;
        }
        expect(message).toBe(`--catalogue ${file}: ${b.line}`);
      }
    });

    it('a file that is not a list, or not YAML: one line naming the file', () => {
      expect(() => loadCatalogue(m, write('object.json', { cards: [] }))).toThrow(/^--catalogue .*object\.json: expected a list of card entries$/);
      const broken = join(dir, 'broken.yaml');
      writeFileSync(broken, '- name: "Loup\n  type: creature\n');
      expect(() => loadCatalogue(m, broken)).toThrow(/^--catalogue .*broken\.yaml: not YAML \(.*line \d+, column \d+/);
      expect(() => loadCatalogue(m, join(dir, 'missing.json'))).toThrow(/^--catalogue .*missing\.json: cannot read card file \(ENOENT\)$/);
    });

    it.runIf(patch !== undefined)('an experiment\'s catalogue field (YAML, relative to the file) is played, its hash in the manifest, a base patch on it', async () => {
      const edited = shipped();
      edited.reverse();
      write('designer.yaml', edited, true);
      const exp = write('exp.json', { name: 'designer', game: gameId, decks: decks.map((d) => join(ROOT, d)), games: 2, seed: 1, catalogue: 'designer.yaml', basePatches: [patch] });
      const out = join(dir, 'out-exp');
      const r = await lab(['experiment', exp, '--out', out, '--quiet', '--workers', '1']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const man = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { catalogueSha256: string; catalogueFile: string; config: { arms: { variant: { cards: string; patches: unknown[] } }[] } };
      expect(man.catalogueFile).toBe(join(dir, 'designer.yaml'));
      expect(man.catalogueSha256).toBe(loadCatalogue(m, join(dir, 'designer.yaml')).sha256);
      expect(man.catalogueSha256).not.toBe(m.catalogue.sha256());
      expect(man.config.arms[0]!.variant.cards).toBe(`sha256 ${man.catalogueSha256}`);
      expect(man.config.arms[0]!.variant.patches).toEqual([patch]);
    });

    it('lab simulate with a bad --catalogue: exit 2, that one line, nothing written', async () => {
      const cards = shipped();
      bad[0]!.edit(cards);
      const file = write('cli-bad.yaml', cards, true);
      const out = join(dir, 'out-bad');
      const r = await lab(['simulate', '--game', gameId, '--deck', decks[0], '--deck', decks[1], '--games', '2', '--quiet', '--out', out, '--catalogue', file]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([`lab: --catalogue ${file}: ${bad[0]!.line}`]);
      expect(existsSync(out)).toBe(false);
    });
  });
}
