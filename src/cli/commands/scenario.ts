// `lab scenario FILE...`: sets up hand-written positions, plays their actions, checks them,
// with the game's scenario runner. Every file runs and prints its result; the command exits
// 1 when any failed, 2 at the first file that is not a valid scenario.
import { Command } from 'commander';
import { CheckFailed, UsageError, action } from '../errors.ts';
import { gameOption, moduleOf } from '../game.ts';

export function scenarioCommand(): Command {
  return new Command('scenario')
    .description('run scenario files: a position, actions as `lab replay` prints them, expectations')
    .addOption(gameOption())
    .argument('<files...>', 'scenario files (JSON)')
    .option('--log', 'print each scenario\'s game log')
    .action(action((files: string[], opts: { game: string; log?: boolean }) => {
      const m = moduleOf(opts);
      if (!m.runScenario) throw new UsageError(`--game ${m.id}: the game has no scenario runner`);
      const failures: { file: string; text: string }[] = [];
      for (const file of files) {
        const result = m.runScenario(file);
        if (opts.log) process.stdout.write((result.log ?? '') + '\n');
        if (result.ok) {
          process.stdout.write(`ok    ${result.name} (${result.steps} actions)\n`);
        } else {
          process.stdout.write(`FAIL  ${file}: ${result.failure}\n`);
          failures.push({ file, text: `${file}: ${result.failure}` });
        }
      }
      if (failures.length === 1) throw new CheckFailed(failures[0]!.text);
      if (failures.length > 1) throw new CheckFailed(`${failures.length} of ${files.length} scenarios failed: ${failures.map((f) => f.file).join(', ')}`);
    }));
}
