// Shared helpers of the report tests: the mark groups of a vega SVG, and compiling a spec with
// vega-lite while collecting its warnings.
import * as vl from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';

export interface MarkGroup {
  /** vega mark type: rect, symbol, rule, text, line, … */
  type: string;
  /** Mark items (leaf SVG elements) inside the group. */
  items: number;
}

/** The data-mark groups (`<g class="mark-… role-mark …">`) of a vega SVG and how many items each holds. */
export function markGroups(svg: string): MarkGroup[] {
  const out: MarkGroup[] = [];
  const re = /<g class="mark-(\w+) role-mark[^"]*"[^>]*>/g;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    if (m[1] === 'group') continue; // facet / concat cells: their marks are counted inside
    const end = svg.indexOf('</g>', m.index + m[0].length);
    const body = svg.slice(m.index + m[0].length, end);
    out.push({ type: m[1]!, items: (body.match(/<(path|line|text|circle|rect|image)\b/g) ?? []).length });
  }
  return out;
}

/** Compiles with vega-lite; returns the vega spec and the warnings vega-lite logged. */
export function compileSpec(spec: TopLevelSpec): { warnings: string[]; vega: unknown } {
  const warnings: string[] = [];
  const logger = {
    level() {
      return logger;
    },
    warn(...args: unknown[]) {
      warnings.push(args.map(String).join(' '));
      return logger;
    },
    error(...args: unknown[]) {
      warnings.push(`error: ${args.map(String).join(' ')}`);
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  const vega = vl.compile(spec, { logger }).spec;
  return { warnings, vega };
}

/** Every axis title, chart title and subtitle text of a vega SVG. */
export function svgTexts(svg: string, role: 'axis-title' | 'title-text' | 'title-subtitle' | 'axis-label'): string[] {
  const out: string[] = [];
  const re = new RegExp(`<g class="mark-text role-${role}"[^>]*>(.*?)</g>`, 'g');
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    for (const t of m[1]!.matchAll(/<text[^>]*>(.*?)<\/text>/g)) out.push(t[1]!.replace(/<[^>]+>/g, ''));
  }
  return out;
}
