// Simulation benchmark (`npm run bench` runs it after the engine's): `lab simulate` as a
// designer runs it, random vs random on the shipped quick decks Gardiens vs Veilleurs, read
// back from each run's manifest.json.
//   simulation.gamesPerSec1     games/s with 1 worker (100,000 games)
//   simulation.gamesPerSecAll   games/s with every core (100,000 games)
//   simulation.scaling          gamesPerSecAll / (cores × gamesPerSec1)
//   simulation.million          the 1,000,000-game run on every core: seconds, games/s,
//                               peak RSS of the whole process (main thread and workers), MB,
//                               and its scaling against the same run on 1 worker (gamesPerSec1,
//                               scaling): the 100,000-game figure weighs each run's start
//                               (the workers', about 0.1 to 0.4 s) ten times as much
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Manifest {
  seconds: number;
  games: number;
  gamesPerSecond: number;
  peakRssMB: number;
  workers: number;
}

function simulate(games: number, workers: number): Manifest {
  const out = mkdtempSync(join(os.tmpdir(), 'lab-bench-'));
  try {
    execFileSync(process.execPath, [
      join(ROOT, 'src/cli/lab.js'), 'simulate',
      '--deck', join(ROOT, 'decks/quick-gardiens.deck'), '--deck', join(ROOT, 'decks/quick-veilleurs.deck'),
      '--games', String(games), '--workers', String(workers), '--seed', '1', '--out', out, '--quiet',
    ], { stdio: ['ignore', 'ignore', 'inherit'] });
    return JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export function benchSimulation(options: { million: boolean }) {
  const cores = os.availableParallelism();
  const one = simulate(100_000, 1);
  const all = simulate(100_000, cores);
  const million = options.million ? simulate(1_000_000, cores) : null;
  const millionOne = options.million ? simulate(1_000_000, 1) : null;
  return {
    decks: ['quick-gardiens', 'quick-veilleurs'],
    bots: 'random',
    cores,
    gamesPerSec1: one.gamesPerSecond,
    gamesPerSecAll: all.gamesPerSecond,
    scaling: Math.round((all.gamesPerSecond / (cores * one.gamesPerSecond)) * 1000) / 1000,
    million: million && millionOne && {
      seconds: million.seconds,
      gamesPerSec: million.gamesPerSecond,
      peakRssMB: million.peakRssMB,
      workers: million.workers,
      gamesPerSec1: millionOne.gamesPerSecond,
      scaling: Math.round((million.gamesPerSecond / (cores * millionOne.gamesPerSecond)) * 1000) / 1000,
    },
  };
}
