// Catalogue v1 of Diplomatie. The seed gives no card: every number here is invented, under
// the budget rule of README.md ("Card budget"), except the quick "Gagner 6 PV" and the
// destroyed-draw-1 text, which copy the seed's ability examples (R29).
//
// Budget, in points (1 point = 1 Puissance): a level-1 body is worth 20, each level above
// adds 13 (a card attached per level, R15); an ability's value is subtracted from the body
// (creatures) or set against the cards the play costs (other types, 12 points per card:
// the card itself plus each extraCost card). Values: draw 1 = 6, 1 PV = 0.6, direct damage
// 1 PV = 1, 1 PD = 24, destroy = 16, exhaust = 6, ready = 6, +10 Puissance until end of
// turn = 5 (permanent = 10), double = 9, put a creature into play = 10 + 3 per level allowed,
// shroud self = 8, shroud allies = 12, aura +5 = 12. A trigger on being destroyed is worth
// half; "Non limité" doubles an ability's value, "X Charges" on a permanent is X/2 uses.
import type { AbilityDef, CardDef, Sym } from './schema.ts';

const INV = (note: string) => ({ numbers: 'invented' as const, note });

function creature(name: string, level: number, power: number, note: string, abilities: AbilityDef[] = [], symbols?: Sym[], requires?: Sym[]): CardDef {
  const d: CardDef = { name, type: 'creature', level, power, abilities, provenance: INV(note) };
  if (symbols) d.symbols = symbols;
  if (requires) d.requires = requires;
  return d;
}
function other(type: 'kingdom' | 'event' | 'diplomacy', name: string, extraCost: number, note: string, abilities: AbilityDef[]): CardDef {
  const d: CardDef = { name, type, abilities, provenance: INV(note) };
  if (extraCost > 0) d.extraCost = extraCost;
  return d;
}
const OPP = { creature: { side: 'opposing' as const } };
const OWN = { creature: { side: 'own' as const } };

