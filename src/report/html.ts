// The report page: one self-contained HTML file (inline CSS, SVG and one small script that sorts
// tables; no remote resource) that opens from disk. The answer comes first, then the flagged
// items, the report's own sections (the meta, the card drill-downs: one function each, in
// report.ts), the tables' links, then the charts by section, each with its caption and a link to
// its vega-lite spec.
import { itemKey, METRIC_LABEL, type FlagSet } from './flags.ts';
import type { Section } from './charts.ts';
import type { MetricDefinition } from './glossary.ts';

export interface PageChart {
  id: string;
  section: Section;
  title: string;
  caption: string;
  svg: string;
  specFile: string;
}

export interface PageLink {
  href: string;
  text: string;
  note?: string;
}

/** A section of the page in trusted HTML, placed after the flags, in the order given. */
export interface PageSection {
  id: string;
  title: string;
  html: string;
}

export interface PageInput {
  /** Flagged cards link to their drill-down (the page has the card section). */
  cardDrill?: boolean;
  /** The report's own sections (the meta, the card drill-downs …), after the flags. */
  sections?: PageSection[];
  /** The Modes section's intro in the game's words (its modes); else Blue Rising's. */
  modesIntro?: string;
  /** The first screen: what is out of line, in sentences (trusted HTML, answer.ts). */
  answer?: string;
  /** Put first: the nightly's "what changed since last night" (trusted HTML). */
  preface?: { id: string; title: string; html: string };
  /** Chart sections drawn inside the preface, besides its own id (the suggested fixes' searches). */
  prefaceCharts?: string[];
  title: string;
  subtitle: string;
  facts: [string, string][];
  /** One per arm, the main arm (the run, or the base arm) first. */
  flagSets: FlagSet[];
  armLabel: (arm: string) => string;
  correction: string;
  bandText: string;
  links: PageLink[];
  linkGroups?: { title: string; links: PageLink[] }[];
  charts: PageChart[];
  notes: string[];
  /** Per-section remarks (a chart that could not be drawn, and why). */
  remarks: Partial<Record<Section, string[]>>;
  /** What each metric means (the page must read offline), and a relative link to METRICS.md. */
  glossary?: { definitions: readonly MetricDefinition[]; metricsHref: string };
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A table cell: plain text, or trusted HTML with the value a sort uses. */
export type Cell = string | { html: string; v: number | string };

/**
 * A table the page's script sorts on a header click (numbers by their data-v value, text by
 * French collation; a second click reverses). Without the script it is an ordinary table.
 */
/** A column heading: its text, and what the figure means (the header's tooltip). */
export type Heading = string | { text: string; title?: string };

export function sortableTable(cls: string, head: readonly Heading[], rows: readonly (readonly Cell[])[], id?: string, rowClass?: readonly string[]): string {
  const th = head.map((h) => (typeof h === 'string' || !h.title ? `<th>${escapeHtml(typeof h === 'string' ? h : h.text)}</th>` : `<th title="${escapeHtml(h.title)}">${escapeHtml(h.text)}</th>`)).join('');
  const cell = (c: Cell) => (typeof c === 'string' ? `<td>${escapeHtml(c)}</td>` : `<td data-v="${escapeHtml(String(c.v))}">${c.html}</td>`);
  return `<div class="table-wrap"><table class="sortable ${cls}"${id ? ` id="${escapeHtml(id)}"` : ''}><thead><tr>${th}</tr></thead><tbody>${rows.map((r, i) => `<tr${rowClass?.[i] ? ` class="${escapeHtml(rowClass[i]!)}"` : ''}>${r.map(cell).join('')}</tr>`).join('')}</tbody></table></div>`;
}

/**
 * The page's one script: sorts a table.sortable by the clicked header (a cell's data-v is its
 * value, a number when it parses as one; empty cells last; rows keep their order on ties), and
 * opens a card's drill-down when a link points at it.
 */
const SORT_SCRIPT = `document.querySelectorAll('table.sortable').forEach(function (t) {
  t.querySelectorAll('thead th').forEach(function (th, col) {
    th.tabIndex = 0;
    if (!th.title) th.title = 'click to sort by this column';
    function sort() {
      var desc = th.getAttribute('aria-sort') === 'ascending';
      t.querySelectorAll('thead th').forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', desc ? 'descending' : 'ascending');
      var body = t.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows).map(function (r, i) {
        var c = r.cells[col], v = c ? (c.hasAttribute('data-v') ? c.getAttribute('data-v') : c.textContent.trim()) : '';
        var n = v === '' ? NaN : Number(v);
        return { r: r, i: i, v: v, n: n };
      });
      var numeric = rows.every(function (x) { return x.v === '' || !isNaN(x.n); });
      rows.sort(function (a, b) {
        if (a.v === '' || b.v === '') return (a.v === '') - (b.v === '') || a.i - b.i;
        var d = numeric ? a.n - b.n : a.v.localeCompare(b.v, 'fr');
        return (desc ? -d : d) || a.i - b.i;
      });
      rows.forEach(function (x) { body.appendChild(x.r); });
    }
    th.addEventListener('click', sort);
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
  });
});
// A link to a card's drill-down opens it.
function openTarget() {
  var t = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (t && t.tagName === 'DETAILS') t.open = true;
}
window.addEventListener('hashchange', openTarget);
openTarget();`;

/**
 * Renames every id of an inline SVG (and its url(#…) / href="#…" references) to `<prefix><k>`,
 * k in order of appearance: several SVGs then share one page safely, and the names do not depend
 * on vega's process-wide counters (gradient_7 …), so the same results give the same page.
 */
export function scopeSvgIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\bid="([^"]+)"/g)) if (!ids.has(m[1]!)) ids.set(m[1]!, `${prefix}${ids.size + 1}`);
  if (ids.size === 0) return svg;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alt = [...ids.keys()].sort((a, b) => b.length - a.length).map(esc).join('|');
  return svg
    .replace(new RegExp(`\\bid="(${alt})"`, 'g'), (_m, id: string) => `id="${ids.get(id)}"`)
    .replace(new RegExp(`url\\(#(${alt})\\)`, 'g'), (_m, id: string) => `url(#${ids.get(id)})`)
    .replace(new RegExp(`href="#(${alt})"`, 'g'), (_m, id: string) => `href="#${ids.get(id)}"`);
}

