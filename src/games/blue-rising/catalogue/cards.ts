// Catalogue v1. The cards of the rules' §13 carry the numbers the seeds show
// (provenance 'seed' or 'assumed'); everything else is invented to exercise every rule,
// keyword, verb, selector and faction rider, and marked 'invented'.
//
// Power budget for the invented numbers. A card's value is counted in points:
//   power, support ................................ 1 per point
//   Résistant (per instance), Contre-Attaque, Attaque à Distance, Furtif, Rage ... 1 each
//   Avant / Arrière / Défense / Attaque +X ....... ceil(X/2) (they hold in one row or role only)
//   effects:
//     a card drawn, a resource gained .............. 1 each (an Event or Trap replaces
//                                                    itself: its first card drawn is free)
//     ±X power until end of turn ................... ceil(|X|/2)
//     a keyword until end of turn .................. its points as printed (above)
//     tap, untap, swap, a Squire token ............. 1 each
//     return to hand ............................... 2 (an opposing character), 1 (your own)
//     destroy ...................................... 3
//     on every character of a side ................. +1 over the single-character value
//                                                    (the adjacent ones count as single)
//     a faction rider .............................. free (a conditional bonus)
// What a point of cost buys:
//   Aspirant, cost 0–1 ... value = cost + 2            Hero, cost 2–4 ... value = cost + 3
//   Legend,   cost 4–6 ... value = cost + 4 (R26 gates them: worth the wait)
//   Events and Traps ..... cost = value; an Event that only gives resources costs its
//                          value − 2 (Campagne d'hiver: 2 resources for 0). A Trap costs
//                          nothing to set; placed in step 2a it costs 1 more.
//   Objects .............. cost = points of the permanent bonus; a destroy-for-effect is
//                          free (destroying it gives the bonus up)
//   Environments ......... power + 2 × tap value = 6 ± 1 (the weaker, the better the tap)
//   Artefacts ............ value = cost + 3 (one use, behind a Quest, no card spent)
// Known outliers, kept because rules scenarios quote their numbers: Soigneuse Itinérante
// (−1), Impératrice Solenne (+1), Fosse à Pointes (value 2 for 1), Posture Défensive (value 1
// for 0; Défense until the end of your own turn rarely counts), Jugement Sommaire (value 3
// for 4), Couronne des Anciens (value 2 for 1), Sceptre d'Invocation (seed effect, cost 0).
// Seed cards keep their seed numbers even when they sit off-budget (Nisqy is cheap for 5,
// Piège de Glace's +4 for 1).
//
// Worked example (§12) constraints honoured here: Arthur and Nisqy carry no keyword that
// would change the 11 vs 10 (no Avant/Arrière/Défense/Attaque), Ripp supports exactly 2,
// Yukino 1, Rugissement is +2 (+1 Gardiens), Piège de Glace +4, Appel des renforts +2.
import type { CardDef, Provenance } from './schema.ts';

type ProvenanceKey = keyof CardDef['provenance'];

/**
 * Fills provenance 'invented' for every number/field the card carries that the entry did
 * not mark as 'seed' or 'assumed', so the data says explicitly where each number comes from.
 */
function withProvenance(def: CardDef): CardDef {
  const p: Partial<Record<ProvenanceKey, Provenance>> = { ...def.provenance };
  const present: ProvenanceKey[] = ['cost'];
  if (def.type === 'character') present.push('grade', 'faction', 'power', 'support');
  if (def.type === 'environment') present.push('power');
  if (def.keywords !== undefined) present.push('keywords');
  if (def.onEnter || def.tap || def.play || def.trap || def.sacrifice || def.artefact || def.bonus) present.push('effect');
  for (const k of present) p[k] ??= 'invented';
  return { ...def, provenance: p };
}

