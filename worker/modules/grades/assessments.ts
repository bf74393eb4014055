import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { batchOf } from '../../db/database';
import { refusalOf, refuseIf } from '../../db/guard';
import { assessmentMarks, assessments, classes, reportPublications, subjects, terms } from '../../db/schema';
import { activity } from '../../lib/activity';
import { callerTeaches, NOT_YOUR_CLASS } from '../../lib/class-access';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { assessmentById, callerTeachesSubject, found, mayManage, selectAssessments, toAssessment } from './access';
import {
  type AssessmentInput,
  type AssessmentsQuery,
  type AssessmentUpdate,
  assessmentKey,
  DATE_OUTSIDE_TERM,
  DELETE_MARKS_CHANGED,
  type DeleteAssessmentQuery,
  MAXIMUM_BELOW_SCORES,
  REPORT_CARDS_OUT,
  SUBJECT_NOT_IN_CLASS,
} from './schemas';

const marksOf = (text: number) => `${text / 100}`;

/** `GET /api/grades/assessments?classId=`: a class's assessments by date (a teacher: a class they teach). */
export async function listAssessments(ctx: TenantContext, query: AssessmentsQuery) {
  const { db } = ctx;
  const [[klass], rows] = await db.batch([
    db
      .select({
        id: classes.id,
        teaches: sql<number>`${callerTeaches(ctx, classes.id)}`.mapWith(Number).as('teaches'),
      })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, query.classId)))
      .limit(1),
    selectAssessments(ctx)
      .where(
        ctx.scoped(
          assessments,
          eq(assessments.classId, query.classId),
          query.termId ? eq(assessments.termId, query.termId) : undefined,
          query.subjectId ? eq(assessments.subjectId, query.subjectId) : undefined,
        ),
      )
      .orderBy(asc(assessments.date), asc(assessments.id)),
  ]);
  if (!klass) throw notFound('Class');
  // A teacher reads the assessments of a class they lead or teach a subject in.
  if (ctx.session.role === 'teacher' && !klass.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  return rows.map(toAssessment);
}

/** `GET /api/grades/assessments/:id`. */
export async function getAssessment(ctx: TenantContext, id: string) {
  const [row] = await assessmentById(ctx, assessmentKey(id));
  const assessment = found(row);
  mayManage(ctx, assessment);
  return toAssessment(assessment);
}

const termById = (ctx: TenantContext, id: string) =>
  ctx.db
    .select()
    .from(terms)
    .where(ctx.scoped(terms, eq(terms.id, id)))
    .limit(1);

function checkDateInTerm(date: string, term: { startDate: string; endDate: string }) {
  if (date < term.startDate || date > term.endDate)
    throw new AppError(400, DATE_OUTSIDE_TERM, {
      code: 'DATE_OUTSIDE_TERM',
      details: [{ msg: DATE_OUTSIDE_TERM, path: 'date' }],
    });
}

/** A term deleted while an assessment is written into it refuses the write. */
const termStays = (ctx: TenantContext, termId: string) =>
  refuseIf(
    ctx.db,
    'assessment-term',
    sql`select '' as detail where not exists (select 1 from ${terms} where ${ctx.scoped(terms, eq(terms.id, termId))})`,
  );

/** The class and its subject are still there, the subject still the class's: a delete or move meanwhile refuses. */
const subjectStays = (ctx: TenantContext, classId: string, subjectId: string) =>
  refuseIf(
    ctx.db,
    'assessment-subject',
    sql`select case
        when not exists (select 1 from ${classes} where ${ctx.scoped(classes, eq(classes.id, classId))}) then 'class'
        when not exists (select 1 from ${subjects} where ${ctx.scoped(subjects, eq(subjects.id, subjectId))}) then 'subject'
        else 'moved' end as detail
      where not exists (select 1 from ${subjects} where ${ctx.scoped(subjects, and(eq(subjects.id, subjectId), eq(subjects.classId, classId)))})`,
  );

/** A gradebook write's batch, its refusals answered with the gradebook's messages. */
export async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (refusalOf(error, 'assessment-term')) throw notFound('Term');
    const subjectGone = refusalOf(error, 'assessment-subject');
    if (subjectGone?.detail === 'class') throw notFound('Class');
    if (subjectGone?.detail === 'subject') throw notFound('Subject');
    if (subjectGone) throw new AppError(400, SUBJECT_NOT_IN_CLASS, { code: 'SUBJECT_NOT_IN_CLASS' });
    if (refusalOf(error, 'marks-maximum'))
      throw new AppError(409, MAXIMUM_BELOW_SCORES, { code: 'SCORE_ABOVE_MAXIMUM' });
    throw error;
  }
}

