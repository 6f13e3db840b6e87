// `lab whatif --card NAME --power N …`: the patch on the decks holding the card against the
// shipped field, paired with the unpatched cards on the same seeds; prints the verdict.
import { Command, Option } from 'commander';
import { KEYWORD_FIELDS, type Keywords } from '../../games/blue-rising/catalogue/schema.ts';
import { checkPatch, describePatch, type CardPatch } from '../../games/blue-rising/patches.ts';
import { MODES } from '../../games/blue-rising/rules-options.ts';
import { holdersOf } from '../../sim/ablate.ts';
import { oddGames } from '../../sim/experiment.ts';
import type { RunSpec } from '../../sim/run.ts';
import { parseStopRule, StopRuleError, type StopRule } from '../../sim/stopping.ts';
import { runWhatif, type WhatifResult } from '../../sim/whatif.ts';
import { parseJson } from '../../core/json.ts';
import { action, intOption, UsageError } from '../errors.ts';
import { checkSidesAgainst, loadCatalogue } from '../catalogue.ts';
import { makeProgress } from '../progress.ts';
import { shippedDecks } from './ablate.ts';
import { defaultWorkers, loadSides, parseBots } from './simulate.ts';

/** The rule --until-decided uses: H0 no change, H1 +3 points for the holders, α = β = 5%. */
export const DEFAULT_STOP = { sprt: { wr0: 0, wr1: 0.03, alpha: 0.05, beta: 0.05 }, maxGames: 60_000, batchPairs: 25 };

const FLAGS = new Set(['counterAttack', 'ranged', 'stealth', 'rage']);

/** "front=2,stealth=true" → keywords; names the bad part. */
export function parseKeywords(text: string): Partial<Keywords> {
  const out: Record<string, number | boolean> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\w+)=(.+)$/.exec(part);
    if (!m) throw new UsageError(`option --keywords: "${part}": expected KEY=VALUE (keys: ${KEYWORD_FIELDS.join(', ')})`);
    const [, k, v] = m as unknown as [string, string, string];
    if (!(KEYWORD_FIELDS as readonly string[]).includes(k)) throw new UsageError(`option --keywords: unknown keyword "${k}" (valid: ${KEYWORD_FIELDS.join(', ')})`);
    if (FLAGS.has(k)) {
      if (v !== 'true' && v !== 'false') throw new UsageError(`option --keywords: ${k}: expected true or false, got "${v}"`);
      out[k] = v === 'true';
    } else {
      out[k] = intOption(`--keywords ${k}`, v, 0, 0, 20);
    }
  }
  return out as Partial<Keywords>;
}

