// Deck files (R8, D7, D28): the shipped decks load with distinct plans; a broken deck lists
// every broken rule, naming the card; a bad card file field is a typed error naming it.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/paliers/catalogue/cards.ts';
import { CatalogueError, compileCatalogue, T_LEVELUP } from '../../../src/games/paliers/catalogue/compile.ts';
import type { CardDef } from '../../../src/games/paliers/catalogue/schema.ts';
import { loadPalDeck, PalDeckError, palDeckCards, readPalDeckText, validatePalDeck } from '../../../src/games/paliers/decks.ts';
import { palCatalogue, palMatch, PalSetupError } from '../../../src/games/paliers/index.ts';
import { palRules, parsePalRuleOverrides, PalRuleError } from '../../../src/games/paliers/rules-options.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/paliers');
const cat = palCatalogue();
const files = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();

describe('shipped decks (R8)', () => {
  it('at least 6 decks of at least 50 cards, each with its own plan', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    const plans = new Set<string>();
    for (const f of files) {
      const d = loadPalDeck(join(DIR, f), cat);
      expect(palDeckCards(d).cards.length).toBeGreaterThanOrEqual(50);
      expect(readFileSync(join(DIR, f), 'utf8').split('\n')[0]).toMatch(/^# Plan: /);
      plans.add(d.plan);
    }
    expect(plans.size).toBe(files.length);
  });
  it('one deck per colour (its characters mostly of that colour) and two mixed', () => {
    const main = (f: string) => {
      const counts = [0, 0, 0, 0, 0];
      for (const e of loadPalDeck(join(DIR, f), cat).entries) {
        const id = cat.byName.get(e.name)!;
        for (let c = 0; c < 5; c++) if (cat.colours[id]! & (1 << c)) counts[c]! += e.count;
      }
      return counts;
    };
    const dominant = (c: number[]) => c.indexOf(Math.max(...c));
    expect(dominant(main('speedrun.deck'))).toBe(0);
    expect(dominant(main('moderation.deck'))).toBe(1);
    expect(dominant(main('gardiens.deck'))).toBe(2);
    expect(dominant(main('alteres.deck'))).toBe(3);
    expect(dominant(main('visionnaires.deck'))).toBe(4);
    for (const f of ['rodeurs.deck', 'ombres.deck']) expect(main(f).filter((n) => n >= 12).length, f).toBe(2);
  });
  it('together they use every card of the catalogue', () => {
    const used = new Set<string>();
    for (const f of files) for (const e of loadPalDeck(join(DIR, f), cat).entries) used.add(e.name);
    expect(CARDS.filter((c) => !used.has(c.name)).map((c) => c.name)).toEqual([]);
  });
});

