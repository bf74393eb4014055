/**
 * Answers kept in the isolate's memory, each under the scope it was made for (school, role and query) with the
 * school's write version it was read at. A request that finds one still asks the database for the version, in the
 * same round trip that logs the read; only when the version is unchanged is the kept answer sent, so an answer is
 * never older than the database. Least recently used out first, within a bound on the bytes kept.
 */
export interface KeptAnswer {
  version: number;
  /** Rows the answer shows (what its read's log line counts). */
  count: number;
  /** The answer as sent, encoded once. */
  body: Uint8Array<ArrayBuffer>;
}

export class AnswerCache {
  private readonly kept = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** Larger answers are not kept: one would push out many. */
    private readonly maxAnswerBytes = Math.floor(maxBytes / 8),
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
    if (answer.body.byteLength > this.maxAnswerBytes) return;
    while (this.bytes + answer.body.byteLength > this.maxBytes && this.kept.size > 0) {
      this.delete(this.kept.keys().next().value as string);
    }
    this.kept.set(scope, answer);
    this.bytes += answer.body.byteLength;
  }

  delete(scope: string): void {
    const answer = this.kept.get(scope);
    if (!answer) return;
    this.kept.delete(scope);
    this.bytes -= answer.body.byteLength;
  }

  get size(): number {
    return this.kept.size;
  }
}
