// What it takes to reproduce a run: the command, the config, the versions and the hashes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** package.json's version. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** The engine version: the git commit of the sources (with "+dirty" when they differ), else the package version. */
export function engineVersion(): string {
  const root = new URL('../../', import.meta.url);
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'bots'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${commit}+dirty` : commit;
  } catch {
    return `package ${packageVersion()}`;
  }
}

export function machine() {
  return { node: process.version, cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.availableParallelism(), platform: `${os.platform()} ${os.arch()}` };
}
