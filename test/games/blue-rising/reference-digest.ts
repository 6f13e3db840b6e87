// Digests of whole seeded games, for the reference test: every decision's legal list and
// chosen action, the final state field by field (by name, so a new layout with the same
// fields and meanings gives the same digest), the balance counters and the game log.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeBot, parseBotSpec } from '../../../bots/index.ts';
import { mixSeed } from '../../../src/core/rng.ts';
import { matchFromFiles, type BlueRising, type BRState } from '../../../src/games/blue-rising/index.ts';
import { GameLog } from '../../../src/games/blue-rising/log.ts';
import type { Mode } from '../../../src/games/blue-rising/rules-options.ts';
import { LAYOUT, LAYOUT8, NUM_INST, isPublic } from '../../../src/games/blue-rising/state.ts';

export const DECKS = resolve(import.meta.dirname, '../../../decks');

/** FNV-1a over 32-bit values. */
class Digest {
  h = 0x811c9dc5;
  int(x: number): void {
    let v = x | 0;
    for (let k = 0; k < 4; k++) {
      this.h = Math.imul(this.h ^ (v & 0xff), 0x01000193);
      v >>>= 8;
    }
  }
  text(s: string): void {
    for (let i = 0; i < s.length; i++) this.h = Math.imul(this.h ^ s.charCodeAt(i), 0x01000193);
    this.h = Math.imul(this.h ^ 0x0a, 0x01000193);
  }
  hex(): string {
    return (this.h >>> 0).toString(16).padStart(8, '0');
  }
}

// Every field by name, the byte region's too: the digests were recorded when the zones were
// Int16 fields named O_DECK, O_HAND, O_DISC, O_GONE and O_PUBLIC, so they keep those names
// (and the fields later moved from Int16 words to bytes keep their O_ names too).
const FIELDS: readonly [string, number, number, boolean][] = [
  ...LAYOUT.map(([n, o, l]) => [n, o, l, false] as [string, number, number, boolean]),
  ...LAYOUT8.map(([n, o, l]) => [n.replace(/^Z_/, 'O_'), o, l, true] as [string, number, number, boolean]),
].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

function stateInto(d: Digest, game: BlueRising, st: BRState): void {
  for (const [name, off, len, bytes] of FIELDS) {
    d.text(name);
    if (name === 'rng') for (let i = 0; i < len / 2; i++) d.int(st.w32[i]!);
    else if (name === 'O_PUBLIC') for (let i = 0; i < NUM_INST; i++) d.int(isPublic(st.z, i)); // one flag per instance, now a bit
    else if (bytes) for (let i = 0; i < len; i++) d.int(st.z[off + i]!);
    else for (let i = 0; i < len; i++) d.int(st.w[off + i]!);
  }
  const out = new Int32Array(game.observationLength);
  for (let seat = 0; seat < 2; seat++) {
    const n = game.observe(st, seat, out);
    for (let i = 0; i < n; i++) d.int(out[i]!);
  }
}

export function deckPairs(mode: Mode): [string, string][] {
  const files = shippedDecks(mode);
  const pairs: [string, string][] = [];
  for (const a of files) for (const b of files) pairs.push([a, b]);
  return pairs;
}

/** The mode's shipped deck files (decks/<mode>-*.deck), sorted by name. */
export function shippedDecks(mode: Mode): string[] {
  return readdirSync(DECKS).filter((f) => f.startsWith(`${mode}-`) && f.endsWith('.deck')).sort().map((f) => join(DECKS, f));
}

/**
 * `games` seeded games of `mode` over every ordered deck pair in turn, bots from `spec`
 * (seats 0 and 1 seeded apart). Every `logEvery`-th game carries a GameLog, every game
 * records the balance counters. Returns the digests of actions+legal lists, final states,
 * counters and logs.
 */
export function referenceDigests(mode: Mode, spec: string, games: number, logEvery: number) {
  const pairs = deckPairs(mode);
  const matches = pairs.map(([a, b]) => matchFromFiles(mode, a, b));
  const acts = new Digest(), states = new Digest(), stats = new Digest(), logs = new Digest();
  let decisions = 0;
  for (let g = 0; g < games; g++) {
    const game = matches[g % matches.length]!;
    const st = game.allocState();
    game.startRecording(st);
    if (g % logEvery === 0) st.log = new GameLog();
    game.newGame(st, mixSeed(424242, g));
    const bots = [makeBot<BRState>(parseBotSpec(spec), mixSeed(g, 1)), makeBot<BRState>(parseBotSpec(spec), mixSeed(g, 2))];
    const legal = new Int32Array(game.maxLegalActions);
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      acts.int(n);
      for (let i = 0; i < n; i++) acts.int(legal[i]!);
      const a = bots[game.currentPlayer(st)]!.choose(game, st, legal, n);
      acts.int(a);
      game.apply(st, a);
      decisions++;
    }
    acts.int(st.forcedSteps);
    stateInto(states, game, st);
    const cs = new Int32Array(2 * game.cardKinds * game.cardStatFields.length);
    game.readCardStats(st, cs);
    for (const x of cs) stats.int(x);
    const vs = new Int32Array(8);
    game.readVpSources(st, vs);
    for (const x of vs) stats.int(x);
    stats.int(game.leadChanges(st));
    const o = game.outcome(st)!;
    stats.int(o.winner);
    stats.text(o.reason);
    if (st.log) logs.text(st.log.text());
  }
  return { decisions, actions: acts.hex(), states: states.hex(), stats: stats.hex(), logs: logs.hex() };
}

/** The reference runs: random vs random, and two search bots on tiny budgets. */
export const REFERENCE_RUNS: readonly { mode: Mode; spec: string; games: number; logEvery: number }[] = [
  { mode: 'quick', spec: 'random', games: 500, logEvery: 10 },
  { mode: 'standard', spec: 'random', games: 500, logEvery: 10 },
  { mode: 'quick', spec: 'flatmc:budget=12,depth=6', games: 30, logEvery: 5 },
  { mode: 'standard', spec: 'flatmc:budget=12,depth=6', games: 30, logEvery: 5 },
  { mode: 'quick', spec: 'ismcts:iterations=16,depth=6', games: 12, logEvery: 4 },
  { mode: 'standard', spec: 'ismcts:iterations=16,depth=6', games: 12, logEvery: 4 },
];
