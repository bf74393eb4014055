import { type Connection, type ConnectionContext, Server } from 'partyserver';
import { type Audience, concerns } from './audience';
import type { RoomMessage } from './events';

/** Set by the Worker after it has checked the token; a client cannot supply it (the Worker overwrites it). */
export const AUDIENCE_HEADER = 'x-school-room-audience';

/**
 * The real-time room of one school, at /parties/school/<schoolId>. The Worker admits only connections with
 * a valid token of this school and tells the room who each one is; the room forwards each published event
 * only to the connections it concerns. Hibernates between events, so idle sockets cost nothing.
 */
export class SchoolRoom extends Server {
  static options = { hibernate: true };

  onConnect(connection: Connection<Audience>, ctx: ConnectionContext) {
    const raw = ctx.request.headers.get(AUDIENCE_HEADER);
    if (!raw) {
      connection.close(1008, 'Unauthorized');
      return;
    }
    connection.setState(JSON.parse(raw) as Audience);
    connection.send(JSON.stringify({ type: 'connected' }));
  }

  onMessage(connection: Connection) {
    // The room only speaks; anything a client sends is ignored apart from keep-alive pings.
    connection.send(JSON.stringify({ type: 'pong' }));
  }

  /** Called by the Worker (RPC) after a write has committed. Answers how many connections received it. */
  async deliver(event: RoomMessage): Promise<number> {
    if (event.type === 'sessions_ended' || event.type === 'session_renewed' || event.type === 'audience_changed') {
      return 0;
    }
    const message = JSON.stringify(event);
    let delivered = 0;
    for (const connection of this.getConnections<Audience>()) {
      if (connection.state && concerns(connection.state as Audience, event)) {
        connection.send(message);
        delivered += 1;
      }
    }
    return delivered;
  }

  onRequest() {
    return new Response('Not found', { status: 404 });
  }
}
