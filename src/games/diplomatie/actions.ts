// Integer actions in fixed bands (rules §12). Bands are written in this order, so a legal
// list built band by band is sorted for free. h = hand slot, s = permanent slot of the
// player concerned (0..35), k = ability index (0..2).
export const A_PASS = 0; // end step 2 (main), or pass priority (window)
export const A_YES = 1, A_NO = 2; // an optional trigger ("Vous pouvez")
export const A_LIGHT = 3; // + h: Light Play (R14)
export const A_EXTRA = A_LIGHT + 36; // + h: Extra Play (R15), attachments picked next
export const A_EVOLVE = A_EXTRA + 36; // + h * 36 + s: Evolution Play (R16)
export const A_PLAY = A_EVOLVE + 36 * 36; // + h: play a Kingdom, Event or Diplomacy card
export const A_CAST = A_PLAY + 36; // + s * 3 + k: use ability k of own permanent s
export const A_ATTACK = A_CAST + 36 * 3; // + s: attack with own creature s
export const A_ATTACH = A_ATTACK + 36; // + h: pick a hand card (Extra Play attachment, extraCost, discard cost), ascending
export const A_TARGET = A_ATTACH + 36; // + code: creature (player * 36 + s) or 72 + own hand slot
export const A_DEFEND = A_TARGET + 72 + 36; // + s: the defender's creature receiving the attack (R22)
export const A_ORDER = A_DEFEND + 36; // + i: which pending trigger of mine goes on the stack next (D31)
export const NUM_ACTIONS = A_ORDER + 72;
/** Enough for any decision (the main step's bands together are far below this). */
export const MAX_LEGAL = NUM_ACTIONS;
