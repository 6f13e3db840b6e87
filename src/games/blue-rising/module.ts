// Blue Rising as a game module: what the generic layers know of it, in one record.
import { cardFileLoader, cardsSha256 } from '../../core/card-data.ts';
import { ablationArms } from '../../core/card-game.ts';
import type { CardStatsGame } from '../../core/game.ts';
import type { GameModule, LoadedDeck, MatchRequest, ModuleBot, Variant } from '../../core/module.ts';
import { HeuristicBot, PROFILES, loadProfile, type ProfileName } from './bot/index.ts';
import { CardError, compileCatalogue, type Catalogue } from './catalogue/compile.ts';
import { CARDS } from './catalogue/index.ts';
import { BR_CARD_DATA } from './catalogue/cards.ts';
import type { CardDef } from './catalogue/schema.ts';
import { CardFilterError, listCards } from './cards-text.ts';
import { DeckError, parseDeck, readDeckText, validateDeck, type DeckList } from './decks.ts';
import { SetupError, type BlueRising } from './game.ts';
import { matchGame } from './index.ts';
import { GameLog } from './log.ts';
import { PATCH_SCHEMA, PatchError, SWEEP_FIELDS, applyPatches, checkPatch, describePatch, sweepPatch, type CardPatch } from './patches.ts';
import { KNOB_RANGES, RULES, RuleOptionError, parseRuleOverrides, type Mode, type RuleOptions } from './rules-options.ts';
import { ScenarioError, loadScenario, runScenario } from './scenario.ts';
import { standIns, withStandIn } from './stand-in.ts';
import type { BRState } from './state.ts';
import { O_VP } from './state.ts';

const catalogues = new Map<string, Catalogue>();
/** The catalogue for a set of patches (on a designer's cards if given), compiled once per process (per worker). */
function catalogueFor(patches: readonly CardPatch[], cards?: readonly CardDef[]): Catalogue {
  const key = cards ? JSON.stringify([patches, cards]) : JSON.stringify(patches);
  let cat = catalogues.get(key);
  if (!cat) {
    if (catalogues.size > 256) catalogues.clear(); // an ablation compiles one per card
    cat = compileCatalogue(applyPatches(cards ?? CARDS, patches));
    catalogues.set(key, cat);
  }
  return cat;
}

/** Each card replaced by its on-budget stand-in (stand-in.ts), on the base's cards. */
function ablationVariants(base: Variant | undefined, names: readonly string[]) {
  const all = (base?.cards as readonly CardDef[] | undefined) ?? CARDS;
  return ablationArms(base, standIns(all, names), (s) => withStandIn(all, s));
}

const asDeck = (d: DeckList): LoadedDeck => ({ name: d.name, mode: d.mode, list: d, entries: d.entries, file: d.file });

/** "Gardiens rapide" and "Gardiens", or quick-gardiens.deck and standard-gardiens.deck: one deck in two modes. */
function deckBase(name: string, _mode: string, file?: string): string {
  if (file) return file.replace(/\\/g, '/').split('/').pop()!.replace(/\.deck$/i, '').replace(/^(quick|standard|rapide)[-_]/i, '').toLowerCase();
  return name.replace(/\s*(\(quick\)|\(standard\)|rapide|quick)$/i, '').trim().toLowerCase();
}

