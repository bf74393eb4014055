import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { type Role, revokedSessions, users } from '../db/schema';
import type { Deps, HonoEnv, Session } from './context';
import { AppError } from './errors';
import { readToken } from './tokens';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The session behind a token: signature, expiry, revocation, and the account still active at the same
 * token version, school and role, checked in one database round trip.
 */
export async function sessionFromToken(deps: Pick<Deps, 'db' | 'config' | 'now'>, token: string): Promise<Session> {
  const { db, config, now } = deps;
  const claims = await readToken(config.jwtSecret, token, now());
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      role: users.role,
      schoolId: users.schoolId,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      revoked: sql<number>`exists (select 1 from ${revokedSessions} where ${revokedSessions.jti} = ${claims.jti})`,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (
    !row?.isActive ||
    row.revoked ||
    row.tokenVersion !== claims.tokenVersion ||
    row.schoolId !== claims.schoolId ||
    row.role !== claims.role
  ) {
    throw new AppError(401, 'Invalid token');
  }
  return {
    userId: claims.userId,
    schoolId: claims.schoolId,
    role: row.role,
    name: row.name,
    email: row.email,
    jti: claims.jti,
    authTime: claims.authTime,
    expiresAt: claims.expiresAt,
    tokenVersion: claims.tokenVersion,
  };
}

/** Requires a valid bearer token and, when roles are given, one of them. Handlers read `c.get('session')`. */
export function requireAuth(...roles: Role[]) {
  return createMiddleware<HonoEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError(401, 'Access denied. No token provided.');
    const session = await sessionFromToken(c.get('deps'), token);
    if (roles.length > 0 && !roles.includes(session.role)) {
      throw new AppError(403, `Access denied. Required role: ${roles.join(' or ')}`);
    }
    c.set('session', session);
    await next();
  });
}
