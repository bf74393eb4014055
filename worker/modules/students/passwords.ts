import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { parents, signInAttempts, studentParents, students, users } from '../../db/schema';
import { activity } from '../../lib/activity';
import { notFound, validationError } from '../../lib/errors';
import { generatePassword, hashTemporaryPassword, TEMPORARY_PASSWORD_DAYS } from '../../lib/password';
import type { TenantContext } from '../../lib/tenancy';
import { RELATION_LABEL, type Relation, type TemporaryPasswordsInput } from './schemas';

export interface IssuedPassword {
  account: 'student' | Relation;
  role: 'student' | 'parent';
  name: string;
  email: string;
  temporaryPassword: string;
}

/**
 * New temporary passwords for a student's own sign-in and/or their linked parents' (a forgotten password, a
 * temporary one that lapsed). Each account is signed out everywhere, its failed sign-in count cleared, and must
 * choose its own password at the next sign-in. The passwords are in the answer only. One read, one write batch.
 */
export async function issueTemporaryPasswords(ctx: TenantContext, studentId: string, input: TemporaryPasswordsInput) {
  const { db } = ctx;
  const [[student], links] = await db.batch([
    db
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(students)
      .innerJoin(users, and(eq(users.id, students.userId), eq(users.schoolId, students.schoolId)))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    db
      .select({ relation: studentParents.relation, userId: users.id, name: users.name, email: users.email })
      .from(studentParents)
      .innerJoin(parents, and(eq(parents.id, studentParents.parentId), eq(parents.schoolId, studentParents.schoolId)))
      .innerJoin(users, and(eq(users.id, parents.userId), eq(users.schoolId, parents.schoolId)))
      .where(ctx.scoped(studentParents, eq(studentParents.studentId, studentId))),
  ]);
  if (!student) throw notFound('Student');

  const byAccount = new Map<string, { userId: string; name: string; email: string }>([
    ['student', student],
    ...links.map((link) => [link.relation, link] as const),
  ]);
  const missing = input.accounts.filter((account) => !byAccount.has(account));
  if (missing.length > 0) {
    throw validationError(
      missing.map((account) => ({
        msg: `No ${RELATION_LABEL[account as Relation].toLowerCase()} account is linked to ${student.name}`,
        path: 'accounts',
      })),
    );
  }

  const now = ctx.now();
  const issued: IssuedPassword[] = [];
  const hashByUser = new Map<string, string>();
  for (const account of input.accounts) {
    const holder = byAccount.get(account) as { userId: string; name: string; email: string };
    // One parent linked under two relations gets one password.
    if (hashByUser.has(holder.userId)) continue;
    const temporaryPassword = generatePassword();
    hashByUser.set(holder.userId, await hashTemporaryPassword(temporaryPassword, now));
    issued.push({
      account,
      role: account === 'student' ? 'student' : 'parent',
      name: holder.name,
      email: holder.email,
      temporaryPassword,
    });
  }
  const userIds = [...hashByUser.keys()];
  const hashCase = sql.join(
    userIds.map((id): SQL => sql`when ${id} then ${hashByUser.get(id)}`),
    sql` `,
  );
  await db.batch([
    db
      .update(users)
      .set({
        passwordHash: sql`case ${users.id} ${hashCase} end`,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        passwordChangeRequired: true,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(users.schoolId, ctx.schoolId), inArray(users.id, userIds))),
    db.delete(signInAttempts).where(
      inArray(
        signInAttempts.email,
        issued.map((i) => i.email),
      ),
    ),
    activity(
      ctx,
      'update',
      'student',
      studentId,
      `Issued temporary passwords for ${issued.map((i) => `${i.name} (${accountLabel(i.account)})`).join(', ')}`,
    ),
  ]);
  await ctx.publish(ctx.schoolId, { type: 'sessions_ended', data: { userIds } });
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return { credentials: issued, expiresAt };
}

const accountLabel = (account: 'student' | Relation) =>
  account === 'student' ? 'student' : RELATION_LABEL[account].toLowerCase();
