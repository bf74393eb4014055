import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { as } from '../../db/bulk';
import { classes, parents, studentParents, students, users } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { AppError } from '../../lib/errors';
import type { Language } from '../../lib/languages';
import type { ReportColumn, ReportTable } from '../../lib/report-table';
import type { TenantContext } from '../../lib/tenancy';
import { translate } from '../../lib/translate';
import type { ParentColumn, ParentsInfoQuery, StudentColumn, StudentsInfoQuery } from './directory-schemas';
import { REPORT_ENTITY } from './money-output';

type Filters = Pick<StudentsInfoQuery, 'classId' | 'grade' | 'status' | 'format'>;

const STUDENT_LABELS: Record<StudentColumn, [string, ReportColumn['kind']]> = {
  roll: ['Roll number', 'text'],
  name: ['Name', 'text'],
  class: ['Class', 'text'],
  gender: ['Gender', 'text'],
  dateOfBirth: ['Date of birth', 'date'],
  admissionNumber: ['Admission number', 'text'],
  admissionDate: ['Admission date', 'date'],
  parents: ['Parents', 'text'],
  phone: ['Phone', 'text'],
  email: ['Email', 'text'],
  address: ['Address', 'text'],
  status: ['Status', 'text'],
};
const PARENT_LABELS: Record<ParentColumn, [string, ReportColumn['kind']]> = {
  student: ['Student', 'text'],
  class: ['Class', 'text'],
  roll: ['Roll number', 'text'],
  relation: ['Relation', 'text'],
  name: ['Parent', 'text'],
  phone: ['Phone', 'text'],
  email: ['Email', 'text'],
  occupation: ['Occupation', 'text'],
};
const WORDS: Record<string, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  active: 'Active',
  inactive: 'Inactive',
  father: 'Father',
  mother: 'Mother',
  guardian: 'Guardian',
};

/** Which students a directory covers: the school's, narrowed to a class, a grade and a status. */
function studentFilter(ctx: TenantContext, query: Filters): SQL {
  return ctx.scoped(
    students,
    query.classId ? eq(students.classId, query.classId) : undefined,
    query.grade ? eq(classes.name, query.grade) : undefined,
    query.status === 'all' ? undefined : eq(students.status, query.status),
  );
}

/** The class a report names must be the school's: another school's answers 404 like a missing one. */
const classCheck = (ctx: TenantContext, classId: string | undefined) =>
  ctx.db
    .select({ id: classes.id })
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.id, classId ?? '')));
const classExists = (ctx: TenantContext, classId: string | undefined) =>
  classId ? sql`exists ${classCheck(ctx, classId)}` : undefined;

function describe(query: Filters, columns: string[], classRow?: { name: string; section: string }) {
  const parts = [
    classRow ? `class ${formatClassName(classRow)}` : undefined,
    query.grade ? `grade ${query.grade}` : undefined,
    `status ${query.status}`,
    `columns ${columns.join(' ')}`,
    query.format,
  ];
  return parts.filter(Boolean).join(', ');
}

function tableOf<C extends string>(
  title: string,
  labels: Record<C, [string, ReportColumn['kind']]>,
  columns: C[],
  language: Language,
  subtitle: string,
  rows: Record<C, string | null>[],
): ReportTable {
  const say = (text: string) => translate(text, language);
  return {
    title: say(title),
    subtitle,
    columns: columns.map((key) => ({ key, label: say(labels[key][0]), kind: labels[key][1] })),
    rows: rows.map((row) => columns.map((key) => row[key])),
  };
}

const school = (ctx: TenantContext, query: Filters) =>
  ctx.school().then((s) => ({ ...s, language: query.format === 'json' ? (ctx.language ?? 'en') : s.language }));

/**
 * The students' directory with the columns chosen: one read of the students with their class and parents (a
 * parent's names joined in SQL), the class check and the activity line, all in one batch.
 */
