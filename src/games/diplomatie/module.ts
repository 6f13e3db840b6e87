// Diplomatie as a game module: only what is its own, on the card-game shell
// (src/core/card-game.ts). Its words are its own: PV (the life race), PD (the Diplomacy race,
// won at 6), Siege (R12).
import { cardGameModule } from '../../core/card-game.ts';
import { heuristicHook } from '../../core/module.ts';
import { DIPLOMATIE_PROFILES, makeDiplomatieBot } from './bot/index.ts';
import { CatalogueError, compileCatalogue } from './catalogue/compile.ts';
import { CARDS, DIP_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { DipDeckError, readDipDeckText, validateDipDeck } from './decks.ts';
import { DipSetupError } from './game.ts';
import { dipCatalogue, dipMatch } from './index.ts';
import { DIP_RULES, DipRuleError, KNOB_RANGES, parseDipRuleOverrides } from './rules-options.ts';
import { act, boardNames, buildPosition, passToMain, zoneNames, type Position } from './scenario.ts';
import { dipStandIn } from './stand-in.ts';
import { O_PD, O_PV, type DipState } from './state.ts';

const TYPE_FR: Record<string, string> = { creature: 'Créature', kingdom: 'Royaume', event: 'Évènement', diplomacy: 'Diplomatie' };

export const diplomatieModule = cardGameModule({
  id: 'diplomatie',
  title: 'Diplomatie',
  modes: [{ id: 'standard', about: '30-card main deck and 6-card Diplomacy deck, 100 PV, 6 PD to win (R1, R2, R6)' }],
  deckFolder: 'decks/diplomatie',
  cards: {
    shipped: CARDS,
    data: DIP_CARD_DATA,
    catalogue: dipCatalogue,
    compile: compileCatalogue,
    listing: {
      kindKey: 'type',
      kindOf: (c: CardDef) => c.type,
      kindWord: (c: CardDef) => TYPE_FR[c.type]!,
      filters: { level: (c: CardDef, v: string) => String(c.level ?? '') === v },
      stats: (c: CardDef) => [
        ...(c.level !== undefined ? [`niveau ${c.level}`] : []),
        ...(c.power !== undefined ? [`puissance ${c.power}`] : []),
        ...(c.extraCost ? [`coût supplémentaire ${c.extraCost}`] : []),
      ],
    },
  },
  decks: { read: readDipDeckText, validate: (d, cat) => validateDipDeck(d, cat), error: DipDeckError },
  // The numbers of a card (experiments, sweeps): a creature's level and power, another card's extra cost.
  patches: {
    fields: { level: { minimum: 1, maximum: 5 }, power: { minimum: 0, maximum: 1000 }, extraCost: { minimum: 0, maximum: 5 } },
    lacks: (card: CardDef, k: string) =>
      k === 'extraCost'
        ? card.type === 'creature' ? `"${card.name}" is a creature (it has no extra cost)` : null
        : card.type !== 'creature' ? `"${card.name}" has no ${k} (a ${card.type})` : null,
  },
  rules: { defaults: DIP_RULES, ranges: KNOB_RANGES, parse: parseDipRuleOverrides },
  match: (a, b, rules, cat) => dipMatch(a, b, rules, cat),
  counters: {
    cards: [
      { field: 'pitched', meaning: 'copies attached for an Extra Play or discarded for a cost (D15, D22)' },
      { field: 'vpScored', meaning: 'PD the card scored (Diplomacy cards)' },
      { field: 'pvDealt', meaning: 'PV the card took from the opponent, attacking or by an effect' },
      { field: 'pdScored', meaning: 'PD the card scored' },
      { field: 'destroyed', meaning: 'times a copy was destroyed' },
    ],
    sources: [
      { key: 'pvAttack', label: 'PV taken by attacks' },
      { key: 'pvEffect', label: 'PV taken by effects' },
      { key: 'pdRestraint', label: 'PD by restraint' },
      { key: 'pdSiege', label: 'PD by Siege' },
      { key: 'pdEffect', label: 'PD by effects' },
    ],
  },
  words: {
    score: 'PD',
    scoreColumn: 'pd',
    sourceColumn: 'score',
    scoreSources: [2, 3, 4],
    decisiveMargin: 2,
    decisive: 'decided by 2+ PD',
    sourcesTitle: 'Where PV were taken and PD scored',
    sourcesAxis: 'share of all PV taken and PD scored',
    sourcesLegend: 'PV / PD source',
    sourcesSubtitle: 'share of PV taken and PD scored by source, per mode (stacked); n = games',
    sourcesCaption: 'Share of all PV taken and PD scored by each source, per mode: PV by attacks (pvAttack) and by effects (pvEffect); PD by restraint (pdRestraint, R10), by Siege (pdSiege, R12) and by effects (pdEffect).',
    sourceUnit: 'PV and PD',
    columns: { vp_per_play: 'pd_per_play', vp_given_per_play: '', eot_discard: '', setup: '' },
    deckBase: (name) => name.trim().toLowerCase(),
    glossary: [
      { term: 'PD per play', where: 'cards.csv pd_per_play', meaning: 'PD the card scored (Diplomacy cards), per play (replays included).' },
      { term: 'PV, PD, Siege', where: 'decks.csv pd_for, pd_against; modes.csv score_*_share', meaning: 'PV are each side\'s life (100, R1); PD are Diplomacy points (6 win, R2), scored by restraint (R10), by Siege (R12) and by effects.' },
    ],
    decksCsv: 'per mode and deck: WR, first-move WR, PD, turns',
    modesCsv: 'per mode: first-player advantage, draws, length, PV and PD sources',
  },
  scores(st: DipState) {
    const w = st.w;
    const pv = [w[O_PV]!, w[O_PV + 1]!], pd = [w[O_PD]!, w[O_PD + 1]!];
    return { values: { pv, pd }, text: `PV ${pv[0]}–${pv[1]}, PD ${pd[0]}–${pd[1]}` };
  },
  // Scenario files: `{ "position": { "sides": [{ "hand": ["Loup"] }, {}] }, "actions": ["Light Play Loup"],
  // "expect": { "board0": ["Loup"], "pv1": 100 } }`; "pass to main" passes the windows.
  scenario: {
    expectKeys: ['pv0', 'pv1', 'pd0', 'pd1', 'board0', 'board1', 'hand0', 'hand1', 'discard0', 'discard1'],
    build: (position) => buildPosition(position as Parameters<typeof buildPosition>[0]),
    act: (pos: Position, text) => (text === 'pass to main' ? passToMain(pos) : act(pos, text)),
    actual(pos: Position, key, p) {
      if (key.startsWith('pv')) return pos.st.w[O_PV + p];
      if (key.startsWith('pd')) return pos.st.w[O_PD + p];
      if (key.startsWith('board')) return boardNames(pos, p);
      return zoneNames(pos, p, key.startsWith('hand') ? 'hand' : 'discard');
    },
  },
  heuristic: heuristicHook(makeDiplomatieBot, DIPLOMATIE_PROFILES, 'default'),
  standIn: dipStandIn,
  inputErrors: [DipDeckError, CatalogueError, DipSetupError, DipRuleError],
});
