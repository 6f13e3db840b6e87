// `lab ablate`: every card of the decks (per mode) replaced in turn by a replacement-level
// stand-in, on the base's seeds; the cards ranked by the paired change of their decks' WR.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { checkMode, loadDeckFile, type GameModule } from '../../core/module.ts';
import { gameModule } from '../../games/registry.ts';
import { ABLATION_COLUMNS, ablationRows, cardsOfMode, runAblation, type CardEffect } from '../../sim/ablate.ts';
import { oddGames } from '../../sim/experiment.ts';
import { atomicWrite, csvText } from '../../sim/output.ts';
import type { RunSpec } from '../../sim/run.ts';
import { writeJson } from '../../sim/write.ts';
import { action, intOption, UsageError } from '../errors.ts';
import { checkSidesAgainst, loadCatalogue } from '../catalogue.ts';
import { makeProgress } from '../progress.ts';
import { prepareOutFolder } from '../out-folder.ts';
import { gameOption, moduleOf } from '../game.ts';
import { defaultWorkers, loadSides, parseBots } from './simulate.ts';

/** The shipped decks of a mode: the deck files of the game's deck folder that declare it, by file name. */
export function shippedDecks(mode: string, m: GameModule = gameModule()): string[] {
  return readdirSync(m.deckFolder).filter((f) => f.endsWith('.deck')).sort().map((f) => join(m.deckFolder, f))
    .filter((f) => loadDeckFile(m, f).mode === mode);
}

/** The mode a command plays by default: quick where the game has it (the short games), else the game's default. */
export function defaultModeOf(m: GameModule): string {
  return m.modes.some((d) => d.id === 'quick') ? 'quick' : m.defaultMode;
}

const pts = (x: number) => (Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`);

export function effectLine(e: CardEffect, rank: number, width: number): string {
  // The stand-in on its own line, so what each card was measured against is in the output.
  return `  ${String(rank).padStart(3)}. ${e.card.padEnd(width)}  ${pts(e.effect).padStart(6)} [${pts(e.lo)}, ${pts(e.hi)}]  ${e.pairs} pairs; in ${e.holders.join(', ')}\n`
    + `       ${' '.repeat(width)}  stand-in: ${e.standIn}\n`;
}

export function ablateCommand(): Command {
  return new Command('ablate')
    .description('replace each card of the decks by a replacement-level stand-in on the same seeds, and rank the cards by the paired change of their decks\' win rate')
    .addOption(gameOption())
    .option('--deck <files...>', 'deck files (default: the shipped decks of --mode)')
    .option('--mode <mode>', 'game mode (default: quick where the game has it, else its default mode)')
    .option('--bots <list>', 'bots of the first and second deck of each pairing', 'heuristic')
    .option('--games <n>', 'games per pairing, an even number', '200')
    .option('--seed <n>', 'master seed', '1')
    .option('--workers <n>', `worker threads (default: the cores, ${defaultWorkers()} here)`)
    .option('--card <names...>', 'only these cards (default: every card of the decks)')
    .option('--catalogue <file>', 'play with this card data file instead of the shipped cards (games with a card data file)')
    .option('--out <dir>', 'also write ablation.csv and ablation.json there')
    .option('--json', 'print the effects as JSON')
    .option('--quiet', 'no progress')
    .action(action(async (opts: { game?: string; deck?: string[]; mode?: string; bots: string; games: string; seed: string; workers?: string; card?: string[]; catalogue?: string; out?: string; json?: boolean; quiet?: boolean }) => {
      const m = moduleOf(opts);
      if (!m.ablation) throw new UsageError(`--game ${m.id}: no replacement-level stand-ins to ablate with (the ${m.id} module has no ablation hook)`);
      const mode = opts.mode ?? (opts.deck ? undefined : defaultModeOf(m));
      if (mode !== undefined) checkMode(m, mode);
      const { sides, modes } = loadSides(opts.deck ?? shippedDecks(mode!, m), mode, m);
      const cat = loadCatalogue(m, opts.catalogue);
      checkSidesAgainst(sides, cat);
      const games = intOption('--games', opts.games, 200, 2, 1e8);
      const odd = oddGames(games);
      if (odd) throw new UsageError(`option --games: ${odd}`);
      const inDecks = new Set(modes.flatMap((m) => cardsOfMode(sides, m)));
      for (const c of opts.card ?? []) {
        if (!inDecks.has(c)) throw new UsageError(`option --card: "${c}" is in none of the decks${cat.names.includes(c) ? '' : ' (nor in the catalogue)'}`);
      }
      const spec: RunSpec = {
        game: m.id,
        modes,
        sides,
        bots: parseBots(opts.bots, m.id),
        gamesPerPairing: games,
        seed: intOption('--seed', opts.seed, 1, 0, 2 ** 32 - 1),
        arms: [{ label: 'base', variant: cat.cards ? { cards: cat.cards } : undefined }],
        workers: intOption('--workers', opts.workers, defaultWorkers(), 1, 256),
        wantRows: false,
      };
      const out = opts.out === undefined ? null : prepareOutFolder(opts.out, '--out');
      const progress = makeProgress('ablate', Boolean(opts.quiet));
      const res = await runAblation(spec, opts.card, {
        onProgress: (d, t, shard) => progress.update(d, t, { where: `${shard.arm}, ${shard.mode}`, kind: shard.kind }),
        onPlan: (kinds) => progress.plan(kinds),
      });
      progress.stop();
      const summary = {
        game: spec.game, modes, bots: spec.bots, gamesPerPairing: games, seed: spec.seed, catalogueSha256: cat.sha256, catalogueFile: cat.file,
        games: res.games, gamesWithoutReuse: res.gamesWithoutReuse, seconds: Math.round(res.seconds * 1000) / 1000, effects: res.effects,
      };
      if (out) {
        atomicWrite(join(out, 'ablation.csv'), csvText(ABLATION_COLUMNS, ablationRows(res.effects)));
        writeJson(join(out, 'ablation.json'), summary);
      }
      if (opts.json) {
        process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
        return;
      }
      for (const m of modes) {
        const rows = res.effects.filter((e) => e.mode === m);
        const width = Math.max(...rows.map((e) => e.card.length));
        process.stdout.write(`${m}: each card's effect on the WR of the decks holding it, with it minus with its stand-in (points, paired 95% interval), by the interval's low end\n`);
        rows.forEach((e, i) => process.stdout.write(effectLine(e, i + 1, width)));
      }
      process.stdout.write(`${res.games.toLocaleString('en')} games in ${res.seconds.toFixed(1)} s (${res.gamesWithoutReuse.toLocaleString('en')} without reusing the base's games where a deck holds no copy)\n`);
      if (out && !opts.quiet) process.stderr.write(`wrote ${out}/{ablation.csv,ablation.json}\n`);
    }));
}
