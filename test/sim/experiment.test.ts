// `lab experiment FILE`: every kind of bad file gets its own one-line error (exit 2, naming
// the file and the field); a valid file writes summary.json (differences, sweeps), a folder
// of tables per arm, differences.csv and manifest.json; its base arm is a plain `simulate`.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadExperiment, startBadExperiments } from './bad-experiments.ts';
import { ExperimentError, loadExperiment } from '../../src/sim/experiment.ts';
import { GAMES, gameModule } from '../../src/games/registry.ts';
import { NAME_G, NAME_V, QUICK_G, QUICK_V, ROOT, lab, listFiles, readCsv, tempDir, type Run } from './helpers.ts';

const DECKS = [join(ROOT, QUICK_G), join(ROOT, QUICK_V)];
const BASE = { name: 't', decks: DECKS, games: 20, seed: 1 };

/** name → [file content, what the single error line must contain]. */
const BAD: Record<string, [unknown, (string | RegExp)[]]> = {
  'missing-field': [{ name: 't', decks: DECKS, games: 20 }, ['seed', 'missing']],
  'unknown-field': [{ ...BASE, colour: 'blue' }, ['colour', 'unknown field']],
  'wrong-type': [{ ...BASE, games: '20' }, ['games', 'integer']],
  'negative-patch': [{ ...BASE, arms: [{ name: 'a', patches: [{ card: 'Nisqy', power: -1 }] }] }, ['arms.0.patches.0.power', '>= 0']],
  'unknown-card': [{ ...BASE, arms: [{ name: 'a', patches: [{ card: 'Nisqi', power: 3 }] }] }, ['arms.0.patches.0.card', '"Nisqi"', /did you mean: [^)]*Nisqy/]],
  'unknown-bot': [{ ...BASE, bots: 'genius' }, ['bots', '"genius"', 'random']],
  'unreadable-deck': [{ ...BASE, decks: [join(ROOT, 'decks/no-such.deck'), DECKS[1]] }, ['decks', 'no-such.deck', /cannot read|ENOENT/]],
  'unknown-sweep-field': [{ ...BASE, sweeps: [{ card: 'Arthur', field: 'speed', values: [1] }] }, ['sweeps.0.field', '"power"']],
  'unknown-rule': [{ ...BASE, rules: { turnCapp: 5 } }, ['rules', 'turnCapp', 'unknown rule knob']],
  'duplicate-arm': [{ ...BASE, arms: [{ name: 'x', patches: [] }, { name: 'x', patches: [] }] }, ['arms.1.name', '"x"', 'twice']],
  'invalid-json': ['{"name": "t", "games": 20,', ['invalid JSON at line 1, column 27: ']],
  'repeated-sweep-value': [{ ...BASE, sweeps: [{ card: 'Arthur', field: 'power', values: [3, 3] }] }, ['sweeps.0.values', '"Arthur power=3"', 'already exists']],
  'arm-named-like-a-sweep': [{ ...BASE, arms: [{ name: 'Arthur power=3', patches: [{ card: 'Nisqy', power: 3 }] }], sweeps: [{ card: 'Arthur', field: 'power', values: [3] }] }, ['sweeps.0.values', 'already exists']],
  'target-without-bots': [{ ...BASE, arms: [{ name: 'a', target: 0.6 }] }, ['arms.0.target', 'own bots']],
  'target-out-of-range': [{ ...BASE, arms: [{ name: 'a', bots: 'heuristic,random', target: 60 }] }, ['arms.0.target', '< 1']],
  'arm-folders-clash': [{ ...BASE, arms: [{ name: 'a b', patches: [] }, { name: 'a-b', patches: [] }] }, ['"a b"', '"a-b"', 'arms/a-b']],
};

let dir: string;
let bad: Map<string, Promise<Run>>;
beforeAll(() => {
  dir = tempDir('exp');
  bad = startBadExperiments(dir, BAD);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bad experiment files: one clear line each, exit 2', () => {
  for (const [name, [, culprits]] of Object.entries(BAD)) {
    it(name, async () => {
      expectBadExperiment(await bad.get(name)!, dir, name, culprits);
    });
  }

  it('the errors are all different', async () => {
    const lines = await Promise.all([...bad.values()].map(async (p) => (await p).stderr.replace(/\/[^ :]+\.json/, 'FILE')));
    expect(new Set(lines).size).toBe(lines.length);
  });
});

