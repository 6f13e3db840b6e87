// Streaming aggregates (metrics.md): integer counters only, so merging partial aggregates
// from any number of workers, in any order, gives exactly the same totals.
import { mergeEffects, unpackEffects, type EffectTable, type PackedEffects } from './card-effects.ts';

/** Per card and mode, copy-weighted sums over (game, seat) where the deck holds the card. */
export const CARD_COUNTERS = [
  'seatGames', // (game, seat) pairs whose deck holds the card
  'deck', 'wonDeck', // GP WR = wonDeck / deck
  'dealt', 'wonDealt', 'kept', // before the mulligan, and still in hand after it
  'oh', 'wonOh', // opening hand after the mulligan
  'drawn', 'wonDrawn', // drawn after the opening hand
  'gih', 'wonGih', // in hand: oh + drawn
  'gns', 'wonGns', // never seen: max(0, deck − setup − oh − drawn)
  'played', 'wonPlayed', // copies played at least once (a copy replayed counts once)
  'pitched', 'eotDiscard',
  'vpScored', 'vpGiven',
  'setup',
  'drawnGames', // (game, seat) pairs ending in a draw (turn cap), copy-weighted by deck
  // IWD by turn (metrics.md): among games reaching checkpoint k's turn, copies seen by then
  // (in hand or play) and copies not seen, with the wins of each.
  't0Seen', 't0WonSeen', 't0Unseen', 't0WonUnseen',
  't1Seen', 't1WonSeen', 't1Unseen', 't1WonUnseen',
  't2Seen', 't2WonSeen', 't2Unseen', 't2WonUnseen',
  't3Seen', 't3WonSeen', 't3Unseen', 't3WonUnseen',
  't4Seen', 't4WonSeen', 't4Unseen', 't4WonUnseen',
  'held', // copies in hand at some point after the mulligans: the play rate's denominator
  'replays', // plays of a copy after its first (back in hand, played again)
  // Clustered sums (metrics.md, "Per card"): copies are not the unit of GIH WR and IWD, a
  // cluster of games is (the shard closes one after each seed pair: its two games share the
  // deal, and both seats of a game share its result). Per cluster, n = copies in hand (gih) or
  // never seen (gns), y = the won ones: the clusters holding a copy in hand, Σn², Σy², Σy·n of
  // each, the clusters holding the card, and the cross sums Σy₁y₂, Σy₁n₂, Σn₁y₂, Σn₁n₂ (gih, gns)
  // for IWD's covariance. Integers: they merge by addition.
  'gihClusters', 'gihNn', 'gihYy', 'gihYn', 'gnsNn', 'gnsYy', 'gnsYn',
  'cardClusters', 'xYy', 'xYn', 'xNy', 'xNn',
] as const;
/** Checkpoints of IWD by turn the aggregate holds. */
export const MAX_CHECKPOINTS = 5;
export type CardCounter = (typeof CARD_COUNTERS)[number];
export const C = Object.fromEntries(CARD_COUNTERS.map((k, i) => [k, i])) as Record<CardCounter, number>;
// The counters addSeat adds to, as plain numbers (read once per seat-game and card).
const C_SEAT_GAMES = C.seatGames, C_DECK = C.deck, C_WON_DECK = C.wonDeck, C_DEALT = C.dealt, C_WON_DEALT = C.wonDealt, C_KEPT = C.kept;
const C_OH = C.oh, C_WON_OH = C.wonOh, C_DRAWN = C.drawn, C_WON_DRAWN = C.wonDrawn, C_GIH = C.gih, C_WON_GIH = C.wonGih;
const C_GNS = C.gns, C_WON_GNS = C.wonGns, C_PLAYED = C.played, C_WON_PLAYED = C.wonPlayed, C_HELD = C.held, C_REPLAYS = C.replays;
const C_PITCHED = C.pitched, C_EOT = C.eotDiscard, C_VP_SCORED = C.vpScored, C_VP_GIVEN = C.vpGiven, C_SETUP = C.setup;
const C_DRAWN_GAMES = C.drawnGames, C_T0_SEEN = C.t0Seen;

