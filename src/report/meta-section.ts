// The report's meta section (meta.ts computes it): per mode the equilibrium shares with their
// resampled support, and for an experiment each arm's shares beside the base's.
import { escapeHtml, sortableTable, type Cell, type PageSection } from './html.ts';
import { METRIC_DEFINITIONS } from './glossary.ts';
import type { ReportContext } from './context.ts';
import type { ModeMeta } from './meta.ts';

const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

const pct = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;

const num = (x: number, text: string): Cell => ({ html: escapeHtml(text), v: Number.isFinite(x) ? r6(x) : '' });

/** One sentence per mode for the first screen. */
export function metaSentence(m: ModeMeta): string | null {
  if (m.decks.length === 0) return null;
  const used = m.decks.filter((d) => d.share > 1e-6);
  const unused = m.decks.filter((d) => d.share <= 1e-6);
  return `The meta (equilibrium of the deck choice): a field of rational players would bring ${used.map((d) => `<b>${escapeHtml(d.deck)}</b> ${pct(d.share, 0)}`).join(', ')}`
    + `${unused.length ? `; no equilibrium uses ${unused.map((d) => escapeHtml(d.deck)).join(', ')}` : ''}.`;
}

/** The meta section's HTML: per mode a table, and per experiment arm the shares side by side with the base's. */
export function metaHtml(byArm: { arm: string; meta: ModeMeta[] }[], armLabel: (arm: string) => string): string {
  const out: string[] = [];
  const [main, ...others] = byArm;
  if (!main) return '';
  out.push('<p class="sub">Which decks a field of players who each pick the deck that does best against the others would bring: the equilibrium of the symmetric deck-choice game on the matchup matrix (payoff: win rate − ½, draws half; solved exactly by linear programming). A deck the equilibrium leaves out loses, on average, to the field it makes. The matrix is measured from games, so the equilibrium is uncertain too: every cell is redrawn from its posterior (Beta(wins + ½, losses + ½), seeded) and the equilibrium solved again; "in the equilibrium" is how often the deck is used across those matrices.</p>');
  for (const m of main.meta) {
    out.push(`<h3>${escapeHtml(m.mode)}</h3>`);
    if (m.decks.length === 0) {
      out.push(`<p class="remark">${escapeHtml(`${m.mode}: no meta — ${m.note ?? 'no matchups'}.`)}</p>`);
      continue;
    }
    const rows = m.decks.map((d) => [
      d.deck,
      num(d.share, pct(d.share)),
      num(d.max_share, pct(d.max_share)),
      num(d.field_wr, pct(d.field_wr)),
      num(d.in_support, pct(d.in_support, 0)),
      num(d.mean_share, pct(d.mean_share)),
    ]);
    const h = (text: string, term: string) => ({ text, title: METRIC_DEFINITIONS.find((d) => d.term === term)?.meaning });
    out.push(sortableTable('meta', ['deck', h('equilibrium share', 'The meta: equilibrium share'), h('largest share in any equilibrium', 'The meta: equilibrium share'), h('WR against the equilibrium field', 'WR against the equilibrium field'),
      h(`in the equilibrium (of ${m.resample.draws} resampled matrices)`, 'In the equilibrium (resampled)'), h('mean share (resampled)', 'In the equilibrium (resampled)')], rows, `meta-${slug(m.mode)}`));
    const unused = m.unused.length ? `Used by no equilibrium: ${m.unused.join(', ')}.` : 'Every deck is used by some equilibrium.';
    out.push(`<p class="sub">${escapeHtml(`${unused} Exploitability of the shares shown (the most any one deck gains against that field): ${m.exploitability === 0 ? '0' : `${(100 * m.exploitability).toExponential(1)} points`}, tolerance ${m.tolerance} (win-rate units)${m.ok ? '' : ' — NOT met: read with care'}. Resampling: ${m.resample.draws} matrices, seed ${m.resample.seed}${m.resample.failed ? `, ${m.resample.failed} whose linear programs failed left out` : ''}.`)}</p>`);
  }
  if (others.length) {
    out.push('<h3>How the meta moves under each arm</h3>');
    for (const mode of main.meta.map((m) => m.mode)) {
      const base = main.meta.find((m) => m.mode === mode)!;
      const arms = others.map((o) => ({ arm: o.arm, m: o.meta.find((x) => x.mode === mode) })).filter((a) => a.m && a.m.decks.length > 0);
      if (base.decks.length === 0 || arms.length === 0) continue;
      const decks = base.decks.map((d) => d.deck);
      const head = ['deck', `${armLabel(main.arm) || 'base'}: share`, ...arms.flatMap((a) => [`${armLabel(a.arm)}: share`, `${armLabel(a.arm)}: in the equilibrium`])];
      const rows = decks.map((deck) => {
        const b = base.decks.find((d) => d.deck === deck)!;
        return [deck, num(b.share, `${pct(b.share)} (${pct(b.in_support, 0)})`), ...arms.flatMap((a) => {
          const d = a.m!.decks.find((x) => x.deck === deck);
          return d ? [num(d.share, `${pct(d.share)} (${d.share - b.share >= 0 ? '+' : '−'}${(100 * Math.abs(d.share - b.share)).toFixed(1)})`), num(d.in_support, pct(d.in_support, 0))] : [num(NaN, '—'), num(NaN, '—')];
        })];
      });
      out.push(`<h3>${escapeHtml(mode)}: base against the arms</h3>`);
      out.push(sortableTable('meta', head, rows, `meta-arms-${slug(mode)}`));
      out.push('<p class="sub">Equilibrium share in each arm (the change from the base in points), the base\'s share of resampled matrices using the deck in brackets.</p>');
    }
  }
  return out.join('\n');
}

/** The page's meta section. */
export function metaSection(ctx: ReportContext): PageSection | null {
  const byArm = ctx.results.arms.map((arm) => ({ arm, meta: ctx.meta.get(arm) ?? [] }));
  if (!byArm[0] || byArm[0].meta.length === 0) return null;
  return { id: 'meta', title: 'The meta: which decks a rational field would bring', html: metaHtml(byArm, ctx.armLabel) };
}
