// The heuristic bot's table layouts and constants: the fields of a card's stats, pWin's
// steepness and cache size (card-info.ts), the tie margin of its choice (index.ts). This file
// imports nothing, so that the bundles' minifier writes each value where it is read (see
// ../layout.ts); card-info.ts re-exports it.

/** The fields of charStat and objStat (ST_W per card): keyword flags, Support, Résistant, Avant, Arrière, Attaque, Défense, power. */
export const ST_FLAGS = 0, ST_SUPPORT = 1, ST_RES = 2, ST_FRONT = 3, ST_BACK = 4, ST_ATK = 5, ST_DEF = 6, ST_POW = 7, ST_W = 8;
/** The steepness of pWin's logistic curve (card-info.ts). */
export const STEEP = 1.8;
/** pWin's cache: PWIN_MASK + 1 entries, read at a hash of the margin (card-info.ts). */
export const PWIN_MASK = 4095;
/** The integer margins pWinInt reads from its table: within ±PWIN_MID. */
export const PWIN_MID = 64;
/** Two scores closer than this are a tie (the bot's choice, index.ts). */
export const EPS = 1e-9;
