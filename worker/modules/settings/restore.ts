import { and, eq, getTableName, inArray, ne, not, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { inJson, jsonInserts } from '../../db/bulk';
import type { EmailChanges } from '../../db/directory';
import { refuseIf } from '../../db/guard';
import * as schema from '../../db/schema';
import { NO_PASSWORD } from '../../lib/password';
import type { TenantContext } from '../../lib/tenancy';
import { type MarkRow, markRowInserts } from '../attendance';
import { ASSESSMENT_MARKS, BACKED_UP_TABLES, MARKS, OLD_MARKS, type Snapshot, schoolSettingsKeys } from './backup';
import { messageRowWrites } from './message-rows';
import { absenceAlertFields, languageSchema, yearStartMonthSchema } from './schemas';

const { users, teachers, signInEmails } = schema;
type Row = Record<string, unknown>;

/**
 * Accounts are merged, never deleted and inserted again: the activity log and the backups list keep who did
 * what, and a restore gives back data, not access. An account present now keeps its password, its email and
 * its deactivation; one only in the backup returns with no usable password; one made since is removed, except
 * the administrator restoring. The guards come first: another school's account id, or an email another
 * account now has, fails the whole batch before it writes.
 */
function accountStatements(ctx: TenantContext, backedUp: Row[]) {
  const { db, schoolId } = ctx;
  const restorer = ctx.session.userId;
  const ids = backedUp.map((row) => String(row.id));
  const accounts = JSON.stringify(backedUp.map((row) => ({ id: row.id, email: row.email })));
  const now = ctx.now().toISOString();
  const foreignAccount = refuseIf(
    db,
    'restore-foreign-account',
    sql`select '' as detail from ${users} where ${inJson(users.id, ids)} and ${users.schoolId} <> ${schoolId}`,
  );
  // An account that comes back only from the backup needs its email free of every account that stays.
  const emailTaken = refuseIf(
    db,
    'restore-email-taken',
    sql`select '' as detail from json_each(${accounts}) as b
      join ${users} as u on u.email = json_extract(b.value, '$.email') and u.id <> json_extract(b.value, '$.id')
      where not exists (select 1 from ${users} as m where m.id = json_extract(b.value, '$.id'))
        and (u.school_id <> ${schoolId} or u.id = ${restorer}
          or u.id in (select value from json_each(${JSON.stringify(ids)})))`,
  );
  const removeNewer = db
    .delete(users)
    .where(and(eq(users.schoolId, schoolId), ne(users.id, restorer), not(inJson(users.id, ids))));
  const incoming = backedUp.map((row) => ({
    ...row,
    language: languageSchema.safeParse(row.language).data ?? null,
    passwordHash: NO_PASSWORD,
    passwordChangeRequired: true,
    updatedAt: now,
  }));
  const merge = jsonInserts(db, users, incoming as never[]).map((insert) =>
    insert.onConflictDoUpdate({
      target: users.id,
      set: {
        name: sql`excluded.name`,
        phone: sql`excluded.phone`,
        // A backup older than the choice of language leaves each person's as it is.
        ...(backedUp.some((row) => 'language' in row) ? { language: sql`excluded.language` } : {}),
        role: sql`case when ${users.id} = ${restorer} then ${users.role} else excluded.role end`,
        isActive: sql`${users.id} = ${restorer} or (${users.isActive} and excluded.is_active)`,
        updatedAt: now,
      },
      setWhere: eq(users.schoolId, schoolId),
    }),
  );
  // With shards the directory also knows other shards' emails: in its own database it is asked in the batch too.
  const emailElsewhere = ctx.directory.isDirectory(db)
    ? [
        refuseIf(
          db,
          'restore-email-taken',
          sql`select '' as detail from json_each(${accounts}) as b
            join ${signInEmails} as e on e.email = json_extract(b.value, '$.email') and e.school_id <> ${schoolId}
            where not exists (select 1 from ${users} as m where m.id = json_extract(b.value, '$.id'))`,
        ),
      ]
    : [];
  return { guards: [foreignAccount, emailTaken, ...emailElsewhere], removeNewer, merge };
}

/**
 * The statements that replace the school's data with the snapshot's, run in one batch (atomic), and a last
 * select that reads the restoring administrator's new token version. Every account's token version moves on,
 * so no token issued before the restore works after it.
 */
export function restoreStatements(ctx: TenantContext, snapshot: Snapshot) {
  const { db, schoolId } = ctx;
  const rowsOf = (table: SQLiteTable) => (snapshot.tables[getTableName(table)] ?? []) as Row[];
  // A backup made before the grading scale (or saved reports) leaves the school's scale (or reports) as they are.
  const optional: SQLiteTable[] = [schema.gradeBands, schema.savedReports];
  const others = BACKED_UP_TABLES.filter(
    (table) => table !== users && (!optional.includes(table) || getTableName(table) in snapshot.tables),
  );
  const { guards, removeNewer, merge } = accountStatements(ctx, rowsOf(users));
  const registers = schema.attendanceRegisters;
  const registerIds = rowsOf(registers).map((row) => String(row.id));
  // Register keys are kept, so a key that is another school's register (a tampered file) refuses the restore.
  const foreignRegister = refuseIf(
    db,
    'restore-foreign-register',
    sql`select '' as detail from ${registers} where ${inJson(registers.id, registerIds)} and ${registers.schoolId} <> ${schoolId}`,
  );
  const schoolRegisters = db.select({ id: registers.id }).from(registers).where(eq(registers.schoolId, schoolId));
  const { assessments, assessmentMarks } = schema;
  // An assessment key that is another school's (a tampered file) meets that row's primary key: the batch fails.
  const schoolAssessments = db
    .select({ id: assessments.id })
    .from(assessments)
    .where(eq(assessments.schoolId, schoolId));
  const messageRows = messageRowWrites(db, schoolId, snapshot.tables);
  const deletes = [
    ...messageRows.deletes,
    db.delete(schema.attendanceMarks).where(inArray(schema.attendanceMarks.registerId, schoolRegisters)),
    db.delete(assessmentMarks).where(inArray(assessmentMarks.assessmentId, schoolAssessments)),
    ...[...others].reverse().map((table) => db.delete(table).where(eq(table.schoolId, schoolId))),
  ];
  const oldMarks = (snapshot.tables[OLD_MARKS] ?? []) as unknown as MarkRow[];
  const inserts = [
    ...others.flatMap((table) => jsonInserts(db, table as SQLiteTable, rowsOf(table) as never[])),
    ...jsonInserts(db, schema.attendanceMarks, (snapshot.tables[MARKS] ?? []) as never[]),
    ...jsonInserts(db, assessmentMarks, (snapshot.tables[ASSESSMENT_MARKS] ?? []) as never[]),
    ...markRowInserts(db, oldMarks),
    ...messageRows.inserts,
  ];
  // A teacher whose account stays deactivated is shown as inactive too.
  const inactiveTeachers = db
    .update(teachers)
    .set({ isActive: false })
    .where(
      and(
        eq(teachers.schoolId, schoolId),
        inArray(
          teachers.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.schoolId, schoolId), eq(users.isActive, false))),
        ),
      ),
    );
  const endSessions = db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.schoolId, schoolId));
  // A start month or language that is missing (a backup older than the setting) or not one leaves the school's as is.
  const month = snapshot.school.yearStartMonth;
  const settings = Object.fromEntries(
    schoolSettingsKeys
      .filter((key) => key in snapshot.school)
      .filter((key) => key !== 'yearStartMonth' || yearStartMonthSchema.safeParse(month).success)
      .filter((key) => key !== 'language' || languageSchema.safeParse(snapshot.school.language).success)
      .filter((key) => key !== 'rankStudents' || typeof snapshot.school.rankStudents === 'boolean')
      .filter(
        (key) =>
          !(key in absenceAlertFields) ||
          absenceAlertFields[key as keyof typeof absenceAlertFields].safeParse(snapshot.school[key]).success,
      )
      .map((key) => [key, snapshot.school[key]]),
  );
  const writes = [
    ...guards,
    foreignRegister,
    ...deletes,
    removeNewer,
    ...merge,
    ...inserts,
    inactiveTeachers,
    endSessions,
    db.update(schema.schools).set(settings).where(eq(schema.schools.id, schoolId)),
  ];
  const restorer = db
    .select({ role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, ctx.session.userId), eq(users.schoolId, schoolId)));
  return { writes, restorer };
}

/**
 * The sign-in emails a restore claims and gives up. In the directory's own database the batch makes the rows
 * match the accounts itself; elsewhere the accounts now are read (one round trip) and compared with those after:
 * the kept ones (in the file, or the restorer) keep their email, the file's new ones bring theirs.
 */
export async function restoreEmailChanges(ctx: TenantContext, snapshot: Snapshot): Promise<EmailChanges> {
  const { db, schoolId } = ctx;
  if (ctx.directory.isDirectory(db)) return { schoolId, resync: true };
  const now = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.schoolId, schoolId));
  const backedUp = (snapshot.tables[getTableName(users)] ?? []) as Row[];
  const kept = new Set([ctx.session.userId, ...backedUp.map((row) => String(row.id))]);
  const present = new Set(now.map((row) => row.id));
  const after = new Set([
    ...now.filter((row) => kept.has(row.id)).map((row) => row.email),
    ...backedUp.filter((row) => !present.has(String(row.id))).map((row) => String(row.email)),
  ]);
  const before = new Set(now.map((row) => row.email));
  return {
    schoolId,
    claim: [...after].filter((email) => !before.has(email)),
    release: [...before].filter((email) => !after.has(email)),
  };
}
