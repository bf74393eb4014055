import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  assessmentMarks,
  assessments,
  classes,
  markStatusCodes,
  markStatuses,
  reportPublications,
  schools,
  students,
  subjects,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { activity, countedActivity } from '../../lib/activity';
import { classLabel, classLabelSql } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { type AssessmentRow, assessmentById, callerTeachesSubject, found, mayManage, toAssessment } from './access';
import { assessmentKey, MARKS_CHANGED, type MarksInput, SCORE_ABOVE_MAXIMUM } from './schemas';
import { bandsOf, gradeOf } from './terms';

type Status = (typeof markStatuses)[number];
const statusOf = (code: number): Status => markStatuses[code] ?? 'scored';
const studentUser = alias(users, 'student_user');
/** Roll numbers are text; numeric ones sort as numbers ('2' before '10'). */
const rollOrder = [sql`cast(${students.rollNumber} as integer)`, asc(students.rollNumber)] as const;
const label = (row: AssessmentRow) => classLabel({ name: row.className ?? '', section: row.classSection ?? '' });
const percentOf = (score: number, max: number) => Math.round((score / max) * 1000) / 10;

/** "Viewed the marks of Mathematics "Unit test 1" of 8-A: ", read with the assessment. */
function sheetLine(ctx: TenantContext, key: number) {
  return sql`(select 'Viewed the marks of ' || ${subjects.name} || ' "' || ${assessments.title} || '" of '
    || ${classLabelSql(classes.name, classes.section)} || ': '
    from ${assessments} join ${subjects} on ${subjects.id} = ${assessments.subjectId}
    join ${classes} on ${classes.id} = ${assessments.classId}
    where ${ctx.scoped(assessments, eq(assessments.id, key))})`;
}

/** The sheet is answered: the assessment is the school's, and a teacher teaches its subject (as `mayManage`). */
function answered(ctx: TenantContext, key: number) {
  const exists = sql`exists (select 1 from ${assessments} where ${ctx.scoped(assessments, eq(assessments.id, key))})`;
  if (ctx.session.role !== 'teacher') return exists;
  const subject = sql`(select ${assessments.subjectId} from ${assessments} where ${ctx.scoped(assessments, eq(assessments.id, key))})`;
  return sql`${exists} and ${callerTeachesSubject(ctx, subject)}`;
}

/**
 * `GET /api/grades/assessments/:id/marks`: the class's active students by roll number, each with their mark or
 * null. One batch: the assessment, the scale, the students with marks by the marks' key, and the read's log line.
 */
export async function markSheet(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const key = assessmentKey(id);
  const classStudents = ctx.scoped(
    students,
    eq(students.status, 'active'),
    sql`${students.classId} = (select ${assessments.classId} from ${assessments} where ${ctx.scoped(assessments, eq(assessments.id, key))})`,
  );
  const [[row], bands, rows] = await db.batch([
    assessmentById(ctx, key),
    bandsOf(ctx),
    db
      .select({
        id: students.id,
        name: named(studentUser.name, 'student_name'),
        rollNumber: students.rollNumber,
        status: assessmentMarks.status,
        score: assessmentMarks.score,
        remarks: assessmentMarks.remarks,
      })
      .from(students)
      .innerJoin(studentUser, eq(studentUser.id, students.userId))
      .leftJoin(
        assessmentMarks,
        and(eq(assessmentMarks.assessmentId, key), eq(assessmentMarks.studentNumber, students.number)),
      )
      .where(classStudents)
      .orderBy(...rollOrder, asc(studentUser.name)),
    // The read's line in the same batch, written only when the sheet is answered (found, and the caller's).
    countedActivity(
      ctx,
      'read',
      'assessment_marks',
      String(key),
      [sheetLine(ctx, key), ' student(s)'],
      db.select({ one: sql`1` }).from(students).where(classStudents),
      { onlyIf: answered(ctx, key) },
    ),
  ]);
  const assessment = found(row);
  mayManage(ctx, assessment);
  const max = assessment.maxScore;
  const out = rows.map((r) => {
    const status = r.status == null ? null : statusOf(r.status);
    const percent = status === 'scored' && r.score != null ? percentOf(r.score, max) : null;
    return {
      _id: r.id,
      name: r.name ?? '',
      rollNumber: r.rollNumber,
      mark: status
        ? {
            status,
            score: status === 'scored' && r.score != null ? r.score / 100 : null,
            percent,
            grade: percent == null ? null : gradeOf(bands, percent),
            remarks: r.remarks,
          }
        : null,
    };
  });
  const scores = out.flatMap((s) => (s.mark?.score != null ? [s.mark.score] : []));
  const count = (status: Status) => out.filter((s) => s.mark?.status === status).length;
  const average = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  return {
    assessment: toAssessment(assessment),
    reportCardsPublished: Boolean(assessment.published),
    students: out,
    statistics: {
      students: out.length,
      marked: out.filter((s) => s.mark).length,
      scored: scores.length,
      absent: count('absent'),
      exempt: count('exempt'),
      averagePercent: average == null ? null : percentOf(average * 100, max),
      highest: scores.length ? Math.max(...scores) : null,
      lowest: scores.length ? Math.min(...scores) : null,
    },
  };
}

