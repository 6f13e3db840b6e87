// The heuristic bot retains nothing: 10,000 decisions over states of seeded games leave the
// heap where it was after a forced collection. What they allocate before that collection is
// bounded too. It is not nothing: V8 boxes the doubles that scoring functions it did not
// inline return, about 55 bytes a decision (a choose and an explain) in quick mode and 50–65 in
// standard (270 and 230 before the memoised values, the ability, Event, tap, sacrifice and
// window scorers left their values in memos and score slots instead of returning them; 1,050
// and 700–800 before the attack and main-phase scorers did), measured with a young generation
// large enough that no collection runs during the measure (without that, a collection
// mid-measure hides most of it, and the figure swings with unrelated code). What is left is
// mostly the verb scorers' returns (a table of small functions) and arguments boxed for calls.
// Held under 120 (about twice what it reads).
// Measured in child processes (heap-probe.ts), as the lab runs the bot, one mode each.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PROBE = resolve(import.meta.dirname, 'heap-probe.ts');

describe('heap', () => {
  it('10,000 heuristic decisions grow the heap by about nothing', () => {
    // One process per mode, one at a time.
    const results = ['quick', 'standard'].map((mode) => {
      const out = execFileSync(process.execPath, ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', '--import', 'tsx', PROBE, mode], { cwd: ROOT, encoding: 'utf8' });
      return JSON.parse(out.trim()) as { mode: string; decisions: number; during: number; after: number };
    });
    expect(results.map((r) => r.mode)).toEqual(['quick', 'standard']);
    for (const { mode, decisions, during, after } of results) {
      console.log(`[heap] ${mode}: +${during} bytes before a collection, ${after} after`);
      // Each decision here is a choose and an explain: 20,000 scorings.
      expect(during / decisions, `${mode}: bytes allocated per decision`).toBeLessThan(120);
      // Under 7 bytes a decision: what the runtime itself keeps (feedback, code) is in there.
      expect(after, `${mode}: bytes retained by 10,000 decisions`).toBeLessThan(64_000);
    }
  });
});
