// Deck files (D5, D27): the six shipped decks load; a broken deck lists every broken rule,
// naming the card or the faction; a bad card entry names the card and the field.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, CatalogueError } from '../../../src/games/seuils/catalogue/compile.ts';
import { CARDS } from '../../../src/games/seuils/catalogue/cards.ts';
import type { CardDef } from '../../../src/games/seuils/catalogue/schema.ts';
import { loadSeuilsDeck, readSeuilsDeckText, SeuilsDeckError, seuilsDeckCards, validateSeuilsDeck } from '../../../src/games/seuils/decks.ts';
import { createSeuilsContext, SeuilsSetupError } from '../../../src/games/seuils/game.ts';
import { loadSeuilsCards, seuilsCatalogue } from '../../../src/games/seuils/index.ts';
import { seuilsRules } from '../../../src/games/seuils/rules-options.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/seuils');
const cat = seuilsCatalogue();

describe('shipped decks', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.deck')).sort();
  it('at least 6 decks of 45 main-deck cards and a faction each, every faction different, each with its own plan', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    const plans = new Set<string>();
    const factions = new Set<string>();
    for (const f of files) {
      const d = loadSeuilsDeck(join(DIR, f), cat);
      expect(seuilsDeckCards(d).main.length).toBe(45);
      expect(d.plan).toMatch(/^Plan: /);
      expect(readFileSync(join(DIR, f), 'utf8').split('\n')[0]).toMatch(/^# Plan: /);
      plans.add(d.plan);
      factions.add(d.faction);
    }
    expect(plans.size).toBe(files.length);
    expect(factions.size).toBe(files.length);
  });
  it('together they use at least 50 of the catalogue\'s cards', () => {
    const used = new Set<string>();
    for (const f of files) {
      const d = loadSeuilsDeck(join(DIR, f), cat);
      used.add(d.faction);
      for (const e of d.entries) used.add(e.name);
    }
    expect(used.size).toBeGreaterThanOrEqual(50);
  });
});

describe('a deck breaking its rules: every broken rule, named', () => {
  it('bad lines: an unknown card, a bad count, a faction in the main deck, an unknown header', () => {
    const text = '# Plan: test\nfaction: Ordre du Cristal\n3 Licorne\nx Garde\n2 Clan des Braises\ncolour: blue\n';
    const { errors } = readSeuilsDeckText(text, 'bad.deck', cat);
    expect(errors).toEqual([
      'bad.deck:3: unknown card "Licorne"',
      'bad.deck:4: bad count "x" for "Garde" (expected a whole number ≥ 1)',
      'bad.deck:5: "Clan des Braises" is a faction: give it as "faction: Clan des Braises" (D5)',
      'bad.deck:6: unknown header "colour" (valid: name, faction, game)',
    ]);
  });
  it('D5, D27, R7: too few cards, too many copies, no faction, too few resources for the starting line, no plan', () => {
    const short = readSeuilsDeckText('faction: Cercle des Racines\n2 Racine\n30 Garde\n', 'short.deck', cat).deck;
    expect(validateSeuilsDeck(short, cat, seuilsRules({ maxCopies: 4 }))).toEqual([
      'deck "short": D5: 30 copies of "Garde", at most 4',
      'deck "short": D5: 32 main-deck cards, at least 45',
      'deck "short": D27: faction "Cercle des Racines" starts with 3 resources, the deck holds 2',
      'deck "short": the first comment line must state the deck\'s plan',
    ]);
    const none = readSeuilsDeckText('# Plan: x\n45 Garde\n', 'nofaction.deck', cat).deck;
    expect(validateSeuilsDeck(none, cat)).toContain('deck "nofaction": R7: no faction card (a "faction:" line)');
  });
  it('loadSeuilsDeck throws one SeuilsDeckError naming every problem; a missing file is named', () => {
    expect(() => loadSeuilsDeck(join(DIR, 'missing.deck'), cat)).toThrow(/missing\.deck: cannot read deck file \(ENOENT\)/);
    expect(() => loadSeuilsDeck(join(DIR, 'missing.deck'), cat)).toThrow(SeuilsDeckError);
  });
  it('a deck list given directly to a match: unknown card, a faction that is not one', () => {
    const main = Array(45).fill('Garde');
    expect(() => createSeuilsContext(cat, [{ name: 'x', faction: 'Garde', main }, { name: 'y', faction: 'Ordre du Cristal', main }])).toThrow(/deck "x": "Garde" is not a faction card/);
    expect(() => createSeuilsContext(cat, [{ name: 'x', faction: 'Ordre du Cristal', main: ['Licorne'] }, { name: 'y', faction: 'Ordre du Cristal', main }])).toThrow(SeuilsSetupError);
    expect(() => createSeuilsContext(cat, [{ name: 'x', faction: 'Ordre du Cristal', main: Array(64).fill('Garde') }, { name: 'y', faction: 'Ordre du Cristal', main }])).toThrow(/64 main-deck cards, at most 63/);
  });
});

