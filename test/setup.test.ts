// The suite's setup (test/setup.ts, vitest.config.ts): every test starts expecting at least one
// assertion, so that a test whose checks never run fails instead of passing.
import { describe, expect, it } from 'vitest';

describe('the test setup', () => {
  it('turns on expect.hasAssertions() before each test', () => {
    expect(expect.getState().isExpectingAssertions).toBe(true);
  });
});
