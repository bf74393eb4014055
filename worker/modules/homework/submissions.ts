import { and, asc, eq, sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  assessments,
  homework,
  homeworkFiles,
  homeworkSubmissions,
  markStatusCodes,
  parents,
  studentParents,
  students,
  terms,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { assessmentWrites, gradebookWrite, marksUpsert } from '../grades';
import {
  found,
  type HomeworkRow,
  homeworkById,
  isFamilyOf,
  mayManage,
  returnedRefusal,
  toHomework,
  whileNotReturned,
} from './access';
import { refuseAbove, workStatus } from './assignments';
import { filesOf, ownStudent, toFile } from './files';
import {
  NO_TERM_FOR_DUE_DATE,
  NOT_IN_CLASS,
  NOT_MARKED,
  NOTHING_MARKED,
  type ReviewInput,
  SCORE_ABOVE_MAXIMUM,
  type SubmissionInput,
  WORK_RETURNED,
} from './schemas';

const rollOrder = [sql`cast(${students.rollNumber} as integer)`, asc(students.rollNumber)] as const;
const labelOf = (row: Pick<HomeworkRow, 'className' | 'classSection'>) =>
  classLabel({ name: row.className ?? '', section: row.classSection ?? '' });

type SubmissionRow = typeof homeworkSubmissions.$inferSelect;

function toSubmission(row: SubmissionRow, showReview: boolean) {
  const returned = row.returnedAt != null;
  return {
    submittedAt: row.submittedAt,
    text: row.body,
    late: row.late === 1,
    marks: (returned || showReview) && row.score != null ? row.score / 100 : null,
    feedback: returned || showReview ? (row.feedback ?? null) : null,
    returnedAt: row.returnedAt ?? null,
  };
}

/**
 * `GET /api/homework/:id/submissions`: every active student of the class by roll number with what they handed in
 * (null: not yet), so who has not handed in is in the same list; and the counts. One read batch, then its log line.
 */
export async function submissionRoster(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const [[row], rows] = await db.batch([
    homeworkById(ctx, id),
    db
      .select({
        id: students.id,
        name: named(users.name, 'student_name'),
        rollNumber: students.rollNumber,
        submission: homeworkSubmissions,
        files:
          sql<number>`(select count(*) from ${homeworkFiles} f where f.school_id = ${ctx.schoolId} and f.homework_id = ${id} and f.student_id = ${students.id})`
            .mapWith(Number)
            .as('file_count'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(
        homeworkSubmissions,
        and(eq(homeworkSubmissions.homeworkId, id), eq(homeworkSubmissions.studentId, students.id)),
      )
      .where(
        and(
          eq(students.schoolId, ctx.schoolId),
          eq(students.status, 'active'),
          sql`${students.classId} = (select h.class_id from ${homework} h where h.id = ${id} and h.school_id = ${ctx.schoolId})`,
        ),
      )
      .orderBy(...rollOrder),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  await activity(
    ctx,
    'read',
    'homework',
    id,
    `Viewed the hand-ins of homework "${current.title}" of ${labelOf(current)}`,
  );
  const now = ctx.now();
  return {
    homework: toHomework(current, now),
    students: rows.map((r) => ({
      _id: r.id,
      name: r.name ?? '',
      rollNumber: r.rollNumber,
      status: workStatus(
        { submittedAt: r.submission?.submittedAt ?? null, returnedAt: r.submission?.returnedAt ?? null },
        current.dueAt,
        now,
      ),
      files: r.files,
      submission: r.submission ? toSubmission(r.submission, true) : null,
    })),
  };
}

/**
 * `GET /api/homework/:id/submissions/:studentId`: one student's hand-in with its files, for the student, their
 * parents and the homework's staff. Marks and feedback reach the family once the work is returned.
 */
export async function getSubmission(ctx: TenantContext, id: string, studentId: string) {
  const { db } = ctx;
  const [[row], [student], [submission], files] = await db.batch([
    homeworkById(ctx, id),
    db
      .select({
        id: students.id,
        name: named(users.name, 'student_name'),
        classId: students.classId,
        family: isFamilyOf(ctx, sql`${students.id}`).mapWith(Number).as('family'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    db
      .select()
      .from(homeworkSubmissions)
      .where(
        ctx.scoped(
          homeworkSubmissions,
          eq(homeworkSubmissions.homeworkId, id),
          eq(homeworkSubmissions.studentId, studentId),
        ),
      )
      .limit(1),
    filesOf(ctx, id, studentId),
  ]);
  const current = found(row);
  const family = ctx.session.role === 'student' || ctx.session.role === 'parent';
  if (family) {
    if (!student?.family || (!current.family && !submission)) throw notFound('Homework');
  } else mayManage(ctx, current);
  if (!student || (student.classId !== current.classId && !submission)) throw notFound('Student');
  if (!family)
    await activity(ctx, 'read', 'homework_submission', id, `Viewed ${student.name}'s hand-in of "${current.title}"`);
  const now = ctx.now();
  return {
    homework: toHomework(current, now),
    student: { _id: student.id, name: student.name ?? '' },
    status: workStatus(
      { submittedAt: submission?.submittedAt ?? null, returnedAt: submission?.returnedAt ?? null },
      current.dueAt,
      now,
    ),
    submission: submission ? toSubmission(submission, !family) : null,
    files: files.map(toFile),
  };
}

/**
 * `PUT /api/homework/:id/submission`: the signed-in student hands in (or hands in again) their text; late when
 * after the due time. Refused once the work is returned, inside the write too.
 */
export async function submitWork(ctx: TenantContext, id: string, input: SubmissionInput) {
  const { db } = ctx;
  const [[row], [me], [earlier]] = await db.batch([
    homeworkById(ctx, id),
    ownStudent(ctx),
    db
      .select({ returnedAt: homeworkSubmissions.returnedAt })
      .from(homeworkSubmissions)
      .innerJoin(students, eq(students.id, homeworkSubmissions.studentId))
      .where(
        and(
          eq(homeworkSubmissions.homeworkId, id),
          eq(students.userId, ctx.session.userId),
          eq(homeworkSubmissions.schoolId, ctx.schoolId),
        ),
      )
      .limit(1),
  ]);
  const current = found(row);
  if (!me) throw notFound('Homework');
  if (!current.family) {
    if (me.classId !== current.classId) throw notFound('Homework');
    throw new AppError(403, NOT_IN_CLASS);
  }
  if (earlier?.returnedAt) throw new AppError(409, WORK_RETURNED, { code: 'CONFLICT' });
  const now = ctx.now().toISOString();
  const late = now > current.dueAt ? 1 : 0;
  try {
    await db.batch([
      db
        .insert(homeworkSubmissions)
        .values({
          schoolId: ctx.schoolId,
          homeworkId: id,
          studentId: me.id,
          body: input.text,
          submittedAt: now,
          late,
        })
        .onConflictDoUpdate({
          target: [homeworkSubmissions.homeworkId, homeworkSubmissions.studentId],
          set: { body: input.text, submittedAt: now, late },
          setWhere: sql`${homeworkSubmissions.returnedAt} is null`,
        }),
      ...whileNotReturned(ctx, id, me.id),
      activity(
        ctx,
        earlier ? 'update' : 'create',
        'homework_submission',
        id,
        `${earlier ? 'Handed in again' : 'Handed in'} homework "${current.title}"${late ? ' late' : ''}`,
      ),
    ]);
  } catch (error) {
    throw returnedRefusal(error);
  }
  await ctx.publish(ctx.schoolId, {
    type: 'homework_updated',
    data: { reason: 'submitted', homeworkId: id, classId: current.classId, userIds: [ctx.session.userId] },
  });
  return { homeworkId: id, studentId: me.id, submittedAt: now, late: late === 1, status: 'submitted' as const };
}

/** The accounts a student's returned work concerns: the student and their parents. */
const familyAccounts = (ctx: TenantContext, studentId: string) =>
  ctx.db
    .select({ userId: users.id })
    .from(users)
    .where(
      sql`${users.id} in (select s.user_id from ${students} s where s.id = ${studentId} and s.school_id = ${ctx.schoolId}
        union select p.user_id from ${studentParents} sp join ${parents} p on p.id = sp.parent_id where sp.student_id = ${studentId})`,
    );

/**
 * `PUT /api/homework/:id/submissions/:studentId/review`: marks within the maximum, feedback, and the work returned
 * (or kept as a draft with `returned: false`). Marks on homework that is not marked are refused.
 */
export async function reviewWork(ctx: TenantContext, id: string, studentId: string, input: ReviewInput) {
  const { db } = ctx;
  const [[row], [submission], accounts] = await db.batch([
    homeworkById(ctx, id),
    db
      .select({ submission: homeworkSubmissions, name: named(users.name, 'student_name') })
      .from(homeworkSubmissions)
      .innerJoin(students, eq(students.id, homeworkSubmissions.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(
        ctx.scoped(
          homeworkSubmissions,
          eq(homeworkSubmissions.homeworkId, id),
          eq(homeworkSubmissions.studentId, studentId),
        ),
      )
      .limit(1),
    familyAccounts(ctx, studentId),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  if (!submission) throw notFound('Submission');
  if (input.marks != null) {
    if (current.maxScore == null) throw new AppError(400, NOT_MARKED);
    if (input.marks > current.maxScore)
      throw new AppError(400, SCORE_ABOVE_MAXIMUM, {
        code: 'SCORE_ABOVE_MAXIMUM',
        details: [{ msg: SCORE_ABOVE_MAXIMUM, path: 'marks' }],
      });
  }
  const now = ctx.now().toISOString();
  const score = input.marks === undefined ? submission.submission.score : input.marks;
  const feedback = input.feedback === undefined ? submission.submission.feedback : input.feedback;
  const returnedAt = input.returned ? now : null;
  try {
    await db.batch([
      db
        .update(homeworkSubmissions)
        .set({ score, feedback, returnedAt, returnedBy: input.returned ? ctx.session.userId : null })
        .where(
          ctx.scoped(
            homeworkSubmissions,
            eq(homeworkSubmissions.homeworkId, id),
            eq(homeworkSubmissions.studentId, studentId),
          ),
        ),
      refuseAbove(ctx, id),
      activity(
        ctx,
        'update',
        'homework_submission',
        id,
        `${input.returned ? 'Returned' : 'Reviewed'} ${submission.name}'s homework "${current.title}"${score == null ? '' : ` with ${score / 100} of ${(current.maxScore ?? 0) / 100}`}`,
      ),
      pastYearWrite(ctx, current.classId, `reviewed homework "${current.title}"`),
    ]);
  } catch (error) {
    if (refusalOf(error, 'homework-maximum'))
      throw new AppError(409, SCORE_ABOVE_MAXIMUM, { code: 'SCORE_ABOVE_MAXIMUM' });
    throw error;
  }
  if (input.returned)
    await ctx.publish(ctx.schoolId, {
      type: 'homework_updated',
      data: {
        reason: 'returned',
        homeworkId: id,
        classId: current.classId,
        userIds: accounts.map((a) => a.userId),
      },
    });
  return {
    homeworkId: id,
    studentId,
    marks: score == null ? null : score / 100,
    feedback: feedback ?? null,
    returnedAt,
  };
}

/**
 * `POST /api/homework/:id/gradebook`: the returned work's marks land in the gradebook as an assessment of type
 * homework, dated the due date in the term holding it. The first time, the assessment is made (through the
 * gradebook's own writes) and its marks written in the same batch; again later, the marks are written anew into it.
 */
export async function sendToGradebook(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const [[row], scored, [term], [linked]] = await db.batch([
    homeworkById(ctx, id),
    db
      .select({ studentId: homeworkSubmissions.studentId, score: homeworkSubmissions.score })
      .from(homeworkSubmissions)
      .where(
        ctx.scoped(
          homeworkSubmissions,
          eq(homeworkSubmissions.homeworkId, id),
          sql`${homeworkSubmissions.returnedAt} is not null and ${homeworkSubmissions.score} is not null`,
        ),
      ),
    db
      .select({ id: terms.id, name: terms.name })
      .from(terms)
      .where(
        ctx.scoped(
          terms,
          sql`${terms.startDate} <= (select h.due_date from ${homework} h where h.id = ${id} and h.school_id = ${ctx.schoolId})`,
          sql`${terms.endDate} >= (select h.due_date from ${homework} h where h.id = ${id} and h.school_id = ${ctx.schoolId})`,
        ),
      )
      .limit(1),
    db
      .select({ id: assessments.id })
      .from(assessments)
      .innerJoin(homework, eq(homework.assessmentId, assessments.id))
      .where(and(eq(homework.id, id), eq(homework.schoolId, ctx.schoolId)))
      .limit(1),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  if (current.maxScore == null) throw new AppError(400, NOT_MARKED);
  if (scored.length === 0) throw new AppError(400, NOTHING_MARKED);
  if (!linked && !term) throw new AppError(400, NO_TERM_FOR_DUE_DATE);
  const rows = JSON.stringify(scored.map((s) => ({ s: s.studentId, c: markStatusCodes.scored, v: s.score, r: null })));
  const now = ctx.now().toISOString();
  const summary = `Sent ${scored.length} mark(s) of homework "${current.title}" of ${labelOf(current)} to the gradebook`;
  const key = linked
    ? linked.id
    : sql`(select max(a.id) from ${assessments} a where a.school_id = ${ctx.schoolId} and a.class_id = ${current.classId})`;
  const made = linked
    ? null
    : assessmentWrites(ctx, {
        klass: { id: current.classId, name: current.className ?? '', section: current.classSection ?? '' },
        subject: { id: current.subjectId, name: current.subjectName ?? '' },
        term: term as { id: string; name: string },
        title: current.title,
        type: 'homework',
        date: current.dueDate,
        maxScore: current.maxScore,
      });
  await gradebookWrite(() =>
    db.batch([
      // Made once: a second send that raced this one finds the homework linked and refuses.
      refuseIf(
        db,
        'homework-linked',
        sql`select assessment_id as detail from ${homework} where id = ${id} and school_id = ${ctx.schoolId} and assessment_id is not null and ${linked ? 0 : 1} = 1`,
      ),
      ...(made ? made.statements : []),
      db
        .update(homework)
        .set({ assessmentId: linked ? linked.id : key })
        .where(ctx.scoped(homework, eq(homework.id, id))),
      marksUpsert(ctx, linked ? linked.id : sql`(select h.assessment_id from ${homework} h where h.id = ${id})`, rows),
      db
        .update(assessments)
        .set({ markedBy: ctx.session.userId, markedAt: now })
        .where(
          ctx.scoped(
            assessments,
            sql`${assessments.id} = (select h.assessment_id from ${homework} h where h.id = ${id})`,
          ),
        ),
      refuseIf(
        db,
        'marks-maximum',
        sql`select m.student_number as detail from assessment_marks m join ${assessments} a on a.id = m.assessment_id
          where m.assessment_id = (select h.assessment_id from ${homework} h where h.id = ${id}) and m.score > a.max_score`,
      ),
      activity(ctx, 'update', 'homework', id, summary),
    ] as never),
  ).catch((error) => {
    if (refusalOf(error, 'homework-linked'))
      throw new AppError(409, 'The marks were sent to the gradebook at the same time: send them again', {
        code: 'CONFLICT',
      });
    throw error;
  });
  const [after] = await homeworkById(ctx, id);
  await ctx.publish(ctx.schoolId, {
    type: 'marks_saved',
    data: {
      assessmentId: String(after?.assessmentId ?? ''),
      classId: current.classId,
      subjectId: current.subjectId,
      saved: scored.length,
    },
  });
  return { homeworkId: id, assessmentId: String(after?.assessmentId ?? ''), saved: scored.length, markedAt: now };
}
