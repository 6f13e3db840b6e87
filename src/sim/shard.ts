// Plays one shard: a run of seeded pairs of games (seats swapped, same seed) for one pairing
// and mode, and returns compact partial aggregates (and the game rows when asked). Runs in a
// worker thread, or in the main thread for a single-threaded run. Speaks only the generic
// Game contract; the registry builds the game.
import { parseBotSpec } from '../../bots/index.ts';
import type { CardStatsGame } from '../core/game.ts';
import type { Variant } from '../core/module.ts';
import { gameSeed } from '../core/seeds.ts';
import { gameModule } from '../games/registry.ts';
import { playGame, reseatBots } from './play.ts';
import type { Bot } from '../../bots/bot.ts';
import { EffectAccumulator } from './card-effects.ts';
import { CardAccumulator, addGameTo, addPairTo, emptyAggregate, gameRows, listPresent, pairRows, statLayout, type Aggregate, type GameResult, type StatLayout } from './aggregate.ts';

export interface ShardTask {
  shardIndex: number;
  game: string;
  mode: string;
  /** Side A, side B: their deck lists (opaque here) and names. */
  decks: [unknown, unknown];
  deckNames: [string, string];
  /** Bot specs of side A and side B (a bot travels with its deck when seats swap). */
  bots: [string, string];
  variant?: Variant;
  /** Label of the experiment arm (empty for a plain run). */
  arm: string;
  masterSeed: number;
  pairingKey: number;
  pairStart: number;
  pairCount: number;
  wantRows: boolean;
}

/** One games.csv row. */
export type GameRow = (string | number)[];
/** The games.csv header; the seat score columns take the game's word (vp_seat0, pd_seat0). */
export function gameRowHeader(scoreColumn = 'vp'): string[] {
  return [
    'arm', 'mode', 'deck_a', 'deck_b', 'pair', 'game', 'seed', 'seat0_deck', 'seat1_deck', 'seat0_bot', 'seat1_bot',
    'first_seat', 'winner_seat', 'winner_deck', 'turns', `${scoreColumn}_seat0`, `${scoreColumn}_seat1`, 'decisions_seat0', 'decisions_seat1',
  ];
}
export const GAME_ROW_HEADER = gameRowHeader();

export interface ShardResult {
  shardIndex: number;
  games: number;
  agg: Aggregate;
  rows: GameRow[] | null;
}

/** A game that threw: everything it takes to replay it. */
export interface GameFailureInfo {
  message: string;
  arm: string;
  mode: string;
  seed: number;
  seatDecks: [string, string];
  seatBots: [string, string];
  pair: number;
}
export const FAILURE_MARK = 'LAB_GAME_FAILED ';

/** The key of the message a worker thread posts once its module has loaded (worker.ts, run.ts's localPool). */
export const WORKER_LOADED = 'labWorkerLoaded';

interface Prepared {
  games: [CardStatsGame<unknown>, CardStatsGame<unknown>]; // [A in seat 0, B in seat 0]
  states: [unknown, unknown];
  legal: Int32Array;
  lay: StatLayout;
  stats: Int32Array;
  depths: Int32Array | null;
  vp: Int32Array;
  /** The kinds each seat's deck holds, listed after each game (GameResult.present). */
  present: Int32Array;
  /** Which score sources make up a seat's score (the game's words). */
  scoreSources: readonly number[];
  /** The card counters, zeroed at each shard's start: the effect counts are about 1 MB a pairing, too much to allocate per shard. */
  acc: CardAccumulator;
  eff: EffectAccumulator;
}

// Games and states are reused across the shards a worker runs (the catalogue compiles once).
const prepared = new Map<string, Prepared>();

function prepare(task: ShardTask): Prepared {
  const key = JSON.stringify([task.game, task.mode, task.deckNames, task.variant ?? null, task.decks]);
  let p = prepared.get(key);
  if (p) return p;
  const m = gameModule(task.game);
  const ab = m.buildMatch({ mode: task.mode, decks: [task.decks[0], task.decks[1]], variant: task.variant });
  const ba = m.buildMatch({ mode: task.mode, decks: [task.decks[1], task.decks[0]], variant: task.variant });
  const states: [unknown, unknown] = [ab.allocState(), ba.allocState()];
  ab.startRecording(states[0]);
  ba.startRecording(states[1]);
  const lay = statLayout(ab.cardStatFields, Array.from({ length: ab.cardKinds }, (_, k) => ab.cardKindName(k)), ab.vpSourceNames, ab.seenByTurns, m.words.decisiveMargin, m.counters.cards.map((c) => c.field));
  lay.depths = typeof ab.readDrawDepths === 'function';
  p = {
    games: [ab, ba],
    states,
    legal: new Int32Array(Math.max(ab.maxLegalActions, ba.maxLegalActions)),
    lay,
    stats: new Int32Array(2 * lay.kinds * lay.fields),
    depths: lay.depths ? new Int32Array(2 * lay.kinds) : null,
    vp: new Int32Array(2 * lay.sources.length),
    present: new Int32Array(2 * (lay.kinds + 1)),
    scoreSources: m.words.scoreSources ?? lay.sources.map((_, i) => i),
    acc: new CardAccumulator(lay),
    eff: new EffectAccumulator(lay, task.deckNames),
  };
  if (prepared.size > 64) prepared.clear();
  prepared.set(key, p);
  return p;
}

