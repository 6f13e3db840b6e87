// `lab fix` benchmark (`npm run bench -- --only=fix`): the wall time of `lab fix` on a card
// planted with power +3 (Arthur 4 → 7 in a designer's catalogue written to a temporary folder;
// the command is told only the card and the catalogue), the shipped quick field, heuristic
// bots, every core, the command's defaults (200 games a pairing for each value tried, the
// `even` band). Figures:
//   fix.seconds    wall time of the command, start to proposal (goal: under 300 s)
//   fix.proposal   the power it proposes (within one of 4 is the answer), and the outcome
//   fix.games      games played over all values tried, and the rounds they took
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function benchFix() {
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-fix-'));
  try {
    const cards = JSON.parse(readFileSync(join(ROOT, 'src/games/blue-rising/catalogue/cards.json'), 'utf8')) as { name: string; power?: number }[];
    const arthur = cards.find((c) => c.name === 'Arthur')!;
    const shipped = arthur.power!;
    arthur.power = shipped + 3;
    const file = join(dir, 'planted.json');
    writeFileSync(file, JSON.stringify(cards, null, 2));
    const started = performance.now();
    const out = execFileSync(process.execPath, [
      join(ROOT, 'src/cli/lab.js'), 'fix', '--card', 'Arthur', '--catalogue', file, '--bots', 'heuristic',
      '--mode', 'quick', '--workers', String(os.availableParallelism()), '--json', '--quiet',
    ], { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
    const seconds = (performance.now() - started) / 1000;
    const r = JSON.parse(out) as { proposal: number; outcome: string; games: number; rounds: number; points: { value: number; wr: number; wrLo: number; wrHi: number; effect: number; lo: number; hi: number }[] };
    const p = r.points.find((x) => x.value === r.proposal)!;
    return {
      planted: `Arthur power ${shipped} → ${shipped + 3} (quick, heuristic)`,
      seconds: Math.round(seconds * 10) / 10,
      proposal: r.proposal,
      outcome: r.outcome,
      holdersWr: [p.wr, p.wrLo, p.wrHi],
      effect: [p.effect, p.lo, p.hi],
      games: r.games,
      rounds: r.rounds,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
