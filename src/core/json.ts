// JSON files a user writes (experiments, scenarios, profiles): a syntax error is told by line
// and column, which an editor can go to, instead of V8's character position (or none).
import { parse as parseLenient, type ParseError } from 'jsonc-parser';
import { visible } from './text.ts';

export class JsonSyntaxError extends Error {
  constructor(readonly line: number, readonly column: number, readonly reason: string) {
    super(`invalid JSON at line ${line}, column ${column}: ${reason}`);
    this.name = 'JsonSyntaxError';
  }
}

/** 1-based line and column (in characters) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** JSON.parse, whose error says where: "invalid JSON at line L, column C: <reason>". A BOM is allowed. */
export function parseJson(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch (e) {
    const message = (e as Error).message;
    let offset: number;
    let reason: string;
    const at = / JSON at position (\d+)/.exec(message);
    if (at) {
      offset = Number(at[1]);
      reason = message.replace(/ in JSON at position \d+.*$/s, '').replace(/ at position \d+.*$/s, '');
    } else if (/end of JSON input/.test(message)) {
      offset = body.length;
      reason = 'unexpected end of the file';
    } else {
      // V8 names a token but not where it is ("Unexpected token 'x', "…" is not valid JSON"):
      // jsonc-parser's scanner, held to plain JSON, finds the place and what stands there.
      const errors: ParseError[] = [];
      parseLenient(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
      const first = errors[0];
      offset = first?.offset ?? 0;
      reason = first && first.length > 0 ? `unexpected "${body.slice(first.offset, first.offset + Math.min(first.length, 40))}"` : message.replace(/, ".*" is not valid JSON$/s, '');
    }
    const { line, column } = lineColumn(body, offset);
    throw new JsonSyntaxError(line, column, visible(reason.charAt(0).toLowerCase() + reason.slice(1)));
  }
}
