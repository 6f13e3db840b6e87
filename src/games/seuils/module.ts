// Seuils as a game module: what the generic layers know of it, in one record. Its words are
// its own: influence (each faction's, 0 loses, R1, D1), taken in combat or by effects;
// thresholds (R4) and speed groups (R19) stay inside the rules.
import { cardFileLoader, cardsSha256, variantCatalogues } from '../../core/card-data.ts';
import type { CardStatsGame } from '../../core/game.ts';
import { heuristicHook, type GameModule, type LoadedDeck, type MatchRequest, type Variant } from '../../core/module.ts';
import { makeSeuilsBot, SEUILS_PROFILES, SeuilsProfileError } from './bot/index.ts';
import { CatalogueError, compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS, SEUILS_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { readSeuilsDeckText, SeuilsDeckError, validateSeuilsDeck, type SeuilsDeckList } from './decks.ts';
import { SeuilsSetupError, type Seuils } from './game.ts';
import { seuilsCatalogue, seuilsMatch } from './index.ts';
import { KNOB_RANGES, parseSeuilsRuleOverrides, SEUILS_RULES, SeuilsRuleError, type SeuilsRuleOptions } from './rules-options.ts';
import { runSeuilsScenarioFile, SeuilsScenarioError } from './scenario-file.ts';
import { SeuilsStandInError, seuilsStandIns, withSeuilsStandIn } from './stand-in.ts';
import { O_INFL, type SeuilsState } from './state.ts';

export class SeuilsPatchError extends Error {}
export class SeuilsCardFilterError extends Error {}

/** The one schema of a Seuils patch: the numbers of a card (experiments, sweeps). */
export const SEUILS_PATCH_SCHEMA = {
  type: 'object',
  required: ['card'],
  additionalProperties: false,
  properties: {
    card: { type: 'string', minLength: 1 },
    cost: { type: 'integer', minimum: 0, maximum: 20 },
    influenceCost: { type: 'integer', minimum: 0, maximum: 20 },
    strength: { type: 'integer', minimum: 0, maximum: 20 },
    life: { type: 'integer', minimum: 1, maximum: 20 },
    speed: { type: 'integer', minimum: 0, maximum: 10 },
    influence: { type: 'integer', minimum: 1, maximum: 99 },
  },
} as const;
const NUMBER_FIELDS = ['cost', 'influenceCost', 'strength', 'life', 'speed', 'influence'] as const;
type Field = (typeof NUMBER_FIELDS)[number];
type SeuilsPatch = { card: string } & Partial<Record<Field, number>>;

/** The card types that carry each field (R4, R5, D1, D3). */
const FIELD_TYPES: Record<Field, readonly string[]> = {
  cost: ['character', 'item', 'location', 'tactic'],
  influenceCost: ['character', 'item', 'location', 'tactic'],
  strength: ['character'],
  life: ['character', 'location'],
  speed: ['character'],
  influence: ['faction'],
};

function checkPatch(p: SeuilsPatch, where: string, cards: readonly CardDef[] = CARDS): void {
  const card = cards.find((c) => c.name === p.card);
  if (!card) throw new SeuilsPatchError(`${where}.card: unknown card "${p.card}"`);
  for (const k of NUMBER_FIELDS) {
    const v = p[k];
    if (v === undefined) continue;
    const { minimum, maximum } = SEUILS_PATCH_SCHEMA.properties[k];
    if (!Number.isInteger(v) || v < minimum || v > maximum) throw new SeuilsPatchError(`${where}.${k}: expected an integer in ${minimum}..${maximum} for "${p.card}", got ${JSON.stringify(v)}`);
    if (!FIELD_TYPES[k].includes(card.type)) throw new SeuilsPatchError(`${where}.${k}: "${p.card}" has no ${k} (a ${card.type})`);
  }
}

function applyPatches(cards: readonly CardDef[], patches: readonly SeuilsPatch[]): CardDef[] {
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

const catalogueFor = variantCatalogues<CardDef, SeuilsPatch, Catalogue>(CARDS, seuilsCatalogue, (cards, patches) => compileCatalogue(applyPatches(cards, patches)));

/** Each card replaced by its replacement-level stand-in (stand-in.ts), on the base's cards. */
function ablationVariants(base: Variant | undefined, names: readonly string[]) {
  const cat = base?.cards ? compileCatalogue(base.cards as readonly CardDef[]) : seuilsCatalogue();
  return seuilsStandIns(cat, names).map((s) => ({
    card: s.card,
    standIn: s.reason,
    // A base patch of the card itself would patch its stand-in: left out.
    variant: { ...base, cards: withSeuilsStandIn(cat, s), patches: (base?.patches ?? []).filter((p) => p.card !== s.card) },
  }));
}

/** Folds a name for comparison: no accents, lower case. */
const foldName = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

const TYPE_FR: Record<string, string> = { faction: 'Faction', resource: 'Ressource', character: 'Personnage', item: 'Objet', location: 'Lieu', tactic: 'Tactique' };
const FILTER_KEYS = ['type', 'cost', 'name'] as const;

function matches(c: CardDef, filter: string): boolean {
  const m = /^(\w+)=(.*)$/.exec(filter);
  if (m) {
    const key = m[1]!, v = foldName(m[2]!);
    if (!(FILTER_KEYS as readonly string[]).includes(key)) throw new SeuilsCardFilterError(`--filter: unknown key "${key}" (valid: ${FILTER_KEYS.join(', ')}, or free text)`);
    if (key === 'type') return foldName(c.type) === v || foldName(TYPE_FR[c.type]!) === v;
    if (key === 'cost') return String(c.cost ?? '') === v;
    return foldName(c.name).includes(v);
  }
  const v = foldName(filter);
  return [c.name, c.type, TYPE_FR[c.type]!, ...c.abilities.map((a) => a.text)].some((s) => foldName(s).includes(v));
}

const threshold = (t: CardDef['threshold']) => Object.entries(t ?? {}).map(([icon, n]) => icon.repeat(n)).join('');

function listCards(filters: readonly string[]): { cards: CardDef[]; lines: string[] } {
  const cards = CARDS.filter((c) => filters.every((f) => matches(c, f)));
  const lines: string[] = [];
  for (const c of cards) {
    const stats: string[] = [];
    if (c.cost !== undefined) stats.push(`coût ${c.cost}${c.threshold ? ` ${threshold(c.threshold)}` : ''}`);
    if (c.influenceCost) stats.push(`influence ${c.influenceCost}`);
    if (c.type === 'character') stats.push(`force ${c.strength ?? 0}, vie ${c.life ?? 0}, vitesse ${c.speed ?? 0}`);
    else if (c.life !== undefined) stats.push(`vie ${c.life}`);
    if (c.type === 'faction') stats.push(`influence ${c.influence ?? 25}`);
    if (c.type === 'resource') stats.push(`${(c.icon ?? '').repeat(c.icons ?? 1)}`);
    lines.push(`${c.name} — ${TYPE_FR[c.type]}${stats.length ? ` — ${stats.join(', ')}` : ''}`);
    for (const a of c.abilities) lines.push(`    ${a.text}`);
    lines.push(`    numbers: ${c.provenance.numbers}`);
  }
  return { cards, lines };
}

const asDeck = (d: SeuilsDeckList): LoadedDeck => ({ name: d.name, mode: 'standard', list: d, entries: d.entries, file: d.file });

export const seuilsModule: GameModule = {
  id: 'seuils',
  title: 'Seuils',
  modes: [{ id: 'standard', about: 'a faction card and a 45+ card main deck, 25 influence per faction by default, 0 loses (R1, R7, D1, D5)' }],
  defaultMode: 'standard',
  deckFolder: 'decks/seuils',
  readDeck(text, file) {
    const cat = seuilsCatalogue();
    const { deck, errors } = readSeuilsDeckText(text, file, cat);
    errors.push(...validateSeuilsDeck(deck, cat));
    return { deck: asDeck(deck), errors };
  },
  loadDeck(text, file) {
    const { deck, errors } = seuilsModule.readDeck(text, file);
    if (errors.length > 0 || deck === null) throw new SeuilsDeckError(`${file}: ${errors.join('; ')}`);
    return deck;
  },
  catalogue: {
    cards: () => CARDS,
    sha256: () => cardsSha256(CARDS),
    names: () => CARDS.map((c) => c.name),
    compile: (cards) => compileCatalogue(cards as readonly CardDef[]),
    list: (filters) => listCards(filters),
    load: cardFileLoader(SEUILS_CARD_DATA, (list, cat: Catalogue) => validateSeuilsDeck(list as SeuilsDeckList, cat)),
  },
  patches: {
    schema: SEUILS_PATCH_SCHEMA as unknown as Record<string, unknown>,
    sweepFields: NUMBER_FIELDS,
    sweepPatch: (card, field, value) => ({ card, [field]: value }),
    check: (p, where, cards) => checkPatch(p as SeuilsPatch, where, cards as readonly CardDef[] | undefined),
    describe: (p) => `${String(p.card)} ${NUMBER_FIELDS.filter((k) => p[k] !== undefined).map((k) => `${k} ${String(p[k])}`).join(', ')}`,
  },
  rules: {
    knobs: () => Object.entries(SEUILS_RULES).map(([key, v]) => {
      const r = KNOB_RANGES[key as keyof SeuilsRuleOptions];
      return typeof v === 'number' ? { key, default: v, range: r as readonly [number, number] } : { key, default: v, words: (r as readonly unknown[]).map(String) };
    }),
    // Only the knobs given: the defaults fill in when the match is built.
    parse: (items) => {
      const all = parseSeuilsRuleOverrides(items) as unknown as Record<string, unknown>;
      const keys = new Set(items.map((i) => i.trim().split('=')[0]!));
      return Object.fromEntries(Object.entries(all).filter(([k]) => keys.has(k)));
    },
  },
  buildMatch(req: MatchRequest): CardStatsGame<unknown> {
    const [a, b] = req.decks as [SeuilsDeckList, SeuilsDeckList];
    const cat = catalogueFor((req.variant?.patches ?? []) as SeuilsPatch[], req.variant?.cards as readonly CardDef[] | undefined);
    return seuilsMatch(a, b, (req.variant?.rules ?? {}) as Partial<SeuilsRuleOptions>, cat) as unknown as CardStatsGame<unknown>;
  },
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
  inputErrors: [SeuilsDeckError, CatalogueError, SeuilsSetupError, SeuilsRuleError, SeuilsPatchError, SeuilsCardFilterError, SeuilsScenarioError, SeuilsProfileError, SeuilsStandInError],
  replay: {
    attachLog: () => () => '',
    playerName: (game, seat) => (game as unknown as Seuils).ctx.deckNames[seat]!,
    scores(_game, state) {
      const w = (state as SeuilsState).w;
      const influence = [w[O_INFL]!, w[O_INFL + 1]!];
      return { values: { influence }, text: `influence left ${influence[0]} / ${influence[1]}` };
    },
  },
  runScenario: (file) => runSeuilsScenarioFile(file),
  heuristic: heuristicHook(makeSeuilsBot, SEUILS_PROFILES, SEUILS_PROFILES[0]),
  ablation: { variants: ablationVariants },
};
