// What each metric means, in one place: the report page embeds this table (it must read
// offline) and src/report/METRICS.md quotes it between its glossary marks (a test keeps the
// two the same).
import { EARLY_DRAWS } from '../sim/card-effects.ts';

export interface MetricDefinition {
  /** The name a designer reads. */
  term: string;
  /** Where it is: file and columns. */
  where: string;
  meaning: string;
}

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  { term: 'WR (win rate)', where: 'decks.csv wr', meaning: 'Games won / games played. A draw (the turn cap) counts as not won. 95% Wilson interval (wr_lo, wr_hi).' },
  { term: 'Matchup WR', where: 'matchups.csv wr_a; deck_matchups.csv wr', meaning: 'The deck\'s wins / games against one opponent, seats swapped in pairs on one seed. deck_matchups.csv holds each pair from both sides.' },
  { term: 'Pairs', where: 'matchups.csv, deck_matchups.csv pairs_*', meaning: 'The two games of one seed (seats swapped, same shuffles): both won, split, both lost, or with a draw.' },
  { term: 'Strength', where: 'report', meaning: 'Bradley–Terry with a first-move term, fitted on the matchups: logit P(i beats j) = βᵢ − βⱼ + γ·[i moves first].' },
  { term: 'First-player WR', where: 'modes.csv first_player_wr', meaning: 'Share of the games the player who moved first won (draws count as not won).' },
  { term: 'GP WR', where: 'cards.csv gp_wr', meaning: 'Win rate of the seats whose deck holds the card, weighted by its copies.' },
  { term: 'OH WR, GD WR', where: 'cards.csv oh_wr, gd_wr', meaning: 'Win rate per copy in the opening hand (after the mulligan), and per copy drawn after it.' },
  { term: 'GIH WR', where: 'cards.csv gih_wr', meaning: 'Win rate per copy in hand (opening hand + drawn), with its 95% interval whose unit is the game (the seed pair), not the copy (cluster-robust: the copies of one game share its result). Describes; in a field of a few decks it mostly tracks the decks holding the card.' },
  { term: 'GNS WR', where: 'cards.csv gns_wr', meaning: 'Win rate per copy never seen: copies neither set up, in the opening hand nor drawn.' },
  { term: 'IWD', where: 'cards.csv iwd', meaning: 'Improvement when drawn: GIH WR − GNS WR, with a 95% interval whose unit is the game (the seed pair; both rates from the same games, their covariance counted). Favours cards that want long games.' },
  { term: 'IWD by turn T', where: 'cards.csv iwd_by_turn_T', meaning: 'Among games that reach turn T: WR of copies seen (in hand or play) by turn T − WR of copies not seen by then (T = 2, 4, 6, 8, 10).' },
  { term: 'Deck-adjusted effect', where: 'cards.csv adj_effect, adj_lo, adj_hi, adj_p', meaning: `Win rate of the seat-games whose deck held the card early, in its kept opening hand or among the next ${EARLY_DRAWS} cards of its library as play began (the shuffle fixes it before any play; a game that does not report its draw order: dealt in the opening hand), minus those of the same deck that did not, within each seat deck × opposing deck × first-player cell, pooled with Mantel–Haenszel weights; 95% interval with the seed pair as unit. The report names and flags cards on it.` },
  { term: 'IWD by turn T, deck-adjusted', where: 'cards.csv iwd_adj_by_turn_T (_lo, _hi, _p)', meaning: 'The same comparison for "seen by turn T" among games that reach turn T. Drawing more by T is itself a sign of a game going well, so it runs above zero for most cards; flags take it from the mode\'s median card.' },
  { term: 'Held', where: 'cards.csv held', meaning: 'Copies that were in hand at some point: kept in the opening hand, drawn, or back in hand.' },
  { term: 'Played, replays', where: 'cards.csv played, replays', meaning: 'Copies played at least once; a copy back in hand (Recovery, a return effect) and played again counts once in played and adds to replays.' },
  { term: 'Play rate', where: 'cards.csv play_rate', meaning: 'Played / held: the share of the copies a player held that were played. At most 1.' },
  { term: 'Played WR', where: 'cards.csv played_wr', meaning: 'Win rate per copy played at least once.' },
  { term: 'Pitch rate', where: 'cards.csv pitch_rate', meaning: 'Discards for resources / copies in hand: how often a bot would rather burn the card than play it.' },
  { term: 'VP per play', where: 'cards.csv vp_per_play, vp_given_per_play', meaning: 'VP the card scored (as Attacker or by Contre-Attaque), and VP the opponent scored by destroying it, per play (replays included).' },
  { term: 'Dealt WR, kept rate', where: 'cards.csv dealt_wr, kept_rate', meaning: 'Win rate per copy dealt before the mulligan, and the share of dealt copies kept.' },
  { term: 'Deck-adjusted effect in one deck', where: 'summary.json cardDecks adj_effect, adj_lo, adj_hi', meaning: 'The deck-adjusted effect from that deck\'s seat-games only (its opposing deck × first-player cells): where a card held by several decks pulls its weight. With it, per deck: seat-games, those dealt the card in the opening hand, and the win rate when dealt and when not (raw, not adjusted).' },
  { term: 'Ablation effect', where: 'ablation.json (lab ablate --out)', meaning: 'The win rate of the decks holding the card minus their win rate when its copies are replaced by a replacement-level stand-in, the same seeds replayed, paired by seed pair (95% interval); per deck, that deck\'s change. Shown when the results folder holds an ablation.json.' },
  { term: 'The meta: equilibrium share', where: 'summary.json meta decks share, max_share', meaning: 'The share of each deck in the equilibrium of the deck-choice game on the matchup matrix: the mixture of decks against which no deck wins more than half (draws half). max_share: its largest share over every equilibrium; 0 means no equilibrium uses it.' },
  { term: 'WR against the equilibrium field', where: 'summary.json meta decks field_wr', meaning: 'The deck\'s expected win rate (draws half) against opponents drawn from the equilibrium shares: ½ for the decks it uses, less for the others (how far a left-out deck is from being worth bringing).' },
  { term: 'In the equilibrium (resampled)', where: 'summary.json meta decks in_support, mean_share', meaning: 'Every matchup cell redrawn from Beta(wins + ½, losses + ½), 200 matrices (seed 17): the share of them whose equilibrium uses the deck, and its mean share. The sensitivity of the meta to the matrix\'s intervals.' },
  { term: 'Exploitability', where: 'summary.json meta exploitability, tolerance', meaning: 'The most any single deck gains, in win-rate units, against the equilibrium shares shown: 0 for an exact equilibrium; it must be below the stated tolerance (1e-7).' },
  { term: 'Flag', where: 'report', meaning: 'A deck whose WR, or a card whose deck-adjusted effect or deck-adjusted IWD by turn (from the median card), has a 95% interval wholly outside the balance band (IWD band for cards) and that Benjamini–Hochberg keeps (q = 0.05 unless told).' },
];

/** The glossary in a game's words: its score terms in place of Blue Rising's "VP per play". */
export function metricDefinitions(scoreTerms?: readonly MetricDefinition[], dropped: (column: string) => boolean = () => false): readonly MetricDefinition[] {
  // A term whose every cards.csv column the game drops (a counter it has not) is left out.
  const kept = METRIC_DEFINITIONS.filter((d) => {
    const cols = /^cards\.csv (.*)$/.exec(d.where)?.[1]?.split(/,\s*/) ?? [];
    return cols.length === 0 || !cols.every(dropped);
  });
  if (!scoreTerms) return kept;
  return kept.flatMap((d) => (d.term === 'VP per play' ? scoreTerms : [d]));
}

/** The glossary as a Markdown table (quoted by METRICS.md). */
export function glossaryMarkdown(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return ['| metric | where | what it means |', '| --- | --- | --- |', ...METRIC_DEFINITIONS.map((d) => `| ${cell(d.term)} | ${cell(d.where)} | ${cell(d.meaning)} |`)].join('\n') + '\n';
}

export const GLOSSARY_START = '<!-- glossary: generated from src/report/glossary.ts -->';
export const GLOSSARY_END = '<!-- end of glossary -->';
