/** Round trips and their time, of every database or of the directory's alone. */
export interface TripCount {
  roundTrips: number;
  durationMs: number;
}

/** Counts database round trips and their time for one request; reported in Server-Timing. */
export class DbMeter implements TripCount {
  roundTrips = 0;
  durationMs = 0;
  /** The part of them that went to the directory, when it is a database of its own. */
  readonly directory: TripCount = { roundTrips: 0, durationMs: 0 };

  async track<T>(work: () => Promise<T>, part?: TripCount): Promise<T> {
    const started = performance.now();
    this.roundTrips += 1;
    if (part) part.roundTrips += 1;
    try {
      return await work();
    } finally {
      const spent = performance.now() - started;
      this.durationMs += spent;
      if (part) part.durationMs += spent;
    }
  }

  /** This meter, counting each round trip also as the directory's. */
  forDirectory(): DbMeter {
    const meter = Object.create(this) as DbMeter;
    meter.track = (work) => this.track(work, this.directory);
    return meter;
  }
}