/** Per deck and mode, from that deck's side. */
export const DECK_COUNTERS = ['games', 'wins', 'losses', 'draws', 'firstGames', 'firstWins', 'vpFor', 'vpAgainst', 'turns'] as const;
export const D = Object.fromEntries(DECK_COUNTERS.map((k, i) => [k, i])) as Record<(typeof DECK_COUNTERS)[number], number>;

/** Per matchup (deck A vs deck B, A first in the pairing) and mode, from A's side. */
export const MATCHUP_COUNTERS = [
  'games', 'winsA', 'winsB', 'draws',
  'pairs', 'pairsBothA', 'pairsSplit', 'pairsBothB', 'pairsWithDraw',
  'aFirstGames', 'aFirstWins', 'bFirstGames', 'bFirstWinsA',
  'aFirstWinsB', 'bFirstWinsB', // B's wins by who moved first (draws make them more than the rest)
] as const;
export const M = Object.fromEntries(MATCHUP_COUNTERS.map((k, i) => [k, i])) as Record<(typeof MATCHUP_COUNTERS)[number], number>;

/** Per mode. Score sources follow the game's own names (Blue Rising: kill, environment, exhaustion, other). */
export const MODE_COUNTERS = [
  'games', 'firstWins', 'secondWins', 'draws',
  'turns', 'turnsSq', 'decisions', 'decisive', // decisive: decided by 2+ VP
  'leadChanges',
  'vp0', 'vp1', 'vp2', 'vp3', 'vp4', 'vp5', // score by source index (the game's sources, at most 6)
] as const;
export const MD = Object.fromEntries(MODE_COUNTERS.map((k, i) => [k, i])) as Record<(typeof MODE_COUNTERS)[number], number>;

export interface Aggregate {
  /** mode → card → counters */
  cards: Record<string, Record<string, number[]>>;
  /** mode → deck → counters */
  decks: Record<string, Record<string, number[]>>;
  /** mode → "A\tB" → counters */
  matchups: Record<string, Record<string, number[]>>;
  /** mode → counters */
  modes: Record<string, number[]>;
  /** mode → turns → games (game-length histogram) */
  turns: Record<string, Record<string, number>>;
  /** VP source names, as the game reports them. */
  vpSources: string[];
  /** The turns of the IWD-by-turn checkpoints (t0…), as the game reports them. */
  checkpoints: number[];
  /**
   * mode → "A\tB" → by pair index, the pair's result as a code 1 + winsA + 3·winsB (0 to 2 wins
   * of each side over the pair's two games): what paired arm differences need (compare.ts).
   */
  pairs: Record<string, Record<string, number[]>>;
  /**
   * The same pairs from the seats' side: 1 + wins of the player who moved first + 3 · wins of
   * the other, over the pair's two games (pairWins decodes it): a rule arm's paired change of
   * the first player's win rate (first-player.ts).
   */
  firstPairs?: Record<string, Record<string, number[]>>;
  /**
   * The pair index of every `pairs` array's first entry: 0 in a run's aggregate; a shard's
   * starts at its first pair, so that its arrays hold its own pairs only (not the holes
   * before them, which a journal line would write out as nulls).
   */
  pairBase?: number;
  /** Deck-adjusted card effect counts (card-effects.ts). */
  effects?: EffectTable;
  /** A shard's effect counts as it sends them (card-effects.ts pack); merged into `effects`. */
  packedEffects?: PackedEffects;
  /** The game's own card counters beyond CARD_COUNTERS (its module declares them), and mode → card → their sums. */
  extraCounters?: string[];
  cardExtras?: Record<string, Record<string, number[]>>;
}

export function emptyAggregate(): Aggregate {
  return { cards: {}, decks: {}, matchups: {}, modes: {}, turns: {}, vpSources: [], checkpoints: [], pairs: {} };
}

function row(table: Record<string, number[]>, key: string, size: number): number[] {
  let r = table[key];
  if (!r) {
    // Pushed, not new Array(size).fill(0): that array stays holey, and a holey array is copied
    // to the main thread and written to the journal entry by entry (a shard's card rows took
    // 1.4 ms to copy instead of 0.04).
    r = [];
    for (let i = 0; i < size; i++) r.push(0);
    table[key] = r;
  }
  return r;
}
function sub<T>(table: Record<string, T>, key: string, make: () => T): T {
  let t = table[key];
  if (t === undefined) table[key] = t = make();
  return t;
}

