import { and, count, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  classes,
  parents,
  type Role,
  revokedSessions,
  schools,
  signInAttempts,
  studentParents,
  students,
  teachers,
  users,
} from '../../db/schema';
import type { Deps, Session } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { DECOY_HASH, temporaryPasswordExpired, verifyPassword } from '../../lib/password';
import { issueToken, SESSION_MAX_AGE_SECONDS } from '../../lib/tokens';
import { type ProfileUpdateInput, type PublicUser, type SignInInput, toPublicUser } from './schemas';

/** Whose profile: the signed-in person's user id within their school. */
export type Who = Pick<Session, 'userId' | 'schoolId'>;

/**
 * The school's id, name and time zone under names of their own: D1 answers a batched statement as objects keyed by
 * column name, so a join must not select two columns both called `id` or `name`.
 */
const schoolRef = {
  id: sql<string>`${schools.id}`.as('school_ref_id'),
  name: sql<string>`${schools.name}`.as('school_ref_name'),
  timeZone: sql<string>`${schools.timeZone}`.as('school_ref_time_zone'),
};

export const TEMPORARY_PASSWORD_EXPIRED =
  'This temporary password has expired. Ask your school administrator for a new one.';
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 5;

export interface SignedIn {
  user: PublicUser;
  token: string;
  expiresAt: string;
}

function expiry(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();

/** Failed password checks for one email within the window (sign-ins and password changes alike). */
function failuresOf(db: Database, email: string, since: string) {
  return db
    .select({ failures: count(), oldest: min(signInAttempts.attemptedAt) })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), gt(signInAttempts.attemptedAt, since)));
}

function refuseWhenLocked(attempts: { failures: number; oldest: string | null }, now: Date) {
  if (attempts.failures < SIGN_IN_MAX_FAILURES || !attempts.oldest) return;
  const retryMs = new Date(attempts.oldest).getTime() + SIGN_IN_WINDOW_MS - now.getTime();
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  throw new AppError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) },
  );
}

/** Counts a wrong password for the email and forgets attempts older than the window. */
async function recordFailure(db: Database, email: string, now: Date) {
  await db.batch([
    db.insert(signInAttempts).values({ email, attemptedAt: now.toISOString() }),
    db
      .delete(signInAttempts)
      .where(and(eq(signInAttempts.email, email), lte(signInAttempts.attemptedAt, windowStart(now)))),
  ]);
}

/**
 * Email and password sign-in for the given roles. A wrong email, a wrong password, an inactive account and
 * an account of another role all answer the same 401, after the same password work. Five failures for one
 * email within 15 minutes lock further attempts until the window passes; the counter is in the database.
 */
export async function signIn(deps: Deps, input: SignInInput, roles: readonly Role[]): Promise<SignedIn> {
  const { db, hasher } = deps;
  const now = deps.now();
  const since = windowStart(now);
  const [[attempts], [found]] = await db.batch([
    failuresOf(db, input.email, since),
    db
      .select({ user: users, school: schoolRef })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(eq(users.email, input.email))
      .limit(1),
  ]);
  refuseWhenLocked(attempts, now);

  const passwordOk = await verifyPassword(hasher, found?.user.passwordHash ?? DECOY_HASH, input.password);
  if (!found || !passwordOk || !found.user.isActive || !roles.includes(found.user.role)) {
    await recordFailure(db, input.email, now);
    throw new AppError(401, 'Invalid credentials');
  }
  if (temporaryPasswordExpired(found.user.passwordHash, now)) throw new AppError(401, TEMPORARY_PASSWORD_EXPIRED);

  const { user, school } = found;
  const { token, claims } = await issueToken(
    deps.config.jwtSecret,
    { userId: user.id, schoolId: user.schoolId, role: user.role, tokenVersion: user.tokenVersion },
    now,
  );
  await db.batch([
    db.delete(signInAttempts).where(eq(signInAttempts.email, input.email)),
    db.update(users).set({ lastLoginAt: now.toISOString() }).where(eq(users.id, user.id)),
  ]);
  return { user: toPublicUser(user, school), token, expiresAt: expiry(claims.expiresAt) };
}

export async function currentUser(db: Database, session: Session): Promise<PublicUser> {
  const [found] = await db
    .select({ user: users, school: schoolRef })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, session.userId), eq(users.schoolId, session.schoolId)))
    .limit(1);
  if (!found) throw new AppError(401, 'Invalid token');
  return toPublicUser(found.user, found.school);
}

