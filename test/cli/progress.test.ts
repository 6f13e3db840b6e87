// Progress of long runs (src/cli/progress.ts): off a terminal one line every few seconds, on a
// terminal a bar; both with the elapsed time, the arm and mode, thousands separators, and an
// ETA from the recent rate shown only once it has settled, so an experiment whose last arms
// search is not promised an end from the speed of its first, cheap arms.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duration, makeProgress } from '../../src/cli/progress.ts';

describe('makeProgress off a terminal', () => {
  let lines: string[] = [];
  let wasTty: boolean | undefined;
  beforeEach(() => {
    lines = [];
    wasTty = process.stderr.isTTY;
    Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
      lines.push(String(s));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    Object.defineProperty(process.stderr, 'isTTY', { value: wasTty, configurable: true });
  });

  it('prints at most a line every 5 s, and the last one always', () => {
    const p = makeProgress('run', false);
    for (let s = 1; s <= 12; s++) {
      vi.advanceTimersByTime(1000);
      p.update(s * 100, 1200);
    }
    // No ETA in the first 10 s; then the steady rate gives one.
    expect(lines).toEqual([
      'run: 100/1,200 games (8%), 100 games/s, 1 s elapsed, no ETA yet\n',
      'run: 600/1,200 games (50%), 100 games/s, 6 s elapsed, no ETA yet\n',
      'run: 1,100/1,200 games (92%), 100 games/s, 11 s elapsed, ETA 1 s\n',
      'run: 1,200/1,200 games (100%), 100 games/s, 12 s elapsed, ETA 0 s\n',
    ]);
  });

  it('takes the ETA from the last two minutes, not from the start', () => {
    const p = makeProgress('ladder', false);
    // 2,000 cheap games in 10 s, then search games at 0.5 a second for 5 minutes.
    vi.advanceTimersByTime(10_000);
    p.update(2000, 3000);
    for (let s = 10; s <= 300; s += 10) {
      vi.advanceTimersByTime(10_000);
      p.update(2000 + s / 2, 3000);
    }
    const last = lines[lines.length - 1]!;
    // 850 games left at 0.5 a second: 1,700 s (the rate since the start, 7.4/s, would say 115 s).
    expect(last).toBe('ladder: 2,150/3,000 games (72%), 0.50 games/s, 5 min 10 s elapsed, ETA 28 min 20 s\n');
  });

  it('leaves the games a resumed run took from its journal out of the rate', () => {
    const p = makeProgress('run', false);
    p.resumed(5000);
    for (let s = 1; s <= 10; s++) {
      vi.advanceTimersByTime(1000);
      p.update(5000 + s * 50, 6000);
    }
    // 50 games a second since the resume (not 550, which counting the journal's would say).
    expect(lines[0]).toBe('run: 5,050/6,000 games (84%), 50 games/s, 1 s elapsed, no ETA yet\n');
    expect(lines[1]).toBe('run: 5,300/6,000 games (88%), 50 games/s, 6 s elapsed, no ETA yet\n');
  });

  it('names the arm and mode being played, with thousands separators', () => {
    const p = makeProgress('experiment default', false);
    vi.advanceTimersByTime(2000);
    p.update(12_500, 112_000, { where: 'arm base, standard', kind: 'standard' });
    expect(lines).toEqual(['experiment default: 12,500/112,000 games (11%), arm base, standard, 6,250 games/s, 2 s elapsed, no ETA yet\n']);
  });

  it('gives no ETA until every kind of game left has been timed, then adds them up', () => {
    const p = makeProgress('run', false);
    // 20,000 quick games at 1,000/s, then 80,000 standard games at 250/s: 340 s in all.
    p.plan([{ kind: 'quick', games: 20_000 }, { kind: 'standard', games: 80_000 }]);
    let done = 0;
    for (let s = 1; s <= 120; s++) {
      vi.advanceTimersByTime(1000);
      const quick = s <= 20;
      done += quick ? 1000 : 250;
      p.update(done, 100_000, { where: quick ? 'quick' : 'standard', kind: quick ? 'quick' : 'standard' });
    }
    const eta = (l: string) => /(no ETA yet|ETA [^\n]+)\n$/.exec(l)![1];
    // A line every 5 s (1, 6, 11, …): none while only quick games were timed (the quick rate
    // alone would promise the end at 100 s), nor in the standard games' first 5 s.
    expect(lines.slice(0, 5).map(eta)).toEqual(Array(5).fill('no ETA yet'));
    expect(lines[5]).toBe('run: 21,500/100,000 games (22%), standard, 820 games/s, 26 s elapsed, ETA 5 min 14 s\n');
    // 78,500 left at 250/s: 314 s, then the end it predicts holds (26 + 314 = 116 + 224 = 340 s).
    expect(lines[lines.length - 1]).toBe('run: 44,000/100,000 games (44%), standard, 374 games/s, 1 min 56 s elapsed, ETA 3 min 44 s\n');
  });

  it('gives no ETA at 0%, nor in the first 10 s', () => {
    const p = makeProgress('run', false);
    p.update(0, 1000);
    vi.advanceTimersByTime(9000);
    p.update(900, 1000);
    expect(lines).toEqual(['run: 0/1,000 games (0%), 0.00 games/s, 0 s elapsed, no ETA yet\n', 'run: 900/1,000 games (90%), 100 games/s, 9 s elapsed, no ETA yet\n']);
  });

  it('writes durations in seconds, minutes, hours', () => {
    expect([duration(0), duration(59.4), duration(155), duration(3600 + 4 * 60 + 59)]).toEqual(['0 s', '59 s', '2 min 35 s', '1 h 04 min']);
  });

  it('prints nothing when quiet', () => {
    const p = makeProgress('run', true);
    p.update(1, 2);
    p.update(2, 2);
    p.stop();
    expect(lines).toEqual([]);
  });
});

describe('makeProgress on a terminal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the bar with separators, the arm and mode, the elapsed time, and no ETA until it has settled', () => {
    const out: string[] = [];
    const tty = { isTTY: true, columns: 220, write: (s: string) => (out.push(String(s)), true), on() {}, once() {}, removeListener() {} } as unknown as NodeJS.WriteStream;
    const p = makeProgress('experiment default', false, tty);
    p.plan([{ kind: 'quick', games: 112_000 }]);
    const text = () => out.join('').replace(/\x1b(\[[0-9;?]*[A-Za-z]|[78])/g, '');
    p.update(0, 112_000, { where: 'arm base, quick', kind: 'quick' });
    expect(text()).toContain('0/112,000 games | arm base, quick | 0.00 games/s | 0 s elapsed | ETA once the rate settles');
    expect(text()).not.toMatch(/ETA 0/);
    for (let s = 1; s <= 12; s++) {
      vi.advanceTimersByTime(1000);
      p.update(s * 2000, 112_000, { where: 'arm base, quick', kind: 'quick' });
    }
    p.stop();
    // 88,000 left at 2,000 a second.
    expect(text()).toContain('24,000/112,000 games | arm base, quick | 2,000 games/s | 12 s elapsed | ETA 44 s');
  });
});
