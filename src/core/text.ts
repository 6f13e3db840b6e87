// Text from a user's file, put in a message: its control characters (and bidi overrides) are
// written as \u escapes, so a message never moves the cursor, clears or retitles a terminal.
export function visible(text: string): string {
  return text.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}
