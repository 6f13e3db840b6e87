// Result files are written whole or not at all: to a temporary name, then renamed.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';

/** Temporary files not yet renamed, removed if the run is interrupted. */
export const pendingTemps = new Set<string>();

export function tempName(file: string): string {
  return `${file}.${process.pid}.tmp`;
}

export function atomicWrite(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = tempName(file);
  pendingTemps.add(tmp);
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    // A write or rename that fails (a full disk, a folder in the way) leaves no temporary file.
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    pendingTemps.delete(tmp);
  }
}

export function removePendingTemps(): void {
  for (const t of pendingTemps) rmSync(t, { force: true });
  pendingTemps.clear();
}

/** CSV text with a header row (csv-stringify); null and NaN cells are left empty. */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const clean = rows.map((r) => r.map((v) => (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? '' : v)));
  return stringify([header as unknown[], ...clean]);
}

/** JSON with sorted object keys at every level, so equal data gives equal bytes. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) + '\n';
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

/** An arm's folder name: its label with anything but letters, digits, ".", "=" and "-" made "-". */
export function armFolder(label: string): string {
  return label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9.=-]+/g, '-').replace(/^-+|-+$/g, '') || 'arm';
}
