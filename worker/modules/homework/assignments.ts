import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import { classes, homework, homeworkFiles, homeworkSubmissions, students, subjects, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named, outer } from '../../db/sql';
import { activity } from '../../lib/activity';
import { callerTeaches, NOT_YOUR_CLASS } from '../../lib/class-access';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { instantInZone } from '../../lib/time';
import { removeStoredFiles } from '../documents';
import { callerTeachesSubject } from '../grades';
import {
  found,
  type HomeworkRow,
  homeworkById,
  isFamilyOf,
  mayManage,
  maySee,
  ofYear,
  selectHomework,
  toHomework,
} from './access';
import { filesOf, toFile } from './files';
import {
  type HomeworkInput,
  type HomeworkQuery,
  type HomeworkUpdate,
  MAXIMUM_BELOW_SCORES,
  NOT_YOUR_HOMEWORK,
  type StudentHomeworkQuery,
  SUBJECT_NOT_IN_CLASS,
} from './schemas';

const marksOf = (hundredths: number | null) => (hundredths == null ? 'not marked' : `out of ${hundredths / 100}`);
const labelOf = (row: Pick<HomeworkRow, 'className' | 'classSection'>) =>
  classLabel({ name: row.className ?? '', section: row.classSection ?? '' });

/** Status filters in SQL, as `statusOf` tells them apart. */
function statusWhere(status: HomeworkQuery['status'], now: string): SQL | undefined {
  if (!status) return undefined;
  const handedIn = sql`(select count(*) from ${homeworkSubmissions} hs where hs.homework_id = ${homework.id})`;
  const size = sql`(select count(*) from ${students} cs where cs.school_id = ${homework.schoolId} and cs.class_id = ${homework.classId} and cs.status = 'active')`;
  if (status === 'active') return sql`${homework.dueAt} > ${now}`;
  if (status === 'completed') return sql`${homework.dueAt} <= ${now} and ${handedIn} >= ${size}`;
  return sql`${homework.dueAt} <= ${now} and ${handedIn} < ${size}`;
}

/**
 * `GET /api/homework`: the office's homework of any class, a teacher's of the subjects they teach; newest due first,
 * paged. One round trip: the page and the count.
 */
