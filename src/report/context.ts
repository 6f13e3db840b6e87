// What each section of the report page is made from: report.ts builds it once and hands it to
// every section function (one function per section; a new section is one more function in
// report.ts's SECTIONS list).
import type { GameModule } from '../core/module.ts';
import type { FlagSet } from './flags.ts';
import type { PageSection } from './html.ts';
import type { ModeMeta } from './meta.ts';
import type { Band, Results, Tables } from './summary.ts';

export interface ReportContext {
  results: Results;
  game: GameModule;
  /** The run's tables, or the experiment's base arm's. */
  main: Tables;
  mainArm: string;
  /** Modes of the main arm, sorted. */
  modes: string[];
  /** One per arm, the main arm first. */
  flagSets: FlagSet[];
  band: Band;
  q: number;
  armLabel: (arm: string) => string;
  /** The deck-choice equilibrium of each arm, per mode. */
  meta: Map<string, ModeMeta[]>;
  /** A cards.csv column the game drops (a counter its rules lack). */
  dropped: (column: string) => boolean;
}

export type SectionMaker = (ctx: ReportContext) => PageSection | null;
