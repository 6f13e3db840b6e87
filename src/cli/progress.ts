// Progress of long runs: a bar (cli-progress) on a terminal; elsewhere one line every few
// seconds at most; nothing with --quiet.
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  /** Games a resumed run took from its journal: counted as done, left out of the rate. */
  resumed(done: number): void;
  stop(): void;
}

export function makeProgress(label: string, quiet: boolean): Progress {
  if (quiet) return { update() {}, resumed() {}, stop() {} };
  const started = Date.now();
  let base = 0;
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} games | {rate} games/s | ETA {eta_formatted}`,
        stream: process.stderr,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    let startedBar = false;
    return {
      update(done, total) {
        if (!startedBar) {
          bar.start(total, base, { rate: '0' });
          startedBar = true;
        }
        const s = (Date.now() - started) / 1000;
        bar.update(done, { rate: s > 0 ? Math.round((done - base) / s).toLocaleString('en') : '0' });
      },
      resumed(done) {
        base = done;
      },
      stop() {
        if (startedBar) bar.stop();
      },
    };
  }
  let last = 0;
  // The ETA follows the recent rate: an experiment's cheap arms finish in seconds and its
  // search arms take minutes, so the rate since the start would promise far too soon an end.
  const recent: { t: number; done: number }[] = [];
  return {
    update(done, total) {
      const now = Date.now();
      recent.push({ t: now, done });
      while (recent.length > 2 && now - recent[1]!.t > RECENT_MS) recent.shift();
      if (now - last < 5000 && done < total) return;
      last = now;
      const s = (now - started) / 1000;
      const first = recent[0]!;
      const recentRate = now > first.t ? ((done - first.done) * 1000) / (now - first.t) : 0;
      const rate = recentRate > 0 ? recentRate : s > 0 ? (done - base) / s : 0;
      const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
      const shown = rate >= 10 ? Math.round(rate).toString() : rate.toFixed(2);
      process.stderr.write(`${label}: ${done}/${total} games (${Math.round((100 * done) / total)}%), ${shown} games/s, ${Math.round(s)} s so far, ETA ${eta} s\n`);
    },
    resumed(done) {
      // The journal's games came in at once: the rate starts from them.
      base = done;
      recent.length = 0;
      recent.push({ t: Date.now(), done });
    },
    stop() {},
  };
}

/** How far back the rate behind the ETA looks. */
const RECENT_MS = 120_000;
