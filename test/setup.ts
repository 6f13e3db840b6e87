// Run before every test file (vitest.config.ts): a test that asserts nothing fails, so that a
// loop over an empty list, or a callback that never runs, cannot pass unnoticed.
import { beforeEach, expect } from 'vitest';

beforeEach(() => {
  expect.hasAssertions();
});
