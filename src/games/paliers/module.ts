// Paliers as a game module: what the generic layers know of it, in one record. Its words are
// its own: PV (each player's life, 30, R1), damage (PV taken from the opponent, by source),
// levels (1 to 10, R3) and the thresholds they unlock (R19, R27).
import { cardFileLoader, cardsSha256, variantCatalogues } from '../../core/card-data.ts';
import type { CardStatsGame } from '../../core/game.ts';
import { heuristicHook, type GameModule, type LoadedDeck, type MatchRequest, type Variant } from '../../core/module.ts';
import { makePaliersBot, PALIERS_PROFILES } from './bot/index.ts';
import { ProfileError } from './bot/profile.ts';
import { CatalogueError, compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS, PAL_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { PalDeckError, readPalDeckText, validatePalDeck, type PalDeckList } from './decks.ts';
import { PalSetupError, type Paliers } from './game.ts';
import { palCatalogue, palMatch } from './index.ts';
import { KNOB_RANGES, PAL_RULES, PalRuleError, parsePalRuleOverrides, type PalRuleOptions } from './rules-options.ts';
import { PalScenarioError, runPalScenarioFile } from './scenario-file.ts';
import { PalStandInError, palStandIns, withPalStandIn } from './stand-in.ts';
import { O_LEVEL, O_PV, type PalState } from './state.ts';

export class PalPatchError extends Error {}
export class PalCardFilterError extends Error {}

/** The one schema of a Paliers patch: a card's numbers (compile.ts's ranges). */
export const PAL_PATCH_SCHEMA = {
  type: 'object',
  required: ['card'],
  additionalProperties: false,
  properties: {
    card: { type: 'string', minLength: 1 },
    level: { type: 'integer', minimum: 1, maximum: 5 },
    atq: { type: 'integer', minimum: 0, maximum: 99 },
    pv: { type: 'integer', minimum: 1, maximum: 99 },
    levels: { type: 'integer', minimum: 0, maximum: 9 },
  },
} as const;
const NUMBER_FIELDS = ['level', 'atq', 'pv', 'levels'] as const;
type PalPatch = { card: string } & Partial<Record<(typeof NUMBER_FIELDS)[number], number>>;

function checkPalPatch(p: PalPatch, where: string, cards: readonly CardDef[] = CARDS): void {
  const card = cards.find((c) => c.name === p.card);
  if (!card) throw new PalPatchError(`${where}.card: unknown card "${p.card}"`);
  for (const k of NUMBER_FIELDS) {
    const v = p[k];
    if (v === undefined) continue;
    const { minimum, maximum } = PAL_PATCH_SCHEMA.properties[k];
    if (!Number.isInteger(v) || v < minimum || v > maximum) throw new PalPatchError(`${where}.${k}: expected an integer in ${minimum}..${maximum} for "${p.card}", got ${JSON.stringify(v)}`);
    if (k === 'levels' && card.kind !== 'levelUp') throw new PalPatchError(`${where}.levels: "${p.card}" is not a Level Up card (a ${card.kind})`);
    if (k !== 'levels' && card.kind !== 'character') throw new PalPatchError(`${where}.${k}: "${p.card}" has no ${k} (a ${card.kind})`);
  }
}

function applyPalPatches(cards: readonly CardDef[], patches: readonly PalPatch[]): CardDef[] {
  return cards.map((c) => {
    let out = c;
    for (const p of patches) {
      if (p.card !== c.name) continue;
      out = { ...out };
      for (const k of NUMBER_FIELDS) if (p[k] !== undefined) out[k] = p[k];
    }
    return out;
  });
}

const catalogueFor = variantCatalogues<CardDef, PalPatch, Catalogue>(CARDS, palCatalogue, (cards, patches) => compileCatalogue(applyPalPatches(cards, patches)));

/** Each card replaced by its replacement-level stand-in (stand-in.ts), on the base's cards. */
function ablationVariants(base: Variant | undefined, names: readonly string[]) {
  const cat = base?.cards ? compileCatalogue(base.cards as readonly CardDef[]) : palCatalogue();
  return palStandIns(cat, names).map((s) => ({
    card: s.card,
    standIn: s.reason,
    // A base patch of the card itself would patch its stand-in: left out.
    variant: { ...base, cards: withPalStandIn(cat, s), patches: (base?.patches ?? []).filter((p) => p.card !== s.card) },
  }));
}

/** Folds a name for comparison: no accents, lower case. */
const foldName = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

const KIND_FR: Record<string, string> = { character: 'Personnage', spell: 'Sort', place: 'Lieu', levelUp: 'Level Up' };
const FILTER_KEYS = ['kind', 'colour', 'level', 'name'] as const;

function matches(c: CardDef, filter: string): boolean {
  const m = /^(\w+)=(.*)$/.exec(filter);
  if (m) {
    const key = m[1]!, v = foldName(m[2]!);
    if (!(FILTER_KEYS as readonly string[]).includes(key)) throw new PalCardFilterError(`--filter: unknown key "${key}" (valid: ${FILTER_KEYS.join(', ')}, or free text)`);
    if (key === 'kind') return foldName(c.kind) === v || foldName(KIND_FR[c.kind]!) === v;
    if (key === 'colour') return (c.colours ?? []).some((col) => foldName(col) === v);
    if (key === 'level') return String(c.level ?? '') === v;
    return foldName(c.name).includes(v);
  }
  const v = foldName(filter);
  return [c.name, c.kind, KIND_FR[c.kind]!, ...(c.colours ?? []), ...c.abilities.map((a) => a.text)].some((s) => foldName(s).includes(v));
}

function listPalCards(filters: readonly string[]): { cards: CardDef[]; lines: string[] } {
  const cards = CARDS.filter((c) => filters.every((f) => matches(c, f)));
  const lines: string[] = [];
  for (const c of cards) {
    const stats: string[] = [];
    if (c.colours?.length) stats.push(c.colours.join('/'));
    if (c.level !== undefined) stats.push(`niveau ${c.level}`);
    if (c.atq !== undefined) stats.push(`ATQ ${c.atq}`);
    if (c.pv !== undefined) stats.push(`PV ${c.pv}`);
    if (c.kind === 'levelUp') stats.push(`${c.levels ?? 1} niveau(x)`);
    if (c.legendary) stats.push('légendaire');
    lines.push(`${c.name} — ${KIND_FR[c.kind]}${stats.length ? ` — ${stats.join(', ')}` : ''}`);
    for (const a of c.abilities) lines.push(`    ${a.text}`);
    lines.push(`    numbers: ${c.provenance.numbers}`);
  }
  return { cards, lines };
}

const asDeck = (d: PalDeckList): LoadedDeck => ({ name: d.name, mode: 'standard', list: d, entries: d.entries, file: d.file });

export const paliersModule: GameModule = {
  id: 'paliers',
  title: 'Paliers',
  modes: [{ id: 'standard', about: '50+ card deck, 30 PV, levels 1 to 10 with thresholds at 4 and 7 (R1, R3, R8, R27)' }],
  defaultMode: 'standard',
  deckFolder: 'decks/paliers',
  readDeck(text, file) {
    const cat = palCatalogue();
    const { deck, errors } = readPalDeckText(text, file, cat);
    errors.push(...validatePalDeck(deck, cat));
    return { deck: asDeck(deck), errors };
  },
  loadDeck(text, file) {
    const { deck, errors } = paliersModule.readDeck(text, file);
    if (errors.length > 0 || deck === null) throw new PalDeckError(`${file}: ${errors.join('; ')}`);
    return deck;
  },
  catalogue: {
    cards: () => CARDS,
    sha256: () => cardsSha256(CARDS),
    names: () => CARDS.map((c) => c.name),
    compile: (cards) => compileCatalogue(cards as readonly CardDef[]),
    list: (filters) => listPalCards(filters),
    load: cardFileLoader(PAL_CARD_DATA, (list, cat: Catalogue) => validatePalDeck(list as PalDeckList, cat)),
  },
  patches: {
    schema: PAL_PATCH_SCHEMA as unknown as Record<string, unknown>,
    sweepFields: NUMBER_FIELDS,
    sweepPatch: (card, field, value) => ({ card, [field]: value }),
    check: (p, where, cards) => checkPalPatch(p as PalPatch, where, cards as readonly CardDef[] | undefined),
    describe: (p) => `${String(p.card)} ${NUMBER_FIELDS.filter((k) => p[k] !== undefined).map((k) => `${k} ${String(p[k])}`).join(', ')}`,
  },
  rules: {
    knobs: () => Object.entries(PAL_RULES).map(([key, v]) =>
      typeof v === 'number' ? { key, default: v, range: KNOB_RANGES[key]! } : { key, default: v, words: ['true', 'false'] }),
    // Only the knobs given: the defaults fill in when the match is built.
    parse: (items) => {
      const all = parsePalRuleOverrides(items) as unknown as Record<string, unknown>;
      const keys = new Set(items.map((i) => i.trim().split('=')[0]!));
      return Object.fromEntries(Object.entries(all).filter(([k]) => keys.has(k)));
    },
  },
  buildMatch(req: MatchRequest): CardStatsGame<unknown> {
    const [a, b] = req.decks as [PalDeckList, PalDeckList];
    const cat = catalogueFor((req.variant?.patches ?? []) as PalPatch[], req.variant?.cards as readonly CardDef[] | undefined);
    return palMatch(a, b, (req.variant?.rules ?? {}) as Partial<PalRuleOptions>, cat) as unknown as CardStatsGame<unknown>;
  },
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
  inputErrors: [PalDeckError, CatalogueError, PalSetupError, PalRuleError, PalPatchError, PalCardFilterError, PalScenarioError, ProfileError, PalStandInError],
  replay: {
    attachLog: () => () => '',
    playerName: (game, seat) => (game as unknown as Paliers).ctx.deckNames[seat]!,
    scores(_game, state) {
      const w = (state as PalState).w;
      const pv = [w[O_PV]!, w[O_PV + 1]!], level = [w[O_LEVEL]!, w[O_LEVEL + 1]!];
      return { values: { pv, level }, text: `PV ${pv[0]}–${pv[1]}, levels ${level[0]}–${level[1]}` };
    },
  },
  runScenario: (file) => runPalScenarioFile(file),
  heuristic: heuristicHook(makePaliersBot, PALIERS_PROFILES),
  ablation: { variants: ablationVariants },
};
