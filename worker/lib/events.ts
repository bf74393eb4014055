import type { RealtimeEvent, RoomMessage } from '../../party/events';

export type { RealtimeEvent, RoomMessage };

/** Delivers an event to the school's real-time room. Never throws: a room that is away must not fail the write. */
export type Publisher = (schoolId: string, event: RoomMessage) => Promise<void>;

/** Keeps published events in memory; used by tests, and by the app until a room is bound. */
export function recordingPublisher(): Publisher & { events: { schoolId: string; event: RoomMessage }[] } {
  const events: { schoolId: string; event: RoomMessage }[] = [];
  const publish = async (schoolId: string, event: RoomMessage) => {
    events.push({ schoolId, event });
  };
  return Object.assign(publish, { events });
}

/**
 * Wraps a publisher so that it never throws nor rejects: events go out after the write has committed, and a
 * room that is away must never turn that write into an error. The failure is logged (event type only).
 */
export function neverFailing(publish: Publisher, log: (line: string) => void): Publisher {
  return async (schoolId, event) => {
    try {
      await publish(schoolId, event);
    } catch (error) {
      log(
        JSON.stringify({
          level: 'warn',
          message: 'real-time delivery failed',
          event: event.type,
          error: (error as Error)?.name,
        }),
      );
    }
  };
}
