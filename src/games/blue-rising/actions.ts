// Integer actions in fixed, documented bands. Each phase writes its bands in ascending
// order, so legal-action lists come out sorted for free.
//
// Targets (the `t` of play, tap, sacrifice and artefact actions) are relative to the actor:
// 0–5 its own slots (row * 3 + column, row 0 = Avant), 6–11 the opponent's slots. An
// untargeted card or ability uses t = 0. Attack targets: 0–2 a column of the opponent's,
// 3–8 an opposing character's slot (Attaque à Distance, R49).

export const TARGETS = 16;
export const A_PASS = 0; // end the main phase / pass in a window / done (2a, discards, pause)
export const A_SETUP = 16; // + aspirantIndex * 6 + slot (R11)
export const A_MULLIGAN = 128; // + mask of hand indices to put back (R14)
export const A_PAY_DISCARD = 160; // + hand index: discard for 1 resource (R19a, D7)
export const A_PAY_TAP = 208; // + own slot: tap a character whose effect yields resources
export const A_PAY_SACRIFICE = 214; // + own slot: destroy the Object under it for resources
export const A_PAY_ENV = 220; // tap the Environment for resources (main phase only, D11)
export const A_PLAY = 256; // + hand index * 16 + target
export const A_TAP = 1024; // + source * 16 + target; source 0–5 own slot, 6 the Environment
export const A_SACRIFICE = 1136; // + own slot * 16 + target: destroy the Object under it for its effect
export const A_ATTACK = 1232; // + own slot * 16 + attack target
export const A_SUPPORT = 1328; // + own slot (R35)
export const A_RESOLVE_TRAP = 1334; // pay and resolve the Trap of the attacked column (R34)
export const A_MOVE = 1336; // + from * 6 + to: step 2a move into the empty target column (R37)
export const A_TRAP_2A = 1372; // + hand index: place a Trap in the target column for 1 (R37 2a)
export const A_ART_REVEAL = 1420; // reveal the Artefact, its Quest holding (R43)
export const A_ART_ACTIVATE = 1424; // + target: resolve the revealed Artefact (R43)
export const A_EOT_DISCARD = 1440; // + hand index: end-of-turn discard (R18)
export const A_RESIST_PAY = 1488; // D22: pay the extra for the Résistant character asked about (A_PASS: skip it)
export const NUM_ACTIONS = 1489;
/** More than any phase can list (the play band alone is at most 48 × 16). */
export const MAX_LEGAL = 1024;
