// Bad experiment files, shared by the experiment tests: each file is written and run at once,
// and each must fail alone in one line naming the file and its culprits, writing nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { lab, listFiles, stderrLines, type Run } from './helpers.ts';

/** Writes each file (an object as JSON, a string as it is) into dir and starts all the runs; each test awaits its own. */
export function startBadExperiments(dir: string, files: Record<string, readonly [unknown, unknown]>): Map<string, Promise<Run>> {
  const runs = new Map<string, Promise<Run>>();
  for (const [name, [content]] of Object.entries(files)) {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    runs.set(name, lab(['experiment', file, '--out', join(dir, `out-${name}`), '--quiet', '--workers', '1']));
  }
  return runs;
}

/** Exit 2, one `lab: ` line with no stack that names the file and every culprit, and no result file. */
export function expectBadExperiment(r: Run, dir: string, name: string, culprits: readonly (string | RegExp)[]): void {
  const lines = stderrLines(r);
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.status, r.stderr).toBe(2);
  const line = lines[0]!;
  expect(line.startsWith('lab: ')).toBe(true);
  expect(line).not.toContain('internal error');
  expect(r.stderr).not.toMatch(/^\s*at /m);
  expect(line).toContain(join(dir, `${name}.json`));
  for (const c of culprits) {
    if (typeof c === 'string') expect(line).toContain(c);
    else expect(line).toMatch(c);
  }
  expect(listFiles(join(dir, `out-${name}`))).toEqual([]);
}
