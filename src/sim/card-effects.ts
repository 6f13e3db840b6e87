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

/**
 * A shard's effect counters by card kind, in flat arrays. add() after each game; closeCluster()
 * after each seed pair; pack() once at the end.
 */
export class EffectAccumulator {
  readonly defs: number;
  readonly cells: Float64Array;
  readonly cross: Float64Array;
  /** The open cluster's per-cell seat-games and wins, per kind and definition. */
  readonly open: Float64Array;
  readonly clusters: Float64Array;
  readonly touched: Int32Array;
  readonly isOpen: Uint8Array;
  /** Per kind and definition, the local cells the open cluster holds (at most LOCAL), listed once. */
  readonly openCells: Uint8Array;
  readonly nOpenCells: Uint8Array;
  nTouched = 0;
  constructor(readonly lay: StatLayout, readonly deckNames: [string, string]) {
    this.defs = presenceNames(lay).length;
    this.cells = new Float64Array(lay.kinds * this.defs * LOCAL * 2);
    this.cross = new Float64Array(lay.kinds * this.defs * CROSS);
    this.open = new Float64Array(lay.kinds * this.defs * LOCAL * 2);
    this.clusters = new Float64Array(lay.kinds * this.defs);
    this.touched = new Int32Array(lay.kinds);
    this.isOpen = new Uint8Array(lay.kinds);
    this.openCells = new Uint8Array(lay.kinds * this.defs * LOCAL);
    this.nOpenCells = new Uint8Array(lay.kinds * this.defs);
  }

  /** Back to no game, for the next shard. */
  reset(): void {
    this.cells.fill(0);
    this.cross.fill(0);
    this.open.fill(0);
    this.clusters.fill(0);
    this.isOpen.fill(0);
    this.nOpenCells.fill(0);
    this.nTouched = 0;
  }

  add(r: GameResult): void {
    const lay = this.lay, st = r.cardStats, F = lay.fields, D = this.defs, S = 1 + lay.seenBy.length;
    const depths = r.drawDepths;
    for (let seat = 0; seat < 2; seat++) {
      const side = seat === 0 ? r.sideOfSeat0 : 1 - r.sideOfSeat0;
      const won = r.winner === seat ? 1 : 0;
      const cellBase = side * 4 + (r.first === seat ? 2 : 0);
      for (let k = 0; k < lay.kinds; k++) {
        const base = (seat * lay.kinds + k) * F;
        if (st[base + lay.f.deck]! === 0) continue;
        if (this.isOpen[k] === 0) {
          this.isOpen[k] = 1;
          this.touched[this.nTouched++] = k;
        }
        for (let d = 0; d < D; d++) {
          let present: number;
          if (d === 0) present = st[base + lay.f.dealt]! > 0 ? 1 : 0;
          else if (d >= S) {
            const depth = depths ? depths[seat * lay.kinds + k]! : 0;
            present = depth > 0 && depth <= 1 + EARLY_DRAWS ? 1 : 0;
          } else {
            if (r.turns < lay.checkpoints[d - 1]!) continue; // only games reaching the turn
            present = st[base + lay.seenBy[d - 1]!]! > 0 ? 1 : 0;
          }
          const kd = k * D + d, cell = cellBase + present, o = (kd * LOCAL + cell) * 2;
          if (this.open[o] === 0) this.openCells[kd * LOCAL + this.nOpenCells[kd]!++] = cell;
          this.open[o]!++;
          this.open[o + 1]! += won;
        }
      }
    }
  }

  closeCluster(): void {
    // Only the cells the cluster touched (a seed pair fills at most four per card and
    // definition): the cross sums over untouched cells would add zeros.
    const D = this.defs, op = this.open, cells = this.openCells;
    for (let t = 0; t < this.nTouched; t++) {
      const k = this.touched[t]!;
      for (let d = 0; d < D; d++) {
        const kd = k * D + d, ob = kd * LOCAL * 2, cb = kd * CROSS, lb = kd * LOCAL, m = this.nOpenCells[kd]!;
        if (m === 0) continue;
        for (let a = 0; a < m; a++) {
          const i = cells[lb + a]!;
          const ni = op[ob + 2 * i]!, yi = op[ob + 2 * i + 1]!;
          this.cells[ob + 2 * i]! += ni;
          this.cells[ob + 2 * i + 1]! += yi;
          for (let b = 0; b < m; b++) {
            const j = cells[lb + b]!;
            const nj = op[ob + 2 * j]!, yj = op[ob + 2 * j + 1]!, x = cb + (i * LOCAL + j) * 4;
            this.cross[x]! += ni * nj;
            this.cross[x + 1]! += yi * nj;
            this.cross[x + 2]! += ni * yj;
            this.cross[x + 3]! += yi * yj;
          }
        }
        for (let a = 0; a < m; a++) {
          const i = cells[lb + a]!;
          op[ob + 2 * i] = op[ob + 2 * i + 1] = 0;
        }
        this.nOpenCells[kd] = 0;
        this.clusters[kd]!++;
      }
      this.isOpen[k] = 0;
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
    this.closeCluster();
    const D = this.defs, cards: string[] = [], data: number[] = [];
    const keys = Array.from({ length: LOCAL }, (_, i) => this.key(i));
    for (let k = 0; k < this.lay.kinds; k++) {
      let any = false;
      for (let d = 0; d < D && !any; d++) any = this.clusters[k * D + d]! > 0;
      if (!any) continue;
      cards.push(this.lay.names[k]!);
      for (let d = 0; d < D; d++) {
        const kd = k * D + d, ob = kd * LOCAL * 2, cb = kd * CROSS;
        data.push(this.clusters[kd]!);
        if (this.clusters[kd]! === 0) continue;
        const nCellsAt = data.push(0) - 1;
        for (let i = 0; i < LOCAL; i++) {
          const n = this.cells[ob + 2 * i]!;
          if (n === 0) continue;
          data.push(i, n, this.cells[ob + 2 * i + 1]!);
          data[nCellsAt]!++;
        }
        const nCrossAt = data.push(0) - 1;
        for (let i = 0; i < LOCAL; i++) {
          if (this.cells[ob + 2 * i]! === 0) continue;
          for (let j = 0; j < LOCAL; j++) {
            const x = cb + (i * LOCAL + j) * 4;
            if (this.cross[x]! === 0 || keys[i]! > keys[j]!) continue;
            data.push(i, j, this.cross[x]!, this.cross[x + 1]!, this.cross[x + 2]!, this.cross[x + 3]!);
            data[nCrossAt]!++;
          }
        }
      }
    }
    return { mode, decks: [this.deckNames[0], this.deckNames[1]], defs: presenceNames(this.lay), cards, data };
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
   * cell, the cross count, then (cell k, cell l, NN, YN, NY, YY) per pair of cells.
   */
  data: number[];
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
