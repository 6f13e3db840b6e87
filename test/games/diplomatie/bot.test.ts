// The Diplomatie heuristic bot: its view of the position, information hiding, profiles as
// data, and measured strength against uniform-random play.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RolloutFactory } from '../../../bots/index.ts';
import { RandomBot } from '../../../bots/random.ts';
import { SeededRng } from '../../../src/core/rng.ts';
import { wilson } from '../../../src/report/stats.ts';
import {
  DIPLOMATIE_PROFILES, DIP_WEIGHT_KEYS, DipProfileError, loadDipProfile, loadDipProfileFrom, makeDiplomatieBot, makeDiplomatieRollout,
} from '../../../src/games/diplomatie/bot/index.ts';
import { DipView, OB_END } from '../../../src/games/diplomatie/bot/view.ts';
import { OBSERVATION_LENGTH } from '../../../src/games/diplomatie/observe.ts';
import type { Diplomatie } from '../../../src/games/diplomatie/game.ts';
import { power } from '../../../src/games/diplomatie/rules.ts';
import {
  INST_PER_PLAYER, O_ACTIVE, O_ATTACKED, O_DECK_N, O_DIP_N, O_EXH, O_HAND, O_HAND_N, O_PD, O_PHASE, O_PV, O_STACK_N, O_TOP, O_TURN,
  SLOTS, type DipState,
} from '../../../src/games/diplomatie/state.ts';
import { DECKS, match, playSeries } from './bot-helpers.ts';

/** Positions met in heuristic-vs-random games (every 3rd decision), with their game. */
function positions(games: number): { game: Diplomatie; st: DipState }[] {
  const out: { game: Diplomatie; st: DipState }[] = [];
  const legal = new Int32Array(2048);
  for (let g = 0; g < games; g++) {
    const game = match(DECKS[g % 6]!, DECKS[(g * 5 + 1) % 6]!);
    const st = game.allocState();
    game.newGame(st, 777 + g);
    const bots = [makeDiplomatieBot(g, ['default', 'aggressive', 'diplomat', 'control'][g % 4]), new RandomBot<DipState>(g + 1)];
    let k = 0;
    while (!game.isTerminal(st)) {
      const n = game.legalActions(st, legal);
      if (n > 1 && k++ % 3 === 0) {
        const snap = game.allocState();
        game.cloneInto(st, snap);
        out.push({ game, st: snap });
      }
      const p = game.currentPlayer(st);
      game.apply(st, bots[(p + g) % 2]!.choose(game, st, legal, n));
    }
  }
  return out;
}

