import { eq, sql } from 'drizzle-orm';
import { inJson } from '../../db/bulk';
import { emailsHeldElsewhere, writeAccounts } from '../../db/directory';
import { parents, type Role, studentParents, students, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named } from '../../db/sql';
import { studentRows } from '../../db/student-rows';
import { activity } from '../../lib/activity';
import { capacityGuard } from '../../lib/capacity-guard';
import { classLabel } from '../../lib/class-name';
import { AppError, isUniqueViolation, notFound, validationError } from '../../lib/errors';
import { pastYearPlacement, pastYearPlacementGuard, pastYearPlacementRefusal } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { type EnrolInput, type ParentGiven, parentsGiven, RELATION_LABEL, type Relation } from './schemas';
import {
  admissionTaken,
  classFull,
  classFullRefusal,
  classWithCount,
  conflict,
  EMAIL_TAKEN,
  getStudent,
  rollTaken,
} from './service';

export interface ExistingAccount {
  id: string;
  email: string;
  role: Role;
  schoolId: string;
  name: string;
  parentId: string | null;
}

/** Accounts already using any of these emails, with their parent profile when they have one (one statement). */
export function accountsByEmail(ctx: TenantContext, emails: readonly string[]) {
  return ctx.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      schoolId: users.schoolId,
      name: users.name,
      parentId: named(parents.id, 'parent_ref_id'),
    })
    .from(users)
    .leftJoin(parents, eq(parents.userId, users.id))
    .where(inJson(users.email, emails));
}

/** A parent of this school with this email is linked, not created again: one sign-in for all their children. */
/** Accounts of other shards' schools with any of these emails, as the directory knows them (none in one database). */
export async function accountsElsewhere(ctx: TenantContext, emails: readonly string[]): Promise<ExistingAccount[]> {
  const held = await emailsHeldElsewhere(ctx.directory, ctx.schoolId, emails);
  return held.map((row) => ({
    id: '',
    email: row.email,
    role: 'student',
    schoolId: row.schoolId,
    name: '',
    parentId: null,
  }));
}

export function linkableParent(account: ExistingAccount | undefined, schoolId: string) {
  return account && account.role === 'parent' && account.schoolId === schoolId && account.parentId ? account : null;
}

/** 'ADM' + year + the next free number of that year in the school, worked out inside the insert itself. */
function nextAdmissionNumber(ctx: TenantContext, year: string) {
  const prefix = `ADM${year}`;
  return sql<string>`(select ${prefix} || printf('%03d', coalesce(max(cast(substr(s.admission_number, ${prefix.length + 1}) as integer)), 0) + 1)
    from ${students} s where s.school_id = ${ctx.schoolId} and s.admission_number glob ${`${prefix}[0-9]*`})`;
}

export interface ParentAccount {
  _id: string;
  name: string;
  email: string;
  relation: Relation;
  linkedExisting: boolean;
}

interface Plan {
  klass: { id: string; name: string; section: string };
  parents: (ParentGiven & { existing: ExistingAccount | null })[];
}

/**
 * Everything that would make the enrolment fail, checked in one round trip: the class (exists, has room),
 * the emails (the student's is nobody's; each parent's is new or a parent of this school), the admission and
 * roll numbers. Throws the first problem; answers what to create and what to link.
 */
async function plan(ctx: TenantContext, input: EnrolInput): Promise<Plan> {
  const { db } = ctx;
  const given = parentsGiven(input.parentInfo);
  const emails = [input.email, ...given.map((p) => p.email)];
  const [[[klass], ownAccounts, [sameRoll], [sameAdmission]], elsewhere] = await Promise.all([
    db.batch([
      classWithCount(ctx, input.classId),
      accountsByEmail(ctx, emails),
      db
        .select({ id: students.id })
        .from(students)
        .where(ctx.scoped(students, eq(students.classId, input.classId), eq(students.rollNumber, input.rollNumber)))
        .limit(1),
      db
        .select({ id: students.id })
        .from(students)
        .where(ctx.scoped(students, eq(students.admissionNumber, input.admissionNumber ?? '')))
        .limit(1),
    ]),
    accountsElsewhere(ctx, emails),
  ]);
  const accounts = [...ownAccounts, ...elsewhere];
  if (!klass) throw notFound('Class');
  const byEmail = new Map(accounts.map((a) => [a.email, a as ExistingAccount]));
  if (byEmail.has(input.email)) throw conflict(`${EMAIL_TAKEN} (student's email)`, 'email', 'EMAIL_TAKEN');
  const planned = given.map((parent) => {
    const account = byEmail.get(parent.email);
    const existing = linkableParent(account, ctx.schoolId);
    const label = RELATION_LABEL[parent.relation];
    if (account && !existing) {
      throw conflict(
        `${EMAIL_TAKEN} (${label.toLowerCase()}'s email)`,
        `parentInfo.${parent.relation}Email`,
        'EMAIL_TAKEN',
      );
    }
    if (!existing && !parent.password) {
      throw validationError([
        {
          msg: `${label}'s password is required to create their parent account`,
          path: `parentInfo.${parent.relation}Password`,
        },
      ]);
    }
    return { ...parent, existing };
  });
  if (input.admissionNumber && sameAdmission) throw admissionTaken(input.admissionNumber);
  if (sameRoll) throw rollTaken(input.rollNumber, klass);
  if (klass.pastYear) throw pastYearPlacement(klass.academicYear);
  if (klass.studentCount >= klass.capacity) throw classFull(klass);
  return { klass, parents: planned };
}