describe('loadExperiment: more bad files, each named with its field', () => {
  const load = (name: string, content: unknown): string => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    try {
      loadExperiment(file, { module: (id) => gameModule(id), games: GAMES });
    } catch (e) {
      expect(e).toBeInstanceOf(ExperimentError);
      return (e as Error).message;
    }
    throw new Error(`${name}: accepted`);
  };

  it('an odd games field, top level or an arm\'s: games are played in pairs', () => {
    expect(load('odd', { ...BASE, games: 21 })).toBe(`${join(dir, 'odd.json')}: games: 21 is odd, and games are played in pairs with the seats swapped: use 20 or 22`);
    expect(load('odd-arm', { ...BASE, arms: [{ name: 'a', games: 7 }] })).toBe(`${join(dir, 'odd-arm.json')}: arms.0.games: 7 is odd, and games are played in pairs with the seats swapped: use 6 or 8`);
  });

  it('invalid JSON is placed by line and column', () => {
    expect(load('lines', '{\n  "name": "t",\n  "games": 20\n  "seed": 1\n}')).toBe(`${join(dir, 'lines.json')}: invalid JSON at line 4, column 3: expected ',' or '}' after property value`);
    expect(load('token', '{\n  "name": tru\n}')).toBe(`${join(dir, 'token.json')}: invalid JSON at line 2, column 11: unexpected "tru"`);
  });
});

interface Diff { arm: string; mode: string; kind: string; name: string; base: number; value: number; diff: number; lo: number; hi: number; n: number; significant: boolean }
interface Point { value: number; mode: string; kind: string; name: string; wr: number; lo: number; hi: number; n: number }
type Tables = Record<'modes' | 'decks' | 'matchups' | 'cards', Record<string, unknown>[]> & { gameLength: unknown; vpSources: unknown };