describe('a card file with a bad field: the card and the field are named', () => {
  const bad = (patch: Partial<CardDef> | Record<string, unknown>, name = 'Garde'): () => void => () => {
    compileCatalogue(CARDS.map((c) => (c.name === name ? ({ ...c, ...patch } as CardDef) : c)));
  };
  it('numbers out of range, unknown fields, types and verbs', () => {
    expect(bad({ strength: -1 })).toThrow(/card "Garde": strength: expected an integer in \[0, 99\], got -1/);
    expect(bad({ colour: 'red' })).toThrow(/card "Garde": entry: unknown field "colour"/);
    expect(bad({ type: 'spell' } as never)).toThrow(/card "Garde": type: unknown type "spell"/);
    expect(bad({ threshold: { '★': 1 } } as never)).toThrow(/card "Garde": threshold\.★: unknown icon/);
    expect(bad({ abilities: [{ name: 'X', cost: { resources: 1 }, effects: [{ verb: 'fly', amount: 1 }], text: 't' }] } as never)).toThrow(/card "Garde": abilities\[0\]\.effects\[0\]\.verb: unknown verb "fly"/);
    expect(bad({ abilities: [{ name: 'X', effects: [{ verb: 'draw', amount: 1 }], text: 't' }] } as never)).toThrow(/card "Garde": abilities\[0\]\.cost: an ability needs a cost/);
    expect(bad({ abilities: [{ name: 'X', cost: { resources: 1 }, effects: [{ verb: 'damage', amount: 1 }], text: 't' }] } as never)).toThrow(/"damage" needs a target/);
    expect(bad({ abilities: [] }, 'Bouclier')).toThrow(/card "Bouclier": abilities: a tactic has exactly one entry/);
    expect(bad({ provenance: undefined } as never)).toThrow(/card "Garde": provenance: required/);
    expect(bad({ name: 'Brute' })).toThrow(/card "Brute": name: given twice/);
    expect(bad({ icons: 5 }, 'Cristal')).toThrow(/card "Cristal": icons: expected an integer in \[1, 3\]/);
  });
  it('the errors are CatalogueErrors', () => {
    expect(bad({ life: 0 })).toThrow(CatalogueError);
  });
});

describe('a card file (JSON) with a bad field: the file, the card and the field are named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seuils-cards-'));
  const write = (name: string, text: string) => {
    const f = join(dir, name);
    writeFileSync(f, text);
    return f;
  };
  it('the shipped cards round-trip through a file; a bad field, bad JSON and a missing file are named', () => {
    expect(loadSeuilsCards(write('ok.json', JSON.stringify(CARDS))).size).toBe(CARDS.length);
    const bad = CARDS.map((c) => (c.name === 'Brute' ? { ...c, speed: 12 } : c));
    expect(() => loadSeuilsCards(write('bad.json', JSON.stringify(bad)))).toThrow(/bad\.json: card "Brute": speed: expected an integer in \[0, 9\], got 12/);
    expect(() => loadSeuilsCards(write('broken.json', '[{'))).toThrow(/broken\.json: not JSON/);
    expect(() => loadSeuilsCards(join(dir, 'missing.json'))).toThrow(/missing\.json: cannot read card file \(ENOENT\)/);
  });
});
