// "Findings that depend on the bot's skill": the run's flagged findings played again with a
// stronger bot (recheck.json, written by src/sim/recheck.ts), the cards and decks whose verdict
// changes with skill first, then every recheck with both intervals.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './html.ts';

interface Measure {
  value: number | null;
  lo: number | null;
  hi: number | null;
  n: number;
  verdict: string;
}
interface Row {
  mode: string;
  kind: 'card' | 'deck';
  metric: string;
  name: string;
  original: Measure & { bots: string[] };
  sameSeeds: Measure;
  recheck: Measure & { bots: string[] };
  dependsOnSkill: boolean;
}
interface Result {
  bots: string[];
  gamesPerPairing: number;
  games: number;
  seconds: number;
  rows: Row[];
}

const METRIC: Record<string, string> = { adj: 'deck-adjusted effect', iwdTurn: 'IWD by turn, from the median card', deckWr: 'win rate' };

function interval(m: Measure, deck: boolean): string {
  const f = (x: number | null) => (x === null ? '—' : deck ? (100 * x).toFixed(1) : `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(100 * x).toFixed(1)}`);
  return `${f(m.value)}${deck && m.value !== null ? '%' : ''} [${f(m.lo)}, ${f(m.hi)}]`;
}

/** The section's HTML, or '' when the folder holds no recheck. */
export function recheckSection(dir: string): string {
  const file = join(dir, 'recheck.json');
  if (!existsSync(file)) return '';
  const r = JSON.parse(readFileSync(file, 'utf8')) as Result;
  const out: string[] = ['<section id="recheck"><h2>Findings that depend on the bot\'s skill</h2>'];
  const what = (x: Row) => `${x.kind} <b>${escapeHtml(x.name)}</b> (${escapeHtml(x.mode)}, ${escapeHtml(METRIC[x.metric] ?? x.metric)})`;
  out.push(`<p>The ${r.rows.length} findings of the run's most significant flagged cards and decks played again with <code>${escapeHtml(r.bots.join(' vs '))}</code> on the first ${r.gamesPerPairing} games of each pairing they need (the same seeds and deals; for a card, every pairing of the decks holding it; for a deck, its own), ${r.games.toLocaleString('en')} games. `
    + 'A verdict compares the 95% interval with no effect (0 points for a card, 50% for a deck): <i>holds</i> when it lies wholly on the finding\'s side, <i>flips</i> when wholly on the other, <i>vanishes</i> when it holds no effect. '
    + 'The run\'s own bots are played on the same seeds too: a finding that vanishes for them as well lacks games, not skill.</p>');
  const dep = r.rows.filter((x) => x.dependsOnSkill);
  out.push(dep.length
    ? `<p>Verdicts that change with skill: ${dep.map((x) => `${what(x)}: ${x.recheck.verdict} with the stronger bot, ${x.sameSeeds.verdict} with the run's on the same seeds`).join('; ')}.</p>`
    : r.rows.length ? '<p>No rechecked finding changes with skill at these games.</p>' : '<p>The run flagged nothing to recheck.</p>');
  if (r.rows.length) {
    const head = ['finding', `as flagged (${escapeHtml(r.rows[0]!.original.bots.join(' vs '))})`, 'the same bots on the recheck\'s seeds', `${escapeHtml(r.bots.join(' vs '))}`, 'verdict'];
    out.push(`<table class="answer"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>`);
    for (const x of r.rows) {
      const d = x.kind === 'deck';
      out.push(`<tr><td>${what(x)}</td><td>${interval(x.original, d)}</td><td>${interval(x.sameSeeds, d)} ${x.sameSeeds.verdict}</td><td>${interval(x.recheck, d)}</td><td>${x.recheck.verdict}${x.dependsOnSkill ? ' (depends on skill)' : ''}</td></tr>`);
    }
    out.push('</tbody></table>');
  }
  out.push('</section>');
  return out.join('\n');
}
