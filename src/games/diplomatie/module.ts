// Diplomatie as a game module: what the generic layers know of it, in one record. Its words
// are its own: PV (the life race), PD (the Diplomacy race, won at 6), Siege (R12).
import { cardFileLoader, cardsSha256, variantCatalogues } from '../../core/card-data.ts';
import type { CardStatsGame } from '../../core/game.ts';
import { heuristicHook, type GameModule, type LoadedDeck, type MatchRequest, type Variant } from '../../core/module.ts';
import { DIPLOMATIE_PROFILES, makeDiplomatieBot } from './bot/index.ts';
import { CatalogueError, compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS, DIP_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { DipDeckError, readDipDeckText, validateDipDeck, type DipDeckList } from './decks.ts';
import { DipSetupError, type Diplomatie } from './game.ts';
import { dipCatalogue, dipMatch } from './index.ts';
import { DIP_RULES, DipRuleError, KNOB_RANGES, parseDipRuleOverrides, type DipRuleOptions } from './rules-options.ts';
import { DipScenarioError, runDipScenarioFile } from './scenario-file.ts';
import { DipStandInError, dipStandIns, withDipStandIn } from './stand-in.ts';
import type { DipState } from './state.ts';
import { O_PD, O_PV } from './state.ts';

export class DipPatchError extends Error {}
export class DipCardFilterError extends Error {}

/** The one schema of a Diplomatie patch: the numbers of a card (experiments, sweeps). */
export const DIP_PATCH_SCHEMA = {
  type: 'object',
  required: ['card'],
  additionalProperties: false,
  properties: {
    card: { type: 'string', minLength: 1 },
    level: { type: 'integer', minimum: 1, maximum: 5 },
    power: { type: 'integer', minimum: 0, maximum: 1000 },
    extraCost: { type: 'integer', minimum: 0, maximum: 5 },
  },
} as const;
const NUMBER_FIELDS = ['level', 'power', 'extraCost'] as const;
type DipPatch = { card: string } & Partial<Record<(typeof NUMBER_FIELDS)[number], number>>;

function checkDipPatch(p: DipPatch, where: string, cards: readonly CardDef[] = CARDS): void {
  const card = cards.find((c) => c.name === p.card);
  if (!card) throw new DipPatchError(`${where}.card: unknown card "${p.card}"`);
  for (const k of NUMBER_FIELDS) {
    const v = p[k];
    if (v === undefined) continue;
    const { minimum, maximum } = DIP_PATCH_SCHEMA.properties[k];
    if (!Number.isInteger(v) || v < minimum || v > maximum) throw new DipPatchError(`${where}.${k}: expected an integer in ${minimum}..${maximum} for "${p.card}", got ${JSON.stringify(v)}`);
    if (k !== 'extraCost' && card.type !== 'creature') throw new DipPatchError(`${where}.${k}: "${p.card}" has no ${k} (a ${card.type})`);
    if (k === 'extraCost' && card.type === 'creature') throw new DipPatchError(`${where}.extraCost: "${p.card}" is a creature (it has no extra cost)`);
  }
}

function applyDipPatches(cards: readonly CardDef[], patches: readonly DipPatch[]): CardDef[] {
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

const catalogueFor = variantCatalogues<CardDef, DipPatch, Catalogue>(CARDS, dipCatalogue, (cards, patches) => compileCatalogue(applyDipPatches(cards, patches)));

/** Each card replaced by its replacement-level stand-in (stand-in.ts), on the base's cards. */
function ablationVariants(base: Variant | undefined, names: readonly string[]) {
  const cat = base?.cards ? compileCatalogue(base.cards as readonly CardDef[]) : dipCatalogue();
  return dipStandIns(cat, names).map((s) => ({
    card: s.card,
    standIn: s.reason,
    // A base patch of the card itself would patch its stand-in: left out.
    variant: { ...base, cards: withDipStandIn(cat, s), patches: (base?.patches ?? []).filter((p) => p.card !== s.card) },
  }));
}

/** Folds a name for comparison: no accents, lower case. */
const foldName = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

const TYPE_FR: Record<string, string> = { creature: 'Créature', kingdom: 'Royaume', event: 'Évènement', diplomacy: 'Diplomatie' };
const FILTER_KEYS = ['type', 'level', 'name'] as const;

function matches(c: CardDef, filter: string): boolean {
  const m = /^(\w+)=(.*)$/.exec(filter);
  if (m) {
    const key = m[1]!, v = foldName(m[2]!);
    if (!(FILTER_KEYS as readonly string[]).includes(key)) throw new DipCardFilterError(`--filter: unknown key "${key}" (valid: ${FILTER_KEYS.join(', ')}, or free text)`);
    if (key === 'type') return foldName(c.type) === v || foldName(TYPE_FR[c.type]!) === v;
    if (key === 'level') return String(c.level ?? '') === v;
    return foldName(c.name).includes(v);
  }
  const v = foldName(filter);
  return [c.name, c.type, TYPE_FR[c.type]!, ...c.abilities.map((a) => a.text)].some((s) => foldName(s).includes(v));
}

function listDipCards(filters: readonly string[]): { cards: CardDef[]; lines: string[] } {
  const cards = CARDS.filter((c) => filters.every((f) => matches(c, f)));
  const lines: string[] = [];
  for (const c of cards) {
    const stats: string[] = [];
    if (c.level !== undefined) stats.push(`niveau ${c.level}`);
    if (c.power !== undefined) stats.push(`puissance ${c.power}`);
    if (c.extraCost) stats.push(`coût supplémentaire ${c.extraCost}`);
    lines.push(`${c.name} — ${TYPE_FR[c.type]}${stats.length ? ` — ${stats.join(', ')}` : ''}`);
    for (const a of c.abilities) lines.push(`    ${a.text}`);
    lines.push(`    numbers: ${c.provenance.numbers}`);
  }
  return { cards, lines };
}

const asDeck = (d: DipDeckList): LoadedDeck => ({ name: d.name, mode: 'standard', list: d, entries: d.entries, file: d.file });

export const diplomatieModule: GameModule = {
  id: 'diplomatie',
  title: 'Diplomatie',
  modes: [{ id: 'standard', about: '30-card main deck and 6-card Diplomacy deck, 100 PV, 6 PD to win (R1, R2, R6)' }],
  defaultMode: 'standard',
  deckFolder: 'decks/diplomatie',
  readDeck(text, file) {
    const cat = dipCatalogue();
    const { deck, errors } = readDipDeckText(text, file, cat);
    if (deck !== null) errors.push(...validateDipDeck(deck, cat));
    return { deck: deck && asDeck(deck), errors };
  },
  loadDeck(text, file) {
    const { deck, errors } = diplomatieModule.readDeck(text, file);
    if (errors.length > 0 || deck === null) throw new DipDeckError(`${file}: ${errors.join('; ')}`);
    return deck;
  },
  catalogue: {
    cards: () => CARDS,
    sha256: () => cardsSha256(CARDS),
    names: () => CARDS.map((c) => c.name),
    compile: (cards) => compileCatalogue(cards as readonly CardDef[]),
    list: (filters) => listDipCards(filters),
    load: cardFileLoader(DIP_CARD_DATA, (list, cat: Catalogue) => validateDipDeck(list as DipDeckList, cat)),
  },
  patches: {
    schema: DIP_PATCH_SCHEMA as unknown as Record<string, unknown>,
    sweepFields: NUMBER_FIELDS,
    sweepPatch: (card, field, value) => ({ card, [field]: value }),
    check: (p, where, cards) => checkDipPatch(p as DipPatch, where, cards as readonly CardDef[] | undefined),
    describe: (p) => `${String(p.card)} ${NUMBER_FIELDS.filter((k) => p[k] !== undefined).map((k) => `${k} ${String(p[k])}`).join(', ')}`,
  },
  rules: {
    knobs: () => Object.entries(DIP_RULES).map(([key, v]) => {
      const r = KNOB_RANGES[key];
      return typeof v === 'number' ? { key, default: v, range: r as readonly [number, number] } : { key, default: v, words: typeof v === 'boolean' ? ['true', 'false'] : (r as readonly string[]) };
    }),
    // Only the knobs given: the defaults fill in when the match is built.
    parse: (items) => {
      const all = parseDipRuleOverrides(items) as unknown as Record<string, unknown>;
      const keys = new Set(items.map((i) => i.trim().split('=')[0]!));
      return Object.fromEntries(Object.entries(all).filter(([k]) => keys.has(k)));
    },
  },
  buildMatch(req: MatchRequest): CardStatsGame<unknown> {
    const [a, b] = req.decks as [DipDeckList, DipDeckList];
    const cat = catalogueFor((req.variant?.patches ?? []) as DipPatch[], req.variant?.cards as readonly CardDef[] | undefined);
    return dipMatch(a, b, (req.variant?.rules ?? {}) as Partial<DipRuleOptions>, cat) as unknown as CardStatsGame<unknown>;
  },
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
  inputErrors: [DipDeckError, CatalogueError, DipSetupError, DipRuleError, DipPatchError, DipCardFilterError, DipScenarioError, DipStandInError],
  replay: {
    attachLog: () => () => '',
    playerName: (game, seat) => (game as unknown as Diplomatie).ctx.deckNames[seat]!,
    scores(_game, state) {
      const w = (state as DipState).w;
      const pv = [w[O_PV]!, w[O_PV + 1]!], pd = [w[O_PD]!, w[O_PD + 1]!];
      return { values: { pv, pd }, text: `PV ${pv[0]}–${pv[1]}, PD ${pd[0]}–${pd[1]}` };
    },
  },
  runScenario: (file) => runDipScenarioFile(file),
  heuristic: heuristicHook(makeDiplomatieBot, DIPLOMATIE_PROFILES, 'default'),
  ablation: { variants: ablationVariants },
};
