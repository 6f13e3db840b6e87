import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import { DeckError, loadDeck, parseDeck, validateDeck, type DeckList } from '../../../src/games/blue-rising/decks.ts';

const DECKS_DIR = resolve(import.meta.dirname, '../../../decks');
const deckFiles = readdirSync(DECKS_DIR).filter((f) => f.endsWith('.deck'));

const total = (d: DeckList) => d.entries.reduce((s, e) => s + e.count, 0);
/** A shipped deck with some counts set (0 removes the name, a new name is added). */
function variant(file: string, counts: Record<string, number>): DeckList {
  const d = loadDeck(join(DECKS_DIR, file));
  const entries = d.entries.map((e) => ({ ...e }));
  for (const [name, count] of Object.entries(counts)) {
    const e = entries.find((x) => x.name === name);
    if (e) e.count = count;
    else entries.push({ name, count });
  }
  return { ...d, entries: entries.filter((e) => e.count > 0) };
}
/** Exactly one error, naming the rule and the culprit. */
function expectOnly(d: DeckList, rule: string, words: string): void {
  const errors = validateDeck(d, CARDS);
  expect(errors, errors.join(' | ')).toHaveLength(1);
  expect(errors[0]).toContain(`${rule}:`);
  expect(errors[0]).toContain(words);
  expect(errors[0]).toContain(`deck "${d.name}"`);
}

describe('shipped decks', () => {
  it('includes the required files', () => {
    for (const f of ['quick-gardiens.deck', 'quick-veilleurs.deck', 'standard-gardiens.deck', 'standard-veilleurs.deck']) {
      expect(deckFiles).toContain(f);
    }
  });
  it.each(deckFiles)('%s parses and validates', (f) => {
    const d = loadDeck(join(DECKS_DIR, f));
    expect(validateDeck(d, CARDS)).toEqual([]);
    expect(total(d)).toBe(d.mode === 'standard' ? 42 : 31);
    expect(f.startsWith(d.mode)).toBe(true);
  });
  it('loadDeck refuses a mode that differs from the file, naming both', () => {
    expect(() => loadDeck(join(DECKS_DIR, 'quick-gardiens.deck'), 'standard')).toThrow(/"quick".*"standard"/);
  });
});

describe('R7: standard deck rules', () => {
  const f = 'standard-gardiens.deck';
  it('exactly 42 cards', () => {
    expectOnly(variant(f, { Nisqy: 2 }), 'R7', '41 cards, a standard deck has exactly 42');
  });
  it('at most 3 copies of a name', () => {
    expectOnly(variant(f, { Nisqy: 4, 'Rugissement des ultras': 2 }), 'R7', '4 copies of "Nisqy"');
  });
  it('at least 4 different Aspirants', () => {
    const d = variant(f, { 'Sentinelle de Pierre': 0, 'Apprentie Forgeronne': 0, 'Vétéran des Remparts': 3, 'Colosse Sans Bannière': 3 });
    expect(total(d)).toBe(42);
    expectOnly(d, 'R7', '3 different Aspirants');
  });
  it('exactly 1 Environment', () => {
    expectOnly(variant(f, { 'Bastion des Marées': 1, 'Titan des Remparts': 1 }), 'R7', '2 Environments');
  });
  it('exactly 1 Artefact', () => {
    expectOnly(variant(f, { 'Couronne des Anciens': 0, 'Mercenaire Errant': 1 }), 'R7', '0 Artefacts');
  });
  it('reports every broken rule at once', () => {
    const d: DeckList = { name: 'bad', mode: 'standard', entries: [{ name: 'Nisqy', count: 5 }] };
    const errors = validateDeck(d, CARDS);
    expect(errors).toHaveLength(5); // size, copies, Aspirants, Environment, Artefact
    expect(errors.every((m) => m.includes('R7:') && m.includes('"bad"'))).toBe(true);
  });
});

