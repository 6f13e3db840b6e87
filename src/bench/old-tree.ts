// An older commit checked out beside this tree for the A/B benches (compare.ts, paired.ts): a
// temporary detached git worktree whose node_modules links to this tree's, removed afterwards.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// git's own message stays out of the output: the caller says in one line what went wrong.
export const git = (cwd: string, ...a: string[]) => execFileSync('git', a, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full hash of `commit`, or exit 2 naming it (`tool` prefixes the message). */
export function resolveCommit(tool: string, commit: string | undefined): string {
  if (!commit) {
    console.error(`${tool}: give the commit to compare with (npm run ${tool} -- <commit>)`);
    process.exit(2);
  }
  try {
    return git(ROOT, 'rev-parse', '--verify', `${commit}^{commit}`);
  } catch {
    console.error(`${tool}: unknown commit "${commit}"`);
    process.exit(2);
  }
}

/** This tree's short hash, marked when `src` or `bots` hold uncommitted changes. */
export function headLabel(): string {
  return git(ROOT, 'rev-parse', '--short', 'HEAD') + (git(ROOT, 'status', '--porcelain', '--', 'src', 'bots') ? '+changes' : '');
}

// What to undo if the process is interrupted, the latest first (see onInterrupt).
const cleanups: (() => void)[] = [];
const interrupted = (signal: NodeJS.Signals) => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};

/**
 * Runs `cleanup` if the process is interrupted (SIGINT, SIGTERM) before the returned function is
 * called, with every other cleanup registered, then exits 130 or 143: a bench stopped by Ctrl-C
 * leaves no worktree or temporary folder.
 */
export function onInterrupt(cleanup: () => void): () => void {
  if (cleanups.length === 0) {
    process.on('SIGINT', interrupted);
    process.on('SIGTERM', interrupted);
  }
  cleanups.push(cleanup);
  return () => {
    const i = cleanups.indexOf(cleanup);
    if (i >= 0) cleanups.splice(i, 1);
    if (cleanups.length === 0) {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
    }
  };
}

/** Runs `use` with `sha` checked out in a temporary worktree, then removes the worktree (also when interrupted). */
export async function withOldTree<T>(sha: string, use: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-old-'));
  rmSync(dir, { recursive: true, force: true });
  git(ROOT, 'worktree', 'add', '--quiet', '--detach', dir, sha);
  const remove = () => {
    try {
      git(ROOT, 'worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(ROOT, 'worktree', 'prune');
    }
  };
  const done = onInterrupt(remove);
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return await use(dir);
  } catch (err) {
    // Ctrl-C reaches the whole process group: a measuring child it killed ends the bench quietly.
    const status = interruptStatus(err);
    if (status !== null) {
      done();
      remove();
      process.exit(status);
    }
    throw err;
  } finally {
    done();
    remove();
  }
}

/** 130 or 143 when `err` is a child process's death by SIGINT or SIGTERM (execFileSync's error), else null. */
function interruptStatus(err: unknown): number | null {
  const signal = (err as { signal?: unknown } | null)?.signal;
  return signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : null;
}

/**
 * A fresh folder `<prefix>*` in this tree's node_modules/.cache, where a bundle written there
 * finds its packages; removed at exit, or when interrupted.
 */
export function bundleFolder(prefix: string): string {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  onInterrupt(remove);
  process.once('exit', remove);
  return dir;
}
