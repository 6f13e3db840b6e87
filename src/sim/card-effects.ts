// Deck-adjusted card effects (issue #13). A card's GIH WR is mostly its decks' win rate and its
// raw IWD mostly its decks' game length; neither says whether the card is out of line. Here a
// card's effect is the win-rate difference between seat-games whose deck held the card early
// (in the kept opening hand or among the next EARLY_DRAWS cards of the library as play began:
// the shuffle fixes it before any play; "dealt in the opening hand" for a game that does not
// report draw depths) and seat-games of the same deck that did not, within cells of seat deck ×
// opposing deck × who moved first,
// pooled over the cells with Mantel–Haenszel weights n₁n₀/(n₁+n₀). The same estimate "seen by
// turn T" (among games reaching T) is the stratified IWD by turn.
//
// Everything is integer counts a shard can carry and merge by addition: per card, presence
// definition and cell (seat deck, opposing deck, first, present) the seat-games n and wins y,
// and for its interval, per pair of cells meeting in one seed pair (the cluster: both games of
// a pair share the deal; both seats of a game its result), the sums of ΣN_kN_l, ΣY_kN_l,
// ΣN_kY_l, ΣY_kY_l over clusters. The sandwich variance of the linearised estimate follows
// exactly from them (estimateEffect).
import { Z95, twoSidedP } from '../report/stats.ts';
import type { Aggregate, GameResult, StatLayout } from './aggregate.ts';

/** One presence definition's counts for one card: cells "seatDeck\topp\tfirst\tpresent" → [n, y]; cross "K\nL" (K ≤ L) → [NN, YN, NY, YY]. */
export interface EffectCounts {
  /** Seed pairs holding the card (the clusters). */
  clusters: number;
  cells: Record<string, number[]>;
  cross: Record<string, number[]>;
}
/** mode → card → presence definition → counts. */
export type EffectTable = Record<string, Record<string, Record<string, EffectCounts>>>;

/**
 * Draws past the opening hand of the "early" presence: a copy in the kept opening hand or among
 * the next EARLY_DRAWS cards of the seat's library as play begins. The shuffle (and the
 * mulligan, decided on the dealt hand alone) fixes it before any play, so unlike "seen by turn T"
 * it cannot follow how the game goes (a game going well draws more), and unlike "dealt" it is not
 * limited to the 3 or 5 cards of the hand. 6: of 0 to 16 draws, the one whose estimates carry the
 * most evidence over the shipped quick cards (mean z², seed 2026; README, "Which card is out of
 * line").
 */
export const EARLY_DRAWS = 6;
const EARLY = `early${EARLY_DRAWS}`;

/** The presence definitions a layout gives: dealt in the opening hand, seen by each checkpoint turn, then early (games that report draw depths). */
export function presenceNames(lay: Pick<StatLayout, 'checkpoints' | 'depths'>): string[] {
  return ['dealt', ...lay.checkpoints.map((t) => `seen${t}`), ...(lay.depths ? [EARLY] : [])];
}

/** The counts of the deck-adjusted estimate: early presence when the game reports draw depths, else dealt in the opening hand. */
export function adjustedCounts(defs: Record<string, EffectCounts> | undefined): EffectCounts | undefined {
  return defs?.[EARLY] ?? defs?.dealt;
}

const LOCAL = 8; // cells within a shard: side (A, B) × moved first × present
const CROSS = LOCAL * LOCAL * 4;

/** A seat-game's code within its kind and definition: its local cell and its result, cell·2 + won. */
const CODES = LOCAL * 2;
/** Seat-games of one cluster per kind: a seed pair's two games, both seats (a mirror's card). */
const OPEN_MAX = 4;
/** An open seat-game's word: its code without presence in bits 0-3, then per definition d its presence (bit 4 + d) and whether its game counts in d (bit 4 + defs + d). */
const WORD_CODE = 15, WORD_PRESENT = 4;