export async function studentsInfo(ctx: TenantContext, query: StudentsInfoQuery) {
  const { db } = ctx;
  const { language, name: schoolName } = await school(ctx, query);
  const say = (text: string | null) => (text ? translate(WORDS[text] ?? text, language) : null);
  // A parent's account is `users` again, under an alias of its own inside the subquery.
  const family = sql<string | null>`(select group_concat(pu.name, ', ') from ${studentParents}
    join ${parents} on ${parents.id} = ${studentParents.parentId}
    join ${users} as pu on pu.id = ${parents.userId}
    where ${studentParents.studentId} = ${students.id})`;
  const where = studentFilter(ctx, query);
  const read = db
    .select({
      roll: students.rollNumber,
      name: as<string>(users.name, 'student_name'),
      className: as<string | null>(classes.name, 'class_name'),
      section: as<string | null>(classes.section, 'class_section'),
      gender: students.gender,
      dateOfBirth: students.dateOfBirth,
      admissionNumber: students.admissionNumber,
      admissionDate: students.admissionDate,
      parents: family.as('parent_names'),
      phone: users.phone,
      email: users.email,
      street: students.addressStreet,
      city: students.addressCity,
      state: students.addressState,
      zip: students.addressZip,
      status: students.status,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(where)
    .orderBy(
      sql`cast(${classes.name} as integer)`,
      asc(classes.section),
      sql`cast(${students.rollNumber} as integer)`,
      asc(users.name),
    );
  const [klass, rows] = await db.batch([
    classCheck(ctx, query.classId).limit(1),
    read,
    countedActivity(
      ctx,
      query.format === 'json' ? 'read' : 'export',
      REPORT_ENTITY,
      'students-info',
      [`Students information report (${describe(query, query.columns)}): `, ' student(s)'],
      db.select({ one: sql`1` }).from(sql`${read} as r`),
      { onlyIf: classExists(ctx, query.classId) },
    ),
  ]);
  if (query.classId && klass.length === 0) throw new AppError(404, 'Class not found');
  const table = tableOf(
    'Students information',
    STUDENT_LABELS,
    query.columns,
    language,
    schoolName,
    rows.map((r) => ({
      roll: r.roll,
      name: r.name,
      class: r.className ? formatClassName({ name: r.className, section: r.section }) : null,
      gender: say(r.gender),
      dateOfBirth: r.dateOfBirth,
      admissionNumber: r.admissionNumber,
      admissionDate: r.admissionDate,
      parents: r.parents,
      phone: r.phone,
      email: r.email,
      address: [r.street, r.city, r.state, r.zip].filter(Boolean).join(', ') || null,
      status: say(r.status),
    })),
  );
  return { table, file: 'students-information' };
}

/** The parents' directory: one row per parent and child of the students chosen, in one batch. */
export async function parentsInfo(ctx: TenantContext, query: ParentsInfoQuery) {
  const { db } = ctx;
  const { language, name: schoolName } = await school(ctx, query);
  const say = (text: string | null) => (text ? translate(WORDS[text] ?? text, language) : null);
  const parentUser = alias(users, 'parent_user');
  const where = and(studentFilter(ctx, query), eq(studentParents.schoolId, ctx.schoolId));
  const linked = db
    .select({
      student: as<string>(users.name, 'student_name'),
      className: as<string | null>(classes.name, 'class_name'),
      section: as<string | null>(classes.section, 'class_section'),
      roll: students.rollNumber,
      relation: studentParents.relation,
      name: sql<string>`${parentUser.name}`.as('parent_name'),
      phone: sql<string | null>`${parentUser.phone}`.as('parent_phone'),
      email: sql<string>`${parentUser.email}`.as('parent_email'),
      occupation: parents.occupation,
    })
    .from(studentParents)
    .innerJoin(students, eq(students.id, studentParents.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(parents, eq(parents.id, studentParents.parentId))
    .innerJoin(parentUser, eq(parentUser.id, parents.userId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(where);
  const [klass, rows] = await db.batch([
    classCheck(ctx, query.classId).limit(1),
    linked.orderBy(
      sql`cast(${classes.name} as integer)`,
      asc(classes.section),
      sql`cast(${students.rollNumber} as integer)`,
      asc(users.name),
      asc(studentParents.relation),
    ),
    countedActivity(
      ctx,
      query.format === 'json' ? 'read' : 'export',
      REPORT_ENTITY,
      'parents-info',
      [`Parents information report (${describe(query, query.columns)}): `, ' parent link(s)'],
      db.select({ one: sql`1` }).from(sql`${linked} as links`),
      { onlyIf: classExists(ctx, query.classId) },
    ),
  ]);
  if (query.classId && klass.length === 0) throw new AppError(404, 'Class not found');
  const table = tableOf(
    'Parents information',
    PARENT_LABELS,
    query.columns,
    language,
    schoolName,
    rows.map((r) => ({
      student: r.student,
      class: r.className ? formatClassName({ name: r.className, section: r.section }) : null,
      roll: r.roll,
      relation: say(r.relation),
      name: r.name,
      phone: r.phone,
      email: r.email,
      occupation: r.occupation,
    })),
  );
  return { table, file: 'parents-information' };
}
