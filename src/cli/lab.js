#!/usr/bin/env node
// Entry point of the `lab` command: registers tsx so the TypeScript sources run as they are.
import { setFlagsFromString } from 'node:v8';
// Threads started from here on (tsx's module loader, which sits idle once the sources are
// loaded, and the game workers) keep a young generation of 1 MB semi-spaces: they allocate
// little that lives, and each would otherwise grow and keep its own 16 MB pair (a
// million-game run's peak RSS: about 12 MB less; the same CPU).
setFlagsFromString('--max-semi-space-size=1');
const { register } = await import('tsx/esm/api');
register();
// Source maps of the transformed sources are kept for stack traces only: without them the
// process holds about 5 to 10 MB less (node --enable-source-maps keeps them).
if (!process.execArgv.includes('--enable-source-maps')) process.setSourceMapsEnabled(false);
await import('./index.ts');
