// Progress of long runs off a terminal (src/cli/progress.ts): one line every few seconds, with
// an ETA from the recent rate, so an experiment whose last arms search is not promised an end
// from the speed of its first, cheap arms.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProgress } from '../../src/cli/progress.ts';

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
    expect(lines).toEqual([
      'run: 100/1200 games (8%), 100 games/s, 1 s so far, ETA 11 s\n',
      'run: 600/1200 games (50%), 100 games/s, 6 s so far, ETA 6 s\n',
      'run: 1100/1200 games (92%), 100 games/s, 11 s so far, ETA 1 s\n',
      'run: 1200/1200 games (100%), 100 games/s, 12 s so far, ETA 0 s\n',
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
    expect(last).toBe('ladder: 2150/3000 games (72%), 0.50 games/s, 310 s so far, ETA 1700 s\n');
  });

  it('leaves the games a resumed run took from its journal out of the rate', () => {
    const p = makeProgress('run', false);
    p.resumed(5000);
    for (let s = 1; s <= 10; s++) {
      vi.advanceTimersByTime(1000);
      p.update(5000 + s * 50, 6000);
    }
    // 50 games a second since the resume (not 550, which counting the journal's would say).
    expect(lines[0]).toBe('run: 5050/6000 games (84%), 50 games/s, 1 s so far, ETA 19 s\n');
    expect(lines[1]).toBe('run: 5300/6000 games (88%), 50 games/s, 6 s so far, ETA 14 s\n');
  });

  it('prints nothing when quiet', () => {
    const p = makeProgress('run', true);
    p.update(1, 2);
    p.update(2, 2);
    p.stop();
    expect(lines).toEqual([]);
  });
});
