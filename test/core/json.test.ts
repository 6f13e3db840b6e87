// JSON a user writes: a syntax error is placed by line and column (V8 gives a character
// position, or nothing at all for an unexpected token), with the reason in words.
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, lineColumn, parseJson } from '../../src/core/json.ts';

const errorOf = (text: string): string => {
  try {
    parseJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(JsonSyntaxError);
    return (e as Error).message;
  }
  throw new Error('parsed');
};

describe('parseJson', () => {
  it('parses valid JSON, a leading BOM included', () => {
    expect(parseJson('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    expect(parseJson('\uFEFF{"a": 1}')).toEqual({ a: 1 });
  });

  it('places each kind of error by line and column', () => {
    expect(errorOf('{\n  "a": 1,\n  "b" 2\n}')).toBe('invalid JSON at line 3, column 7: unexpected number');
    expect(errorOf('{"name": "t", "games": 20,')).toBe('invalid JSON at line 1, column 27: expected double-quoted property name');
    expect(errorOf('{\n  "a": [1, 2,],\n}')).toBe('invalid JSON at line 2, column 14: unexpected "]"');
    expect(errorOf('{\n "a": tru}')).toBe('invalid JSON at line 2, column 7: unexpected "tru"');
    expect(errorOf('{\r\n"a": 1 /* c */}')).toBe("invalid JSON at line 2, column 8: expected ',' or '}' after property value");
    expect(errorOf('[1, 2]\n\nx')).toBe('invalid JSON at line 3, column 1: unexpected non-whitespace character after JSON');
    expect(errorOf('{"a": 1')).toBe("invalid JSON at line 1, column 8: expected ',' or '}' after property value");
    expect(errorOf('')).toBe('invalid JSON at line 1, column 1: unexpected end of the file');
    expect(errorOf('{"a":\n"x\u0007"}')).toBe('invalid JSON at line 2, column 3: bad control character in string literal');
  });

  it('never puts a control character of the file in its message', () => {
    const m = errorOf('{"a": \u001b[31m}');
    expect(m).not.toMatch(/\p{Cc}/u);
    expect(m).toContain('\\u001b');
  });
});

describe('lineColumn', () => {
  it('count lines on \\n, \\r\\n and \\r, columns from 1', () => {
    expect(lineColumn('ab\ncd\r\nef\rgh', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd\r\nef\rgh', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\ncd\r\nef\rgh', 11)).toEqual({ line: 4, column: 2 });
  });
});
