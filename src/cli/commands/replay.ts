// `lab replay`: one seeded game, printed so a designer can follow every action and fight.
import { Command } from 'commander';
import { parseBotSpec, splitBotList } from '../../../bots/index.ts';
import { checkMode, loadDeckFile } from '../../core/module.ts';
import { playGame, seatBots } from '../../sim/play.ts';
import { gameOption, moduleOf } from '../game.ts';
import { UsageError, action, intOption } from '../errors.ts';

export function replayCommand(): Command {
  return new Command('replay')
    .description('play one seeded game and print its log (turns, actions, scores, winner)')
    .addOption(gameOption())
    .option('--mode <mode>', 'game mode, one of the game\'s (default: the game\'s first)')
    .option('--deck <file>', 'deck file, given twice: seat 0 then seat 1', (v: string, prev: string[] = []) => [...prev, v])
    .requiredOption('--seed <n>', 'game seed (a non-negative integer)')
    .option('--bots <list>', 'bots for seat 0 and seat 1', 'random,random')
    .option('--rule <key=value>', 'override a rule knob of the game (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--json', 'print the actions and a final summary as JSON')
    .action(action((opts: { game: string; mode?: string; deck?: string[]; seed: string; bots: string; rule?: string[]; json?: boolean }) => {
      const m = moduleOf(opts);
      if (opts.mode === undefined) {
        if (m.modes.length > 1) throw new UsageError(`--mode: required for ${m.id} (its modes: ${m.modes.map((d) => d.id).join(', ')})`);
        opts.mode = m.defaultMode;
      }
      const mode = checkMode(m, opts.mode);
      const decks = opts.deck ?? [];
      if (decks.length !== 2) throw new UsageError(`--deck: give exactly two deck files (got ${decks.length})`);
      const seed = intOption('--seed', opts.seed, 0, 0, 2 ** 32 - 1);
      const specs = splitBotList(opts.bots).map((s) => parseBotSpec(s, m.id));
      if (specs.length === 1) specs.push(specs[0]!);
      if (specs.length !== 2) throw new UsageError(`--bots: give one bot or two, comma-separated (got ${specs.length})`);
      const lists = decks.map((f) => loadDeckFile(m, f));
      for (const [i, d] of lists.entries()) {
        if (d.mode !== mode) throw new UsageError(`${decks[i]}: deck is mode "${d.mode}" but mode "${mode}" was asked`);
      }
      const game = m.buildMatch({ mode, decks: [lists[0]!.list, lists[1]!.list], variant: { rules: m.rules.parse(opts.rule ?? []) } });
      const bots = seatBots(game, seed, [specs[0]!, specs[1]!]);
      const st = game.allocState();
      const logText = m.replay.attachLog(game, st);
      const out = new Int32Array(game.maxLegalActions);
      const names = [m.replay.playerName(game, 0), m.replay.playerName(game, 1)];
      const actions: { turn: number; player: string; action: number; text: string }[] = [];
      try {
        playGame(game, st, seed, bots, out, [0, 0], (p, a) => {
          actions.push({ turn: game.turnCount(st), player: names[p]!, action: a, text: game.actionToString(st, a) });
        }, 1_000_000);
      } catch (err) {
        // The log up to the failure is what a designer needs to see it.
        if (!opts.json) process.stdout.write(logText() + '\n');
        throw err;
      }
      const outcome = game.outcome(st)!;
      const scores = m.replay.scores(game, st);
      const summary = {
        mode,
        seed,
        decks: names,
        deckFiles: decks,
        bots: specs.map((s) => s.text),
        winner: outcome.winner < 0 ? null : names[outcome.winner],
        winnerSeat: outcome.winner,
        reason: outcome.reason,
        turns: game.turnCount(st),
        ...scores.values,
        decisions: actions.length,
      };
      if (opts.json) {
        process.stdout.write(JSON.stringify({ actions, summary }, null, 2) + '\n');
        return;
      }
      process.stdout.write(`${m.title}, ${mode} mode, seed ${seed}: ${names[0]} (${specs[0]!.text}) vs ${names[1]} (${specs[1]!.text})\n`);
      // A game that keeps no designer log prints its actions instead.
      const text = logText();
      process.stdout.write((text !== '' ? text : actions.map((a) => `T${a.turn} ${a.player}: ${a.text}`).join('\n')) + '\n\n');
      process.stdout.write(`Result: ${summary.winner ? `${summary.winner} wins` : 'draw'}: ${outcome.reason}; ${summary.turns} turns, ${scores.text}, ${actions.length} decisions.\n`);
    }));
}
