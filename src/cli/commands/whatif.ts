// `lab whatif --card NAME --power N …`: the patch on the decks holding the card against the
// shipped field, paired with the unpatched cards on the same seeds; prints the verdict.
import { Command } from 'commander';
import { checkMode, type GameModule } from '../../core/module.ts';
import { oddGames } from '../../sim/experiment.ts';
import { parseStopRule, StopRuleError, type StopRule } from '../../sim/stopping.ts';
import { runWhatif, type WhatifResult } from '../../sim/whatif.ts';
import { parseJson } from '../../core/json.ts';
import { action, intOption, UsageError } from '../errors.ts';
import { loadCatalogue } from '../catalogue.ts';
import { gameOption, moduleOf } from '../game.ts';
import { makeProgress } from '../progress.ts';
import { defaultModeOf } from './ablate.ts';
import { catalogueCards, fieldOptions, fieldRun, shippedHolders } from '../holders.ts';

/** The rule --until-decided uses: H0 no change, H1 +3 points for the holders, α = β = 5%. */
export const DEFAULT_STOP = { sprt: { wr0: 0, wr1: 0.03, alpha: 0.05, beta: 0.05 }, maxGames: 60_000, batchPairs: 25 };

type Prop = { type?: string; minimum?: number; maximum?: number; properties?: Record<string, Prop> };

/** The patch fields of the game's one patch schema (`card` aside). */
function patchProps(m: GameModule): Record<string, Prop> {
  const { card: _card, ...rest } = ((m.patches.schema as Prop).properties ?? {}) as Record<string, Prop>;
  return rest;
}

/** One value of a schema field, from the command line: integers in the schema's range, or true/false. */
function parseValue(what: string, prop: Prop, v: string): number | boolean {
  if (prop.type === 'boolean') {
    if (v !== 'true' && v !== 'false') throw new UsageError(`${what}: expected true or false, got "${v}"`);
    return v === 'true';
  }
  return intOption(what, v, 0, prop.minimum ?? 0, prop.maximum ?? 1e9);
}

/** "front=2,stealth=true" → an object field of the patch (Blue Rising's keywords); names the bad part. */
export function parseKeywords(text: string, prop: Prop, option = '--keywords'): Record<string, number | boolean> {
  const keys = Object.keys(prop.properties ?? {});
  const out: Record<string, number | boolean> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\w+)=(.+)$/.exec(part);
    if (!m) throw new UsageError(`option ${option}: "${part}": expected KEY=VALUE (keys: ${keys.join(', ')})`);
    const [, k, v] = m as unknown as [string, string, string];
    if (!keys.includes(k)) throw new UsageError(`option ${option}: unknown keyword "${k}" (valid: ${keys.join(', ')})`);
    out[k] = parseValue(`${option} ${k}`, prop.properties![k]!, v);
  }
  return out;
}

/**
 * The patch of the command line, on the game's patch schema: --power/--cost/--support/--keywords
 * (Blue Rising's fields) and --set FIELD=VALUE for any field; a field the schema lacks is named.
 */
export function patchFromOptions(m: GameModule, card: string, opts: { power?: string; cost?: string; support?: string; keywords?: string; set?: string[] }): Record<string, unknown> {
  const props = patchProps(m);
  const fields = Object.keys(props);
  const patch: Record<string, unknown> = { card };
  const set = (option: string, field: string, v: string) => {
    const prop = props[field];
    if (!prop) throw new UsageError(`${option}: "${field}" is not a patch field of ${m.id} (fields: ${fields.join(', ')})`);
    patch[field] = prop.type === 'object' ? parseKeywords(v, prop, option) : parseValue(option === '--set' ? `--set ${field}` : option, prop, v);
  };
  for (const f of ['power', 'cost', 'support'] as const) if (opts[f] !== undefined) set(`--${f}`, f, opts[f]!);
  if (opts.keywords !== undefined) set('--keywords', 'keywords', opts.keywords);
  for (const item of opts.set ?? []) {
    const kv = /^(\w+)=(.*)$/.exec(item);
    if (!kv) throw new UsageError(`option --set: "${item}": expected FIELD=VALUE (fields: ${fields.join(', ')})`);
    set('--set', kv[1]!, kv[2]!);
  }
  return patch;
}

