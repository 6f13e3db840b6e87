// The output folder of a run, checked before any game is played: a path that is a file, lies
// under a file, or cannot be created or written is refused in one line instead of failing
// after the games (or, for a few kernel folders, hanging in a recursive mkdir).
import { closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError, fsReason } from './errors.ts';

/**
 * Creates `dir` (and its missing parents, one at a time) and proves it writable with a probe
 * file; throws a UsageError naming `what` (the option, e.g. "--out"), the folder, and the
 * path at fault. Returns the absolute folder.
 */
export function prepareOutFolder(dir: string, what: string): string {
  const target = resolve(dir);
  const head = `${what} ${dir}`;
  const missing: string[] = [];
  let p = target;
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(p) !== p) {
        missing.unshift(p);
        p = dirname(p);
        continue;
      }
      throw new UsageError(`${head}: cannot use ${p} (${fsReason(e)})`);
    }
    if (!isDir) throw new UsageError(p === target ? `${head}: a file, not a folder` : `${head}: ${p} is a file, not a folder`);
    break;
  }
  // Not mkdirSync(recursive): on some kernel folders (/proc) it loops forever instead of failing.
  for (const m of missing) {
    try {
      mkdirSync(m);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new UsageError(`${head}: cannot create ${m} (${fsReason(e)})`);
    }
  }
  // Root writes where chmod forbids it, but not on a read-only mount: only a write tells.
  const probe = join(target, `.lab-write-test.${process.pid}`);
  try {
    closeSync(openSync(probe, 'w'));
  } catch (e) {
    throw new UsageError(`${head}: cannot write in it (${fsReason(e)})`);
  }
  rmSync(probe, { force: true });
  return target;
}
