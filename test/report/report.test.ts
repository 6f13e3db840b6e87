// `writeReport` / `lab report` on real outputs (small runs of `lab simulate` and `lab experiment`
// made here through the CLI) and on a hand-made folder with known flags: the page holds every
// chart's SVG with marks, lists the flagged items first, links the CSVs, and is self-contained.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/commands/report.ts';
import { escapeHtml } from '../../src/report/html.ts';
import { METRIC_DEFINITIONS } from '../../src/report/glossary.ts';
import { ReportError, writeReport, type ReportResult } from '../../src/report/report.ts';
import { writeFixture } from './fixture.ts';
import { ROOT, lab as runLab } from '../sim/helpers.ts';
import { markGroups } from './helpers.ts';

// The real CLI in a child process (test/sim/helpers.ts).
const lab = (args: string[]) => runLab(args);

const deck = (f: string) => join(ROOT, 'decks', f);
let tmp: string;
const OUT: Record<'r1' | 'r2' | 'r3' | 'r4' | 'fx', string> = { r1: '', r2: '', r3: '', r4: '', fx: '' };
const reports: Partial<Record<keyof typeof OUT, ReportResult>> = {};
const html: Partial<Record<keyof typeof OUT, string>> = {};

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'lab-report-'));
  for (const k of Object.keys(OUT) as (keyof typeof OUT)[]) OUT[k] = join(tmp, k);
  const nisqy = join(tmp, 'nisqy.json'), sweep = join(tmp, 'sweep.json');
  const exp = (f: string) => JSON.parse(readFileSync(join(ROOT, 'experiments', f), 'utf8'));
  writeFileSync(nisqy, JSON.stringify({ ...exp('nisqy-power-4.json'), decks: ['quick-gardiens.deck', 'quick-veilleurs.deck', 'quick-emissaires.deck'].map(deck), games: 40 }));
  writeFileSync(sweep, JSON.stringify({ ...exp('sweep-arthur-power.json'), decks: ['quick-gardiens.deck', 'quick-veilleurs.deck'].map(deck), games: 40 }));
  const quick = readdirSync(join(ROOT, 'decks')).filter((f) => f.startsWith('quick-')).map(deck);
  const runs = await Promise.all([
    lab(['simulate', '--deck', ...quick, '--games', '40', '--out', OUT.r1, '--quiet', '--workers', '2']),
    lab(['simulate', '--deck', ...['standard-gardiens.deck', 'standard-veilleurs.deck', 'quick-gardiens.deck', 'quick-veilleurs.deck'].map(deck), '--mode', 'both', '--games', '24', '--out', OUT.r2, '--quiet', '--workers', '2']),
    lab(['experiment', nisqy, '--out', OUT.r3, '--quiet', '--workers', '2']),
    lab(['experiment', sweep, '--out', OUT.r4, '--quiet', '--workers', '2']),
  ]);
  for (const r of runs) expect(r.status, r.stderr).toBe(0);
  writeFixture(OUT.fx);
  for (const k of Object.keys(OUT) as (keyof typeof OUT)[]) {
    reports[k] = await writeReport(OUT[k]);
    html[k] = readFileSync(reports[k]!.html, 'utf8');
  }
}, 240_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ALL = ['r1', 'r2', 'r3', 'r4', 'fx'] as const;

/** Every inline <svg>…</svg> of a page. */
const svgsOf = (page: string) => page.match(/<svg[\s\S]*?<\/svg>/g) ?? [];

