// Random-play conformance of Seuils: the shared harness (test/core/conformance.ts) on every
// ordered pair of the decks in decks/seuils/, at least 2,000 games, plus the rule set's own
// invariants at every step. A failure names the deck pair, the game seed and the bot seed:
// replay it with replayRandomGame(seuilsMatchFromFiles(a, b), gameSeed, botSeed).
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seuilsMatchFromFiles } from '../../../src/games/seuils/index.ts';
import { END_INFLUENCE, O_END, O_TURN } from '../../../src/games/seuils/state.ts';
import { seuilsInvariants, seuilsTerminal } from './invariants.ts';
import { checkRandomGames } from '../../core/conformance.ts';
import { deckFiles, determinismOverPairs, expectNone, orderedDeckPairs, tagged } from '../conformance-pairs.ts';

const DIR = resolve(import.meta.dirname, '../../../decks/seuils');
const GAMES = 2016; // 56 per ordered pair of the 6 decks
// Cost knobs (a busy 2-core machine): a lockstep clone replay every 397 steps, determinize and
// observe every 11th step; the other contract checks and the invariants at every step.
const CLONE_EVERY = 397;
const DETERMINIZE_EVERY = 11;

const decks = (): string[] => deckFiles(DIR);
const pairs = (): [string, string][] => orderedDeckPairs(DIR);

interface Run { failures: string[]; games: number; steps: number; wins: number; draws: number; turns: number; forced: number }
const emptyRun = (): Run => ({ failures: [], games: 0, steps: 0, wins: 0, draws: 0, turns: 0, forced: 0 });

/** `per` games of every pair whose first deck is one of `firsts` (or of the one pair `second`, `pairIndex`), added into `r`. */
function run(r: Run, per: number, seed: number, firsts: readonly string[], rules: { turnCap?: number } = {}, second?: string, pairIndex?: number): Run {
  pairs().forEach(([a, b], k) => {
    if (!firsts.includes(a) || (second !== undefined && (b !== second || k !== pairIndex))) return;
    const game = seuilsMatchFromFiles(join(DIR, a), join(DIR, b), rules);
    const fails = checkRandomGames(game, {
      games: per,
      seed: seed * 1000 + k,
      cloneCheckEvery: CLONE_EVERY,
      determinizeEvery: DETERMINIZE_EVERY,
      observeEvery: DETERMINIZE_EVERY,
      actionStringEvery: 101,
      maxFailures: 20,
      invariants: seuilsInvariants,
      onTerminal: seuilsTerminal,
      onGameEnd: (st, steps) => {
        r.games++;
        r.steps += steps;
        r.turns += st.w[O_TURN]!;
        r.forced += st.forcedSteps;
        st.forcedSteps = 0;
        if (st.w[O_END] === END_INFLUENCE) r.wins++;
        else r.draws++;
      },
    });
    for (const f of fails) r.failures.push(`${a} vs ${b}: ${f}`);
  });
  return r;
}

const only = (r: Run, ...tags: string[]) => tagged(r.failures, ...tags);
const none = expectNone;

// One block per ordered pair, each with its own hook: a loaded machine never meets one long hook's timeout.
const total = emptyRun();
pairs().forEach(([a, b], k) => {
  describe(`random play: ${a} against ${b}`, () => {
    const r = emptyRun();
    beforeAll(() => {
      run(r, GAMES / 36, 1, [a], {}, b, k);
      total.failures.push(...r.failures);
      for (const key of ['games', 'steps', 'wins', 'draws', 'turns', 'forced'] as const) total[key] += r[key];
    });
    it(`${GAMES / 36} games, no failure`, () => {
      expect(r.games).toBe(GAMES / 36);
      none(r.failures);
    });
  });
});

describe('Seuils: random-play conformance over every ordered deck pair, by rule', () => {
  const r = total;
  it(`plays at least 2,000 games, most of them won by influence (R1, D1)`, () => {
    expect(r.games).toBeGreaterThanOrEqual(2000);
    expect(r.wins).toBeGreaterThan(r.games * 0.9);
  });
  it('§9: the engine plays forced decisions (windows where one can only pass) itself', () => {
    expect(r.forced).toBeGreaterThan(r.steps);
  });
  it('contract: legal actions non-empty, sorted, unique, in range; current player valid; returns', () => none(only(r, 'legal', 'player', 'returns')));
  it('contract: cloneInto keeps the hash; a clone played on with the same actions ends alike', () => none(only(r, 'clone', 'replay')));
  it('contract: observe fits; determinize keeps the legal moves and the observation of the seat', () => none(only(r, 'observe', 'determinize')));
  it('contract: games end, the engine never throws, terminal states have no moves', () => none(only(r, 'steplimit', 'exception', 'terminal')));
  it('zones: every card sits in exactly one place; the faction stays in play (R7); D9 bottom knowledge fits the deck', () => none(only(r, 'zones', 'counts', 'R7', 'D9')));
  it('R1, D1: influence never rises, a game ends at once when a faction reaches 0', () => none(only(r, 'R1', 'D1')));
  it('R6, D3, D13, D18, R17, R19: flags, damage, the stack, attachments and combat stay consistent', () => none(only(r, 'R6', 'D3', 'D13', 'D18', 'R17', 'R19')));
  it('no failure of any other kind', () => {
    const known = ['legal', 'player', 'returns', 'clone', 'replay', 'observe', 'determinize', 'steplimit', 'exception', 'terminal', 'zones', 'counts',
      'R1', 'R6', 'R7', 'R17', 'R19', 'D1', 'D3', 'D9', 'D13', 'D18', 'D30'];
    none(r.failures.filter((f) => !known.some((t) => f.includes(`[${t}]`))));
  });
});

describe('D1, D30: the turn cap', () => {
  it('with turnCap 6 every game still going is a draw on turn 6', () => {
    const r = run(emptyRun(), 2, 2, decks(), { turnCap: 6 });
    none(r.failures);
    expect(r.draws).toBeGreaterThan(0);
    expect(r.draws + r.wins).toBe(r.games);
  });
});

determinismOverPairs(DIR, seuilsMatchFromFiles);
