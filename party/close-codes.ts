/** Why the room closed a socket; shared by the room and the client. */
export const CLOSE_SESSION_ENDED = 4001;
/** The account's classes changed: come back at once with a fresh ticket, and so a recomputed audience. */
export const CLOSE_RECONNECT = 4002;