export async function listHomework(ctx: TenantContext, query: HomeworkQuery) {
  const { db } = ctx;
  const now = ctx.now();
  const where = ctx.scoped(
    homework,
    query.classId ? eq(homework.classId, query.classId) : undefined,
    query.subjectId ? eq(homework.subjectId, query.subjectId) : undefined,
    // A class named is its year's; without one, the year's classes (the current year's unless named).
    query.classId ? undefined : ofYear(ctx.schoolId, outer(homework.classId), query.academicYear),
    ctx.session.role === 'teacher' ? sql`${callerTeachesSubject(ctx, outer(homework.subjectId))} = 1` : undefined,
    statusWhere(query.status, now.toISOString()),
  );
  const [rows, [total], [filters]] = await db.batch([
    selectHomework(ctx)
      .where(where)
      .orderBy(desc(homework.dueAt), desc(homework.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(homework)
      .where(where),
    // The class and subject filtered by are this school's: another school's answer 404 like missing ones. Named
    // apart: D1 answers a batch's rows keyed by column name, and two bare `1` columns would be one.
    db
      .select({
        klass: (query.classId
          ? sql<number>`exists (select 1 from ${classes} where ${ctx.scoped(classes, eq(classes.id, query.classId))})`
          : sql<number>`1`
        )
          .mapWith(Number)
          .as('class_found'),
        subject: (query.subjectId
          ? sql<number>`exists (select 1 from ${subjects} where ${ctx.scoped(subjects, eq(subjects.id, query.subjectId))})`
          : sql<number>`1`
        )
          .mapWith(Number)
          .as('subject_found'),
      })
      .from(sql`(select 1)`),
  ]);
  if (!filters?.klass) throw notFound('Class');
  if (!filters.subject) throw notFound('Subject');
  return { rows: rows.map((row) => toHomework(row, now)), total: total?.n ?? 0 };
}

/** `POST /api/homework`: for a class's subject the caller teaches (any, for the office); due on the school's clock. */
export async function createHomework(ctx: TenantContext, input: HomeworkInput) {
  const { db } = ctx;
  const [[subject], school] = await Promise.all([
    db
      .select({
        id: subjects.id,
        name: subjects.name,
        classId: subjects.classId,
        className: named(classes.name, 'class_name'),
        classSection: named(classes.section, 'class_section'),
        teaches: callerTeachesSubject(ctx, sql`${subjects.id}`).as('teaches'),
        classFound:
          sql<number>`exists (select 1 from ${classes} c where c.id = ${input.classId} and c.school_id = ${ctx.schoolId})`
            .mapWith(Number)
            .as('class_found'),
      })
      .from(subjects)
      .leftJoin(classes, eq(classes.id, subjects.classId))
      .where(ctx.scoped(subjects, eq(subjects.id, input.subjectId)))
      .limit(1),
    ctx.school(),
  ]);
  if (!subject) throw notFound('Subject');
  if (!subject.classFound) throw notFound('Class');
  if (subject.classId !== input.classId)
    throw new AppError(400, SUBJECT_NOT_IN_CLASS, { code: 'SUBJECT_NOT_IN_CLASS' });
  if (ctx.session.role === 'teacher' && !subject.teaches) throw new AppError(403, NOT_YOUR_HOMEWORK);
  const now = ctx.now().toISOString();
  const id = newId();
  const values = {
    id,
    schoolId: ctx.schoolId,
    classId: input.classId,
    subjectId: subject.id,
    title: input.title,
    instructions: input.instructions,
    dueDate: input.dueDate,
    dueTime: input.dueTime,
    dueAt: instantInZone(input.dueDate, input.dueTime, school.timeZone),
    maxScore: input.maxMarks ?? null,
    createdBy: ctx.session.userId,
    createdAt: now,
    updatedAt: now,
  };
  const label = labelOf(subject);
  const [inserted] = await db.batch([
    // Written only while the subject is still the class's: a subject moved meanwhile writes nothing.
    db
      .insert(homework)
      .select(
        sql`select ${id}, ${ctx.schoolId}, ${values.classId}, ${values.subjectId}, ${values.title}, ${values.instructions},
          ${values.dueDate}, ${values.dueTime}, ${values.dueAt}, ${values.maxScore}, null, ${values.createdBy}, null, ${now}, ${now}
          from ${subjects} where ${subjects.id} = ${subject.id} and ${subjects.schoolId} = ${ctx.schoolId} and ${subjects.classId} = ${input.classId}`,
      )
      .returning({ id: homework.id }),
    activity(
      ctx,
      'create',
      'homework',
      id,
      `Set ${subject.name} homework "${input.title}" for ${label}, due ${input.dueDate} ${input.dueTime} (${marksOf(values.maxScore)})`,
    ),
    pastYearWrite(ctx, input.classId, `set ${subject.name} homework "${input.title}"`),
  ]);
  if (inserted.length === 0) throw new AppError(400, SUBJECT_NOT_IN_CLASS, { code: 'SUBJECT_NOT_IN_CLASS' });
  await ctx.publish(ctx.schoolId, {
    type: 'homework_updated',
    data: { reason: 'set', homeworkId: id, classId: input.classId },
  });
  const [row] = await homeworkById(ctx, id);
  return { ...toHomework(found(row), ctx.now()), attachments: [] };
}

/** `GET /api/homework/:id`: the homework with the teacher's attachments, for its staff and its class's families. */
export async function getHomework(ctx: TenantContext, id: string) {
  const [[row], files] = await ctx.db.batch([homeworkById(ctx, id), filesOf(ctx, id, null)]);
  const current = found(row);
  maySee(ctx, current);
  return { ...toHomework(current, ctx.now()), attachments: files.map(toFile) };
}

/** `PUT /api/homework/:id`: a new due date or time moves the due instant; maximum marks never below a score given. */
export async function updateHomework(ctx: TenantContext, id: string, input: HomeworkUpdate) {
  const { db } = ctx;
  const [[[row], [best]], school] = await Promise.all([
    db.batch([
      homeworkById(ctx, id),
      db
        .select({ score: sql<number | null>`max(${homeworkSubmissions.score})`.as('best') })
        .from(homeworkSubmissions)
        .where(eq(homeworkSubmissions.homeworkId, id)),
    ]),
    ctx.school(),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  const maxScore = input.maxMarks === undefined ? current.maxScore : input.maxMarks;
  if (best?.score != null && (maxScore == null || maxScore < best.score))
    throw new AppError(409, MAXIMUM_BELOW_SCORES, { code: 'SCORE_ABOVE_MAXIMUM' });
  const dueDate = input.dueDate ?? current.dueDate;
  const dueTime = input.dueTime ?? current.dueTime;
  const next = {
    title: input.title ?? current.title,
    instructions: input.instructions ?? current.instructions,
    dueDate,
    dueTime,
    dueAt: instantInZone(dueDate, dueTime, school.timeZone),
    maxScore,
    updatedAt: ctx.now().toISOString(),
  };
  const changes = [
    next.title !== current.title ? `title "${current.title}" → "${next.title}"` : '',
    next.instructions !== current.instructions ? 'instructions' : '',
    next.dueAt !== current.dueAt ? `due ${current.dueDate} ${current.dueTime} → ${dueDate} ${dueTime}` : '',
    next.maxScore !== current.maxScore ? `${marksOf(current.maxScore)} → ${marksOf(next.maxScore)}` : '',
  ].filter(Boolean);
  try {
    await db.batch([
      db
        .update(homework)
        // A new due date is reminded of anew.
        .set({ ...next, ...(next.dueDate !== current.dueDate ? { remindedOn: null } : {}) })
        .where(ctx.scoped(homework, eq(homework.id, id))),
      // A score given meanwhile above the new maximum refuses the change.
      refuseAbove(ctx, id),
      activity(
        ctx,
        'update',
        'homework',
        id,
        `Changed ${current.subjectName} homework "${current.title}" of ${labelOf(current)}: ${changes.join('; ') || 'no change'}`,
      ),
      pastYearWrite(ctx, current.classId, `changed ${current.subjectName} homework "${current.title}"`),
    ]);
  } catch (error) {
    if (refusalOf(error, 'homework-maximum'))
      throw new AppError(409, MAXIMUM_BELOW_SCORES, { code: 'SCORE_ABOVE_MAXIMUM' });
    throw error;
  }
  const [after] = await homeworkById(ctx, id);
  return toHomework(found(after), ctx.now());
}

/** A score of the homework above its maximum (or any score once it is not marked): the batch fails. */
export function refuseAbove(ctx: TenantContext, id: string) {
  return refuseIf(
    ctx.db,
    'homework-maximum',
    sql`select s.student_id as detail from ${homeworkSubmissions} s join ${homework} h on h.id = s.homework_id
      where s.homework_id = ${id} and s.school_id = ${ctx.schoolId} and s.score is not null and (h.max_score is null or s.score > h.max_score)`,
  );
}

/** `DELETE /api/homework/:id`: with its hand-ins and files (their bytes removed after the rows). */
export async function deleteHomework(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const [[row], keys] = await db.batch([
    homeworkById(ctx, id),
    db
      .select({ key: homeworkFiles.storageKey })
      .from(homeworkFiles)
      .where(ctx.scoped(homeworkFiles, eq(homeworkFiles.homeworkId, id))),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  await db.batch([
    db.delete(homework).where(ctx.scoped(homework, eq(homework.id, id))),
    activity(
      ctx,
      'delete',
      'homework',
      id,
      `Deleted ${current.subjectName} homework "${current.title}" of ${labelOf(current)} with ${current.submitted} hand-in(s)`,
    ),
    pastYearWrite(ctx, current.classId, `deleted ${current.subjectName} homework "${current.title}"`),
  ]);
  await removeStoredFiles(
    ctx,
    keys.map((k) => k.key),
  );
  return { _id: id };
}

/** What a student has of a homework: nothing yet, handed in, returned; or past due with nothing handed in. */
export function workStatus(
  submission: { submittedAt: string | null; returnedAt: string | null },
  dueAt: string,
  now: Date,
) {
  if (submission.returnedAt) return 'returned' as const;
  if (submission.submittedAt) return 'submitted' as const;
  return dueAt > now.toISOString() ? ('pending' as const) : ('overdue' as const);
}

/**
 * `GET /api/homework/students/:id`: one student's homework (their class's) with what they handed in, newest due
 * first, paged. The student, their parents, a teacher of their class, the office. One round trip.
 */
export async function studentHomework(ctx: TenantContext, studentId: string, query: StudentHomeworkQuery) {
  const { db } = ctx;
  const now = ctx.now();
  const nowIso = now.toISOString();
  const classOf = sql`(select s.class_id from ${students} s where s.id = ${studentId} and s.school_id = ${ctx.schoolId})`;
  const sub = (column: SQL, alias: string) =>
    sql`(select ${column} from ${homeworkSubmissions} hs where hs.homework_id = ${homework.id} and hs.student_id = ${studentId})`.as(
      alias,
    );
  const byStatus: Record<StudentHomeworkQuery['status'] & string, SQL> = {
    returned: sql`exists (select 1 from ${homeworkSubmissions} hs where hs.homework_id = ${homework.id} and hs.student_id = ${studentId} and hs.returned_at is not null)`,
    submitted: sql`exists (select 1 from ${homeworkSubmissions} hs where hs.homework_id = ${homework.id} and hs.student_id = ${studentId} and hs.returned_at is null)`,
    pending: sql`${homework.dueAt} > ${nowIso} and not exists (select 1 from ${homeworkSubmissions} hs where hs.homework_id = ${homework.id} and hs.student_id = ${studentId})`,
    overdue: sql`${homework.dueAt} <= ${nowIso} and not exists (select 1 from ${homeworkSubmissions} hs where hs.homework_id = ${homework.id} and hs.student_id = ${studentId})`,
  };
  const where = ctx.scoped(
    homework,
    sql`${homework.classId} = ${classOf}`,
    query.status ? byStatus[query.status] : undefined,
  );
  const [[student], rows, [total]] = await db.batch([
    db
      .select({
        id: students.id,
        name: named(users.name, 'student_name'),
        classId: students.classId,
        family: isFamilyOf(ctx, sql`${students.id}`).mapWith(Number).as('family'),
        teaches: sql<number>`${callerTeaches(ctx, students.classId)}`.mapWith(Number).as('teaches'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    db
      .select({
        id: homework.id,
        classId: homework.classId,
        subjectId: homework.subjectId,
        subjectName: named(subjects.name, 'subject_name'),
        title: homework.title,
        instructions: homework.instructions,
        dueDate: homework.dueDate,
        dueTime: homework.dueTime,
        dueAt: homework.dueAt,
        maxScore: homework.maxScore,
        submittedAt: sub(sql`hs.submitted_at`, 'submitted_at'),
        late: sub(sql`hs.late`, 'late'),
        score: sub(sql`hs.score`, 'score'),
        feedback: sub(sql`hs.feedback`, 'feedback'),
        returnedAt: sub(sql`hs.returned_at`, 'returned_at'),
      })
      .from(homework)
      .innerJoin(subjects, eq(subjects.id, homework.subjectId))
      .where(where)
      .orderBy(desc(homework.dueAt), desc(homework.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(homework)
      .where(where),
  ]);
  if (!student) throw notFound('Student');
  const role = ctx.session.role;
  if ((role === 'student' || role === 'parent') && !student.family) throw notFound('Student');
  if (role === 'teacher' && !student.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  const list = rows.map((r) => {
    const returned = r.returnedAt != null;
    return {
      _id: r.id,
      subject: { _id: r.subjectId, name: r.subjectName ?? '' },
      title: r.title,
      instructions: r.instructions,
      dueDate: r.dueDate,
      dueTime: r.dueTime,
      dueAt: r.dueAt,
      maxMarks: r.maxScore == null ? null : r.maxScore / 100,
      status: workStatus(
        { submittedAt: r.submittedAt as string | null, returnedAt: r.returnedAt as string | null },
        r.dueAt,
        now,
      ),
      submittedAt: (r.submittedAt as string | null) ?? null,
      late: r.late == null ? null : Number(r.late) === 1,
      // Marks and feedback reach the family once the work is returned; the staff see their drafts.
      marks:
        (returned || role === 'school_admin' || role === 'teacher') && r.score != null ? Number(r.score) / 100 : null,
      feedback:
        returned || role === 'school_admin' || role === 'teacher' ? ((r.feedback as string | null) ?? null) : null,
      returnedAt: (r.returnedAt as string | null) ?? null,
    };
  });
  return { student: { _id: student.id, name: student.name ?? '' }, rows: list, total: total?.n ?? 0 };
}
