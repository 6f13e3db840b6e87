// The metric definitions have one source (src/report/glossary.ts): the report page embeds
// them and src/report/METRICS.md quotes them between its glossary marks, word for word.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY_END, GLOSSARY_START, METRIC_DEFINITIONS, glossaryMarkdown } from '../../src/report/glossary.ts';
import { ROOT } from '../sim/helpers.ts';

describe('METRICS.md', () => {
  const text = readFileSync(join(ROOT, 'src', 'report', 'METRICS.md'), 'utf8');

  it('quotes the glossary the report embeds', () => {
    const start = text.indexOf(GLOSSARY_START), end = text.indexOf(GLOSSARY_END);
    expect(start).toBeGreaterThan(0);
    expect(text.slice(start + GLOSSARY_START.length + 1, end)).toBe(glossaryMarkdown());
  });

  it('defines every cards.csv rate the issue named: play rate as played over held, IWD by turn', () => {
    expect(METRIC_DEFINITIONS.map((d) => d.term)).toEqual(expect.arrayContaining(['Play rate', 'IWD by turn T', 'Held', 'Played, replays']));
    expect(text).toContain('Play rate = Σ played / Σ held');
    expect(text).toContain('IWD by turn T (`iwd_by_turn_T`): among games that reach turn T only');
  });
});
