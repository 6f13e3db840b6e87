// Reads a results folder (`lab simulate` or `lab experiment` output) for the report: summary.json
// and, when present, manifest.json; the tables of each arm, in the shapes src/sim/metrics.ts writes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseJson } from '../core/json.ts';
import type { ModeMeta } from './meta.ts';
import type { CardDeckRow } from './card-decks.ts';

/** A results folder the report cannot read: the command turns it into a one-line usage error. */
export class ReportError extends Error {}

type Num = number | null;

export interface CardRow {
  mode: string;
  card: string;
  seat_games: number;
  copies: number;
  gih_n: number;
  gih_wr: Num;
  gih_lo: Num;
  gih_hi: Num;
  gns_n: number;
  gns_wr: Num;
  iwd: Num;
  iwd_lo: Num;
  iwd_hi: Num;
  played: number;
  play_rate: Num;
  played_wr: Num;
  pitched: number;
  pitch_rate: Num;
  [k: string]: string | number | null;
}

export interface DeckRow {
  mode: string;
  deck: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  wr: Num;
  wr_lo: Num;
  wr_hi: Num;
  [k: string]: string | number | null;
}

export interface MatchupRow {
  mode: string;
  deck_a: string;
  deck_b: string;
  games: number;
  wins_a: number;
  wins_b: number;
  draws: number;
  wr_a: Num;
  wr_a_lo: Num;
  wr_a_hi: Num;
  a_first_games: number;
  a_first_wr_a: Num;
  b_first_games: number;
  b_first_wr_a: Num;
  [k: string]: string | number | null;
}

export interface ModeRow {
  mode: string;
  games: number;
  first_wins: number;
  draws: number;
  first_player_wr: Num;
  first_player_wr_lo: Num;
  first_player_wr_hi: Num;
  [k: string]: string | number | null;
}

/** One arm's tables (summarize() in src/sim/write.ts). */
export interface Tables {
  cards: CardRow[];
  decks: DeckRow[];
  matchups: MatchupRow[];
  modes: ModeRow[];
  gameLength: Record<string, [number, number][]>;
  vpSources: string[];
  /** The deck-choice equilibrium per mode, as summary.json carries it (results before it: absent). */
  meta?: ModeMeta[];
  /** Each card's figures in each deck holding it (results before it: absent). */
  cardDecks?: CardDeckRow[];
}

export interface DifferenceRow {
  arm: string;
  mode: string;
  kind: 'deck' | 'card';
  name: string;
  base: Num;
  value: Num;
  diff: Num;
  lo: Num;
  hi: Num;
  n: number;
  significant: boolean;
  /** paired by seed pair, or unpaired (results written before it say nothing). */
  interval?: 'paired' | 'unpaired';
}

export interface SweepPoint {
  value: number;
  mode: string;
  kind: 'card' | 'deck';
  name: string;
  wr: Num;
  lo: Num;
  hi: Num;
  n: number;
}

export interface Sweep {
  card: string;
  field: string;
  points: SweepPoint[];
}

export interface Band {
  gihWr: [number, number];
  iwd: [number, number];
  deckWr: [number, number];
}

/** metrics.md: GIH WR 45–55%, IWD ±5 points; decks 45–55%. */
export const DEFAULT_BAND: Band = { gihWr: [0.45, 0.55], iwd: [-0.05, 0.05], deckWr: [0.45, 0.55] };

export interface Results {
  dir: string;
  kind: 'simulate' | 'experiment';
  /** Arm labels in run order ('' for a simulate run; 'base' first for an experiment). */
  arms: string[];
  tables: Map<string, Tables>;
  summary: Record<string, unknown>;
  manifest: Record<string, unknown> | null;
  band: Band;
  /** Where the band came from: the experiment file, or metrics.md's defaults. */
  bandSource: string;
  differences: DifferenceRow[];
  sweeps: Sweep[];
  experiment: string | null;
  description: string | null;
  patchedCards: string[];
}