export function runShard(task: ShardTask): ShardResult {
  const prep = prepare(task);
  const agg = emptyAggregate();
  agg.pairBase = task.pairStart; // its pair results from its first pair on
  const rows: GameRow[] | null = task.wantRows ? [] : null;
  const specs = [parseBotSpec(task.bots[0], task.game), parseBotSpec(task.bots[1], task.game)];
  const matchup = { a: task.deckNames[0], b: task.deckNames[1] };
  const acc = prep.acc, eff = prep.eff, lay = prep.lay;
  acc.reset();
  eff.reset();
  // Per seat arrangement (game 0: side A in seat 0; game 1: seats swapped): its seats' sides,
  // decks and bots, its rows of the aggregate, and a result reused by every game.
  const sides = [[0, 1], [1, 0]] as const;
  const arrangements = sides.map((seatSide) => {
    const seatDecks: [string, string] = [task.deckNames[seatSide[0]]!, task.deckNames[seatSide[1]]!];
    const result: GameResult = {
      mode: task.mode, decks: seatDecks, sideOfSeat0: seatSide[0], winner: -1, first: 0, turns: 0, vp: [0, 0], decisions: [0, 0],
      vpSources: prep.vp, cardStats: prep.stats, drawDepths: prep.depths ?? undefined, leadChanges: 0, present: prep.present,
    };
    const bots = null as [Bot<unknown>, Bot<unknown>] | null; // reseeded game after game (reseatBots)
    return { seatSide, seatDecks, seatSpecs: [specs[seatSide[0]]!, specs[seatSide[1]]!] as const, rows: gameRows(agg, lay, task.mode, seatDecks, matchup), result, bots };
  });
  const pairs = pairRows(agg, task.mode, matchup);
  let games = 0;
  for (let i = task.pairStart; i < task.pairStart + task.pairCount; i++) {
    const seed = gameSeed(task.masterSeed, task.pairingKey, i);
    let winnerSide0 = -1, winnerSide1 = -1;
    let moverWins = 0, otherWins = 0; // the first player's wins and the other's, over the pair
    for (let g = 0; g < 2; g++) {
      // Game 0: side A in seat 0; game 1: seats swapped, same seed (common random numbers).
      const game = prep.games[g]!;
      const st = prep.states[g]!;
      const arr = arrangements[g]!;
      const { seatSide, seatDecks, seatSpecs, result } = arr;
      const bots = (arr.bots = reseatBots(game, seed, seatSpecs, arr.bots));
      const decisions = result.decisions;
      decisions[0] = decisions[1] = 0;
      try {
        playGame(game, st, seed, bots, prep.legal, decisions);
      } catch (err) {
        // The games and states of a game that threw are left mid-step: never reused.
        prepared.clear();
        const info: GameFailureInfo = {
          message: err instanceof Error ? err.message : String(err),
          arm: task.arm,
          mode: task.mode,
          seed,
          seatDecks,
          seatBots: [seatSpecs[0].text, seatSpecs[1].text],
          pair: i,
        };
        throw new Error(FAILURE_MARK + JSON.stringify(info));
      }
      const winner = game.outcome(st)!.winner;
      game.readCardStats(st, prep.stats);
      game.readVpSources(st, prep.vp);
      if (prep.depths) game.readDrawDepths!(st, prep.depths);
      listPresent(lay, result);
      const vp = result.vp;
      vp[0] = vp[1] = 0;
      for (const s of prep.scoreSources) {
        vp[0] += prep.vp[s]!;
        vp[1] += prep.vp[lay.sources.length + s]!;
      }
      result.winner = winner;
      result.first = game.firstPlayer(st);
      result.turns = game.turnCount(st);
      result.leadChanges = game.leadChanges(st);
      addGameTo(arrangements[g]!.rows, acc, result, g === 0); // the seed pair is the cards' cluster
      eff.add(result);
      const side = winner === -1 ? -1 : seatSide[winner]!;
      if (g === 0) winnerSide0 = side;
      else winnerSide1 = side;
      if (winner !== -1) {
        if (winner === result.first) moverWins++;
        else otherWins++;
      }
      games++;
      if (rows) {
        rows.push([
          task.arm, task.mode, task.deckNames[0], task.deckNames[1], i, g, seed, seatDecks[0], seatDecks[1],
          seatSpecs[0].text, seatSpecs[1].text, result.first, winner,
          winner === -1 ? '' : seatDecks[winner]!, result.turns, vp[0], vp[1], decisions[0], decisions[1],
        ]);
      }
    }
    addPairTo(pairs, winnerSide0, winnerSide1, i, moverWins, otherWins);
    eff.closeCluster();
  }
  acc.foldInto(agg, task.mode);
  agg.packedEffects = eff.pack(task.mode);
  return { shardIndex: task.shardIndex, games, agg, rows };
}
