// Mid-game snapshots for the clone benches (engine.ts, games.ts, paired.ts): one decision in 8
// of random games played from `seedOf(g)`, the moves drawn from `rng`. Only the engine
// contract's methods are called, so paired.ts can hand it an older commit's game.

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
