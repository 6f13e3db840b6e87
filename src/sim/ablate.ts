// Ablation on the same seeds: for each card of the decks, an arm where its copies are played
// by a replacement-level stand-in (the game's choice: its module's ablation hook) and the base's
// seed pairs replayed. A card's effect is the paired change of the win rate of the decks
// holding it, base minus stand-in, over the seed pairs of the pairings where exactly one side
// holds it (where both do, the changes cancel). Only the pairings holding the card are played
// again: the other games of the arm would be the base's very own.
import { gameModule } from '../games/registry.ts';
import { GameModuleError } from '../core/module.ts';
import { pairedDifference } from '../report/paired.ts';
import { round6 as round6OrNull } from '../report/stats.ts';
import { pairWins, type Aggregate } from './aggregate.ts';
import { deckPairScores } from './compare.ts';
import { pairings, runSimulation, type ArmSpec, type RunHooks, type RunSpec, type SideSpec } from './run.ts';

const round6 = (x: number): number => round6OrNull(x) ?? NaN;

/** The card names of a deck (decks are opaque to the simulation; a deck list has entries). */
export function deckCardNames(side: SideSpec): string[] {
  const d = side.deck as { entries?: { name: string }[] };
  return [...new Set((d.entries ?? []).map((e) => e.name))];
}

/** "mode\tname" of the decks of `mode` holding the card. */
export function holdersOf(sides: readonly SideSpec[], card: string, mode?: string): string[] {
  return sides.filter((s) => (mode === undefined || s.mode === mode) && deckCardNames(s).includes(card)).map((s) => `${s.mode}\t${s.name}`);
}

/**
 * Paired outcomes of the holders, (with − without)/2 per seed pair in [from, to): over the
 * mode's pairings (sorted) where exactly one side holds the card, its wins in `withCard`'s arm
 * minus its wins in `without`'s. Pairs missing from either arm are skipped.
 */
export function holderOutcomes(withCard: Aggregate, without: Aggregate, mode: string, holders: ReadonlySet<string>, from = 0, to = Infinity): { outcomes: number[]; withScores: number[]; withoutScores: number[] } {
  const outcomes: number[] = [], withScores: number[] = [], withoutScores: number[] = [];
  const tw = withCard.pairs?.[mode] ?? {}, to_ = without.pairs?.[mode] ?? {};
  for (const key of Object.keys(tw).sort()) {
    const [a, b] = key.split('\t') as [string, string];
    const ha = holders.has(a), hb = holders.has(b);
    if (ha === hb) continue;
    const cw = tw[key]!, co = to_[key];
    if (!co) continue;
    for (let i = Math.max(0, from); i < Math.min(to, cw.length); i++) {
      const x = cw[i], y = co[i];
      if (!(typeof x === 'number' && x > 0 && typeof y === 'number' && y > 0)) continue;
      const sw = pairWins(x)[ha ? 0 : 1], so = pairWins(y)[ha ? 0 : 1];
      withScores.push(sw);
      withoutScores.push(so);
      outcomes.push((sw - so) / 2);
    }
  }
  return { outcomes, withScores, withoutScores };
}

export interface DeckChange {
  deck: string;
  /** Win rate with the card (base) and with its stand-in, and base minus stand-in with a paired 95% interval. */
  withCard: number;
  without: number;
  diff: number;
  lo: number;
  hi: number;
  pairs: number;
}

/** Each holder's WR change, first arm minus second, paired over all its seed pairs. */
export function deckChanges(first: Aggregate, second: Aggregate, mode: string, holders: readonly string[]): DeckChange[] {
  const out: DeckChange[] = [];
  for (const deck of holders) {
    const a = deckPairScores(first, mode, deck), b = deckPairScores(second, mode, deck);
    if (!a || !b || a.keys.join('\n') !== b.keys.join('\n') || a.lengths.join() !== b.lengths.join()) continue;
    const p = pairedDifference(a.scores, b.scores, a.perPair);
    out.push({ deck, withCard: round6(p.rateA), without: round6(p.rateB), diff: round6(p.diff), lo: round6(p.lo), hi: round6(p.hi), pairs: p.pairs });
  }
  return out;
}

