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
// section, sortable tables, the card drill-down) with the deck-choice equilibrium and the
// drill-downs, and every chart with one colour meaning (red strong, blue weak, the rest
// neutral) and the card charts cut to the ten strongest and weakest cards (a deck-adjusted
// effect chart added), the table headers saying what each figure means; then the deck-adjusted
// columns of cards.csv, summary.json, the card charts and the report page with the estimate's
// presence (held early: the kept hand or the next 6 cards, instead of dealt in the hand);
// games.csv and the deck, matchup, mode and difference files did not.
const SIM_HASHES: Record<string, string> = {
  'cards.csv': '5187d7aef417c7cb',
  'deck_matchups.csv': '43457e32ace8bfca',
  'decks.csv': 'c03bd81a0d4d4ad0',
  'games.csv': '57f4b875be014ee6',
  'manifest.json': 'acfa037719949f78',
  'matchups.csv': '492c941041cfca3b',
  'modes.csv': '6d9537f44a9a0e5f',
  'report/cards-effect-quick.vl.json': 'f9daa53be4fecfc1',
  'report/cards-effect-standard.vl.json': '24d1c5ae582f42d9',
  'report/cards-gih-quick.vl.json': '799f07379c5d9f17',
  'report/cards-gih-standard.vl.json': 'def13bf73742c71f',
  'report/cards-iwd-quick.vl.json': 'e5eb01a62b861c22',
  'report/cards-iwd-standard.vl.json': '38f57eceb7612502',
  'report/cards-play-pitch-quick.vl.json': 'e3394ee0b58f1019',
  'report/cards-play-pitch-standard.vl.json': 'cc274a9498d26543',
  'report/decks-matchups-quick.vl.json': 'd69b63a9ab48a134',
  'report/decks-matchups-standard.vl.json': 'f4c2b83b5adf0e2b',
  'report/decks-strength-quick.vl.json': '58da34122240206f',
  'report/decks-strength-standard.vl.json': 'b0d299073502bb4c',
  'report/decks-wr-quick.vl.json': 'd6b3420b7551e7cb',
  'report/decks-wr-standard.vl.json': 'fb5f829e65e8342c',
  'report/index.html': '2973886409b44ef4',
  'report/modes-cards-side-by-side.vl.json': 'd3f7d4f63bd6fe5a',
  'report/modes-decks-side-by-side.vl.json': '95c9e0517b38739c',
  'report/modes-first-player.vl.json': '0cba96e148627743',
  'report/modes-game-length.vl.json': 'cd95e9a3cba3edba',
  'report/modes-vp-sources.vl.json': '43953d0dbe8d2d6a',
  'summary.json': 'e9b458797f427df4',
};
const EXP_HASHES: Record<string, string> = {
  'arms/Arthur-power=3/cards.csv': 'd994335f9b00ebcf',
  'arms/Arthur-power=3/deck_matchups.csv': 'f67743c856891fc2',
  'arms/Arthur-power=3/decks.csv': '8ef46717d490fc59',
  'arms/Arthur-power=3/matchups.csv': '529da2170ac0c4c0',
  'arms/Arthur-power=3/modes.csv': '38650d6fda244224',
  'arms/Arthur-power=5/cards.csv': 'd1c8189aed05887a',
  'arms/Arthur-power=5/deck_matchups.csv': '15f03c56ea2127ef',
  'arms/Arthur-power=5/decks.csv': 'ec1e73a3a9f71633',
  'arms/Arthur-power=5/matchups.csv': '406df1e7606d6707',
  'arms/Arthur-power=5/modes.csv': '42c882447820490a',
  'arms/base/cards.csv': 'e1c3e15082c29b1d',
  'arms/base/deck_matchups.csv': 'eed554e475b126be',
  'arms/base/decks.csv': 'e8da83040d4257a3',
  'arms/base/matchups.csv': '6c7241a89aa0ba8e',
  'arms/base/modes.csv': '4c19cf091edf4e31',
  'arms/nisqy-4/cards.csv': '83d950def8fd58e4',
  'arms/nisqy-4/deck_matchups.csv': '739949a49e1b1810',
  'arms/nisqy-4/decks.csv': 'c53e3d5da567a9c6',
  'arms/nisqy-4/matchups.csv': 'edd60488a6026db7',
  'arms/nisqy-4/modes.csv': '4d52dedc091fddfc',
  'differences.csv': 'b29bada26e24b8b4',
  'games.csv': '7b8d7405d6f6f1bb',
  'manifest.json': 'ac3b915584343f5d',
  'report/cards-effect-quick.vl.json': '1c67872d65654b12',
  'report/cards-effect-standard.vl.json': '2b6d888c40d7de1f',
  'report/cards-gih-quick.vl.json': 'c4f0b9ea34399685',
  'report/cards-gih-standard.vl.json': 'bc4d2fa7b1ae8618',
  'report/cards-iwd-quick.vl.json': '633fe32865dde789',
  'report/cards-play-pitch-quick.vl.json': '69beaa339647d744',
  'report/cards-play-pitch-standard.vl.json': 'b3d6f7b2300325f8',
  'report/decks-matchups-quick.vl.json': 'bd3d2df6438be3f9',
  'report/decks-matchups-standard.vl.json': '5a3f688ceec25361',
  'report/decks-strength-quick.vl.json': '43c6c54cbba817b3',
  'report/decks-strength-standard.vl.json': '1c458a0fd8e36a2f',
  'report/decks-wr-quick.vl.json': 'fa2d1e9b18bcdfeb',
  'report/decks-wr-standard.vl.json': '811184b03377ab7b',
  'report/experiment-differences.vl.json': '1d473dce4a66d869',
  'report/experiment-sweep-1-arthur-power.vl.json': '65ac88ce60858329',
  'report/index.html': '7a616fba887ffbfe',
  'report/modes-cards-side-by-side.vl.json': '408441def027ff23',
  'report/modes-decks-side-by-side.vl.json': 'dce1787ba5462554',
  'report/modes-first-player.vl.json': 'a2c8a1b2bde11d5b',
  'report/modes-game-length.vl.json': '566293a26da2a258',
  'report/modes-vp-sources.vl.json': '80ced8cdb1f9afcd',
  'summary.json': '5a9700e8cb7fc681',
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
