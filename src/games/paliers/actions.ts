// Integer actions in fixed bands (rules §12). Bands are written in this order, so a legal
// list built band by band is sorted for free. h = hand slot, i = instance index local to
// its owner (0..63), g = global instance (owner * 64 + i), k = ability index (0..2).
export const A_PASS = 0; // pass (window, main), DONE (attackers, mulligan), NO_BLOCK
export const A_PLAY = 1; // + h: play a card from hand
export const A_USE = A_PLAY + 64; // + i * 3 + k: use activated ability k of own card i (character or Place)
export const A_SACRIFICE = A_USE + 64 * 3; // + i: Violet (3) sacrifice of own character i
export const A_FREEZE = A_SACRIFICE + 64; // + i: Blue (3) freeze of opposing character i
export const A_TARGET = A_FREEZE + 64; // + g: the target of the pending ability
export const A_DESTROY = A_TARGET + 128; // + i: R24 cap destruction of own character i
export const A_DECLARE = A_DESTROY + 64; // + i: declare own character i as an attacker (ascending)
export const A_BLOCK = A_DECLARE + 64; // + i: the current blocker blocks attacker i
export const A_ASSIGN = A_BLOCK + 64; // + i: one point of the dealer's damage to opposing character i
export const A_ASSIGN_REST = A_ASSIGN + 64; // + i: all remaining points to opposing character i
export const A_RETURN = A_ASSIGN_REST + 64; // + i: Violet (5): which dying character of mine returns
export const A_DISCARD = A_RETURN + 64; // + h: discard phase
export const A_ORDER = A_DISCARD + 64; // + j: which pending end-of-turn effect of mine resolves next
export const A_SET_ASIDE = A_ORDER + 64; // + h: mulligan, ascending
export const NUM_ACTIONS = A_SET_ASIDE + 64;
/** The largest decision (a window: pass, 64 plays, 192 uses, 64 sacrifices, 64 freezes) is below this. */
export const MAX_LEGAL = 512;
