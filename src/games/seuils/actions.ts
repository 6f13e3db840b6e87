// Integer actions in fixed bands (rules §9). Bands are written in this order, so a legal list
// built band by band is sorted for free. h = hand slot, i = instance index within its
// player (0 = the faction), g = global instance (player * 64 + i), c = card id.
import { MAX_CARDS } from './catalogue/compile.ts';
import { INST, NUM_INST } from './state.ts';

export const A_PASS = 0; // pass priority in a window
export const A_DONE = 1; // end a group (attackers need one), end the mulligan
export const A_END_TURN = 2; // R13, D14: announce the end of the turn
export const A_DRAW = 3; // D10 develop: draw a card
export const A_ATTACK = 4; // R17 (1): announce an attack
export const A_TARGET_FACTION = 5; // R17 (1): the attack targets the opposing faction
export const A_FETCH = 6; // + c: D7, fetch one copy of resource card c from the deck
export const A_BOTTOM = A_FETCH + MAX_CARDS; // + h: R11, put hand card h under the deck
export const A_PLAY_RESOURCE = A_BOTTOM + INST; // + h: D10 develop, play resource h
export const A_PLAY = A_PLAY_RESOURCE + INST; // + h: R15, play hand card h
export const A_USE = A_PLAY + INST; // + i * 2 + k: R16, use ability k of own card i
export const A_TARGET_LOCATION = A_USE + INST * 2; // + i: R17 (1), the attack targets opposing location i
export const A_DECLARE = A_TARGET_LOCATION + INST; // + i: R17 (2), (4): own character i joins the group
export const A_ASSIGN = A_DECLARE + INST; // + i: D22, one point of damage to opposing card i
export const A_ASSIGN_REST = A_ASSIGN + INST; // + i: D22, all remaining points to opposing card i
export const A_TARGET = A_ASSIGN_REST + INST; // + g: an effect's target
export const NUM_ACTIONS = A_TARGET + NUM_INST;
/** Enough for any decision. */
export const MAX_LEGAL = 3 * INST + 8;