function readJson(file: string, what: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ReportError(`${file}: cannot read ${what} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    throw new ReportError(`${file}: ${(e as Error).message}`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new ReportError(`${file}: not a JSON object`);
  return json as Record<string, unknown>;
}

function tablesOf(x: unknown, where: string): Tables {
  const t = (x ?? {}) as Record<string, unknown>;
  for (const k of ['cards', 'decks', 'matchups', 'modes']) {
    if (!Array.isArray(t[k])) throw new ReportError(`${where}: no "${k}" table (not a lab simulate or lab experiment summary)`);
  }
  return {
    cards: t.cards as CardRow[],
    decks: t.decks as DeckRow[],
    matchups: t.matchups as MatchupRow[],
    modes: t.modes as ModeRow[],
    gameLength: (t.gameLength ?? {}) as Record<string, [number, number][]>,
    vpSources: Array.isArray(t.vpSources) ? (t.vpSources as string[]) : [],
    ...(Array.isArray(t.meta) ? { meta: t.meta as ModeMeta[] } : {}),
    ...(Array.isArray(t.cardDecks) ? { cardDecks: t.cardDecks as CardDeckRow[] } : {}),
  };
}

function bandPair(x: unknown, fallback: [number, number]): [number, number] {
  if (Array.isArray(x) && x.length === 2 && x.every((v) => typeof v === 'number' && Number.isFinite(v)) && x[0] <= x[1]) return [x[0], x[1]];
  return fallback;
}

/** Reads DIR/summary.json (and DIR/manifest.json when there); a folder without summary.json is refused. */
export function loadResults(given: string, bandOverride?: Partial<Band>): Results {
  const dir = resolve(given);
  if (!existsSync(dir)) throw new ReportError(`${given}: no such folder`);
  if (!statSync(dir).isDirectory()) throw new ReportError(`${given}: not a folder (give the results folder of lab simulate or lab experiment)`);
  const sFile = join(dir, 'summary.json');
  if (!existsSync(sFile)) throw new ReportError(`${given}: no summary.json (not a results folder of lab simulate or lab experiment)`);
  const summary = readJson(sFile, 'summary.json');
  const mFile = join(dir, 'manifest.json');
  let manifest: Record<string, unknown> | null = null;
  if (existsSync(mFile)) {
    try {
      manifest = readJson(mFile, 'manifest.json');
    } catch {
      manifest = null; // the manifest only adds context to the page
    }
  }
  const tables = new Map<string, Tables>();
  let kind: Results['kind'];
  if (summary.arms && typeof summary.arms === 'object') {
    kind = 'experiment';
    const arms = summary.arms as Record<string, unknown>;
    // Run order: the manifest's arms when known, else base first and the rest as written.
    const order = ((manifest?.config as { arms?: { label: string }[] } | undefined)?.arms ?? []).map((a) => a.label).filter((l) => l in arms);
    const labels = [...new Set([...('base' in arms ? ['base'] : []), ...order, ...Object.keys(arms)])];
    if (labels.length === 0) throw new ReportError(`${sFile}: "arms" is empty`);
    for (const l of labels) tables.set(l, tablesOf(arms[l], `${sFile}: arms.${l}`));
  } else {
    kind = 'simulate';
    tables.set('', tablesOf(summary, sFile));
  }
  const b = (summary.band ?? null) as Partial<Record<keyof Band, unknown>> | null;
  const band: Band = {
    gihWr: bandPair(bandOverride?.gihWr ?? b?.gihWr, DEFAULT_BAND.gihWr),
    iwd: bandPair(bandOverride?.iwd ?? b?.iwd, DEFAULT_BAND.iwd),
    deckWr: bandPair(bandOverride?.deckWr ?? b?.deckWr, DEFAULT_BAND.deckWr),
  };
  const sourceOf = (k: keyof Band) => (bandOverride?.[k] !== undefined ? 'given to the report' : b?.[k] !== undefined ? 'the experiment file' : 'metrics.md default');
  const sources = (['gihWr', 'iwd', 'deckWr'] as const).map(sourceOf);
  const bandSource = sources.every((x) => x === sources[0]) ? ({ 'given to the report': 'given to the report', 'the experiment file': 'from the experiment file', 'metrics.md default': 'metrics.md defaults' } as Record<string, string>)[sources[0]!]!
    : `GIH WR: ${sources[0]}; IWD: ${sources[1]}; deck WR: ${sources[2]}`;
  return {
    dir,
    kind,
    arms: [...tables.keys()],
    tables,
    summary,
    manifest,
    band,
    bandSource,
    differences: Array.isArray(summary.differences) ? (summary.differences as DifferenceRow[]) : [],
    sweeps: Array.isArray(summary.sweeps) ? (summary.sweeps as Sweep[]) : [],
    experiment: typeof summary.experiment === 'string' ? summary.experiment : null,
    description: typeof summary.description === 'string' ? summary.description : null,
    patchedCards: Array.isArray(summary.patchedCards) ? (summary.patchedCards as string[]) : [],
  };
}

/** Blue Rising's reading of a deck's name across modes (results that name no game). */
export function vpDeckBase(name: string, _mode: string, file?: string): string {
  if (file) return file.replace(/\\/g, '/').split('/').pop()!.replace(/\.deck$/i, '').replace(/^(quick|standard|rapide)[-_]/i, '').toLowerCase();
  return name.replace(/\s*(\(quick\)|\(standard\)|rapide|quick)$/i, '').trim().toLowerCase();
}

/**
 * A key matching one deck across modes, as the game reads it (GameWords.deckBase): Blue
 * Rising's file name without the mode prefix (decks/quick-gardiens.deck and
 * decks/standard-gardiens.deck → "gardiens") when the manifest knows the files, else its name
 * without a trailing " rapide" / "(quick)".
 */
export function deckKeys(results: Results, deckBase: (name: string, mode: string, file?: string) => string = vpDeckBase): Map<string, string> {
  const out = new Map<string, string>();
  const files = ((results.manifest?.config as { decks?: { name: string; mode: string; file?: string | null }[] } | undefined)?.decks) ?? [];
  for (const d of files) {
    if (!d.file) continue;
    out.set(`${d.mode}\t${d.name}`, deckBase(d.name, d.mode, d.file));
  }
  for (const t of results.tables.values()) {
    for (const d of t.decks) {
      const k = `${d.mode}\t${d.deck}`;
      if (!out.has(k)) out.set(k, deckBase(d.deck, d.mode));
    }
  }
  return out;
}
