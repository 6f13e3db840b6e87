// The game-module contract: everything the generic layers (simulation, reports, bots, the
// command line) need from a rule set, in one record per game. A game folder exports one
// `GameModule` from its `module.ts`; `src/games/registry.ts` lists them. Nothing here names
// a game: the words a report prints, the counters a card row holds, the deck format and the
// card fields an experiment may patch all come from the module.
import { readFileSync } from 'node:fs';
import type { CardStatsGame, Game } from './game.ts';

/** A bot as the module hands it out (the same shape as bots/bot.ts's Bot, kept here so core imports no bot). */
export interface ModuleBot<S> {
  readonly name: string;
  choose(game: Game<S>, state: S, legal: Int32Array, n: number): number;
}

/** A deck as read from a file, in the generic shape the simulation and the CLI use. */
export interface LoadedDeck {
  name: string;
  mode: string;
  /** The game's own deck list, handed back to `buildMatch` (opaque outside the game). */
  list: unknown;
  entries: readonly { name: string; count: number }[];
  file?: string;
}

/** What changes the rules or cards of a run (an experiment arm): opaque to the simulation. */
export interface Variant {
  /** A designer's catalogue (`CatalogueHook.load`'s cards) in place of the shipped one; the patches apply to it. */
  cards?: unknown;
  patches?: readonly Record<string, unknown>[];
  rules?: Record<string, unknown>;
}

export interface MatchRequest {
  mode: string;
  /** The two sides' deck lists (`LoadedDeck.list`). */
  decks: readonly [unknown, unknown];
  variant?: Variant;
}

/** One score source a game reports per seat (Blue Rising: VP by kills; Diplomatie: PD by Siege). */
export interface ScoreSource {
  /** As CardStatsGame.vpSourceNames has it (CSV columns use it). */
  key: string;
  /** What a report prints. */
  label: string;
}

/** A per-card counter the game records (CardStatsGame.cardStatFields), and what it means. */
export interface CounterDef {
  field: string;
  meaning: string;
}

/** A glossary line of the report: a term, where it is found, what it means. */
export interface GlossaryTerm {
  term: string;
  where: string;
  meaning: string;
}

/** The words a report and the CSV headers use for this game. */
export interface GameWords {
  /** The score a seat's total counts (Blue Rising "VP", Diplomatie "PD"): `decks.csv`'s for/against, games.csv. */
  score: string;
  /** Column stem of that score ("vp" → vp_seat0, vp_for). */
  scoreColumn: string;
  /** Column stem of the score-source shares in modes.csv (`${stem}_${source}_share`). */
  sourceColumn: string;
  /** Indices into the score sources that make up the seat score (default: all). */
  scoreSources?: readonly number[];
  /** A game is decisive when won by at least this many of `score`. */
  decisiveMargin: number;
  /** "decided by 2+ VP": said where the decisive share is shown. */
  decisive: string;
  /** Chart title of the score sources ("How VP were scored"), its axis and legend. */
  sourcesTitle: string;
  sourcesAxis: string;
  sourcesLegend: string;
  /** Its subtitle and caption, and the unit a source's share is of ("VP"). */
  sourcesSubtitle: string;
  sourcesCaption: string;
  sourceUnit: string;
  /** CSV column renames for this game's words (generic name → the game's); absent: kept. */
  columns?: Readonly<Record<string, string>>;
  /** A deck's name across modes, for pairing a deck with itself in another mode. */
  deckBase(name: string, mode: string, file?: string): string;
  /** Glossary lines about the score (the rest of the glossary is generic). */
  glossary: readonly GlossaryTerm[];
  /** How the CSVs are described on the report page: decks.csv and modes.csv lines. */
  decksCsv: string;
  modesCsv: string;
}

/** One mode of play: its id (decks declare it) and a line about it. */
export interface ModeDef {
  id: string;
  about: string;
}

/** A rule knob: its default and what values it takes (numbers: a range; words: a list). */
export interface KnobDef {
  key: string;
  default: unknown;
  range?: readonly [number, number];
  words?: readonly string[];
}

