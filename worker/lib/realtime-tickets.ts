import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { type Role, realtimeTickets, revokedSessions, users } from '../db/schema';
import type { Deps, Session } from './context';

/** A ticket admits one live connection, once, within this many seconds of being issued. */
export const TICKET_TTL_SECONDS = 30;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Only this digest of a ticket is stored, so a copy of the table admits nobody. */
async function digest(ticket: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ticket));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh single-use ticket bound to the caller's session token; expired tickets are pruned in the same batch. */
export async function issueTicket(deps: Pick<Deps, 'db' | 'now'>, session: Session) {
  const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const now = deps.now();
  const { db } = deps;
  await db.batch([
    db.delete(realtimeTickets).where(lte(realtimeTickets.expiresAt, now.toISOString())),
    db.insert(realtimeTickets).values({
      ticketHash: await digest(ticket),
      schoolId: session.schoolId,
      userId: session.userId,
      jti: session.jti,
      tokenVersion: session.tokenVersion,
      sessionExpiresAt: session.expiresAt,
      expiresAt: new Date(now.getTime() + TICKET_TTL_SECONDS * 1000).toISOString(),
    }),
  ]);
  return { ticket, expiresIn: TICKET_TTL_SECONDS };
}

/** Whom a ticket admitted: enough to compute the audience and to close the socket when the session ends. */
export interface Admitted {
  userId: string;
  schoolId: string;
  role: Role;
  jti: string;
  sessionExpiresAt: number;
}

/**
 * Consumes a ticket for the given school: one statement deletes it and answers whether the session it was
 * issued under still holds (account active at the same token version, token not revoked nor expired, no
 * temporary password). So of two connects with one ticket only one can pass. Null when it does not admit.
 */
export async function consumeTicket(
  db: Database,
  ticket: string,
  schoolId: string,
  now: Date,
): Promise<Admitted | null> {
  if (!ticket || ticket.length > 100) return null;
  const t = realtimeTickets;
  // Table-qualified: unqualified inside the subqueries, school_id and token_version would name users' own columns.
  const own = (column: string) => sql.raw(`"realtime_tickets"."${column}"`);
  const account = sql`from ${users} where ${users.id} = ${own('user_id')} and ${users.schoolId} = ${own('school_id')}`;
  const [row] = await db
    .delete(t)
    .where(eq(t.ticketHash, await digest(ticket)))
    .returning({
      schoolId: t.schoolId,
      userId: t.userId,
      jti: t.jti,
      sessionExpiresAt: t.sessionExpiresAt,
      expiresAt: t.expiresAt,
      role: sql<Role | null>`(select ${users.role} ${account} and ${users.isActive} = 1 and ${users.tokenVersion} = ${own('token_version')} and ${users.passwordChangeRequired} = 0)`,
      revoked: sql<number>`exists (select 1 from ${revokedSessions} where ${revokedSessions.jti} = ${own('jti')})`,
    });
  if (!row || row.schoolId !== schoolId || !row.role || row.revoked) return null;
  if (row.expiresAt <= now.toISOString() || row.sessionExpiresAt * 1000 <= now.getTime()) return null;
  return {
    userId: row.userId,
    schoolId: row.schoolId,
    role: row.role,
    jti: row.jti,
    sessionExpiresAt: row.sessionExpiresAt,
  };
}