/**
 * A shard's effect counters by card kind, in flat integer arrays. add() after each game;
 * closeCluster() after each seed pair; pack() once at the end. Seat-games are counted by code
 * (cell, won), and each two seat-games of one cluster by their codes: the cells' n and y and
 * the cross sums ΣN_kN_l, ΣY_kN_l, ΣN_kY_l, ΣY_kY_l all follow from those counts at pack() (a
 * cluster's ΣN_kN_l is its seat-games in k and l paired, each with itself when k = l).
 * add() keeps one word per kind and seat-game (its code and its presence in every definition),
 * and closeCluster() counts the cluster's words definition by definition: two seat-games, the
 * usual case, as their pair alone (their codes follow from the pairs at pack()).
 */
export class EffectAccumulator {
  readonly defs: number;
  /**
   * Seat-games by code, [code · kinds·defs + kd], less those that follow from the pairs: a
   * seat-game is counted at pack() once per pair it is in, so one of a cluster of m counts 2 − m
   * here (1 alone, 0 in a pair). By code first: a card's definitions sit side by side, and a
   * seat-game mostly has the same code in all of them (one cache line, not seven).
   */
  readonly codes: Int32Array;
  /** Two seat-games of one cluster by their codes, the earlier one's first, [(a·CODES + b) · kinds·defs + kd] (likewise). */
  readonly pairs: Int32Array;
  /** Per kind and definition, the clusters holding a seat-game counted in it. */
  readonly clusters: Int32Array;
  /** The open cluster's seat-game words per kind, in the order added: [k · OPEN_MAX + i], i < openN[k]. */
  readonly open: Int32Array;
  readonly openN: Uint8Array;
  /** The kinds the open cluster holds, listed once. */
  readonly touched: Int32Array;
  nTouched = 0;
  constructor(readonly lay: StatLayout, readonly deckNames: [string, string]) {
    this.defs = presenceNames(lay).length;
    if (WORD_PRESENT + 2 * this.defs > 31) throw new Error(`card effects: ${this.defs} presence definitions do not fit a seat-game's word`);
    const kd = lay.kinds * this.defs;
    this.codes = new Int32Array(kd * CODES);
    this.pairs = new Int32Array(kd * CODES * CODES);
    this.clusters = new Int32Array(kd);
    this.open = new Int32Array(lay.kinds * OPEN_MAX);
    this.openN = new Uint8Array(lay.kinds);
    this.touched = new Int32Array(lay.kinds);
  }

  /** Back to no game, for the next shard. */
  reset(): void {
    this.codes.fill(0);
    this.pairs.fill(0);
    this.clusters.fill(0);
    this.openN.fill(0);
    this.nTouched = 0;
  }

  add(r: GameResult): void {
    const lay = this.lay, st = r.cardStats, F = lay.fields, D = this.defs, S = 1 + lay.seenBy.length, K = lay.kinds;
    const fDeck = lay.f.deck, fDealt = lay.f.dealt, seenBy = lay.seenBy, cps = lay.checkpoints, turns = r.turns;
    const depths = r.drawDepths, present = r.present;
    const open = this.open, openN = this.openN, touched = this.touched;
    // The definitions this game counts in, as bits: dealt and early always, seen by T in games reaching T.
    let counted = 1;
    for (let d = 1; d < D; d++) if (d >= S || turns >= cps[d - 1]!) counted |= 1 << d;
    const countedBits = counted << (WORD_PRESENT + D);
    for (let seat = 0; seat < 2; seat++) {
      const side = seat === 0 ? r.sideOfSeat0 : 1 - r.sideOfSeat0;
      const won = r.winner === seat ? 1 : 0;
      // code = (cell + present)·2 + won; the word holds it without presence
      const code0 = (side * 4 + (r.first === seat ? 2 : 0)) * 2 + won;
      const at = seat * (K + 1), n = present ? present[at]! : K;
      for (let i = 0; i < n; i++) {
        const k = present ? present[at + 1 + i]! : i;
        const base = (seat * K + k) * F;
        if (st[base + fDeck]! === 0) continue;
        let word = code0 | countedBits;
        if (st[base + fDealt]! > 0) word |= 1 << WORD_PRESENT;
        for (let d = 1; d < S; d++) if (st[base + seenBy[d - 1]!]! > 0) word |= 1 << (WORD_PRESENT + d);
        if (D > S) {
          const depth = depths ? depths[seat * K + k]! : 0;
          if (depth > 0 && depth <= 1 + EARLY_DRAWS) word |= 1 << (WORD_PRESENT + S);
        }
        const m = openN[k]!;
        if (m === 0) touched[this.nTouched++] = k;
        else if (m === OPEN_MAX) throw new Error('a cluster of card effects holds at most two games');
        open[k * OPEN_MAX + m] = word;
        openN[k] = m + 1;
      }
    }
  }

