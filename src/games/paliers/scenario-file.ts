// Paliers scenario files for `lab scenario --game paliers`: a position (scenario.ts's
// PositionSpec), actions named by a part of their text, and what must hold afterwards.
//
//   { "name": "...", "position": { "turn": 5, "sides": [{ "board": ["Rusher"] }, {}] },
//     "actions": ["Pass", "Attack with Rusher"], "expect": { "pv1": 27 } }
import { readFileSync } from 'node:fs';
import { parseJson } from '../../core/json.ts';
import type { ScenarioOutcome } from '../../core/module.ts';
import { act, boardNames, buildPosition, zoneNames, type Position, type PositionSpec } from './scenario.ts';
import { O_LEVEL, O_PV } from './state.ts';

export class PalScenarioError extends Error {}

interface PalScenarioFile {
  name: string;
  position: PositionSpec;
  /** Action texts (a part of the text is enough when one legal action holds it). */
  actions: string[];
  expect: Record<string, unknown>;
}

const EXPECT_KEYS = ['pv0', 'pv1', 'level0', 'level1', 'board0', 'board1', 'places0', 'places1', 'hand0', 'hand1', 'grave0', 'grave1', 'over', 'winner'];

function readFile(file: string): PalScenarioFile {
  let json: unknown;
  try {
    json = parseJson(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new PalScenarioError(`${file}: ${(e as NodeJS.ErrnoException).code ? `cannot read (${(e as NodeJS.ErrnoException).code})` : (e as Error).message}`);
  }
  const s = json as Partial<PalScenarioFile>;
  if (typeof s !== 'object' || s === null) throw new PalScenarioError(`${file}: expected a JSON object`);
  if (typeof s.name !== 'string' || s.name === '') throw new PalScenarioError(`${file}: name: missing`);
  if (typeof s.position !== 'object' || s.position === null || !Array.isArray(s.position.sides) || s.position.sides.length !== 2) {
    throw new PalScenarioError(`${file}: position.sides: expected two sides`);
  }
  if (!Array.isArray(s.actions) || s.actions.some((a) => typeof a !== 'string')) throw new PalScenarioError(`${file}: actions: expected a list of action texts`);
  if (typeof s.expect !== 'object' || s.expect === null) throw new PalScenarioError(`${file}: expect: missing`);
  for (const k of Object.keys(s.expect)) if (!EXPECT_KEYS.includes(k)) throw new PalScenarioError(`${file}: expect.${k}: unknown (valid: ${EXPECT_KEYS.join(', ')})`);
  return s as PalScenarioFile;
}

function actual(pos: Position, key: string): unknown {
  const w = pos.st.w;
  const p = Number(key.slice(-1));
  if (key.startsWith('pv')) return w[O_PV + p];
  if (key.startsWith('level')) return w[O_LEVEL + p];
  if (key.startsWith('board')) return boardNames(pos, p);
  if (key.startsWith('places')) return boardNames(pos, p, 3);
  if (key.startsWith('hand')) return zoneNames(pos, p, 'hand');
  if (key.startsWith('grave')) return zoneNames(pos, p, 'grave');
  if (key === 'over') return pos.game.isTerminal(pos.st);
  return pos.game.outcome(pos.st)?.winner ?? null;
}

/** Runs a scenario file; a bad file throws PalScenarioError, a failed expectation is returned. */
export function runPalScenarioFile(file: string): ScenarioOutcome {
  const s = readFile(file);
  let pos: Position;
  try {
    pos = buildPosition(s.position);
  } catch (e) {
    throw new PalScenarioError(`${file}: position: ${(e as Error).message}`);
  }
  const log: string[] = [];
  let steps = 0;
  for (const [i, text] of s.actions.entries()) {
    try {
      act(pos, text);
    } catch (e) {
      return { name: s.name, ok: false, steps, failure: `actions.${i} "${text}": ${(e as Error).message}`, log: log.join('\n') };
    }
    log.push(text);
    steps++;
  }
  for (const [k, want] of Object.entries(s.expect)) {
    const got = actual(pos, k);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      return { name: s.name, ok: false, steps, failure: `expect.${k}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`, log: log.join('\n') };
    }
  }
  return { name: s.name, ok: true, steps, log: log.join('\n') };
}
