/**
 * Answers kept in the isolate's memory, each under the scope it was made for (school, role and query) with the
 * school's write version it was read at. A request that finds one still asks the database for the version, in the
 * same round trip that logs the read; only when the version is unchanged is the kept answer sent, so an answer is
 * never older than the database. Oldest out first, within a bound on the characters kept.
 */
export interface KeptAnswer {
  version: number;
  /** Rows the answer shows (what its read's log line counts). */
  count: number;
  body: string;
}

export class AnswerCache {
  private readonly kept = new Map<string, KeptAnswer>();
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    /** Larger answers are not kept: one would push out many. */
    private readonly maxAnswerChars = Math.floor(maxChars / 8),
  ) {}

  get(scope: string): KeptAnswer | undefined {
    const answer = this.kept.get(scope);
    if (answer) {
      // Used again: to the back of the queue.
      this.kept.delete(scope);
      this.kept.set(scope, answer);
    }
    return answer;
  }

  set(scope: string, answer: KeptAnswer): void {
    this.delete(scope);
    if (answer.body.length > this.maxAnswerChars) return;
    while (this.chars + answer.body.length > this.maxChars && this.kept.size > 0) {
      this.delete(this.kept.keys().next().value as string);
    }
    this.kept.set(scope, answer);
    this.chars += answer.body.length;
  }

  delete(scope: string): void {
    const answer = this.kept.get(scope);
    if (!answer) return;
    this.kept.delete(scope);
    this.chars -= answer.body.length;
  }

  get size(): number {
    return this.kept.size;
  }
}
