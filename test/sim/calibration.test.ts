// Calibration of the intervals (issue #13): two runs on independent seeds of the shipped quick
// decks (heuristic bot, round robin) estimate the same rates, so z = (a − b)/√(se_a² + se_b²)
// should spread like N(0, 1) when the standard errors are honest. Cards take the seat-game as
// unit the seed pair (cardIntervals); counting the copies as trials gives too small errors.
// About 55 s on the 2-core machine.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDeck } from '../../src/games/blue-rising/decks.ts';
import { zSpread } from '../../src/report/paired.ts';
import { C, D, M, type Aggregate } from '../../src/sim/aggregate.ts';
import { cardIntervals } from '../../src/sim/metrics.ts';
import { adjustedCounts, estimateEffect } from '../../src/sim/card-effects.ts';
import { runSimulation, type RunSpec } from '../../src/sim/run.ts';
import { ROOT } from './helpers.ts';

const FILES = readdirSync(join(ROOT, 'decks')).filter((f) => /^quick-.*\.deck$/.test(f)).sort();
const sides = FILES.map((f) => {
  const deck = loadDeck(join(ROOT, 'decks', f));
  return { name: deck.name, mode: deck.mode, deck, file: f };
});
const GAMES = 100; // per pairing and seed
// Independent comparisons, pooled: a card's z moves with its deck's (GIH WR tracks deck WR), so
// one comparison holds about as many independent items as decks; four give 32 deck z-scores.
const COMPARISONS = 4; // 28 pairings × 100 games × 8 seeds = 22,400 games

const spec = (seed: number): RunSpec => ({
  game: 'blue-rising', modes: ['quick'], sides, bots: ['heuristic', 'heuristic'], gamesPerPairing: GAMES, seed,
  arms: [{ label: '' }], workers: 2, wantRows: false,
});

/** Estimates and standard errors of two runs, item by item (items present in both). */
interface Pairs { x: number[]; sx: number[]; y: number[]; sy: number[] }
const empty = (): Pairs => ({ x: [], sx: [], y: [], sy: [] });
const binomialSe = (k: number, n: number) => Math.sqrt(((k / n) * (1 - k / n)) / n);