const SECTIONS: { id: Section; title: string; intro: string }[] = [
  { id: 'experiment', title: 'Experiment: arms against the base', intro: 'Every arm plays the same seeds as the base arm (common random numbers).' },
  { id: 'cards', title: 'Cards', intro: 'Per card, copy-weighted over games (see What each metric means). n = copies.' },
  { id: 'decks', title: 'Decks', intro: 'Per deck: matchups, strength and win rate. n = games.' },
  { id: 'modes', title: 'Modes', intro: 'Per mode (standard, quick). n = games.' },
];

const CSS = `
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1100px; padding: 1.5rem 1.5rem 4rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; margin: 0 0 .2rem; }
h2 { font-size: 1.3rem; margin-top: 2.4rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h3 { font-size: 1.05rem; margin: 0 0 .3rem; }
h4 { font-size: .95rem; margin: .6rem 0 .2rem; }
a.drill { font-size: .82rem; margin-left: .3rem; }
.sub { color: #555; margin: 0 0 .8rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .8rem 0; font-size: .92rem; }
dl.facts dt { color: #666; }
dl.facts dd { margin: 0; }
nav.toc a { margin-right: 1rem; }
ol.flags { padding-left: 1.6rem; }
ol.flags li { margin: .2rem 0; }
ol.flags li.above::marker { color: #d62728; }
ol.flags li.below::marker { color: #1f77b4; }
.tag { display: inline-block; font-size: .75rem; padding: 0 .4rem; border-radius: .6rem; margin-right: .35rem; color: white; vertical-align: 1px; }
.tag.above { background: #d62728; }
.tag.below { background: #1f77b4; }
.ok { color: #2a7a2a; }
.correction { font-size: .88rem; color: #444; background: #f6f6f6; padding: .5rem .7rem; border-left: 3px solid #bbb; }
details { margin: .6rem 0; }
details summary { cursor: pointer; }
figure { margin: 1.6rem 0 2.2rem; }
figure .chart { overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: .9rem; color: #444; margin-bottom: .5rem; max-width: 820px; }
.spec { font-size: .82rem; }
ul.links { columns: 2; font-size: .92rem; }
.remark { color: #8a5a00; font-size: .9rem; }
footer { margin-top: 3rem; font-size: .85rem; color: #666; }
table.glossary { border-collapse: collapse; font-size: .88rem; }
table.sortable { border-collapse: collapse; font-size: .86rem; margin: .4rem 0 1rem; }
table.sortable th, table.sortable td { text-align: left; padding: .2rem .6rem .2rem 0; border-bottom: 1px solid #eee; }
table.sortable td[data-v] { font-variant-numeric: tabular-nums; }
table.sortable th { cursor: pointer; user-select: none; vertical-align: bottom; font-size: .82rem; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table.sortable th::after { content: " \\2195"; color: #bbb; font-size: .8em; }
table.sortable th[aria-sort="ascending"]::after { content: " \\2191"; color: #333; }
table.sortable th[aria-sort="descending"]::after { content: " \\2193"; color: #333; }
table.sortable tr.strong td:first-child { border-left: 4px solid #d62728; padding-left: .4rem; }
table.sortable tr.weak td:first-child { border-left: 4px solid #1f77b4; padding-left: .4rem; }
.strong-text { color: #d62728; }
.weak-text { color: #1f77b4; }
details.card { margin: .3rem 0; border-bottom: 1px solid #f0f0f0; }
details.card > summary { padding: .15rem 0; }
details.card > p { margin: .3rem 0; font-size: .9rem; }
.ci { color: #777; font-size: .9em; }
table.answer { border-collapse: collapse; font-size: .88rem; margin: .4rem 0 1rem; }
table.answer th, table.answer td { text-align: left; padding: .2rem .6rem .2rem 0; border-bottom: 1px solid #eee; }
table.answer tr.strong td:first-child { border-left: 4px solid #d62728; padding-left: .4rem; }
table.answer tr.weak td:first-child { border-left: 4px solid #1f77b4; padding-left: .4rem; }
table.glossary th, table.glossary td { text-align: left; vertical-align: top; padding: .25rem .6rem .25rem 0; border-bottom: 1px solid #eee; }
table.glossary td:nth-child(2) { color: #555; font-size: .82rem; }
`;

