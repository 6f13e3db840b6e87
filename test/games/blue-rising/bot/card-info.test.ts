// The current catalogue's tables (card-info.ts's useCatalogue): they hold the tables of the
// catalogue last given, and a bot's scores do not depend on which catalogue another bot in the
// same process met before it (a what-if runs the shipped and the tuned catalogue side by side).
import { describe, expect, it } from 'vitest';
import { mixSeed } from '../../../../src/core/rng.ts';
import {
  CAT_AB_RESOURCE,
  CAT_COST,
  CAT_POWER,
  INFO_CHAR_STAT,
  INFO_HAND_W,
  INFO_WORTH,
  ST_W,
  cardInfo,
  useCatalogue,
} from '../../../../src/games/blue-rising/bot/card-info.ts';
import { HeuristicBot, loadProfile } from '../../../../src/games/blue-rising/bot/index.ts';
import { compileCatalogue, type Catalogue } from '../../../../src/games/blue-rising/catalogue/compile.ts';
import { CARDS } from '../../../../src/games/blue-rising/catalogue/index.ts';
import { matchFromFiles, shippedCatalogue, type BlueRising } from '../../../../src/games/blue-rising/index.ts';
import type { BRState } from '../../../../src/games/blue-rising/state.ts';

const DECKS = new URL('../../../../decks/', import.meta.url).pathname;
/** The shipped catalogue with Nisqy at power 4 (a designer's what-if). */
function tunedCatalogue(): Catalogue {
  return compileCatalogue(CARDS.map((c) => (c.name === 'Nisqy' ? { ...c, power: 4 } : c)));
}

function expectTablesOf(cat: Catalogue): void {
  const I = cardInfo(cat);
  for (let c = 0; c < cat.size; c++) {
    expect(CAT_POWER[c]).toBe(cat.power[c]);
    expect(CAT_COST[c]).toBe(cat.cost[c]);
    expect(INFO_WORTH[c]).toBe(I.worth[c]);
    expect(INFO_HAND_W[c]).toBe(I.handW[c]);
    for (let k = 0; k < ST_W; k++) expect(INFO_CHAR_STAT[c * ST_W + k]).toBe(I.charStat[c * ST_W + k]);
  }
  for (let s = 0; s < cat.abResource.length; s++) expect(CAT_AB_RESOURCE[s]).toBe(cat.abResource[s]);
}

describe('useCatalogue', () => {
  it('holds the tables of the catalogue last given, back and forth', () => {
    const shipped = shippedCatalogue(), tuned = tunedCatalogue();
    const nisqy = shipped.byName.get('Nisqy')!;
    expect(tuned.power[nisqy]).toBe(4);
    expect(shipped.power[nisqy]).not.toBe(4);
    useCatalogue(shipped);
    expectTablesOf(shipped);
    useCatalogue(tuned);
    expectTablesOf(tuned);
    expect(CAT_POWER[nisqy]).toBe(4);
    useCatalogue(shipped);
    expectTablesOf(shipped);
  });

  it('gives a bot the same scores whatever catalogue another bot met just before', () => {
    const decks = [`${DECKS}quick-gardiens.deck`, `${DECKS}quick-veilleurs.deck`] as const;
    const shipped = matchFromFiles('quick', ...decks), tuned = matchFromFiles('quick', ...decks, { catalogue: tunedCatalogue() });
    const profile = loadProfile('midrange');
    /** Plays one seeded heuristic game per match, a decision of each in turn; per match, the scores of all its decisions. */
    const scoresOf = (matches: BlueRising[]): number[][] => {
      const games = matches.map((game) => {
        const st = game.allocState();
        game.newGame(st, 41);
        const bots = [new HeuristicBot(mixSeed(41, 0), profile), new HeuristicBot(mixSeed(41, 1), profile)];
        return { game, st, bots, legal: new Int32Array(game.maxLegalActions), scores: new Float64Array(game.maxLegalActions), seen: [] as number[] };
      });
      for (let live = true; live; ) {
        live = false;
        for (const g of games) {
          if (g.game.isTerminal(g.st)) continue;
          live = true;
          const n = g.game.legalActions(g.st, g.legal);
          const bot = g.bots[g.game.currentPlayer(g.st)]!;
          bot.explain(g.st as BRState, g.legal, n, g.scores);
          for (let i = 0; i < n; i++) g.seen.push(g.scores[i]!);
          g.game.apply(g.st, bot.choose(g.game, g.st, g.legal, n));
        }
      }
      return games.map((g) => g.seen);
    };
    const [shippedAlone] = scoresOf([shipped]), [tunedAlone] = scoresOf([tuned]);
    expect(shippedAlone!.length).toBeGreaterThan(100);
    expect(tunedAlone).not.toEqual(shippedAlone); // Nisqy's power counts in these decks
    const [shippedTogether, tunedTogether] = scoresOf([shipped, tuned]);
    expect(shippedTogether).toEqual(shippedAlone);
    expect(tunedTogether).toEqual(tunedAlone);
  });
});
