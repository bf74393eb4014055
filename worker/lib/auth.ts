import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type Language, type Role, revokedSessions, schoolFences, schools, users } from '../db/schema';
import { outer } from '../db/sql';
import type { Deps, HonoEnv, Session, SessionCheck } from './context';
import { AppError } from './errors';
import { schoolMoving } from './school-moving';
import { readToken, type SessionClaims } from './tokens';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The account behind a token's claims, as one statement (a handler may run it inside its own batch). */
function sessionRow(db: Deps['db'], claims: SessionClaims) {
  return db
    .select({
      name: users.name,
      email: users.email,
      role: users.role,
      schoolId: users.schoolId,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      revoked: sql<number>`exists (select 1 from ${revokedSessions} where ${revokedSessions.jti} = ${claims.jti})`,
      passwordChangeRequired: users.passwordChangeRequired,
      // The person's language, else the school's: refusals speak it when a call names none.
      language: sql<Language | null>`coalesce(${users.language}, (select ${schools.language} from ${schools} where ${schools.id} = ${users.schoolId}))`,
      // A school this shard fences: being moved (its writes wait), or moved away (the route is stale). The account's
      // column is named with its table: unqualified, `school_id` would be the fence's own, and any fence would match.
      fence: sql<
        'moving' | 'moved' | 'purging' | null
      >`(select ${schoolFences.state} from ${schoolFences} where ${schoolFences.schoolId} = ${outer(users.schoolId)})`,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
}
type SessionRow = Awaited<ReturnType<typeof sessionRow>>[number];

/** The session when the account is still active at the same token version, school and role; otherwise 401. */
function sessionOf(claims: SessionClaims, row: SessionRow | undefined): Session {
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
    mustChangePassword: row.passwordChangeRequired,
    language: row.language ?? undefined,
  };
}

/**
 * The session behind a token: signature, expiry, revocation, and the account still active at the same
 * token version, school and role, checked in one database round trip; it also tells whether the account must
 * still replace a password the school gave it.
 */
export async function sessionFromToken(deps: Pick<Deps, 'db' | 'config' | 'now'>, token: string): Promise<Session> {
  const claims = await readToken(deps.config.jwtSecret, token, deps.now());
  const [row] = await sessionRow(deps.db, claims);
  return sessionOf(claims, row);
}

/**
 * Points the request's `db` at the shard of the school a checked token names (the directory's own database
 * when there is one); a school the directory does not know answers 401 like a revoked token.
 */
export async function toSchoolDatabase(c: Context<HonoEnv>, schoolId: string): Promise<Deps> {
  const deps = c.get('deps');
  const db = await deps.directory.schoolDatabase(schoolId);
  if (!db) throw new AppError(401, 'Invalid token');
  if (db === deps.db) return deps;
  const moved = { ...deps, db };
  c.set('deps', moved);
  return moved;
}

/**
 * Sessions checked in the last `sessionReuseMs`, by token (the database round trip of the check is most of a
 * small read's cost). Only reads reuse them; every write checks afresh and then forgets them all, so in this
 * isolate a sign-out, a new password or a deactivation takes effect at once, in other isolates within that time.
 */
const recentSessions = new Map<string, { session: Session; until: number }>();
const RECENT_SESSIONS_LIMIT = 10_000;

function recentSession(deps: Deps, token: string): Session | null {
  const now = deps.now().getTime();
  const recent = recentSessions.get(token);
  return recent && now < recent.until && now < recent.session.expiresAt * 1000 ? recent.session : null;
}

async function checkedSession(
  c: Context<HonoEnv>,
  deps: Deps,
  claims: SessionClaims,
  token: string,
  reuseMs: number,
  reads: boolean,
): Promise<Session> {
  let [row] = await sessionRow(deps.db, claims);
  if (row?.fence === 'moved' || row?.fence === 'purging') {
    // This isolate remembered the shard the school left: it asks the directory again and checks there.
    deps.directory.forget(claims.schoolId);
    deps = await toSchoolDatabase(c, claims.schoolId);
    [row] = await sessionRow(deps.db, claims);
  }
  const session = sessionOf(claims, row);
  // Writes of a school being moved are refused before they start; the shard's fence triggers refuse any that slip by.
  if (!reads && row?.fence) throw schoolMoving();
  if (reuseMs > 0) {
    if (recentSessions.size >= RECENT_SESSIONS_LIMIT) recentSessions.clear();
    recentSessions.set(token, { session, until: deps.now().getTime() + reuseMs });
  }
  return session;
}

/** The answer to any call but the account's own while its password is still a temporary one. */
export const NEW_PASSWORD_FIRST = 'Choose a new password to continue. The password you signed in with is temporary.';

/** The roles each auth middleware admits (empty: any signed-in person), so the API document can say who may call. */
export const guards = new WeakMap<MiddlewareHandler, { roles: Role[] }>();

function authenticate(roles: Role[], allowTemporaryPassword: boolean) {
  const middleware = createMiddleware<HonoEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError(401, 'Access denied. No token provided.');
    const { config } = c.get('deps');
    const reuseMs = config.sessionReuseMs ?? 0;
    const reads = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!reads) recentSessions.clear();
    const recent = reads && reuseMs > 0 ? recentSession(c.get('deps'), token) : null;
    const claims = recent ? null : await readToken(config.jwtSecret, token, c.get('deps').now());
    const deps = await toSchoolDatabase(c, recent?.schoolId ?? (claims as SessionClaims).schoolId);
    const session =
      recent ?? (await checkedSession(c, deps, claims as SessionClaims, token, reads ? reuseMs : 0, reads));
    if (session.mustChangePassword && !allowTemporaryPassword)
      throw new AppError(403, NEW_PASSWORD_FIRST, { code: 'PASSWORD_CHANGE_REQUIRED' });
    if (roles.length > 0 && !roles.includes(session.role)) {
      throw new AppError(403, `Access denied. Required role: ${roles.join(' or ')}`, { code: 'WRONG_ROLE' });
    }
    c.set('session', session);
    try {
      await next();
    } finally {
      if (!reads) recentSessions.clear();
    }
  });
  guards.set(middleware, { roles });
  return middleware;
}

