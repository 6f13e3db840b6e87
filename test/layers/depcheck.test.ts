// The dependency rule of .dependency-cruiser.cjs fails on a violating import: a fixture tree
// where src/sim imports a game folder is cruised with the project's config and must be refused,
// naming the rule and the file; the same tree through the registry only passes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lab-depcheck-'));
  const all = { 'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "allowImportingTsExtensions": true, "noEmit": true } }\n', ...files };
  for (const [f, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

function cruise(dir: string) {
  return spawnSync(process.execPath, [BIN, '--config', join(ROOT, '.dependency-cruiser.cjs'), 'src', 'bots'], { cwd: dir, encoding: 'utf8' });
}

const GAME = { 'src/games/blue-rising/module.ts': 'export const m = 1;\n', 'src/games/registry.ts': "export { m } from './blue-rising/module.ts';\n", 'bots/index.ts': 'export const b = 1;\n' };

describe('the layer rule (dependency-cruiser)', () => {
  it('refuses src/sim importing a game folder, naming the rule and the file', () => {
    const r = cruise(tree({ ...GAME, 'src/sim/shard.ts': "import { m } from '../games/blue-rising/module.ts';\nexport const x = m;\n" }));
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain('generic-layers-import-no-game');
    expect(r.stdout).toContain('src/sim/shard.ts');
  });
  it('refuses a game-agnostic bot importing a game folder', () => {
    const r = cruise(tree({ ...GAME, 'bots/mcts.ts': "import { m } from '../src/games/blue-rising/module.ts';\nexport const x = m;\n" }));
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain('bots/mcts.ts');
  });
  it('accepts the same layer reaching the game through the registry', () => {
    const r = cruise(tree({ ...GAME, 'src/sim/shard.ts': "import { m } from '../games/registry.ts';\nexport const x = m;\n" }));
    expect(r.stdout).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  });
});
