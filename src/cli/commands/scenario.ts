// `lab scenario FILE...`: sets up hand-written positions, plays their actions, checks them.
import { Command } from 'commander';
import { loadScenario, runScenario } from '../../games/blue-rising/scenario.ts';
import { CheckFailed, action } from '../errors.ts';

export function scenarioCommand(): Command {
  return new Command('scenario')
    .description('run scenario files: a position, actions as `lab replay` prints them, expectations')
    .argument('<files...>', 'scenario files (JSON)')
    .option('--log', 'print each scenario\'s game log')
    .action(action((files: string[], opts: { log?: boolean }) => {
      for (const file of files) {
        const result = runScenario(loadScenario(file), file);
        if (opts.log) process.stdout.write(result.log + '\n');
        if (!result.ok) throw new CheckFailed(`${file}: ${result.failure}`);
        process.stdout.write(`ok  ${result.name} (${result.steps} actions)\n`);
      }
    }));
}
