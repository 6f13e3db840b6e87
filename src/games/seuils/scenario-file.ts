// Seuils scenario files for `lab scenario --game seuils`: a position (scenario.ts's
// PositionSpec), actions named by a part of their text, and what must hold afterwards.
//
//   { "name": "...", "position": { "sides": [{ "hand": ["Veilleur"], "board": ["Braise"] }, {}] },
//     "actions": ["Play Veilleur"], "expect": { "board0": ["Braise", "Veilleur"], "influence1": 25 } }
import { readFileSync } from 'node:fs';
import { parseJson } from '../../core/json.ts';
import type { ScenarioOutcome } from '../../core/module.ts';
import { act, boardNames, buildPosition, passToMain, zoneNames, type Position, type PositionSpec } from './scenario.ts';
import { O_INFL, StackOverflowError } from './state.ts';

export class SeuilsScenarioError extends Error {}

interface SeuilsScenarioFile {
  name: string;
  position: PositionSpec;
  /** Action texts (a part of the text is enough when one legal action holds it); "pass to main" passes windows. */
  actions: string[];
  expect: Record<string, unknown>;
}

const EXPECT_KEYS = ['influence0', 'influence1', 'board0', 'board1', 'hand0', 'hand1', 'discard0', 'discard1', 'over', 'winner'];

function readFile(file: string): SeuilsScenarioFile {
  let json: unknown;
  try {
    json = parseJson(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SeuilsScenarioError(`${file}: ${(e as NodeJS.ErrnoException).code ? `cannot read (${(e as NodeJS.ErrnoException).code})` : (e as Error).message}`);
  }
  const s = json as Partial<SeuilsScenarioFile>;
  if (typeof s !== 'object' || s === null) throw new SeuilsScenarioError(`${file}: expected a JSON object`);
  if (typeof s.name !== 'string' || s.name === '') throw new SeuilsScenarioError(`${file}: name: missing`);
  if (typeof s.position !== 'object' || s.position === null || !Array.isArray(s.position.sides) || s.position.sides.length !== 2) {
    throw new SeuilsScenarioError(`${file}: position.sides: expected two sides`);
  }
  if (!Array.isArray(s.actions) || s.actions.some((a) => typeof a !== 'string')) throw new SeuilsScenarioError(`${file}: actions: expected a list of action texts`);
  if (typeof s.expect !== 'object' || s.expect === null) throw new SeuilsScenarioError(`${file}: expect: missing`);
  for (const k of Object.keys(s.expect)) if (!EXPECT_KEYS.includes(k)) throw new SeuilsScenarioError(`${file}: expect.${k}: unknown (valid: ${EXPECT_KEYS.join(', ')})`);
  return s as SeuilsScenarioFile;
}

function actual(pos: Position, key: string): unknown {
  const w = pos.st.w;
  const p = Number(key.slice(-1));
  if (key.startsWith('influence')) return w[O_INFL + p];
  if (key.startsWith('board')) return boardNames(pos, p);
  if (key.startsWith('hand')) return zoneNames(pos, p, 'hand');
  if (key.startsWith('discard')) return zoneNames(pos, p, 'discard');
  if (key === 'over') return pos.game.isTerminal(pos.st);
  return pos.game.outcome(pos.st)?.winner ?? null;
}

/** Runs a scenario file; a bad file throws SeuilsScenarioError, a failed expectation is returned. */
export function runSeuilsScenarioFile(file: string): ScenarioOutcome {
  const s = readFile(file);
  let pos: Position;
  try {
    pos = buildPosition(s.position);
  } catch (e) {
    throw new SeuilsScenarioError(`${file}: position: ${(e as Error).message}`);
  }
  const log: string[] = [];
  let steps = 0;
  for (const [i, text] of s.actions.entries()) {
    try {
      if (text === 'pass to main') passToMain(pos);
      else act(pos, text);
    } catch (e) {
      // D13: a position whose actions push past the stack's array is bad input, not a failed expectation.
      if (e instanceof StackOverflowError) throw new SeuilsScenarioError(`${file}: actions.${i} "${text}": ${e.message}`);
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
