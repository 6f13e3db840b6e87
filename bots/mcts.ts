// Monte-Carlo bots that speak only the generic Game contract and never peek: every
// simulation starts from `determinize`, a sample of what the deciding seat cannot see.
//
// - Flat Monte-Carlo: for each legal action, N playouts from fresh determinizations; the
//   best mean return wins.
// - ISMCTS (Cowling, Powley & Whitehouse 2012, single-observer): one tree over the deciding
//   seat's information sets, keyed by the actions from the root; each iteration samples a
//   determinization, descends with UCB using availability counts (a child's chance to be
//   chosen counts only the iterations where its action was legal), expands one node, plays a
//   rollout to a depth cap and scores it with the game's static evaluation there.
// Nodes live in a preallocated pool of typed arrays: an iteration allocates nothing beyond
// its new node.
import type { Game } from '../src/core/game.ts';
import { SeededRng } from '../src/core/rng.ts';
import type { Bot } from './bot.ts';

/** `legal[0..n)` is read-only: it may be the state's own list (Game.legalList). */
export interface RolloutPolicy<S> {
  choose(game: Game<S>, state: S, legal: Int32Array, n: number): number;
  /** Optional: a score per legal action (higher is better), for ISMCTS's prior. */
  score?(game: Game<S>, state: S, legal: Int32Array, n: number, out: Float64Array): void;
}

/** Scratch states and buffers, made once per game and reused. */
class Workspace<S> {
  readonly game: Game<S>;
  readonly det: S;
  readonly legal: Int32Array;
  /** The root's legal actions, listed once per decision. */
  readonly rootLegal: Int32Array;
  readonly scores: Float64Array;
  readonly rets = new Float64Array(2);
  /** The game lists its legal actions without a copy (legalCount, legalList). */
  readonly direct: boolean;
  constructor(game: Game<S>) {
    this.game = game;
    this.direct = typeof game.legalCount === 'function' && typeof game.legalList === 'function';
    this.det = game.allocState();
    this.legal = new Int32Array(game.maxLegalActions);
    this.rootLegal = new Int32Array(game.maxLegalActions);
    this.scores = new Float64Array(game.maxLegalActions);
  }
}

/** Plays from `st` (in place) for at most `depth` decisions; returns the value for `seat`. */
function rollout<S>(ws: Workspace<S>, st: S, seat: number, depth: number, policy: RolloutPolicy<S> | null, rng: SeededRng): number {
  const g = ws.game;
  const direct = ws.direct;
  let d = 0;
  while (!g.isTerminal(st) && d < depth) {
    let n: number, legal: Int32Array;
    if (direct) {
      n = g.legalCount!(st);
      legal = g.legalList!(st);
    } else {
      n = g.legalActions(st, ws.legal);
      legal = ws.legal;
    }
    const a = policy ? policy.choose(g, st, legal, n) : legal[rng.int(n)]!;
    g.apply(st, a);
    d++;
  }
  if (g.isTerminal(st)) {
    g.returns(st, ws.rets);
    return ws.rets[seat]!;
  }
  return g.heuristicValue(st, seat);
}

export interface FlatMcOptions {
  /** Playouts per legal action. */
  playouts: number;
  /** When > 0: playouts in all, shared out over the legal actions (an equal budget with ISMCTS's iterations). */
  budget: number;
  depth: number;
  rollout: RolloutPolicy<unknown> | null;
}

export class FlatMcBot<S> implements Bot<S> {
  readonly name = 'flatmc';
  private readonly rng: SeededRng;
  private ws: Workspace<S> | null = null;
  constructor(seed: number, private readonly opts: FlatMcOptions) {
    this.rng = new SeededRng(seed);
  }
  choose(game: Game<S>, state: S, legal: Int32Array, n: number): number {
    if (n === 1) return legal[0]!;
    if (!this.ws || this.ws.game !== game) this.ws = new Workspace(game);
    const ws = this.ws;
    const seat = game.currentPlayer(state);
    let best = legal[0]!, bestMean = -Infinity;
    const budget = this.opts.budget;
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      let sum = 0;
      // With a budget, the first (budget mod n) actions get one playout more.
      const playouts = budget > 0 ? Math.max(1, Math.floor(budget / n) + (i < budget % n ? 1 : 0)) : this.opts.playouts;
      for (let k = 0; k < playouts; k++) {
        game.determinize(state, seat, this.rng, ws.det);
        game.apply(ws.det, a);
        sum += rollout(ws, ws.det, seat, this.opts.depth, this.opts.rollout as RolloutPolicy<S> | null, this.rng);
      }
      const mean = sum / playouts;
      if (mean > bestMean) {
        bestMean = mean;
        best = a;
      }
    }
    return best;
  }
}

export interface IsmctsOptions {
  /** Iterations per decision (0 when a time budget is used). */
  iterations: number;
  /** Wall-clock budget per decision in ms (0: none); not reproducible. */
  ms: number;
  c: number;
  depth: number;
  rollout: RolloutPolicy<unknown> | null;
  /**
   * A policy that scores actions (or null): new nodes are expanded best-scored first, and
   * UCB adds a progressive bias `bias * prior / (visits + 1)` where the prior is
   * 1 / (1 + the number of actions scored higher) at the node's creation: the policy's
   * choice gets the whole bias, whatever the scale of its scores.
   */
  prior: RolloutPolicy<unknown> | null;
  bias: number;
}