export function matchupKey(a: string, b: string): string {
  return `${a}\t${b}`;
}

/** Adds b into a (exact: integer sums). */
export function mergeInto(a: Aggregate, b: Aggregate): void {
  const addTables = (x: Record<string, Record<string, number[]>>, y: Record<string, Record<string, number[]>>, size: number) => {
    for (const [mode, t] of Object.entries(y)) {
      const xt = sub(x, mode, () => ({}));
      for (const [k, v] of Object.entries(t)) {
        const r = row(xt, k, size);
        for (let i = 0; i < size; i++) r[i]! += v[i]!;
      }
    }
  };
  addTables(a.cards, b.cards, CARD_COUNTERS.length);
  if (b.extraCounters?.length) {
    a.extraCounters ??= b.extraCounters.slice();
    addTables((a.cardExtras ??= {}), b.cardExtras ?? {}, b.extraCounters.length);
  }
  addTables(a.decks, b.decks, DECK_COUNTERS.length);
  addTables(a.matchups, b.matchups, MATCHUP_COUNTERS.length);
  for (const [mode, v] of Object.entries(b.modes)) {
    const r = row(a.modes, mode, MODE_COUNTERS.length);
    for (let i = 0; i < MODE_COUNTERS.length; i++) r[i]! += v[i]!;
  }
  for (const [mode, h] of Object.entries(b.turns)) {
    const t = sub(a.turns, mode, () => ({} as Record<string, number>));
    for (const [k, n] of Object.entries(h)) t[k] = (t[k] ?? 0) + n;
  }
  if (a.vpSources.length === 0) a.vpSources = b.vpSources.slice();
  if (a.checkpoints.length === 0) a.checkpoints = b.checkpoints.slice();
  if (b.effects) mergeEffects(a, b.effects);
  if (b.packedEffects) unpackEffects(a, b.packedEffects);
  // Pair results: each pair is played by one shard, so a merge places them at their index.
  if ((a.pairBase ?? 0) !== 0) throw new Error('pair results merge only into an aggregate whose pairs start at 0');
  const base = b.pairBase ?? 0;
  a.pairs ??= {};
  mergePairCodes(a.pairs, b.pairs ?? {}, base);
  if (b.firstPairs) mergePairCodes((a.firstPairs ??= {}), b.firstPairs, base);
}

function mergePairCodes(a: Record<string, Record<string, number[]>>, b: Record<string, Record<string, number[]>>, base: number): void {
  for (const [mode, t] of Object.entries(b)) {
    const at = sub(a, mode, () => ({} as Record<string, number[]>));
    for (const [k, codes] of Object.entries(t)) {
      const dst = sub(at, k, () => [] as number[]);
      for (let i = 0; i < codes.length; i++) {
        const v = codes[i];
        if (v !== undefined && v !== null && v > 0) dst[base + i] = v;
      }
    }
  }
}

/**
 * Pair codes of many shards kept as integers in typed arrays, by table (pairs, firstPairs),
 * mode and matchup, until foldInto writes them into an aggregate as mergeInto would have: a
 * million-game run's codes as JS arrays grow to tens of MB of the main thread's heap.
 */
export class PairCodeStore {
  private readonly tables = new Map<string, { table: 'pairs' | 'firstPairs'; mode: string; key: string; codes: Int32Array; length: number }>();

  /** Takes b's pair codes (from b.pairBase on) out of b. */
  take(b: Aggregate): void {
    const base = b.pairBase ?? 0;
    for (const table of ['pairs', 'firstPairs'] as const) {
      for (const [mode, t] of Object.entries(b[table] ?? {})) {
        for (const [key, codes] of Object.entries(t)) {
          const id = `${table}\n${mode}\n${key}`;
          let e = this.tables.get(id);
          if (!e) this.tables.set(id, (e = { table, mode, key, codes: new Int32Array(1024), length: 0 }));
          const end = base + codes.length;
          if (end > e.codes.length) {
            const grown = new Int32Array(Math.max(end, 2 * e.codes.length));
            grown.set(e.codes);
            e.codes = grown;
          }
          for (let i = 0; i < codes.length; i++) {
            const v = codes[i];
            if (v !== undefined && v !== null && v > 0) e.codes[base + i] = v;
          }
          e.length = Math.max(e.length, end);
        }
      }
    }
    b.pairs = {};
    delete b.firstPairs;
  }

