// `lab cards`: the game's catalogue with its numbers, effect text and provenance.
import { Command } from 'commander';
import { action } from '../errors.ts';
import { gameOption, moduleOf } from '../game.ts';

export function cardsCommand(): Command {
  return new Command('cards')
    .description('list the catalogue: stats, keywords, effect text, and which numbers come from the seeds')
    .addOption(gameOption())
    .option('--json', 'print the card entries as JSON')
    .option('--filter <filter...>', 'keep cards matching all filters: free text, or key=value (Blue Rising: type, grade, faction, keyword, name, provenance; Diplomatie: type, level, name)')
    .action(action((opts: { game: string; json?: boolean; filter?: string[] }) => {
      const { cards, lines } = moduleOf(opts).catalogue.list(opts.filter ?? []);
      if (opts.json) {
        process.stdout.write(JSON.stringify(cards, null, 2) + '\n');
        return;
      }
      for (const l of lines) process.stdout.write(`${l}\n`);
      process.stdout.write(`${cards.length} card${cards.length === 1 ? '' : 's'}\n`);
    }));
}
