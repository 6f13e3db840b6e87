// A game log a designer can follow. The engine writes to it only when a state carries one
// (replay, scenarios, tests); the hot path keeps `state.log = null` and pays nothing.

export interface LogEntry {
  turn: number;
  text: string;
}

export class GameLog {
  readonly entries: LogEntry[] = [];
  /** Until-end-of-turn bonuses by character instance: amount by the card that gave them. */
  private readonly bonuses = new Map<number, Map<string, number>>();
  turn = 0;

  line(text: string): void {
    this.entries.push({ turn: this.turn, text });
  }

  /** Notes a power bonus (or a keyword, amount 0 to skip) given to a character by a card. */
  bonus(inst: number, source: string, amount: number): void {
    let m = this.bonuses.get(inst);
    if (!m) this.bonuses.set(inst, (m = new Map()));
    m.set(source, (m.get(source) ?? 0) + amount);
  }

  /** "+3 Rugissement des ultras", one per source card. */
  bonusesOf(inst: number): string[] {
    const m = this.bonuses.get(inst);
    if (!m) return [];
    return [...m].filter(([, v]) => v !== 0).map(([k, v]) => `${v > 0 ? '+' : ''}${v} ${k}`);
  }

  /** Moves the bonus notes of a character that swaps or moves (they follow the card). */
  clearBonuses(inst: number): void {
    this.bonuses.delete(inst);
  }

  endOfTurn(): void {
    this.bonuses.clear();
  }

  text(): string {
    return this.entries.map((e) => e.text).join('\n');
  }
}
