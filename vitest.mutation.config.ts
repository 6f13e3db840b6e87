// The tests `npm run mutation` runs against each mutant of the engine: the engine's own
// (scenarios, rules, conformance). The command-line and simulation tests run the engine in
// child processes and workers, where Stryker cannot switch a mutant on.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/games/blue-rising/**/*.test.ts'],
    testTimeout: 180000,
    hookTimeout: 180000,
  },
});