export const blueRisingModule: GameModule = {
  id: 'blue-rising',
  title: 'Blue Rising',
  modes: [
    { id: 'standard', about: '42-card decks, 5 VP to win (R7)' },
    { id: 'quick', about: '31-card decks, 3 VP to win, no Artefact (R8, R60)' },
  ],
  defaultMode: 'standard',
  deckFolder: 'decks',
  readDeck(text, file) {
    const { deck, errors, refusedCounts } = readDeckText(text, file);
    if (deck !== null) errors.push(...validateDeck(deck, CARDS, refusedCounts > 0));
    return { deck: deck && asDeck(deck), errors };
  },
  loadDeck(text, file) {
    const deck = parseDeck(text, file);
    const errors = validateDeck(deck);
    if (errors.length > 0) throw new DeckError(`${file}: ${errors.join('; ')}`);
    return asDeck({ ...deck, file: deck.file ?? undefined });
  },
  catalogue: {
    cards: () => CARDS,
    sha256: () => cardsSha256(CARDS),
    names: () => CARDS.map((c) => c.name),
    compile: (cards) => compileCatalogue(cards as readonly CardDef[]),
    list: (filters) => listCards(filters),
    // A designer's copy of cards.json (or YAML): read, checked field by field and compiled once.
    load: cardFileLoader(BR_CARD_DATA, (list, _cat, cards) => validateDeck(list as DeckList, cards)),
  },
  patches: {
    schema: PATCH_SCHEMA as unknown as Record<string, unknown>,
    sweepFields: SWEEP_FIELDS,
    sweepPatch: (card, field, value) => sweepPatch(card, field, value) as unknown as Record<string, unknown>,
    check: (p, where, cards) => checkPatch(p as unknown as CardPatch, (cards as readonly CardDef[] | undefined) ?? CARDS, where),
    describe: (p) => describePatch(p as unknown as CardPatch),
  },
  rules: {
    knobs: () => Object.entries(RULES.standard).map(([key, v]) => ({ key, default: v, range: (KNOB_RANGES as Record<string, readonly [number, number]>)[key] })),
    parse: (items) => parseRuleOverrides(items) as Record<string, unknown>,
    // The variants of experiments/first-player.json that came nearest 50% or move it most, and
    // the second player's resources on their first turn as a sweep; asked of standard games.
    opening: {
      variants: [
        { name: 'no-turn-1-attack', description: 'the first player may not attack on turn 1', rules: { firstTurnAttack: false } },
        { name: 'first-draws-4', description: 'the first player draws 4 instead of 3', rules: { openingDraw: [4, 5] } },
        { name: 'no-turn-1-attack-first-draws-4', description: 'no attack on turn 1, and the first player draws 4', rules: { firstTurnAttack: false, openingDraw: [4, 5] } },
      ],
      sweep: { rule: 'secondPlayerResources', values: [1, 2] },
      modes: ['standard'],
    },
  },
  buildMatch(req: MatchRequest): CardStatsGame<unknown> {
    const [a, b] = req.decks as [DeckList, DeckList];
    const cat = catalogueFor((req.variant?.patches ?? []) as unknown as CardPatch[], req.variant?.cards as readonly CardDef[] | undefined);
    return matchGame(req.mode as Mode, a, b, { catalogue: cat, rules: req.variant?.rules as Partial<RuleOptions> | undefined }) as unknown as CardStatsGame<unknown>;
  },
  counters: {
    cards: [
      { field: 'pitched', meaning: 'copies discarded from hand for resources (R19a)' },
      { field: 'eotDiscard', meaning: 'copies discarded at the end of a turn (R18)' },
      { field: 'vpScored', meaning: 'VP the card scored, as Attacker or by Contre-Attaque' },
      { field: 'vpGiven', meaning: 'VP the opponent scored by destroying it' },
      { field: 'setup', meaning: 'copies placed at setup (Aspirants, R11)' },
    ],
    sources: [
      { key: 'kill', label: 'kills' },
      { key: 'environment', label: 'Environment hits' },
      { key: 'exhaustion', label: 'exhaustion' },
      { key: 'other', label: 'other' },
    ],
  },
  words: {
    score: 'VP',
    scoreColumn: 'vp',
    sourceColumn: 'vp',
    decisiveMargin: 2,
    decisive: 'decided by 2+ VP',
    sourcesTitle: 'How VP were scored',
    sourcesAxis: 'share of all VP scored',
    sourcesLegend: 'VP source',
    sourcesSubtitle: 'share of VP by source, per mode (stacked); n = games',
    sourcesCaption: 'Share of all victory points scored by each source, per mode: kills, Environment hits, an opponent\'s deck running out (exhaustion), other.',
    sourceUnit: 'VP',
    deckBase,
    glossary: [
      { term: 'VP per play', where: 'cards.csv vp_per_play, vp_given_per_play', meaning: 'VP the card scored (as Attacker or by Contre-Attaque), and VP the opponent scored by destroying it, per play (replays included).' },
    ],
    decksCsv: 'per mode and deck: WR, first-move WR, VP, turns',
    modesCsv: 'per mode: first-player advantage, draws, length, VP sources',
  },
  inputErrors: [DeckError, CardError, SetupError, ScenarioError, PatchError, RuleOptionError, CardFilterError],
  replay: {
    attachLog(_game, state) {
      const log = new GameLog();
      (state as BRState).log = log;
      return () => log.text();
    },
    playerName: (game, seat) => (game as unknown as BlueRising).ctx.playerNames[seat]!,
    scores(_game, state) {
      const w = (state as BRState).w;
      return { values: { vp: [w[O_VP]!, w[O_VP + 1]!] }, text: `VP ${w[O_VP]}–${w[O_VP + 1]}` };
    },
  },
  runScenario(file) {
    const r = runScenario(loadScenario(file), file);
    return { name: r.name, ok: r.ok, steps: r.steps, failure: r.failure, log: r.log };
  },
  heuristic: {
    profiles: PROFILES,
    defaultProfile: 'midrange',
    make: <S>(seed: number, profile: string) => new HeuristicBot(seed, loadProfile(profile as ProfileName)) as unknown as ModuleBot<S>,
  },
  ablation: { variants: ablationVariants },
};