describe('validation names every broken rule and the card (R8, D7, D28)', () => {
  it('49 cards, 4 copies, 2 of a legendary, 9 Level Up cards, no plan: all listed', () => {
    const text = 'name: Bad\n4 Sprinteuse\n2 Liche\n3 Level Up\n3 Montée en Puissance\n3 Ascension\n' +
      ['Rusher', 'Glitcheur', 'Modo', 'Admin', 'Garde', 'Soin', 'Gel', 'Éclair', 'Sève', 'Rage', 'Pousse'].map((n) => `3 ${n}\n`).join('') + '1 Vagabond\n';
    const { deck, errors } = readPalDeckText(text, 'bad.deck', cat);
    expect(errors).toEqual([]);
    expect(validatePalDeck(deck, cat)).toEqual([
      'deck "Bad": R8: 4 copies of "Sprinteuse", at most 3',
      'deck "Bad": R8: 2 copies of the legendary "Liche", at most 1',
      'deck "Bad": R8: 3 copies of the legendary "Ascension", at most 1',
      'deck "Bad": R8: 49 cards, at least 50',
      'deck "Bad": R8: 9 Level Up cards, at most 8',
      'deck "Bad": the first comment line must state the deck\'s plan',
    ]);
    expect(cat.kind[cat.byName.get('Ascension')!]).toBe(T_LEVELUP);
  });
  it('the deck rules are knobs', () => {
    const { deck } = readPalDeckText('# Plan: x\n4 Sprinteuse\n46 Vagabond\n', 'x.deck', cat);
    expect(validatePalDeck(deck, cat, palRules({ maxCopies: 46 }))).toEqual([]);
  });
  it('loadPalDeck throws one error joining every problem: bad line, unknown card, unreadable file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paldeck-'));
    const f = join(dir, 'b.deck');
    writeFileSync(f, '# Plan: y\nx Sprinteuse\n3 Licorne\n');
    expect(() => loadPalDeck(f, cat)).toThrow(PalDeckError);
    expect(() => loadPalDeck(f, cat)).toThrow(/b.deck:2: bad count "x" for "Sprinteuse".*b.deck:3: unknown card "Licorne".*0 cards, at least 50/);
    expect(() => loadPalDeck(join(dir, 'none.deck'), cat)).toThrow(/cannot read deck file \(ENOENT\)/);
  });
  it('a deck over the engine\'s 64 instances is refused (D7)', () => {
    const { deck } = readPalDeckText('# Plan: x\n65 Vagabond\n', 'x.deck', cat);
    expect(validatePalDeck(deck, cat, palRules({ maxCopies: 64 }))).toContain('deck "x": D7: 65 cards, the engine holds at most 64');
    expect(() => palMatch(deck, deck)).toThrow(/65 cards, the engine holds at most 64/);
  });
  it('engine ceiling: a 65-card deck file is refused at load with a typed error naming the deck and the ceiling', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pal-ceiling-'));
    const f = join(dir, 'grand.deck');
    writeFileSync(f, '# Plan: one card too many for the engine\n65 Vagabond\n');
    const load = () => loadPalDeck(f, cat, palRules({ maxCopies: 64 }));
    expect(load).toThrow(PalDeckError);
    expect(load).toThrow('deck "grand": D7: 65 cards, the engine holds at most 64');
    const { deck } = readPalDeckText('# Plan: x\n65 Vagabond\n', 'x.deck', cat);
    expect(() => palMatch(deck, deck)).toThrow(PalSetupError);
  });
});

describe('a bad card file field is a typed error naming the card and the field', () => {
  const base: CardDef = { name: 'Test', kind: 'character', colours: ['Rouge'], level: 1, atq: 1, pv: 1, abilities: [], provenance: { numbers: 'invented', note: 'test card' } };
  const bad = (patch: Record<string, unknown>) => () => compileCatalogue([{ ...base, ...patch } as CardDef]);
  it.each([
    [{ kind: 'creature' }, 'card "Test": kind: expected one of character, spell, place, levelUp, got "creature"'],
    [{ level: 6 }, 'card "Test": level: expected an integer in [1, 5], got 6'],
    [{ colours: ['Orange'] }, 'card "Test": colours[0]: expected one of Rouge, Bleu, Vert, Violet, Jaune, got "Orange"'],
    [{ cost: 3 }, 'card "Test": cost: unknown field'],
    [{ abilities: [{ when: 'enter', effects: [{ verb: 'explode' }], text: 'x' }] }, 'card "Test": abilities[0].effects[0].verb: expected one of'],
    [{ abilities: [{ when: 'enter', effects: [{ verb: 'freeze' }], text: 'x' }] }, 'card "Test": abilities[0].target: freeze needs a target among oppChar'],
    [{ abilities: [{ when: 'dies', target: 'oppChar', effects: [{ verb: 'damage', amount: 1 }], text: 'x' }] }, 'card "Test": abilities[0].target: a dies ability takes no chosen target'],
    [{ provenance: { numbers: 'guessed', note: 'x' } }, 'card "Test": provenance: expected'],
  ])('%j', (patch, message) => {
    expect(bad(patch)).toThrow(CatalogueError);
    expect(bad(patch)).toThrow(message);
  });
  it('the shipped catalogue compiles', () => expect(compileCatalogue(CARDS).size).toBe(CARDS.length));
});

describe('rule knobs (rules-options.ts)', () => {
  it('parses key=value, refuses an unknown knob or a value out of range, naming it', () => {
    expect(parsePalRuleOverrides(['turnCap=50', 'autoLevelBlocksNext=true']).turnCap).toBe(50);
    expect(() => parsePalRuleOverrides(['turnCapp=5'])).toThrow(/rule turnCapp: unknown Paliers knob/);
    expect(() => parsePalRuleOverrides(['startPV=0'])).toThrow(PalRuleError);
    expect(() => parsePalRuleOverrides(['violet5=maybe'])).toThrow('rule violet5: expected true or false, got "maybe"');
  });
});