/**
 * `PUT /api/grades/assessments/:id/marks`: the marks of any number of the class's students in one read batch
 * (the assessment, the listed students with their marks so far, the caller's account) and one write batch
 * (the marks, the assessment's last save, the guards, the log line). One refused mark refuses them all.
 */
export async function saveMarks(ctx: TenantContext, id: string, input: MarksInput) {
  const { db } = ctx;
  const key = assessmentKey(id);
  const ids = input.marks.map((m) => m.studentId);
  const check = ctx.sessionCheck;
  const [[row], listed, account, [published]] = await db.batch([
    assessmentById(ctx, key),
    db
      .select({
        id: students.id,
        classId: students.classId,
        status: students.status,
        name: named(users.name, 'student_name'),
        // Named apart: D1 keys a batched row by column name, and students have a status too.
        earlierStatus: named(assessmentMarks.status, 'earlier_status'),
        earlierScore: named(assessmentMarks.score, 'earlier_score'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(
        assessmentMarks,
        and(eq(assessmentMarks.assessmentId, key), eq(assessmentMarks.studentNumber, students.number)),
      )
      .where(ctx.scopedIds(students, students.id, ids)),
    // The caller's account, when the route left its check to this batch: settled before anything else.
    check?.statement ?? db.select({ none: sql`null` }).from(schools).limit(0),
    // Marks changed once the term's report cards are out say so in the activity log.
    db
      .select({ publishedAt: reportPublications.publishedAt })
      .from(reportPublications)
      .innerJoin(
        assessments,
        and(eq(assessments.classId, reportPublications.classId), eq(assessments.termId, reportPublications.termId)),
      )
      .where(and(eq(reportPublications.schoolId, ctx.schoolId), eq(assessments.id, key)))
      .limit(1),
  ]);
  check?.settle(account as unknown[]);
  const assessment = found(row);
  mayManage(ctx, assessment);
  const byId = new Map(listed.map((s) => [s.id, s]));
  if (ids.some((studentId) => !byId.has(studentId))) throw notFound('Student');
  const outsider = listed.find((s) => s.classId !== assessment.classId || s.status !== 'active');
  if (outsider) throw new AppError(400, `Student ${outsider.name} is not in this class`, { code: 'NOT_IN_CLASS' });
  const above = input.marks.findIndex((m) => m.status === 'scored' && (m.score ?? 0) > assessment.maxScore);
  if (above >= 0)
    throw new AppError(400, SCORE_ABOVE_MAXIMUM, {
      code: 'SCORE_ABOVE_MAXIMUM',
      details: [{ msg: SCORE_ABOVE_MAXIMUM, path: `marks.${above}.score` }],
    });

  const marks = input.marks.map((m) => ({
    s: m.studentId,
    c: markStatusCodes[m.status],
    v: m.status === 'scored' ? (m.score ?? null) : null,
    r: m.remarks ?? null,
  }));
  const shown = (status: Status, score: number | null) => (status === 'scored' ? `${(score ?? 0) / 100}` : status);
  // Marks given again keep the ones they replace in the activity log.
  const replaced = marks.flatMap((m) => {
    const s = byId.get(m.s);
    if (s?.earlierStatus == null) return [];
    const before = shown(statusOf(s.earlierStatus), s.earlierScore);
    const after = shown(statusOf(m.c), m.v);
    return before === after ? [] : [`${s.name} ${before} → ${after}`];
  });
  const rows = JSON.stringify(marks);
  const now = ctx.now().toISOString();
  const after = published ? `After the ${assessment.termName} report cards were published: ` : '';
  const summary = `${after}Saved ${marks.length} mark(s) of ${assessment.subjectName} "${assessment.title}" of ${label(assessment)}${
    replaced.length ? `; changed: ${replaced.join(', ')}` : ''
  }`;
  try {
    await db.batch([
      marksUpsert(ctx, key, rows),
      db
        .update(assessments)
        .set({ markedBy: ctx.session.userId, markedAt: now })
        .where(ctx.scoped(assessments, eq(assessments.id, key))),
      pastYearWrite(ctx, assessment.classId, summary),
      // Read again inside the write: the maximum lowered meanwhile, a student moved out, the assessment deleted.
      refuseIf(
        db,
        'marks-maximum',
        sql`select m.student_number as detail from ${assessmentMarks} m join ${assessments} a on a.id = m.assessment_id
          where m.assessment_id = ${key} and m.score > a.max_score`,
      ),
      refuseIf(
        db,
        'marks-class',
        // CROSS JOIN keeps the listed students outermost: otherwise SQLite walks the whole school's students.
        sql`select s.id as detail from json_each(${rows}) as j
          cross join ${students} s on s.school_id = ${ctx.schoolId} and s.id = json_extract(j.value, '$.s')
          left join ${assessments} a on a.id = ${key} and a.school_id = ${ctx.schoolId}
          where a.id is null or s.class_id is not a.class_id or s.status <> 'active'`,
      ),
      activity(ctx, 'update', 'assessment_marks', String(key), summary),
    ]);
  } catch (error) {
    if (refusalOf(error, 'marks-maximum'))
      throw new AppError(409, SCORE_ABOVE_MAXIMUM, { code: 'SCORE_ABOVE_MAXIMUM' });
    if (refusalOf(error, 'marks-class')) throw new AppError(409, MARKS_CHANGED, { code: 'CONFLICT' });
    // The assessment deleted since it was read: its key no longer takes marks.
    if (isForeignKeyViolation(error)) throw notFound('Assessment');
    throw error;
  }
  await ctx.publish(ctx.schoolId, {
    type: 'marks_saved',
    data: {
      assessmentId: String(key),
      classId: assessment.classId,
      subjectId: assessment.subjectId,
      saved: marks.length,
    },
  });
  return { assessmentId: String(key), classId: assessment.classId, saved: marks.length, markedAt: now };
}

/**
 * The one way marks are written: the statement giving each `{ s: studentId, c: status code, v: score | null,
 * r: remarks | null }` of `rows` (JSON) its mark in assessment `key` (a number, or an SQL expression read in the
 * batch), replacing one given before. The mark sheet's save and homework's marks both use it.
 */
export function marksUpsert(ctx: TenantContext, key: number | SQL, rows: string) {
  return ctx.db
    .insert(assessmentMarks)
    .select(
      sql`select ${key}, ${students.number}, json_extract(j.value, '$.c'), json_extract(j.value, '$.v'), json_extract(j.value, '$.r')
            from json_each(${rows}) as j
            cross join ${students} on ${students.schoolId} = ${ctx.schoolId} and ${students.id} = json_extract(j.value, '$.s')
            where true`,
    )
    .onConflictDoUpdate({
      target: [assessmentMarks.assessmentId, assessmentMarks.studentNumber],
      set: { status: sql`excluded.status`, score: sql`excluded.score`, remarks: sql`excluded.remarks` },
    });
}

export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (/FOREIGN KEY constraint failed/i.test(String((current as Error).message ?? ''))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