/**
 * Enrols a student with their sign-in account and their parents' accounts, all in one atomic batch: a
 * failure leaves nothing behind. Each new account's password is hashed once.
 */
export async function enrolStudent(ctx: TenantContext, input: EnrolInput) {
  const { db } = ctx;
  const today = await ctx.today();
  if (input.dateOfBirth > today) {
    throw validationError([{ msg: 'Date of birth cannot be in the future', path: 'dateOfBirth' }]);
  }
  const { klass, parents: planned } = await plan(ctx, input);
  const admissionDate = input.admissionDate ?? today;

  const studentHash = await ctx.hasher.hash(input.password);
  const parentHashes: (string | null)[] = [];
  for (const parent of planned)
    parentHashes.push(parent.existing ? null : await ctx.hasher.hash(parent.password ?? ''));

  const studentId = newId();
  const student = studentRows({
    id: studentId,
    userId: newId(),
    schoolId: ctx.schoolId,
    name: input.name,
    email: input.email,
    phone: input.phone,
    passwordHash: studentHash,
    passwordChangeRequired: input.requirePasswordChange === true,
    classId: klass.id,
    rollNumber: input.rollNumber,
    admissionNumber: input.admissionNumber ?? nextAdmissionNumber(ctx, admissionDate.slice(0, 4)),
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    admissionDate,
    status: input.status,
    address: input.address,
  });
  const statements: unknown[] = [db.insert(users).values(student.user), db.insert(students).values(student.student)];
  const parentAccounts: ParentAccount[] = [];
  planned.forEach((parent, index) => {
    let parentId = parent.existing?.parentId ?? null;
    if (parent.existing) {
      parentAccounts.push({
        _id: parent.existing.parentId as string,
        name: parent.existing.name,
        email: parent.email,
        relation: parent.relation,
        linkedExisting: true,
      });
    } else {
      const userId = newId();
      parentId = newId();
      statements.push(
        db.insert(users).values({
          id: userId,
          schoolId: ctx.schoolId,
          role: 'parent',
          name: parent.name,
          email: parent.email,
          phone: parent.phone,
          passwordHash: parentHashes[index] as string,
          passwordChangeRequired: input.requirePasswordChange === true,
        }),
        db.insert(parents).values({ id: parentId, schoolId: ctx.schoolId, userId }),
      );
      parentAccounts.push({
        _id: parentId,
        name: parent.name,
        email: parent.email,
        relation: parent.relation,
        linkedExisting: false,
      });
    }
    statements.push(
      db.insert(studentParents).values({
        schoolId: ctx.schoolId,
        studentId,
        parentId: parentId as string,
        relation: parent.relation,
      }),
    );
  });
  const created = parentAccounts.filter((p) => !p.linkedExisting).length;
  statements.push(
    capacityGuard(ctx, [klass.id]),
    pastYearPlacementGuard(ctx, [klass.id]),
    activity(
      ctx,
      'create',
      'student',
      studentId,
      `Enrolled ${input.name} in class ${classLabel(klass)}; ${created} parent account(s) created, ${parentAccounts.length - created} linked`,
    ),
  );
  try {
    const claim = [input.email, ...parentAccounts.filter((p) => !p.linkedExisting).map((p) => p.email)];
    await writeAccounts(
      ctx.directory,
      db,
      { schoolId: ctx.schoolId, claim },
      statements as [ReturnType<typeof activity>],
    );
  } catch (error) {
    const past = pastYearPlacementRefusal(error);
    if (past) throw past;
    const full = classFullRefusal(error, klass);
    if (full) throw full;
    // Someone took an email or number between the checks and the write: name it if we can.
    if (isUniqueViolation(error)) {
      await plan(ctx, input);
      throw new AppError(409, 'A record with these details already exists', { code: 'ALREADY_EXISTS' });
    }
    throw error;
  }
  return { ...(await getStudent(ctx, studentId)), parentAccounts };
}
