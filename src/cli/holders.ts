// The shipped field a change to one card is measured against (lab whatif, lab fix): the mode's
// shipped decks, those holding the card, and the run that plays them on the command's seed.
import type { Command } from 'commander';
import type { GameModule } from '../core/module.ts';
import { holdersOf } from '../sim/ablate.ts';
import type { RunSpec, SideSpec } from '../sim/run.ts';
import { checkSidesAgainst, type LoadedCatalogue } from './catalogue.ts';
import { intOption, UsageError } from './errors.ts';
import { shippedDecks } from './commands/ablate.ts';
import { defaultWorkers, loadSides, parseBots } from './commands/simulate.ts';

/** The card data the command plays: the --catalogue file's, else the game's shipped cards. */
export function catalogueCards(m: GameModule, cat: LoadedCatalogue): readonly Record<string, unknown>[] {
  return (cat.cards as readonly Record<string, unknown>[] | undefined) ?? (m.catalogue.cards() as readonly Record<string, unknown>[]);
}

/** The mode's shipped decks, checked against the catalogue, and those holding the card; none holding it exits 2. */
export function shippedHolders(m: GameModule, mode: string, cat: LoadedCatalogue, card: string): { sides: SideSpec[]; holders: string[] } {
  const { sides } = loadSides(shippedDecks(mode, m), mode, m);
  checkSidesAgainst(sides, cat);
  const holders = holdersOf(sides, card, mode);
  if (!holders.length) throw new UsageError(`--card: no shipped ${mode} deck holds "${card}" (lab cards --decks lists who holds what)`);
  return { sides, holders };
}

/** The run of those decks from --workers, --bots and --seed (checked in that order): one mode, no arms, no rows. */
export function fieldRun(m: GameModule, mode: string, sides: SideSpec[], opts: { bots: string; seed: string; workers?: string }, gamesPerPairing: number): RunSpec {
  const workers = intOption('--workers', opts.workers, defaultWorkers(), 1, 256);
  const bots = parseBots(opts.bots, m.id);
  return { game: m.id, modes: [mode], sides, bots, gamesPerPairing, seed: intOption('--seed', opts.seed, 1, 0, 2 ** 32 - 1), arms: [], workers, wantRows: false };
}

/** The options lab fix and lab whatif share, added last in this order (their --help shows them so). */
export function fieldOptions(cmd: Command): Command {
  return cmd
    .option('--mode <mode>', 'game mode (default: quick where the game has it, else its default mode)')
    .option('--seed <n>', 'master seed', '1')
    .option('--workers <n>', `worker threads (default: the cores, ${defaultWorkers()} here)`)
    .option('--catalogue <file>', 'play with this card data file instead of the shipped cards')
    .option('--json', 'print the result as JSON')
    .option('--quiet', 'no progress');
}