const pts = (x: number) => (Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function verdictText(r: WhatifResult, patch: CardPatch, was: string, bots: [string, string], field: number, workers: number): string {
  const lines: string[] = [];
  lines.push(`what if ${describePatch(patch)} (was ${was})? ${r.mode}, bots ${bots.join(' vs ')}, against the ${field} shipped ${r.mode} decks`);
  const sig = r.lo > 0 ? 'stronger' : r.hi < 0 ? 'weaker' : 'no clear change';
  const head = r.decision === 'H1' ? 'decided: it matters (H1)' : r.decision === 'H0' ? 'decided: no change worth a patch (H0)'
    : r.decision === 'width' ? 'measured to the target width' : r.decision === 'cap' ? 'undecided at the game cap' : `measured on ${r.games.toLocaleString('en')} games`;
  lines.push(`${head}: the holders' WR moves ${pts(r.effect)} points [${pts(r.lo)}, ${pts(r.hi)}] (${sig}; paired over ${r.pairs.toLocaleString('en')} seed pairs against decks without the card)`);
  const width = Math.max(...r.decks.map((d) => d.deck.length));
  for (const d of r.decks) lines.push(`  ${d.deck.padEnd(width)}  ${pct(d.without)} → ${pct(d.withCard)}  ${pts(d.diff)} [${pts(d.lo)}, ${pts(d.hi)}]  (${d.pairs} seed pairs, all its pairings)`);
  if (r.evidence) lines.push(r.evidence);
  const unpaired = Number.isFinite(r.gamesUnpaired) ? `; unpaired, the same precision would take about ${r.gamesUnpaired.toLocaleString('en')} games (variance ratio ${r.varianceRatio.toFixed(2)})` : '';
  lines.push(`${r.games.toLocaleString('en')} games (both arms) in ${r.seconds.toFixed(1)} s on ${workers} worker${workers > 1 ? 's' : ''}, ${r.batches} batch${r.batches > 1 ? 'es' : ''}${unpaired}`);
  return lines.join('\n') + '\n';
}

export function whatifCommand(): Command {
  return new Command('whatif')
    .description('play a card patch on the decks holding the card against the shipped field, paired on the same seeds, and print the verdict')
    .requiredOption('--card <name>', 'the card to patch')
    .option('--power <n>', 'its new power')
    .option('--cost <n>', 'its new cost')
    .option('--support <n>', 'its new support')
    .option('--keywords <list>', 'keywords to set, e.g. front=2,stealth=true (0 or false removes one)')
    .option('--bots <list>', 'bots of the first and second deck of each pairing', 'heuristic')
    .option('--games <n>', 'a fixed number of games per pairing and arm (even), instead of --until-decided')
    .option('--until-decided', `play in batches until an SPRT decides (H0: no change, H1: +3 points; α = β = 0.05; at most ${DEFAULT_STOP.maxGames} games; the default)`)
    .option('--stop <json>', 'a stopping rule, as an experiment\'s "stop" field, e.g. \'{"sprt":{"wr0":0,"wr1":0.02},"maxGames":40000}\'')
    .addOption(new Option('--mode <mode>', 'game mode').choices([...MODES]).default('quick'))
    .option('--seed <n>', 'master seed', '1')
    .option('--workers <n>', `worker threads (default: the cores, ${defaultWorkers()} here)`)
    .option('--catalogue <file>', 'play with this card data file instead of the shipped cards')
    .option('--json', 'print the result as JSON')
    .option('--quiet', 'no progress')
    .action(action(async (opts: { card: string; power?: string; cost?: string; support?: string; keywords?: string; bots: string; games?: string; untilDecided?: boolean; stop?: string; mode: string; seed: string; workers?: string; catalogue?: string; json?: boolean; quiet?: boolean }) => {
      const cat = loadCatalogue(opts.catalogue);
      const patch: CardPatch = { card: opts.card };
      if (opts.power !== undefined) patch.power = intOption('--power', opts.power, 0, 0, 30);
      if (opts.cost !== undefined) patch.cost = intOption('--cost', opts.cost, 0, 0, 30);
      if (opts.support !== undefined) patch.support = intOption('--support', opts.support, 0, 0, 30);
      if (opts.keywords !== undefined) patch.keywords = parseKeywords(opts.keywords);
      try {
        checkPatch(patch, cat.all, '--card');
      } catch (e) {
        // "--card.card: unknown card …" → "--card: …", "--card.power: …" → "--power: …".
        throw new UsageError((e as Error).message.replace(/^--card\.card:/, '--card:').replace(/^--card\.(\w+)/, '--$1'));
      }
      if (Object.keys(patch).length === 1) throw new UsageError('whatif: give the change: --power, --cost, --support or --keywords');
      if (opts.games !== undefined && (opts.untilDecided || opts.stop)) throw new UsageError('option --games: give either --games or --until-decided/--stop, not both');
      let stop: StopRule | undefined;
      let games = 0;
      if (opts.games !== undefined) {
        games = intOption('--games', opts.games, 0, 2, 1e8);
        const odd = oddGames(games);
        if (odd) throw new UsageError(`option --games: ${odd}`);
      } else {
        let raw: unknown = DEFAULT_STOP;
        if (opts.stop !== undefined) {
          try {
            raw = parseJson(opts.stop);
          } catch (e) {
            throw new UsageError(`option --stop: ${(e as Error).message}`);
          }
        }
        try {
          stop = parseStopRule(raw, '--stop');
        } catch (e) {
          throw new UsageError((e as StopRuleError).message);
        }
      }
      const { sides } = loadSides(shippedDecks(opts.mode), opts.mode);
      checkSidesAgainst(sides, cat);
      if (!holdersOf(sides, opts.card, opts.mode).length) throw new UsageError(`--card: no shipped ${opts.mode} deck holds "${opts.card}" (lab cards --decks lists who holds what)`);
      const workers = intOption('--workers', opts.workers, defaultWorkers(), 1, 256);
      const bots = parseBots(opts.bots);
      const run: RunSpec = {
        game: 'blue-rising', modes: [opts.mode], sides, bots, gamesPerPairing: games || 2, seed: intOption('--seed', opts.seed, 1, 0, 2 ** 32 - 1),
        arms: [], workers, wantRows: false,
      };
      const baseVariant = cat.cards ? { cards: cat.cards } : undefined;
      const progress = makeProgress('whatif', Boolean(opts.quiet));
      const started = performance.now();
      const r = await runWhatif({ run, card: opts.card, base: baseVariant, patched: { ...baseVariant, patches: [patch] }, stop }, {
        onProgress: (d, t, shard) => progress.update(d, t, { where: `${shard.arm}`, kind: shard.kind }),
      });
      progress.stop();
      r.seconds = (performance.now() - started) / 1000;
      const card = cat.all.find((c) => c.name === opts.card)!;
      const was = describePatch({ card: card.name, cost: patch.cost === undefined ? undefined : card.cost, power: patch.power === undefined ? undefined : card.power, support: patch.support === undefined ? undefined : card.support, keywords: patch.keywords ? card.keywords ?? {} : undefined }).slice(card.name.length + 1) || 'unchanged';
      if (opts.json) process.stdout.write(JSON.stringify({ patch, bots, catalogueSha256: cat.sha256, ...r, decks: r.decks }, null, 2) + '\n');
      else process.stdout.write(verdictText(r, patch, was, bots, sides.length, workers));
    }));
}
