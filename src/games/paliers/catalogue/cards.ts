// Catalogue v1 of Paliers. The seed prints no card: every number here is invented, under the
// budget rule below, except the eight characters of the spec's worked example (§10), whose
// numbers are copied from it.
//
// Budget: a character of level L has ATQ + PV = 2L + 1 (the example's Sprinteuse and Rusher);
// a keyword or an ability is paid with 1 to 3 of those points (noted per card). Spells and
// Places have no cost (D3): their price is a card of the per-turn limit (R26), so each does
// about one card's worth: 2 damage, 2 cards, 1 level, or a lasting +1.
import type { AbilityDef, CardDef, Colour, Keywords } from './schema.ts';

const INV = (note: string) => ({ numbers: 'invented' as const, note });
const EX = { numbers: 'invented' as const, note: 'numbers copied from the worked example of the spec (§10)' };

function char(name: string, colours: Colour[], level: number, atq: number, pv: number, note: string | typeof EX, abilities: AbilityDef[] = [], extra: { keywords?: Keywords; legendary?: boolean; deckLimit?: number } = {}): CardDef {
  const d: CardDef = { name, kind: 'character', colours, level, atq, pv, abilities, provenance: typeof note === 'string' ? INV(note) : note };
  if (extra.keywords) d.keywords = extra.keywords;
  if (extra.legendary) d.legendary = true;
  if (extra.deckLimit) d.deckLimit = extra.deckLimit;
  return d;
}
function spell(name: string, colours: Colour[], note: string, ability: AbilityDef, timing?: 'main'): CardDef {
  const d: CardDef = { name, kind: 'spell', colours, abilities: [ability], provenance: INV(note) };
  if (timing) d.timing = timing;
  return d;
}
function place(name: string, note: string, abilities: AbilityDef[]): CardDef {
  return { name, kind: 'place', abilities, provenance: INV(note) };
}

