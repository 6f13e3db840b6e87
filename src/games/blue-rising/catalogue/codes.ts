// The catalogue's codes: card types, grades, keyword bits, triggers, target kinds, verbs,
// selectors, keyword fields, ability bits. This file imports nothing, so that the bundles'
// minifier writes each value where it is read (see ../layout.ts); compile.ts re-exports it.

// Card types (index into CARD_TYPES).
export const T_CHARACTER = 0, T_EVENT = 1, T_TRAP = 2, T_OBJECT = 3, T_ENVIRONMENT = 4, T_ARTEFACT = 5;
// Grades (R5) and the VP they are worth when destroyed.
export const G_SQUIRE = 0, G_ASPIRANT = 1, G_HERO = 2, G_LEGEND = 3;
// Keyword flag bits (the families without X).
export const KW_COUNTER = 1, KW_RANGED = 2, KW_STEALTH = 4, KW_RAGE = 8;
// Ability triggers.
export const TR_ENTER = 0, TR_TAP = 1, TR_PLAY = 2, TR_TRAP = 3, TR_SACRIFICE = 4, TR_ARTEFACT = 5;
export const NUM_TRIGGERS = 6;
// Chosen-target kinds of an ability (what the player picks when playing/activating it).
export const TK_NONE = 0, TK_OWN = 1, TK_OPP = 2, TK_ANY = 3, TK_OWN_ADJ = 4;
// Verbs and selectors by index.
export const V_DRAW = 0, V_GAIN = 1, V_POWER = 2, V_KEYWORD = 3, V_RETURN = 4, V_DESTROY = 5,
  V_SWAP = 6, V_SQUIRES = 7, V_UNTAP = 8, V_TAP = 9;
export const S_CONTROLLER = 0, S_SELF = 1, S_CHOSEN_OWN = 2, S_CHOSEN_OPP = 3, S_CHOSEN_ANY = 4,
  S_CHOSEN_OWN_ADJ = 5, S_TARGET = 6, S_ATTACKER = 7, S_DEFENDER = 8, S_OWN_FIGHTER = 9,
  S_OPP_FIGHTER = 10, S_ALL_OWN = 11, S_ALL_OPP = 12, S_ADJ_OWN = 13;
// Keyword field indices (grantKeyword's argument), as in KEYWORD_FIELDS.
export const K_FRONT = 0, K_BACK = 1, K_DEFENSE = 2, K_ATTACK = 3, K_COUNTER = 4, K_RANGED = 5,
  K_STEALTH = 6, K_RAGE = 7, K_RESISTANT = 8;
// One effect record in the program: verb, selector, amount, keyword, rider faction (-1: base).
export const EFFECT_WORDS = 5;
// Bits of Catalogue.abilityBits, by card id: which tap and sacrifice abilities a card has.
export const AB_TAP = 1, AB_TAP_FIGHT = 2, AB_TAP_RESOURCE = 4, AB_SAC = 8, AB_SAC_FIGHT = 16, AB_SAC_RESOURCE = 32;
