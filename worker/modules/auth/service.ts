import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  classes,
  type Language,
  parents,
  type Role,
  revokedSessions,
  schools,
  studentParents,
  students,
  teachers,
  users,
} from '../../db/schema';
import { activity } from '../../lib/activity';
import type { Deps, Session } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { DECOY_HASH, temporaryPasswordExpired, verifyPassword } from '../../lib/password';
import { issueToken, SESSION_MAX_AGE_SECONDS } from '../../lib/tokens';
import { type ProfileUpdateInput, type PublicUser, type SignInInput, toPublicUser } from './schemas';
import { clearFailures, failuresOf, recordFailure, refuseWhenLocked } from './throttle';

/** Whose profile: the signed-in person's user id within their school. */
export type Who = Pick<Session, 'userId' | 'schoolId'>;

/**
 * The school's id, name, time zone and language under names of their own: D1 answers a batched statement as objects keyed by
 * column name, so a join must not select two columns both called `id` or `name`.
 */
const schoolRef = {
  id: sql<string>`${schools.id}`.as('school_ref_id'),
  name: sql<string>`${schools.name}`.as('school_ref_name'),
  timeZone: sql<string>`${schools.timeZone}`.as('school_ref_time_zone'),
  language: sql<Language>`${schools.language}`.as('school_ref_language'),
};

export const TEMPORARY_PASSWORD_EXPIRED =
  'This temporary password has expired. Ask your school administrator for a new one.';

export interface SignedIn {
  user: PublicUser;
  token: string;
  expiresAt: string;
}

function expiry(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/**
 * Email and password sign-in for the given roles. A wrong email, a wrong password, an inactive account and
 * an account of another role all answer the same 401, after the same password work. Failures are limited per
 * email and address, per address, per email and across the platform (`./throttle`).
 */
export async function signIn(
  deps: Deps,
  input: SignInInput,
  roles: readonly Role[],
  address: string,
): Promise<SignedIn> {
  const { directory, hasher } = deps;
  const now = deps.now();
  const attempt = { email: input.email, address };
  const { failures, found, db } = await accountOfEmail(deps, attempt, now);
  refuseWhenLocked(failures, attempt, now);

  const passwordOk = await verifyPassword(hasher, found?.user.passwordHash ?? DECOY_HASH, input.password);
  if (!found || !db || !passwordOk || !found.user.isActive || !roles.includes(found.user.role)) {
    await recordFailure(directory.db, attempt, now);
    throw new AppError(401, 'Invalid credentials', { code: 'INVALID_CREDENTIALS' });
  }
  if (temporaryPasswordExpired(found.user.passwordHash, now))
    throw new AppError(401, TEMPORARY_PASSWORD_EXPIRED, { code: 'TEMPORARY_PASSWORD_EXPIRED' });

  const { user, school } = found;
  const { token, claims } = await issueToken(
    deps.config.jwtSecret,
    { userId: user.id, schoolId: user.schoolId, role: user.role, tokenVersion: user.tokenVersion },
    now,
  );
  const signedIn = db.update(users).set({ lastLoginAt: now.toISOString() }).where(eq(users.id, user.id));
  if (directory.isDirectory(db)) await db.batch([clearFailures(db, attempt), signedIn]);
  else await Promise.all([clearFailures(directory.db, attempt), signedIn]);
  return { user: toPublicUser(user, school), token, expiresAt: expiry(claims.expiresAt) };
}

function accountByEmail(db: Database, email: string) {
  return db
    .select({ user: users, school: schoolRef })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.email, email))
    .limit(1);
}

/**
 * The failures counted against a sign-in and the account of its email, with the database the account lives in.
 * In one database both are one batch; with shards the directory names the email's shard first (one round trip
 * more), and a locked sign-in stops there.
 */
async function accountOfEmail(deps: Deps, attempt: { email: string; address: string }, now: Date) {
  const { directory } = deps;
  const dir = directory.db;
  if (directory.shardCount === 1) {
    const [[failures], [found]] = await dir.batch([failuresOf(dir, attempt, now), accountByEmail(dir, attempt.email)]);
    return { failures, found, db: dir };
  }
  const [[failures], [place]] = await dir.batch([failuresOf(dir, attempt, now), directory.placeOfEmail(attempt.email)]);
  if (!place) return { failures, found: undefined, db: null };
  refuseWhenLocked(failures, attempt, now);
  directory.remember(place.schoolId, place.shard);
  const db = directory.shard(place.shard);
  const [found] = await accountByEmail(db, attempt.email);
  return { failures, found: found?.user.schoolId === place.schoolId ? found : undefined, db };
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
    throw new AppError(401, 'Session expired. Please login again.', { code: 'TOKEN_EXPIRED' });
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

export const KEPT_BY_THE_OFFICE = 'Your name and email are kept by the school office. Ask the office to change them.';

/**
 * Name, phone, language and password of the signed-in person; students and parents change all but their name
 * (the school's record). A new password signs out every other session. Each change is logged.
 */
export async function updateProfile(deps: Deps, session: Session, input: ProfileUpdateInput, address: string) {
  const { db } = deps;
  const family = session.role === 'student' || session.role === 'parent';
  if (family && (input.name !== undefined || input.email !== undefined))
    throw new AppError(403, KEPT_BY_THE_OFFICE, { code: 'OFFICIAL_RECORD' });
  const now = deps.now();
  const changes: Partial<typeof users.$inferInsert> = {};
  const changed: string[] = [];
  if (input.name !== undefined) {
    changes.name = input.name;
    changed.push(`name to ${input.name}`);
  }
  if (input.phone !== undefined) {
    changes.phone = input.phone;
    changed.push('phone number');
  }
  if (input.language !== undefined) {
    changes.language = input.language;
    changed.push('language');
  }
  let tokenVersion = session.tokenVersion;
  const attempt = { email: session.email, address };
  if (input.newPassword) {
    // Guesses at the current password count against the same limits as sign-ins: a stolen session cannot try many.
    // The failures are the directory's, as at sign-in: one batch when it shares the school's database.
    const dir = deps.directory.db;
    const account = db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, session.userId), eq(users.schoolId, session.schoolId)));
    const [[failures], [row]] = deps.directory.isDirectory(db)
      ? await db.batch([failuresOf(db, attempt, now), account])
      : await Promise.all([failuresOf(dir, attempt, now), account]);
    refuseWhenLocked(failures, attempt, now);
    if (!row || !(await verifyPassword(deps.hasher, row.hash, input.currentPassword ?? ''))) {
      await recordFailure(dir, attempt, now);
      throw new AppError(400, 'Current password is incorrect', { code: 'CURRENT_PASSWORD_INCORRECT' });
    }
    changes.passwordHash = await deps.hasher.hash(input.newPassword);
    tokenVersion += 1;
    changes.tokenVersion = tokenVersion;
    changes.passwordChangeRequired = false;
    changed.push('password');
  }
  if (changed.length > 0) {
    const update = db
      .update(users)
      .set(changes)
      .where(and(eq(users.id, session.userId), eq(users.schoolId, session.schoolId)));
    const log = activity(
      { db, schoolId: session.schoolId, session, now: () => now },
      'update',
      'account',
      session.userId,
      `Changed their ${changed.join(', ')}`,
    );
    // A password proven and replaced starts this address's failure count afresh, as a sign-in does.
    if (!changes.passwordHash) await db.batch([update, log]);
    else if (deps.directory.isDirectory(db)) await db.batch([update, log, clearFailures(db, attempt)]);
    else await Promise.all([db.batch([update, log]), clearFailures(deps.directory.db, attempt)]);
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