  /** Counts the open cluster's seat-games, definition by definition, and starts a new cluster. */
  closeCluster(): void {
    const D = this.defs, KD = this.clusters.length, open = this.open, openN = this.openN;
    const codes = this.codes, pairs = this.pairs, clusters = this.clusters;
    for (let t = 0; t < this.nTouched; t++) {
      const k = this.touched[t]!, n = openN[k]!, o = k * OPEN_MAX;
      openN[k] = 0;
      const kd0 = k * D;
      let rest = (1 << D) - 1; // the definitions left for the general case
      if (n === 2) {
        // The usual case, a card of one deck in both games of the pair: each definition both
        // games count in is one pair, its codes read from the two words' bits.
        const a = open[o]!, b = open[o + 1]!;
        const both = ((a & b) >> (WORD_PRESENT + D)) & rest;
        const codeA = (a & WORD_CODE) * CODES, codeB = b & WORD_CODE, presentA = a >> WORD_PRESENT, presentB = b >> WORD_PRESENT;
        for (let bits = both; bits !== 0; bits &= bits - 1) {
          const d = 31 - Math.clz32(bits & -bits), kd = kd0 + d;
          clusters[kd]!++;
          pairs[(codeA + ((presentA >> d) & 1) * 2 * CODES + codeB + ((presentB >> d) & 1) * 2) * KD + kd]!++;
        }
        rest &= ~both;
      }
      for (let bits = rest; bits !== 0; bits &= bits - 1) {
        const d = 31 - Math.clz32(bits & -bits), kd = kd0 + d;
        const presentBit = 1 << (WORD_PRESENT + d), countedBit = 1 << (WORD_PRESENT + D + d);
        // The seat-games counted in d, as countOpen's word: their number in bits 0-2, codes from bit 3.
        let m = 0, w = 0;
        for (let j = 0; j < n; j++) {
          const word = open[o + j]!;
          if ((word & countedBit) === 0) continue;
          const code = (word & WORD_CODE) + ((word & presentBit) !== 0 ? 2 : 0);
          w |= code << (3 + 4 * m);
          m++;
        }
        if (m === 0) continue;
        clusters[kd]!++;
        countOpen(codes, pairs, KD, kd, w | m);
      }
    }
    this.nTouched = 0;
  }

  /** The local cell i's global key. */
  private key(i: number): string {
    return cellKey(this.deckNames, i);
  }