export const CARDS: readonly CardDef[] = [
  // ---- 1. plain level-1 creatures (Light Play, R14), and an equal pair for the tie (R23)
  creature('Loup', 1, 20, 'level-1 body 20, no ability', [], ['◆']),
  creature('Renard', 1, 25, 'level-1 body 20 + 5: vanilla premium for having no symbol to evolve'),
  creature('Sanglier', 1, 25, 'same budget as Renard: the equal-Puissance pair (R23 tie)'),
  creature('Hérisson', 1, 22, 'level-1 body 20 + 2, carries ● for the ● family', [], ['●']),
  // ---- 2. plain higher levels (Extra Play, R15)
  creature('Ours', 2, 35, 'level-2 body 33 + 2 (vanilla)'),
  creature('Aigle', 2, 30, 'level-2 body 33 − 3, carries ★', [], ['★']),
  creature('Titan des Cimes', 3, 46, 'level-3 body 46, no ability'),
  creature('Colosse de Pierre', 4, 59, 'level-4 body 59, carries ▲', [], ['▲']),
  creature('Béhémoth', 5, 72, 'level-5 body 72, no ability'),
  // ---- 3. evolution families (R16, D16, D17, D36)
  creature('Louveteau', 1, 15, 'level-1 body 20 − 5: the price of an evolution base', [], ['◆']),
  creature('Loup Alpha', 2, 33, 'level-2 body 33; requires ◆ (cheap only through evolution)', [], ['◆'], ['◆']),
  creature('Loup Géant', 3, 48, 'level-3 body 46 + 2, requires ◆', [], ['◆'], ['◆']),
  creature('Étincelle', 1, 15, 'level-1 body 20 − 5: evolution base of ★', [], ['★']),
  creature('Faucon Stellaire', 2, 33, 'level-2 body 33, requires ★ (refused on a ◆ base)', [], ['★'], ['★']),
  creature('Phénix Astral', 4, 60, 'level-4 body 59 + 1, requires ★', [], ['★'], ['★']),
  creature('Golem de Roc', 2, 30, 'level-2 body 33 − 3, carries ▲', [], ['▲']),
  creature('Dragon Ancestral', 5, 75, 'level-5 body 72 + 3, requires ▲', [], ['▲'], ['▲']),
  creature('Lune Pâle', 3, 44, 'level-3 body 46 − 2, requires ●', [], ['●'], ['●']),
  // ---- 4. triggered creatures
  creature('Éclaireur Sacrifié', 1, 17, 'body 20 − 3 (draw 1 on death = 6 / 2)', [
    { kind: 'triggered', when: 'destroyed', effects: [{ verb: 'draw', amount: 1 }], text: 'Lorsque cette créature est détruite : Piochez 1 carte.' },
  ]),
  creature('Esprit Protecteur', 1, 16, 'body 20 − 4 (5 PV on death, optional = 3 / 2, rounded up)', [
    { kind: 'triggered', when: 'destroyed', optional: true, effects: [{ verb: 'gainPV', amount: 5 }], text: 'Lorsque cette créature est détruite : Vous pouvez : Gagner 5 PV.' },
  ]),
  creature('Sentinelle', 2, 27, 'body 33 − 6 (exhaust an opposing creature on entry)', [
    { kind: 'triggered', when: 'entersPlay', target: OPP, effects: [{ verb: 'exhaust' }], text: 'Lorsque cette créature entre en jeu : épuisez une créature adverse.' },
  ]),
  creature('Berserker', 2, 28, 'body 33 − 5 (+10 on attack)', [
    { kind: 'triggered', when: 'attacks', target: 'self', effects: [{ verb: 'power', amount: 10 }], text: 'Lorsque cette créature attaque : elle gagne +10 Puissance jusqu\'à la fin du tour.' },
  ]),
  creature('Gardien du Seuil', 2, 28, 'body 33 − 5 (+10 when attacked)', [
    { kind: 'triggered', when: 'isAttacked', target: 'self', effects: [{ verb: 'power', amount: 10 }], text: 'Lorsque cette créature est attaquée : elle gagne +10 Puissance jusqu\'à la fin du tour.' },
  ]),
  creature('Héraut de l\'Aube', 1, 16, 'body 20 − 4 (3 PV each turn ≈ 2, over a few turns)', [
    { kind: 'triggered', when: 'turnStart', effects: [{ verb: 'gainPV', amount: 3 }], text: 'Lorsque votre tour commence : Gagner 3 PV.' },
  ]),
  creature('Chroniqueur', 2, 27, 'body 33 − 6 (draw 1 at the end of each of your turns)', [
    { kind: 'triggered', when: 'turnEnd', effects: [{ verb: 'draw', amount: 1 }], text: 'Lorsque votre tour se termine : Piochez 1 carte.' },
  ]),
  // ---- quick, cast and passive creatures
  creature('Druide', 1, 15, 'body 20 − 5 (quick +10, 2 Charges = 5 × 2 / 2)', [
    { kind: 'quick', limit: { charges: 2 }, target: OWN, effects: [{ verb: 'power', amount: 10 }], text: '(Capacité Rapide) 2 Charges : une de vos créatures gagne +10 Puissance jusqu\'à la fin du tour.' },
  ]),
  creature('Assassin de l\'Ombre', 2, 20, 'body 33 − 13 (destroy an exhausted creature = 16, minus the exhaust cost 3)', [
    { kind: 'cast', cost: { exhaustSelf: true }, target: { creature: { side: 'opposing', state: 'exhausted' } }, effects: [{ verb: 'destroy' }], text: 'Épuisez cette créature : détruisez une créature adverse épuisée.' },
  ]),
  creature('Chaman', 2, 25, 'body 33 − 8 (Non limité: discard 1, draw 1 = cycling, 4 × 2)', [
    { kind: 'cast', limit: 'unlimited', cost: { discard: 1 }, effects: [{ verb: 'draw', amount: 1 }], text: 'Non limité. Défaussez 1 carte : Piochez 1 carte.' },
  ]),
  creature('Golem Gardien', 3, 38, 'body 46 − 8 (shroud self)', [
    { kind: 'passive', effects: [{ verb: 'shroud', scope: 'self' }], text: 'Cette créature ne peut pas être ciblée par des capacités adverses.' },
  ]),
  creature('Porte-Étendard', 2, 21, 'body 33 − 12 (aura +5)', [
    { kind: 'passive', effects: [{ verb: 'aura', amount: 5 }], text: 'Vos créatures gagnent +5 Puissance.' },
  ]),
  creature('Lancier Rapide', 1, 14, 'body 20 − 6 (quick: ready itself once a turn, exhaust cost 0)', [
    { kind: 'quick', target: 'self', effects: [{ verb: 'ready' }], text: '(Capacité Rapide) Régénérez cette créature.' },
  ]),
  creature('Mage de Guerre', 3, 40, 'body 46 − 6 (cast, exhaust: 6 damage = 6)', [
    { kind: 'cast', cost: { exhaustSelf: true }, effects: [{ verb: 'damage', amount: 6 }], text: 'Épuisez cette créature : votre adversaire perd 6 PV.' },
  ]),
  // ---- Kingdoms (R17)
  other('kingdom', 'Tour de l\'Orage', 1, 'quick destroy exhausted = 16 a turn; 2 cards (24) − 8 for a narrow target', [
    { kind: 'quick', target: { creature: { side: 'opposing', state: 'exhausted' } }, effects: [{ verb: 'destroy' }], text: '(Capacité Rapide) détruisez une créature adverse épuisée.' },
  ]),
  other('kingdom', 'Royaume des Brumes', 0, 'quick double (9) every turn, 1 card (12)', [
    { kind: 'quick', target: OWN, effects: [{ verb: 'double' }], text: '(Capacité Rapide) doublez la Puissance d\'une de vos créatures.' },
  ]),
  other('kingdom', 'Citadelle Voilée', 0, 'shroud allies (12) for 1 card', [
    { kind: 'passive', effects: [{ verb: 'shroud', scope: 'allies' }], text: 'Vos créatures ne peuvent pas être ciblées par des capacités adverses.' },
  ]),
  other('kingdom', 'Sanctuaire de l\'Aube', 0, 'cast ready (6) every turn, 1 card (12) over two turns', [
    { kind: 'cast', target: OWN, effects: [{ verb: 'ready' }], text: 'Régénérez une de vos créatures.' },
  ]),
  other('kingdom', 'Source Vive', 1, 'seed example "Gagner 6 PV" (3.6) every turn, 2 cards', [
    { kind: 'quick', optional: true, effects: [{ verb: 'gainPV', amount: 6 }], text: '(Capacité Rapide) Vous pouvez : Gagner 6 PV.' },
  ]),
  other('kingdom', 'Terrier Caché', 1, 'quick put level ≤ 2 into play (16) every turn, 2 cards', [
    { kind: 'quick', target: { handCreature: { maxLevel: 2 } }, effects: [{ verb: 'putIntoPlay' }], text: '(Capacité Rapide) mettez en jeu une créature de niveau 2 ou moins depuis votre main.' },
  ]),
  other('kingdom', 'Forge de Guerre', 1, 'Non limité +10 for a discard (5 × 2 − 12 per card), 2 cards', [
    { kind: 'cast', limit: 'unlimited', cost: { discard: 1 }, target: OWN, effects: [{ verb: 'power', amount: 10 }], text: 'Non limité. Défaussez 1 carte : une de vos créatures gagne +10 Puissance jusqu\'à la fin du tour.' },
  ]),
  other('kingdom', 'Arsenal Royal', 1, '2 Charges of destroy-exhausted (16 × 2 / 2), 2 cards', [
    { kind: 'cast', limit: { charges: 2 }, target: { creature: { side: 'opposing', state: 'exhausted' } }, effects: [{ verb: 'destroy' }], text: '2 Charges : détruisez une créature adverse épuisée.' },
  ]),
  other('kingdom', 'Bastion', 1, 'aura +5 (12), 2 cards', [
    { kind: 'passive', effects: [{ verb: 'aura', amount: 5 }], text: 'Vos créatures gagnent +5 Puissance.' },
  ]),
  other('kingdom', 'Observatoire', 1, 'draw 1 each turn (6 a turn), 2 cards', [
    { kind: 'triggered', when: 'turnStart', effects: [{ verb: 'draw', amount: 1 }], text: 'Lorsque votre tour commence : Piochez 1 carte.' },
  ]),
  other('kingdom', 'Camp Retranché', 0, 'entry exhaust (6) + nothing after: 1 card, under budget on purpose (a cheap answer)', [
    { kind: 'triggered', when: 'entersPlay', target: OPP, effects: [{ verb: 'exhaust' }], text: 'Lorsque ce royaume entre en jeu : épuisez une créature adverse.' },
  ]),
  // ---- Events (R18, R19)
  other('event', 'Foudre', 1, 'destroy (16), 2 cards (24) − 8: removal is the scarce effect', [
    { kind: 'event', target: OPP, effects: [{ verb: 'destroy' }], text: 'Détruisez une créature adverse.' },
  ]),
  other('event', 'Embuscade', 0, 'quick exhaust (6) + quick premium 4, 1 card', [
    { kind: 'quick', target: OPP, effects: [{ verb: 'exhaust' }], text: '(Capacité Rapide) épuisez une créature adverse.' },
  ]),
  other('event', 'Ruée', 0, '+20 until end of turn (10), 1 card', [
    { kind: 'event', target: OWN, effects: [{ verb: 'power', amount: 20 }], text: 'Une de vos créatures gagne +20 Puissance jusqu\'à la fin du tour.' },
  ]),
  other('event', 'Bénédiction', 0, 'quick +10 (5) + draw 1 (6), 1 card', [
    { kind: 'quick', target: OWN, effects: [{ verb: 'power', amount: 10 }, { verb: 'draw', amount: 1 }], text: '(Capacité Rapide) une de vos créatures gagne +10 Puissance jusqu\'à la fin du tour. Piochez 1 carte.' },
  ]),
  other('event', 'Renfort', 0, 'quick put a level-1 creature into play (13), 1 card', [
    { kind: 'quick', target: { handCreature: { maxLevel: 1 } }, effects: [{ verb: 'putIntoPlay' }], text: '(Capacité Rapide) mettez en jeu une créature de niveau 1 depuis votre main.' },
  ]),
  other('event', 'Pillage', 0, '10 direct damage (10), 1 card', [
    { kind: 'event', effects: [{ verb: 'damage', amount: 10 }], text: 'Votre adversaire perd 10 PV.' },
  ]),
  other('event', 'Inspiration', 0, 'draw 2 (12), 1 card: card-neutral plus one', [
    { kind: 'event', effects: [{ verb: 'draw', amount: 2 }], text: 'Piochez 2 cartes.' },
  ]),
  other('event', 'Soins', 0, 'gain 15 PV (9), 1 card', [
    { kind: 'event', effects: [{ verb: 'gainPV', amount: 15 }], text: 'Gagner 15 PV.' },
  ]),
  other('event', 'Rituel de Force', 0, '+10 permanent (10), 1 card', [
    { kind: 'event', target: OWN, effects: [{ verb: 'power', amount: 10, permanent: true }], text: 'Une de vos créatures gagne +10 Puissance (permanent).' },
  ]),
  other('event', 'Réveil', 0, 'quick ready (6) + quick premium 4, 1 card', [
    { kind: 'quick', target: OWN, effects: [{ verb: 'ready' }], text: '(Capacité Rapide) régénérez une de vos créatures.' },
  ]),
  other('event', 'Éboulement', 1, 'destroy exhausted (16 − 4) + draw 1 (6), 2 cards', [
    { kind: 'event', target: { creature: { side: 'any', state: 'exhausted' } }, effects: [{ verb: 'destroy' }, { verb: 'draw', amount: 1 }], text: 'Détruisez une créature épuisée. Piochez 1 carte.' },
  ]),
  other('event', 'Frénésie', 1, 'permanent double (9 × 2), 2 cards', [
    { kind: 'event', target: OWN, effects: [{ verb: 'double', permanent: true }], text: 'Doublez la Puissance d\'une de vos créatures (permanent).' },
  ]),
  // ---- Diplomacy cards (D5): only in the Diplomacy deck
  other('diplomacy', 'Traité de Paix', 2, '1 PD (24) for 3 cards (36) − 12: a Diplomacy card comes free with a PD', [
    { kind: 'event', effects: [{ verb: 'gainPD', amount: 1 }], text: 'Gagnez 1 Point de Diplomatie.' },
  ]),
  other('diplomacy', 'Ambassade', 0, 'draw 2 (12), 1 card', [
    { kind: 'event', effects: [{ verb: 'draw', amount: 2 }], text: 'Piochez 2 cartes.' },
  ]),
  other('diplomacy', 'Médiation', 0, 'quick exhaust (6) + premium 4, 1 card', [
    { kind: 'quick', target: OPP, effects: [{ verb: 'exhaust' }], text: '(Capacité Rapide) épuisez une créature adverse.' },
  ]),
  other('diplomacy', 'Tribut', 0, 'gain 15 PV (9), 1 card', [
    { kind: 'event', effects: [{ verb: 'gainPV', amount: 15 }], text: 'Gagner 15 PV.' },
  ]),
  other('diplomacy', 'Alliance', 0, 'put a level ≤ 2 creature into play (16), 1 card', [
    { kind: 'event', target: { handCreature: { maxLevel: 2 } }, effects: [{ verb: 'putIntoPlay' }], text: 'Mettez en jeu une créature de niveau 2 ou moins depuis votre main.' },
  ]),
  other('diplomacy', 'Ultimatum', 1, 'damage 12 (12), 2 cards', [
    { kind: 'event', effects: [{ verb: 'damage', amount: 12 }], text: 'Votre adversaire perd 12 PV.' },
  ]),
  other('diplomacy', 'Trêve', 0, 'quick exhaust + draw 1 is 16 for 1 card: over budget, kept as the defensive Diplomacy card', [
    { kind: 'quick', target: OPP, effects: [{ verb: 'exhaust' }, { verb: 'draw', amount: 1 }], text: '(Capacité Rapide) épuisez une créature adverse. Piochez 1 carte.' },
  ]),
];
