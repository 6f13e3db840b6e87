// The heuristic bot: the one bot that knows Blue Rising. It decodes the legal actions (the
// bands of actions.ts) and scores each one with cheap arithmetic over a view of what its
// seat may know (view.ts) — no search, no clone, no allocation per decision — then plays
// the best score, ties broken by its own seeded stream. One scorer per phase (this file's
// table), one per effect verb (verbs.ts); the weights are a profile (profiles/NAME.json).
//
// Information hiding (a hard rule): the view holds its own hand, its own deck as a multiset
// (never its order), both boards (never an opponent's face-down setup Aspirant), VP, pools,
// the attack context, the opponent's hand and deck SIZES, and only the presence of the
// opponent's face-down Traps and Artefact; the scorers read nothing else.
import type { Game } from '../../../core/game.ts';
import { SeededRng } from '../../../core/rng.ts';
import * as actionBands from '../actions.ts';
import type { BRState } from '../state.ts';
import * as stateLayout from '../state.ts';
import * as botCodes from './codes.ts';
import { scoreEot } from './eot.ts';
import { scoreArtefactAction, scoreMain } from './main.ts';
import { scoreMulligan, scoreSetup } from './opening.ts';
import { payReadsBoard, scorePay, scoreResist } from './pay.ts';
import { loadProfile, type HeuristicProfile } from './profiles.ts';
import { scoreReaction, scoreWindow, supportExact, type WindowScratch } from './reaction.ts';
import { allocEffect, type Effect } from './verbs.ts';
import { allocView, buildView, type View } from './view.ts';
// The constants bound as this module's own, as in rules.ts: optimized code folds them (the
// bundles read them as named imports: src/sim/named-imports.ts).
const {
  MAX_LEGAL,
} = actionBands;
const {
  EPS,
} = botCodes;
const {
  Z_PHASE, PH_EOT_DISCARD, PH_EOT_DOWN, PH_MAIN, PH_MULLIGAN, PH_PAUSE, PH_PAY, PH_REACTION,
  PH_RESIST, PH_SETUP, PH_WINDOW, ZONE_CAP,
} = stateLayout;

export { PROFILES, ProfileError, WEIGHT_KEYS, loadProfile, loadProfileFrom, parseProfile } from './profiles.ts';
export type { HeuristicProfile, ProfileName, WeightKey } from './profiles.ts';

/** The bot's scratch buffers, allocated once. */
interface Scratch {
  fx: Effect;
  window: WindowScratch;
  delta: Float64Array;
}

// Scratch every bot shares: each decision writes what it reads before reading it, and no
// decision runs inside another (one thread), while a simulation makes two bots per game.
const SHARED_WINDOW: WindowScratch = {
  dm: new Float64Array(MAX_LEGAL), tapBest: new Float64Array(6), supBest: new Float64Array(6), cardBest: new Float64Array(2 * ZONE_CAP),
  lazy: false, pend: new Uint8Array(MAX_LEGAL), gain: new Float64Array(MAX_LEGAL),
};
const SHARED_DELTA = new Float64Array(MAX_LEGAL);
const SHARED_SCORES = new Float64Array(MAX_LEGAL);

export class HeuristicBot {
  readonly name = 'heuristic';
  private readonly rng: SeededRng;
  private readonly view: View;
  private readonly scratch: Scratch;
  private readonly scores = SHARED_SCORES;

  constructor(seed: number, profile: HeuristicProfile) {
    this.rng = new SeededRng(seed);
    this.view = allocView(profile);
    this.scratch = { fx: allocEffect(), window: SHARED_WINDOW, delta: SHARED_DELTA };
  }

  choose(_game: Game<BRState>, state: BRState, legal: Int32Array, n: number): number {
    if (n <= 1) return legal[0]!;
    const sc = this.scores;
    const ws = this.scratch.window;
    ws.lazy = true;
    this.explain(state, legal, n, sc);
    ws.lazy = false;
    // A window may leave a Support's score as an upper bound (ws.pend): one below the running
    // best changes nothing here (neither a new best nor a tie), else its exact score is read.
    // The main phase leaves bounds only where they are below the best before them (scoreMain).
    const pend = state.z[Z_PHASE] === PH_WINDOW ? ws.pend : null;
    let best = -Infinity, bestA = legal[0]!, ties = 0;
    for (let i = 0; i < n; i++) {
      let s = sc[i]!;
      if (pend !== null && pend[i] !== 0) {
        if (s < best - EPS) continue;
        s = supportExact(this.view, ws, legal[i]!, i);
      }
      if (s > best + EPS) {
        best = s;
        bestA = legal[i]!;
        ties = 1;
      } else if (s >= best - EPS) {
        ties++;
        if (this.rng.int(ties) === 0) bestA = legal[i]!;
      }
    }
    return bestA;
  }

  /** As a policy for search: the scores of legal[0..n) (see `explain`). */
  score(_game: Game<BRState>, state: BRState, legal: Int32Array, n: number, out: Float64Array): void {
    this.explain(state, legal, n, out);
  }

  /** The scores the bot gives legal[0..n) in this state (for tests and tuning). */
  explain(state: BRState, legal: Int32Array, n: number, out: Float64Array): void {
    const v = this.view;
    buildView(v, state, state.z[Z_PHASE] === PH_PAY && !payReadsBoard(legal, n));
    // One scorer per phase, called directly (a table of closures made every call megamorphic).
    const s = this.scratch;
    switch (v.phase) {
      case PH_MAIN: scoreMain(v, s.fx, legal, n, out, s.window.lazy); return;
      case PH_WINDOW: scoreWindow(v, s.fx, s.window, legal, n, out); return;
      case PH_PAY: scorePay(v, legal, n, out); return;
      case PH_REACTION: scoreReaction(v, legal, n, out); return;
      case PH_EOT_DISCARD: case PH_EOT_DOWN: scoreEot(v, legal, n, out); return;
      case PH_SETUP: scoreSetup(v, legal, n, out); return;
      case PH_MULLIGAN: scoreMulligan(v, s.delta, legal, n, out); return;
      case PH_PAUSE:
        for (let i = 0; i < n; i++) out[i] = scoreArtefactAction(v, s.fx, legal[i]!);
        return;
      case PH_RESIST: scoreResist(v, legal, n, out); return;
    }
    for (let i = 0; i < n; i++) out[i] = 0;
  }
}

/** The heuristic bot for a seat, from its own seed and a profile. */
export function makeBlueRisingBot(seed: number, profile: HeuristicProfile): HeuristicBot {
  return new HeuristicBot(seed, profile);
}

/** The rollout policy (and ISMCTS prior) searches use: the midrange heuristic bot. */
export function makeBlueRisingRollout(seed: number): HeuristicBot {
  return new HeuristicBot(seed, loadProfile('midrange'));
}