describe('the page and its specs', () => {
  it.each(ALL)('%s: one inline SVG with marks per chart, each spec saved beside the page', (k) => {
    const r = reports[k]!, page = html[k]!;
    expect(r.html).toBe(join(OUT[k], 'report', 'index.html'));
    expect(r.charts.length).toBeGreaterThan(0);
    expect(r.specs.length).toBe(r.charts.length);
    const svgs = svgsOf(page);
    expect(svgs.length).toBe(r.charts.length);
    for (const [i, svg] of svgs.entries()) {
      const groups = markGroups(svg);
      expect(groups.length, `${r.charts[i]!.id}: no data mark`).toBeGreaterThan(0);
      for (const g of groups) expect(g.items, `${r.charts[i]!.id}: an empty ${g.type} mark`).toBeGreaterThan(0);
    }
    for (const c of r.charts) expect(c.warnings, c.id).toEqual([]);
    for (const f of r.specs) {
      expect(dirname(f)).toBe(join(OUT[k], 'report'));
      expect(f.endsWith('.vl.json')).toBe(true);
      const spec = JSON.parse(readFileSync(f, 'utf8'));
      expect(spec.$schema).toMatch(/vega-lite/);
      expect(spec.data?.values?.length).toBeGreaterThan(0);
      expect(page).toContain(`href="${f.split('/').pop()}"`);
    }
    expect(readdirSync(join(OUT[k], 'report')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('draws the charts each kind of run calls for', () => {
    const ids = (k: keyof typeof OUT) => reports[k]!.charts.map((c) => c.id);
    expect(ids('r1')).toEqual(expect.arrayContaining(['cards-gih-quick', 'cards-iwd-quick', 'cards-play-pitch-quick', 'decks-matchups-quick', 'decks-strength-quick', 'decks-wr-quick', 'modes-first-player', 'modes-game-length', 'modes-vp-sources']));
    expect(ids('r1')).not.toContain('modes-cards-side-by-side');
    expect(ids('r1')[0]).toBe('cards-effect-quick'); // the card charts open with the deck-adjusted effect
    expect(ids('r2')).toEqual(expect.arrayContaining(['cards-gih-quick', 'cards-gih-standard', 'decks-matchups-standard', 'modes-decks-side-by-side', 'modes-cards-side-by-side']));
    expect(ids('r3')).toContain('experiment-differences');
    expect(ids('r4')).toEqual(expect.arrayContaining(['experiment-differences', 'experiment-sweep-1-arthur-power']));
    // A mode's deck strength is drawn, or the page says why not.
    for (const k of ['r2', 'r3', 'r4'] as const) {
      expect(Object.keys(reports[k]!.strength).length, k).toBeGreaterThan(0);
      for (const [mode, bt] of Object.entries(reports[k]!.strength)) {
        if (bt.converged) expect(ids(k)).toContain(`decks-strength-${mode}`);
        else expect(html[k]).toContain(`${mode}: Bradley–Terry has no finite maximum`);
      }
    }
  });

  it.each(ALL)('%s: self-contained — one inline script (the table sort), nothing fetched, every relative link resolves', (k) => {
    const page = html[k]!;
    expect(page.match(/<script\b[^>]*>/gi)).toEqual(['<script>']);
    expect(page).not.toMatch(/\b(fetch|XMLHttpRequest|import)\s*\(/);
    expect(page).not.toMatch(/<(iframe|object|embed)\b/i);
    expect(page).not.toMatch(/@import|url\(\s*['"]?(https?:)?\/\//i);
    const refs = [...page.matchAll(/\b(?:src|href|xlink:href)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).not.toMatch(/^(https?:)?\/\//i);
      if (ref.startsWith('#') || ref.startsWith('data:')) continue;
      const target = resolve(join(OUT[k], 'report'), decodeURI(ref.split('#')[0]!));
      expect(existsSync(target), `${ref} → ${target}`).toBe(true);
    }
    // In-page anchors and SVG references point at ids of the page.
    for (const ref of refs.filter((r) => r.startsWith('#'))) expect(page).toContain(`id="${ref.slice(1)}"`);
    for (const m of page.matchAll(/url\(#([^)]+)\)/g)) expect(page).toContain(`id="${m[1]}"`);
    const ids = [...page.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length); // unique across the inline SVGs
  });

  it('links the CSVs with relative links', () => {
    for (const f of ['cards.csv', 'decks.csv', 'matchups.csv', 'modes.csv', 'summary.json', 'manifest.json']) {
      expect(html.r1).toContain(`href="../${f}"`);
      expect(html.r2).toContain(`href="../${f}"`);
    }
    for (const k of ['r3', 'r4'] as const) {
      expect(html[k]).toContain('href="../differences.csv"');
      for (const f of ['cards.csv', 'decks.csv', 'matchups.csv', 'modes.csv']) expect(html[k]).toContain(`href="../arms/base/${f}"`);
    }
    expect(html.r3).toContain('href="../arms/nisqy-4/cards.csv"');
    expect(html.r4).toContain('href="../arms/Arthur-power=2/cards.csv"');
  });

  it('says what each metric means on the page itself, and links METRICS.md relative to the page', () => {
    for (const k of ALL) {
      const page = html[k]!;
      expect(page).toContain('<section id="metrics"><h2>What each metric means</h2>');
      for (const d of METRIC_DEFINITIONS) expect(page).toContain(`<td>${escapeHtml(d.term)}</td><td>${escapeHtml(d.where)}</td><td>${escapeHtml(d.meaning)}</td>`);
      const href = /<a href="([^"]*METRICS\.md)">METRICS\.md<\/a>/.exec(page)?.[1];
      expect(href, k).toBeDefined();
      expect(href!.startsWith('../')).toBe(true);
      expect(resolve(OUT[k], 'report', decodeURIComponent(href!))).toBe(join(ROOT, 'src', 'report', 'METRICS.md'));
    }
    expect(html.r1).toContain('<td>Play rate</td><td>cards.csv play_rate</td><td>Played / held: the share of the copies a player held that were played. At most 1.</td>');
    expect(html.r1).toContain('href="../deck_matchups.csv"');
  });

  it('is the same page when written twice, and drops specs an earlier report left', async () => {
    const stale = join(OUT.r1, 'report', 'cards-gih-legacy.vl.json');
    writeFileSync(stale, '{}');
    const again = await writeReport(OUT.r1);
    expect(readFileSync(again.html, 'utf8')).toBe(html.r1);
    expect(existsSync(stale)).toBe(false);
  });
});

describe('the card drill-down', () => {
  it('r1: every card of the mode in one sortable table, each card\'s decks with their copies and its figures there', () => {
    const page = html.r1!;
    const summary = JSON.parse(readFileSync(join(OUT.r1, 'summary.json'), 'utf8'));
    const cards = (summary.cards as { mode: string; card: string }[]).filter((c) => c.mode === 'quick');
    const table = /<table class="sortable cards" id="cards-quick">[\s\S]*?<\/table>/.exec(page)![0];
    expect(table.match(/<tr[ >]/g)!.length - 1).toBe(cards.length);
    // Each card's drill-down, with the decks whose list holds it and the copies they hold.
    const lists = summary.deckLists as { name: string; mode: string; cards: Record<string, number> }[];
    expect(lists.length).toBe(8);
    for (const c of cards.slice(0, 12)) {
      const at = page.indexOf(`<details class="card" id="card-quick-`);
      expect(at).toBeGreaterThan(page.indexOf('id="card-drill"'));
      const holders = lists.filter((l) => (l.cards[c.card] ?? 0) > 0);
      expect(holders.length, c.card).toBeGreaterThan(0);
      const held = `Held by ${holders.sort((a, b) => a.name.localeCompare(b.name, 'fr')).map((l) => `${l.name} (${l.cards[c.card]} cop${l.cards[c.card] === 1 ? 'y' : 'ies'})`).join(', ')}.`;
      expect(page, c.card).toContain(escapeHtml(held));
      // summary.json's per-deck rows: one per holder, their seat-games adding up to the card's.
      const rows = (summary.cardDecks as { mode: string; card: string; deck: string; seat_games: number }[]).filter((r) => r.mode === 'quick' && r.card === c.card);
      expect(rows.map((r) => r.deck).sort()).toEqual(holders.map((l) => l.name).sort());
      expect(rows.reduce((s, r) => s + r.seat_games, 0)).toBe((summary.cards as { mode: string; card: string; seat_games: number }[]).find((x) => x.mode === 'quick' && x.card === c.card)!.seat_games);
    }
    // A card one deck holds: its effect in that deck is its effect.
    const single = cards.map((c) => c.card).filter((card) => lists.filter((l) => (l.cards[card] ?? 0) > 0).length === 1);
    expect(single.length).toBeGreaterThan(5);
    for (const card of single) {
      const row = (summary.cardDecks as { mode: string; card: string; adj_effect: number; adj_lo: number; adj_hi: number }[]).find((r) => r.mode === 'quick' && r.card === card)!;
      const all = (summary.cards as { mode: string; card: string; adj_effect: number; adj_lo: number; adj_hi: number }[]).find((x) => x.mode === 'quick' && x.card === card)!;
      expect([row.adj_effect, row.adj_lo, row.adj_hi], card).toEqual([all.adj_effect, all.adj_lo, all.adj_hi]);
    }
    // The card charts show the ten strongest and ten weakest of the mode's cards, not every row.
    const gih = JSON.parse(readFileSync(join(OUT.r1, 'report', 'cards-gih-quick.vl.json'), 'utf8'));
    expect(cards.length).toBeGreaterThan(20);
    expect(gih.data.values.length).toBeLessThanOrEqual(20);
    expect(gih.data.values.length).toBeGreaterThanOrEqual(18);
    const effect = JSON.parse(readFileSync(join(OUT.r1, 'report', 'cards-effect-quick.vl.json'), 'utf8'));
    expect(effect.data.values.length).toBe(20);
    const eff = effect.data.values.map((v: { effect: number }) => v.effect);
    expect(eff).toEqual([...eff].sort((a: number, b: number) => b - a));
  });

  it('fixture: flags per mode, one entry per card, linked to its drill-down; an ablation.json adds its column', async () => {
    const page = html.fx!;
    const flagged = page.slice(page.indexOf('<div id="flagged">'), page.indexOf('</div>', page.indexOf('<div id="flagged">')));
    expect(flagged.indexOf('<h3>quick</h3>')).toBeGreaterThanOrEqual(0);
    expect(flagged).toContain('<a class="drill" href="#card-quick-nisqy">figures by deck</a>');
    expect(page).toContain('<details class="card" id="card-quick-nisqy">');
    expect(page).not.toContain('ablation effect (points)');
    // A header says what its figure means (the glossary's words), for a designer without the spec folder.
    expect(page).toContain('<th title="Win rate of the seat-games whose deck held the card early, in its kept opening hand');
    expect(page).toMatch(/<th title="The share of each deck in the equilibrium[^"]*">equilibrium share<\/th>/);
    const dir = join(tmp, 'fx-ablation');
    writeFixture(dir);
    writeFileSync(join(dir, 'ablation.json'), JSON.stringify({ bots: ['heuristic', 'heuristic'], gamesPerPairing: 200, seed: 3, effects: [{ mode: 'quick', card: 'Nisqy', standIn: 'Vanilla 3/3', effect: 0.081, lo: 0.05, hi: 0.112, pairs: 400, decks: [{ deck: 'Gardiens rapide', diff: 0.081, lo: 0.05, hi: 0.112, pairs: 400 }] }] }));
    const withAbl = readFileSync((await writeReport(dir)).html, 'utf8');
    expect(withAbl).toMatch(/<th title="The win rate of the decks holding the card minus[^"]*">ablation effect \(points\) \[95%\]<\/th>/);
    expect(withAbl).toContain("ablation.json (lab ablate: bots heuristic vs heuristic, 200 games per pairing, seed 3)");
    expect(withAbl).toContain('<td data-v="0.081">+8.1 <span class="ci">[+5.0, +11.2]</span></td>');
    expect(withAbl).toContain("Ablation: the holders&#39; win rate with the card minus with its stand-in (Vanilla 3/3), paired on the same seeds: +8.1 points [+5.0, +11.2] over 400 seed pairs.");
  });
});

describe('flags', () => {
  it('lists the flagged items first, with the reason in words and the correction used', () => {
    const page = html.fx!, r = reports.fx!;
    // Cards flag on their deck-adjusted effect and IWD by turn (from the mode's median card), never
    // on GIH WR or raw IWD. A p-value reads its standard error from the interval (Arthur:
    // 0.03/1.96 from the band's −5 points: z = 3.27, p = 0.0011).
    expect(r.flagged.map((f) => f.reason)).toEqual([
      'Gardiens rapide: WR 71.9% [67.4, 76.0], band 45–55% (quick, 420 games, p = 3.3e-12)',
      'Veilleurs rapide: WR 35.0% [31.8, 38.4], band 45–55% (quick, 800 games, p = 1.3e-8)',
      'Nisqy: deck-adjusted effect +10.0 points [+8.0, +12.0], band ±5 points (quick, 500 seat-games held it early, 500 not, p = 9.6e-7)',
      'Arthur: deck-adjusted effect −10.0 points [−13.0, −7.0], band ±5 points (quick, 500 seat-games held it early, 500 not, p = 0.0011)',
      "Nisqy: IWD by turn 4 (deck-adjusted, from the mode's median card) +10.0 points [+7.0, +13.0], band ±5 points (quick, p = 0.0011)",
    ]);
    // Grouped by card: Nisqy's two flags are one entry.
    expect(page.match(/<li class="above"><span class="tag above">card above<\/span>Nisqy:/g)).toHaveLength(1);
    // The page opens with the answer, before the facts and the flags.
    expect(page.indexOf('id="answer"')).toBeGreaterThan(0);
    expect(page.indexOf('id="answer"')).toBeLessThan(page.indexOf('class="facts"'));
    expect(page).toContain('Cards that win more than their decks explain: <b>Nisqy</b> +10.0 points [+8.0, +12.0]');
    // The meta, per mode: Gardiens rapide beats both others (72.5% and 60%), so a rational field brings it alone.
    expect(page).toContain('The meta (equilibrium of the deck choice): a field of rational players would bring <b>Gardiens rapide</b> 100%; no equilibrium uses Émissaires rapide, Veilleurs rapide.');
    expect(page.indexOf('<section id="meta">')).toBeGreaterThan(page.indexOf('id="flags"'));
    expect(page.indexOf('<section id="meta">')).toBeLessThan(page.indexOf('id="tables"'));
    expect(page).toMatch(/<table class="sortable meta" id="meta-standard">.*<tr><td>Gardiens<\/td><td data-v="1">100\.0%<\/td>/);
    const flags = page.indexOf('id="flags"'), list = page.indexOf('id="flagged"'), firstSvg = page.indexOf('<svg'), tables = page.indexOf('id="tables"');
    expect(flags).toBeGreaterThan(0);
    expect(list).toBeGreaterThan(flags);
    expect(list).toBeLessThan(tables);
    expect(list).toBeLessThan(firstSvg);
    for (const f of r.flagged) {
      const at = page.indexOf(escapeHtml(f.reason));
      expect(at, f.reason).toBeGreaterThan(list);
      expect(at).toBeLessThan(tables);
    }
    // Glance is outside the band but Benjamini–Hochberg does not keep it: listed after the flags, not among them.
    const glance = page.indexOf('Glance: deck-adjusted effect +6.5 points');
    expect(glance).toBeGreaterThan(page.indexOf('not kept by Benjamini–Hochberg</summary>'));
    expect(r.flagged.some((f) => f.name === 'Glance')).toBe(false);
    expect(page).toContain('Correction: Benjamini–Hochberg (false discovery rate q = 0.05)');
    expect(page).toMatch(/deck-adjusted effect of every card \(m = 7\)/);
  });

  it('flags real runs only where the interval is outside the band', () => {
    const real = (['r1', 'r2', 'r3', 'r4'] as const).flatMap((k) => reports[k]!.flagged);
    expect(real.length).toBeGreaterThan(0); // else the checks below would check only the fixture
    for (const f of [...real, ...reports.fx!.flagged]) {
      expect(f.lo > f.band[1] || f.hi < f.band[0], f.reason).toBe(true);
      expect(f.bhKept).toBe(true);
      expect(f.reason).toMatch(/^.+: (deck-adjusted effect|IWD by turn \d+ \(deck-adjusted, from the mode's median card\)|WR) .+, band .+ \(.*p [=<] .+\)$/);
    }
    // Experiments: every arm is assessed; the page compares the others with the base.
    expect(Object.keys(reports.r3!.flaggedByArm)).toEqual(['base', 'nisqy-4']);
    expect(html.r3).toContain('arm nisqy-4: ');
    // How the meta moves under the arm: the base's shares beside the arm's.
    expect(html.r3).toContain('<h3>How the meta moves under each arm</h3>');
    expect(html.r3).toContain('<th>deck</th><th>arm base: share</th><th>arm nisqy-4: share</th><th>arm nisqy-4: in the equilibrium</th>');
  });

  it('uses the experiment\'s band', async () => {
    const dir = join(tmp, 'band');
    writeFixture(dir);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    writeFileSync(join(dir, 'summary.json'), JSON.stringify({ ...s, band: { gihWr: [0.35, 0.65] } }));
    const r = await writeReport(dir);
    expect(r.flagged.filter((f) => f.metric === 'gihWr')).toEqual([]); // 61.2% and 40.0% are inside 35–65%
    expect(r.flagged.filter((f) => f.metric === 'deckWr')).toHaveLength(2); // decks keep the default 45–55%
    expect(readFileSync(r.html, 'utf8')).toContain('GIH WR 35–65%');
  });
});

describe('errors', () => {
  it('a folder without summary.json is refused, naming the folder', async () => {
    const empty = join(tmp, 'empty');
    mkdirSync(empty, { recursive: true });
    await expect(writeReport(empty)).rejects.toThrow(ReportError);
    await expect(writeReport(empty)).rejects.toThrow(`${empty}: no summary.json`);
    await expect(writeReport(join(tmp, 'missing'))).rejects.toThrow(`${join(tmp, 'missing')}: no such folder`);
    const bad = join(tmp, 'bad');
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, 'summary.json'), '{"cards": ');
    await expect(writeReport(bad)).rejects.toThrow(/summary\.json: invalid JSON at line 1, column 11: /);
    writeFileSync(join(bad, 'summary.json'), '{"games": 3}');
    await expect(writeReport(bad)).rejects.toThrow(/no "cards" table/);
    expect(existsSync(join(empty, 'report'))).toBe(false);
  });

  it('the command: one line on stderr and exit code 2 for a folder without summary.json; a summary line on success', async () => {
    const empty = join(tmp, 'empty2');
    mkdirSync(empty, { recursive: true });
    const errs: string[] = [], outs: string[] = [];
    const writeErr = process.stderr.write.bind(process.stderr), writeOut = process.stdout.write.bind(process.stdout);
    const saved = process.exitCode;
    process.stderr.write = ((s: string) => (errs.push(String(s)), true)) as typeof process.stderr.write;
    process.stdout.write = ((s: string) => (outs.push(String(s)), true)) as typeof process.stdout.write;
    let code: typeof process.exitCode;
    try {
      await reportCommand().exitOverride().parseAsync([empty], { from: 'user' });
      code = process.exitCode;
      process.exitCode = undefined;
      await reportCommand().exitOverride().parseAsync([OUT.fx], { from: 'user' });
    } finally {
      process.stderr.write = writeErr;
      process.stdout.write = writeOut;
    }
    const codeOk = process.exitCode;
    process.exitCode = saved;
    expect(code).toBe(2);
    const lines = errs.join('').split('\n').filter((l) => l.trim());
    expect(lines).toEqual([`lab: ${empty}: no summary.json (not a results folder of lab simulate or lab experiment)`]);
    expect(codeOk ?? 0).toBe(0);
    expect(outs.join('')).toContain(`wrote ${join(OUT.fx, 'report', 'index.html')} (19 charts`);
    expect(outs.join('')).toContain('Nisqy: deck-adjusted effect +10.0 points [+8.0, +12.0], band ±5 points');
  });

  it('lab report end to end (once the command is registered in src/cli/index.ts)', async (ctx) => {
    const help = await lab(['--help']);
    if (!/\breport\b/.test(help.stdout)) ctx.skip();
    const empty = join(tmp, 'empty3');
    mkdirSync(empty, { recursive: true });
    const bad = await lab(['report', empty]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([`lab: ${empty}: no summary.json (not a results folder of lab simulate or lab experiment)`]);
    const ok = await lab(['report', OUT.r4, '--quiet']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout + ok.stderr).toBe('');
    expect(readFileSync(join(OUT.r4, 'report', 'index.html'), 'utf8')).toBe(html.r4);
  });
});