  /** Writes the codes into a (whose pairs start at 0), tables and keys in the order they first came. */
  foldInto(a: Aggregate): void {
    for (const e of this.tables.values()) {
      const dst = sub(sub(e.table === 'pairs' ? a.pairs : (a.firstPairs ??= {}), e.mode, () => ({} as Record<string, number[]>)), e.key, () => [] as number[]);
      for (let i = 0; i < e.length; i++) if (e.codes[i]! > 0) dst[i] = e.codes[i]!;
    }
    this.tables.clear();
  }
}

/** Decodes a pair code: [wins of side A, wins of side B] over the pair's two games. */
export function pairWins(code: number): [number, number] {
  const v = code - 1;
  return [v % 3, Math.floor(v / 3)];
}

/** One finished game, as the shard runner records it. */
export interface GameResult {
  mode: string;
  /** Deck names by seat. */
  decks: [string, string];
  /** Which side of the pairing sits in seat 0 (0: deck A first in the list). */
  sideOfSeat0: 0 | 1;
  winner: number; // seat, -1 draw
  first: number; // seat
  turns: number;
  vp: [number, number];
  decisions: [number, number];
  /** [seat * sources + source] */
  vpSources: Int32Array;
  /** Card stats as the game wrote them: [(seat * kinds + kind) * fields + field]. */
  cardStats: Int32Array;
  /** Draw depth of each kind's first copy as play began, [seat * kinds + kind] (games that report it). */
  drawDepths?: Int32Array;
  leadChanges: number;
  /**
   * The kinds each seat's deck holds, listed once per game (listPresent) so that the card
   * counters and the effect counts visit those only: [seat * (kinds + 1)] their number, then
   * the kinds in order. Listed by whoever reads it when absent.
   */
  present?: Int32Array;
}

/** Lists into r.present the kinds each seat's deck holds (deck counter above 0), in kind order. */
export function listPresent(lay: StatLayout, r: GameResult): Int32Array {
  const K = lay.kinds, F = lay.fields, fDeck = lay.f.deck, st = r.cardStats;
  const out = r.present && r.present.length >= 2 * (K + 1) ? r.present : (r.present = new Int32Array(2 * (K + 1)));
  for (let seat = 0; seat < 2; seat++) {
    const at = seat * (K + 1);
    let n = 0;
    for (let k = 0, base = seat * K * F + fDeck; k < K; k++, base += F) if (st[base]! !== 0) out[at + 1 + n++] = k;
    out[at] = n;
  }
  return out;
}

/** Field positions the card stats use (from the game's cardStatFields). */
export interface StatLayout {
  kinds: number;
  fields: number;
  names: readonly string[];
  f: Record<'deck' | 'setup' | 'dealt' | 'kept' | 'oh' | 'drawn' | 'played' | 'pitched' | 'eotDiscard' | 'vpScored' | 'vpGiven', number>;
  /** Optional counters (-1 when the game records none): replays, and copies held (else in hand = oh + drawn). */
  replays: number;
  held: number;
  sources: readonly string[];
  /** Checkpoint turns and the field of "copies seen by that turn" for each. */
  checkpoints: readonly number[];
  seenBy: readonly number[];
  /** A win by at least this many of the game's score is decisive. */
  decisiveMargin: number;
  /** The game's own counters beyond the generic ones (their names and fields): summed per card as they are. */
  extraNames: readonly string[];
  extras: readonly number[];
  /** The game reports draw depths (CardStatsGame.readDrawDepths). */
  depths?: boolean;
}