/** `POST /api/grades/assessments`: administrators for any subject, teachers for the subjects they teach. */
export async function createAssessment(ctx: TenantContext, input: AssessmentInput) {
  const { db } = ctx;
  const [[klass], [subject], [term]] = await db.batch([
    db
      .select({ id: classes.id, name: classes.name, section: classes.section })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, input.classId)))
      .limit(1),
    db
      .select({
        id: subjects.id,
        name: subjects.name,
        classId: subjects.classId,
        teaches: callerTeachesSubject(ctx, sql`${subjects.id}`).as('teaches'),
      })
      .from(subjects)
      .where(ctx.scoped(subjects, eq(subjects.id, input.subjectId)))
      .limit(1),
    termById(ctx, input.termId),
  ]);
  if (!klass) throw notFound('Class');
  if (!subject) throw notFound('Subject');
  if (!term) throw notFound('Term');
  if (subject.classId !== klass.id) throw new AppError(400, SUBJECT_NOT_IN_CLASS, { code: 'SUBJECT_NOT_IN_CLASS' });
  mayManage(ctx, subject);
  checkDateInTerm(input.date, term);
  const made = assessmentWrites(ctx, { klass, subject, term, ...input, maxScore: input.maxMarks });
  const [, , [written]] = (await guarded(() => db.batch(made.statements))) as unknown as [
    unknown,
    unknown,
    { id: number }[],
  ];
  return toAssessment({
    ...made.values,
    id: written.id,
    className: klass.name,
    classSection: klass.section,
    subjectName: subject.name,
    termName: term.name,
    markedAt: null,
    markedCount: 0,
  });
}

export interface NewAssessment {
  klass: { id: string; name: string; section: string };
  subject: { id: string; name: string };
  term: { id: string; name: string };
  title: string;
  type: (typeof assessments.$inferInsert)['type'];
  date: string;
  /** In hundredths. */
  maxScore: number;
  weight?: number;
}

/**
 * The one way an assessment is made: the write-batch statements (the term and the class's subject held, the insert
 * returning its key third, the log line, the past year's rule). `createAssessment` runs them alone; homework whose
 * marks go to the gradebook runs them in its own batch, before its marks. Wrap the batch in `guarded`.
 */
export function assessmentWrites(ctx: TenantContext, input: NewAssessment) {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const { klass, subject, term } = input;
  const values = {
    schoolId: ctx.schoolId,
    classId: klass.id,
    subjectId: subject.id,
    termId: term.id,
    title: input.title,
    type: input.type,
    date: input.date,
    maxScore: input.maxScore,
    weight: input.weight ?? 1,
    createdBy: ctx.session.userId,
    createdAt: now,
    updatedAt: now,
  };
  const statements = [
    // Before the insert: the term's key would refuse it as a constraint, not as this rule.
    termStays(ctx, term.id),
    subjectStays(ctx, klass.id, subject.id),
    db.insert(assessments).values(values).returning({ id: assessments.id }),
    activity(
      ctx,
      'create',
      'assessment',
      null,
      `Added ${input.type} "${input.title}" of ${subject.name} for ${classLabel(klass)} on ${input.date} (out of ${marksOf(input.maxScore)})`,
    ),
    pastYearWrite(ctx, klass.id, `added ${subject.name} "${input.title}"`),
  ] as const;
  return { values, statements };
}

