// Blue Rising's output files stay byte-identical for the same seeds: a fixed simulate run
// (both modes, random against heuristic) and a fixed experiment (a patched arm, a sweep) are
// played again and every file they write is hashed (sha256) against the hashes the code gave
// before the game-module seam. Normalised first, because they change from run to run:
// manifest.json drops command, engineVersion, machine, workers, startedAt, endedAt, seconds,
// gamesPerSecond and peakRssMB; report/index.html has the output folder, the engine version
// and the "run ended" time blanked.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXP_ARGS, SIM_ARGS, normalisedHashes } from './golden.ts';
import { lab, tempDir } from './helpers.ts';

// Recorded from the code before the seam (commit 60d7d8d); since then, by design, the card
// files (cards.csv gains the deck-adjusted effect columns), summary.json, the card charts and
// the report page changed with the deck-adjusted card effect; then summary.json (the meta of
// each mode, each card's figures per deck, the deck lists) and the report page (the meta
// section, sortable tables) with the deck-choice equilibrium and the per-card drill-down;
// games.csv and the deck and matchup files did not.
const SIM_HASHES: Record<string, string> = {
  'cards.csv': '545e8616cfba15bb',
  'deck_matchups.csv': '43457e32ace8bfca',
  'decks.csv': 'c03bd81a0d4d4ad0',
  'games.csv': '57f4b875be014ee6',
  'manifest.json': 'acfa037719949f78',
  'matchups.csv': '492c941041cfca3b',
  'modes.csv': '6d9537f44a9a0e5f',
  'report/cards-gih-quick.vl.json': '9b15fbc0b88b26a0',
  'report/cards-gih-standard.vl.json': '6d58a642548043bc',
  'report/cards-iwd-quick.vl.json': '6a3bf8f36bffd2b2',
  'report/cards-iwd-standard.vl.json': '9737a91bb66ef845',
  'report/cards-play-pitch-quick.vl.json': '95e4ca6f3cf14fb5',
  'report/cards-play-pitch-standard.vl.json': 'cfa061a3098b821c',
  'report/decks-matchups-quick.vl.json': '71d087f4a28e30a1',
  'report/decks-matchups-standard.vl.json': '3db481b1d425eba1',
  'report/decks-strength-quick.vl.json': '2318be215595e843',
  'report/decks-strength-standard.vl.json': '15b4f428c4dd5365',
  'report/decks-wr-quick.vl.json': 'd6b3420b7551e7cb',
  'report/decks-wr-standard.vl.json': 'fb5f829e65e8342c',
  'report/index.html': 'c70fb6599b0b6a4d',
  'report/modes-cards-side-by-side.vl.json': '1538037f35dcd469',
  'report/modes-decks-side-by-side.vl.json': '31a3893564195a9e',
  'report/modes-first-player.vl.json': '6dd06bcc95ee1f73',
  'report/modes-game-length.vl.json': '9d5ca83e79024a30',
  'report/modes-vp-sources.vl.json': '1b5f189b8d97ea8d',
  'summary.json': '6de898623e822e2c',
};
const EXP_HASHES: Record<string, string> = {
  'arms/Arthur-power=3/cards.csv': '7578898435f2ef91',
  'arms/Arthur-power=3/deck_matchups.csv': 'f67743c856891fc2',
  'arms/Arthur-power=3/decks.csv': '8ef46717d490fc59',
  'arms/Arthur-power=3/matchups.csv': '529da2170ac0c4c0',
  'arms/Arthur-power=3/modes.csv': '38650d6fda244224',
  'arms/Arthur-power=5/cards.csv': '2d0ced9f046ad8ea',
  'arms/Arthur-power=5/deck_matchups.csv': '15f03c56ea2127ef',
  'arms/Arthur-power=5/decks.csv': 'ec1e73a3a9f71633',
  'arms/Arthur-power=5/matchups.csv': '406df1e7606d6707',
  'arms/Arthur-power=5/modes.csv': '42c882447820490a',
  'arms/base/cards.csv': '8911e855e0ef6590',
  'arms/base/deck_matchups.csv': 'eed554e475b126be',
  'arms/base/decks.csv': 'e8da83040d4257a3',
  'arms/base/matchups.csv': '6c7241a89aa0ba8e',
  'arms/base/modes.csv': '4c19cf091edf4e31',
  'arms/nisqy-4/cards.csv': '5dc9fc469ff50d88',
  'arms/nisqy-4/deck_matchups.csv': '739949a49e1b1810',
  'arms/nisqy-4/decks.csv': 'c53e3d5da567a9c6',
  'arms/nisqy-4/matchups.csv': 'edd60488a6026db7',
  'arms/nisqy-4/modes.csv': '4d52dedc091fddfc',
  'differences.csv': 'b29bada26e24b8b4',
  'games.csv': '7b8d7405d6f6f1bb',
  'manifest.json': 'ac3b915584343f5d',
  'report/cards-gih-quick.vl.json': '7d7002b94b438a98',
  'report/cards-gih-standard.vl.json': '351c776d57e1c0d0',
  'report/cards-iwd-quick.vl.json': 'f4682efc34718e2a',
  'report/cards-play-pitch-quick.vl.json': '7cc30ef582e1d224',
  'report/cards-play-pitch-standard.vl.json': '0ceee44b3a4aa3ce',
  'report/decks-matchups-quick.vl.json': '25d0e8b899533e6c',
  'report/decks-matchups-standard.vl.json': 'fbe3755906b05577',
  'report/decks-strength-quick.vl.json': '7ffa32310d489baa',
  'report/decks-strength-standard.vl.json': 'f4a97e588b92785d',
  'report/decks-wr-quick.vl.json': 'fa2d1e9b18bcdfeb',
  'report/decks-wr-standard.vl.json': '811184b03377ab7b',
  'report/experiment-differences.vl.json': '567b11f4dd8dc813',
  'report/experiment-sweep-1-arthur-power.vl.json': '47596a71b23af9cb',
  'report/index.html': '536dbf6bfc0e903a',
  'report/modes-cards-side-by-side.vl.json': 'efb49868f812e3a3',
  'report/modes-decks-side-by-side.vl.json': '3017cd2153513c3e',
  'report/modes-first-player.vl.json': '41c198281632a18f',
  'report/modes-game-length.vl.json': '8727f71cc565cca7',
  'report/modes-vp-sources.vl.json': '9395613ae0589c81',
  'summary.json': 'db473519bf109ba9',
};

describe('Blue Rising outputs are byte-identical to the recorded run', () => {
  it('simulate, both modes, random against heuristic', async () => {
    const out = join(tempDir('golden'), 'sim');
    const r = await lab([...SIM_ARGS, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(normalisedHashes(out)).toEqual(SIM_HASHES);
  });
  it('experiment with a patched arm and a sweep', async () => {
    const out = join(tempDir('golden'), 'exp');
    const r = await lab([...EXP_ARGS, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(normalisedHashes(out)).toEqual(EXP_HASHES);
  });
});
