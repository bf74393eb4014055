import { type Connection, type ConnectionContext, Server } from 'partyserver';
import { type Audience, concerns } from './audience';
import { CLOSE_RECONNECT, CLOSE_SESSION_ENDED } from './close-codes';
import type { RealtimeEvent, RoomMessage, SessionNotice } from './events';

/** Set by the Worker after it has consumed the ticket; a client cannot supply it (the Worker overwrites it). */
export const MEMBER_HEADER = 'x-school-room-member';

/** Who a socket belongs to, under which session token, until when (seconds), and when the Worker admitted it (ms). */
export interface Member extends Audience {
  jti: string;
  sessionExpiresAt: number;
  admittedAt: number;
}

/** How long notices are kept for sockets admitted before them but connected after (the Worker-to-room hop). */
const NOTICE_MEMORY_MS = 10_000;

const isNotice = (message: RoomMessage): message is SessionNotice =>
  message.type === 'sessions_ended' || message.type === 'session_renewed' || message.type === 'audience_changed';

/** What the sockets receive of an event: an inbox event without the accounts it concerns. */
function forClients(event: RealtimeEvent): RealtimeEvent {
  if (event.type === 'homework_updated') {
    const { userIds: _whom, ...data } = event.data;
    return { type: event.type, data };
  }
  if (event.type !== 'inbox_updated') return event;
  const { userIds: _whom, ...data } = event.data;
  return { type: event.type, data };
}

/**
 * The real-time room of one school, at /parties/school/<schoolId>. The Worker admits only sockets with a ticket
 * of this school and tells the room whose each one is; the room forwards each event only to the sockets it
 * concerns, and closes a socket when its session ends or expires. Hibernates between events.
 */
export class SchoolRoom extends Server {
  static options = { hibernate: true };
  /** Recent session notices; lost on hibernation, which comes only after seconds of quiet. */
  #recent: { at: number; notice: SessionNotice }[] = [];

  async onConnect(connection: Connection<Member>, ctx: ConnectionContext) {
    const raw = ctx.request.headers.get(MEMBER_HEADER);
    if (!raw) {
      connection.close(1008, 'Unauthorized');
      return;
    }
    const member = JSON.parse(raw) as Member;
    connection.setState(member);
    for (const { at, notice } of this.#recent) {
      if (at >= member.admittedAt && this.#apply(notice, [connection])) return;
    }
    if (this.#expire(connection)) return;
    connection.send(JSON.stringify({ type: 'connected' }));
    await this.#scheduleExpiry(member.sessionExpiresAt);
  }

  onMessage(connection: Connection<Member>) {
    // The room only speaks; anything a client sends is ignored apart from keep-alive pings.
    if (!this.#expire(connection)) connection.send(JSON.stringify({ type: 'pong' }));
  }

  /** Called by the Worker (RPC) after a write has committed. Answers how many connections received it. */
  async deliver(message: RoomMessage): Promise<number> {
    if (isNotice(message)) {
      const now = Date.now();
      this.#recent = this.#recent.filter((r) => now - r.at < NOTICE_MEMORY_MS);
      this.#recent.push({ at: now, notice: message });
      this.#apply(message, this.#members());
      if (message.type === 'session_renewed') await this.#scheduleExpiry(message.data.expiresAt);
      return 0;
    }
    return this.#send(message);
  }

  /** Closes the sockets whose session token has expired, then waits for the next expiry. */
  async onAlarm() {
    let next: number | null = null;
    for (const connection of this.#members()) {
      if (this.#expire(connection)) continue;
      const at = connection.state?.sessionExpiresAt;
      if (at && (next === null || at < next)) next = at;
    }
    if (next !== null) await this.ctx.storage.setAlarm(next * 1000);
  }

  onRequest() {
    return new Response('Not found', { status: 404 });
  }

  #members(): Connection<Member>[] {
    return [...this.getConnections<Member>()];
  }

  #send(event: RealtimeEvent): number {
    const message = JSON.stringify(forClients(event));
    let delivered = 0;
    for (const connection of this.#members()) {
      if (this.#expire(connection) || !connection.state) continue;
      if (concerns(connection.state, event)) {
        connection.send(message);
        delivered += 1;
      }
    }
    return delivered;
  }

  /** Acts on a notice for these sockets; answers whether it closed any. */
  #apply(notice: SessionNotice, connections: Connection<Member>[]): boolean {
    let closed = false;
    for (const connection of connections) {
      const member = connection.state;
      if (!member) continue;
      if (notice.type === 'sessions_ended') {
        const { all, userIds, jtis, exceptJtis } = notice.data;
        if (exceptJtis?.includes(member.jti)) continue;
        if (all || userIds?.includes(member.userId) || jtis?.includes(member.jti)) {
          connection.close(CLOSE_SESSION_ENDED, 'Session ended');
          closed = true;
        }
      } else if (notice.type === 'audience_changed') {
        if (notice.data.userIds.includes(member.userId)) {
          connection.close(CLOSE_RECONNECT, 'Reconnect');
          closed = true;
        }
      } else if (member.jti === notice.data.fromJti && member.userId === notice.data.userId) {
        connection.setState({ ...(member as Member), jti: notice.data.toJti, sessionExpiresAt: notice.data.expiresAt });
      }
    }
    return closed;
  }

  /** Closes the socket if its session token has expired; answers whether it did. */
  #expire(connection: Connection<Member>): boolean {
    const member = connection.state;
    if (member && member.sessionExpiresAt * 1000 > Date.now()) return false;
    connection.close(CLOSE_SESSION_ENDED, 'Session ended');
    return true;
  }

  /** Keeps an alarm at the earliest session expiry (seconds) of the room's sockets. */
  async #scheduleExpiry(expiresAt: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > expiresAt * 1000) await this.ctx.storage.setAlarm(expiresAt * 1000);
  }
}
