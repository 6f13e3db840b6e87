// How seeds derive, in one place: a game's seed from (master seed, pairing, index); from the
// game seed, the game's chance stream and each seat's shuffle stream (seatStreamSeed,
// seedChanceStreams: every game deals through these); and each bot's stream from (game seed,
// the deck it plays). Nothing derives from thread counts or finishing order, so results are
// the same on any number of workers.
import { mixSeed, seedWords } from './rng.ts';

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

/** True when another seat plays the deck `seat` plays (a mirror match). */
function sharesDeck(deckKeys: ArrayLike<number>, seat: number): boolean {
  for (let q = 0; q < deckKeys.length; q++) if (q !== seat && deckKeys[q] === deckKeys[seat]) return true;
  return false;
}

/**
 * The seed of a seat's chance stream (its deck's shuffles): from the game seed and the key of
 * the deck it plays, so that the same seed with seats swapped deals each deck the same
 * shuffles; a mirror match adds the seat, so the two seats still get different orders.
 */
export function seatStreamSeed(seed: number, deckKeys: ArrayLike<number>, seat: number): number {
  const key = deckKeys[seat]!;
  return sharesDeck(deckKeys, seat) ? mixSeed(seed, key, seat) : mixSeed(seed, key);
}

/**
 * Seeds a game's chance streams in its state words: the game's own (first player and any
 * chance that belongs to no seat) from the seed itself at `gameOffset`, and seat p's at
 * `seatOffset + 4 * p` from seatStreamSeed. Each stream is four xoshiro128 words.
 */
export function seedChanceStreams(seed: number, deckKeys: ArrayLike<number>, words: Int32Array, gameOffset: number, seatOffset: number): void {
  seedWords(seed, words, gameOffset);
  for (let p = 0; p < deckKeys.length; p++) seedWords(seatStreamSeed(seed, deckKeys, p), words, seatOffset + 4 * p);
}

/**
 * The bot stream of a seat: from the game seed and the key of the deck it plays, so that a
 * bot keeps its stream when seats are swapped; a mirror match adds the seat to tell them apart.
 */
export function botSeed(seed: number, seatKey: number, otherKey: number, seat: number): number {
  return seatKey === otherKey ? mixSeed(seed, 0xb07, seatKey, seat) : mixSeed(seed, 0xb07, seatKey);
}
