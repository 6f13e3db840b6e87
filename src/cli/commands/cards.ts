// `lab cards`: the catalogue with its numbers, keywords, French effect text and provenance.
import { Command } from 'commander';
import { CARDS, foldName } from '../../games/blue-rising/catalogue/index.ts';
import type { CardDef, Keywords } from '../../games/blue-rising/catalogue/schema.ts';
import { UsageError, action } from '../errors.ts';
import { loadDeck } from '../../games/blue-rising/decks.ts';
import { MODES } from '../../games/blue-rising/rules-options.ts';
import { shippedDecks } from './ablate.ts';

const TYPE_FR: Record<string, string> = {
  character: 'Personnage', event: 'Évènement', trap: 'Piège', object: 'Objet', environment: 'Environnement', artefact: 'Artefact',
};
const GRADE_FR: Record<string, string> = { squire: 'Écuyer', aspirant: 'Aspirant', hero: 'Héros', legend: 'Légende' };

/** Keywords as the game prints them: "Avant+1, Résistant, Résistant". */
export function keywordsFr(k: Keywords | undefined): string[] {
  if (!k) return [];
  const out: string[] = [];
  if (k.front) out.push(`Avant+${k.front}`);
  if (k.back) out.push(`Arrière+${k.back}`);
  if (k.defense) out.push(`Défense+${k.defense}`);
  if (k.attack) out.push(`Attaque+${k.attack}`);
  if (k.counterAttack) out.push('Contre-Attaque');
  if (k.ranged) out.push('Attaque à Distance');
  if (k.stealth) out.push('Furtif');
  if (k.rage) out.push('Rage');
  for (let i = 0; i < (k.resistant ?? 0); i++) out.push('Résistant');
  return out;
}

const FILTER_KEYS = ['type', 'grade', 'faction', 'keyword', 'name', 'provenance'] as const;

function matches(c: CardDef, filter: string): boolean {
  const m = /^(\w+)=(.*)$/.exec(filter);
  const kws = keywordsFr(c.keywords).concat(keywordsFr(c.bonus?.keywords));
  if (m) {
    const key = m[1]!;
    const v = foldName(m[2]!);
    if (!(FILTER_KEYS as readonly string[]).includes(key)) throw new UsageError(`--filter: unknown key "${key}" (valid: ${FILTER_KEYS.join(', ')}, or free text)`);
    switch (key) {
      case 'type': return foldName(c.type) === v || foldName(TYPE_FR[c.type]!) === v;
      case 'grade': return c.grade !== undefined && (foldName(c.grade) === v || foldName(GRADE_FR[c.grade]!) === v);
      case 'faction': return v === 'none' ? !c.faction : c.faction != null && foldName(c.faction).startsWith(v);
      case 'keyword': return kws.some((k) => foldName(k).startsWith(v));
      case 'name': return foldName(c.name).includes(v);
      case 'provenance': return Object.values(c.provenance).some((p) => p === v);
    }
  }
  const v = foldName(filter);
  return [c.name, c.type, TYPE_FR[c.type]!, c.faction ?? '', c.text, ...kws].some((s) => foldName(s).includes(v));
}

export function cardsCommand(): Command {
  return new Command('cards')
    .description('list the catalogue: stats, keywords, effect text, and which numbers come from the seeds')
    .option('--json', 'print the card entries as JSON')
    .option('--decks', 'also say which shipped decks hold each card (and how many copies)')
    .option('--filter <filter...>', `keep cards matching all filters: free text, or ${FILTER_KEYS.map((k) => `${k}=…`).join(', ')}`)
    .action(action((opts: { json?: boolean; filter?: string[]; decks?: boolean }) => {
      const cards = CARDS.filter((c) => (opts.filter ?? []).every((f) => matches(c, f)));
      const held = new Map<string, string[]>();
      if (opts.decks) {
        for (const m of MODES) {
          for (const f of shippedDecks(m)) {
            const d = loadDeck(f);
            for (const e of d.entries) held.set(e.name, [...(held.get(e.name) ?? []), `${d.name} ×${e.count}`]);
          }
        }
      }
      if (opts.json && opts.decks) {
        process.stdout.write(JSON.stringify(cards.map((c) => ({ ...c, decks: held.get(c.name) ?? [] })), null, 2) + '\n');
        return;
      }
      if (opts.json) {
        process.stdout.write(JSON.stringify(cards, null, 2) + '\n');
        return;
      }
      for (const c of cards) {
        const stats: string[] = [`coût ${c.cost}`];
        if (c.power !== undefined) stats.push(`puissance ${c.power}`);
        if (c.support !== undefined) stats.push(`soutien ${c.support}`);
        const kind = [TYPE_FR[c.type], c.grade ? GRADE_FR[c.grade] : null, c.faction].filter(Boolean).join(', ');
        const kws = keywordsFr(c.keywords);
        const seeds = Object.entries(c.provenance).filter(([, p]) => p !== 'invented').map(([k, p]) => `${k}: ${p}`);
        process.stdout.write(`${c.name} — ${kind} — ${stats.join(', ')}${kws.length ? ` — ${kws.join(', ')}` : ''}\n`);
        if (c.text) process.stdout.write(`    ${c.text}\n`);
        process.stdout.write(`    seeds: ${seeds.length ? seeds.join(', ') : 'none (all invented)'}\n`);
        if (opts.decks) process.stdout.write(`    decks: ${held.get(c.name)?.join(', ') ?? 'none of the shipped decks'}\n`);
      }
      process.stdout.write(`${cards.length} card${cards.length === 1 ? '' : 's'}\n`);
    }));
}
