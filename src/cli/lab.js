#!/usr/bin/env node
// Entry point of the `lab` command: runs the kept bundle of the TypeScript sources
// (cli-bundle.js), or the sources as they are through tsx when no bundle can be had or
// --enable-source-maps asks for stack traces into the sources.
import { setFlagsFromString } from 'node:v8';
// Threads started from here on keep a young generation of 1 MB semi-spaces unless they set
// their own (the game workers do: run.ts): tsx's module loader, when used, sits idle once the
// sources are loaded, and would otherwise keep the 16 MB pair it grew while loading them.
setFlagsFromString('--max-semi-space-size=1');
const sourceMaps = process.execArgv.includes('--enable-source-maps');
const bundle = sourceMaps ? null : await (await import('./cli-bundle.js')).cliBundle();
if (bundle) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  // Source maps of the transformed sources are kept for stack traces only: without them the
  // process holds about 5 to 10 MB less (node --enable-source-maps keeps them).
  if (!sourceMaps) process.setSourceMapsEnabled(false);
  await import('./index.ts');
}
