// The `lab` command: wires one command per file; each command validates its own options.
import { Command, CommanderError } from 'commander';
import { cardsCommand } from './commands/cards.ts';
import { deckCommand } from './commands/deck.ts';
import { replayCommand } from './commands/replay.ts';
import { scenarioCommand } from './commands/scenario.ts';

const program = new Command();
program
  .name('lab')
  .description('Blue Rising Lab: seeded bot-versus-bot games, balance numbers, reports')
  .showHelpAfterError('(lab --help lists the commands)')
  .exitOverride()
  .configureOutput({
    // Commander's own errors (unknown option, bad choice) stay on one line.
    outputError: (str, write) => write(str.split('\n')[0] + '\n'),
  });

program.addCommand(replayCommand());
program.addCommand(scenarioCommand());
program.addCommand(deckCommand());
program.addCommand(cardsCommand());

const overrideAll = (c: Command): void => {
  c.exitOverride();
  c.commands.forEach(overrideAll);
};
overrideAll(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version exit 0; every usage error exits 2.
    process.exitCode = err.exitCode === 0 ? 0 : 2;
  } else {
    throw err;
  }
}
