// The report's "Rule variants" section: for an experiment whose arms carry rule knobs
// (summary.json `firstPlayer`, src/sim/first-player.ts), each arm's first-player win rate with
// its interval, its paired change from the base, how far it sits from 50%, and what it does to
// the decks (the arm's deck differences, paired by seed pair, from summary.json `differences`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml as esc } from './html.ts';
import type { FirstPlayerRow } from '../sim/first-player.ts';
import type { VariantsResult } from '../sim/opening.ts';
import type { ReportContext } from './context.ts';
import type { DifferenceRow, Results } from './summary.ts';

const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);
const pts = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`);
const span = (d: number | null, lo: number | null, hi: number | null) => (d === null ? '—' : `${pts(d)} [${pts(lo)}, ${pts(hi)}]`);
const knobs = (r: Record<string, unknown> | null) =>
  r === null ? 'the rules as written' : Object.entries(r).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`).join(', ');

/** The section, or undefined when the results hold no rule variant. */
export function variantsSection(results: Results): { id: string; title: string; html: string } | undefined {
  const rows = results.summary.firstPlayer;
  if (!Array.isArray(rows) || rows.length === 0) return undefined;
  const described = new Map(((results.manifest?.config as { arms?: { label: string; description?: string }[] } | undefined)?.arms ?? []).map((a) => [a.label, a.description ?? '']));
  return { id: 'variants', title: 'Rule variants: the first player\'s advantage', html: variantsHtml(rows as FirstPlayerRow[], results.differences, described) };
}

/** Each mode's arms ranked by their distance from 50%, and what each variant does to the decks. */
export function variantsHtml(fp: readonly FirstPlayerRow[], differences: readonly DifferenceRow[], described: ReadonlyMap<string, string>): string {
  const out: string[] = [];
  out.push('<p>Each arm is played on the base arm\'s seeds with its rule knobs changed. The first player\'s win rate has a Wilson 95% interval (draws count as not won); its change from the base is paired by seed pair: in each pair the first player\'s wins over its two games, arm minus base, with a t interval on the pair differences (as a card patch\'s deck differences). A deck\'s change is its win rate, arm minus base, paired the same way.</p>');
  for (const mode of [...new Set(fp.map((r) => r.mode))].sort()) {
    const inMode = fp.filter((r) => r.mode === mode);
    // Nearest 50%: by the point estimate, then by the interval's width.
    const ranked = inMode.filter((r) => r.wr !== null).sort((a, b) => Math.abs(a.wr! - 0.5) - Math.abs(b.wr! - 0.5) || (a.hi! - a.lo!) - (b.hi! - b.lo!));
    const best = ranked[0];
    if (best) out.push(`<p><strong>${esc(mode)}</strong>: nearest 50% is <strong>${esc(best.arm)}</strong> (${esc(knobs(best.rules))}), the first player winning ${pct(best.wr)} [${pct(best.lo)}, ${pct(best.hi)}]${best.arm === 'base' ? '' : `, a change of ${span(best.diff, best.diffLo, best.diffHi)} points from the base`}.</p>`);
    out.push(`<table><thead><tr><th>arm</th><th>knobs</th><th>first player wins [95%]</th><th>change (points) [95%]</th><th>from 50% (points)</th><th>games</th></tr></thead><tbody>`);
    for (const r of ranked) {
      const title = described.get(r.arm);
      out.push(`<tr><td${title ? ` title="${esc(title)}"` : ''}>${esc(r.arm)}</td><td>${esc(knobs(r.rules))}</td><td>${pct(r.wr)} [${pct(r.lo)}, ${pct(r.hi)}]</td><td>${r.arm === 'base' ? '—' : `${span(r.diff, r.diffLo, r.diffHi)}${r.interval === 'unpaired' ? ' (unpaired)' : ''}`}</td><td>${pts(r.wr === null ? null : r.wr - 0.5)}</td><td>${r.games.toLocaleString('en')}</td></tr>`);
    }
    out.push('</tbody></table>');
    // What each variant does to the decks: one row per deck, one column per arm.
    const arms = ranked.filter((r) => r.arm !== 'base').map((r) => r.arm);
    const diffs = differences.filter((d) => d.kind === 'deck' && d.mode === mode && arms.includes(d.arm));
    const decks = [...new Set(diffs.map((d) => d.name))].sort();
    if (decks.length && arms.length) {
      out.push(`<h3>${esc(mode)}: what each variant does to the decks (win rate change, points [95%]; bold: the interval excludes 0)</h3>`);
      out.push(`<table><thead><tr><th>deck</th><th>base WR</th>${arms.map((a) => `<th>${esc(a)}</th>`).join('')}</tr></thead><tbody>`);
      for (const deck of decks) {
        const cells = arms.map((a) => {
          const d = diffs.find((x) => x.arm === a && x.name === deck);
          if (!d) return '<td>—</td>';
          const text = span(d.diff, d.lo, d.hi);
          return `<td>${d.significant ? `<strong>${text}</strong>` : text}</td>`;
        });
        const baseWr = diffs.find((x) => x.name === deck)?.base ?? null;
        out.push(`<tr><td>${esc(deck)}</td><td>${pct(baseWr)}</td>${cells.join('')}</tr>`);
      }
      out.push('</tbody></table>');
    }
  }
  return out.join('\n');
}

const int = (n: number) => n.toLocaleString('en');

/**
 * The nightly's opening variants (DIR/variants.json, src/sim/opening.ts), as a section after the
 * flags: what was played and its budget, then the same tables as an experiment's; a game with no
 * opening knobs gets its sentence. Null when the folder holds no variants.json.
 */
export function nightlyVariantsSection(ctx: ReportContext): { id: string; title: string; html: string } | null {
  const file = join(ctx.results.dir, 'variants.json');
  if (!existsSync(file)) return null;
  const v = JSON.parse(readFileSync(file, 'utf8')) as VariantsResult;
  const title = 'Opening variants: the first player\'s advantage';
  const share = `${Math.round(100 * v.share)}%`;
  if (v.skipped) return { id: 'variants', title, html: `<p>${esc(v.skipped)}</p>` };
  const arms = [...new Set(v.firstPlayer.map((r) => r.arm))];
  const head = `<p>The game's opening variants (its module's opening knobs), each an arm played with the nightly's bots on the first ${int(v.gamesPerPairing)} games of every ${esc(v.modes.join(' and '))} pairing of the nightly's own plan, the same seed pairs in every arm: ${arms.length} arms, ${int(v.games)} games, sized as ${share} of the nightly's base-arm games (${Math.round(v.seconds)} s). A screen at these games: an interval that holds 50% says the games cannot tell, not that the variant is even.</p>`;
  return { id: 'variants', title, html: head + variantsHtml(v.firstPlayer, v.differences as DifferenceRow[], new Map(Object.entries(v.descriptions))) };
}
