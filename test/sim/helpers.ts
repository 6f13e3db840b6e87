// Shared helpers of the simulation tests: the real `lab` entry point in a child process,
// temporary folders, a small CSV reader and a shell-words splitter.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LAB = join(ROOT, 'src/cli/lab.js');

export const QUICK_G = 'decks/quick-gardiens.deck';
export const QUICK_V = 'decks/quick-veilleurs.deck';
export const QUICK_E = 'decks/quick-emissaires.deck';
export const NAME_G = 'Gardiens rapide';
export const NAME_V = 'Veilleurs rapide';
export const NAME_E = 'Émissaires rapide';

export interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The suite's per-test and per-hook timeout (vitest.config.ts); no test sets a shorter one. */
export const SUITE_TIMEOUT_MS = 180_000;

// How many `lab` children one test file may have alive at once. vitest.config.ts runs at
// most 2 files at once (maxWorkers), so the whole suite runs at most 2 × 2 = 4 `lab`
// processes at once, whatever the machine's cores: a file that starts 16 runs queues them.
export const LAB_PER_PROCESS = 2;

// Kept on globalThis so that a test process running several files in turn shares one count.
const slots: { used: number; waiting: (() => void)[] } = ((globalThis as Record<symbol, unknown>)[Symbol.for('blue-rising-lab.test.labSlots')] ??= { used: 0, waiting: [] }) as never;

function takeSlot(): Promise<void> {
  if (slots.used < LAB_PER_PROCESS) {
    slots.used++;
    return Promise.resolve();
  }
  return new Promise((res) => slots.waiting.push(res));
}
/** Hands the slot to the next waiting run, or frees it. */
function giveSlot(): void {
  const next = slots.waiting.shift();
  if (next) next();
  else slots.used--;
}

/** Options of a `lab` run: its folder (the project root by default) and extra environment. */
export interface LabOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** When a child still alive is killed (SUITE_TIMEOUT_MS by default): longer for one that outlives a test, as a queue worker does. */
  backstopMs?: number;
}

function labEnv(opts: LabOptions): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.LAB_DEBUG;
  return { ...env, ...opts.env };
}

/**
 * Starts `node src/cli/lab.js ...args` once one of this process's LAB_PER_PROCESS slots is
 * free; the slot is freed when the child has closed. A child still alive after the suite's
 * timeout (or opts.backstopMs) is killed, so that a hung test leaves no process behind.
 */
export async function spawnLab(args: string[], opts: LabOptions = {}): Promise<ChildProcessByStdio<null, Readable, Readable>> {
  await takeSlot();
  let child: ChildProcessByStdio<null, Readable, Readable>;
  try {
    child = spawn(process.execPath, [LAB, ...args], { cwd: opts.cwd ?? ROOT, env: labEnv(opts), stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    giveSlot();
    throw e;
  }
  const backstop = setTimeout(() => child.kill('SIGKILL'), opts.backstopMs ?? SUITE_TIMEOUT_MS);
  let freed = false;
  const free = () => {
    clearTimeout(backstop);
    if (!freed) giveSlot();
    freed = true;
  };
  child.once('close', free);
  child.once('error', free);
  return child;
}

/** Runs `node src/cli/lab.js ...args` from the project root (async, so tests can run several at once). */
export async function lab(args: string[], opts: LabOptions = {}): Promise<Run> {
  const started = Date.now();
  const child = await spawnLab(args, opts);
  return new Promise((res, rej) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', rej);
    child.on('close', (status, signal) => res({ status, signal, stdout, stderr, ms: Date.now() - started }));
  });
}

/**
 * The same, blocking: for files that run one command at a time. It takes one of the slots
 * while it runs; it cannot wait for one (the event loop is blocked), so it throws when this
 * process's runs already hold them all (a file that mixes it with concurrent lab() calls).
 */
export function labSync(args: string[], opts: LabOptions = {}): Run {
  if (slots.used >= LAB_PER_PROCESS) throw new Error(`labSync: ${LAB_PER_PROCESS} lab processes already running in this test process`);
  slots.used++;
  const started = Date.now();
  try {
    const r = spawnSync(process.execPath, [LAB, ...args], { cwd: opts.cwd ?? ROOT, env: labEnv(opts), encoding: 'utf8', timeout: SUITE_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 });
    if (r.error) throw r.error;
    return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
  } finally {
    giveSlot();
  }
}

/**
 * Pids of the live (not zombie) child processes of `pid` whose command line has an argument
 * containing `arg` (Linux: /proc).
 */
export function liveChildren(pid: number, arg: string): number[] {
  const kids: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return kids; // the process is gone
  }
  for (const task of tasks) {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const w of text.split(' ')) if (w.trim() !== '') kids.push(Number(w));
  }
  return kids.filter((kid) => {
    try {
      const stat = readFileSync(`/proc/${kid}/stat`, 'utf8');
      const state = stat[stat.lastIndexOf(')') + 2];
      return state !== 'Z' && readFileSync(`/proc/${kid}/cmdline`, 'utf8').split('\0').some((a) => a.includes(arg));
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** Waits until `done()` holds, checking every 20 ms (the test's own timeout bounds the wait). */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}

export const stderrLines = (r: Run): string[] => r.stderr.split('\n').filter((l) => l.trim() !== '');

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `lab-sim-${prefix}-`));
}

/** Every file under dir (relative paths, sorted); [] when dir does not exist. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** RFC 4180 CSV: quoted fields with doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A CSV file as objects keyed by its header row. */
export function readCsv(file: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...rest] = parseCsv(readFileSync(file, 'utf8'));
  if (!header) throw new Error(`${file}: empty`);
  for (const r of rest) if (r.length !== header.length) throw new Error(`${file}: a row of ${r.length} fields, header has ${header.length}`);
  return { header, rows: rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!]))) };
}

/** Splits a POSIX shell command line with single quotes (as run.ts's shellQuote writes it). */
export function shellWords(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let any = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unbalanced quote in ${line}`);
      cur += line.slice(i + 1, end);
      any = true;
      i = end;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[++i];
      any = true;
    } else if (/\s/.test(ch)) {
      if (any) out.push(cur);
      cur = '';
      any = false;
    } else {
      cur += ch;
      any = true;
    }
  }
  if (any) out.push(cur);
  return out;
}

/** round6 of report/stats.ts, written again: what a CSV cell of a rate holds. */
export function r6(x: number): number | null {
  return Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : null;
}
/** The CSV text of a number cell (csv-stringify writes String(n); null is empty). */
export function cell(x: number | null): string {
  return x === null ? '' : String(x);
}
