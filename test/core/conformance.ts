// A generic conformance harness for any `Game<S>`, after OpenSpiel's basic tests
// (random_sim, clone and serialization checks, information-state consistency). It knows
// nothing of a particular rule set: it plays uniform-random games and checks the contract
// of src/core/game.ts at every step. A game supplies its own invariants and end checks.
//
// Every failure names the game seed and the bot seed, so a single game reproduces with
// `replayRandomGame(game, gameSeed, botSeed)`. Failure texts start with a tag in brackets
// ([legal], [player], [clone], [replay], [observe], [determinize], [terminal], [returns],
// [steplimit], [exception], [determinism]; invariant texts keep their own tag) so that a
// test can sort them by the rule they break.
import type { Game } from '../../src/core/game.ts';
import { SeededRng, mixSeed } from '../../src/core/rng.ts';

export interface ConformanceOptions<S> {
  /** Number of random games. */
  games: number;
  /** Base seed: game i is dealt from gameSeedOf(seed, i), its bot plays from botSeedOf(that). */
  seed: number;
  /**
   * Every this many steps (counted over the whole run) a clone is taken and played on in
   * lockstep with the same actions; at the end of the game its hash and returns must equal
   * the original's. 0 turns the replay check off. Default 1 (every step: slow).
   */
  cloneCheckEvery?: number;
  /** Every this many steps the determinize check runs (default 1: every step). */
  determinizeEvery?: number;
  /** Every this many steps the observation length of every seat is checked (default 1). */
  observeEvery?: number;
  /** Every this many steps, actionToString is called on every legal action (default 0: never). */
  actionStringEvery?: number;
  /** A game longer than this many decisions is a failure (default 100,000). */
  maxSteps?: number;
  /** Throw an Error at the first failure instead of collecting them. */
  throwOnFailure?: boolean;
  /** Stop collecting after this many failures (default 50). */
  maxFailures?: number;
  /** Checked on every state (initial, after each action, terminal); `prev` is the state before the last action. */
  invariants?: (state: S, prev: S | null) => string | null;
  /** Checked once on each terminal state. */
  onTerminal?: (state: S) => string | null;
  /** Called after each game ends (for statistics). */
  onGameEnd?: (state: S, steps: number, gameSeed: number) => void;
}

/** Seed of game `index` of a run with base seed `seed`. */
export function gameSeedOf(seed: number, index: number): number {
  return mixSeed(seed, index);
}
/** Seed of the random bot of a game (separate from the game's own chance stream). */
export function botSeedOf(gameSeed: number): number {
  return mixSeed(gameSeed, 0x0b07);
}
function detSeedOf(gameSeed: number): number {
  return mixSeed(gameSeed, 0xde7);
}

class Failures {
  readonly list: string[] = [];
  constructor(private readonly throwFirst: boolean, private readonly max: number) {}
  add(msg: string): void {
    if (this.throwFirst) throw new ConformanceError(msg);
    if (this.list.length < this.max) this.list.push(msg);
  }
  get full(): boolean {
    return this.list.length >= this.max;
  }
}

export class ConformanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConformanceError';
  }
}

function sameInts(a: Int32Array, na: number, b: Int32Array, nb: number): number {
  // Index of the first difference, or -1.
  const n = Math.min(na, nb);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return na === nb ? -1 : n;
}

function list(a: Int32Array, n: number, max = 12): string {
  const parts: number[] = [];
  for (let i = 0; i < Math.min(n, max); i++) parts.push(a[i]!);
  return `[${parts.join(',')}${n > max ? `,… (${n})` : ''}]`;
}

/**
 * Plays `opts.games` uniform-random games and checks the Game contract at every step.
 * Returns the failures (empty when the game conforms), or throws at the first one when
 * `throwOnFailure` is set.
 */
