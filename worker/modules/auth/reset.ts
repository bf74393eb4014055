import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { refusalOf, refuseIf } from '../../db/guard';
import { activityLogs, passwordResets, schools, users } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { RESET_MINUTES, resetMail } from '../../lib/mail/compose';
import type { OutgoingMail } from '../../lib/mail/index';
import { countResetRequest } from './throttle';

export const RESET_REQUESTED =
  'If an account uses this email, a link to choose a new password is on its way. It works for 30 minutes.';
export const RESET_LINK_INVALID = 'This link has expired or was already used. Ask for a new link.';
export const PASSWORD_RESET = 'Your password is changed. Sign in with it.';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Only this digest of a link's token is stored: a copy of the table resets nobody's password. */
async function digest(token: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function accountOf(db: Database, email: string) {
  return db
    .select({
      id: users.id,
      schoolId: users.schoolId,
      name: users.name,
      isActive: users.isActive,
      language: sql<string>`coalesce(${users.language}, ${schools.language})`.as('mail_language'),
      school: sql<string>`${schools.name}`.as('school_name'),
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.email, email))
    .limit(1);
}

/** The account of an email and the database it lives in (the directory names the shard first when there are several). */
async function findAccount(deps: Deps, email: string) {
  const { directory } = deps;
  if (directory.shardCount === 1) return { db: directory.db, account: (await accountOf(directory.db, email))[0] };
  const [place] = await directory.placeOfEmail(email);
  if (!place) return { db: null, account: undefined };
  const db = directory.shard(place.shard);
  const [account] = await accountOf(db, email);
  return { db, account: account?.schoolId === place.schoolId ? account : undefined };
}

/**
 * `POST /api/auth/password-reset`: counts the request (429 past the limits, for every email alike), and for an
 * active account stores a new link's digest (replacing its earlier links) with an activity line. Answers the e-mail
 * to send after the answer, or null; the caller's answer is the same either way.
 */
export async function requestReset(
  deps: Deps,
  email: string,
  address: string,
  linkFor: (token: string) => string,
): Promise<OutgoingMail | null> {
  const now = deps.now();
  await countResetRequest(deps.directory.db, { email, address }, now);
  const { db, account } = await findAccount(deps, email);
  if (!db || !account || !account.isActive) return null;
  const token = `${account.schoolId}.${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  await db.batch([
    db.delete(passwordResets).where(eq(passwordResets.userId, account.id)),
    db.insert(passwordResets).values({
      tokenHash: await digest(token),
      schoolId: account.schoolId,
      userId: account.id,
      expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000).toISOString(),
      createdAt: now.toISOString(),
    }),
    db.insert(activityLogs).values({
      schoolId: account.schoolId,
      userId: account.id,
      userName: account.name,
      action: 'update',
      entity: 'account',
      entityId: account.id,
      summary: 'Asked for a link to reset their password',
      createdAt: now.toISOString(),
    }),
  ]);
  return resetMail({
    language: account.language === 'hi' || account.language === 'ar' ? account.language : 'en',
    school: account.school,
    to: { email, name: account.name },
    link: linkFor(token),
  });
}

const invalid = () => new AppError(400, RESET_LINK_INVALID, { code: 'RESET_LINK_INVALID' });

/**
 * `POST /api/auth/password-reset/confirm`: a link still valid sets the new password and moves the account's token
 * version on (every session of it ends), in one batch that also removes the account's links, so a link works once;
 * a second use racing the first is refused inside the batch.
 */
export async function confirmReset(deps: Deps, token: string, password: string) {
  const schoolId = token.split('.')[0] ?? '';
  const db = /^[\w-]{1,64}$/.test(schoolId) ? await deps.directory.schoolDatabase(schoolId) : null;
  if (!db) throw invalid();
  const now = deps.now().toISOString();
  const hash = await digest(token);
  const live = and(
    eq(passwordResets.tokenHash, hash),
    eq(passwordResets.schoolId, schoolId),
    gt(passwordResets.expiresAt, now),
  );
  const [found] = await db
    .select({ userId: passwordResets.userId, name: users.name, isActive: users.isActive })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(live)
    .limit(1);
  if (!found || !found.isActive) throw invalid();
  const passwordHash = await deps.hasher.hash(password);
  try {
    await db.batch([
      refuseIf(
        db,
        'reset-link-used',
        sql`select '' as detail where not exists (select 1 from ${passwordResets} where ${live})`,
      ),
      db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          passwordChangeRequired: false,
          updatedAt: now,
        })
        .where(and(eq(users.id, found.userId), eq(users.schoolId, schoolId))),
      db.delete(passwordResets).where(eq(passwordResets.userId, found.userId)),
      db.insert(activityLogs).values({
        schoolId,
        userId: found.userId,
        userName: found.name,
        action: 'update',
        entity: 'account',
        entityId: found.userId,
        summary: 'Set a new password with a reset link; every session of the account ended',
        createdAt: now,
      }),
    ]);
  } catch (error) {
    if (refusalOf(error, 'reset-link-used')) throw invalid();
    throw error;
  }
  await deps.publish(schoolId, { type: 'sessions_ended', data: { userIds: [found.userId] } });
}