  /**
   * The shard's counts as plain numbers, its decks named once (what crosses threads, the
   * journal and the queue: the keyed table is about six times the size). unpackEffects inserts
   * the keys in one fixed order (card, definition, cell), so a merged aggregate is the same
   * object, key order included, whatever the shards.
   */
  pack(mode: string): PackedEffects {
    const D = this.defs, cards: string[] = [], data: number[] = [];
    const keys = Array.from({ length: LOCAL }, (_, i) => this.key(i));
    const pairs = this.pairs, KD = this.clusters.length;
    // The open cluster's seat-games counted, then the seat-games by code.
    this.closeCluster();
    const codes = this.codes.slice();
    for (let ab = 0; ab < CODES * CODES; ab++) {
      const a = ab >> 4, b = ab & 15;
      for (let kd = 0, x = ab * KD; kd < KD; kd++, x++) {
        const n = pairs[x]!;
        if (n === 0) continue;
        codes[a * KD + kd]! += n;
        codes[b * KD + kd]! += n;
      }
    }
    for (let k = 0; k < this.lay.kinds; k++) {
      let any = false;
      for (let d = 0; d < D && !any; d++) any = this.clusters[k * D + d]! > 0;
      if (!any) continue;
      cards.push(this.lay.names[k]!);
      for (let d = 0; d < D; d++) {
        const kd = k * D + d;
        const clusters = this.clusters[kd]!;
        data.push(clusters);
        if (clusters === 0) continue;
        const nCellsAt = data.push(0) - 1;
        for (let i = 0; i < LOCAL; i++) {
          const lost = codes[2 * i * KD + kd]!, won = codes[(2 * i + 1) * KD + kd]!;
          if (lost + won === 0) continue;
          data.push(i, lost + won, won);
          data[nCellsAt]!++;
        }
        const nCrossAt = data.push(0) - 1;
        for (let i = 0; i < LOCAL; i++) {
          if (codes[2 * i * KD + kd]! + codes[(2 * i + 1) * KD + kd]! === 0) continue;
          for (let j = 0; j < LOCAL; j++) {
            if (keys[i]! > keys[j]!) continue;
            // Pairs (i lost, j lost), (i lost, j won), (i won, j lost), (i won, j won), in either
            // order, and each seat-game with itself.
            const pair = (a: number, b: number) => pairs[(a * CODES + b) * KD + kd]! + pairs[(b * CODES + a) * KD + kd]! + (a === b ? codes[a * KD + kd]! : 0);
            const ll = pair(2 * i, 2 * j), lw = pair(2 * i, 2 * j + 1), wl = pair(2 * i + 1, 2 * j), ww = pair(2 * i + 1, 2 * j + 1);
            const nn = ll + lw + wl + ww;
            if (nn === 0) continue;
            data.push(i, j, nn, wl + ww, lw + ww, ww);
            data[nCrossAt]!++;
          }
        }
      }
    }
    // Typed: it crosses threads as one block of memory, not 20,000 numbers in the receiver's heap.
    return { mode, decks: [this.deckNames[0], this.deckNames[1]], defs: presenceNames(this.lay), cards, data: Int32Array.from(data) };
  }
}

/**
 * Counts the seat-games of an open word (their number in bits 0-2, codes from bit 3) for kind
 * and definition kd: each pair of them, the earlier one's code first, and each one's 2 − m
 * (EffectAccumulator.codes).
 */
function countOpen(codes: Int32Array, pairs: Int32Array, KD: number, kd: number, w: number): void {
  const m = w & 7;
  for (let v = 0; v < m; v++) {
    const b = (w >> (3 + 4 * v)) & 15;
    codes[b * KD + kd]! += 2 - m;
    for (let u = 0; u < v; u++) pairs[(((w >> (3 + 4 * u)) & 15) * CODES + b) * KD + kd]!++;
  }
}

/** A local cell's global key: seat deck, opposing deck, moved first, present (cell = side·4 + first·2 + present). */
function cellKey(decks: readonly [string, string], i: number): string {
  const side = i >> 2, first = (i >> 1) & 1, present = i & 1;
  return `${decks[side]}\t${decks[1 - side]}\t${first}\t${present}`;
}

/** One shard's effect counts, packed (EffectAccumulator.pack). */
export interface PackedEffects {
  mode: string;
  decks: [string, string];
  /** Presence definitions, in order. */
  defs: string[];
  /** The cards with counts, in catalogue order. */
  cards: string[];
  /**
   * Per card, per definition: clusters; when not 0, the cell count, then (cell, n, y) per
   * cell, the cross count, then (cell k, cell l, NN, YN, NY, YY) per pair of cells. A shard's
   * own counts are an Int32Array; read back from JSON (the queue) or summed, plain numbers.
   */
  data: Int32Array | number[];
}

/** The packed counts as JSON can hold them (plain numbers), for what leaves the process as JSON. */
export function packedForJson(p: PackedEffects): PackedEffects {
  return Array.isArray(p.data) ? p : { ...p, data: Array.from(p.data) };
}