export function statLayout(fields: readonly string[], names: readonly string[], sources: readonly string[], checkpoints: readonly number[] = [], decisiveMargin = 2, declared: readonly string[] = []): StatLayout {
  const need = ['deck', 'setup', 'dealt', 'kept', 'oh', 'drawn', 'played', 'pitched', 'eotDiscard', 'vpScored', 'vpGiven'] as const;
  const f = {} as StatLayout['f'];
  for (const k of need) {
    const i = fields.indexOf(k);
    if (i < 0) throw new Error(`the game records no "${k}" card counter`);
    f[k] = i;
  }
  const cps = checkpoints.slice(0, MAX_CHECKPOINTS);
  const seenBy = cps.map((t) => {
    const i = fields.indexOf(`seenBy${t}`);
    if (i < 0) throw new Error(`the game records no "seenBy${t}" card counter`);
    return i;
  });
  // A declared counter the generic aggregate has no place for is summed as it is (cards.csv gets its column).
  const extraNames = declared.filter((k) => !(need as readonly string[]).includes(k) && fields.includes(k));
  const extras = extraNames.map((k) => fields.indexOf(k));
  return { kinds: names.length, fields: fields.length, names, f, sources, checkpoints: cps, seenBy, replays: fields.indexOf('replays'), held: fields.indexOf('held'), decisiveMargin, extraNames, extras };
}

/**
 * Card counters of one shard by card kind, in a flat array (no string lookups per game);
 * folded into the named Aggregate once, when the shard ends.
 */
