// The Blue Rising catalogue as \`lab cards\` lists it: stats, French keywords, effect text and
// which numbers come from the seeds; filters by type, grade, faction, keyword, name, provenance.
import { CARDS, foldName } from './catalogue/index.ts';
import type { CardDef, Keywords } from './catalogue/schema.ts';

export class CardFilterError extends Error {}

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
    if (!(FILTER_KEYS as readonly string[]).includes(key)) throw new CardFilterError(`--filter: unknown key "${key}" (valid: ${FILTER_KEYS.join(', ')}, or free text)`);
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

/** The cards matching every filter, and their lines of text. */
export function listCards(filters: readonly string[]): { cards: CardDef[]; lines: string[] } {
  const cards = CARDS.filter((c) => filters.every((f) => matches(c, f)));
  const lines: string[] = [];
  for (const c of cards) {
    const stats: string[] = [`coût ${c.cost}`];
    if (c.power !== undefined) stats.push(`puissance ${c.power}`);
    if (c.support !== undefined) stats.push(`soutien ${c.support}`);
    const kind = [TYPE_FR[c.type], c.grade ? GRADE_FR[c.grade] : null, c.faction].filter(Boolean).join(', ');
    const kws = keywordsFr(c.keywords);
    const seeds = Object.entries(c.provenance).filter(([, p]) => p !== 'invented').map(([k, p]) => `${k}: ${p}`);
    lines.push(`${c.name} — ${kind} — ${stats.join(', ')}${kws.length ? ` — ${kws.join(', ')}` : ''}`);
    if (c.text) lines.push(`    ${c.text}`);
    lines.push(`    seeds: ${seeds.length ? seeds.join(', ') : 'none (all invented)'}`);
  }
  return { cards, lines };
}