function flagItem(a: FlagSet['flagged'][number], extra = ''): string {
  const dir = a.direction ?? 'above';
  return `<li class="${dir}"><span class="tag ${dir}">${a.kind === 'deck' ? 'deck' : 'card'} ${dir}</span>${escapeHtml(a.reason)}${extra}</li>`;
}

/** A page id for a card of a mode: its drill-down (cards-section.ts). */
export const cardAnchor = (mode: string, card: string) => `card-${slugOf(mode)}-${slugOf(card)}`;
const slugOf = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';

/**
 * Flagged items per mode: decks, then cards one entry each (a card flagged on two metrics is
 * listed once, its reasons joined, with a link to its figures by deck), most significant first.
 */
function flagLists(flagged: FlagSet['flagged'], id?: string, drill = false): string {
  const out: string[] = [];
  const modes = [...new Set(flagged.map((a) => a.mode))].sort();
  for (const mode of modes) {
    const ofMode = flagged.filter((a) => a.mode === mode);
    const at = id ? `${id}-${slugOf(mode)}` : '';
    if (modes.length > 1 || drill) out.push(`<h3>${escapeHtml(mode)}</h3>`);
    const decks = ofMode.filter((a) => a.kind === 'deck');
    if (decks.length) out.push(`<h4>Decks: win rate (${decks.length})</h4><ol class="flags"${at ? ` id="${at}-deckWr"` : ''}>${decks.map((a) => flagItem(a)).join('')}</ol>`);
    const byCard = new Map<string, FlagSet['flagged']>();
    for (const a of ofMode) if (a.kind === 'card') byCard.set(a.name, [...(byCard.get(a.name) ?? []), a]);
    if (byCard.size) {
      const items = [...byCard.values()].map((as) => flagItem(as[0]!, as.slice(1).map((a) => `; ${escapeHtml(a.reason)}`).join('')
        + (drill ? ` <a class="drill" href="#${cardAnchor(mode, as[0]!.name)}">figures by deck</a>` : '')));
      out.push(`<h4>Cards (${byCard.size})</h4><ol class="flags"${at ? ` id="${at}-cards"` : ''}>${items.join('')}</ol>`);
    }
  }
  return out.join('\n');
}