const pts = (x: number) => (Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function verdictText(r: WhatifResult, patch: string, was: string, bots: [string, string], field: number, workers: number): string {
  const lines: string[] = [];
  lines.push(`what if ${patch} (was ${was})? ${r.mode}, bots ${bots.join(' vs ')}, against the ${field} shipped ${r.mode} decks`);
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
  return fieldOptions(new Command('whatif')
    .description('play a card patch on the decks holding the card against the shipped field, paired on the same seeds, and print the verdict')
    .addOption(gameOption())
    .requiredOption('--card <name>', 'the card to patch')
    .option('--power <n>', 'its new power')
    .option('--cost <n>', 'its new cost')
    .option('--support <n>', 'its new support')
    .option('--keywords <list>', 'keywords to set, e.g. front=2,stealth=true (0 or false removes one)')
    .option('--set <field=value>', 'any field of the game\'s patch schema, e.g. --set level=3 (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--bots <list>', 'bots of the first and second deck of each pairing', 'heuristic')
    .option('--games <n>', 'a fixed number of games per pairing and arm (even), instead of --until-decided')
    .option('--until-decided', `play in batches until an SPRT decides (H0: no change, H1: +3 points; α = β = 0.05; at most ${DEFAULT_STOP.maxGames} games; the default)`)
    .option('--stop <json>', 'a stopping rule, as an experiment\'s "stop" field, e.g. \'{"sprt":{"wr0":0,"wr1":0.02},"maxGames":40000}\''))
    .action(action(async (opts: { game?: string; set?: string[]; card: string; power?: string; cost?: string; support?: string; keywords?: string; bots: string; games?: string; untilDecided?: boolean; stop?: string; mode?: string; seed: string; workers?: string; catalogue?: string; json?: boolean; quiet?: boolean }) => {
      const m = moduleOf(opts);
      const mode = checkMode(m, opts.mode ?? defaultModeOf(m));
      const cat = loadCatalogue(m, opts.catalogue);
      const patch = patchFromOptions(m, opts.card, opts);
      try {
        m.patches.check(patch, '--card', cat.cards);
      } catch (e) {
        // "--card.card: unknown card …" → "--card: …", "--card.power: …" → "--power: …".
        throw new UsageError((e as Error).message.replace(/^--card\.card:/, '--card:').replace(/^--card\.(\w+)/, '--$1'));
      }
      if (Object.keys(patch).length === 1) throw new UsageError(`whatif: give the change: --power, --cost, --support, --keywords or --set FIELD=VALUE (fields of ${m.id}: ${Object.keys(patchProps(m)).join(', ')})`);
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
      const { sides } = shippedHolders(m, mode, cat, opts.card);
      const run = fieldRun(m, mode, sides, opts, games || 2);
      const { bots, workers } = run;
      const baseVariant = cat.cards ? { cards: cat.cards } : undefined;
      const progress = makeProgress('whatif', Boolean(opts.quiet));
      const started = performance.now();
      const r = await runWhatif({ run, card: opts.card, base: baseVariant, patched: { ...baseVariant, patches: [patch] }, stop }, {
        onProgress: (d, t, shard) => progress.update(d, t, { where: `${shard.arm}`, kind: shard.kind }),
      });
      progress.stop();
      r.seconds = (performance.now() - started) / 1000;
      // The card's values of the patched fields before the patch, in the game's own words.
      const card = catalogueCards(m, cat).find((c) => c.name === opts.card) ?? {};
      const before: Record<string, unknown> = { card: opts.card };
      for (const k of Object.keys(patch)) if (k !== 'card') before[k] = card[k] ?? (typeof patch[k] === 'object' ? {} : undefined);
      const was = m.patches.describe(before).slice(opts.card.length + 1) || 'unchanged';
      if (opts.json) process.stdout.write(JSON.stringify({ patch, bots, catalogueSha256: cat.sha256, ...r, decks: r.decks }, null, 2) + '\n');
      else process.stdout.write(verdictText(r, m.patches.describe(patch), was, bots, sides.length, workers));
    }));
}
