// Seuils as a game module: only what is its own, on the card-game shell
// (src/core/card-game.ts). Its words are its own: influence (each faction's, 0 loses, R1, D1),
// taken in combat or by effects; thresholds (R4) and speed groups (R19) stay inside the rules.
import { cardGameModule } from '../../core/card-game.ts';
import { heuristicHook } from '../../core/module.ts';
import { makeSeuilsBot, SEUILS_PROFILES, SeuilsProfileError } from './bot/index.ts';
import { CatalogueError, compileCatalogue } from './catalogue/compile.ts';
import { CARDS, SEUILS_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { readSeuilsDeckText, SeuilsDeckError, validateSeuilsDeck } from './decks.ts';
import { SeuilsSetupError } from './game.ts';
import { seuilsCatalogue, seuilsMatch } from './index.ts';
import { KNOB_RANGES, parseSeuilsRuleOverrides, SEUILS_RULES, SeuilsRuleError } from './rules-options.ts';
import { act, boardNames, buildPosition, zoneNames, type Position } from './scenario.ts';
import { seuilsStandIn } from './stand-in.ts';
import { O_INFL, StackOverflowError, type SeuilsState } from './state.ts';

/** The card types that carry each field (R4, R5, D1, D3). */
const FIELD_TYPES: Readonly<Record<string, readonly string[]>> = {
  cost: ['character', 'item', 'location', 'tactic'],
  influenceCost: ['character', 'item', 'location', 'tactic'],
  strength: ['character'],
  life: ['character', 'location'],
  speed: ['character'],
  influence: ['faction'],
};

const TYPE_FR: Record<string, string> = { faction: 'Faction', resource: 'Ressource', character: 'Personnage', item: 'Objet', location: 'Lieu', tactic: 'Tactique' };
const threshold = (t: CardDef['threshold']) => Object.entries(t ?? {}).map(([icon, n]) => icon.repeat(n)).join('');

function stats(c: CardDef): string[] {
  const out: string[] = [];
  if (c.cost !== undefined) out.push(`coût ${c.cost}${c.threshold ? ` ${threshold(c.threshold)}` : ''}`);
  if (c.influenceCost) out.push(`influence ${c.influenceCost}`);
  if (c.type === 'character') out.push(`force ${c.strength ?? 0}, vie ${c.life ?? 0}, vitesse ${c.speed ?? 0}`);
  else if (c.life !== undefined) out.push(`vie ${c.life}`);
  if (c.type === 'faction') out.push(`influence ${c.influence ?? 25}`);
  if (c.type === 'resource') out.push(`${(c.icon ?? '').repeat(c.icons ?? 1)}`);
  return out;
}

export const seuilsModule = cardGameModule({
  id: 'seuils',
  title: 'Seuils',
  modes: [{ id: 'standard', about: 'a faction card and a 45+ card main deck, 25 influence per faction by default, 0 loses (R1, R7, D1, D5)' }],
  deckFolder: 'decks/seuils',
  cards: {
    shipped: CARDS,
    data: SEUILS_CARD_DATA,
    catalogue: seuilsCatalogue,
    compile: compileCatalogue,
    listing: {
      kindKey: 'type',
      kindOf: (c: CardDef) => c.type,
      kindWord: (c: CardDef) => TYPE_FR[c.type]!,
      filters: { cost: (c: CardDef, v: string) => String(c.cost ?? '') === v },
      stats,
    },
  },
  decks: { read: readSeuilsDeckText, validate: (d, cat) => validateSeuilsDeck(d, cat), error: SeuilsDeckError },
  // The numbers of a card (experiments, sweeps), each on the types that carry it.
  patches: {
    fields: {
      cost: { minimum: 0, maximum: 20 },
      influenceCost: { minimum: 0, maximum: 20 },
      strength: { minimum: 0, maximum: 20 },
      life: { minimum: 1, maximum: 20 },
      speed: { minimum: 0, maximum: 10 },
      influence: { minimum: 1, maximum: 99 },
    },
    lacks: (card: CardDef, k: string) => (FIELD_TYPES[k]!.includes(card.type) ? null : `"${card.name}" has no ${k} (a ${card.type})`),
  },
  rules: { defaults: SEUILS_RULES, ranges: KNOB_RANGES, parse: parseSeuilsRuleOverrides },
  match: (a, b, rules, cat) => seuilsMatch(a, b, rules, cat),
  counters: {
    cards: [
      { field: 'setup', meaning: 'copies fetched into play as starting resources (R9, D7)' },
      { field: 'vpScored', meaning: 'influence the card took from the opposing faction, in combat or by an effect (R1)' },
      { field: 'mulliganed', meaning: 'copies put under the deck at the mulligan (R11)' },
      { field: 'fetched', meaning: 'copies fetched from the deck (at setup and by effects)' },
      { field: 'influenceDealt', meaning: 'influence the card took from the opposing faction' },
      { field: 'kills', meaning: 'characters and locations the card destroyed by an effect' },
      { field: 'destroyed', meaning: 'times a copy was destroyed' },
    ],
    sources: [
      { key: 'influenceCombat', label: 'influence taken in combat (attacks on the faction; under the D23/D24 faction readings, damage passed on to it)' },
      { key: 'influenceEffect', label: 'influence taken by effects' },
    ],
  },
  words: {
    score: 'influence taken',
    scoreColumn: 'influence_taken',
    sourceColumn: 'score',
    decisiveMargin: 5,
    decisive: 'decided by 5+ influence taken',
    sourcesTitle: 'How influence was taken',
    sourcesAxis: 'share of all influence taken',
    sourcesLegend: 'influence source',
    sourcesSubtitle: 'share of influence taken by source, per mode (stacked); n = games',
    sourcesCaption: 'Share of all influence taken from the opposing faction by each source, per mode: by attacks on the faction (influenceCombat, R17; with the D23/D24 faction readings, combat damage passed on from a location or a card that left play) and by effects (influenceEffect: damageFaction abilities and tactics).',
    sourceUnit: 'influence',
    columns: { vp_per_play: 'influence_per_play', vp_given_per_play: '', eot_discard: '', pitched: '', pitch_rate: '', setup: 'fetched_at_setup' },
    deckBase: (name) => name.trim().toLowerCase(),
    glossary: [
      { term: 'Influence per play', where: 'cards.csv influence_per_play', meaning: 'Influence the card took from the opposing faction, per play (replays included).' },
      { term: 'Influence taken', where: 'decks.csv influence_taken_for, influence_taken_against; modes.csv score_*_share', meaning: 'Each faction starts with its influence (25 by default, D1) and loses at 0 (R1); influence is taken by attacking the faction (R17) and by effects.' },
    ],
    decksCsv: 'per mode and deck: WR, first-move WR, influence taken, turns',
    modesCsv: 'per mode: first-player advantage, draws, length, influence sources',
  },
  scores(st: SeuilsState) {
    const influence = [st.w[O_INFL]!, st.w[O_INFL + 1]!];
    return { values: { influence }, text: `influence left ${influence[0]} / ${influence[1]}` };
  },
  // Scenario files: `{ "position": { "sides": [{ "hand": ["Veilleur"], "board": ["Braise"] }, {}] },
  // "actions": ["Play Veilleur"], "expect": { "board0": ["Braise", "Veilleur"], "influence1": 25 } }`.
  scenario: {
    expectKeys: ['influence0', 'influence1', 'board0', 'board1', 'hand0', 'hand1', 'discard0', 'discard1'],
    build: (position) => buildPosition(position as Parameters<typeof buildPosition>[0]),
    act: (pos: Position, text) => act(pos, text),
    actual(pos: Position, key, p) {
      if (key.startsWith('influence')) return pos.st.w[O_INFL + p];
      if (key.startsWith('board')) return boardNames(pos, p);
      return zoneNames(pos, p, key.startsWith('hand') ? 'hand' : 'discard');
    },
    // D13: a position whose actions push past the stack's array is bad input, not a failed expectation.
    badInput: (e) => e instanceof StackOverflowError,
  },
  heuristic: heuristicHook(makeSeuilsBot, SEUILS_PROFILES, SEUILS_PROFILES[0]),
  standIn: seuilsStandIn,
  inputErrors: [SeuilsDeckError, CatalogueError, SeuilsSetupError, SeuilsRuleError, SeuilsProfileError],
});