/** A new token for the same session; the old one is revoked. Sessions end seven days after sign-in. */
export async function refresh(deps: Deps, session: Session) {
  const now = deps.now();
  if (now.getTime() / 1000 - session.authTime > SESSION_MAX_AGE_SECONDS) {
    throw new AppError(401, 'Session expired. Please login again.');
  }
  const { token, claims } = await issueToken(
    deps.config.jwtSecret,
    {
      userId: session.userId,
      schoolId: session.schoolId,
      role: session.role,
      tokenVersion: session.tokenVersion,
      authTime: session.authTime,
    },
    now,
  );
  const [, [found]] = await deps.db.batch([
    revokeStatement(deps.db, session, now),
    deps.db
      .select({ user: users, school: schoolRef })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(eq(users.id, session.userId))
      .limit(1),
  ]);
  // Live sockets opened under the old token follow the new one instead of closing when the old one expires.
  await deps.publish(session.schoolId, {
    type: 'session_renewed',
    data: { userId: session.userId, fromJti: session.jti, toJti: claims.jti, expiresAt: claims.expiresAt },
  });
  return { token, expiresAt: expiry(claims.expiresAt), user: toPublicUser(found.user, found.school) };
}

function revokeStatement(db: Database, session: Session, now: Date) {
  return db
    .insert(revokedSessions)
    .values({
      jti: session.jti,
      userId: session.userId,
      expiresAt: expiry(session.expiresAt),
      revokedAt: now.toISOString(),
    })
    .onConflictDoNothing();
}

/** Signs the token out on the server; expired revocations are pruned in the same batch. */
export async function signOut(deps: Deps, session: Session): Promise<void> {
  const now = deps.now();
  await deps.db.batch([
    revokeStatement(deps.db, session, now),
    deps.db.delete(revokedSessions).where(lte(revokedSessions.expiresAt, now.toISOString())),
  ]);
  await deps.publish(session.schoolId, { type: 'sessions_ended', data: { jtis: [session.jti] } });
}

export async function teacherProfile(db: Database, session: Who) {
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.schoolId, session.schoolId), eq(teachers.userId, session.userId)))
    .limit(1);
  return row ?? null;
}

export async function studentProfile(db: Database, session: Who) {
  const [row] = await db
    .select({ student: students, class: { id: classes.id, name: classes.name, section: classes.section } })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, session.schoolId), eq(students.userId, session.userId)))
    .limit(1);
  return row ?? null;
}

export async function parentChildren(db: Database, session: Who) {
  return db
    .select({
      id: students.id,
      name: users.name,
      rollNumber: students.rollNumber,
      relation: studentParents.relation,
      status: students.status,
      class: { id: classes.id, name: classes.name, section: classes.section },
    })
    .from(parents)
    .innerJoin(studentParents, eq(studentParents.parentId, parents.id))
    .innerJoin(students, eq(students.id, studentParents.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(parents.schoolId, session.schoolId), eq(parents.userId, session.userId)))
    .orderBy(users.name);
}

/** Name, phone and password of the signed-in person. A new password signs out every other session. */
export async function updateProfile(deps: Deps, session: Session, input: ProfileUpdateInput) {
  const { db } = deps;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  let tokenVersion = session.tokenVersion;
  if (input.newPassword) {
    // Guesses at the current password count against the same limit as sign-ins: a stolen session cannot try many.
    const now = deps.now();
    const [[attempts], [row]] = await db.batch([
      failuresOf(db, session.email, windowStart(now)),
      db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(and(eq(users.id, session.userId), eq(users.schoolId, session.schoolId))),
    ]);
    refuseWhenLocked(attempts, now);
    if (!row || !(await verifyPassword(deps.hasher, row.hash, input.currentPassword ?? ''))) {
      await recordFailure(db, session.email, now);
      throw new AppError(400, 'Current password is incorrect');
    }
    changes.passwordHash = await deps.hasher.hash(input.newPassword);
    tokenVersion += 1;
    changes.tokenVersion = tokenVersion;
    changes.passwordChangeRequired = false;
  }
  if (Object.keys(changes).length > 0) {
    const update = db
      .update(users)
      .set(changes)
      .where(and(eq(users.id, session.userId), eq(users.schoolId, session.schoolId)));
    // A password proven and replaced starts the failure count afresh, as a sign-in does.
    if (changes.passwordHash) {
      await db.batch([update, db.delete(signInAttempts).where(eq(signInAttempts.email, session.email))]);
    } else {
      await update;
    }
  }
  const user = await currentUser(db, session);
  if (tokenVersion === session.tokenVersion) return { user };
  // Every live socket of the account closes; this device reconnects with the token answered below.
  await deps.publish(session.schoolId, { type: 'sessions_ended', data: { userIds: [session.userId] } });
  const { token, claims } = await issueToken(
    deps.config.jwtSecret,
    { userId: session.userId, schoolId: session.schoolId, role: session.role, tokenVersion },
    deps.now(),
  );
  return { user, token, expiresAt: expiry(claims.expiresAt) };
}