export interface CardEffect {
  mode: string;
  card: string;
  standIn: string;
  holders: string[];
  /** Holders' WR with the card minus with the stand-in, paired 95% interval, over `pairs` seed pairs. */
  effect: number;
  lo: number;
  hi: number;
  pairs: number;
  decks: DeckChange[];
}

export interface AblationResult {
  /** By mode, the highest low end of the effect's interval first. */
  effects: CardEffect[];
  /** Games played, and the games a run replaying every pairing in every arm would play. */
  games: number;
  gamesWithoutReuse: number;
  seconds: number;
}

/** Every card of the mode's decks, sorted. */
export function cardsOfMode(sides: readonly SideSpec[], mode: string): string[] {
  return [...new Set(sides.filter((s) => s.mode === mode).flatMap(deckCardNames))].sort((x, y) => x.localeCompare(y, 'fr'));
}

/**
 * Runs the base arm (spec.arms[0]) and one stand-in arm per card (`cards`, or every card of
 * the decks), all in one run on the same seeds, and ranks the cards of each mode by effect.
 */
export async function runAblation(spec: RunSpec, cards?: readonly string[], hooks: RunHooks = {}): Promise<AblationResult> {
  const base = spec.arms[0]!;
  const all = cards ? [...cards] : [...new Set(spec.modes.flatMap((m) => cardsOfMode(spec.sides, m)))];
  const hook = gameModule(spec.game).ablation;
  if (!hook) throw new GameModuleError(`${spec.game} offers no replacement-level stand-ins (its module has no ablation hook)`);
  const variants = hook.variants(base.variant, all);
  const arms: ArmSpec[] = [{ ...base, label: 'base' }];
  for (const v of variants) {
    const holders = holdersOf(spec.sides, v.card).filter((h) => spec.modes.includes(h.split('\t')[0]!));
    if (holders.length) arms.push({ label: `without ${v.card}`, variant: v.variant, onlyDecks: holders, description: v.standIn });
  }
  const run: RunSpec = { ...spec, arms };
  const res = await runSimulation(run, hooks);
  const baseAgg = res.aggregates.get('base')!;
  const effects: CardEffect[] = [];
  for (const mode of spec.modes) {
    const rows: CardEffect[] = [];
    for (const v of variants) {
      const holders = holdersOf(spec.sides, v.card, mode).map((h) => h.split('\t')[1]!);
      if (!holders.length) continue;
      const arm = res.aggregates.get(`without ${v.card}`)!;
      const { withScores, withoutScores } = holderOutcomes(baseAgg, arm, mode, new Set(holders));
      const p = withScores.length >= 2 ? pairedDifference(withScores, withoutScores, 2) : null;
      rows.push({
        mode, card: v.card, standIn: v.standIn, holders,
        effect: p ? round6(p.diff) : NaN, lo: p ? round6(p.lo) : NaN, hi: p ? round6(p.hi) : NaN, pairs: p?.pairs ?? 0,
        decks: deckChanges(baseAgg, arm, mode, holders),
      });
    }
    // By the effect the games establish, the low end of the interval: a card held by one deck
    // has fewer pairs and a wider interval than one held by three, and is not named first on
    // its noise. A card no pairing measures (held by every deck) goes last.
    rows.sort((x, y) => (Number.isNaN(y.lo) ? -1 : Number.isNaN(x.lo) ? 1 : y.lo - x.lo) || x.card.localeCompare(y.card, 'fr'));
    effects.push(...rows);
  }
  const gamesPerArm = pairings(spec).length * spec.gamesPerPairing;
  return { effects, games: res.games, gamesWithoutReuse: gamesPerArm * arms.length, seconds: res.seconds };
}

export const ABLATION_COLUMNS = ['mode', 'rank', 'card', 'effect', 'lo', 'hi', 'pairs', 'holders', 'stand_in'] as const;

export function ablationRows(effects: readonly CardEffect[]): (string | number)[][] {
  const rank = new Map<string, number>();
  return effects.map((e) => {
    const r = (rank.get(e.mode) ?? 0) + 1;
    rank.set(e.mode, r);
    return [e.mode, r, e.card, e.effect, e.lo, e.hi, e.pairs, e.holders.join('; '), e.standIn];
  });
}
