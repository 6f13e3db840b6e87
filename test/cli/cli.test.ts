// The `lab` command end to end: the real entry point (node src/cli/lab.js) in a child
// process, checked on exit codes and output. Bad input exits 2 with one stderr line naming
// the culprit and no stack trace; a failed check exits 1 (README, "Commands").
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labSync } from '../sim/helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** One `lab` run at a time, counted against the suite's bound on `lab` processes (test/sim/helpers.ts). */
function lab(...args: string[]): Run {
  return labSync(args);
}

const stderrLines = (r: Run): string[] => r.stderr.split('\n').filter((l) => l.trim() !== '');

/** Exit 2, exactly one stderr line "lab: …" (commander's own errors too), no stack frame, naming every culprit. */
function expectBadInput(r: Run, ...culprits: (string | RegExp)[]): void {
  const lines = stderrLines(r);
  expect(lines, `stderr: ${r.stderr}`).toHaveLength(1);
  expect(r.status, `stderr: ${r.stderr}`).toBe(2);
  const line = lines[0]!;
  expect(line).toMatch(/^lab: /);
  expect(r.stderr).not.toMatch(/^\s*at /m);
  expect(line).not.toContain('internal error');
  for (const c of culprits) {
    if (typeof c === 'string') expect(line).toContain(c);
    else expect(line).toMatch(c);
  }
}

const DECKS = ['--deck', 'decks/quick-gardiens.deck', '--deck', 'decks/quick-veilleurs.deck'];
const REPLAY = ['replay', '--mode', 'quick', ...DECKS, '--seed', '5'];

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'lab-cli-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});
const tmpFile = (name: string, text: string): string => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