describe('DipView', () => {
  it('reads from the seat\'s observation the same public fields as the state holds', () => {
    expect(OB_END).toBe(OBSERVATION_LENGTH); // the view's offsets tile observe.ts's layout
    const view = new DipView();
    let checked = 0;
    for (const { game, st } of positions(12)) {
      const seat = game.currentPlayer(st);
      view.load(game, st, seat);
      const w = st.w;
      expect([view.phase, view.active, view.turn]).toEqual([w[O_PHASE], w[O_ACTIVE], w[O_TURN]]);
      for (let p = 0; p < 2; p++) {
        expect([view.pv(p), view.pd(p), view.deckN(p), view.handN(p), view.dipN(p), view.attacked(p)])
          .toEqual([w[O_PV + p], w[O_PD + p], w[O_DECK_N + p], w[O_HAND_N + p], w[O_DIP_N + p], w[O_ATTACKED + p] !== 0]);
      }
      expect(view.stackN).toBe(w[O_STACK_N]);
      for (let h = 0; h < w[O_HAND_N + seat]!; h++) expect(view.myHand(h)).toBe(st.ctx.cardOf[w[O_HAND + seat * INST_PER_PLAYER + h]!]);
      for (let code = 0; code < 2 * SLOTS; code++) {
        const inst = w[O_TOP + code]!;
        expect(view.topAt(code)).toBe(inst < 0 ? -1 : st.ctx.cardOf[inst]);
        if (inst < 0) continue;
        expect(view.exhAt(code)).toBe(w[O_EXH + code] !== 0);
        expect(view.powerAt(code)).toBe(power(st, (code / SLOTS) | 0, code % SLOTS));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('information hiding', () => {
  it('scores and decides the same when what the seat cannot see is resampled (determinize, §12)', () => {
    const legal = new Int32Array(2048);
    const a = new Float64Array(2048), b = new Float64Array(2048);
    const rng = new SeededRng(99);
    let checked = 0, differentHidden = 0;
    for (const { game, st } of positions(16)) {
      const seat = game.currentPlayer(st);
      const n = game.legalActions(st, legal);
      const det = game.allocState();
      for (let r = 0; r < 3; r++) {
        game.determinize(st, seat, rng, det);
        if (game.hash(det) !== game.hash(st)) differentHidden++;
        for (const profile of DIPLOMATIE_PROFILES) {
          makeDiplomatieBot(5, profile).explain(game, st, legal, n, a);
          makeDiplomatieBot(5, profile).explain(game, det, legal, n, b);
          expect(Array.from(b.subarray(0, n))).toEqual(Array.from(a.subarray(0, n)));
          expect(makeDiplomatieBot(7, profile).choose(game, det, legal, n)).toBe(makeDiplomatieBot(7, profile).choose(game, st, legal, n));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(differentHidden).toBeGreaterThan(checked * 0.9); // the hidden part really moved
  });
  it('serves as a rollout policy whose choice is one of the legal actions', () => {
    const factory: RolloutFactory = makeDiplomatieRollout; // registers as bots/index.ts's rollout factories do
    expect(typeof factory).toBe('function');
    const policy = makeDiplomatieRollout<DipState>(3, 'control');
    const legal = new Int32Array(2048);
    const out = new Float64Array(2048);
    for (const { game, st } of positions(3)) {
      const n = game.legalActions(st, legal);
      policy.score!(game, st, legal, n, out);
      for (let i = 0; i < n; i++) expect(Number.isFinite(out[i])).toBe(true);
      expect(Array.from(legal.subarray(0, n))).toContain(policy.choose(game, st, legal, n));
    }
  });
});

describe('profiles', () => {
  it('ships default, aggressive, diplomat and control, each complete', () => {
    expect([...DIPLOMATIE_PROFILES].sort()).toEqual(['aggressive', 'control', 'default', 'diplomat']);
    for (const name of DIPLOMATIE_PROFILES) {
      const p = loadDipProfile(name);
      for (const k of DIP_WEIGHT_KEYS) expect(Number.isFinite(p[k])).toBe(true);
    }
    expect(() => makeDiplomatieBot(1, 'berserk')).toThrow(/unknown Diplomatie profile "berserk" \(valid: default, aggressive, diplomat, control\)/);
  });
  it('refuses a bad profile file, naming the file and the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipprof-'));
    const good = { ...loadDipProfile('default') } as Record<string, unknown>;
    const write = (name: string, data: unknown) => {
      const f = join(dir, name);
      writeFileSync(f, typeof data === 'string' ? data : JSON.stringify(data));
      return f;
    };
    expect(loadDipProfileFrom(write('ok.json', good)).pd).toBe(good.pd);
    const missing = { ...good };
    delete missing.restraint;
    expect(() => loadDipProfileFrom(write('missing.json', missing))).toThrow(DipProfileError);
    expect(() => loadDipProfileFrom(write('missing.json', missing))).toThrow(/missing\.json: weight "restraint" is missing/);
    expect(() => loadDipProfileFrom(write('extra.json', { ...good, courage: 3 }))).toThrow(/extra\.json: unknown weight "courage"/);
    expect(() => loadDipProfileFrom(write('type.json', { ...good, pv: '2' }))).toThrow(/type\.json: weight "pv" must be a finite number, got "2"/);
    expect(() => loadDipProfileFrom(write('desc.json', { ...good, description: 4 }))).toThrow(/desc\.json: "description" must be a string/);
    expect(() => loadDipProfileFrom(write('array.json', [1]))).toThrow(/array\.json: expected a JSON object of weights/);
    expect(() => loadDipProfileFrom(write('syntax.json', '{"pv": 1,}'))).toThrow(/syntax\.json: invalid JSON at line 1/);
    expect(() => loadDipProfileFrom(join(dir, 'none.json'))).toThrow(/none\.json: cannot read the profile/);
  });
});

describe('strength against uniform-random play', () => {
  // 400 games, seats swapped in pairs, the 6 decks in rotation on both sides (200 deck pairs).
  // Measured: 388 / 400 wins (97.0%), 95% Wilson interval [94.8%, 98.3%]; 356 by PD, 32 by PV, no draw.
  it('the default profile wins at least 90% of 400 seeded games (measured 97.0%, 95% Wilson lower bound 94.8%)', () => {
    const t = playSeries(400, (g) => makeDiplomatieBot(1000 + g), (g) => new RandomBot<DipState>(2000 + g));
    const [lo] = wilson(t.wins, t.games);
    console.log(`heuristic (default) vs random: ${t.wins}/${t.games} wins, Wilson 95% lower bound ${(100 * lo!).toFixed(1)}%, PD ${t.pdWins}, PV ${t.pvWins}, draws ${t.draws}`);
    expect(t.games).toBe(400);
    expect(t.wins / t.games).toBeGreaterThanOrEqual(0.9);
    expect(lo).toBeGreaterThanOrEqual(0.85);
  });
  it('each profile plays its own way: the diplomat wins by PD, the aggressive profile by PV', () => {
    const series = (profile: string) => playSeries(120, (g) => makeDiplomatieBot(3000 + g, profile), (g) => new RandomBot<DipState>(4000 + g), 7);
    const dip = series('diplomat'), agg = series('aggressive'), ctl = series('control');
    console.log(`diplomat: ${dip.wins} wins (PD ${dip.pdWins}, PV ${dip.pvWins}); aggressive: ${agg.wins} (PD ${agg.pdWins}, PV ${agg.pvWins}); control: ${ctl.wins} (PD ${ctl.pdWins}, PV ${ctl.pvWins})`);
    expect(dip.pdWins).toBeGreaterThan(agg.pdWins + 40);
    expect(agg.pvWins).toBeGreaterThan(dip.pvWins + 40);
    for (const t of [dip, agg, ctl]) expect(t.wins / t.games).toBeGreaterThanOrEqual(0.8);
  });
});