/** `PUT /api/grades/assessments/:id`: maximum marks never below a score already given (checked in the batch too). */
export async function updateAssessment(ctx: TenantContext, id: string, input: AssessmentUpdate) {
  const { db } = ctx;
  const key = assessmentKey(id);
  const [[row], [best], [newTerm]] = await db.batch([
    assessmentById(ctx, key),
    db
      .select({ score: sql<number | null>`max(${assessmentMarks.score})`.as('best') })
      .from(assessmentMarks)
      .where(eq(assessmentMarks.assessmentId, key)),
    termById(ctx, input.termId ?? ''),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  if (input.termId && !newTerm) throw notFound('Term');
  const term = newTerm ?? null;
  const next = {
    ...current,
    ...(term ? { termId: term.id, termName: term.name } : {}),
    title: input.title ?? current.title,
    type: input.type ?? current.type,
    date: input.date ?? current.date,
    maxScore: input.maxMarks ?? current.maxScore,
    weight: input.weight ?? current.weight,
    updatedAt: ctx.now().toISOString(),
  };
  if (term || input.date) {
    const [check] = term ? [term] : await termById(ctx, next.termId);
    if (check) checkDateInTerm(next.date, check);
  }
  if (best?.score != null && next.maxScore < best.score)
    throw new AppError(409, MAXIMUM_BELOW_SCORES, { code: 'SCORE_ABOVE_MAXIMUM' });
  const changes = [
    next.title !== current.title ? `title "${current.title}" → "${next.title}"` : '',
    next.maxScore !== current.maxScore ? `maximum ${marksOf(current.maxScore)} → ${marksOf(next.maxScore)}` : '',
    next.date !== current.date ? `date ${current.date} → ${next.date}` : '',
    next.weight !== current.weight ? `weight ${current.weight} → ${next.weight}` : '',
    next.termId !== current.termId ? `term ${current.termName} → ${next.termName}` : '',
    next.type !== current.type ? `type ${current.type} → ${next.type}` : '',
  ].filter(Boolean);
  await guarded(() =>
    db.batch([
      termStays(ctx, next.termId),
      db
        .update(assessments)
        .set({
          termId: next.termId,
          title: next.title,
          type: next.type,
          date: next.date,
          maxScore: next.maxScore,
          weight: next.weight,
          updatedAt: next.updatedAt,
        })
        .where(ctx.scoped(assessments, eq(assessments.id, key))),
      refuseIf(
        db,
        'marks-maximum',
        sql`select ${assessmentMarks.studentNumber} as detail from ${assessmentMarks} where ${and(
          eq(assessmentMarks.assessmentId, key),
          sql`${assessmentMarks.score} > ${next.maxScore}`,
        )}`,
      ),
      activity(
        ctx,
        'update',
        'assessment',
        String(key),
        `Changed ${current.subjectName} "${current.title}" of ${classLabel({ name: current.className ?? '', section: current.classSection ?? '' })}: ${changes.join('; ') || 'no change'}`,
      ),
      pastYearWrite(ctx, current.classId, `changed ${current.subjectName} "${current.title}"`),
    ]),
  );
  return toAssessment(next);
}

/**
 * `DELETE /api/grades/assessments/:id`: the assessment with its marks; how many is kept in the activity log. A teacher
 * deletes one of a subject they teach while its term's report cards for the class are not published; both rules,
 * and the number of marks the caller was shown (`?marks=`), are held inside the write batch too.
 */
export async function deleteAssessment(ctx: TenantContext, id: string, query: DeleteAssessmentQuery = {}) {
  const { db } = ctx;
  const key = assessmentKey(id);
  const published = sql`select '' as detail from ${reportPublications} p join ${assessments} a
    on a.id = ${key} and a.school_id = ${ctx.schoolId} and p.school_id = a.school_id and p.class_id = a.class_id and p.term_id = a.term_id`;
  const [[row], [out]] = await db.batch([
    assessmentById(ctx, key),
    db.select({ published: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${published}) as p`),
  ]);
  const current = found(row);
  mayManage(ctx, current);
  const asTeacher = ctx.session.role === 'teacher';
  if (asTeacher && out?.published) throw new AppError(409, REPORT_CARDS_OUT, { code: 'REPORT_CARDS_PUBLISHED' });
  if (query.marks !== undefined && query.marks !== current.markedCount)
    throw new AppError(409, DELETE_MARKS_CHANGED, { code: 'CONFLICT' });
  const counted = sql`select count(*) as n from ${assessmentMarks} where ${eq(assessmentMarks.assessmentId, key)}`;
  try {
    await db.batch(
      batchOf<BatchItem<'sqlite'>>([
        ...(asTeacher ? [refuseIf(db, 'assessment-published', published)] : []),
        ...(query.marks === undefined
          ? []
          : [refuseIf(db, 'assessment-marks', sql`select n as detail from (${counted}) where n <> ${query.marks}`)]),
        db.delete(assessments).where(ctx.scoped(assessments, eq(assessments.id, key))),
        activity(
          ctx,
          'delete',
          'assessment',
          String(key),
          `Deleted ${current.subjectName} "${current.title}" of ${classLabel({ name: current.className ?? '', section: current.classSection ?? '' })} on ${current.date} with ${current.markedCount} mark(s)`,
        ),
        pastYearWrite(ctx, current.classId, `deleted ${current.subjectName} "${current.title}"`),
      ]),
    );
  } catch (error) {
    if (refusalOf(error, 'assessment-published'))
      throw new AppError(409, REPORT_CARDS_OUT, { code: 'REPORT_CARDS_PUBLISHED' });
    if (refusalOf(error, 'assessment-marks')) throw new AppError(409, DELETE_MARKS_CHANGED, { code: 'CONFLICT' });
    throw error;
  }
  return { _id: String(key) };
}
