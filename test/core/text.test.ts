import { describe, expect, it } from 'vitest';
import { visible } from '../../src/core/text.ts';

describe('visible', () => {
  it('escapes control and bidi characters, keeps accents and spaces', () => {
    expect(visible('É a\u0000\u001b[1m\u202e\u007f')).toBe('É a\\u0000\\u001b[1m\\u202e\\u007f');
  });
});