/** Adds packed counts into a's table (keys inserted by card, definition, then cell). */
export function unpackEffects(a: Aggregate, p: PackedEffects): void {
  const table = ((a.effects ??= {})[p.mode] ??= {});
  const keys = Array.from({ length: LOCAL }, (_, i) => cellKey(p.decks, i));
  const data = p.data;
  let at = 0;
  for (const card of p.cards) {
    for (const def of p.defs) {
      const clusters = data[at++]!;
      if (clusters === 0) continue;
      const e = ((table[card] ??= {})[def] ??= { clusters: 0, cells: {}, cross: {} });
      e.clusters += clusters;
      for (let m = data[at++]!; m > 0; m--, at += 3) {
        const c = (e.cells[keys[data[at]!]!] ??= [0, 0]);
        c[0]! += data[at + 1]!;
        c[1]! += data[at + 2]!;
      }
      for (let m = data[at++]!; m > 0; m--, at += 6) {
        const v = (e.cross[`${keys[data[at]!]}\n${keys[data[at + 1]!]}`] ??= [0, 0, 0, 0]);
        for (let q = 0; q < 4; q++) v[q]! += data[at + 2 + q]!;
      }
    }
  }
}

/** One pairing's packed counts summed by position: per card slot and definition, clusters, cells (n, y) and cross sums. */
interface SumTable {
  mode: string;
  decks: [string, string];
  defs: string[];
  cards: string[];
  slots: Map<string, number>;
  clusters: Float64Array;
  cells: Float64Array;
  cross: Float64Array;
}

/**
 * Packed shard counts summed as numbers, unpacked into the keyed table once at the end: a
 * run's main thread adds thousands of shards, and keying every cell and cross sum of each
 * one costs far more than adding them. Integer sums: unpacking the totals gives the same
 * table as unpacking each shard's counts (a cell or cross sum a shard leaves out is zero).
 */
export class EffectSums {
  private readonly tables = new Map<string, SumTable>();

  add(p: PackedEffects): void {
    const key = `${p.mode}\n${p.decks[0]}\n${p.decks[1]}\n${p.defs.join('\t')}`;
    let t = this.tables.get(key);
    if (!t) {
      t = { mode: p.mode, decks: [p.decks[0], p.decks[1]], defs: p.defs.slice(), cards: [], slots: new Map(), clusters: new Float64Array(0), cells: new Float64Array(0), cross: new Float64Array(0) };
      this.tables.set(key, t);
    }
    const D = t.defs.length, data = p.data;
    let at = 0;
    for (const card of p.cards) {
      let slot = t.slots.get(card);
      if (slot === undefined) slot = this.newSlot(t, card);
      for (let d = 0; d < D; d++) {
        const clusters = data[at++]!;
        if (clusters === 0) continue;
        const kd = slot * D + d;
        t.clusters[kd]! += clusters;
        for (let m = data[at++]!; m > 0; m--, at += 3) {
          const c = (kd * LOCAL + data[at]!) * 2;
          t.cells[c]! += data[at + 1]!;
          t.cells[c + 1]! += data[at + 2]!;
        }
        for (let m = data[at++]!; m > 0; m--, at += 6) {
          const x = kd * CROSS + (data[at]! * LOCAL + data[at + 1]!) * 4;
          t.cross[x]! += data[at + 2]!;
          t.cross[x + 1]! += data[at + 3]!;
          t.cross[x + 2]! += data[at + 4]!;
          t.cross[x + 3]! += data[at + 5]!;
        }
      }
    }
  }

  private newSlot(t: SumTable, card: string): number {
    const slot = t.cards.length, D = t.defs.length;
    t.cards.push(card);
    t.slots.set(card, slot);
    const grow = (a: Float64Array, per: number) => {
      if (a.length >= (slot + 1) * per) return a;
      const b = new Float64Array(Math.max(2 * a.length, (slot + 1) * per));
      b.set(a);
      return b;
    };
    t.clusters = grow(t.clusters, D);
    t.cells = grow(t.cells, D * LOCAL * 2);
    t.cross = grow(t.cross, D * CROSS);
    return slot;
  }

