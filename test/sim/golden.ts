// The normalised hashes of a results folder, for golden.test.ts (and to record them anew:
// `npx tsx test/sim/golden.ts DIR`).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from './helpers.ts';

export const VOLATILE = ['command', 'engineVersion', 'machine', 'workers', 'startedAt', 'endedAt', 'seconds', 'gamesPerSecond', 'peakRssMB'];

export function normalisedHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of listFiles(dir)) {
    let text = readFileSync(join(dir, f), 'utf8');
    if (f.endsWith('manifest.json')) {
      const m = JSON.parse(text) as Record<string, unknown>;
      for (const k of VOLATILE) delete m[k];
      text = JSON.stringify(m, null, 2);
    } else if (f.endsWith('.html')) {
      text = text.split(dir).join('OUT')
        .replace(/<dt>engine version<\/dt><dd>[^<]*<\/dd>/g, '')
        .replace(/<dt>run ended<\/dt><dd>[^<]*<\/dd>/g, '')
        .replace(/<dt>command<\/dt><dd>[^<]*<\/dd>/g, '')
        // The link to METRICS.md is relative to where the project is checked out.
        .replace(/href="[^"]*METRICS\.md"/g, 'href="METRICS.md"');
    }
    out[f] = createHash('sha256').update(text).digest('hex').slice(0, 16);
  }
  return out;
}

export const SIM_ARGS = [
  'simulate', '--deck', 'decks/quick-gardiens.deck', 'decks/quick-veilleurs.deck', 'decks/standard-gardiens.deck', 'decks/standard-control.deck',
  '--mode', 'both', '--bots', 'random,heuristic', '--games', '20', '--seed', '7', '--games-csv', '--report', '--workers', '2', '--quiet',
];
export const EXP_ARGS = ['experiment', 'test/sim/fixtures/golden-experiment.json', '--workers', '2', '--quiet', '--report', '--games-csv'];

if (process.argv[1]?.endsWith('golden.ts') && process.argv[2]) console.log(JSON.stringify(normalisedHashes(process.argv[2]), null, 2));
