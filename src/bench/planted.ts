// Where a planted stronger card ranks on the report's first screen (issue #13's acceptance,
// test/report/answer.test.ts), under each candidate ordering of the deck-adjusted effects:
// by z (the report's), by the effect in points, by the low end of the interval, each among
// the cards Benjamini–Hochberg keeps. The planted card is the test's: the first Hero of the
// first shipped quick deck by file name; shipped quick decks, heuristic bots, 1,000 games a
// pairing, one arm per power delta on the same seeds (the delta 0 arm is the shipped report).
//   npx tsx src/bench/planted.ts [seed=2026] [deltas=0,3,1]
// 28,000 games an arm, 2 worker threads (84,000 games: 5 to 6 minutes on this 2-core machine).
import { plantedCard, quickSides } from './planted-card.ts';
import { rankCards, type RankedCard } from '../report/answer.ts';
import type { CardRow } from '../report/summary.ts';
import { runSimulation } from '../sim/run.ts';
import { summarize } from '../sim/write.ts';

const seed = Number(process.argv[2] ?? 2026);
const deltas = (process.argv[3] ?? '0,3,1').split(',').map(Number);
if (!Number.isInteger(seed) || deltas.some((d) => !Number.isInteger(d))) {
  console.error(`planted: seed ${process.argv[2]} and deltas ${process.argv[3]} must be integers`);
  process.exit(2);
}

const sides = quickSides();
const planted = plantedCard();

const res = await runSimulation({
  game: 'blue-rising', modes: ['quick'], sides, bots: ['heuristic', 'heuristic'], gamesPerPairing: 1000, seed,
  arms: deltas.map((d) => ({ label: `+${d}`, variant: d === 0 ? {} : { patches: [{ card: planted.name, power: planted.power! + d }] } })),
  workers: 2, wantRows: false,
});
console.log(`${planted.name} (power ${planted.power}), seed ${seed}: ${res.games} games in ${res.seconds.toFixed(0)} s`);

const pts = (x: number) => (100 * x).toFixed(1);
const ORDERS: [string, (a: RankedCard, b: RankedCard) => number][] = [
  ['z', (a, b) => b.z - a.z],
  ['points', (a, b) => b.effect - a.effect],
  ['low end', (a, b) => b.lo - a.lo],
];
for (const [arm, agg] of res.aggregates) {
  const cards = (summarize(agg) as unknown as { cards: CardRow[] }).cards;
  const kept = rankCards(cards, 'quick').strong.filter((r) => r.bhKept);
  console.log(`\narm ${arm}: ${kept.length} cards kept by BH on the strong side`);
  for (const [name, order] of ORDERS) {
    const s = [...kept].sort((a, b) => order(a, b) || a.card.localeCompare(b.card, 'fr'));
    const at = s.findIndex((r) => r.card === planted.name);
    console.log(`  by ${name}: planted ${at < 0 ? 'not kept' : `#${at + 1}`}; ${s.slice(0, 6).map((r) => `${r.card} ${pts(r.effect)} [${pts(r.lo)}, ${pts(r.hi)}] z ${r.z.toFixed(2)}`).join(' | ')}`);
  }
}
