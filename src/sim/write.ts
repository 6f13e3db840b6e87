// Writes a run's results: CSV tables (csv-stringify), summary.json and manifest.json, each
// written whole to a temporary name and renamed; games.csv streamed row by row.
import { createWriteStream, mkdirSync, renameSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Aggregate } from './aggregate.ts';
import { cardColumns, DECK_COLUMNS, DECK_MATCHUP_COLUMNS, MATCHUP_COLUMNS, cardRows, deckMatchupRows, deckRows, matchupRows, modeColumns, modeRows, toCsvRows, turnHistogram } from './metrics.ts';
import { atomicWrite, csvText, pendingTemps, stableJson, tempName } from './output.ts';
import { GAME_ROW_HEADER, type GameRow } from './shard.ts';

/** The derived tables of one aggregate, as summary.json holds them. */
export function summarize(agg: Aggregate) {
  return {
    modes: modeRows(agg),
    decks: deckRows(agg),
    matchups: matchupRows(agg),
    deckMatchups: deckMatchupRows(agg),
    cards: cardRows(agg),
    gameLength: turnHistogram(agg),
    vpSources: agg.vpSources,
  };
}

/** Writes cards.csv, decks.csv, matchups.csv, deck_matchups.csv, modes.csv of one aggregate into dir. */
export function writeTables(dir: string, agg: Aggregate): void {
  const cc = cardColumns(agg);
  atomicWrite(join(dir, 'cards.csv'), csvText(cc, toCsvRows(cardRows(agg), cc)));
  atomicWrite(join(dir, 'decks.csv'), csvText(DECK_COLUMNS, toCsvRows(deckRows(agg), DECK_COLUMNS)));
  atomicWrite(join(dir, 'matchups.csv'), csvText(MATCHUP_COLUMNS, toCsvRows(matchupRows(agg), MATCHUP_COLUMNS)));
  atomicWrite(join(dir, 'deck_matchups.csv'), csvText(DECK_MATCHUP_COLUMNS, toCsvRows(deckMatchupRows(agg), DECK_MATCHUP_COLUMNS)));
  const mc = modeColumns(agg);
  atomicWrite(join(dir, 'modes.csv'), csvText(mc, toCsvRows(modeRows(agg), mc)));
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

  constructor(private readonly file: string) {
    mkdirSync(join(file, '..'), { recursive: true });
    this.tmp = tempName(file);
    pendingTemps.add(this.tmp);
    this.out = createWriteStream(this.tmp);
    this.csv = stringify({ header: true, columns: GAME_ROW_HEADER });
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