describe('a valid experiment', () => {
  const ARM = 'Nisqy power 4';
  const ARMS: Record<string, string> = { base: 'base', [ARM]: 'Nisqy-power-4', 'Arthur power=4': 'Arthur-power=4', 'Arthur power=6': 'Arthur-power=6' };
  let out: string;
  let plain: string;
  let summary: { arms: Record<string, Tables>; differences: Diff[]; sweeps: { card: string; field: string; points: Point[] }[]; patchedCards: string[]; games: number };

  beforeAll(async () => {
    const file = join(dir, 'valid.json');
    // Arthur's shipped power is 4: the sweep's first point must equal the base exactly.
    writeFileSync(file, JSON.stringify({
      name: 'valid', decks: DECKS, bots: 'random', games: 200, seed: 11,
      arms: [{ name: ARM, patches: [{ card: 'Nisqy', power: 4 }] }],
      sweeps: [{ card: 'Arthur', field: 'power', values: [4, 6] }],
    }));
    out = join(dir, 'valid-out');
    plain = join(dir, 'plain-out');
    const [r, s] = await Promise.all([
      lab(['experiment', file, '--out', out, '--quiet', '--workers', '2']),
      lab(['simulate', '--deck', QUICK_G, '--deck', QUICK_V, '--bots', 'random', '--games', '200', '--seed', '11', '--workers', '1', '--quiet', '--out', plain]),
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(s.status, s.stderr).toBe(0);
    summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  });

  it('writes summary.json, manifest.json, differences.csv and the tables of every arm', () => {
    const files = listFiles(out);
    for (const f of ['summary.json', 'manifest.json', 'differences.csv']) expect(files).toContain(f);
    for (const folder of Object.values(ARMS)) {
      for (const t of ['cards.csv', 'decks.csv', 'matchups.csv', 'deck_matchups.csv', 'modes.csv']) expect(files).toContain(join('arms', folder, t));
      expect(readCsv(join(out, 'arms', folder, 'cards.csv')).rows.length).toBeGreaterThan(20);
    }
    expect(files.filter((f) => f.startsWith('arms/'))).toHaveLength(4 * 5);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
    expect(Object.keys(summary.arms).sort()).toEqual(Object.keys(ARMS).sort());
    expect(summary.games).toBe(4 * 200);
    expect(summary.patchedCards).toEqual(['Arthur', 'Nisqy']);
    for (const [label, folder] of Object.entries(ARMS)) {
      expect(summary.arms[label]!.decks.map((d) => d.games)).toEqual([200, 200]);
      // The arm's folder holds that arm's tables.
      const decks = readCsv(join(out, 'arms', folder, 'decks.csv')).rows;
      expect(decks.map((d) => Number(d.wins))).toEqual(summary.arms[label]!.decks.map((d) => d.wins));
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.masterSeed).toBe(11);
    expect(manifest.config.arms.map((a: { label: string }) => a.label)).toEqual(['base', ARM, 'Arthur power=4', 'Arthur power=6']);
    expect(manifest.games).toBe(800);
  });

  it('has one difference per deck and per patched card for each arm, each inside its interval', () => {
    const d = summary.differences;
    for (const arm of [ARM, 'Arthur power=4', 'Arthur power=6']) {
      const mine = d.filter((x) => x.arm === arm);
      expect(mine.map((x) => `${x.kind}:${x.name}`).sort()).toEqual(['card:Arthur', 'card:Nisqy', `deck:${NAME_G}`, `deck:${NAME_V}`].sort());
      for (const x of mine) {
        expect(x.mode).toBe('quick');
        expect(x.lo).toBeLessThanOrEqual(x.diff);
        expect(x.diff).toBeLessThanOrEqual(x.hi);
        expect(x.lo).toBeLessThan(x.hi);
        expect(Math.abs(x.diff - (x.value - x.base))).toBeLessThanOrEqual(1.5e-6);
        expect(x.significant).toBe(x.lo > 0 || x.hi < 0);
        // The base value is the base arm's own number.
        const base = summary.arms.base;
        const want = x.kind === 'deck' ? base.decks.find((r) => r.deck === x.name)!.wr : base.cards.find((r) => r.card === x.name)!.gih_wr;
        expect(x.base).toBe(want);
      }
    }
    expect(d).toHaveLength(12);
    // Same seeds: the sweep point at the shipped value changes nothing at all.
    for (const x of d.filter((x) => x.arm === 'Arthur power=4')) {
      expect(x.diff).toBe(0);
      expect(x.significant).toBe(false);
    }
    const { arms } = summary;
    expect(JSON.stringify(arms['Arthur power=4'])).toBe(JSON.stringify(arms.base));
    expect(JSON.stringify(arms[ARM]!.decks)).not.toBe(JSON.stringify(arms.base!.decks));

    const csv = readCsv(join(out, 'differences.csv'));
    expect(csv.header).toEqual(['arm', 'mode', 'kind', 'name', 'base', 'value', 'diff', 'lo', 'hi', 'n', 'significant', 'interval']);
    expect(csv.rows).toHaveLength(d.length);
    csv.rows.forEach((row, i) => {
      expect([row.arm, row.kind, row.name]).toEqual([d[i]!.arm, d[i]!.kind, d[i]!.name]);
      // Every arm plays the base's games: decks are paired by seed pair; cards have no per-pair data.
      expect(row.interval).toBe(row.kind === 'deck' ? 'paired' : 'unpaired');
      expect(Number(row.diff)).toBe(d[i]!.diff);
      expect([Number(row.lo), Number(row.hi)]).toEqual([d[i]!.lo, d[i]!.hi]);
    });
  });

  it('has the sweep points: the card and the decks that hold it, per value', () => {
    expect(summary.sweeps).toHaveLength(1);
    const s = summary.sweeps[0]!;
    expect([s.card, s.field]).toEqual(['Arthur', 'power']);
    expect(s.points.map((p) => `${p.value}:${p.kind}:${p.name}`)).toEqual(['4:card:Arthur', `4:deck:${NAME_V}`, '6:card:Arthur', `6:deck:${NAME_V}`]);
    for (const p of s.points) {
      expect(p.lo).toBeLessThanOrEqual(p.wr);
      expect(p.wr).toBeLessThanOrEqual(p.hi);
      expect(p.n).toBeGreaterThan(0);
      const arm = summary.arms[`Arthur power=${p.value}`]!;
      if (p.kind === 'card') {
        const c = arm.cards.find((r) => r.card === 'Arthur')!;
        expect([p.wr, p.lo, p.hi, p.n]).toEqual([c.gih_wr, c.gih_lo, c.gih_hi, c.gih_n]);
      } else {
        const dk = arm.decks.find((r) => r.deck === p.name)!;
        expect([p.wr, p.lo, p.hi, p.n]).toEqual([dk.wr, dk.wr_lo, dk.wr_hi, dk.games]);
      }
    }
  });

  it('its base arm equals a plain simulate of the same decks, bots, games and seed', () => {
    const sim = JSON.parse(readFileSync(join(plain, 'summary.json'), 'utf8')) as Tables & { games: number };
    expect(sim.games).toBe(200);
    const base = summary.arms.base!;
    for (const k of ['modes', 'decks', 'matchups', 'cards', 'gameLength', 'vpSources'] as const) {
      expect(base[k], k).toEqual(sim[k]);
    }
    for (const t of ['cards.csv', 'decks.csv', 'matchups.csv', 'modes.csv']) {
      expect(readFileSync(join(out, 'arms', 'base', t), 'utf8'), t).toBe(readFileSync(join(plain, t), 'utf8'));
    }
  });
});

interface Rung { arm: string; bots: string[]; games: number; winsFirstBot: number; draws: number; wrFirstBot: number; lo: number; hi: number; target?: number; verdict?: string }

describe('a bot ladder: mirror pairings, arms with their own bots and targets', () => {
  let r: Run;
  let rungs: Rung[];
  beforeAll(async () => {
    const file = join(dir, 'ladder.json');
    writeFileSync(file, JSON.stringify({
      name: 'ladder', decks: DECKS, pairings: 'mirror', games: 20, seed: 5,
      arms: [
        { name: 'heuristic-vs-random', bots: ['heuristic', 'random'], target: 0.9 },
        { name: 'random-vs-random', bots: 'random,random', target: 0.6 },
        { name: 'aggro-vs-control', bots: ['heuristic:profile=aggro', 'heuristic:profile=control'] },
      ],
    }));
    r = await lab(['experiment', file, '--out', join(dir, 'ladder-out'), '--quiet', '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    rungs = (JSON.parse(readFileSync(join(dir, 'ladder-out', 'summary.json'), 'utf8')) as { rungs: Rung[] }).rungs;
  });

  it('each rung: 20 games per deck against itself, the first bot\'s wins with a Wilson interval', () => {
    expect(rungs.map((x) => x.arm)).toEqual(['heuristic-vs-random', 'random-vs-random', 'aggro-vs-control']);
    for (const x of rungs) {
      expect(x.games).toBe(2 * 20);
      expect(x.wrFirstBot).toBeCloseTo(x.winsFirstBot / x.games, 6);
      expect(x.lo).toBeLessThan(x.wrFirstBot);
    }
    expect(rungs[0]!.bots).toEqual(['heuristic', 'random']);
    // The heuristic bot wins all 40 (Wilson: 91.2% at least); two random bots about half.
    expect(rungs[0]!.winsFirstBot).toBe(40);
    expect(rungs[0]!.lo).toBeCloseTo(0.912, 3);
    expect(rungs[1]!.winsFirstBot).toBeGreaterThan(8);
    expect(rungs[1]!.winsFirstBot).toBeLessThan(32);
  });

  it('arms with their own bots do not play the base\'s games: their deck differences are unpaired', () => {
    const rows = readCsv(join(dir, 'ladder-out', 'differences.csv')).rows.filter((x) => x.kind === 'deck');
    expect(rows).toHaveLength(3 * DECKS.length);
    expect(rows.map((x) => x.interval)).toEqual(rows.map(() => 'unpaired'));
  });

  it('a target gives a verdict: met when the interval is above it, else missed or undecided', () => {
    expect([rungs[0]!.target, rungs[0]!.verdict]).toEqual([0.9, 'met']);
    expect(rungs[1]!.target).toBe(0.6);
    expect(rungs[1]!.verdict).toBe(rungs[1]!.hi < 0.6 ? 'missed' : 'undecided');
    expect(rungs[2]!.target).toBeUndefined();
    expect(rungs[2]!.verdict).toBeUndefined();
  });

  it('--arm runs the base and the named rungs only, with the same numbers as the whole file', async () => {
    const out = join(dir, 'ladder-one');
    const one = await lab(['experiment', join(dir, 'ladder.json'), '--arm', 'random-vs-random', '--out', out, '--quiet', '--workers', '1']);
    expect(one.status, one.stderr).toBe(0);
    const only = (JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { rungs: Rung[]; arms: Record<string, unknown> });
    expect(Object.keys(only.arms).sort()).toEqual(['base', 'random-vs-random']);
    expect(only.rungs).toEqual([rungs[1]]);
  });

  it('--arm with a name the file does not have: one line naming it and the arms, exit 2', async () => {
    const bad = await lab(['experiment', join(dir, 'ladder.json'), '--arm', 'ismcts-vs-god', '--out', join(dir, 'ladder-bad'), '--quiet']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^lab: option --arm: no arm "ismcts-vs-god" in .*ladder\.json \(its arms: heuristic-vs-random, random-vs-random, aggro-vs-control\)$/);
    expect(existsSync(join(dir, 'ladder-bad'))).toBe(false);
  });
});
