// Progress of long runs: a bar (cli-progress) on a terminal; elsewhere one line every few
// seconds at most; nothing with --quiet. Both show the elapsed time, the arm and mode being
// played, counts with thousands separators, and an ETA only once the rate has settled.
import cliProgress from 'cli-progress';

/** The shard just finished: what is being played, in words ("arm base, quick"), and its kind of game for the ETA. */
export interface ProgressAt {
  where: string;
  kind: string;
}

export interface Progress {
  /** The games the run will play, by kind (before any). */
  plan(kinds: { kind: string; games: number }[]): void;
  update(done: number, total: number, at?: ProgressAt): void;
  /** Games a resumed run took from its journal: counted as done, left out of the rate. */
  resumed(done: number): void;
  stop(): void;
}

/** How far back the rates look. */
const RECENT_MS = 120_000;
/** No ETA before this much play, nor before this share of the games left at the start... */
const SETTLE_MS = 10_000;
const SETTLE_SHARE = 0.02;
/** ...nor while a kind of game still to play has been timed for less than this. */
const KIND_SETTLE_MS = 5_000;

const int = (n: number) => Math.round(n).toLocaleString('en');

/** 42 s, 2 min 35 s, 1 h 04 min. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** One kind of game's timing: wall time spent finishing its shards, and its games. */
interface KindClock {
  left: number;
  /** (time spent, games) running sums, the last RECENT_MS of time spent. */
  samples: { t: number; g: number }[];
}

/**
 * Rate and ETA. Kinds of games (a mode and bots) are played one after the other at very
 * different speeds (quick games before standard ones, a ladder's cheap rungs before its
 * searching ones), so the ETA adds up, for each kind still to play, its games left over its
 * own recent rate; it is withheld (null) until every such kind has been timed a few seconds,
 * and until the run has played a while. Without a plan every game is of one kind.
 */
export class RateMeter {
  private started: number;
  private base = 0;
  private last: { t: number; done: number };
  private readonly recent: { t: number; done: number }[] = [];
  private kinds = new Map<string, KindClock>();
  private planned = false;

  constructor(now: number) {
    this.started = now;
    this.last = { t: now, done: 0 };
  }

  /** The games this session will play, by kind. */
  plan(kinds: { kind: string; games: number }[]): void {
    this.planned = true;
    this.kinds = new Map(kinds.map((k) => [k.kind, { left: k.games, samples: [{ t: 0, g: 0 }] }]));
  }

  resumed(done: number, now: number): void {
    // The journal's games came in at once: the rate starts from them.
    this.base = done;
    this.started = now;
    this.last = { t: now, done };
    this.recent.length = 0;
    this.recent.push({ t: now, done });
  }

  private clock(kind: string): KindClock {
    let k = this.kinds.get(kind);
    if (!k) this.kinds.set(kind, (k = { left: 0, samples: [{ t: 0, g: 0 }] }));
    return k;
  }

  /** Records a count; returns the overall recent rate (games/s), the elapsed time and the ETA in seconds (null while unsettled). */
  sample(done: number, total: number, now: number, kind = ''): { rate: number; eta: number | null; elapsed: number } {
    const recent = this.recent;
    recent.push({ t: now, done });
    while (recent.length > 2 && now - recent[1]!.t > RECENT_MS) recent.shift();
    const elapsed = (now - this.started) / 1000;
    const first = recent[0]!;
    const recentRate = now > first.t ? ((done - first.done) * 1000) / (now - first.t) : 0;
    const rate = recentRate > 0 ? recentRate : elapsed > 0 ? (done - this.base) / elapsed : 0;
    // The time since the last shard was spent on this one's kind.
    const k = this.clock(kind);
    const games = done - this.last.done;
    const top = k.samples[k.samples.length - 1]!;
    const spent = top.t + (now - this.last.t);
    k.samples.push({ t: spent, g: top.g + games });
    while (k.samples.length > 2 && spent - k.samples[1]!.t > RECENT_MS) k.samples.shift();
    k.left = this.planned ? Math.max(0, k.left - games) : total - done;
    this.last = { t: now, done };
    if (done >= total) return { rate, eta: 0, elapsed };
    if (now - this.started < SETTLE_MS || done - this.base < SETTLE_SHARE * (total - this.base)) return { rate, eta: null, elapsed };
    let eta = 0;
    for (const c of this.kinds.values()) {
      if (c.left === 0) continue;
      const a = c.samples[0]!, b = c.samples[c.samples.length - 1]!;
      if (b.t < KIND_SETTLE_MS || b.g === a.g) return { rate, eta: null, elapsed };
      eta += (c.left * (b.t - a.t)) / (b.g - a.g) / 1000;
    }
    return { rate, eta, elapsed };
  }
}

const rateText = (rate: number) => (rate >= 10 ? int(rate) : rate.toFixed(2));

export function makeProgress(label: string, quiet: boolean, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (quiet) return { plan() {}, update() {}, resumed() {}, stop() {} };
  const meter = new RateMeter(Date.now());
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} games | {where}{rate} games/s | {elapsed} | {etaText}`,
        formatValue: (v, _o, type) => (type === 'value' || type === 'total' ? int(Number(v)) : String(v)),
        stream,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let startedBar = false;
    let base = 0;
    return {
      plan(kinds) {
        meter.plan(kinds);
      },
      update(done, total, at) {
        const now = Date.now();
        const s = meter.sample(done, total, now, at?.kind);
        const payload = {
          where: at ? `${at.where} | ` : '',
          rate: rateText(s.rate),
          elapsed: `${duration(s.elapsed)} elapsed`,
          etaText: s.eta === null ? 'ETA once the rate settles' : `ETA ${duration(s.eta)}`,
        };
        if (!startedBar) {
          bar.start(total, base, payload);
          startedBar = true;
        }
        bar.update(done, payload);
      },
      resumed(done) {
        base = done;
        meter.resumed(done, Date.now());
      },
      stop() {
        if (startedBar) bar.stop();
      },
    };
  }
  let last = 0;
  return {
    plan(kinds) {
      meter.plan(kinds);
    },
    update(done, total, at) {
      const now = Date.now();
      const s = meter.sample(done, total, now, at?.kind);
      if (now - last < 5000 && done < total) return;
      last = now;
      const eta = s.eta === null ? 'no ETA yet' : `ETA ${duration(s.eta)}`;
      stream.write(`${label}: ${int(done)}/${int(total)} games (${Math.round((100 * done) / total)}%)${at ? `, ${at.where}` : ''}, ${rateText(s.rate)} games/s, ${duration(s.elapsed)} elapsed, ${eta}\n`);
    },
    resumed(done) {
      meter.resumed(done, Date.now());
    },
    stop() {},
  };
}
