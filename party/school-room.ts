import { type Connection, Server } from 'partyserver';

/**
 * The real-time room of one school, at /parties/school/<schoolId>. Until live delivery lands, the room
 * refuses every connection, so nothing reaches a socket that has not been checked.
 */
export class SchoolRoom extends Server {
  onConnect(connection: Connection) {
    connection.close(1008, 'Live updates are not available yet');
  }
}