export class CardAccumulator {
  readonly sums: Float64Array;
  /** The game's own counters: [kind * extras + e]. */
  readonly extraSums: Float64Array;
  /** The open cluster, per kind: copies in hand, won in hand, never seen, won never seen. */
  readonly cluster: Float64Array;
  /** Kinds the open cluster holds (whose deck holds the card), listed once. */
  readonly open: Uint8Array;
  readonly touched: Int32Array;
  nTouched = 0;
  constructor(readonly lay: StatLayout) {
    this.sums = new Float64Array(lay.kinds * CARD_COUNTERS.length);
    this.extraSums = new Float64Array(lay.kinds * lay.extras.length);
    this.cluster = new Float64Array(lay.kinds * 4);
    this.open = new Uint8Array(lay.kinds);
    this.touched = new Int32Array(lay.kinds);
  }
  /** Back to no game, for the next shard. */
  reset(): void {
    this.sums.fill(0);
    this.extraSums.fill(0);
    this.cluster.fill(0);
    this.open.fill(0);
    this.nTouched = 0;
  }
  /** Adds the open cluster's squares and products into the sums, and starts a new one. */
  closeCluster(): void {
    const N = CARD_COUNTERS.length;
    for (let t = 0; t < this.nTouched; t++) {
      const k = this.touched[t]!, o = k * 4, c = k * N, s = this.sums, cl = this.cluster;
      const n1 = cl[o]!, y1 = cl[o + 1]!, n2 = cl[o + 2]!, y2 = cl[o + 3]!;
      s[c + C.cardClusters]!++;
      if (n1 > 0) s[c + C.gihClusters]!++;
      s[c + C.gihNn]! += n1 * n1;
      s[c + C.gihYy]! += y1 * y1;
      s[c + C.gihYn]! += y1 * n1;
      s[c + C.gnsNn]! += n2 * n2;
      s[c + C.gnsYy]! += y2 * y2;
      s[c + C.gnsYn]! += y2 * n2;
      s[c + C.xYy]! += y1 * y2;
      s[c + C.xYn]! += y1 * n2;
      s[c + C.xNy]! += n1 * y2;
      s[c + C.xNn]! += n1 * n2;
      cl[o] = cl[o + 1] = cl[o + 2] = cl[o + 3] = 0;
      this.open[k] = 0;
    }
    this.nTouched = 0;
  }
  /**
   * Adds one seat's cards of a game (its stats as the game wrote them) into the sums and the
   * open cluster; `present`: the kinds of the seat's deck (GameResult.present), else all are looked at.
   */
  addSeat(st: Int32Array, seat: number, won: number, drawn: number, turns: number, present?: Int32Array): void {
    const lay = this.lay, sums = this.sums, N = CARD_COUNTERS.length, F = lay.fields, f = lay.f, K = lay.kinds;
    const fDeck = f.deck, fOh = f.oh, fDrawn = f.drawn, fSetup = f.setup, fPlayed = f.played, fDealt = f.dealt, fKept = f.kept;
    const fPitched = f.pitched, fEot = f.eotDiscard, fVpScored = f.vpScored, fVpGiven = f.vpGiven, held = lay.held, replays = lay.replays;
    const extras = lay.extras, E = extras.length, extraSums = this.extraSums, cluster = this.cluster, open = this.open;
    const seenBy = lay.seenBy, cps = lay.checkpoints;
    // The checkpoints the game reached (only those count seen and unseen copies).
    let T = 0;
    while (T < seenBy.length && turns >= cps[T]!) T++;
    const at = seat * (K + 1), n = present ? present[at]! : K;
    for (let i = 0; i < n; i++) {
      const k = present ? present[at + 1 + i]! : i;
      const base = (seat * K + k) * F;
      const deck = st[base + fDeck]!;
      if (deck === 0) continue;
      const c = k * N;
      const oh = st[base + fOh]!, dr = st[base + fDrawn]!, setup = st[base + fSetup]!;
      const played = st[base + fPlayed]!, dealt = st[base + fDealt]!;
      const gih = oh + dr;
      const gns = Math.max(0, deck - setup - oh - dr);
      sums[c + C_SEAT_GAMES]!++;
      sums[c + C_DECK]! += deck;
      sums[c + C_DEALT]! += dealt;
      sums[c + C_KEPT]! += st[base + fKept]!;
      sums[c + C_OH]! += oh;
      sums[c + C_DRAWN]! += dr;
      sums[c + C_GIH]! += gih;
      sums[c + C_GNS]! += gns;
      sums[c + C_PLAYED]! += played;
      // The won sums move for a won seat-game only (a lost one would add zeros).
      if (won !== 0) {
        sums[c + C_WON_DECK]! += deck;
        sums[c + C_WON_DEALT]! += dealt;
        sums[c + C_WON_OH]! += oh;
        sums[c + C_WON_DRAWN]! += dr;
        sums[c + C_WON_GIH]! += gih;
        sums[c + C_WON_GNS]! += gns;
        sums[c + C_WON_PLAYED]! += played;
      }
      sums[c + C_HELD]! += held >= 0 ? st[base + held]! : gih;
      if (replays >= 0) sums[c + C_REPLAYS]! += st[base + replays]!;
      sums[c + C_PITCHED]! += st[base + fPitched]!;
      sums[c + C_EOT]! += st[base + fEot]!;
      sums[c + C_VP_SCORED]! += st[base + fVpScored]!;
      sums[c + C_VP_GIVEN]! += st[base + fVpGiven]!;
      sums[c + C_SETUP]! += setup;
      if (drawn !== 0) sums[c + C_DRAWN_GAMES]! += deck;
      for (let e = 0; e < E; e++) extraSums[k * E + e]! += st[base + extras[e]!]!;
      const o = k * 4;
      if (open[k] === 0) {
        open[k] = 1;
        this.touched[this.nTouched++] = k;
      }
      cluster[o]! += gih;
      cluster[o + 2]! += gns;
      if (won !== 0) {
        cluster[o + 1]! += gih;
        cluster[o + 3]! += gns;
      }
      for (let t = 0, x = c + C_T0_SEEN; t < T; t++, x += 4) {
        const seen = st[base + seenBy[t]!]!;
        sums[x]! += seen;
        sums[x + 2]! += deck - seen;
        if (won !== 0) {
          sums[x + 1]! += seen;
          sums[x + 3]! += deck - seen;
        }
      }
    }
  }
  /** Folds the sums into agg.cards[mode] by card name (closing any open cluster). */
  foldInto(agg: Aggregate, mode: string): void {
    this.closeCluster();
    const cards = sub(agg.cards, mode, () => ({}));
    const N = CARD_COUNTERS.length;
    for (let k = 0; k < this.lay.kinds; k++) {
      if (this.sums[k * N + C.seatGames] === 0) continue;
      const r = row(cards, this.lay.names[k]!, N);
      for (let i = 0; i < N; i++) r[i]! += this.sums[k * N + i]!;
    }
    const E = this.lay.extras.length;
    if (E === 0) return;
    agg.extraCounters ??= this.lay.extraNames.slice();
    const extras = sub((agg.cardExtras ??= {}), mode, () => ({}));
    for (let k = 0; k < this.lay.kinds; k++) {
      if (this.sums[k * N + C.seatGames] === 0) continue;
      const r = row(extras, this.lay.names[k]!, E);
      for (let e = 0; e < E; e++) r[e]! += this.extraSums[k * E + e]!;
    }
  }
}