/** A designer's catalogue file as the module read and checked it. */
export interface LoadedCards {
  /** Opaque outside the game: handed back as `Variant.cards`. */
  cards: unknown;
  /** sha256 of its content, as manifest.json records it (the shipped one's: `CatalogueHook.sha256`). */
  sha256: string;
  names: readonly string[];
  /** Problems of a deck list (`LoadedDeck.list`) under these cards: a card it lacks, a type it changed. */
  checkDeck(list: unknown): string[];
}

/** The game's card catalogue: compiled at load, with a content hash for the manifest. */
export interface CatalogueHook {
  /** The card definitions, as data. */
  cards(): readonly unknown[];
  /** sha256 of the catalogue's content, as manifest.json records it. */
  sha256(): string;
  /** Card names (`lab cards`, patch checks). */
  names(): readonly string[];
  /** Compiles definitions (checks every field; throws an input error naming the card). */
  compile(cards: readonly unknown[]): unknown;
  /** `lab cards`: the entries matching every filter, and their lines of text. */
  list(filters: readonly string[]): { cards: readonly unknown[]; lines: string[] };
  /**
   * Reads a designer's copy of the card data (`--catalogue FILE`), checked field by field;
   * throws an input error naming the card and the field. Absent: the game has no card data file.
   */
  load?(file: string): LoadedCards;
}

/** The patchable card fields: one JSON schema for a patch, used by experiments, `whatif` and the CLI. */
export interface PatchHook {
  /** JSON schema of one patch `{ card, field: value… }` (ajv, strict). */
  schema: Record<string, unknown>;
  /** Fields a sweep may step through, and the patch a value of one makes. */
  sweepFields: readonly string[];
  sweepPatch(card: string, field: string, value: number): Record<string, unknown>;
  /** Checks a patch against the catalogue (or a designer's, `LoadedCards.cards`); throws naming `where`. */
  check(patch: Record<string, unknown>, where: string, cards?: unknown): void;
  describe(patch: Record<string, unknown>): string;
}

/** One opening variant the nightly measures: a name, what it does in words, and its knobs (as `parse` gives them). */
export interface OpeningVariant {
  name: string;
  description: string;
  rules: Record<string, unknown>;
}

/**
 * The game's opening knobs, for the nightly's first-player question: which variants bring the
 * first player nearest 50%. `sweep` steps one numeric knob (one arm a value, the base at its
 * default); `modes`: where the question is asked (default: every mode of the run).
 */
export interface OpeningHook {
  variants: readonly OpeningVariant[];
  sweep?: { rule: string; values: readonly number[] };
  modes?: readonly string[];
}

/** A game's rule knobs. */
export interface RulesHook {
  knobs(): readonly KnobDef[];
  /** Parses `key=value` items (the CLI's --rule, an experiment's rules), naming the bad one. */
  parse(items: readonly string[]): Record<string, unknown>;
  /** Its opening variants; absent: the game declares none and the nightly says so. */
  opening?: OpeningHook;
}

/** The game's own heuristic bot, and the rollout policies it offers to the search bots. */
export interface HeuristicHook {
  profiles: readonly string[];
  defaultProfile: string;
  make<S>(seed: number, profile: string): ModuleBot<S>;
}

/**
 * A heuristic hook from a game's own bot factory, whatever state type it is written for:
 * `heuristic: heuristicHook(makeDiplomatieBot, ['midrange'])`.
 */
export function heuristicHook<T>(make: (seed: number, profile: string) => ModuleBot<T>, profiles: readonly string[], defaultProfile = profiles[0]!): HeuristicHook {
  return { profiles, defaultProfile, make: <S>(seed: number, profile: string) => make(seed, profile) as unknown as ModuleBot<S> };
}

/** One ablation arm: a card replaced by its replacement-level stand-in, and the stand-in in words. */
export interface AblationVariant {
  card: string;
  standIn: string;
  variant: Variant;
}

/** Replacement-level stand-ins for `lab ablate`: what a deck would play instead of a card. */
export interface AblationHook {
  /**
   * For each named card, `base` with the card replaced by its stand-in under the same name (so
   * decks, shuffles and seeds stay the base's); an unknown name throws an input error.
   */
  variants(base: Variant | undefined, cards: readonly string[]): AblationVariant[];
}

/** What a scenario file run gives back (`lab scenario`). */
export interface ScenarioOutcome {
  name: string;
  ok: boolean;
  steps: number;
  failure?: string;
  log?: string;
}

