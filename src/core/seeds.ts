// How seeds derive, in one place: a game's seed from (master seed, pairing, index), and each
// bot's stream from (game seed, the deck it plays). Nothing derives from thread counts or
// finishing order, so results are the same on any number of workers.
import { mixSeed } from './rng.ts';

/** FNV-1a of a string to 32 bits (pairing names, deck names). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Seed of pair i of a pairing: both games of the pair (seats swapped) use it. */
export function gameSeed(master: number, pairingKey: number, i: number): number {
  return mixSeed(master, pairingKey, i);
}

/**
 * The bot stream of a seat: from the game seed and the key of the deck it plays, so that a
 * bot keeps its stream when seats are swapped; a mirror match adds the seat to tell them apart.
 */
export function botSeed(seed: number, seatKey: number, otherKey: number, seat: number): number {
  return seatKey === otherKey ? mixSeed(seed, 0xb07, seatKey, seat) : mixSeed(seed, 0xb07, seatKey);
}
