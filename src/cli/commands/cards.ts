// `lab cards`: the game's catalogue with its numbers, effect text and provenance.
import { Command } from 'commander';
import { loadDeckFile } from '../../core/module.ts';
import { action } from '../errors.ts';
import { gameOption, moduleOf } from '../game.ts';
import { shippedDecks } from './ablate.ts';

export function cardsCommand(): Command {
  return new Command('cards')
    .description('list the catalogue: stats, keywords, effect text, and which numbers come from the seeds')
    .addOption(gameOption())
    .option('--json', 'print the card entries as JSON')
    .option('--decks', 'also say which shipped decks hold each card (and how many copies)')
    .option('--filter <filter...>', 'keep cards matching all filters: free text, or key=value (Blue Rising: type, grade, faction, keyword, name, provenance; Diplomatie: type, level, name)')
    .action(action((opts: { game: string; json?: boolean; filter?: string[]; decks?: boolean }) => {
      const m = moduleOf(opts);
      const { cards, lines } = m.catalogue.list(opts.filter ?? []);
      const held = new Map<string, string[]>();
      if (opts.decks) {
        for (const { id } of m.modes) {
          for (const f of shippedDecks(id, m)) {
            const d = loadDeckFile(m, f);
            for (const e of d.entries) held.set(e.name, [...(held.get(e.name) ?? []), `${d.name} ×${e.count}`]);
          }
        }
      }
      const nameOf = (c: unknown) => (c as { name: string }).name;
      if (opts.json) {
        process.stdout.write(JSON.stringify(opts.decks ? cards.map((c) => ({ ...(c as object), decks: held.get(nameOf(c)) ?? [] })) : cards, null, 2) + '\n');
        return;
      }
      // A card's text is its unindented line and the indented ones below it: its decks close it.
      let i = -1;
      for (const l of lines) {
        if (opts.decks && i >= 0 && !/^\s/.test(l)) process.stdout.write(`    decks: ${held.get(nameOf(cards[i]))?.join(', ') ?? 'none of the shipped decks'}\n`);
        if (!/^\s/.test(l)) i++;
        process.stdout.write(`${l}\n`);
      }
      if (opts.decks && i >= 0) process.stdout.write(`    decks: ${held.get(nameOf(cards[i]))?.join(', ') ?? 'none of the shipped decks'}\n`);
      process.stdout.write(`${cards.length} card${cards.length === 1 ? '' : 's'}\n`);
    }));
}