  /** The sums as packed counts, one per pairing (the shards' own format). */
  packed(): PackedEffects[] {
    const out: PackedEffects[] = [];
    for (const t of this.tables.values()) {
      const D = t.defs.length, data: number[] = [];
      for (let slot = 0; slot < t.cards.length; slot++) {
        for (let d = 0; d < D; d++) {
          const kd = slot * D + d;
          data.push(t.clusters[kd]!);
          if (t.clusters[kd]! === 0) continue;
          const nCellsAt = data.push(0) - 1;
          for (let i = 0; i < LOCAL; i++) {
            const c = (kd * LOCAL + i) * 2;
            if (t.cells[c]! === 0) continue;
            data.push(i, t.cells[c]!, t.cells[c + 1]!);
            data[nCellsAt]!++;
          }
          const nCrossAt = data.push(0) - 1;
          for (let i = 0; i < LOCAL * LOCAL; i++) {
            const x = kd * CROSS + i * 4;
            if (t.cross[x]! === 0) continue;
            data.push((i / LOCAL) | 0, i % LOCAL, t.cross[x]!, t.cross[x + 1]!, t.cross[x + 2]!, t.cross[x + 3]!);
            data[nCrossAt]!++;
          }
        }
      }
      out.push({ mode: t.mode, decks: [t.decks[0], t.decks[1]], defs: t.defs.slice(), cards: t.cards.slice(), data });
    }
    return out;
  }

  /** Adds the sums into a's table. */
  unpackInto(a: Aggregate): void {
    for (const p of this.packed()) unpackEffects(a, p);
  }
}

/** An aggregate's effect table (a lone shard's packed counts unpacked into it first). */
export function effectTable(agg: Aggregate): EffectTable | undefined {
  if (agg.packedEffects) {
    unpackEffects(agg, agg.packedEffects);
    delete agg.packedEffects;
  }
  return agg.effects;
}

/** Adds b's effect counts into a's (integer sums: any order gives the same totals). */
export function mergeEffects(a: Aggregate, b: EffectTable): void {
  const at = (a.effects ??= {});
  for (const [mode, cards] of Object.entries(b)) {
    const am = (at[mode] ??= {});
    for (const [card, defs] of Object.entries(cards)) {
      const ac = (am[card] ??= {});
      for (const [def, e] of Object.entries(defs)) {
        const ae = (ac[def] ??= { clusters: 0, cells: {}, cross: {} });
        ae.clusters += e.clusters;
        for (const [k, v] of Object.entries(e.cells)) {
          const r = (ae.cells[k] ??= [0, 0]);
          r[0]! += v[0]!;
          r[1]! += v[1]!;
        }
        for (const [k, v] of Object.entries(e.cross)) {
          const r = (ae.cross[k] ??= [0, 0, 0, 0]);
          for (let q = 0; q < 4; q++) r[q]! += v[q]!;
        }
      }
    }
  }
}

export interface CardEffect {
  /** Pooled win-rate difference, present − absent (a proportion: 0.03 = 3 points). */
  effect: number;
  se: number;
  lo: number;
  hi: number;
  /** Two-sided p-value against no effect (normal approximation). */
  p: number;
  /** Seat-games with and without the card, in the cells that compare both. */
  nPresent: number;
  nAbsent: number;
  /** Cells (seat deck × opposing deck × first) that hold both. */
  strata: number;
}

const NONE: CardEffect = { effect: NaN, se: NaN, lo: NaN, hi: NaN, p: NaN, nPresent: 0, nAbsent: 0, strata: 0 };

/**
 * Mantel–Haenszel risk difference over the cells, with the cluster-robust (seed pair)
 * sandwich variance. The estimate is Σ_s w_s(p₁ₛ − p₀ₛ)/W; its linearised residual of cluster g
 * is Σ_k c_k(Y_gk − p_k N_gk) over cells k, with c = w_s/(W n₁ₛ) for present cells and
 * −w_s/(W n₀ₛ) for absent ones; V = G/(G−1)·Σ_g(…)², expanded over pairs of cells from the
 * cross sums. G: clusters holding the card at all (those with none add nothing).
 */