const RAW: CardDef[] = [
  // ───────────────────────── §13: the cards the seeds name ─────────────────────────
  {
    name: 'Nisqy',
    type: 'character',
    grade: 'hero',
    faction: 'Gardiens',
    cost: 4,
    power: 5,
    support: 1,
    keywords: { resistant: 1 },
    text: 'Résistant.',
    provenance: { cost: 'seed', power: 'seed', faction: 'seed', grade: 'assumed' },
  },
  {
    name: 'Arthur',
    type: 'character',
    grade: 'hero',
    faction: 'Veilleurs',
    cost: 3,
    power: 4,
    support: 1,
    // Contre-Attaque does not touch the §12 numbers: Arthur loses that fight.
    keywords: { counterAttack: true },
    text: 'Contre-Attaque.',
    provenance: { power: 'seed', grade: 'seed' },
  },
  {
    name: 'Ripp',
    type: 'character',
    grade: 'aspirant',
    faction: 'Veilleurs',
    cost: 1,
    power: 1,
    support: 2,
    text: 'Soutien 2 ; aucune capacité.',
    provenance: { support: 'seed', grade: 'seed' },
  },
  {
    name: 'Yukino',
    type: 'character',
    grade: 'aspirant',
    faction: 'Gardiens',
    cost: 0,
    power: 1,
    support: 1,
    text: 'Soutien 1 ; aucune capacité.',
    provenance: { support: 'seed' },
  },
  {
    name: 'Kitty',
    type: 'character',
    grade: 'aspirant',
    faction: 'Veilleurs',
    cost: 1,
    power: 1,
    support: 1,
    onEnter: { effects: [{ verb: 'draw', target: 'controller', amount: 1 }] },
    text: 'En arrivant en jeu : piochez 1 carte.',
    provenance: { grade: 'seed', effect: 'seed' },
  },
  {
    name: 'Kenny',
    type: 'character',
    grade: 'aspirant',
    faction: 'Veilleurs',
    cost: 1,
    power: 1,
    support: 1,
    tap: { effects: [{ verb: 'swap', target: 'chosenOwnAdjacent' }] },
    text: 'Incliner : Kenny échange sa place avec un autre de vos personnages adjacent.',
    // The swap is seed; "adjacent" is our inference.
    provenance: { grade: 'seed', effect: 'assumed' },
  },
  {
    name: 'Fatih',
    type: 'character',
    grade: 'aspirant',
    faction: 'Veilleurs',
    cost: 1,
    power: 2,
    support: 0,
    keywords: { defense: 1 },
    text: 'Défense+1.',
    provenance: { grade: 'seed' },
  },
  {
    name: "Recrue de l'Etoile Bleue",
    type: 'character',
    grade: 'aspirant',
    faction: null,
    cost: 0,
    power: 1,
    support: 0,
    tap: { effects: [{ verb: 'gainResources', target: 'controller', amount: 1 }] },
    text: 'Incliner : gagnez 1 ressource.',
    provenance: { effect: 'seed' },
  },
  {
    name: 'Suygetsu',
    type: 'character',
    grade: 'hero',
    faction: 'Veilleurs',
    cost: 3,
    power: 4,
    support: 1,
    keywords: { ranged: true },
    text: 'Attaque à Distance.',
    provenance: {},
  },
  {
    name: "Campagne d'hiver",
    type: 'event',
    cost: 0,
    play: { effects: [{ verb: 'gainResources', target: 'controller', amount: 2 }] },
    text: 'Gagnez 2 ressources.',
    provenance: { cost: 'assumed', effect: 'seed' },
  },
  {
    name: 'Rugissement des ultras',
    type: 'event',
    cost: 1,
    play: {
      effects: [{ verb: 'power', target: 'chosenAny', amount: 2 }],
      rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'target', amount: 1 }] },
    },
    text: "Le personnage ciblé gagne Puissance +2 jusqu'à la fin du tour. Gardiens : il gagne Puissance +1 supplémentaire.",
    provenance: { effect: 'seed' },
  },
  {
    name: 'Appel des renforts',
    type: 'event',
    cost: 2,
    play: {
      // The same chosen selector twice is one pick (compile.ts: one chosen selector per ability).
      effects: [
        { verb: 'grantKeyword', target: 'chosenOwn', keyword: 'stealth' },
        { verb: 'power', target: 'chosenOwn', amount: 2 },
      ],
    },
    text: "Un de vos personnages ciblé gagne Furtif et Puissance +2 jusqu'à la fin du tour.",
    provenance: { cost: 'assumed', effect: 'seed' },
  },
  {
    name: 'Glance',
    type: 'event',
    cost: 1,
    play: { effects: [{ verb: 'draw', target: 'controller', amount: 2 }] },
    text: 'Piochez 2 cartes.',
    provenance: {},
  },
  {
    name: 'Les Voix',
    type: 'event',
    cost: 1,
    play: { effects: [{ verb: 'tap', target: 'chosenOpponent' }] },
    text: 'Inclinez un personnage adverse ciblé.',
    provenance: {},
  },
  {
    name: 'Bons Souvenirs',
    type: 'event',
    cost: 1,
    play: {
      effects: [{ verb: 'returnToHand', target: 'chosenOwn' }],
      rider: { faction: 'Veilleurs', effects: [{ verb: 'draw', target: 'controller', amount: 1 }] },
    },
    text: 'Renvoyez un de vos personnages ciblé dans votre main, avec son Objet. Veilleurs : piochez 1 carte.',
    provenance: {},
  },
  {
    name: "Tabard de l'An 23",
    type: 'object',
    cost: 0,
    sacrifice: { effects: [{ verb: 'gainResources', target: 'controller', amount: 1 }] },
    text: 'Détruire cet Objet : gagnez 1 ressource.',
    provenance: { cost: 'seed', effect: 'assumed' },
  },
  {
    name: 'Piège de Glace',
    type: 'trap',
    cost: 1,
    trap: { effects: [{ verb: 'power', target: 'defender', amount: 4 }] },
    text: 'Le Défenseur gagne Puissance +4.',
    provenance: { cost: 'seed', effect: 'seed' },
  },
  {
    name: "L'Académie de l'Etoile Bleue",
    type: 'environment',
    cost: 0,
    power: 3,
    tap: { effects: [{ verb: 'draw', target: 'controller', amount: 1 }] },
    text: 'Incliner : piochez 1 carte.',
    provenance: { effect: 'seed' },
  },
  {
    name: 'Champs de Bataille',
    type: 'environment',
    cost: 0,
    power: 4,
    tap: { effects: [{ verb: 'gainResources', target: 'controller', amount: 1 }] },
    text: 'Incliner : gagnez 1 ressource.',
    provenance: {},
  },
  {
    name: "Sceptre d'Invocation",
    type: 'artefact',
    cost: 0,
    // Quest assumed from "ne possède plus que 2 personnages", revealable in the opponent's turn.
    quest: { kind: 'ownCharactersAtMost', n: 2, opponentTurn: true },
    artefact: { effects: [{ verb: 'createSquires', target: 'controller', amount: 0 }] },
    text: "Quête : vous n'avez plus que 2 personnages ou moins en jeu (révélable pendant le tour adverse). Placez un Écuyer sur chacun de vos emplacements de personnage vides.",
    provenance: { effect: 'seed' },
  },

  // ───────────────────────── Gardiens (invented): defence, scaling ─────────────────────────
  {
    name: 'Gardien du Pont',
    type: 'character',
    grade: 'aspirant',
    faction: 'Gardiens',
    cost: 1,
    power: 2,
    support: 0,
    keywords: { defense: 2 },
    text: 'Défense+2.',
    provenance: {},
  },
  {
    name: 'Sentinelle de Pierre',
    type: 'character',
    grade: 'aspirant',
    faction: 'Gardiens',
    cost: 0,
    power: 1,
    support: 0,
    keywords: { front: 1 },
    text: 'Avant+1.',
    provenance: {},
  },
  {
    name: 'Apprentie Forgeronne',
    type: 'character',
    grade: 'aspirant',
    faction: 'Gardiens',
    cost: 1,
    power: 1,
    support: 1,
    tap: { effects: [{ verb: 'power', target: 'chosenOwnAdjacent', amount: 1 }] },
    text: "Incliner : un autre de vos personnages adjacent ciblé gagne Puissance +1 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Vétéran des Remparts',
    type: 'character',
    grade: 'hero',
    faction: 'Gardiens',
    cost: 3,
    power: 4,
    support: 0,
    keywords: { counterAttack: true },
    // A tapped character can still be the Defender (R38b): this is a defensive trick.
    tap: { effects: [{ verb: 'power', target: 'self', amount: 2 }] },
    text: "Contre-Attaque. Incliner : le Vétéran des Remparts gagne Puissance +2 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Ancien du Rempart',
    type: 'character',
    grade: 'hero',
    faction: 'Gardiens',
    cost: 2,
    power: 3,
    support: 1,
    tap: { effects: [{ verb: 'power', target: 'adjacentOwn', amount: 1 }] },
    text: "Incliner : chacun de vos personnages adjacents gagne Puissance +1 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Titan des Remparts',
    type: 'character',
    grade: 'legend',
    faction: 'Gardiens',
    cost: 5,
    power: 7,
    support: 0,
    keywords: { resistant: 2 },
    text: 'Résistant. Résistant.',
    provenance: {},
  },

  // ───────────────────────── Veilleurs (invented): reach, stealth, tricks ─────────────────────────
  {
    name: 'Guetteuse Nocturne',
    type: 'character',
    grade: 'aspirant',
    faction: 'Veilleurs',
    cost: 1,
    power: 1,
    support: 0,
    keywords: { ranged: true, back: 1 },
    text: 'Attaque à Distance. Arrière+1.',
    provenance: {},
  },
  {
    name: 'Ombre Silencieuse',
    type: 'character',
    grade: 'hero',
    faction: 'Veilleurs',
    cost: 3,
    power: 4,
    support: 0,
    keywords: { stealth: true, attack: 1 },
    text: 'Furtif. Attaque+1.',
    provenance: {},
  },
  {
    name: 'Oracle des Marées',
    type: 'character',
    grade: 'legend',
    faction: 'Veilleurs',
    cost: 5,
    power: 6,
    support: 1,
    keywords: { back: 2 },
    onEnter: { effects: [{ verb: 'draw', target: 'controller', amount: 1 }] },
    text: 'Arrière+2. En arrivant en jeu : piochez 1 carte.',
    provenance: {},
  },

  // ───────────────────────── Émissaires (invented): aggression, rage ─────────────────────────
  {
    name: 'Messager Fougueux',
    type: 'character',
    grade: 'aspirant',
    faction: 'Émissaires',
    cost: 1,
    power: 2,
    support: 0,
    keywords: { rage: true },
    text: 'Rage.',
    provenance: {},
  },
  {
    name: 'Éclaireuse des Dunes',
    type: 'character',
    grade: 'aspirant',
    faction: 'Émissaires',
    cost: 0,
    power: 1,
    support: 0,
    keywords: { attack: 1 },
    text: 'Attaque+1.',
    provenance: {},
  },
  {
    name: 'Diplomate Rusée',
    type: 'character',
    grade: 'aspirant',
    faction: 'Émissaires',
    cost: 1,
    power: 1,
    support: 1,
    tap: { effects: [{ verb: 'power', target: 'opponentFighter', amount: -1 }] },
    text: "Incliner : pendant une Attaque, le combattant adverse subit Puissance -1 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Capitaine Émissaire',
    type: 'character',
    grade: 'hero',
    faction: 'Émissaires',
    cost: 2,
    power: 3,
    support: 0,
    keywords: { rage: true, attack: 1 },
    text: 'Rage. Attaque+1.',
    provenance: {},
  },
  {
    name: "Héraut de l'Aube",
    type: 'character',
    grade: 'hero',
    faction: 'Émissaires',
    cost: 4,
    power: 5,
    support: 1,
    onEnter: { effects: [{ verb: 'createSquires', target: 'controller', amount: 1 }] },
    text: 'En arrivant en jeu : placez un Écuyer sur un de vos emplacements de personnage vides.',
    provenance: {},
  },
  {
    name: 'Impératrice Solenne',
    type: 'character',
    grade: 'legend',
    faction: 'Émissaires',
    cost: 6,
    power: 8,
    support: 1,
    onEnter: { effects: [{ verb: 'power', target: 'allOpponent', amount: -1 }] },
    text: "En arrivant en jeu : chaque personnage adverse subit Puissance -1 jusqu'à la fin du tour.",
    provenance: {},
  },

  // ───────────────────────── Without faction (invented) ─────────────────────────
  {
    name: 'Mercenaire Errant',
    type: 'character',
    grade: 'aspirant',
    faction: null,
    cost: 1,
    power: 3,
    support: 0,
    text: 'Aucune capacité.',
    provenance: {},
  },
  {
    name: 'Soigneuse Itinérante',
    type: 'character',
    grade: 'aspirant',
    faction: null,
    cost: 1,
    power: 0,
    support: 1,
    tap: { effects: [{ verb: 'untap', target: 'chosenOwnAdjacent' }] },
    text: 'Incliner : redressez un autre de vos personnages adjacent ciblé.',
    provenance: {},
  },
  {
    name: 'Colosse Sans Bannière',
    type: 'character',
    grade: 'hero',
    faction: null,
    cost: 4,
    power: 6,
    support: 0,
    keywords: { resistant: 1 },
    text: 'Résistant.',
    provenance: {},
  },

  // ───────────────────────── Events (invented) ─────────────────────────
  {
    name: 'Élan Fulgurant',
    type: 'event',
    cost: 1,
    play: {
      effects: [{ verb: 'grantKeyword', target: 'chosenOwn', keyword: 'rage' }],
      rider: { faction: 'Émissaires', effects: [{ verb: 'power', target: 'target', amount: 1 }] },
    },
    text: "Un de vos personnages ciblé gagne Rage jusqu'à la fin du tour. Émissaires : il gagne aussi Puissance +1.",
    provenance: {},
  },
  {
    name: 'Posture Défensive',
    type: 'event',
    cost: 0,
    play: { effects: [{ verb: 'grantKeyword', target: 'chosenOwn', keyword: 'defense', amount: 2 }] },
    text: "Un de vos personnages ciblé gagne Défense+2 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Cri de Ralliement',
    type: 'event',
    cost: 1,
    // Names the fight: playable only during an attack (by the attacker, R34).
    play: { effects: [{ verb: 'power', target: 'ownFighter', amount: 2 }] },
    text: "À jouer pendant une Attaque : votre combattant gagne Puissance +2 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Jugement Sommaire',
    type: 'event',
    cost: 4,
    play: { effects: [{ verb: 'destroy', target: 'chosenOpponent' }] },
    text: 'Détruisez un personnage adverse ciblé.',
    provenance: {},
  },

  // ───────────────────────── Traps (invented) ─────────────────────────
  {
    name: 'Fosse à Pointes',
    type: 'trap',
    cost: 1,
    trap: { effects: [{ verb: 'power', target: 'attacker', amount: -3 }] },
    text: "L'Attaquant subit Puissance -3.",
    provenance: {},
  },
  {
    name: 'Éboulement',
    type: 'trap',
    cost: 3,
    trap: { effects: [{ verb: 'destroy', target: 'attacker' }] },
    text: "Détruisez l'Attaquant.",
    provenance: {},
  },
  {
    name: 'Miroir de Brume',
    type: 'trap',
    cost: 2,
    trap: { effects: [{ verb: 'returnToHand', target: 'attacker' }] },
    text: "Renvoyez l'Attaquant dans la main de son propriétaire, avec son Objet.",
    provenance: {},
  },
  {
    name: 'Guet-apens',
    type: 'trap',
    cost: 1,
    trap: {
      effects: [
        { verb: 'power', target: 'defender', amount: 2 },
        { verb: 'draw', target: 'controller', amount: 1 },
      ],
    },
    text: 'Le Défenseur gagne Puissance +2. Piochez 1 carte.',
    provenance: {},
  },
  {
    name: 'Riposte Instinctive',
    type: 'trap',
    cost: 2,
    trap: {
      effects: [
        { verb: 'grantKeyword', target: 'defender', keyword: 'counterAttack' },
        { verb: 'power', target: 'defender', amount: 1 },
      ],
    },
    text: 'Le Défenseur gagne Contre-Attaque et Puissance +1.',
    provenance: {},
  },

  // ───────────────────────── Objects (invented) ─────────────────────────
  {
    name: "Épée de l'Aube",
    type: 'object',
    cost: 1,
    bonus: { power: 1 },
    text: 'Le personnage équipé gagne Puissance +1.',
    provenance: {},
  },
  {
    name: 'Bouclier Runique',
    type: 'object',
    cost: 2,
    bonus: { keywords: { resistant: 1, defense: 1 } },
    text: 'Le personnage équipé gagne Résistant et Défense+1.',
    provenance: {},
  },
  {
    name: 'Arc Long',
    type: 'object',
    cost: 1,
    bonus: { keywords: { ranged: true } },
    text: 'Le personnage équipé gagne Attaque à Distance.',
    provenance: {},
  },
  {
    name: 'Bannière des Gardiens',
    type: 'object',
    cost: 1,
    bonus: { support: 1 },
    sacrifice: { effects: [{ verb: 'power', target: 'allOwn', amount: 1 }] },
    text: "Le personnage équipé gagne Soutien +1. Détruire cet Objet : chacun de vos personnages gagne Puissance +1 jusqu'à la fin du tour.",
    provenance: {},
  },

  // ───────────────────────── Environments (invented) ─────────────────────────
  {
    name: 'Bastion des Marées',
    type: 'environment',
    cost: 0,
    power: 5,
    tap: { effects: [{ verb: 'untap', target: 'chosenOwn' }] },
    text: 'Incliner : redressez un de vos personnages ciblé.',
    provenance: {},
  },
  {
    name: 'Tour des Émissaires',
    type: 'environment',
    cost: 0,
    power: 2,
    tap: { effects: [{ verb: 'power', target: 'allOwn', amount: 1 }] },
    text: "Incliner : chacun de vos personnages gagne Puissance +1 jusqu'à la fin du tour.",
    provenance: {},
  },

  // ───────────────────────── Artefacts (invented) ─────────────────────────
  {
    name: 'Couronne des Anciens',
    type: 'artefact',
    cost: 1,
    quest: { kind: 'ownVpAtLeast', n: 2, opponentTurn: false },
    artefact: { effects: [{ verb: 'untap', target: 'allOwn' }] },
    text: 'Quête : vous avez au moins 2 Points de Victoire (révélable pendant votre tour seulement). Redressez tous vos personnages.',
    provenance: {},
  },
  {
    name: 'Grimoire Interdit',
    type: 'artefact',
    cost: 0,
    quest: { kind: 'discardAtLeast', n: 8, opponentTurn: false },
    artefact: { effects: [{ verb: 'draw', target: 'controller', amount: 3 }] },
    text: 'Quête : votre défausse contient au moins 8 cartes (révélable pendant votre tour seulement). Piochez 3 cartes.',
    provenance: {},
  },
  // ───────────────────────── Catalogue v1 additions (invented, on the budget above) ─────────────────────────
  // Gardiens
  {
    name: 'Sergent de la Garde',
    type: 'character',
    grade: 'hero',
    faction: 'Gardiens',
    cost: 3,
    power: 4,
    support: 1,
    keywords: { front: 2 },
    // 4 + 1 + Avant+2 (1) = 6 = 3 + 3
    text: 'Avant+2.',
    provenance: {},
  },
  {
    name: 'Gardienne du Seuil',
    type: 'character',
    grade: 'hero',
    faction: 'Gardiens',
    cost: 3,
    power: 3,
    support: 1,
    keywords: { defense: 2, counterAttack: true },
    // 3 + 1 + Défense+2 (1) + Contre-Attaque (1) = 6 = 3 + 3
    text: 'Défense+2. Contre-Attaque.',
    provenance: {},
  },
  // Veilleurs
  {
    name: 'Inquisitrice des Brumes',
    type: 'character',
    grade: 'hero',
    faction: 'Veilleurs',
    cost: 3,
    power: 4,
    support: 1,
    tap: { effects: [{ verb: 'tap', target: 'chosenOpponent' }] },
    // 4 + 1 + tap (1) = 6 = 3 + 3
    text: 'Incliner : inclinez un personnage adverse ciblé.',
    provenance: {},
  },
  {
    name: 'Reine des Brumes',
    type: 'character',
    grade: 'legend',
    faction: 'Veilleurs',
    cost: 6,
    power: 6,
    support: 1,
    keywords: { stealth: true },
    onEnter: { effects: [{ verb: 'tap', target: 'allOpponent' }] },
    // 6 + 1 + Furtif (1) + tap every opposing character (2) = 10 = 6 + 4
    text: 'Furtif. En arrivant en jeu : inclinez chaque personnage adverse.',
    provenance: {},
  },
  // Émissaires
  {
    name: 'Espionne des Cours',
    type: 'character',
    grade: 'hero',
    faction: 'Émissaires',
    cost: 2,
    power: 3,
    support: 0,
    keywords: { stealth: true },
    tap: { effects: [{ verb: 'swap', target: 'chosenOwn' }] },
    // 3 + 0 + Furtif (1) + swap (1) = 5 = 2 + 3
    text: "Furtif. Incliner : l'Espionne des Cours échange sa place avec un autre de vos personnages ciblé.",
    provenance: {},
  },
  {
    name: 'Seigneur Kaël',
    type: 'character',
    grade: 'legend',
    faction: 'Émissaires',
    cost: 5,
    power: 7,
    support: 0,
    keywords: { rage: true, front: 1 },
    // 7 + 0 + Rage (1) + Avant+1 (1) = 9 = 5 + 4
    text: 'Rage. Avant+1.',
    provenance: {},
  },
  {
    name: 'Sonneur de Cor',
    type: 'character',
    grade: 'aspirant',
    faction: 'Émissaires',
    cost: 1,
    power: 1,
    support: 1,
    onEnter: { effects: [{ verb: 'createSquires', target: 'controller', amount: 1 }] },
    // 1 + 1 + a Squire (1) = 3 = 1 + 2
    text: 'En arrivant en jeu : placez un Écuyer sur un de vos emplacements de personnage vides.',
    provenance: {},
  },
  // Without faction
  {
    name: 'Chasseur des Crêtes',
    type: 'character',
    grade: 'hero',
    faction: null,
    cost: 3,
    power: 3,
    support: 1,
    keywords: { ranged: true, back: 2 },
    // 3 + 1 + Distance (1) + Arrière+2 (1) = 6 = 3 + 3
    text: 'Attaque à Distance. Arrière+2.',
    provenance: {},
  },
  {
    name: 'Vagabond Millénaire',
    type: 'character',
    grade: 'legend',
    faction: null,
    cost: 5,
    power: 6,
    support: 0,
    keywords: { counterAttack: true },
    onEnter: { effects: [{ verb: 'power', target: 'allOwn', amount: 1 }] },
    // 6 + 0 + Contre-Attaque (1) + +1 to every own character (2) = 9 = 5 + 4
    text: "Contre-Attaque. En arrivant en jeu : chacun de vos personnages gagne Puissance +1 jusqu'à la fin du tour.",
    provenance: {},
  },
  // Events
  {
    name: 'Harangue',
    type: 'event',
    cost: 1,
    play: {
      effects: [{ verb: 'grantKeyword', target: 'chosenOwn', keyword: 'attack', amount: 2 }],
      rider: { faction: 'Émissaires', effects: [{ verb: 'grantKeyword', target: 'target', keyword: 'rage' }] },
    },
    // Attaque+2 (1), rider free = 1
    text: "Un de vos personnages ciblé gagne Attaque+2 jusqu'à la fin du tour. Émissaires : il gagne aussi Rage.",
    provenance: {},
  },
  {
    name: 'Serment des Gardiens',
    type: 'event',
    cost: 1,
    play: {
      effects: [{ verb: 'grantKeyword', target: 'chosenOwn', keyword: 'resistant', amount: 1 }],
      rider: { faction: 'Gardiens', effects: [{ verb: 'power', target: 'target', amount: 1 }] },
    },
    // Résistant (1), rider free = 1
    text: "Un de vos personnages ciblé gagne Résistant jusqu'à la fin du tour. Gardiens : il gagne aussi Puissance +1.",
    provenance: {},
  },
  {
    name: 'Maléfice',
    type: 'event',
    cost: 1,
    play: { effects: [{ verb: 'power', target: 'chosenOpponent', amount: -2 }] },
    // -2 on one character (1) = 1
    text: "Un personnage adverse ciblé subit Puissance -2 jusqu'à la fin du tour.",
    provenance: {},
  },
  {
    name: 'Levée en Masse',
    type: 'event',
    cost: 2,
    play: { effects: [{ verb: 'createSquires', target: 'controller', amount: 2 }] },
    // two Squires (2) = 2
    text: 'Placez deux Écuyers sur vos emplacements de personnage vides.',
    provenance: {},
  },
  // Traps
  {
    name: 'Embuscade Nocturne',
    type: 'trap',
    cost: 1,
    trap: {
      effects: [{ verb: 'power', target: 'defender', amount: 2 }],
      // A Trap has no chosen target: its rider names the fighter again.
      rider: { faction: 'Veilleurs', effects: [{ verb: 'grantKeyword', target: 'defender', keyword: 'counterAttack' }] },
    },
    // +2 (1), rider free = 1
    text: 'Le Défenseur gagne Puissance +2. Veilleurs : il gagne aussi Contre-Attaque.',
    provenance: {},
  },
  {
    name: 'Sables Mouvants',
    type: 'trap',
    cost: 1,
    trap: {
      effects: [{ verb: 'power', target: 'attacker', amount: -2 }],
      rider: { faction: 'Émissaires', effects: [{ verb: 'power', target: 'attacker', amount: -2 }] },
    },
    // -2 (1), rider free = 1
    text: "L'Attaquant subit Puissance -2. Émissaires : il subit encore Puissance -2.",
    provenance: {},
  },
  {
    name: "Cor d'Alarme",
    type: 'trap',
    cost: 1,
    trap: {
      effects: [
        { verb: 'untap', target: 'defender' },
        { verb: 'draw', target: 'controller', amount: 1 },
      ],
    },
    // untap (1) + a card (the Trap replaces itself: free) = 1
    text: 'Redressez le Défenseur. Piochez 1 carte.',
    provenance: {},
  },
  // Objects
  {
    name: "Cape d'Ombre",
    type: 'object',
    cost: 1,
    bonus: { keywords: { stealth: true } },
    // Furtif (1) = 1
    text: 'Le personnage équipé gagne Furtif.',
    provenance: {},
  },
  {
    name: 'Gantelets de Fer',
    type: 'object',
    cost: 2,
    bonus: { power: 1, keywords: { attack: 2 } },
    // +1 (1) + Attaque+2 (1) = 2
    text: 'Le personnage équipé gagne Puissance +1 et Attaque+2.',
    provenance: {},
  },
  // Environment
  {
    name: 'Campement Nomade',
    type: 'environment',
    cost: 0,
    power: 1,
    tap: { effects: [{ verb: 'createSquires', target: 'controller', amount: 2 }] },
    // power 1 + 2 × two Squires (2) = 5 ≈ 6
    text: 'Incliner : placez deux Écuyers sur vos emplacements de personnage vides.',
    provenance: {},
  },
  // Artefacts
  {
    name: 'Talisman de la Dernière Garde',
    type: 'artefact',
    cost: 0,
    quest: { kind: 'opponentVpAtLeast', n: 3, opponentTurn: true },
    artefact: {
      effects: [
        { verb: 'power', target: 'ownFighter', amount: 4 },
        { verb: 'draw', target: 'controller', amount: 1 },
      ],
    },
    // +4 (2) + a card (1) = 3 = 0 + 3; usable only during an attack (it names the fight)
    text: "Quête : votre adversaire a au moins 3 Points de Victoire (révélable pendant le tour adverse). Pendant une Attaque : votre combattant gagne Puissance +4 jusqu'à la fin du tour ; piochez 1 carte.",
    provenance: {},
  },
  {
    name: 'Orbe de Discorde',
    type: 'artefact',
    cost: 0,
    quest: { kind: 'opponentCharactersAtMost', n: 2, opponentTurn: false },
    artefact: { effects: [{ verb: 'destroy', target: 'chosenOpponent' }] },
    // destroy (3) = 0 + 3
    text: "Quête : votre adversaire n'a plus que 2 personnages ou moins en jeu (révélable pendant votre tour seulement). Détruisez un personnage adverse ciblé.",
    provenance: {},
  },
  {
    name: 'Sablier des Marées',
    type: 'artefact',
    cost: 0,
    quest: { kind: 'handAtLeast', n: 7, opponentTurn: true },
    artefact: { effects: [{ verb: 'gainResources', target: 'controller', amount: 3 }] },
    // three resources (3) = 0 + 3
    text: 'Quête : vous avez au moins 7 cartes en main (révélable pendant le tour adverse). Gagnez 3 ressources.',
    provenance: {},
  },
];

export const CARDS: CardDef[] = RAW.map(withProvenance);