/** The rows one game adds to: its seats' decks, its matchup, its mode and game lengths (a shard looks them up once). */
export interface GameRows {
  seatDecks: [number[], number[]];
  matchup: number[];
  mode: number[];
  turns: Record<string, number>;
}

/** The rows of a game of `mode` between `seatDecks` (by seat) in `matchup`, made when missing. */
export function gameRows(agg: Aggregate, lay: StatLayout, mode: string, seatDecks: readonly [string, string], matchup: { a: string; b: string }): GameRows {
  if (agg.vpSources.length === 0) agg.vpSources = lay.sources.slice();
  if (agg.checkpoints.length === 0) agg.checkpoints = lay.checkpoints.slice();
  const decks = sub(agg.decks, mode, () => ({}));
  const mrow = row(sub(agg.matchups, mode, () => ({})), matchupKey(matchup.a, matchup.b), MATCHUP_COUNTERS.length);
  const mo = row(agg.modes, mode, MODE_COUNTERS.length);
  const d0 = row(decks, seatDecks[0], DECK_COUNTERS.length);
  const d1 = row(decks, seatDecks[1], DECK_COUNTERS.length);
  return { seatDecks: [d0, d1], matchup: mrow, mode: mo, turns: sub(agg.turns, mode, () => ({} as Record<string, number>)) };
}

/**
 * Adds one game into the aggregate (cards into the shard's accumulator). The game closes the
 * cards' cluster unless `keepCluster` (the first game of a seed pair: the pair is the cluster).
 */
export function addGame(agg: Aggregate, acc: CardAccumulator, r: GameResult, matchup: { a: string; b: string }, keepCluster = false): void {
  addGameTo(gameRows(agg, acc.lay, r.mode, r.decks, matchup), acc, r, keepCluster);
}

/** addGame into rows already looked up (gameRows: r's mode, seat decks and matchup). */
export function addGameTo(rows: GameRows, acc: CardAccumulator, r: GameResult, keepCluster = false): void {
  const lay = acc.lay;
  const mrow = rows.matchup, mo = rows.mode;
  const S = lay.sources.length;
  for (let seat = 0; seat < 2; seat++) {
    const won = r.winner === seat ? 1 : 0;
    const drawn = r.winner === -1 ? 1 : 0;
    const d = rows.seatDecks[seat]!;
    d[D.games]!++;
    d[D.wins]! += won;
    d[D.losses]! += r.winner === 1 - seat ? 1 : 0;
    d[D.draws]! += drawn;
    if (r.first === seat) {
      d[D.firstGames]!++;
      d[D.firstWins]! += won;
    }
    d[D.vpFor]! += r.vp[seat]!;
    d[D.vpAgainst]! += r.vp[1 - seat]!;
    d[D.turns]! += r.turns;
    acc.addSeat(r.cardStats, seat, won, drawn, r.turns, r.present);
    for (let s = 0; s < S && s < 6; s++) mo[MD.vp0 + s]! += r.vpSources[seat * S + s]!;
  }
  // Matchup, from deck A's side (A = the pairing's first deck).
  const seatOfA = r.sideOfSeat0 === 0 ? 0 : 1;
  mrow[M.games]!++;
  if (r.winner === -1) mrow[M.draws]!++;
  else if (r.winner === seatOfA) mrow[M.winsA]!++;
  else mrow[M.winsB]!++;
  const seatOfB = 1 - seatOfA;
  if (r.first === seatOfA) {
    mrow[M.aFirstGames]!++;
    if (r.winner === seatOfA) mrow[M.aFirstWins]!++;
    if (r.winner === seatOfB) mrow[M.aFirstWinsB]!++;
  } else {
    mrow[M.bFirstGames]!++;
    if (r.winner === seatOfA) mrow[M.bFirstWinsA]!++;
    if (r.winner === seatOfB) mrow[M.bFirstWinsB]!++;
  }
  mo[MD.games]!++;
  if (r.winner === -1) mo[MD.draws]!++;
  else if (r.winner === r.first) mo[MD.firstWins]!++;
  else mo[MD.secondWins]!++;
  mo[MD.turns]! += r.turns;
  mo[MD.turnsSq]! += r.turns * r.turns;
  mo[MD.decisions]! += r.decisions[0] + r.decisions[1];
  mo[MD.leadChanges]! += r.leadChanges;
  if (r.winner !== -1 && Math.abs(r.vp[0] - r.vp[1]) >= lay.decisiveMargin) mo[MD.decisive]!++;
  rows.turns[r.turns] = (rows.turns[r.turns] ?? 0) + 1;
  if (!keepCluster) acc.closeCluster();
}

