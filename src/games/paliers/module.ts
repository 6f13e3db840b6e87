// Paliers as a game module: only what is its own, on the card-game shell
// (src/core/card-game.ts). Its words are its own: PV (each player's life, 30, R1), damage (PV
// taken from the opponent, by source), levels (1 to 10, R3) and the thresholds they unlock
// (R19, R27).
import { cardGameModule, foldName } from '../../core/card-game.ts';
import { heuristicHook } from '../../core/module.ts';
import { makePaliersBot, PALIERS_PROFILES } from './bot/index.ts';
import { ProfileError } from './bot/profile.ts';
import { CatalogueError, compileCatalogue } from './catalogue/compile.ts';
import { CARDS, PAL_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { PalDeckError, readPalDeckText, validatePalDeck } from './decks.ts';
import { PalSetupError } from './game.ts';
import { palCatalogue, palMatch } from './index.ts';
import { KNOB_RANGES, PAL_RULES, PalRuleError, parsePalRuleOverrides } from './rules-options.ts';
import { act, boardNames, buildPosition, zoneNames, type Position } from './scenario.ts';
import { palStandIn } from './stand-in.ts';
import { O_LEVEL, O_PV, type PalState } from './state.ts';

const KIND_FR: Record<string, string> = { character: 'Personnage', spell: 'Sort', place: 'Lieu', levelUp: 'Level Up' };

export const paliersModule = cardGameModule({
  id: 'paliers',
  title: 'Paliers',
  modes: [{ id: 'standard', about: '50+ card deck, 30 PV, levels 1 to 10 with thresholds at 4 and 7 (R1, R3, R8, R27)' }],
  deckFolder: 'decks/paliers',
  cards: {
    shipped: CARDS,
    data: PAL_CARD_DATA,
    catalogue: palCatalogue,
    compile: compileCatalogue,
    listing: {
      kindKey: 'kind',
      kindOf: (c: CardDef) => c.kind,
      kindWord: (c: CardDef) => KIND_FR[c.kind]!,
      filters: {
        colour: (c: CardDef, v: string) => (c.colours ?? []).some((col) => foldName(col) === v),
        level: (c: CardDef, v: string) => String(c.level ?? '') === v,
      },
      words: (c: CardDef) => c.colours ?? [],
      stats: (c: CardDef) => [
        ...(c.colours?.length ? [c.colours.join('/')] : []),
        ...(c.level !== undefined ? [`niveau ${c.level}`] : []),
        ...(c.atq !== undefined ? [`ATQ ${c.atq}`] : []),
        ...(c.pv !== undefined ? [`PV ${c.pv}`] : []),
        ...(c.kind === 'levelUp' ? [`${c.levels ?? 1} niveau(x)`] : []),
        ...(c.legendary ? ['légendaire'] : []),
      ],
    },
  },
  decks: { read: readPalDeckText, validate: (d, cat) => validatePalDeck(d, cat), error: PalDeckError },
  // A card's numbers (compile.ts's ranges): a character's level, ATQ and PV, a Level Up card's levels.
  patches: {
    fields: { level: { minimum: 1, maximum: 5 }, atq: { minimum: 0, maximum: 99 }, pv: { minimum: 1, maximum: 99 }, levels: { minimum: 0, maximum: 9 } },
    lacks: (card: CardDef, k: string) =>
      k === 'levels'
        ? card.kind !== 'levelUp' ? `"${card.name}" is not a Level Up card (a ${card.kind})` : null
        : card.kind !== 'character' ? `"${card.name}" has no ${k} (a ${card.kind})` : null,
  },
  rules: { defaults: PAL_RULES, ranges: KNOB_RANGES, parse: parsePalRuleOverrides },
  match: (a, b, rules, cat) => palMatch(a, b, rules, cat),
  counters: {
    cards: [
      { field: 'dealt', meaning: 'copies in the opening 8 (R9)' },
      { field: 'kept', meaning: 'copies kept through the mulligan (R9)' },
      { field: 'eotDiscard', meaning: 'copies discarded down to 8 in phase 6 (R14)' },
      { field: 'vpScored', meaning: 'damage: PV the card took from the opponent (as pvDealt)' },
      { field: 'pvDealt', meaning: 'PV the card took from the opponent, attacking or by an effect' },
      { field: 'kills', meaning: 'opposing characters the card killed' },
      { field: 'died', meaning: 'times a copy died (D33)' },
    ],
    sources: [
      { key: 'unblocked', label: 'damage by unblocked attackers (R32)' },
      { key: 'turnClock', label: 'damage by the turn term ⌊turn/2⌋ (R32, D24)' },
      { key: 'red4Excess', label: 'damage by Red (4) excess' },
      { key: 'excessToPlayer', label: 'damage by excess to the player (D28)' },
      { key: 'red6', label: 'damage by Red (6) (D30)' },
      { key: 'effects', label: 'damage by card effects' },
    ],
  },
  words: {
    score: 'damage',
    scoreColumn: 'damage',
    sourceColumn: 'damage',
    decisiveMargin: 10,
    decisive: 'decided by 10+ damage',
    sourcesTitle: 'Where the damage came from',
    sourcesAxis: 'share of all damage to PV',
    sourcesLegend: 'damage source',
    sourcesSubtitle: 'share of PV taken by source, per mode (stacked); n = games',
    sourcesCaption: 'Share of all PV taken from players by each source, per mode: unblocked attackers (unblocked) and the turn term ⌊turn/2⌋ (turnClock, R32), Red (4) excess (red4Excess), excess to the player (excessToPlayer, D28), Red (6) (red6, D30) and card effects (effects).',
    sourceUnit: 'damage',
    columns: { vp_per_play: 'damage_per_play', vp_given_per_play: '', setup: '' },
    deckBase: (name) => name.trim().toLowerCase(),
    glossary: [
      { term: 'Damage per play', where: 'cards.csv damage_per_play', meaning: 'PV the card took from the opponent (attacking or by an effect), per play.' },
      { term: 'PV, damage, levels', where: 'decks.csv damage_for, damage_against; modes.csv damage_*_share', meaning: 'PV are each player\'s life (30, R1; 0 loses); damage is PV taken from the opponent, by source; levels run 1 to 10 (R3) and unlock cards per turn (R26) and Place slots at the thresholds 4 and 7 (R27).' },
    ],
    decksCsv: 'per mode and deck: WR, first-move WR, damage dealt and taken, turns',
    modesCsv: 'per mode: first-player advantage, draws, length, damage sources',
  },
  scores(st: PalState) {
    const w = st.w;
    const pv = [w[O_PV]!, w[O_PV + 1]!], level = [w[O_LEVEL]!, w[O_LEVEL + 1]!];
    return { values: { pv, level }, text: `PV ${pv[0]}–${pv[1]}, levels ${level[0]}–${level[1]}` };
  },
  // Scenario files: `{ "position": { "turn": 5, "sides": [{ "board": ["Rusher"] }, {}] },
  // "actions": ["Pass", "Attack with Rusher"], "expect": { "pv1": 27 } }`.
  scenario: {
    expectKeys: ['pv0', 'pv1', 'level0', 'level1', 'board0', 'board1', 'places0', 'places1', 'hand0', 'hand1', 'grave0', 'grave1'],
    build: (position) => buildPosition(position as Parameters<typeof buildPosition>[0]),
    act: (pos: Position, text) => act(pos, text),
    actual(pos: Position, key, p) {
      if (key.startsWith('pv')) return pos.st.w[O_PV + p];
      if (key.startsWith('level')) return pos.st.w[O_LEVEL + p];
      if (key.startsWith('board')) return boardNames(pos, p);
      if (key.startsWith('places')) return boardNames(pos, p, 3);
      return zoneNames(pos, p, key.startsWith('hand') ? 'hand' : 'grave');
    },
  },
  heuristic: heuristicHook(makePaliersBot, PALIERS_PROFILES),
  standIn: palStandIn,
  inputErrors: [PalDeckError, CatalogueError, PalSetupError, PalRuleError, ProfileError],
});