describe('lab --help', () => {
  it('exits 0 and lists the commands', () => {
    const r = lab('--help');
    expect(r.status).toBe(0);
    for (const c of ['replay', 'scenario', 'deck', 'cards']) expect(r.stdout).toMatch(new RegExp(`^\\s+${c}\\b`, 'm'));
    expect(r.stdout).toMatch(/^\s+-V, --version\b/m);
  });

  it('--version prints the package version and the engine commit, exit 0', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = lab(flag);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^lab ${pkg.version.replaceAll('.', '\\.')} \\(engine ([0-9a-f]{40}(\\+dirty)?|package [^)]+)\\)\n$`));
    }
  });
});

describe('command-line errors of commander itself', () => {
  it('an invalid choice, an unknown option, command or subcommand: one line "lab: …", exit 2, with the help to read', () => {
    expectBadInput(lab('simulate', ...DECKS, '--mode', 'blitz', '--out', join(tmp, 'blitz')), 'mode "blitz" is not a mode of blue-rising', '(its modes: standard, quick)');
    expectBadInput(lab('simulate', ...DECKS, '--frobnicate', '--out', join(tmp, 'frob')), "unknown option '--frobnicate'", '(lab simulate --help)');
    expectBadInput(lab('simul'), "unknown command 'simul'", 'Did you mean simulate?', '(lab --help)');
    expectBadInput(lab('deck', 'valid', 'decks/quick-gardiens.deck'), "unknown command 'valid'", '(lab deck --help)');
  });

  it('a missing option, option value or argument, and arguments too many: one line each, exit 2', () => {
    expectBadInput(lab('simulate', ...DECKS), "required option '--out <dir>' not specified", '(lab simulate --help)');
    expectBadInput(lab('simulate', '--out', join(tmp, 'x'), '--deck'), "option '--deck <files...>' argument missing");
    expectBadInput(lab('report'), "missing required argument 'dir'", '(lab report --help)');
    expectBadInput(lab('report', 'a', 'b'), 'too many arguments', '(lab report --help)');
  });

  it('a command that groups others, given alone, names them in one line (exit 2); --help still prints help', () => {
    expectBadInput(lab(), 'missing command: one of replay, scenario, deck, simulate, experiment, nightly, cards, report', '(lab --help)');
    expectBadInput(lab('deck'), 'missing command: one of validate', '(lab deck --help)');
    const help = lab('deck', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: lab deck/);
  });

  it('a bad --rule knob or value: one line naming it, exit 2', () => {
    expectBadInput(lab(...REPLAY, '--rule', 'turnCapp=5'), 'turnCapp', 'unknown rule knob');
    expectBadInput(lab('simulate', ...DECKS, '--rule', 'turnCap=abc', '--out', join(tmp, 'rule')), 'turnCap');
  });
});

describe('lab replay', () => {
  let plain: Run;
  beforeAll(() => {
    plain = lab(...REPLAY);
  });

  it('plays a seeded game and prints turns, fight breakdowns and the result', () => {
    expect(plain.stderr).toBe('');
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('=== Turn 1');
    const fights = plain.stdout.split('\n').filter((l) => /^\s+step 4: /.test(l));
    expect(fights.length).toBeGreaterThan(0);
    expect(fights.some((l) => / = -?\d+ base/.test(l))).toBe(true);
    const lines = plain.stdout.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^Result: (.+ wins|draw): .+; \d+ turns, VP \d+–\d+, \d+ decisions\.$/);
  });

  it('is deterministic: the same command gives byte-identical stdout', () => {
    const again = lab(...REPLAY);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe(plain.stdout);
  });

  it('--bots random,random is the default', () => {
    const r = lab(...REPLAY, '--bots', 'random,random');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(plain.stdout);
  });

  it('--json: actions (integer and text) and a summary that match the plain log', () => {
    const r = lab(...REPLAY, '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as {
      actions: { turn: number; player: string; action: number; text: string }[];
      summary: { winner: string | null; reason: string; turns: number; vp: number[]; decks: string[]; decisions: number };
    };
    expect(Array.isArray(j.actions)).toBe(true);
    expect(j.actions.length).toBeGreaterThan(0);
    for (const a of j.actions) {
      expect(Number.isInteger(a.action)).toBe(true);
      expect(a.action).toBeGreaterThanOrEqual(0);
      expect(typeof a.text).toBe('string');
      expect(a.text).not.toBe('');
    }
    const s = j.summary;
    expect(s).toBeDefined();
    expect(typeof s.reason).toBe('string');
    expect(s.winner === null || typeof s.winner === 'string').toBe(true);
    expect(Number.isInteger(s.turns)).toBe(true);
    expect(s.vp).toHaveLength(2);
    expect(s.decisions).toBe(j.actions.length);

    // The plain log's "Player: text" lines (forced moves, played by the engine, aside) are the actions.
    const names = s.decks;
    const logged = plain.stdout
      .split('\n')
      .filter((l) => names.some((n) => l.startsWith(`${n}: `)) && !l.endsWith(' (forced)'));
    expect(logged).toEqual(j.actions.map((a) => `${a.player}: ${a.text}`));

    // The Result line names the same winner, reason and numbers.
    const result = plain.stdout.split('\n').find((l) => l.startsWith('Result: '))!;
    expect(result).toContain(s.winner === null ? 'Result: draw' : `Result: ${s.winner} wins`);
    expect(result).toContain(s.reason);
    expect(result).toContain(`${s.turns} turns, VP ${s.vp[0]}–${s.vp[1]}, ${j.actions.length} decisions.`);
  });

  it('refuses bad input with exit 2 and one line naming the culprit', () => {
    expectBadInput(lab('replay', '--mode', 'fast', ...DECKS, '--seed', '5'), 'fast', /standard/);

    const missing = join(tmp, 'no-such.deck');
    expectBadInput(lab('replay', '--mode', 'quick', '--deck', missing, '--deck', 'decks/quick-veilleurs.deck', '--seed', '5'), missing);

    const quick = readFileSync(join(ROOT, 'decks/quick-gardiens.deck'), 'utf8');
    expect(quick).toMatch(/^2 Yukino$/m);
    const typo = tmpFile('typo.deck', quick.replace(/^2 Yukino$/m, '2 Yukinoo'));
    expectBadInput(lab('replay', '--mode', 'quick', '--deck', typo, '--deck', 'decks/quick-veilleurs.deck', '--seed', '5'), 'Yukinoo', /did you mean: [^?]*\bYukino\b/);

    expectBadInput(lab('replay', '--mode', 'standard', ...DECKS, '--seed', '5'), 'decks/quick-gardiens.deck', 'quick');
    expectBadInput(lab(...REPLAY, '--bots', 'randon'), 'randon', /valid: .*\brandom\b/);
    expectBadInput(lab('replay', '--mode', 'quick', ...DECKS, '--seed', '5.5'), '--seed', '5.5');
    expectBadInput(lab('replay', '--mode', 'quick', ...DECKS, '--seed', 'abc'), '--seed', 'abc');
    expectBadInput(lab(...REPLAY, '--frobnicate'), '--frobnicate');
    expectBadInput(lab('replay', '--mode', 'quick', '--deck', 'decks/quick-gardiens.deck', '--seed', '5'), '--deck');
  });
});

describe('lab scenario', () => {
  const EXAMPLE = 'test/scenarios/worked-example.json';
  const example = (): Record<string, any> => JSON.parse(readFileSync(join(ROOT, EXAMPLE), 'utf8'));

  it('runs the worked example: exit 0, "ok"', () => {
    const r = lab('scenario', EXAMPLE);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ok\b/m);
  });

  it('a wrong expectation exits 1 naming it', () => {
    const s = example();
    const step = s.steps.findIndex((st: Record<string, any>) => st.expect?.power?.Nisqy === 8);
    expect(step).toBeGreaterThanOrEqual(0);
    s.steps[step].expect.power.Nisqy = 9;
    const file = tmpFile('wrong.json', JSON.stringify(s, null, 2));
    const r = lab('scenario', file);
    expect(r.status).toBe(1);
    const lines = stderrLines(r);
    expect(lines).toHaveLength(1);
    expect(r.stderr).not.toMatch(/^\s*at /m);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toContain(`steps[${step}]`);
    expect(lines[0]).toContain('Nisqy');
    expect(lines[0]).toContain('9');
    expect(lines[0]).toContain('8');
  });

  it('a malformed scenario exits 2 with one line naming the file and the culprit', () => {
    const bad = tmpFile('invalid.json', '{\n  "mode": "standard",\n  "players": {]\n}\n');
    expectBadInput(lab('scenario', bad), `${bad}: invalid JSON at line 3, column 15: expected property name or '}'`);

    const unknownField = example();
    unknownField.colour = 'blue';
    const f1 = tmpFile('unknown-field.json', JSON.stringify(unknownField));
    expectBadInput(lab('scenario', f1), f1, 'colour');

    const unknownCard = example();
    unknownCard.players.Joachim.hand[0] = 'Rugissement des ultra';
    const f2 = tmpFile('unknown-card.json', JSON.stringify(unknownCard));
    expectBadInput(lab('scenario', f2), f2, '"Rugissement des ultra"', 'Rugissement des ultras');

    const badAction = example();
    const i = badAction.steps.findIndex((st: Record<string, any>) => st.do === 'Joachim: play Rugissement des ultras on Nisqy');
    expect(i).toBeGreaterThanOrEqual(0);
    badAction.steps[i].do = 'Joachim: play Rugissement des ultras on Arthurr';
    const f3 = tmpFile('bad-action.json', JSON.stringify(badAction));
    expectBadInput(lab('scenario', f3), f3, `steps[${i}]`, 'Arthurr', /no legal action/);
  });
});

describe('lab scenario with several files', () => {
  const EXAMPLE = 'test/scenarios/worked-example.json';
  const example = (): Record<string, any> => JSON.parse(readFileSync(join(ROOT, EXAMPLE), 'utf8'));

  it('runs every file and prints each result; one failure exits 1 after the others ran', () => {
    const wrong = example();
    const step = wrong.steps.findIndex((st: Record<string, any>) => st.expect?.power?.Nisqy === 8);
    wrong.steps[step].expect.power.Nisqy = 9;
    const bad = tmpFile('several-wrong.json', JSON.stringify(wrong));
    const r = lab('scenario', bad, EXAMPLE, 'test/scenarios/rules/R40-environment-hit.json');
    expect(r.status).toBe(1);
    const out = r.stdout.split('\n').filter((l) => l.trim() !== '');
    expect(out).toHaveLength(3);
    expect(out[0]).toBe(`FAIL  ${bad}: steps[${step}]: power of Nisqy: expected 9, got 8`);
    expect(out[1]).toMatch(/^ok {4}§12 worked example/);
    expect(out[2]).toMatch(/^ok {4}R40: beating the Environment/);
    expect(stderrLines(r)).toEqual([`lab: ${bad}: steps[${step}]: power of Nisqy: expected 9, got 8`]);

    const r2 = lab('scenario', bad, EXAMPLE, bad);
    expect(r2.status).toBe(1);
    expect(stderrLines(r2)).toEqual([`lab: 2 of 3 scenarios failed: ${bad}, ${bad}`]);

    const r3 = lab('scenario', EXAMPLE, 'test/scenarios/rules/R40-environment-hit.json');
    expect(r3.status).toBe(0);
    expect(r3.stdout.split('\n').filter((l) => l.startsWith('ok '))).toHaveLength(2);
  });

  it('a quick position with an Artefact exits 2 naming the file and the field', () => {
    const s = example();
    s.mode = 'quick';
    s.players.Joachim.artefact = 'Talisman de la Dernière Garde';
    const f = tmpFile('quick-artefact.json', JSON.stringify(s));
    expectBadInput(lab('scenario', f), f, 'players.Joachim.artefact', 'R8');
  });
});

describe('lab deck validate', () => {
  it('accepts every shipped deck', () => {
    const files = readdirSync(join(ROOT, 'decks')).filter((f) => f.endsWith('.deck')).map((f) => `decks/${f}`);
    expect(files.length).toBeGreaterThanOrEqual(6);
    const r = lab('deck', 'validate', ...files);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (const f of files) expect(r.stdout).toContain(`ok    ${f}`);
  });

  it('lists every problem of a bad deck and exits 1', () => {
    const f = tmpFile('bad.deck', 'name: Mauvais\nmode: quick\n2 Yukinoo\n2 Nisqyy\n2 Yukino\n2 Kitty\n1 Champs de Bataille\n');
    const r = lab('deck', 'validate', 'decks/quick-gardiens.deck', f);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('ok    decks/quick-gardiens.deck');
    expect(r.stdout).toContain(`FAIL  ${f}`);
    expect(r.stdout).toMatch(/unknown card "Yukinoo" \(did you mean: [^)]*\bYukino\b/);
    expect(r.stdout).toMatch(/unknown card "Nisqyy" \(did you mean: [^)]*\bNisqy\b/);
    expect(r.stdout).toMatch(/R8: 5 cards, a quick deck has exactly 31/);
    expect(r.stderr).not.toMatch(/^\s*at /m);
    expect(stderrLines(r)).toHaveLength(1);
  });
});

describe('lab deck validate on broken files', () => {
  it('a deck without a mode line gets every rule it breaks; a huge count as written; a binary file is not echoed', () => {
    const six = tmpFile('six.deck', 'name: Six\n6 Nisqy\n2 Yukino\n');
    const huge = tmpFile('huge.deck', 'name: Huge\n99999999999999999999 Nisqy\n');
    const bin = join(tmp, 'bin.deck');
    writeFileSync(bin, Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01'), Buffer.alloc(8), Buffer.from('\x1b[2J\x1b]0;pwned\x07')]));
    const r = lab('deck', 'validate', six, huge, bin);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`FAIL  ${six}\n      ${six}: missing mode line`);
    expect(r.stdout).toContain('deck "Six": 6 copies of "Nisqy", no deck allows more than 3');
    expect(r.stdout).toContain(`${huge}:2: 99999999999999999999 copies of "Nisqy", more than any deck holds`);
    expect(r.stdout).not.toContain('100000000000000000000');
    expect(r.stdout).toContain(`FAIL  ${bin}\n      ${bin}: not a text deck file (it holds NUL bytes)\n`);
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(stderrLines(r)).toEqual(['lab: 3 of 3 decks invalid']);
  });
});

describe('lab cards', () => {
  it('lists the catalogue with a final count line', () => {
    const r = lab('cards');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const m = /^(\d+) cards?$/.exec(lines[lines.length - 1]!);
    expect(m).not.toBeNull();
    const count = Number(m![1]);
    expect(count).toBeGreaterThanOrEqual(50);
    // One unindented header line per card.
    expect(lines.slice(0, -1).filter((l) => !/^\s/.test(l))).toHaveLength(count);
  });

  it('--json parses; --filter type=trap keeps only traps; an unknown filter key exits 2', () => {
    const all = lab('cards', '--json');
    expect(all.status).toBe(0);
    const cards = JSON.parse(all.stdout) as { name: string; type: string }[];
    expect(cards.length).toBeGreaterThanOrEqual(50);
    const traps = cards.filter((c) => c.type === 'trap');
    expect(traps.length).toBeGreaterThan(0);

    const r = lab('cards', '--filter', 'type=trap');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const headers = lines.slice(0, -1).filter((l) => !/^\s/.test(l));
    expect(lines[lines.length - 1]).toBe(`${traps.length} card${traps.length === 1 ? '' : 's'}`);
    expect(headers.map((h) => h.split(' — ')[0])).toEqual(traps.map((c) => c.name));
    for (const h of headers) expect(h.split(' — ')[1]).toBe('Piège');

    expectBadInput(lab('cards', '--filter', 'foo=1'), 'foo');
  });
});

describe('lab --rule', () => {
  it('refuses a knob value outside its range with exit 2 and one line naming knob, value and range', () => {
    expectBadInput(lab(...REPLAY, '--rule', 'turnCap=0'), 'turnCap=0', '3..30000');
  });
});