/** `lab replay`'s view of a game: a log to attach and the words of its summary. */
export interface ReplayHook {
  /** Attaches a designer log to a fresh state (may do nothing), and returns its text reader. */
  attachLog(game: CardStatsGame<unknown>, state: unknown): () => string;
  playerName(game: CardStatsGame<unknown>, seat: number): string;
  /** The scores at the end, as numbers per seat, and in words ("VP 3–2"). */
  scores(game: CardStatsGame<unknown>, state: unknown): { values: Record<string, number[]>; text: string };
}

export interface GameModule {
  id: string;
  title: string;
  modes: readonly ModeDef[];
  defaultMode: string;
  /** Where its shipped decks live (relative to the project root). */
  deckFolder: string;
  /** Reads a deck text: the deck, or every problem, each naming its line or card. */
  readDeck(text: string, file: string): { deck: LoadedDeck | null; errors: string[] };
  /** Reads a deck text that must be valid; throws the game's deck error naming the file. */
  loadDeck(text: string, file: string): LoadedDeck;
  catalogue: CatalogueHook;
  patches: PatchHook;
  rules: RulesHook;
  /** The game of deck A (seat 0) against deck B (seat 1), under a variant. */
  buildMatch(req: MatchRequest): CardStatsGame<unknown>;
  /** The per-card counters it records and the score sources it reports. */
  counters: { cards: readonly CounterDef[]; sources: readonly ScoreSource[] };
  words: GameWords;
  /** Error classes that mean bad input (exit 2). */
  inputErrors: readonly (new (...args: never[]) => Error)[];
  replay: ReplayHook;
  /** Runs a scenario file (both seat orders where the game has them). */
  runScenario?(file: string): ScenarioOutcome;
  heuristic?: HeuristicHook;
  /** Stand-ins for ablation (`lab ablate`); absent: the game offers none. */
  ablation?: AblationHook;
}

/** Bad input about the game itself: an unknown id, a deck of another game, a mode it lacks. */
export class GameModuleError extends Error {}

/** A mode of the module, or an error naming the mode, the game and its modes. */
export function checkMode(m: GameModule, mode: string): string {
  if (m.modes.some((d) => d.id === mode)) return mode;
  throw new GameModuleError(`mode "${mode}" is not a mode of ${m.id} (its modes: ${m.modes.map((d) => d.id).join(', ')})`);
}

const GAME_LINE = /^\s*game\s*:\s*(\S*)\s*(#.*)?$/i;

/**
 * A deck text for a module: a `game:` line is the generic layer's (a deck of another game is
 * refused naming the file and both games); it is blanked so line numbers stay the file's.
 */
export function deckTextFor(m: GameModule, text: string, file: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let declared: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const g = GAME_LINE.exec(lines[i]!);
    if (!g) continue;
    declared = g[1]!;
    lines[i] = '';
  }
  if (declared !== null && declared !== m.id) {
    throw new GameModuleError(`${file}: a deck of ${declared === '' ? 'no game' : `game "${declared}"`}, not of ${m.id} (--game ${m.id} was asked)`);
  }
  return lines.join('\n');
}

/** A deck file's text, or why there is none: unreadable, or not text (never echoed). */
export function readDeckFileText(file: string): { text: string } | { error: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return { error: `${file}: cannot read deck file (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  if (bytes.includes(0)) return { error: `${file}: not a text deck file (it holds NUL bytes)` };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { error: `${file}: not a text deck file (it is not valid UTF-8)` };
  }
}

/** Loads a valid deck file of the module's game; throws an input error naming the file. */
export function loadDeckFile(m: GameModule, file: string): LoadedDeck {
  const read = readDeckFileText(file);
  if ('error' in read) throw new GameModuleError(read.error);
  return m.loadDeck(deckTextFor(m, read.text, file), file);
}

/** Every problem of a deck file at once (`lab deck validate`). */
export function checkDeckFileFor(m: GameModule, file: string): { deck: LoadedDeck | null; errors: string[] } {
  const read = readDeckFileText(file);
  if ('error' in read) return { deck: null, errors: [read.error] };
  return m.readDeck(deckTextFor(m, read.text, file), file);
}
