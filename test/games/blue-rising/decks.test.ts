import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/blue-rising/catalogue/index.ts';
import { DeckError, checkDeckFile, loadDeck, parseDeck, readDeckText, validateDeck, type DeckList } from '../../../src/games/blue-rising/decks.ts';

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

describe('a deck without a mode line', () => {
  it('still lists every rule it breaks in both modes, with "missing mode"', () => {
    const { deck, errors } = readDeckText('name: Six\n6 Nisqy\n2 Yukino\n1 Kitty\n', 'six.deck');
    expect(deck).toBeNull();
    expect(errors).toEqual([
      'six.deck: missing mode line (add "mode: standard" or "mode: quick")',
      'deck "Six": 6 copies of "Nisqy", no deck allows more than 3 (R7: 3 in standard, R8: 2 in quick)',
    ]);
  });

  it('more cards, Environments or Artefacts than any mode allows', () => {
    const env = CARDS.filter((c) => c.type === 'environment').map((c) => c.name);
    const art = CARDS.filter((c) => c.type === 'artefact').map((c) => c.name);
    const fillers = CARDS.filter((c) => c.type === 'character').slice(0, 15).map((c) => `3 ${c.name}`);
    expect(env.length).toBeGreaterThanOrEqual(2);
    expect(art.length).toBeGreaterThanOrEqual(2);
    const text = [...fillers, `1 ${env[0]}`, `1 ${env[1]}`, `1 ${art[0]}`, `1 ${art[1]}`].join('\n');
    const { errors } = readDeckText(text, 'big.deck');
    expect(errors).toEqual([
      'big.deck: missing mode line (add "mode: standard" or "mode: quick")',
      'deck "big": 49 cards, more than any deck holds (R7: 42 in standard, R8: 31 in quick)',
      'deck "big": 2 Environments, a deck has exactly 1 (R7, R8)',
      'deck "big": 2 Artefacts, a deck has at most 1 (R7: 1 in standard, R8: none in quick)',
    ]);
  });
});

describe('a count above the deck size', () => {
  it('is refused as such, with the count as written, with or without a mode', () => {
    expect(readDeckText('name: Huge\n99999999999999999999 Nisqy\n', 'huge.deck').errors).toEqual([
      'huge.deck:2: 99999999999999999999 copies of "Nisqy", more than any deck holds (a standard deck has 42 cards)',
      'huge.deck: missing mode line (add "mode: standard" or "mode: quick")',
    ]);
    const quick = readDeckText('mode: quick\n99999999999999999999 Nisqy\n32 Yukino\n31 Kitty\n', 'q.deck').errors;
    expect(quick.slice(0, 2)).toEqual([
      'q.deck:2: 99999999999999999999 copies of "Nisqy", more than a whole quick deck (31 cards)',
      'q.deck:3: 32 copies of "Yukino", more than a whole quick deck (31 cards)',
    ]);
    // 31 Kitty is a whole quick deck, so it is only over the copy limit.
    expect(quick.join('\n')).not.toContain('100000000000000000000');
    expect(() => parseDeck('mode: standard\n43 Nisqy\n', 'f')).toThrow('f:2: 43 copies of "Nisqy", more than a whole standard deck (42 cards)');
  });

  it('a name listed on several lines adds up, and a total above the deck size is said so', () => {
    const errors = validateDeck({ name: 'T', mode: 'quick', entries: [{ name: 'Nisqy', count: 40 }] }, CARDS);
    expect(errors).toContain('deck "T": R8: 40 copies of "Nisqy", more than a whole quick deck (31 cards)');
  });
});

describe('a file that is not a text deck', () => {
  const dir = mkdtempSync(join(tmpdir(), 'decks-bin-'));
  it('NUL bytes or invalid UTF-8: said so, its bytes never echoed', () => {
    const bin = join(dir, 'bin.deck');
    writeFileSync(bin, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x1b, 0x5b, 0x32, 0x4a]));
    expect(checkDeckFile(bin)).toEqual({ deck: null, errors: [`${bin}: not a text deck file (it holds NUL bytes)`] });
    const latin1 = join(dir, 'latin1.deck');
    writeFileSync(latin1, Buffer.from('mode: quick\n2 Pi\xe8ge de Glace\n', 'latin1'));
    expect(checkDeckFile(latin1).errors).toEqual([`${latin1}: not a text deck file (it is not valid UTF-8)`]);
    expect(() => loadDeck(bin)).toThrow(new DeckError(`${bin}: not a text deck file (it holds NUL bytes)`));
  });

  it('a control character of a line is shown escaped, never sent to the terminal', () => {
    const { errors } = readDeckText('mode: quick\n2 Nis\u001b[2Jqy\nab\u0007cd\n', 'ctl.deck');
    expect(errors.slice(0, 2)).toEqual([
      'ctl.deck:2: unknown card "Nis\\u001b[2Jqy"',
      'ctl.deck:3: expected "<count> <card name>", got "ab\\u0007cd"',
    ]);
    for (const e of errors) expect(e).not.toMatch(/\p{Cc}/u);
  });
});
