// Replacement-level stand-ins for ablation (`lab ablate --game seuils`): what a deck would play
// in a card's place if the card did nothing special. A stand-in keeps the card's name (so decks,
// shuffles and seeds are the base's own), its type and its cost band: the numeric cost, the
// threshold and the influence cost (R4), so it is playable exactly when the card is. Its
// numbers spend the card's points under the catalogue's budget (cards.ts's header: 2 × cost +
// threshold icons + 2 × influence cost, + 2 for a character) with no ability of its own; the
// types whose value is only an effect get the plainest one, on budget. It reads the compiled
// catalogue (its typed arrays and names), so it does not depend on how the card list is stored.
import { StandInError, type StandIn } from '../../core/card-game.ts';
import { ICONS, type CardDef, type Icon } from './catalogue/schema.ts';
import { NT, T_CHARACTER, T_FACTION, T_ITEM, T_LOCATION, T_RESOURCE, T_TACTIC, type Catalogue } from './catalogue/compile.ts';

const PROVENANCE = { numbers: 'invented' as const, note: 'replacement-level stand-in for ablation (stand-in.ts)' };

function thresholdOf(cat: Catalogue, id: number): Partial<Record<Icon, number>> {
  const t: Partial<Record<Icon, number>> = {};
  for (let k = 0; k < NT; k++) if (cat.thr[id * NT + k]! > 0) t[ICONS[k]!] = cat.thr[id * NT + k]!;
  return t;
}

/** The stand-in of card `id` (the shell's `standIn`: `lab ablate` names the cards). */
export function seuilsStandIn(cat: Catalogue, id: number): StandIn<CardDef> {
  const name = cat.names[id]!;
  const type = cat.type[id]!;
  if (type === T_FACTION) {
    // The same lines (influence, starting resources and draw), no other rules text.
    const draw: [number, number] = [cat.startDraw[2 * id]!, cat.startDraw[2 * id + 1]!];
    const def: CardDef = { name, type: 'faction', influence: cat.influence[id]!, startingResources: cat.startRes[id]!, startingDraw: draw[0] === draw[1] ? draw[0] : draw, abilities: [], provenance: PROVENANCE };
    return { card: name, standIn: def, reason: `faction: influence ${cat.influence[id]}, the same starting lines, no ability` };
  }
  if (type === T_RESOURCE) {
    // A basic resource of the same type: one icon.
    const icon = ICONS[cat.icon[id]!]!;
    return { card: name, standIn: { name, type: 'resource', icon, abilities: [], provenance: PROVENANCE }, reason: `resource: one ${icon} (a basic one)` };
  }
  const cost = cat.cost[id]!, threshold = thresholdOf(cat, id), influenceCost = cat.influenceCost[id]!;
  const icons = Object.values(threshold).reduce((a, b) => a + b, 0);
  const points = 2 * cost + icons + 2 * influenceCost + (type === T_CHARACTER ? 2 : 0);
  const band = `cost ${cost}${icons ? ` ${Object.entries(threshold).map(([i, n]) => i.repeat(n)).join('')}` : ''}${influenceCost ? ` + ${influenceCost} influence` : ''}`;
  const base: CardDef = { name, type: 'character', cost, threshold, abilities: [], provenance: PROVENANCE };
  if (influenceCost) base.influenceCost = influenceCost;
  switch (type) {
    case T_CHARACTER: {
      // Speed as printed (at least 1, at most what the points allow), life as printed (at most
      // the rest less one), the rest strength: strength + life + (speed − 1) = points.
      const speed = Math.max(1, Math.min(cat.speed[id]!, points - 1));
      const rest = points - (speed - 1);
      const life = Math.max(1, Math.min(cat.life[id]!, rest - 1));
      const strength = Math.max(0, rest - life);
      return { card: name, standIn: { ...base, type: 'character', strength, life, speed }, reason: `character, ${band}: strength ${strength}, life ${life}, speed ${speed} (${points} points); no ability` };
    }
    case T_ITEM: {
      // Attaches; the card itself is worth one point, the rest split strength then life.
      const left = Math.max(1, points - 1);
      const strength = Math.ceil(left / 2), life = Math.floor(left / 2);
      const attach: NonNullable<CardDef['attach']> = { strength };
      if (life > 0) attach.life = life;
      return { card: name, standIn: { ...base, type: 'item', attach }, reason: `item, ${band}: attaches, +${strength} strength${life ? `, +${life} life` : ''} (${points} points); no ability` };
    }
    case T_LOCATION: {
      // Life only, Bastion's line: a location's points as its life.
      const life = Math.max(1, points);
      return { card: name, standIn: { ...base, type: 'location', life }, reason: `location, ${band}: life ${life} (${points} points); no ability` };
    }
    case T_TACTIC: {
      // A card that replaces itself and draws one more per 2 points (draw 1 = 2), Inspiration's line.
      const n = Math.min(10, 1 + Math.floor(Math.max(0, points - 1) / 2));
      const text = `Piochez ${n} carte${n > 1 ? 's' : ''}.`;
      return { card: name, standIn: { ...base, type: 'tactic', abilities: [{ name, effects: [{ verb: 'draw', amount: n }], text }] }, reason: `tactic, ${band}: draw ${n} (${points} points)` };
    }
  }
  throw new StandInError(`no stand-in for "${name}" (type ${type})`);
}
