/** Counts database round trips and their time for one request; reported in Server-Timing. */
export class DbMeter {
  roundTrips = 0;
  durationMs = 0;

  async track<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    this.roundTrips += 1;
    try {
      return await work();
    } finally {
      this.durationMs += performance.now() - started;
    }
  }
}
