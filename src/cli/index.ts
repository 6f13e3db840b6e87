// The `lab` command: wires one command per file; each command validates its own options.
import { Command, CommanderError } from 'commander';
import { ablateCommand } from './commands/ablate.ts';
import { cardsCommand } from './commands/cards.ts';
import { deckCommand } from './commands/deck.ts';
import { experimentCommand } from './commands/experiment.ts';
import { fixCommand } from './commands/fix.ts';
import { nightlyCommand } from './commands/nightly.ts';
import { replayCommand } from './commands/replay.ts';
import { reportCommand } from './commands/report.ts';
import { scenarioCommand } from './commands/scenario.ts';
import { simulateCommand } from './commands/simulate.ts';
import { whatifCommand } from './commands/whatif.ts';
import { workerCommand } from './commands/worker.ts';
import { engineVersion, packageVersion } from './manifest.ts';

const program = new Command();
program
  .name('lab')
  .description('Blue Rising Lab: seeded bot-versus-bot games, balance numbers, reports')
  // Printed below, on demand: the engine commit takes two git calls no other command needs.
  .option('-V, --version', 'print the package version and the engine commit (as manifest.json records it)')
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
program.addCommand(ablateCommand());
program.addCommand(whatifCommand());
program.addCommand(fixCommand());
program.addCommand(workerCommand());

function commandPath(c: Command): string {
  const names: string[] = [];
  for (let k: Command | null = c; k; k = k.parent) names.unshift(k.name());
  return names.join(' ');
}

// Commander's own errors (unknown option or command, bad choice, missing argument) take the
// form of every other error: one line "lab: …", with a pointer to the command's help.
const overrideAll = (c: Command): void => {
  c.exitOverride();
  c.showHelpAfterError(false);
  c.configureOutput({
    outputError: (str, write) => {
      const oneLine = str.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ').trim();
      write(`lab: ${oneLine} (${commandPath(c)} --help)\n`);
    },
  });
  c.commands.forEach(overrideAll);
};
overrideAll(program);

/** A command that only groups others (`lab`, `lab deck`), given without one of them. */
function missingSubcommand(argv: string[]): Command | null {
  let c = program;
  for (const word of argv) {
    if (word === '--help' || word === '-h') return null;
    if (word.startsWith('-')) return null;
    const sub = c.commands.find((k) => k.name() === word || k.aliases().includes(word));
    if (!sub) return null;
    c = sub;
  }
  return c.commands.length > 0 ? c : null;
}

const argv = process.argv.slice(2);
const bare = missingSubcommand(argv);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`lab ${packageVersion()} (engine ${engineVersion()})\n`);
} else if (bare) {
  process.stderr.write(`lab: missing command: one of ${bare.commands.map((k) => k.name()).join(', ')} (${commandPath(bare)} --help)\n`);
  process.exitCode = 2;
} else {
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
}