/** The rows a pair of games adds to: the matchup's counters, and its pair codes (by pair index − agg.pairBase) from both sides. */
export interface PairRows {
  matchup: number[];
  pairs: number[];
  firstPairs: number[];
  base: number;
}

export function pairRows(agg: Aggregate, mode: string, matchup: { a: string; b: string }): PairRows {
  const key = matchupKey(matchup.a, matchup.b);
  return {
    matchup: row(sub(agg.matchups, mode, () => ({})), key, MATCHUP_COUNTERS.length),
    pairs: sub(sub(agg.pairs, mode, () => ({} as Record<string, number[]>)), key, () => [] as number[]),
    firstPairs: sub(sub((agg.firstPairs ??= {}), mode, () => ({} as Record<string, number[]>)), key, () => [] as number[]),
    base: agg.pairBase ?? 0,
  };
}

/** Adds a pair of games (same seed, seats swapped) into the matchup's pair counters. */
export function addPair(agg: Aggregate, mode: string, matchup: { a: string; b: string }, winnerSideFirst: number, winnerSideSecond: number, pair = -1, moverWins?: readonly [number, number]): void {
  // winnerSide: 0 = deck A won, 1 = deck B won, -1 = draw.
  const mrow = row(sub(agg.matchups, mode, () => ({})), matchupKey(matchup.a, matchup.b), MATCHUP_COUNTERS.length);
  if (pair >= 0) {
    const winsA = (winnerSideFirst === 0 ? 1 : 0) + (winnerSideSecond === 0 ? 1 : 0);
    const winsB = (winnerSideFirst === 1 ? 1 : 0) + (winnerSideSecond === 1 ? 1 : 0);
    sub(sub(agg.pairs, mode, () => ({} as Record<string, number[]>)), matchupKey(matchup.a, matchup.b), () => [] as number[])[pair - (agg.pairBase ?? 0)] = 1 + winsA + 3 * winsB;
    // moverWins: wins of the player who moved first, and of the other, over the two games.
    if (moverWins) sub(sub((agg.firstPairs ??= {}), mode, () => ({} as Record<string, number[]>)), matchupKey(matchup.a, matchup.b), () => [] as number[])[pair - (agg.pairBase ?? 0)] = 1 + moverWins[0] + 3 * moverWins[1];
  }
  countPair(mrow, winnerSideFirst, winnerSideSecond);
}

/** addPair into rows already looked up (pairRows), for pair `pair` with its first player's wins and the other's. */
export function addPairTo(rows: PairRows, winnerSideFirst: number, winnerSideSecond: number, pair: number, moverWins: number, otherWins: number): void {
  const winsA = (winnerSideFirst === 0 ? 1 : 0) + (winnerSideSecond === 0 ? 1 : 0);
  const winsB = (winnerSideFirst === 1 ? 1 : 0) + (winnerSideSecond === 1 ? 1 : 0);
  rows.pairs[pair - rows.base] = 1 + winsA + 3 * winsB;
  rows.firstPairs[pair - rows.base] = 1 + moverWins + 3 * otherWins;
  countPair(rows.matchup, winnerSideFirst, winnerSideSecond);
}

function countPair(mrow: number[], winnerSideFirst: number, winnerSideSecond: number): void {
  mrow[M.pairs]!++;
  if (winnerSideFirst === -1 || winnerSideSecond === -1) mrow[M.pairsWithDraw]!++;
  else if (winnerSideFirst === 0 && winnerSideSecond === 0) mrow[M.pairsBothA]!++;
  else if (winnerSideFirst === 1 && winnerSideSecond === 1) mrow[M.pairsBothB]!++;
  else mrow[M.pairsSplit]!++;
}