export const CARDS: readonly CardDef[] = [
  // ---- Rouge (Les Speedrunners): aggression
  char('Sprinteuse', ['Rouge'], 1, 2, 1, EX),
  char('Nouvelle', ['Rouge'], 1, 1, 1, EX),
  char('Rusher', ['Rouge'], 2, 3, 2, EX),
  char('Glitcheur', ['Rouge'], 2, 1, 3, EX),
  char('Duelliste', ['Rouge'], 3, 3, 3, 'budget 7 − 1 for first strike', [], { keywords: { firstStrike: true } }),
  char('Bulldozer', ['Rouge'], 3, 4, 2, 'budget 7 − 1 for excess to the player', [], { keywords: { excessToPlayer: true } }),
  char('Berserker', ['Rouge'], 4, 6, 3, 'budget 9, plain'),
  char('Reine du Speedrun', ['Rouge'], 5, 6, 3, 'budget 11 − 2 for the entering damage; legendary (R8)', [
    { when: 'enter', effects: [{ verb: 'damagePlayer', amount: 2 }], text: 'Quand elle entre en jeu, inflige 2 dégâts au joueur adverse.' },
  ], { legendary: true }),
  // ---- Bleue (Les Modérateurs): control
  char('Modo', ['Bleu'], 1, 1, 2, EX),
  char('Admin', ['Bleu'], 2, 2, 3, EX),
  char('Bannisseur', ['Bleu'], 3, 2, 3, 'budget 7 − 2 for the entering freeze', [
    { when: 'enter', target: 'oppChar', effects: [{ verb: 'freeze' }], text: 'Quand il entre en jeu, gelez un personnage adverse.' },
  ]),
  char('Archiviste', ['Bleu'], 4, 2, 5, 'budget 9 − 2 for an activated draw', [
    { when: 'activated', effects: [{ verb: 'draw', amount: 1 }], text: 'Une fois par tour : piochez 1 carte.' },
  ]),
  char('Modératrice en Chef', ['Bleu'], 5, 4, 7, 'budget 11, plain'),
  // ---- Verte (Les Gardiens): defence
  char('Pousse', ['Vert'], 1, 1, 2, 'budget 3; its text allows 6 copies (D28)', [], { deckLimit: 6 }),
  char('Garde', ['Vert'], 2, 2, 3, EX),
  char('Mur Vivant', ['Vert'], 3, 1, 5, 'budget 7 − 1 for blocking two attackers', [], { keywords: { blockMax: 2 } }),
  char('Ancien Chêne', ['Vert'], 5, 3, 8, 'budget 11, plain'),
  // ---- Violet (Les Altérés): death
  char('Altéré', ['Violet'], 1, 1, 1, 'budget 3 − 1 for the death draw', [
    { when: 'dies', effects: [{ verb: 'draw', amount: 1 }], text: 'Quand ce personnage meurt, piochez 1 carte.' },
  ]),
  char('Cendreux', ['Violet'], 1, 1, 1, 'budget 3 − 1 for the death damage', [
    { when: 'dies', effects: [{ verb: 'damagePlayer', amount: 1 }], text: 'Quand ce personnage meurt, inflige 1 dégât au joueur adverse.' },
  ]),
  char('Fanatique', ['Violet'], 2, 2, 2, 'budget 5 − 1: sacrificing itself is its own price', [
    { when: 'activated', cost: 'sacrificeSelf', effects: [{ verb: 'damagePlayer', amount: 2 }], text: 'Sacrifiez ce personnage : inflige 2 dégâts au joueur adverse.' },
  ]),
  char('Nécromancienne', ['Violet'], 3, 2, 2, 'budget 7 − 3 for bringing a character back', [
    { when: 'enter', target: 'graveChar', effects: [{ verb: 'resurrect' }], text: 'Quand elle entre en jeu, un personnage de votre cimetière revient en jeu.' },
  ]),
  char('Liche', ['Violet'], 5, 5, 4, 'budget 11 − 2 for the death damage; legendary (R8)', [
    { when: 'dies', effects: [{ verb: 'damagePlayer', amount: 3 }], text: 'Quand ce personnage meurt, inflige 3 dégâts au joueur adverse.' },
  ], { legendary: true }),
  // ---- Jaune (Les Visionnaires): economy and levels
  char('Sentinelle', ['Jaune'], 1, 1, 2, EX),
  char('Voyante', ['Jaune'], 2, 2, 1, 'budget 5 − 2 for the entering draw', [
    { when: 'enter', effects: [{ verb: 'draw', amount: 1 }], text: 'Quand elle entre en jeu, piochez 1 carte.' },
  ]),
  char('Astrologue', ['Jaune'], 3, 1, 3, 'budget 7 − 3 for a level by ability (R20)', [
    { when: 'activated', effects: [{ verb: 'gainLevel', amount: 1 }], text: 'Une fois par tour : gagnez 1 niveau.' },
  ]),
  char('Oracle', ['Jaune'], 5, 3, 6, 'budget 11 − 2 for the end-of-turn draw', [
    { when: 'endOfTurn', yourTurnOnly: true, effects: [{ verb: 'draw', amount: 1 }], text: 'À la fin de votre tour, piochez 1 carte.' },
  ]),
  // ---- multicoloured (R7) and colourless (D6)
  char('Rôdeur Écarlate', ['Rouge', 'Vert'], 2, 2, 3, 'budget 5, plain: counts for Red and Green'),
  char('Moine Lumineux', ['Bleu', 'Jaune'], 2, 1, 4, 'budget 5, plain: counts for Blue and Yellow'),
  char('Ombre Furtive', ['Violet', 'Bleu'], 2, 3, 1, 'budget 5 − 1 for "cannot be blocked by more than one"', [], { keywords: { singleBlocker: true } }),
  char('Vagabond', [], 1, 2, 2, 'budget 3 + 1: no colour, no threshold (D6)'),
  // ---- spells (R33: any time unless "main")
  spell('Éclair', ['Rouge'], 'one card = 2 damage', { when: 'play', target: 'anyChar', effects: [{ verb: 'damage', amount: 2 }], text: 'Inflige 2 dégâts à un personnage.' }),
  spell('Boule de Feu', ['Rouge'], 'one card = 2 damage to a player, +1 for main-phase timing', { when: 'play', effects: [{ verb: 'damagePlayer', amount: 3 }], text: 'Phase principale uniquement. Inflige 3 dégâts au joueur adverse.' }, 'main'),
  spell('Rage', ['Rouge'], 'one card = +2 ATQ until end of turn', { when: 'play', target: 'ownChar', effects: [{ verb: 'atq', amount: 2 }], text: 'Un de vos personnages gagne +2 ATQ jusqu\'à la fin du tour.' }),
  spell('Gel', ['Bleu'], 'one card = a freeze (Blue (3) gives one free each turn)', { when: 'play', target: 'oppChar', effects: [{ verb: 'freeze' }], text: 'Gelez un personnage adverse.' }),
  spell('Rappel', ['Bleu'], 'one card = 3 damage healed, a combat trick', { when: 'play', target: 'ownChar', effects: [{ verb: 'healChar', amount: 3 }], text: 'Retirez 3 dégâts à un de vos personnages.' }),
  spell('Contre-mesure', ['Bleu'], 'one card = 1 card back, free under Blue (5)', { when: 'play', effects: [{ verb: 'draw', amount: 1 }], text: 'Piochez 1 carte.' }),
  spell('Croissance', ['Vert'], 'one card = +2 PV until end of turn', { when: 'play', target: 'ownChar', effects: [{ verb: 'pv', amount: 2 }], text: 'Un de vos personnages gagne +2 PV jusqu\'à la fin du tour.' }),
  spell('Sève', ['Vert'], 'one card = +1 PV for good', { when: 'play', target: 'ownChar', effects: [{ verb: 'pv', amount: 1, permanent: true }], text: 'Un de vos personnages gagne +1 PV permanent.' }),
  spell('Soin', ['Vert'], 'one card = 3 PV', { when: 'play', effects: [{ verb: 'healPlayer', amount: 3 }], text: 'Vous gagnez 3 PV.' }),
  spell('Rituel', ['Violet'], 'one card + a character = 2 cards', { when: 'play', target: 'ownChar', effects: [{ verb: 'sacrifice' }, { verb: 'draw', amount: 2 }], text: 'Sacrifiez un de vos personnages, puis piochez 2 cartes.' }),
  spell('Exécution', ['Violet'], 'one card = a character, at main-phase speed', { when: 'play', target: 'anyChar', effects: [{ verb: 'destroy' }], text: 'Phase principale uniquement. Détruisez un personnage.' }, 'main'),
  spell('Résurrection', ['Violet'], 'one card = a character back', { when: 'play', target: 'graveChar', effects: [{ verb: 'resurrect' }], text: 'Un personnage de votre cimetière revient en jeu.' }),
  spell('Épiphanie', ['Jaune'], 'one card = 1 level (R20: "un sort")', { when: 'play', effects: [{ verb: 'gainLevel', amount: 1 }], text: 'Gagnez 1 niveau.' }),
  spell('Prévoyance', ['Jaune'], 'one card = 2 cards', { when: 'play', effects: [{ verb: 'draw', amount: 2 }], text: 'Piochez 2 cartes.' }),
  spell('Coupure', [], 'one card = a Place switched off for good (R27)', { when: 'play', target: 'oppPlace', effects: [{ verb: 'disablePlace' }], text: 'Désactivez l\'effet d\'un lieu adverse.' }),
  spell('Brouillage', [], 'one card = a Place off until end of turn, any Place (R27)', { when: 'play', target: 'anyPlace', effects: [{ verb: 'suspendPlace' }], text: 'Suspendez l\'effet d\'un lieu jusqu\'à la fin du tour.' }),
  // ---- Level Up cards (D4)
  { name: 'Level Up', kind: 'levelUp', abilities: [], provenance: INV('the seed names the card type; 1 level is D4\'s default') },
  { name: 'Montée en Puissance', kind: 'levelUp', colours: ['Jaune'], abilities: [{ when: 'play', effects: [{ verb: 'draw', amount: 1 }], text: 'Gagnez 1 niveau et piochez 1 carte.' }], provenance: INV('1 level + 1 card: the Yellow Level Up') },
  { name: 'Ascension', kind: 'levelUp', legendary: true, levels: 2, abilities: [], provenance: INV('2 levels at once (a second gain ends your turn, R22); legendary') },
  // ---- Places (R27)
  place('Arène', 'a lasting +1 ATQ to Red', [{ when: 'static', effects: [{ verb: 'atqAura', amount: 1, colour: 'Rouge' }], text: 'Vos personnages Rouges ont +1 ATQ.' }]),
  place('Sanctuaire', 'a lasting +1 PV to all', [{ when: 'static', effects: [{ verb: 'pvAura', amount: 1 }], text: 'Vos personnages ont +1 PV.' }]),
  place('Bibliothèque', 'a lasting +1 card per turn', [{ when: 'static', effects: [{ verb: 'cardLimit', amount: 1 }], text: 'Vous pouvez jouer une carte de plus par tour.' }]),
  place('Observatoire', 'a level when it arrives (R20: "un lieu")', [{ when: 'enter', effects: [{ verb: 'gainLevel', amount: 1 }], text: 'Quand ce lieu entre en jeu, gagnez 1 niveau.' }]),
  place('Miroir', 'worth the Place it copies (R27)', [{ when: 'enter', target: 'anyPlace', effects: [{ verb: 'copyPlace' }], text: 'Quand ce lieu entre en jeu, il copie l\'effet d\'un autre lieu.' }]),
  place('Forge', '+1 ATQ until end of turn each turn', [{ when: 'activated', target: 'ownChar', effects: [{ verb: 'atq', amount: 1 }], text: 'Une fois par tour : un de vos personnages gagne +1 ATQ jusqu\'à la fin du tour.' }]),
  place('Autel', '1 damage at the end of each of your turns', [{ when: 'endOfTurn', yourTurnOnly: true, effects: [{ verb: 'damagePlayer', amount: 1 }], text: 'À la fin de votre tour, inflige 1 dégât au joueur adverse.' }]),
  place('Taverne', '1 PV at the end of every turn (both players\', R15)', [{ when: 'endOfTurn', effects: [{ verb: 'healPlayer', amount: 1 }], text: 'À la fin de chaque tour, vous gagnez 1 PV.' }]),
];
