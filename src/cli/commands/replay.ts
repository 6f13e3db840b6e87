// `lab replay`: one seeded game, printed so a designer can follow every action and fight.
import { Command, Option } from 'commander';
import { makeBot, parseBotSpec, splitBotList } from '../../../bots/index.ts';
import { botSeed } from '../../core/seeds.ts';
import { matchFromFiles } from '../../games/blue-rising/index.ts';
import { GameLog } from '../../games/blue-rising/log.ts';
import { MODES, parseRuleOverrides, type Mode } from '../../games/blue-rising/rules-options.ts';
import { O_TURN, O_VP } from '../../games/blue-rising/state.ts';
import { UsageError, action, intOption } from '../errors.ts';

export function replayCommand(): Command {
  return new Command('replay')
    .description('play one seeded game and print its log (turns, actions, resources, fights, VP, winner)')
    .addOption(new Option('--mode <mode>', 'game mode').choices(MODES as string[]).makeOptionMandatory())
    .option('--deck <file>', 'deck file, given twice: seat 0 then seat 1', (v: string, prev: string[] = []) => [...prev, v])
    .requiredOption('--seed <n>', 'game seed (a non-negative integer)')
    .option('--bots <list>', 'bots for seat 0 and seat 1', 'random,random')
    .option('--rule <key=value>', 'override a rule knob of rules-options.ts (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--json', 'print the actions and a final summary as JSON')
    .action(action((opts: { mode: Mode; deck?: string[]; seed: string; bots: string; rule?: string[]; json?: boolean }) => {
      const decks = opts.deck ?? [];
      if (decks.length !== 2) throw new UsageError(`--deck: give exactly two deck files (got ${decks.length})`);
      const seed = intOption('--seed', opts.seed, 0, 0, 2 ** 32 - 1);
      const specs = splitBotList(opts.bots).map(parseBotSpec);
      if (specs.length === 1) specs.push(specs[0]!);
      if (specs.length !== 2) throw new UsageError(`--bots: give one bot or two, comma-separated (got ${specs.length})`);
      const game = matchFromFiles(opts.mode, decks[0]!, decks[1]!, { rules: parseRuleOverrides(opts.rule ?? []) });
      const bots = specs.map((s, seat) => makeBot(s, botSeed(seed, game.seatKey(seat), game.seatKey(1 - seat), seat)));
      const st = game.allocState();
      const log = new GameLog();
      st.log = log;
      game.newGame(st, seed);
      const out = new Int32Array(game.maxLegalActions);
      const actions: { turn: number; player: string; action: number; text: string }[] = [];
      let guard = 0;
      try {
        while (!game.isTerminal(st)) {
          const n = game.legalActions(st, out);
          const p = game.currentPlayer(st);
          const a = bots[p]!.choose(game, st, out, n);
          actions.push({ turn: st.w[O_TURN]!, player: game.ctx.playerNames[p]!, action: a, text: game.actionToString(st, a) });
          game.apply(st, a);
          if (++guard > 1_000_000) throw new Error('replay: the game did not end');
        }
      } catch (err) {
        // The log up to the failure is what a designer needs to see it.
        if (!opts.json) process.stdout.write(log.text() + '\n');
        throw err;
      }
      const outcome = game.outcome(st)!;
      const summary = {
        mode: opts.mode,
        seed,
        decks: game.ctx.deckNames,
        deckFiles: decks,
        bots: specs.map((s) => s.text),
        winner: outcome.winner < 0 ? null : game.ctx.playerNames[outcome.winner],
        winnerSeat: outcome.winner,
        reason: outcome.reason,
        turns: st.w[O_TURN],
        vp: [st.w[O_VP], st.w[O_VP + 1]],
        decisions: actions.length,
      };
      if (opts.json) {
        process.stdout.write(JSON.stringify({ actions, summary }, null, 2) + '\n');
        return;
      }
      process.stdout.write(`Blue Rising, ${opts.mode} mode, seed ${seed}: ${game.ctx.playerNames[0]} (${specs[0]!.text}) vs ${game.ctx.playerNames[1]} (${specs[1]!.text})\n`);
      process.stdout.write(log.text() + '\n\n');
      process.stdout.write(`Result: ${summary.winner ? `${summary.winner} wins` : 'draw'}: ${outcome.reason}; ${summary.turns} turns, VP ${summary.vp[0]}–${summary.vp[1]}, ${actions.length} decisions.\n`);
    }));
}
