// The tests `npm run mutation` runs against each mutant of the engine: the engine's own
// scenarios, rules and card tests, random games included. Left out: conformance (determinism
// and clone checks, 9 s a mutant for what the random games already catch), and the
// command-line and simulation tests, which run the engine in child processes and workers
// where Stryker cannot switch a mutant on. Leaving tests out can only lower the score.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default mergeConfig(base, defineConfig({
  test: {
    include: ['test/games/blue-rising/**/*.test.ts'],
    exclude: ['test/games/blue-rising/conformance.test.ts'],
  },
}));