export function estimateEffect(e: EffectCounts | undefined, z = Z95): CardEffect {
  if (!e) return NONE;
  const strata = new Map<string, [number, number, number, number]>(); // n0, y0, n1, y1
  for (const key of Object.keys(e.cells).sort()) {
    const cut = key.lastIndexOf('\t');
    const s = key.slice(0, cut), present = key.slice(cut + 1) === '1';
    const v = e.cells[key]!;
    let r = strata.get(s);
    if (!r) strata.set(s, (r = [0, 0, 0, 0]));
    r[present ? 2 : 0] += v[0]!;
    r[present ? 3 : 1] += v[1]!;
  }
  let W = 0, num = 0, n1 = 0, n0 = 0, used = 0;
  for (const [n0s, y0s, n1s, y1s] of strata.values()) {
    if (n0s === 0 || n1s === 0) continue;
    const w = (n0s * n1s) / (n0s + n1s);
    W += w;
    num += w * (y1s / n1s - y0s / n0s);
    n1 += n1s;
    n0 += n0s;
    used++;
  }
  if (W === 0) return { ...NONE, nPresent: n1, nAbsent: n0 };
  const effect = num / W;
  // Per cell: its coefficient c and its rate p.
  const coef = new Map<string, [number, number]>();
  for (const key of Object.keys(e.cells)) {
    const cut = key.lastIndexOf('\t');
    const [n0s, , n1s] = strata.get(key.slice(0, cut))!;
    if (n0s === 0 || n1s === 0) continue;
    const w = (n0s * n1s) / (n0s + n1s);
    const [n, y] = e.cells[key]!;
    const present = key.slice(cut + 1) === '1';
    coef.set(key, [(present ? 1 : -1) * w / (W * n!), y! / n!]);
  }
  let v = 0;
  for (const key of Object.keys(e.cross).sort()) {
    const nl = key.indexOf('\n');
    const k = key.slice(0, nl), l = key.slice(nl + 1);
    const [NN, YN, NY, YY] = e.cross[key]!;
    const ck = coef.get(k), cl = coef.get(l);
    if (!ck || !cl) continue;
    const t = ck[0] * cl[0] * (YY! - cl[1] * YN! - ck[1] * NY! + ck[1] * cl[1] * NN!);
    v += k === l ? t : 2 * t;
  }
  const G = e.clusters;
  const variance = G >= 2 ? (G / (G - 1)) * Math.max(0, v) : NaN;
  const se = Math.sqrt(variance);
  return { effect, se, lo: effect - z * se, hi: effect + z * se, p: twoSidedP(effect / se), nPresent: n1, nAbsent: n0, strata: used };
}

const r6 = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : null);
/** p-values keep 6 significant digits (a tiny one must stay comparable with another). */
const sig6 = (x: number): number | null => (Number.isFinite(x) ? Number(x.toPrecision(6)) : null);

/** cards.csv's deck-adjusted columns: the opening-hand effect, then the stratified IWD by turn T. */
export function effectColumns(agg: Pick<Aggregate, 'checkpoints'>): string[] {
  return [
    'adj_effect', 'adj_lo', 'adj_hi', 'adj_p', 'adj_n_present', 'adj_n_absent',
    ...agg.checkpoints.flatMap((t) => [`iwd_adj_by_turn_${t}`, `iwd_adj_by_turn_${t}_lo`, `iwd_adj_by_turn_${t}_hi`, `iwd_adj_by_turn_${t}_p`]),
  ];
}

/** One card's deck-adjusted columns. */
export function effectFields(agg: Aggregate, mode: string, card: string): Record<string, number | null> {
  const defs = effectTable(agg)?.[mode]?.[card];
  const a = estimateEffect(adjustedCounts(defs));
  const out: Record<string, number | null> = {
    adj_effect: r6(a.effect), adj_lo: r6(a.lo), adj_hi: r6(a.hi), adj_p: sig6(a.p), adj_n_present: a.nPresent, adj_n_absent: a.nAbsent,
  };
  for (const t of agg.checkpoints) {
    const b = estimateEffect(defs?.[`seen${t}`]);
    out[`iwd_adj_by_turn_${t}`] = r6(b.effect);
    out[`iwd_adj_by_turn_${t}_lo`] = r6(b.lo);
    out[`iwd_adj_by_turn_${t}_hi`] = r6(b.hi);
    out[`iwd_adj_by_turn_${t}_p`] = sig6(b.p);
  }
  return out;
}