function flagsSection(input: PageInput): string {
  const [main, ...others] = input.flagSets;
  if (!main) return '';
  const out: string[] = ['<section id="flags">', '<h2>Flagged</h2>'];
  const label = input.armLabel(main.arm);
  out.push(`<p>Decks and cards whose 95% interval lies wholly outside the balance band (${escapeHtml(input.bandText)}) and that Benjamini–Hochberg keeps${label ? ` — ${escapeHtml(label)}` : ''}: ${main.flagged.length} flagged, most significant first in each group.</p>`);
  if (main.flagged.length === 0) out.push('<p class="ok">No card or deck is flagged.</p>');
  else out.push(`<div id="flagged">${flagLists(main.flagged, 'flagged', input.cardDrill ?? false)}</div>`);
  const near = main.assessments.filter((a) => a.outside && !a.flagged);
  if (near.length) {
    out.push(`<details><summary>${near.length} more outside the band but not kept by Benjamini–Hochberg</summary><ul>${[...near].sort((x, y) => x.p - y.p).map((a) => `<li>${escapeHtml(a.reason)}</li>`).join('')}</ul></details>`);
  }
  if (others.length) {
    const mainKeys = new Set(main.flagged.map(itemKey));
    out.push(`<h3>Other arms</h3>`);
    for (const s of others) {
      const keys = new Set(s.flagged.map(itemKey));
      const added = s.flagged.filter((a) => !mainKeys.has(itemKey(a)));
      const cleared = main.flagged.filter((a) => !keys.has(itemKey(a)));
      const what = (a: FlagSet['flagged'][number]) => `${a.name}${a.kind === 'card' ? ` (${METRIC_LABEL[a.metric]})` : ' (deck WR)'}`;
      out.push(`<details><summary>${escapeHtml(input.armLabel(s.arm))}: ${s.flagged.length} flagged — ${added.length} newly flagged, ${cleared.length} no longer flagged (against ${escapeHtml(input.armLabel(main.arm))})</summary>`);
      if (added.length) out.push(`<p>Newly flagged:</p><ol class="flags">${added.map((a) => flagItem(a)).join('')}</ol>`);
      if (cleared.length) out.push(`<p>No longer flagged: ${cleared.map((a) => escapeHtml(what(a))).join(', ')}.</p>`);
      if (s.flagged.length) out.push(`<details><summary>All ${s.flagged.length} flagged in ${escapeHtml(input.armLabel(s.arm))}</summary>${flagLists(s.flagged)}</details>`);
      out.push('</details>');
    }
  }
  out.push(`<p class="correction">${escapeHtml(input.correction)}</p>`);
  out.push('</section>');
  return out.join('\n');
}

