// Suggested fixes on the report page: the flagged cards once per mode and card, and the
// section DIR/fixes.json gives the page (joined to a preface that is already there).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXES_FILE, flaggedCards, withSuggestedFixes, type FixesFile } from '../../src/report/fixes.ts';
import type { Assessment } from '../../src/report/flags.ts';
import { tempDir } from '../sim/helpers.ts';

const flag = (mode: string, kind: 'card' | 'deck', name: string) => ({ mode, kind, name }) as Assessment;

describe('suggested fixes', () => {
  it('lists each flagged card once per mode, in the flags\' order, and no deck', () => {
    const list = flaggedCards([flag('quick', 'card', 'Arthur'), flag('quick', 'deck', 'Pièges rapide'), flag('quick', 'card', 'Arthur'), flag('standard', 'card', 'Arthur'), flag('quick', 'card', 'Ripp')]);
    expect(list).toEqual([{ mode: 'quick', card: 'Arthur' }, { mode: 'standard', card: 'Arthur' }, { mode: 'quick', card: 'Ripp' }]);
  });

  it('shows DIR/fixes.json as a section, after a preface that is there, and nothing without the file', () => {
    const dir = tempDir('report-fixes');
    expect(withSuggestedFixes(undefined, dir)).toBeUndefined();
    const file: FixesFile = {
      settings: 'bots heuristic vs heuristic, 8 games a pairing for each value tried, seed 1',
      fixes: [
        { mode: 'quick', card: 'Arthur', field: 'power', current: 7, proposal: 5, change: -2, outcome: 'in', band: 'within 45.0%–55.0% (even)', wr: 0.483333, wrLo: 0.38, wrHi: 0.587, effect: -0.208333, lo: -0.313, hi: -0.104, games: 720 },
        { mode: 'quick', card: 'Cor <d\'Alarme>', skipped: 'every deck of the run holds it' },
      ],
    };
    writeFileSync(join(dir, FIXES_FILE), JSON.stringify(file));
    const alone = withSuggestedFixes(undefined, dir)!;
    expect(alone.id).toBe('fixes');
    expect(alone.html).toContain('<td>Arthur</td><td>power 7 → 5</td><td>48.3% [38.0%, 58.7%]</td><td>−20.8 [−31.3, −10.4]</td>');
    expect(alone.html).toContain('Cor &lt;d');
    const joined = withSuggestedFixes({ id: 'changes', title: 'What changed since last night', html: '<p>x</p>' }, dir)!;
    expect(joined.id).toBe('changes');
    expect(joined.html).toMatch(/^<p>x<\/p><h3 id="fixes">Suggested fixes<\/h3>/);
  });
});
