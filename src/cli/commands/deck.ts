// `lab deck validate FILE...`: every broken rule of every deck in one go (the game's deck rules).
import { Command } from 'commander';
import { checkDeckFileFor } from '../../core/module.ts';
import { CheckFailed, action } from '../errors.ts';
import { gameOption, moduleOf } from '../game.ts';

export function deckCommand(): Command {
  const deck = new Command('deck').description('deck files: validate them');
  deck
    .command('validate')
    .description('check deck files against the game\'s deck rules (Blue Rising: R7 standard / R8 quick); lists every problem; exit 1 when any deck is invalid')
    .addOption(gameOption())
    .argument('<files...>', 'deck files')
    .action(action((files: string[], opts: { game: string }) => {
      const m = moduleOf(opts);
      let bad = 0;
      for (const file of files) {
        const { deck: d, errors } = checkDeckFileFor(m, file);
        if (errors.length === 0) {
          const size = d!.entries.reduce((a, e) => a + e.count, 0);
          process.stdout.write(`ok    ${file}: "${d!.name}", ${d!.mode}, ${size} cards\n`);
        } else {
          bad++;
          process.stdout.write(`FAIL  ${file}\n${errors.map((e) => `      ${e}\n`).join('')}`);
        }
      }
      if (bad > 0) throw new CheckFailed(`${bad} of ${files.length} deck${files.length > 1 ? 's' : ''} invalid`);
    }));
  return deck;
}