function linkList(links: PageLink[]): string {
  return `<ul class="links">${links.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>${l.note ? ` — ${escapeHtml(l.note)}` : ''}</li>`).join('')}</ul>`;
}

function figure(c: PageChart): string {
  return [
    `<figure id="${escapeHtml(c.id)}">`,
    `<figcaption><h3>${escapeHtml(c.title)}</h3>${escapeHtml(c.caption)}</figcaption>`,
    `<div class="chart">${scopeSvgIds(c.svg, `${c.id}-svg-`)}</div>`,
    `<p class="spec">vega-lite spec: <a href="${escapeHtml(encodeURI(c.specFile))}">${escapeHtml(c.specFile)}</a> (data inline; opens in a vega-lite editor)</p>`,
    '</figure>',
  ].join('\n');
}

export function buildPage(input: PageInput): string {
  const sections = SECTIONS.map((s) => (s.id === 'modes' && input.modesIntro ? { ...s, intro: input.modesIntro } : s)).filter((s) => input.charts.some((c) => c.section === s.id) || (input.remarks[s.id]?.length ?? 0) > 0);
  const body: string[] = [];
  body.push('<header>');
  body.push(`<h1>${escapeHtml(input.title)}</h1>`);
  body.push(`<p class="sub">${escapeHtml(input.subtitle)}</p>`);
  if (input.answer) body.push(`<section id="answer"><h2>What is out of line</h2>${input.answer}</section>`);
  body.push(`<dl class="facts">${input.facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`);
  body.push(`<nav class="toc">${input.preface ? `<a href="#${escapeHtml(input.preface.id)}">${escapeHtml(input.preface.title)}</a>` : ''}<a href="#flags">Flagged</a>${(input.sections ?? []).map((x) => `<a href="#${escapeHtml(x.id)}">${escapeHtml(x.title)}</a>`).join('')}<a href="#tables">Tables</a>${sections.map((s) => `<a href="#${s.id}">${escapeHtml(s.title)}</a>`).join('')}${input.glossary ? '<a href="#metrics">What each metric means</a>' : ''}<a href="#notes">Notes</a></nav>`);
  body.push('</header>');
  // A chart whose section is the preface's or a page section's id (the rule variants' sweeps) is drawn inside it.
  const own = (id: string) => input.charts.filter((c) => c.section === id).map(figure).join('');
  if (input.preface) body.push(`<section id="${escapeHtml(input.preface.id)}"><h2>${escapeHtml(input.preface.title)}</h2>${input.preface.html}${[...new Set([input.preface.id, ...(input.prefaceCharts ?? [])])].map(own).join('')}</section>`);
  body.push(flagsSection(input));
  for (const x of input.sections ?? []) body.push(`<section id="${escapeHtml(x.id)}"><h2>${escapeHtml(x.title)}</h2>${x.html}${own(x.id)}</section>`);
  body.push('<section id="tables"><h2>Tables</h2>');
  body.push(linkList(input.links));
  for (const g of input.linkGroups ?? []) body.push(`<h3>${escapeHtml(g.title)}</h3>${linkList(g.links)}`);
  body.push('</section>');
  for (const s of sections) {
    body.push(`<section id="${s.id}"><h2>${escapeHtml(s.title)}</h2><p class="sub">${escapeHtml(s.intro)}</p>`);
    for (const r of input.remarks[s.id] ?? []) body.push(`<p class="remark">${escapeHtml(r)}</p>`);
    for (const c of input.charts.filter((c) => c.section === s.id)) body.push(figure(c));
    body.push('</section>');
  }
  if (input.glossary) {
    const g = input.glossary;
    body.push('<section id="metrics"><h2>What each metric means</h2>');
    body.push(`<table class="glossary"><thead><tr><th>metric</th><th>where</th><th>what it means</th></tr></thead><tbody>${g.definitions.map((d) => `<tr><td>${escapeHtml(d.term)}</td><td>${escapeHtml(d.where)}</td><td>${escapeHtml(d.meaning)}</td></tr>`).join('')}</tbody></table>`);
    body.push(`<p class="sub">How each is computed, and its known biases: <a href="${escapeHtml(g.metricsHref)}">METRICS.md</a> (in the project's src/report/).</p></section>`);
  }
  body.push(`<section id="notes"><h2>Notes</h2><ul>${input.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></section>`);
  body.push('<footer>Written by <code>lab report</code> (Blue Rising Lab). Self-contained: charts are inline SVG rendered with vega from the vega-lite specs beside this file; one inline script sorts the tables; nothing fetched.</footer>');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<link rel="icon" href="data:,">
<style>${CSS}</style>
</head>
<body>
${body.join('\n')}
<script>
${SORT_SCRIPT}
</script>
</body>
</html>
`;
}