export function checkRandomGames<S>(game: Game<S>, opts: ConformanceOptions<S>): string[] {
  const fails = new Failures(opts.throwOnFailure ?? false, opts.maxFailures ?? 50);
  const cloneEvery = opts.cloneCheckEvery ?? 1;
  const detEvery = opts.determinizeEvery ?? 1;
  const obsEvery = opts.observeEvery ?? 1;
  const strEvery = opts.actionStringEvery ?? 0;
  const maxSteps = opts.maxSteps ?? 100_000;
  const np = game.numPlayers;

  // Every buffer is allocated once for the whole run.
  const state = game.allocState();
  const prev = game.allocState();
  const tmp = game.allocState();
  const det = game.allocState();
  const legal = new Int32Array(game.maxLegalActions);
  const legal2 = new Int32Array(game.maxLegalActions);
  const obsA = new Int32Array(game.observationLength + 1);
  const obsB = new Int32Array(game.observationLength + 1);
  const ret = new Float64Array(np);
  const ret2 = new Float64Array(np);
  const clonePool: S[] = [];
  const active: { st: S; from: number }[] = [];
  let globalStep = 0;

  for (let g = 0; g < opts.games && !fails.full; g++) {
    const gameSeed = gameSeedOf(opts.seed, g);
    const botSeed = botSeedOf(gameSeed);
    const bot = new SeededRng(botSeed);
    const detRng = new SeededRng(detSeedOf(gameSeed));
    const where = (step: number) => `game seed ${gameSeed} (bot seed ${botSeed}) step ${step}`;
    for (const c of active) clonePool.push(c.st);
    active.length = 0;
    let step = 0;
    try {
      game.newGame(state, gameSeed);
      let hasPrev = false;
      for (;;) {
        if (opts.invariants) {
          const bad = opts.invariants(state, hasPrev ? prev : null);
          if (bad) {
            fails.add(`${where(step)}: ${bad}`);
            break;
          }
        }
        if (game.isTerminal(state)) {
          checkTerminal(game, state, legal, ret, (m) => fails.add(`${where(step)}: ${m}`));
          if (opts.onTerminal) {
            const bad = opts.onTerminal(state);
            if (bad) fails.add(`${where(step)}: ${bad}`);
          }
          // The lockstep clones must have reached the same end.
          const h = game.hash(state);
          game.returns(state, ret);
          for (const c of active) {
            if (!game.isTerminal(c.st)) {
              fails.add(`${where(step)}: [replay] the clone taken at step ${c.from} is not terminal after the same actions`);
              continue;
            }
            const hc = game.hash(c.st);
            if (hc !== h) fails.add(`${where(step)}: [replay] the clone taken at step ${c.from} ends with hash ${hc}, the original with ${h}`);
            game.returns(c.st, ret2);
            for (let p = 0; p < np; p++) {
              if (ret2[p] !== ret[p]) {
                fails.add(`${where(step)}: [replay] the clone taken at step ${c.from} returns ${Array.from(ret2)}, the original ${Array.from(ret)}`);
                break;
              }
            }
          }
          opts.onGameEnd?.(state, step, gameSeed);
          break;
        }
        if (step >= maxSteps) {
          fails.add(`${where(step)}: [steplimit] the game is not over after ${maxSteps} steps`);
          break;
        }

        // Current player and legal actions.
        const cp = game.currentPlayer(state);
        if (!Number.isInteger(cp) || cp < 0 || cp >= np) {
          fails.add(`${where(step)}: [player] currentPlayer ${cp} is not in [0, ${np}) in a non-terminal state`);
          break;
        }
        const n = game.legalActions(state, legal);
        const legalBad = checkLegal(game, legal, n);
        if (legalBad) {
          fails.add(`${where(step)}: [legal] ${legalBad}`);
          break;
        }
        // The copy-free listing, when the game offers it, gives the same actions.
        if (game.legalCount || game.legalList) {
          if (!game.legalCount || !game.legalList) fails.add(`${where(step)}: [legal] legalCount and legalList come together`);
          else {
            const n3 = game.legalCount(state);
            const d = sameInts(legal, n, game.legalList(state), n3);
            if (d >= 0) fails.add(`${where(step)}: [legal] legalList ${list(game.legalList(state), n3)} differs from legalActions ${list(legal, n)} at index ${d}`);
          }
        }
        game.returns(state, ret);
        for (let p = 0; p < np; p++) {
          if (ret[p] !== 0) {
            fails.add(`${where(step)}: [returns] returns ${Array.from(ret)} in a non-terminal state (must be all 0)`);
            break;
          }
        }
        if (game.outcome(state) !== null) fails.add(`${where(step)}: [returns] outcome is not null in a non-terminal state`);

        // cloneInto gives an equal hash, the same player and the same legal actions.
        const h0 = game.hash(state);
        game.cloneInto(state, tmp);
        const ht = game.hash(tmp);
        if (ht !== h0) fails.add(`${where(step)}: [clone] cloneInto gives hash ${ht}, the original has ${h0}`);
        else if (game.currentPlayer(tmp) !== cp) fails.add(`${where(step)}: [clone] the clone's current player ${game.currentPlayer(tmp)} differs from ${cp}`);
        else {
          const n2 = game.legalActions(tmp, legal2);
          const d = sameInts(legal, n, legal2, n2);
          if (d >= 0) fails.add(`${where(step)}: [clone] the clone's legal actions ${list(legal2, n2)} differ from ${list(legal, n)} at index ${d}`);
          else if (game.legalCount && game.legalList) {
            const n3 = game.legalCount(tmp);
            const d3 = sameInts(legal, n, game.legalList(tmp), n3);
            if (d3 >= 0) fails.add(`${where(step)}: [clone] the clone's legalList ${list(game.legalList(tmp), n3)} differs from ${list(legal, n)} at index ${d3}`);
          }
        }

        // Observations fit their declared length (the player to move last: its observation
        // stays in obsA for the determinize check).
        const doDet = detEvery > 0 && globalStep % detEvery === 0;
        let la = -1;
        if ((obsEvery > 0 && globalStep % obsEvery === 0) || doDet) {
          for (let k = 1; k <= np; k++) {
            const seat = (cp + k) % np;
            const len = game.observe(state, seat, obsA);
            if (!(len >= 0 && len <= game.observationLength)) {
              fails.add(`${where(step)}: [observe] observe(seat ${seat}) wrote ${len} values, observationLength is ${game.observationLength}`);
            }
            la = len;
          }
        }

        // Determinize for the player to move: same information set, same legal moves.
        if (doDet) {
          game.determinize(state, cp, detRng, det);
          const hs = game.hash(state);
          if (hs !== h0) fails.add(`${where(step)}: [determinize] determinize changed its source state (hash ${h0} → ${hs})`);
          const n2 = game.legalActions(det, legal2);
          const d = sameInts(legal, n, legal2, n2);
          if (d >= 0) {
            fails.add(`${where(step)}: [determinize] for seat ${cp}: legal actions ${list(legal2, n2)} differ from the original's ${list(legal, n)} at index ${d}`);
          }
          if (game.currentPlayer(det) !== cp) fails.add(`${where(step)}: [determinize] current player ${game.currentPlayer(det)} differs from ${cp}`);
          const lb = game.observe(det, cp, obsB);
          const od = sameInts(obsA, la, obsB, lb);
          if (od >= 0) {
            fails.add(`${where(step)}: [determinize] for seat ${cp}: observe differs at index ${od} (${obsB[od]} vs the original's ${obsA[od]}; lengths ${lb}/${la})`);
          }
        }

        if (strEvery > 0 && globalStep % strEvery === 0) {
          for (let i = 0; i < n; i++) {
            let s: unknown;
            try {
              s = game.actionToString(state, legal[i]!);
            } catch (e) {
              s = e;
            }
            if (typeof s !== 'string' || s.length === 0) {
              fails.add(`${where(step)}: [legal] actionToString(${legal[i]}) gave ${s instanceof Error ? `an exception: ${s.message}` : JSON.stringify(s)}`);
              break;
            }
          }
        }

        // A clone that will be played on in lockstep.
        if (cloneEvery > 0 && globalStep % cloneEvery === 0) {
          const st = clonePool.pop() ?? game.allocState();
          game.cloneInto(state, st);
          active.push({ st, from: step });
        }

        const a = legal[bot.int(n)]!;
        if (opts.invariants) {
          game.cloneInto(state, prev);
          hasPrev = true;
        }
        game.apply(state, a);
        for (const c of active) game.apply(c.st, a);
        step++;
        globalStep++;
      }
    } catch (e) {
      const err = e as Error;
      if (err instanceof ConformanceError) throw err;
      fails.add(`${where(step)}: [exception] ${err?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(e)}`);
    }
  }
  return fails.list;
}