describe('R8: quick deck rules', () => {
  const f = 'quick-veilleurs.deck';
  it('exactly 31 cards', () => {
    expectOnly(variant(f, { Glance: 1 }), 'R8', '30 cards, a quick deck has exactly 31');
  });
  it('at most 2 copies of a name', () => {
    expectOnly(variant(f, { Arthur: 3, Glance: 1 }), 'R8', '3 copies of "Arthur"');
  });
  it('at least 3 different Aspirants', () => {
    const d = variant(f, { Fatih: 0, Kenny: 0, 'Guetteuse Nocturne': 0, 'Ombre Silencieuse': 2, 'Oracle des Marées': 2, 'Les Voix': 2, 'Guet-apens': 2, 'Jugement Sommaire': 1 });
    expect(total(d)).toBe(31);
    expectOnly(d, 'R8', '2 different Aspirants');
  });
  it('exactly 1 Environment', () => {
    expectOnly(variant(f, { "L'Académie de l'Etoile Bleue": 0, 'Jugement Sommaire': 1 }), 'R8', '0 Environments');
  });
  it('no Artefact', () => {
    expectOnly(variant(f, { Glance: 1, "Sceptre d'Invocation": 1 }), 'R8', 'no Artefact');
  });
});

describe('parseDeck', () => {
  const ok = 'name: Test\nmode: quick  # trailing comment\n\n# whole-line comment\n2 Nisqy # finisher\n1 Ripp\n';
  it('reads headers, comments and entries', () => {
    const d = parseDeck(ok, 'decks/t.deck');
    expect(d).toMatchObject({ name: 'Test', mode: 'quick', entries: [{ name: 'Nisqy', count: 2 }, { name: 'Ripp', count: 1 }] });
  });
  it('defaults the name to the file name', () => {
    expect(parseDeck('mode: standard\n1 Nisqy\n', 'decks/my-deck.deck').name).toBe('my-deck');
  });
  it('refuses an unknown card, with the line number and a suggestion', () => {
    expect(() => parseDeck('mode: quick\n\n1 Nisky\n', 'decks/x.deck')).toThrow(
      'decks/x.deck:3: unknown card "Nisky" (did you mean: Nisqy?)',
    );
  });
  it('refuses a name that differs only by accents or case, suggesting the right one', () => {
    const text = 'mode: standard\n1 piege de glace\n';
    expect(() => parseDeck(text, 'decks/x.deck')).toThrow(DeckError);
    expect(() => parseDeck(text, 'decks/x.deck')).toThrow(/decks\/x\.deck:2: unknown card "piege de glace" \(did you mean: Piège de Glace/);
    expect(() => parseDeck("mode: standard\n1 L'Academie de l'Étoile Bleue\n", 'd')).toThrow(/did you mean: L'Académie de l'Etoile Bleue/);
  });
  it('refuses a missing mode line', () => {
    expect(() => parseDeck('name: X\n3 Nisqy\n', 'decks/x.deck')).toThrow(/decks\/x\.deck: missing mode/);
  });
  it('refuses an unknown mode, listing the valid ones', () => {
    expect(() => parseDeck('mode: rapide\n', 'decks/x.deck')).toThrow('decks/x.deck:1: unknown mode "rapide" (valid: standard, quick)');
  });
  it.each(['x Nisqy', '0 Nisqy', '-1 Nisqy', '1.5 Nisqy'])('refuses a bad count: %s', (line) => {
    expect(() => parseDeck(`mode: quick\n${line}\n`, 'f')).toThrow(/^f:2: bad count/);
  });
  it('refuses a line without a count', () => {
    expect(() => parseDeck('mode: quick\nNisqy\n', 'f')).toThrow(/^f:2: expected "<count> <card name>"/);
  });
  it('errors are one line', () => {
    expect(() => parseDeck('mode: quick\n1 Nisky\n', 'f')).toThrow(/^[^\n]+$/);
  });
});

describe('loadDeck', () => {
  it('joins every broken rule in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decks-'));
    const file = join(dir, 'bad.deck');
    writeFileSync(file, 'mode: quick\n3 Nisqy\n');
    let message = '';
    try {
      loadDeck(file);
    } catch (e) {
      expect(e).toBeInstanceOf(DeckError);
      message = (e as Error).message;
    }
    expect(message.startsWith(file)).toBe(true);
    expect(message).not.toContain('\n');
    expect(message.split('; ').length).toBe(4); // size, copies, Aspirants, Environment
  });
  it('names a missing file', () => {
    expect(() => loadDeck('decks/does-not-exist.deck')).toThrow(/decks\/does-not-exist\.deck: cannot read/);
  });
});
