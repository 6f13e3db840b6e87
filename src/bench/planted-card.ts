// The card the planted-card checks of issue #13 make stronger (test/report/answer.test.ts,
// test/sim/ablate.test.ts, planted.ts): fixed by a rule before any run, never picked by
// results: the first Hero of the first shipped quick deck by file name.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARDS } from '../games/blue-rising/catalogue/index.ts';
import { loadDeck, type DeckList } from '../games/blue-rising/decks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The shipped quick decks, by file name. */
export function quickSides(): { name: string; mode: DeckList['mode']; deck: DeckList; file: string }[] {
  return readdirSync(join(ROOT, 'decks')).filter((f) => /^quick-.*\.deck$/.test(f)).sort().map((f) => {
    const deck = loadDeck(join(ROOT, 'decks', f));
    return { name: deck.name, mode: deck.mode, deck, file: f };
  });
}

/** The planted card: its name and printed power. */
export function plantedCard(): { name: string; power: number } {
  const catalogue = CARDS as readonly { name: string; grade?: string; power?: number }[];
  const first = quickSides()[0]!.deck;
  const hero = first.entries.map((e) => catalogue.find((c) => c.name === e.name)!).find((c) => c.grade === 'hero');
  if (!hero) throw new Error(`planted card: ${first.name} holds no Hero`);
  return { name: hero.name, power: hero.power! };
}
