import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { type Role, revokedSessions, users } from '../db/schema';
import type { HonoEnv } from './context';
import { AppError } from './errors';
import { readToken } from './tokens';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Checks the bearer token (signature, expiry, revocation, the account still active at the same token version)
 * in one database round trip, then the role. Handlers read the caller from `c.get('session')`.
 */
export function requireAuth(...roles: Role[]) {
  return createMiddleware<HonoEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError(401, 'Access denied. No token provided.');
    const { db, config, now } = c.get('deps');
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
    if (roles.length > 0 && !roles.includes(row.role)) {
      throw new AppError(403, `Access denied. Required role: ${roles.join(' or ')}`);
    }
    c.set('session', {
      userId: claims.userId,
      schoolId: claims.schoolId,
      role: row.role,
      name: row.name,
      email: row.email,
      jti: claims.jti,
      authTime: claims.authTime,
      expiresAt: claims.expiresAt,
      tokenVersion: claims.tokenVersion,
    });
    await next();
  });
}
