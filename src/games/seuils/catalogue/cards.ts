// Catalogue v1 of Seuils. The seed gives no card: the worked example of the rules (§7) gives
// Éclaireuse, Brute, Garde, Bouclier and Colosse's cost and threshold (provenance 'spec');
// every other number is invented under the budget rule of README.md ("Card budget"):
//
//   points of a card = 2 × cost + threshold icons + 2 × influenceCost (+ 2 for a character,
//   which stays and fights); a character spends them on strength + life + (speed − 1) +
//   its abilities; abilities are worth: draw 1 = 2, fetch a resource = 2, 1 damage = 1,
//   1 influence = 2, +1 strength/speed/life until end of turn = 0.5 (permanent = 1),
//   consume/restore = 1.5, destroy = 4, prevent 1 = 0.5; an ability that consumes its own
//   card is worth its effect, each resource it costs takes 1 off.
import type { AbilityDef, CardDef, Icon } from './schema.ts';

const INV = (note: string) => ({ numbers: 'invented' as const, note });
const SPEC = (note: string) => ({ numbers: 'spec' as const, note });
type Thr = Partial<Record<Icon, number>>;

function faction(name: string, influence: number, startingResources: number, startingDraw: number | [number, number], note: string, abilities: AbilityDef[]): CardDef {
  return { name, type: 'faction', influence, startingResources, startingDraw, abilities, provenance: INV(note) };
}
function resource(name: string, icon: Icon, icons: number, note: string): CardDef {
  const d: CardDef = { name, type: 'resource', icon, abilities: [], provenance: INV(note) };
  if (icons !== 1) d.icons = icons;
  return d;
}
function character(name: string, cost: number, threshold: Thr, strength: number, life: number, speed: number, note: string, abilities: AbilityDef[] = [], spec = false): CardDef {
  return { name, type: 'character', cost, threshold, strength, life, speed, abilities, provenance: spec ? SPEC(note) : INV(note) };
}
function item(name: string, cost: number, threshold: Thr, attach: CardDef['attach'] | null, note: string, abilities: AbilityDef[] = []): CardDef {
  const d: CardDef = { name, type: 'item', cost, threshold, abilities, provenance: INV(note) };
  if (attach) d.attach = attach;
  return d;
}
function location(name: string, cost: number, threshold: Thr, life: number, note: string, abilities: AbilityDef[] = []): CardDef {
  return { name, type: 'location', cost, threshold, life, abilities, provenance: INV(note) };
}
function tactic(name: string, cost: number, threshold: Thr, note: string, ab: Omit<AbilityDef, 'name'>, extra: Partial<CardDef> = {}, spec = false): CardDef {
  return { name, type: 'tactic', cost, threshold, abilities: [{ name, ...ab }], provenance: spec ? SPEC(note) : INV(note), ...extra };
}

const OPP_CHAR = { character: 'opposing' as const };
const OWN_CHAR = { character: 'own' as const };
const ANY_CHAR = { character: 'any' as const };
const COMBAT_CHAR = { character: 'any' as const, inCombat: true };