describe('calibration: z-scores between two independent seeds', () => {
  const runs: [Aggregate, Aggregate][] = [];
  beforeAll(async () => {
    // One after the other: each run uses both workers.
    for (let i = 0; i < COMPARISONS; i++) {
      const a = (await runSimulation(spec(1301 + 2 * i))).aggregates.get('')!;
      const b = (await runSimulation(spec(1302 + 2 * i))).aggregates.get('')!;
      runs.push([a, b]);
    }
  }, 1_200_000); // 22,400 games: 55 s idle, several minutes on a loaded shared machine

  it('runs the 8 shipped quick decks in a round robin', () => {
    expect(FILES).toHaveLength(8);
    const a = runs[0]![0];
    expect(Object.keys(a.matchups.quick!)).toHaveLength(28);
    expect(Object.values(a.decks.quick!).map((d) => d[D.games])).toEqual(Array(8).fill(7 * GAMES));
  });

  it('card GIH WR z-scores spread within [0.8, 1.25] with the seat-game as unit, beyond 1.25 with the copy', () => {
    const clustered = empty(), perCopy = empty(), iwd = empty(), iwdPerCopy = empty();
    for (const [a, b] of runs) for (const card of Object.keys(a.cards.quick!).sort()) {
      const ca = a.cards.quick![card]!, cb = b.cards.quick![card];
      if (!cb || !(ca[C.gih]! > 0 && cb[C.gih]! > 0)) continue;
      const ia = cardIntervals(ca), ib = cardIntervals(cb);
      clustered.x.push(ia.gih.rate); clustered.sx.push(ia.gih.se); clustered.y.push(ib.gih.rate); clustered.sy.push(ib.gih.se);
      perCopy.x.push(ia.gih.rate); perCopy.sx.push(binomialSe(ca[C.wonGih]!, ca[C.gih]!));
      perCopy.y.push(ib.gih.rate); perCopy.sy.push(binomialSe(cb[C.wonGih]!, cb[C.gih]!));
      if (ca[C.gns]! > 0 && cb[C.gns]! > 0) {
        iwd.x.push(ia.iwd.diff); iwd.sx.push(ia.iwd.se); iwd.y.push(ib.iwd.diff); iwd.sy.push(ib.iwd.se);
        const copySe = (c: number[]) => Math.hypot(binomialSe(c[C.wonGih]!, c[C.gih]!), binomialSe(c[C.wonGns]!, c[C.gns]!));
        iwdPerCopy.x.push(ia.iwd.diff); iwdPerCopy.sx.push(copySe(ca)); iwdPerCopy.y.push(ib.iwd.diff); iwdPerCopy.sy.push(copySe(cb));
      }
    }
    const c = zSpread(clustered.x, clustered.sx, clustered.y, clustered.sy);
    const old = zSpread(perCopy.x, perCopy.sx, perCopy.y, perCopy.sy);
    const w = zSpread(iwd.x, iwd.sx, iwd.y, iwd.sy);
    const wOld = zSpread(iwdPerCopy.x, iwdPerCopy.sx, iwdPerCopy.y, iwdPerCopy.sy);
    expect(c.items).toBe(65 * COMPARISONS);
    // Measured: 0.972 with the seed pair as the cluster; 1.259 with the copies as trials (the
    // former Wilson interval). IWD: 0.966, and 1.030 with the former per-copy errors (GIH and GNS
    // of one game move together, which offsets part of the copies' excess).
    expect(c.spread).toBeGreaterThan(0.8);
    expect(c.spread).toBeLessThan(1.25);
    expect(old.spread).toBeGreaterThan(1.25);
    expect(w.items).toBe(65 * COMPARISONS);
    expect(w.spread).toBeGreaterThan(0.8);
    expect(w.spread).toBeLessThan(1.25);
    expect(wOld.spread).toBeGreaterThan(w.spread);
  });

  it('deck-adjusted card effects and stratified IWD by turn spread within [0.8, 1.25] (seed pair as cluster)', () => {
    const adj = empty(), turn = empty();
    for (const [a, b] of runs) for (const card of Object.keys(a.effects!.quick!).sort()) {
      const ea = a.effects!.quick![card]!, eb = b.effects?.quick?.[card];
      if (!eb) continue;
      const x = estimateEffect(adjustedCounts(ea)), y = estimateEffect(adjustedCounts(eb));
      if (Number.isFinite(x.effect) && Number.isFinite(y.effect)) {
        adj.x.push(x.effect); adj.sx.push(x.se); adj.y.push(y.effect); adj.sy.push(y.se);
      }
      const u = estimateEffect(ea.seen6), v = estimateEffect(eb.seen6);
      if (Number.isFinite(u.effect) && Number.isFinite(v.effect)) {
        turn.x.push(u.effect); turn.sx.push(u.se); turn.y.push(v.effect); turn.sy.push(v.se);
      }
    }
    const d = zSpread(adj.x, adj.sx, adj.y, adj.sy), t = zSpread(turn.x, turn.sx, turn.y, turn.sy);
    // Measured: 1.128 over 260 effects (65 cards × 4; 0.996 when the presence was dealt in the
    // opening hand), 1.110 over 220 IWD-by-turn-6 estimates.
    expect(d.items).toBeGreaterThan(60 * COMPARISONS);
    expect(d.spread).toBeGreaterThan(0.8);
    expect(d.spread).toBeLessThan(1.25);
    expect(t.items).toBeGreaterThan(30 * COMPARISONS);
    expect(t.spread).toBeGreaterThan(0.8);
    expect(t.spread).toBeLessThan(1.25);
  });

  it('deck WR z-scores spread within [0.8, 1.25] (the game as unit), over the decks and their matchups', () => {
    const decks = empty(), matchups = empty();
    for (const [a, b] of runs) for (const deck of Object.keys(a.decks.quick!).sort()) {
      const da = a.decks.quick![deck]!, db = b.decks.quick![deck]!;
      decks.x.push(da[D.wins]! / da[D.games]!); decks.sx.push(binomialSe(da[D.wins]!, da[D.games]!));
      decks.y.push(db[D.wins]! / db[D.games]!); decks.sy.push(binomialSe(db[D.wins]!, db[D.games]!));
    }
    for (const [a, b] of runs) for (const key of Object.keys(a.matchups.quick!).sort()) {
      const ma = a.matchups.quick![key]!, mb = b.matchups.quick![key]!;
      matchups.x.push(ma[M.winsA]! / ma[M.games]!); matchups.sx.push(binomialSe(ma[M.winsA]!, ma[M.games]!));
      matchups.y.push(mb[M.winsA]! / mb[M.games]!); matchups.sy.push(binomialSe(mb[M.winsA]!, mb[M.games]!));
    }
    const d = zSpread(decks.x, decks.sx, decks.y, decks.sy);
    const m = zSpread(matchups.x, matchups.sx, matchups.y, matchups.sy);
    // Measured: decks 1.059 (32 items), matchups 1.019 (112).
    expect(d.items).toBe(8 * COMPARISONS);
    expect(m.items).toBe(28 * COMPARISONS);
    expect(m.spread).toBeGreaterThan(0.8);
    expect(m.spread).toBeLessThan(1.25);
    expect(d.spread).toBeGreaterThan(0.8);
    expect(d.spread).toBeLessThan(1.25);
  });
});
