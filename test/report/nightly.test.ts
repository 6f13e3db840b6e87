// The nightly comparison: on two synthetic result folders it flags the card that moved and
// nothing else, and names what changed in the catalogue, the decks, the bots and the engine.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changesHtml, compareNightlies, previousNightly } from '../../src/report/nightly.ts';
import { labSync } from '../sim/helpers.ts';

const root = mkdtempSync(join(os.tmpdir(), 'lab-nightly-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function card(name: string, wr: number, n: number) {
  return { mode: 'quick', card: name, gih_n: n, gih_wr: wr };
}
function folder(date: string, opts: { arthur: number; nisqyPower: number; engine: string; deckHash: string }) {
  const dir = join(root, date);
  mkdirSync(dir, { recursive: true });
  const cards = [card('Arthur', opts.arthur, 10_000), card('Nisqy', 0.5, 10_000), card('Kitty', 0.481, 8_000), card('Ripp', 0.52, 9_000)];
  // Small moves on the others, well inside the noise.
  if (date > '2026-11-01') {
    cards[2]!.gih_wr = 0.484;
    cards[3]!.gih_wr = 0.518;
  }
  const decks = [
    { mode: 'quick', deck: 'Gardiens rapide', games: 4000, wins: 2010 },
    { mode: 'quick', deck: 'Veilleurs rapide', games: 4000, wins: date > '2026-11-01' ? 1995 : 1990 },
  ];
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ arms: { base: { cards, decks } } }));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({
    engineVersion: opts.engine,
    config: { bots: ['heuristic', 'heuristic'], arms: [{ label: 'base' }], decks: [{ mode: 'quick', name: 'Gardiens rapide', sha256: opts.deckHash }, { mode: 'quick', name: 'Veilleurs rapide', sha256: 'v' }] },
  }));
  writeFileSync(join(dir, 'catalogue.json'), JSON.stringify([{ name: 'Nisqy', cost: 4, power: opts.nisqyPower }, { name: 'Arthur', cost: 3, power: 4 }]));
  return dir;
}

describe('what changed since last night', () => {
  const before = folder('2026-11-01', { arthur: 0.5, nisqyPower: 5, engine: 'aaa', deckHash: 'g1' });
  const after = folder('2026-11-02', { arthur: 0.56, nisqyPower: 4, engine: 'bbb', deckHash: 'g2' });

  it('finds the latest earlier nightly', () => {
    expect(previousNightly(root, '2026-11-02')).toBe(before);
    expect(previousNightly(root, '2026-11-01')).toBeNull();
  });

  it('flags the card that moved and nothing else (Benjamini–Hochberg)', () => {
    const c = compareNightlies(before, after);
    expect(c.compared).toBe(6);
    expect(c.moved.map((m) => `${m.kind} ${m.name}`)).toEqual(['card Arthur']);
    const m = c.moved[0]!;
    expect(m.before).toBe(0.5);
    expect(m.after).toBe(0.56);
    expect(m.diff).toBeCloseTo(0.06, 6);
    expect(m.lo).toBeLessThan(0.06);
    expect(m.hi).toBeGreaterThan(0.06);
    expect(m.lo).toBeGreaterThan(0.04);
  });

  it('names the catalogue, deck and engine changes', () => {
    const c = compareNightlies(before, after);
    expect(c.catalogue).toEqual(['Nisqy: power 5 → 4']);
    expect(c.decks).toEqual(['quick Gardiens rapide: list changed']);
    expect(c.bots).toEqual([]);
    expect(c.engine).toBe('aaa → bbb');
    const html = changesHtml(c);
    expect(html).toContain('card Arthur');
    expect(html).toContain('Nisqy: power 5 → 4');
  });

  it('the first nightly says there is nothing to compare', () => {
    expect(changesHtml(compareNightlies(null, before))).toContain('nothing to compare');
  });
});

describe('lab nightly', () => {
  it('--fail-on-flags exits 1 when something is flagged, after writing the dated report', () => {
    const exp = join(root, 'tiny.json');
    writeFileSync(exp, JSON.stringify({ name: 'tiny', decks: ['decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck'], games: 200, seed: 2 }));
    const out = join(root, 'nightly');
    const r = labSync(['nightly', '--file', exp, '--out', out, '--date', '2026-11-03', '--fail-on-flags', '--quiet', '--workers', '2']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/lab: \d+ cards? or decks? flagged \(see .*2026-11-03\/report\/index\.html\)/);
    expect(existsSync(join(out, '2026-11-03', 'report', 'index.html'))).toBe(true);
    expect(existsSync(join(out, '2026-11-03', 'changes.json'))).toBe(true);
    // The nightly shows the meta: the two decks' equilibrium, in summary.json and on the page.
    const summary = JSON.parse(readFileSync(join(out, '2026-11-03', 'summary.json'), 'utf8'));
    const meta = (summary.arms?.base ?? summary).meta;
    expect(meta.map((m: { mode: string }) => m.mode)).toEqual(['quick']);
    expect(meta[0].decks.reduce((s: number, d: { share: number }) => s + d.share, 0)).toBeCloseTo(1, 5);
    const page = readFileSync(join(out, '2026-11-03', 'report', 'index.html'), 'utf8');
    expect(page).toContain('<section id="meta"><h2>The meta: which decks a rational field would bring</h2>');
    expect(page).toContain('The meta (equilibrium of the deck choice): a field of rational players would bring');
  });
});
