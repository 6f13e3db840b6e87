// The positions the benches measure on: mid-game snapshots for the clone benches (engine.ts,
// games.ts, paired.ts) and the bots' decision positions (bots.ts, ismcts-run.ts, paired.ts).
// Only the engine contract's methods are called, so paired.ts can hand them an older commit's game.

/** What the snapshots need of a game: the engine contract's part they call. */
export interface SnapshotGame<S> {
  maxLegalActions: number;
  allocState(): S;
  newGame(st: S, seed: number): void;
  cloneInto(src: S, dst: S): void;
  isTerminal(st: S): boolean;
  legalActions(st: S, out: Int32Array): number;
  apply(st: S, action: number): void;
}

/** Mid-game snapshots: one decision in 8 of random games played from `seedOf(g)`, the moves drawn from `rng`. */
export function snapshots<S>(game: SnapshotGame<S>, count: number, rng: { int(n: number): number }, seedOf: (g: number) => number): S[] {
  const out: S[] = [];
  const st = game.allocState();
  const legal = new Int32Array(game.maxLegalActions);
  for (let g = 0; out.length < count; g++) {
    game.newGame(st, seedOf(g));
    for (let k = 0; !game.isTerminal(st) && out.length < count; k++) {
      if (k % 8 === 7) {
        const c = game.allocState();
        game.cloneInto(st, c);
        out.push(c);
      }
      game.apply(st, legal[rng.int(game.legalActions(st, legal))]!);
    }
  }
  return out;
}

/**
 * The bots' positions: decisions of random quick games (seeds 9000, 9001, …) where the mover
 * has more than two actions, each kept with chance 1/15; `rng` draws both the choice and the moves.
 */
export function botPositions<S>(game: SnapshotGame<S>, count: number, rng: { int(n: number): number }): S[] {
  const out: S[] = [];
  const legal = new Int32Array(game.maxLegalActions);
  for (let g = 0; out.length < count; g++) {
    const st = game.allocState();
    game.newGame(st, 9000 + g);
    while (!game.isTerminal(st) && out.length < count) {
      const n = game.legalActions(st, legal);
      if (n > 2 && rng.int(15) === 0) {
        const s = game.allocState();
        game.cloneInto(st, s);
        out.push(s);
      }
      game.apply(st, legal[rng.int(n)]!);
    }
  }
  return out;
}