/**
 * Requires a valid bearer token and, when roles are given, one of them. Handlers read `c.get('session')`.
 * A person still holding a temporary password is refused until they choose their own (`requireAccount`).
 */
export function requireAuth(...roles: Role[]) {
  return authenticate(roles, false);
}

/** Any signed-in person, even one who has still to replace a temporary password: for their own account's calls. */
export function requireAccount() {
  return authenticate([], true);
}

/**
 * For a write whose first batch only reads: the token's signature, expiry and role are checked here, and the
 * account's check (`c.get('sessionCheck')`) rides in that batch, settled before anything is written or answered
 * (a round trip saved). A check the handler did not settle is made after it, and its refusal replaces the answer.
 */
export function requireAuthInBatch(...roles: Role[]) {
  const full = authenticate(roles, false);
  const middleware = createMiddleware<HonoEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError(401, 'Access denied. No token provided.');
    const claims = await readToken(c.get('deps').config.jwtSecret, token, c.get('deps').now());
    // A role not admitted answers as before: the account's check first (401), then 403.
    if (!roles.includes(claims.role)) return full(c, next);
    const deps = await toSchoolDatabase(c, claims.schoolId);
    recentSessions.clear();
    const session = sessionOf(claims, claimedRow(claims));
    const check: SessionCheck = {
      statement: sessionRow(deps.db, claims),
      settled: false,
      settle(rows) {
        const [row] = rows as SessionRow[];
        if (row?.fence) {
          if (row.fence !== 'moving') c.get('deps').directory.forget(claims.schoolId);
          throw schoolMoving();
        }
        const checked = sessionOf(claims, row);
        Object.assign(session, checked);
        check.settled = true;
        if (checked.mustChangePassword)
          throw new AppError(403, NEW_PASSWORD_FIRST, { code: 'PASSWORD_CHANGE_REQUIRED' });
      },
    };
    c.set('session', session);
    c.set('sessionCheck', check);
    try {
      await next();
    } finally {
      recentSessions.clear();
    }
    if (!check.settled) check.settle(await check.statement);
  });
  guards.set(middleware, { roles });
  return middleware;
}

/** The claims as an account row (no name or email yet): the session held until the account's check is settled. */
function claimedRow(claims: SessionClaims): SessionRow {
  return {
    name: '',
    email: '',
    role: claims.role,
    schoolId: claims.schoolId,
    isActive: true,
    tokenVersion: claims.tokenVersion,
    revoked: 0,
    passwordChangeRequired: false,
    language: null,
    fence: null,
  };
}