export const CARDS: readonly CardDef[] = [
  // ---- factions (R7, R9, R10, D1, D8, D12): influence, starting lines, other rules text
  faction('Ordre du Cristal', 25, 2, [5, 6], 'D1 default influence 25; the spec\'s "consume 3 resources: draw a card" (§8); draw 5/6 (D8: fewer for the first player)', [
    { name: 'Étude', cost: { resources: 3 }, effects: [{ verb: 'draw', amount: 1 }], text: 'Consommez 3 ressources : piochez une carte.' },
  ]),
  faction('Clan des Braises', 22, 2, [6, 7], 'aggressive line: 3 influence less than 25 buys one more starting card', [
    { name: 'Ferveur', cost: { resources: 2 }, timing: 'combat', target: COMBAT_CHAR, effects: [{ verb: 'strength', amount: 2 }], text: 'Combat. Consommez 2 ressources : un personnage au combat gagne +2 force jusqu\'à la fin du tour.' },
  ]),
  faction('Cercle des Racines', 28, 3, [5, 6], '3 starting resources and 28 influence, paid by a slower ability (fetch 2 − 2 resources + once per turn)', [
    { name: 'Croissance', cost: { resources: 2 }, oncePerTurn: true, timing: 'main', effects: [{ verb: 'fetchResource' }], text: 'Une fois par tour, pendant votre tour. Consommez 2 ressources : cherchez une ressource dans votre deck et mettez-la en jeu consommée.' },
  ]),
  faction('Maison des Ombres', 24, 2, 6, 'one starting-draw number (D8); 1 influence for 3 resources', [
    { name: 'Intrigue', cost: { resources: 3 }, effects: [{ verb: 'damageFaction', amount: 1 }], text: 'Consommez 3 ressources : la faction adverse perd 1 influence.' },
  ]),
  faction('Légion d\'Airain', 26, 2, [5, 6], 'restore a character once per turn for 2 resources', [
    { name: 'Discipline', cost: { resources: 2 }, oncePerTurn: true, target: OWN_CHAR, effects: [{ verb: 'restore' }], text: 'Une fois par tour. Consommez 2 ressources : un de vos personnages n\'est plus consommé.' },
  ]),
  faction('Compagnie Errante', 25, 3, [5, 6], 'three basic types; +1 life for 1 resource', [
    { name: 'Repli', cost: { resources: 1 }, target: OWN_CHAR, effects: [{ verb: 'life', amount: 1 }], text: 'Consommez 1 ressource : un de vos personnages gagne +1 vie jusqu\'à la fin du tour.' },
  ]),
  // ---- resources (R3, D11): one icon of a basic type, or two for a rarer card
  resource('Cristal', '◆', 1, 'basic ◆ resource, 1 icon (D11)'),
  resource('Braise', '●', 1, 'basic ● resource, 1 icon (D11)'),
  resource('Racine', '▲', 1, 'basic ▲ resource, 1 icon (D11)'),
  resource('Grand Cristal', '◆', 2, 'two ◆ icons, pays 1 like any resource: reaches ◆◆ thresholds with one card (D16)'),
  resource('Braise Vive', '●', 2, 'two ● icons (D16)'),
  resource('Racine Ancienne', '▲', 2, 'two ▲ icons (D16)'),
  // ---- characters (R5, D3): strength, life, speed
  character('Éclaireuse', 1, {}, 2, 1, 3, 'worked example (§7): strength 2, life 1, speed 3; cost 1 invented (budget 4, spends 5: the fast fragile archetype)', [], true),
  character('Brute', 3, { '●': 1 }, 4, 4, 1, 'worked example (§7): strength 4, life 4, speed 1; cost 3 ● invented (budget 9, spends 8: the slow strong one)', [], true),
  character('Garde', 2, { '◆': 1 }, 3, 2, 2, 'worked example (§7): strength 3, life 2, speed 2; cost 2 ◆ invented (budget 7, spends 6)', [], true),
  character('Colosse', 3, { '◆': 2 }, 5, 5, 1, 'worked example (§7): cost 3, threshold ◆◆ (D16); strength 5, life 5, speed 1 invented (budget 10)', [], true),
  character('Jumeau d\'Ambre', 2, {}, 2, 3, 2, 'budget 6: 2 + 3 + 1; same speed as Jumelle d\'Ambre (simultaneous damage, R19)'),
  character('Jumelle d\'Ambre', 2, {}, 2, 3, 2, 'budget 6: 2 + 3 + 1, the pair of Jumeau d\'Ambre'),
  character('Mage des Seuils', 2, { '●': 1 }, 1, 2, 2, 'budget 7: body 4 + Éclair 3 (2 damage, threshold ●●: R16)', [
    { name: 'Éclair', threshold: { '●': 2 }, cost: { resources: 1, consumeSelf: true }, target: OPP_CHAR, effects: [{ verb: 'damage', amount: 2 }], text: '●● Consommez ce personnage et 1 ressource : 2 dégâts à un personnage adverse.' },
  ]),
  character('Sentinelle de Racine', 2, { '▲': 1 }, 2, 5, 1, 'budget 7: 2 + 5 + 0'),
  character('Coureur des Cendres', 2, { '●': 1 }, 3, 1, 4, 'budget 7: 3 + 1 + 3'),
  character('Chevalier d\'Airain', 4, { '●': 1, '▲': 1 }, 5, 6, 2, 'budget 12: 5 + 6 + 1'),
  character('Titan de Racine', 5, { '▲': 2 }, 7, 7, 1, 'budget 14: 7 + 7 + 0'),
  character('Guérisseuse', 2, { '◆': 1 }, 1, 3, 2, 'budget 7: body 5 + Soins 2', [
    { name: 'Soins', cost: { consumeSelf: true }, target: OWN_CHAR, effects: [{ verb: 'life', amount: 3 }], text: 'Consommez ce personnage : un de vos personnages gagne +3 vie jusqu\'à la fin du tour.' },
  ]),
  character('Espion des Ombres', 1, { '◆': 1 }, 1, 1, 3, 'budget 5: body 4 + Renseignement 1 (draw 2 − 1 resource)', [
    { name: 'Renseignement', cost: { resources: 1, consumeSelf: true }, effects: [{ verb: 'draw', amount: 1 }], text: 'Consommez ce personnage et 1 ressource : piochez une carte.' },
  ]),
  character('Archère', 2, { '●': 1 }, 2, 2, 3, 'budget 7: body 6 + Tir 1', [
    { name: 'Tir', cost: { consumeSelf: true }, timing: 'combat', target: { characterOrLocation: 'opposing' }, effects: [{ verb: 'damage', amount: 1 }], text: 'Combat. Consommez ce personnage : 1 dégât à un personnage ou un lieu adverse.' },
  ]),
  character('Porte-Bannière', 3, { '◆': 1, '●': 1 }, 2, 3, 2, 'budget 10: body 6 + Ralliement 4 (+2 strength, usable on defence too)', [
    { name: 'Ralliement', cost: { resources: 1 }, oncePerTurn: true, target: OWN_CHAR, effects: [{ verb: 'strength', amount: 2 }], text: 'Une fois par tour. Consommez 1 ressource : un de vos personnages gagne +2 force jusqu\'à la fin du tour.' },
  ]),
  character('Berserker', 3, { '●': 2 }, 6, 2, 2, 'budget 10: 6 + 2 + 1, one point under (a glass cannon)'),
  character('Veilleur', 1, { '▲': 1 }, 1, 4, 1, 'budget 5: 1 + 4 + 0 (a cheap blocker)'),
  character('Lancier', 2, { '▲': 1 }, 3, 2, 3, 'budget 7: 3 + 2 + 2'),
  character('Vétéran', 4, { '◆': 1, '▲': 1 }, 5, 6, 2, 'budget 12: 5 + 6 + 1'),
  character('Saboteur', 2, { '◆': 1 }, 2, 2, 2, 'budget 7: body 5 + Sabotage 2 (destroy 4 − 1 resource, own card consumed)', [
    { name: 'Sabotage', cost: { resources: 2, consumeSelf: true }, target: { itemOrLocation: 'opposing' }, effects: [{ verb: 'destroy' }], text: 'Consommez ce personnage et 2 ressources : détruisez un objet ou un lieu adverse.' },
  ]),
  // ---- items (D18)
  item('Épée Runique', 1, { '◆': 1 }, { strength: 2 }, 'attaches: +2 strength (1 point) for 3 points, the card included'),
  item('Armure de Braise', 2, { '●': 1 }, { life: 3 }, 'attaches: +3 life for 5 points'),
  item('Bottes de Vent', 1, {}, { speed: 2 }, 'attaches: +2 speed for 2 points'),
  item('Grimoire', 2, { '◆': 1 }, null, 'stays in play: draw 1 for 1 resource, every turn (5 points)', [
    { name: 'Lecture', cost: { resources: 1, consumeSelf: true }, effects: [{ verb: 'draw', amount: 1 }], text: 'Consommez cet objet et 1 ressource : piochez une carte.' },
  ]),
  item('Étendard', 2, { '▲': 1 }, { strength: 1, life: 1 }, 'attaches: +1/+1, and Charge (+2 speed to its character) for 5 points', [
    { name: 'Charge', cost: { consumeSelf: true }, target: 'host', effects: [{ verb: 'speed', amount: 2 }], text: 'Consommez cet objet : le personnage équipé gagne +2 vitesse jusqu\'à la fin du tour.' },
  ]),
  // ---- locations (R17, D3, D18, D23): attackable, with life
  location('Tour de Guet', 2, { '◆': 1 }, 5, 'life 5 and Vigie (+1 speed in combat) for 5 points', [
    { name: 'Vigie', cost: { consumeSelf: true }, timing: 'combat', target: COMBAT_CHAR, effects: [{ verb: 'speed', amount: 1 }], text: 'Combat. Consommez ce lieu : un personnage au combat gagne +1 vitesse jusqu\'à la fin du tour.' },
  ]),
  location('Forge', 3, { '●': 1 }, 6, 'life 6 and Trempe (+1 strength for good) for 7 points', [
    { name: 'Trempe', cost: { resources: 1, consumeSelf: true }, timing: 'main', target: OWN_CHAR, effects: [{ verb: 'strength', amount: 1, permanent: true }], text: 'Pendant votre tour. Consommez ce lieu et 1 ressource : un de vos personnages gagne +1 force.' },
  ]),
  location('Sanctuaire', 2, { '▲': 1 }, 6, 'life 6 and Repos (restore a character) for 5 points', [
    { name: 'Repos', cost: { consumeSelf: true }, target: OWN_CHAR, effects: [{ verb: 'restore' }], text: 'Consommez ce lieu : un de vos personnages n\'est plus consommé.' },
  ]),
  location('Bastion', 4, { '◆': 1, '▲': 1 }, 10, 'life 10, no ability: a decoy target for 10 points'),
  location('Marché Noir', 2, { '◆': 1 }, 4, 'life 4 and Troc (fetch a resource) for 5 points', [
    { name: 'Troc', cost: { consumeSelf: true }, timing: 'main', oncePerTurn: true, effects: [{ verb: 'fetchResource' }], text: 'Une fois par tour, pendant votre tour. Consommez ce lieu : cherchez une ressource dans votre deck et mettez-la en jeu consommée.' },
  ]),
  // ---- tactics (R15 (5)): follow the text, then the discard
  tactic('Bouclier', 1, {}, 'worked example (§7): cost 1, no threshold, +2 life until end of turn', { target: ANY_CHAR, effects: [{ verb: 'life', amount: 2 }], text: 'Un personnage ciblé gagne +2 vie jusqu\'à la fin du tour.' }, {}, true),
  tactic('Assassinat', 3, { '◆': 1 }, '7 points: destroy 4 + combat only; kills a character before it assigns (R19 (1))', { timing: 'combat', target: COMBAT_CHAR, effects: [{ verb: 'destroy' }], text: 'Combat. Détruisez un personnage au combat.' }),
  tactic('Vent Arrière', 1, { '●': 1 }, '3 points: +2 speed (D21: changes the groups not yet handled)', { timing: 'combat', target: COMBAT_CHAR, effects: [{ verb: 'speed', amount: 2 }], text: 'Combat. Un personnage au combat gagne +2 vitesse jusqu\'à la fin du tour.' }),
  tactic('Entrave', 1, { '▲': 1 }, '3 points: −2 speed to a character in combat (D21)', { timing: 'combat', target: COMBAT_CHAR, effects: [{ verb: 'speed', amount: -2 }], text: 'Combat. Un personnage au combat perd 2 vitesse jusqu\'à la fin du tour.' }),
  tactic('Embuscade Nocturne', 2, { '◆': 1 }, '5 points: 3 damage, only in answer to the end of a turn (D14)', { timing: 'endOfTurn', target: ANY_CHAR, effects: [{ verb: 'damage', amount: 3 }], text: 'Seulement en réponse à la fin d\'un tour. 3 dégâts à un personnage ciblé.' }),
  tactic('Parade', 1, { '▲': 1 }, '3 points: prevent 3 locked damage (D24, R19 (4))', { timing: 'combat', target: COMBAT_CHAR, effects: [{ verb: 'prevent', amount: 3 }], text: 'Combat. Prévenez 3 des dégâts verrouillés sur un personnage ciblé.' }),
  tactic('Flammes', 3, { '●': 1 }, '7 points: 3 damage + draw 1 (D28\'s example text)', { target: { characterOrLocation: 'any' }, effects: [{ verb: 'damage', amount: 3 }, { verb: 'draw', amount: 1 }], text: '3 dégâts à un personnage ou un lieu ciblé ; piochez une carte.' }),
  tactic('Inspiration', 1, { '◆': 1 }, '3 points: draw 2 (a card for a card, and one more)', { effects: [{ verb: 'draw', amount: 2 }], text: 'Piochez deux cartes.' }),
  tactic('Furie', 1, { '●': 1 }, '3 points: +3 strength until end of turn', { target: OWN_CHAR, effects: [{ verb: 'strength', amount: 3 }], text: 'Un de vos personnages gagne +3 force jusqu\'à la fin du tour.' }),
  tactic('Épuisement', 1, { '▲': 1 }, '3 points: consume an opposing character (it can no longer defend, D19)', { target: OPP_CHAR, effects: [{ verb: 'consume' }], text: 'Consommez un personnage adverse ciblé.' }),
  tactic('Second Souffle', 1, {}, '2 points: restore one of your characters', { target: OWN_CHAR, effects: [{ verb: 'restore' }], text: 'Un de vos personnages n\'est plus consommé.' }),
  tactic('Frappe Directe', 3, { '●': 2 }, '8 points: 2 influence (4) and out of any combat', { timing: 'main', effects: [{ verb: 'damageFaction', amount: 2 }], text: 'Pendant votre tour. La faction adverse perd 2 influence.' }),
  tactic('Croissance Sauvage', 1, { '▲': 1 }, '3 points: fetch a resource (2)', { timing: 'main', effects: [{ verb: 'fetchResource' }], text: 'Pendant votre tour. Cherchez une ressource dans votre deck et mettez-la en jeu consommée.' }),
  tactic('Démolition', 2, { '▲': 1 }, '5 points: destroy an item or a location (4)', { target: { itemOrLocation: 'opposing' }, effects: [{ verb: 'destroy' }], text: 'Détruisez un objet ou un lieu adverse ciblé.' }),
  tactic('Pacte de Sang', 0, { '●': 1 }, '5 points with 2 influence paid (R4\'s additional cost): draw 2', { effects: [{ verb: 'draw', amount: 2 }], text: 'Coût additionnel : votre faction perd 2 influence. Piochez deux cartes.' }, { influenceCost: 2 }),
];
