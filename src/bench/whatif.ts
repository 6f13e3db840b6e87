// What-if benchmark (`npm run bench` runs it after the simulation's): the time to a decided
// `lab whatif` verdict on a +1 power patch (Arthur 4 → 5, the quick decks holding him against
// the shipped quick field), heuristic bots, every core, the default stopping rule
// (--until-decided: SPRT H0 no change, H1 +3 points, α = β = 0.05). Figures:
//   whatif.seconds        wall time of the command, start to verdict (goal: under 120 s)
//   whatif.decision       H0 / H1 (or cap: undecided at the cap)
//   whatif.games          games played, both arms, paired on the same seeds
//   whatif.gamesUnpaired  games an unpaired comparison would need for the same precision:
//                         the games times (var(a) + var(b)) / var(a − b) of the pair scores
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function benchWhatif() {
  const started = performance.now();
  const out = execFileSync(process.execPath, [
    join(ROOT, 'src/cli/lab.js'), 'whatif', '--card', 'Arthur', '--power', '5', '--bots', 'heuristic', '--until-decided',
    '--mode', 'quick', '--workers', String(os.availableParallelism()), '--json', '--quiet',
  ], { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  const seconds = (performance.now() - started) / 1000;
  const r = JSON.parse(out) as { decision: string; games: number; gamesUnpaired: number; effect: number; lo: number; hi: number; batches: number };
  return {
    patch: 'Arthur power 4 → 5 (quick, heuristic)',
    seconds: Math.round(seconds * 10) / 10,
    decision: r.decision,
    effect: r.effect,
    interval: [r.lo, r.hi],
    games: r.games,
    batches: r.batches,
    gamesUnpaired: r.gamesUnpaired,
  };
}
