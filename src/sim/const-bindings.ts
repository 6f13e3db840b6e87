// esbuild writes every top-level `const` and `let` of a bundle as `var` (by design, with no
// option to keep them). V8's optimized code reads a module's `const` binding as the value it
// holds: a typed array bound by `const` over an ArrayBuffer is read and written at a fixed
// address with its length as a number. A `var` it loads from the module's context and checks
// at every use (the array's map, length and data pointer). This pass gives the bundle back its
// constants: each top-level `var` declarator with an initial value that nothing assigns again
// becomes `const`. Reading the same names, the bundle runs the same code.
import { parse, type Pattern, type VariableDeclaration } from 'acorn';
import { simple } from 'acorn-walk';

/** The names a pattern (an assignment's or a loop's left side) writes. */
function namesWritten(p: Pattern | null, into: Set<string>): void {
  if (p === null) return;
  switch (p.type) {
    case 'Identifier': into.add(p.name); return;
    case 'ObjectPattern':
      for (const q of p.properties) namesWritten(q.type === 'RestElement' ? q.argument : q.value, into);
      return;
    case 'ArrayPattern':
      for (const q of p.elements) namesWritten(q, into);
      return;
    case 'RestElement': namesWritten(p.argument, into); return;
    case 'AssignmentPattern': namesWritten(p.left, into); return;
    default: return; // a member expression writes no binding
  }
}

/**
 * The bundle `text` with its top-level `var` declarators that are never assigned after their
 * initial value declared `const` (a declaration mixing both is split, in its order). Any write
 * to the name anywhere keeps it a `var`, an inner variable of the same name included.
 */
export function constBindings(text: string): string {
  const program = parse(text, { ecmaVersion: 'latest', sourceType: 'module' });
  const written = new Set<string>();
  simple(program, {
    AssignmentExpression(n) { namesWritten(n.left as Pattern, written); },
    UpdateExpression(n) { namesWritten(n.argument as Pattern, written); },
    ForInStatement(n) { if (n.left.type !== 'VariableDeclaration') namesWritten(n.left, written); },
    ForOfStatement(n) { if (n.left.type !== 'VariableDeclaration') namesWritten(n.left, written); },
  });
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of program.body) {
    // esbuild exports by an `export { … }` list: a declaration is a statement of its own.
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'var') continue;
    const decl: VariableDeclaration = statement;
    const runs: { kind: 'const' | 'var'; parts: string[] }[] = [];
    for (const d of decl.declarations) {
      const kind = d.id.type === 'Identifier' && d.init != null && !written.has(d.id.name) ? 'const' : 'var';
      const part = text.slice(d.start, d.end);
      const last = runs[runs.length - 1];
      if (last?.kind === kind) last.parts.push(part);
      else runs.push({ kind, parts: [part] });
    }
    if (runs.every((r) => r.kind === 'var')) continue;
    // The declaration's own text ends with its semicolon when it has one.
    const end = text[decl.end - 1] === ';' ? decl.end - 1 : decl.end;
    edits.push({ start: decl.start, end, text: runs.map((r) => `${r.kind} ${r.parts.join(', ')}`).join(';\n') });
  }
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}
