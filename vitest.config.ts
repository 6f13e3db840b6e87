import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    dir: 'test',
    // One timeout for every test and hook, long enough for a loaded machine: no test sets a
    // shorter one (a CLI test may also wait for its turn to start a `lab` process).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // At most 2 test files at once, whatever the cores; each file runs at most
    // LAB_PER_PROCESS = 2 `lab` children at once (test/sim/helpers.ts): at most 4 `lab`
    // processes across the suite (the count is per test process, which runs one file at a time).
    pool: 'forks',
    maxWorkers: 2,
    // Every test must assert something: a loop over an empty list cannot pass unnoticed.
    setupFiles: ['test/setup.ts'],
  },
});
