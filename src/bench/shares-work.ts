// The variants of bench:shares (shares.ts): bench:instructions' workloads (instructions-work.ts)
// bundled from this tree, then changed in the bundle's text so that one part of the work is done
// twice or not at all. A variant's edits name the heads they patch and how many times the bundle
// holds each, so that a change of the sources stops the bench rather than measuring the wrong code.
import { PH_MAIN, PH_WINDOW, Z_PHASE } from '../games/blue-rising/layout.ts';

export interface Variant {
  name: string;
  /** What its time says (shares.ts prints it). */
  share: string;
  /** Whether the part measured is the time the variant adds (done twice) or saves (left out). */
  adds: boolean;
  edits: { head: RegExp; count: number; patch: (match: string) => string }[];
}

// A method that returns at once: `return;` after its head (the bundle keeps the sources' names).
const off = (head: RegExp, count: number) => ({ head, count, patch: (m: string) => `${m}\n    return;` });

// The listing the engine's advance uses (one in the bundle: the other games' advance lists otherwise).
const LISTING = /\b(?:let|const) n = legal\(st, st\.legal\);/g;
/** The listing done twice in one phase only (this tree's layout: an older tree may keep the phase elsewhere). */
const relistIn = (name: string, phase: number, share: string): Variant => ({
  name,
  share,
  adds: true,
  edits: [{ head: LISTING, count: 1, patch: (m) => `st.z[${Z_PHASE}] === ${phase} && legal(st, st.legal); ${m}` }],
});

export const VARIANTS: Record<'relist' | 'relist-main' | 'relist-window' | 'no-cards', Variant> = {
  // The engine lists every decision's legal actions once more before the listing it uses (the
  // same list, so the same games). The first listing also rescans the slots, which the second
  // finds done: what it adds is a lower bound of what listing costs.
  relist: {
    name: 'relist',
    share: 'listing',
    adds: true,
    edits: [{ head: LISTING, count: 1, patch: (m) => `legal(st, st.legal); ${m}` }],
  },
  // The same in the main phase only, and in the attacks' windows only (this tree only).
  'relist-main': relistIn('relist-main', PH_MAIN, 'listing, main phase'),
  'relist-window': relistIn('relist-window', PH_WINDOW, 'listing, windows'),
  // The card counters and card-effect counts off: the game's readCardStats, the accumulator's
  // addSeat, the effect counts' add and both closeCluster return at once. The wins, draws and
  // mode counters the shard's digest reads are still counted.
  'no-cards': {
    name: 'no-cards',
    share: 'card counters',
    adds: false,
    edits: [
      off(/^\s*readCardStats\(state, out\) \{$/gm, 4), // one per game the lab hosts; Blue Rising's runs
      off(/^\s*addSeat\(st, seat, won, drawn, turns, present\) \{$/gm, 1),
      off(/^\s*add\(r\) \{$/gm, 1),
      off(/^\s*closeCluster\(\) \{$/gm, 2),
    ],
  },
};

/** The workloads measured, their units a run, and their variants. */
export const PLAN: { workload: string; n: number; variants: (keyof typeof VARIANTS)[] }[] = [
  { workload: 'random-quick', n: 30000, variants: ['relist', 'relist-main', 'relist-window'] },
  { workload: 'shard-quick', n: 12000, variants: ['relist', 'no-cards'] },
];

// The entry's last line, made to print the CPU time of its work (user + system around it).
const LAST = /console\.log\(["']digest ["'] \+ work\(Number\(process\.argv\[2\]\)\)\);/;
const TIMED = "const t0 = process.cpuUsage(); const d = work(Number(process.argv[2])); const t1 = process.cpuUsage(t0); console.log('digest ' + d); console.log('cpu ' + (t1.user + t1.system) / 1e6);";

/** A bundle's text made to print its work's CPU time, with `v`'s edits if given; throws naming what it did not find. */
export function timedSource(source: string, v?: Variant): string {
  if (!LAST.test(source)) throw new Error("the entry's last line is not the one bench:instructions writes: update src/bench/shares-work.ts");
  let out = source;
  for (const e of v?.edits ?? []) {
    const found = out.match(e.head)?.length ?? 0;
    if (found !== e.count) throw new Error(`${v!.name}: the bundle holds ${e.head} ${found} times, not ${e.count}: the sources changed, update src/bench/shares-work.ts`);
    out = out.replace(e.head, e.patch);
  }
  return out.replace(LAST, TIMED);
}
