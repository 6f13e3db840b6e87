// One-line errors for the command line: bad input exits 2 with the culprit named, a failed
// check exits 1, and no stack trace reaches a designer (LAB_DEBUG=1 shows it).
import { BotSpecError } from '../../bots/index.ts';
import { GameModuleError } from '../core/module.ts';
import { GAME_MODULES } from '../games/registry.ts';
import { SimulationError } from '../sim/run.ts';
import { ExperimentError } from '../sim/experiment.ts';

/** Bad input from the user: exit code 2. */
export class UsageError extends Error {}
/** A check that ran and failed (a scenario expectation): exit code 1. */
export class CheckFailed extends Error {}

// Each game names the errors that mean bad input to it (decks, cards, knobs, patches, scenarios).
const INPUT_ERRORS = [UsageError, GameModuleError, BotSpecError, ExperimentError, ...Object.values(GAME_MODULES).flatMap((m) => m.inputErrors)];

/** File-system error codes that mean "this path cannot be written as asked": bad input, exit 2. */
const PATH_ERROR_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'EISDIR']);

function pathError(err: unknown): NodeJS.ErrnoException | null {
  const e = err as NodeJS.ErrnoException;
  return e instanceof Error && typeof e.path === 'string' && e.code !== undefined && PATH_ERROR_CODES.has(e.code) ? e : null;
}

/** "EACCES: permission denied", from a Node file-system error. */
export function fsReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!(e instanceof Error) || !e.code) return String(err);
  const words = e.message.replace(new RegExp(`^${e.code}: `), '').replace(/,.*$/, '');
  return `${e.code}: ${words}`;
}

export function exitCodeOf(err: unknown): number {
  if (err instanceof CheckFailed || err instanceof SimulationError) return 1;
  if (INPUT_ERRORS.some((E) => err instanceof E) || pathError(err)) return 2;
  return 3;
}

export function reportError(err: unknown): number {
  const code = exitCodeOf(err);
  const fsErr = pathError(err);
  const msg = fsErr ? `${fsErr.path}: ${fsReason(fsErr)}` : err instanceof Error ? err.message : String(err);
  const oneLine = msg.replace(/\s*\n\s*/g, ' ');
  process.stderr.write(code === 3 ? `lab: internal error: ${oneLine} (LAB_DEBUG=1 shows the stack)\n` : `lab: ${oneLine}\n`);
  if (process.env.LAB_DEBUG && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  return code;
}

/** Wraps a command action so any error becomes one line and an exit code. */
export function action<A extends unknown[]>(fn: (...args: A) => void | Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      process.exitCode = reportError(err);
    }
  };
}

/** Parses a non-negative integer option, naming the option when it is not one. */
export function intOption(name: string, value: string | undefined, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`option ${name}: expected an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`option ${name}: ${n} is out of range ${min}..${max}`);
  return n;
}