/**
 * Math.log of the integers 0..length-1, for UCB's log(availability): availability counts
 * are whole numbers, and a table read costs far less than a log per child per iteration
 * (the same values, so the same decisions). Grown on demand; shared by every bot.
 */
let LOG_TABLE = new Float64Array(0);
function logTable(upTo: number): Float64Array {
  if (LOG_TABLE.length <= upTo) {
    const t = new Float64Array(Math.max(upTo + 1, 2 * LOG_TABLE.length, 1024));
    for (let k = 0; k < t.length; k++) t[k] = Math.log(k);
    LOG_TABLE = t;
  }
  return LOG_TABLE;
}

/** The tree: one node per (path of actions from the root). */
class NodePool {
  size = 0;
  action: Int32Array;
  parent: Int32Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  /** Number of children (a node with fewer than its legal actions surely has untried ones). */
  children: Int32Array;
  /** The seat that chose the action leading to the node (whose reward it holds). */
  mover: Int8Array;
  visits: Float64Array;
  avail: Float64Array;
  reward: Float64Array;
  /** Progressive bias weight of the node's action, from the prior policy (0 without one). */
  prior: Float64Array;
  /**
   * UCB's terms that depend on the node alone, reward / visits and bias * prior / (visits + 1),
   * written by the backup (the same expressions, so the same values): a child scan reads them.
   */
  mean: Float64Array;
  bonus: Float64Array;
  constructor(capacity: number) {
    this.action = new Int32Array(capacity);
    this.parent = new Int32Array(capacity);
    this.firstChild = new Int32Array(capacity);
    this.nextSibling = new Int32Array(capacity);
    this.children = new Int32Array(capacity);
    this.mover = new Int8Array(capacity);
    this.visits = new Float64Array(capacity);
    this.avail = new Float64Array(capacity);
    this.reward = new Float64Array(capacity);
    this.prior = new Float64Array(capacity);
    this.mean = new Float64Array(capacity);
    this.bonus = new Float64Array(capacity);
  }
  get capacity(): number {
    return this.action.length;
  }
  grow(): void {
    const cap = this.capacity * 2;
    const g = <T extends Int32Array | Int8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.action = g(this.action, (n) => new Int32Array(n));
    this.parent = g(this.parent, (n) => new Int32Array(n));
    this.firstChild = g(this.firstChild, (n) => new Int32Array(n));
    this.nextSibling = g(this.nextSibling, (n) => new Int32Array(n));
    this.children = g(this.children, (n) => new Int32Array(n));
    this.mover = g(this.mover, (n) => new Int8Array(n));
    this.visits = g(this.visits, (n) => new Float64Array(n));
    this.avail = g(this.avail, (n) => new Float64Array(n));
    this.reward = g(this.reward, (n) => new Float64Array(n));
    this.prior = g(this.prior, (n) => new Float64Array(n));
    this.mean = g(this.mean, (n) => new Float64Array(n));
    this.bonus = g(this.bonus, (n) => new Float64Array(n));
  }
  reset(): number {
    this.size = 0;
    return this.add(-1, -1, -1);
  }
  add(parent: number, action: number, mover: number): number {
    if (this.size === this.capacity) this.grow();
    const k = this.size++;
    this.action[k] = action;
    this.parent[k] = parent;
    this.firstChild[k] = -1;
    this.children[k] = 0;
    this.mover[k] = mover;
    this.visits[k] = 0;
    this.avail[k] = 0;
    this.reward[k] = 0;
    this.prior[k] = 0;
    if (parent >= 0) {
      this.nextSibling[k] = this.firstChild[parent]!;
      this.firstChild[parent] = k;
      this.children[parent]!++;
    } else this.nextSibling[k] = -1;
    return k;
  }
}

export class IsmctsBot<S> implements Bot<S> {
  readonly name = 'ismcts';
  private readonly rng: SeededRng;
  private ws: Workspace<S> | null = null;
  private readonly pool: NodePool;
  /** Marks of the legal actions of the current determinization, by action. */
  private mark: Uint8Array = new Uint8Array(0);
  /** Iterations run by the last decisions (for the bench). */
  iterationsRun = 0;
  constructor(seed: number, private readonly opts: IsmctsOptions) {
    this.rng = new SeededRng(seed);
    this.pool = new NodePool(Math.max(1024, Math.min(opts.iterations || 4096, 1 << 20) + 1));
  }

