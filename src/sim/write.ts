// Writes a run's results: CSV tables (csv-stringify), summary.json and manifest.json, each
// written whole to a temporary name and renamed; games.csv streamed row by row.
import { createWriteStream, mkdirSync, renameSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { stringify, type Stringifier } from 'csv-stringify';
import type { GameWords } from '../core/module.ts';
import type { Aggregate } from './aggregate.ts';
import { cardColumns, DECK_COLUMNS, DECK_MATCHUP_COLUMNS, MATCHUP_COLUMNS, cardRows, deckMatchupRows, deckRows, matchupRows, modeColumns, modeRows, toCsvRows, turnHistogram } from './metrics.ts';
import { metaOfMatchups, type MetaMatchup } from '../report/meta.ts';
import { cardDeckRows } from '../report/card-decks.ts';
import { effectTable } from './card-effects.ts';
import { atomicWrite, csvText, pendingTemps, stableJson, tempName } from './output.ts';
import { gameRowHeader, type GameRow } from './shard.ts';

/** Only what the column names need of the game's words. */
export type ColumnWords = Pick<GameWords, 'scoreColumn' | 'sourceColumn' | 'columns'>;

/** A generic column's name in the game's words ('' : the game has no such column). */
export function columnName(c: string, w: ColumnWords | undefined): string {
  if (!w) return c;
  const own = w.columns?.[c];
  if (own !== undefined) return own;
  if (c === 'vp_for' || c === 'vp_against') return `${w.scoreColumn}_${c.slice(3)}`;
  const share = /^vp_(.+)_share$/.exec(c);
  if (share) return `${w.sourceColumn}_${share[1]}_share`;
  return c;
}

/** A table's CSV in the game's words: its columns renamed, the ones it has not dropped. */
function tableCsv(cols: readonly string[], rows: Parameters<typeof toCsvRows>[0], w: ColumnWords | undefined): string {
  const keep = cols.filter((c) => columnName(c, w) !== '');
  return csvText(keep.map((c) => columnName(c, w)), toCsvRows(rows, keep));
}

/** The derived tables of one aggregate, as summary.json holds them. */
export function summarize(agg: Aggregate) {
  const matchups = matchupRows(agg);
  return {
    modes: modeRows(agg),
    decks: deckRows(agg),
    matchups,
    deckMatchups: deckMatchupRows(agg),
    cards: cardRows(agg),
    gameLength: turnHistogram(agg),
    vpSources: agg.vpSources,
    // The deck-choice equilibrium per mode (issue #17): which decks a rational field would bring.
    meta: metaOfMatchups(matchups as unknown as MetaMatchup[]),
    // Each card's figures in each deck holding it (the report's per-card drill-down).
    cardDecks: cardDeckRows(effectTable(agg)),
  };
}

/** Writes cards.csv, decks.csv, matchups.csv, deck_matchups.csv, modes.csv of one aggregate into dir. */
export function writeTables(dir: string, agg: Aggregate, words?: ColumnWords): void {
  atomicWrite(join(dir, 'cards.csv'), tableCsv(cardColumns(agg), cardRows(agg), words));
  atomicWrite(join(dir, 'decks.csv'), tableCsv(DECK_COLUMNS, deckRows(agg), words));
  atomicWrite(join(dir, 'matchups.csv'), tableCsv(MATCHUP_COLUMNS, matchupRows(agg), words));
  atomicWrite(join(dir, 'deck_matchups.csv'), tableCsv(DECK_MATCHUP_COLUMNS, deckMatchupRows(agg), words));
  atomicWrite(join(dir, 'modes.csv'), tableCsv(modeColumns(agg), modeRows(agg), words));
}

export function writeJson(file: string, value: unknown): void {
  atomicWrite(file, stableJson(value));
}

/** games.csv, streamed: rows go to a temporary file renamed when the run ends well. */
export class GameRowWriter {
  private readonly tmp: string;
  private readonly out: WriteStream;
  private readonly csv: Stringifier;
  private readonly done: Promise<void>;

  constructor(private readonly file: string, words?: ColumnWords) {
    mkdirSync(join(file, '..'), { recursive: true });
    this.tmp = tempName(file);
    pendingTemps.add(this.tmp);
    this.out = createWriteStream(this.tmp);
    this.csv = stringify({ header: true, columns: gameRowHeader(words?.scoreColumn) });
    this.csv.pipe(this.out);
    this.done = new Promise((resolve, reject) => {
      this.out.on('finish', () => resolve());
      this.out.on('error', reject);
      this.csv.on('error', reject);
    });
  }

  write(rows: GameRow[]): void {
    for (const r of rows) this.csv.write(r);
  }

  /** Ends the stream; renames it into place when `keep`. */
  async close(keep: boolean): Promise<void> {
    this.csv.end();
    await this.done;
    if (keep) {
      renameSync(this.tmp, this.file);
      pendingTemps.delete(this.tmp);
    }
  }
}
