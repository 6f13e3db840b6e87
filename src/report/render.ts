// Renders a vega-lite spec to a static SVG string with vega (headless: renderer 'none', no
// canvas, no DOM). Warnings of vega-lite and vega are collected, never printed.
import type { TopLevelSpec } from 'vega-lite';

// vega and vega-lite load on the first chart (about 0.8 s and 48 MB): a run without a report never pays for them.
type Vega = typeof import('vega');
type VegaLite = typeof import('vega-lite');
let loaded: Promise<[Vega, VegaLite]> | null = null;
const loadVega = () => (loaded ??= Promise.all([import('vega'), import('vega-lite')]));

export interface Rendered {
  svg: string;
  warnings: string[];
}

function collectingLogger(vega: Vega, warnings: string[]) {
  let lvl = vega.Warn;
  const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  const logger = {
    level(l?: number) {
      if (l === undefined) return lvl;
      lvl = l;
      return logger;
    },
    error(...args: unknown[]) {
      warnings.push(`error: ${text(args)}`);
      return logger;
    },
    warn(...args: unknown[]) {
      if (lvl >= vega.Warn) warnings.push(text(args));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  return logger;
}

// Text widths: vega without a canvas guesses 0.8 em per character, far too wide for labels.
// Helvetica/Arial advance widths (per 1000 em) for ASCII, ×1.15 so that wider sans-serif fonts
// (DejaVu Sans, the usual Linux fallback) still fit the space vega lays out.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
  611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const OTHER_WIDTHS: Record<string, number> = { '…': 1000, '−': 584, '–': 556, '—': 1000, '·': 278, '×': 584, '±': 584, '→': 1000, 'β': 556, 'γ': 500, 'ᵢ': 222, 'ⱼ': 222 };
const SAFETY = 1.15;

/** Width in pixels of a text at a font size (bold ×1.08), from Helvetica's metrics. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let w = 0;
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
    const c = ch.codePointAt(0)!;
    w += c >= 32 && c <= 126 ? ASCII_WIDTHS[c - 32]! : OTHER_WIDTHS[ch] ?? 600;
  }
  return (w / 1000) * fontSize * SAFETY * (bold ? 1.08 : 1);
}

interface TextItem {
  fontSize?: number;
  fontWeight?: string | number;
}
function installTextMetrics(vega: Vega): void {
  const tm = (vega as unknown as { textMetrics: { width: (item: TextItem, text?: unknown) => number } }).textMetrics;
  if ((tm.width as { lab?: boolean }).lab) return;
  const width = (item: TextItem, text?: unknown) => {
    const t = text == null ? '' : String(text).trim();
    const size = item.fontSize != null ? +item.fontSize || 0 : 11;
    const bold = item.fontWeight === 'bold' || Number(item.fontWeight) >= 600;
    return textWidth(t, size, bold);
  };
  (width as { lab?: boolean }).lab = true;
  tm.width = width;
}

/**
 * Adds a <title> (the browser's hover tooltip) to every mark item that vega labelled for
 * accessibility (aria-label, built from the spec's tooltip fields), so that the static SVG still
 * shows each point's numbers and n on hover without any script.
 */
export function addHoverTitles(svg: string): string {
  return svg.replace(/<(path|circle|rect|line|text|image)\b([^<>]*?)\baria-label="([^"]*)"([^<>]*?)\/>/g, (_m, tag: string, pre: string, label: string, post: string) =>
    `<${tag}${pre}aria-label="${label}"${post}><title>${label}</title></${tag}>`);
}

/** Compiles the vega-lite spec, runs it headless and returns the SVG (with hover titles). */
export async function renderSvg(spec: TopLevelSpec): Promise<Rendered> {
  const [vega, vl] = await loadVega();
  installTextMetrics(vega);
  const warnings: string[] = [];
  const compiled = vl.compile(spec, { logger: collectingLogger(vega, warnings) }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger: collectingLogger(vega, warnings), logLevel: vega.Warn });
  try {
    const svg = await view.toSVG();
    return { svg: addHoverTitles(svg), warnings };
  } finally {
    view.finalize();
  }
}