  choose(game: Game<S>, state: S, legal: Int32Array, n: number): number {
    if (n === 1) return legal[0]!; // a single legal action needs no search
    if (!this.ws || this.ws.game !== game) {
      this.ws = new Workspace(game);
      this.mark = new Uint8Array(game.numDistinctActions);
    }
    const ws = this.ws;
    const pool = this.pool;
    const rng = this.rng;
    const seat = game.currentPlayer(state);
    const root = pool.reset();
    const { iterations, ms, c, depth } = this.opts;
    const policy = this.opts.rollout as RolloutPolicy<S> | null;
    const prior = this.opts.prior as RolloutPolicy<S> | null;
    const bias = this.opts.bias;
    const scores = ws.scores;
    const deadline = ms > 0 ? performance.now() + ms : 0;
    const det = ws.det;
    const direct = ws.direct;
    const mark = this.mark;
    // Availability never exceeds the iterations run (+ 1): the table covers it, grown when a time budget runs on.
    let logs = logTable(ms > 0 ? 4096 : iterations + 1);
    // The seat to move knows its legal actions, so every determinization has the same ones (the
    // conformance suite checks it): listed on the first one, not once per iteration. The real
    // state is read through currentPlayer and determinize only.
    const rootLegal = ws.rootLegal;
    let rootN = -1;
    let it = 0;
    for (;;) {
      if (ms > 0) {
        if ((it & 15) === 0 && performance.now() >= deadline && it > 0) break;
        if (it + 2 >= logs.length) logs = logTable(2 * it + 2);
      } else if (it >= iterations) break;
      it++;
      game.determinize(state, seat, rng, det);
      let node = root;
      // Selection and expansion.
      while (!game.isTerminal(det)) {
        // The state's own list when the game offers it: read before the next apply.
        const atRoot = node === root;
        if (atRoot && rootN < 0) rootN = game.legalActions(det, rootLegal);
        const m = atRoot ? rootN : direct ? game.legalCount!(det) : game.legalActions(det, ws.legal);
        const buf = atRoot ? rootLegal : direct ? game.legalList!(det) : ws.legal;
        for (let i = 0; i < m; i++) mark[buf[i]!] = 1;
        // Children whose action is legal here are available: count it. The legal actions are
        // distinct and so are a node's children, so the untried ones are the rest. The same
        // pass scores the available children by UCB, unless the node has fewer children than
        // legal actions (then one is surely untried and expanded instead).
        let untried = m;
        let best = -1, bestScore = -Infinity;
        if (pool.children[node]! >= m) {
          for (let ch = pool.firstChild[node]!; ch >= 0; ch = pool.nextSibling[ch]!) {
            const a = pool.action[ch]!;
            if (mark[a] === 1) {
              mark[a] = 2;
              const av = ++pool.avail[ch]!;
              untried--;
              const score = pool.mean[ch]! + c * Math.sqrt(logs[av]! / pool.visits[ch]!) + pool.bonus[ch]!;
              if (score > bestScore) {
                bestScore = score;
                best = ch;
              }
            }
          }
        } else {
          for (let ch = pool.firstChild[node]!; ch >= 0; ch = pool.nextSibling[ch]!) {
            const a = pool.action[ch]!;
            if (mark[a] === 1) {
              mark[a] = 2;
              pool.avail[ch]!++;
              untried--;
            }
          }
        }
        if (untried > 0) {
          const mover = game.currentPlayer(det);
          let a = -1;
          let weight = 0;
          if (prior && prior.score) {
            // The best-scored untried action first (ties by the order of the legal actions).
            prior.score(game, det, buf, m, scores);
            let bestUntried = -Infinity;
            for (let i = 0; i < m; i++) {
              if (mark[buf[i]!] === 1 && scores[i]! > bestUntried) {
                bestUntried = scores[i]!;
                a = buf[i]!;
              }
            }
            let higher = 0;
            for (let i = 0; i < m; i++) if (scores[i]! > bestUntried) higher++;
            weight = 1 / (1 + higher);
          } else {
            let pick = rng.int(untried);
            for (let i = 0; i < m; i++) {
              if (mark[buf[i]!] === 1 && pick-- === 0) {
                a = buf[i]!;
                break;
              }
            }
          }
          for (let i = 0; i < m; i++) mark[buf[i]!] = 0;
          const child = pool.add(node, a, mover);
          pool.avail[child] = 1;
          pool.prior[child] = weight;
          game.apply(det, a);
          node = child;
          break;
        }
        // Every legal action has a child: the best by UCB among the available ones.
        for (let i = 0; i < m; i++) mark[buf[i]!] = 0;
        game.apply(det, pool.action[best]!);
        node = best;
      }
      // Rollout from the new node, then back up the value for each node's mover.
      const value0 = rollout(ws, det, 0, depth, policy, rng);
      for (let k = node; k !== root; k = pool.parent[k]!) {
        const v = ++pool.visits[k]!;
        const r = (pool.reward[k]! += pool.mover[k] === 0 ? value0 : -value0);
        pool.mean[k] = r / v;
        pool.bonus[k] = (bias * pool.prior[k]!) / (v + 1);
      }
      pool.visits[root]!++;
    }
    this.iterationsRun += it;
    // The most visited root action.
    let best = legal[0]!, bestVisits = -1;
    for (let ch = pool.firstChild[root]!; ch >= 0; ch = pool.nextSibling[ch]!) {
      if (pool.visits[ch]! > bestVisits) {
        bestVisits = pool.visits[ch]!;
        best = pool.action[ch]!;
      }
    }
    return best;
  }
}
