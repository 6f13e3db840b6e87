// The `lab` command: wires one command per file; each command validates its own options.
import { Command, CommanderError } from 'commander';
import { cardsCommand } from './commands/cards.ts';
import { deckCommand } from './commands/deck.ts';
import { experimentCommand } from './commands/experiment.ts';
import { nightlyCommand } from './commands/nightly.ts';
import { replayCommand } from './commands/replay.ts';
import { reportCommand } from './commands/report.ts';
import { scenarioCommand } from './commands/scenario.ts';
import { simulateCommand } from './commands/simulate.ts';

const program = new Command();
program
  .name('lab')
  .description('Blue Rising Lab: seeded bot-versus-bot games, balance numbers, reports')
  .exitOverride();

// A reader that stops early (`lab replay … | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

program.addCommand(replayCommand());
program.addCommand(scenarioCommand());
program.addCommand(deckCommand());
program.addCommand(simulateCommand());
program.addCommand(experimentCommand());
program.addCommand(nightlyCommand());
program.addCommand(cardsCommand());
program.addCommand(reportCommand());

function commandPath(c: Command): string {
  const names: string[] = [];
  for (let k: Command | null = c; k; k = k.parent) names.unshift(k.name());
  return names.join(' ');
}

// Commander's own errors (unknown option, bad choice) stay on one line, with a pointer to help.
const overrideAll = (c: Command): void => {
  c.exitOverride();
  c.configureOutput({
    outputError: (str, write) => write(`${str.split('\n')[0]} (${commandPath(c)} --help)\n`),
  });
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