/** Legal list checks; returns a description of the first problem, or null. */
function checkLegal<S>(game: Game<S>, legal: Int32Array, n: number): string | null {
  if (!Number.isInteger(n) || n <= 0) return `no legal action (count ${n}) in a non-terminal state`;
  if (n > game.maxLegalActions) return `${n} legal actions, maxLegalActions is ${game.maxLegalActions}`;
  for (let i = 0; i < n; i++) {
    const a = legal[i]!;
    if (a < 0 || a >= game.numDistinctActions) return `action ${a} (index ${i}) is not in [0, ${game.numDistinctActions})`;
    if (i > 0 && a <= legal[i - 1]!) {
      return `legal actions not strictly increasing: ${legal[i - 1]} then ${a} at index ${i} in ${list(legal, n, 40)}`;
    }
  }
  return null;
}

/** End-of-game contract: no player to move, no legal action, returns and outcome agree. */
function checkTerminal<S>(game: Game<S>, state: S, legal: Int32Array, ret: Float64Array, fail: (m: string) => void): void {
  const cp = game.currentPlayer(state);
  if (cp !== -1) fail(`[terminal] currentPlayer is ${cp} in a terminal state (must be -1)`);
  const n = game.legalActions(state, legal);
  if (n !== 0) fail(`[terminal] ${n} legal actions in a terminal state`);
  game.returns(state, ret);
  const out = game.outcome(state);
  if (!out) {
    fail('[terminal] outcome is null in a terminal state');
    return;
  }
  for (let p = 0; p < game.numPlayers; p++) {
    if (ret[p] !== 1 && ret[p] !== -1 && ret[p] !== 0) fail(`[returns] return ${ret[p]} of seat ${p} is not +1, -1 or 0`);
    const want = out.winner === -1 ? 0 : p === out.winner ? 1 : -1;
    if (ret[p] !== want) {
      fail(`[returns] seat ${p} returns ${ret[p]} but the outcome says winner ${out.winner} (${out.reason})`);
      return;
    }
  }
}

/** One uniform-random game from (gameSeed, botSeed): its actions and the hash after each. */
export function replayRandomGame<S>(
  game: Game<S>,
  gameSeed: number,
  botSeed: number = botSeedOf(gameSeed),
  maxSteps = 100_000,
  state: S = game.allocState(),
): { actions: number[]; hashes: number[]; state: S } {
  const legal = new Int32Array(game.maxLegalActions);
  const bot = new SeededRng(botSeed);
  const actions: number[] = [];
  const hashes: number[] = [];
  game.newGame(state, gameSeed);
  hashes.push(game.hash(state));
  while (!game.isTerminal(state) && actions.length < maxSteps) {
    const n = game.legalActions(state, legal);
    if (n <= 0) break;
    const a = legal[bot.int(n)]!;
    actions.push(a);
    game.apply(state, a);
    hashes.push(game.hash(state));
  }
  return { actions, hashes, state };
}

/**
 * Determinism: two runs of the same game seed with the same bot seed give the same action
 * sequence and the same final hash. Returns the failures (empty when deterministic).
 */
export function checkDeterminism<S>(game: Game<S>, seed: number, botSeed: number = botSeedOf(seed), maxSteps = 100_000): string[] {
  const where = `game seed ${seed} (bot seed ${botSeed})`;
  let a, b;
  try {
    a = replayRandomGame(game, seed, botSeed, maxSteps);
    b = replayRandomGame(game, seed, botSeed, maxSteps);
  } catch (e) {
    return [`${where}: [exception] ${(e as Error).message}`];
  }
  const fails: string[] = [];
  const n = Math.min(a.actions.length, b.actions.length);
  for (let i = 0; i < n; i++) {
    if (a.actions[i] !== b.actions[i]) {
      fails.push(`${where}: [determinism] step ${i}: action ${b.actions[i]} on the second run, ${a.actions[i]} on the first`);
      break;
    }
    if (a.hashes[i + 1] !== b.hashes[i + 1]) {
      fails.push(`${where}: [determinism] step ${i}: hash ${b.hashes[i + 1]} after action ${a.actions[i]} on the second run, ${a.hashes[i + 1]} on the first`);
      break;
    }
  }
  if (fails.length === 0 && a.actions.length !== b.actions.length) {
    fails.push(`${where}: [determinism] ${a.actions.length} steps on the first run, ${b.actions.length} on the second`);
  }
  const ha = game.hash(a.state), hb = game.hash(b.state);
  if (ha !== hb) fails.push(`${where}: [determinism] final hash ${hb} on the second run, ${ha} on the first`);
  if (a.hashes[0] !== b.hashes[0]) fails.push(`${where}: [determinism] newGame gives hash ${b.hashes[0]} then ${a.hashes[0]}`);
  return fails;
}
