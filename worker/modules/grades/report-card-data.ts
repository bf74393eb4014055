import { and, asc, eq, sql } from 'drizzle-orm';
import {
  assessmentMarks,
  assessments,
  classes,
  markStatuses,
  reportPublications,
  schools,
  studentAttendance,
  students,
  teachers,
  terms,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { callerTeaches, NOT_YOUR_CLASS } from '../../lib/class-access';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { assembleResults, resultStatements, round1, termPick } from './results';
import { bandsOf } from './terms';

export interface ReportCardQuery {
  classId: string;
  termId: string;
  /** One student's card; without it, every current student's. */
  studentId?: string;
}

/**
 * Everything a term's report cards print, in one read batch whatever the class: the class and its teacher, the
 * school, the term's results (`results.ts`), each assessment with the students' marks and remarks, and each
 * student's attendance over the term's dates. `family` skips the staff check (the family module checked the child).
 */
export async function reportCardData(ctx: TenantContext, query: ReportCardQuery, { family = false } = {}) {
  const { db } = ctx;
  const { classId, termId } = query;
  const termDay = (column: typeof terms.startDate | typeof terms.endDate) =>
    sql`(select ${column} from ${terms} where ${ctx.scoped(terms, eq(terms.id, termId))})`;
  const inClassTerm = ctx.scoped(assessments, eq(assessments.classId, classId), eq(assessments.termId, termId));
  const [[klass], bands, [school], assessed, marks, attendance, [published], ...rows] = await db.batch([
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        teacherName: named(users.name, 'teacher_name'),
        teaches: sql<number>`${callerTeaches(ctx, classes.id)}`.mapWith(Number).as('teaches'),
      })
      .from(classes)
      .leftJoin(teachers, eq(teachers.id, classes.teacherId))
      .leftJoin(users, eq(users.id, teachers.userId))
      .where(ctx.scoped(classes, eq(classes.id, classId)))
      .limit(1),
    bandsOf(ctx),
    db
      .select({ name: schools.name, address: schools.address, language: schools.language })
      .from(schools)
      .where(eq(schools.id, ctx.schoolId))
      .limit(1),
    db
      .select({
        id: assessments.id,
        subjectId: assessments.subjectId,
        title: assessments.title,
        date: assessments.date,
        maxScore: assessments.maxScore,
      })
      .from(assessments)
      .where(inClassTerm)
      .orderBy(asc(assessments.date), asc(assessments.id)),
    db
      .select({
        assessmentId: assessmentMarks.assessmentId,
        studentId: named(students.id, 'marked_student'),
        markStatus: named(assessmentMarks.status, 'mark_status'),
        score: assessmentMarks.score,
        remarks: assessmentMarks.remarks,
      })
      .from(assessments)
      .innerJoin(assessmentMarks, eq(assessmentMarks.assessmentId, assessments.id))
      .innerJoin(
        students,
        and(eq(students.schoolId, assessments.schoolId), eq(students.number, assessmentMarks.studentNumber)),
      )
      .where(and(inClassTerm, query.studentId ? eq(students.id, query.studentId) : undefined)),
    db
      .select({
        studentId: studentAttendance.studentId,
        present: sql<number>`coalesce(sum(${studentAttendance.status} = 'present'), 0)`.mapWith(Number).as('n_present'),
        absent: sql<number>`coalesce(sum(${studentAttendance.status} = 'absent'), 0)`.mapWith(Number).as('n_absent'),
        late: sql<number>`coalesce(sum(${studentAttendance.status} = 'late'), 0)`.mapWith(Number).as('n_late'),
        excused: sql<number>`coalesce(sum(${studentAttendance.status} = 'excused'), 0)`.mapWith(Number).as('n_excused'),
        total: sql<number>`count(*)`.mapWith(Number).as('n_total'),
      })
      .from(studentAttendance)
      .where(
        ctx.scoped(
          studentAttendance,
          eq(studentAttendance.classId, classId),
          sql`${studentAttendance.date} between ${termDay(terms.startDate)} and ${termDay(terms.endDate)}`,
          query.studentId ? eq(studentAttendance.studentId, query.studentId) : undefined,
        ),
      )
      .groupBy(studentAttendance.studentId),
    db
      .select({ publishedAt: reportPublications.publishedAt })
      .from(reportPublications)
      .where(
        ctx.scoped(reportPublications, eq(reportPublications.classId, classId), eq(reportPublications.termId, termId)),
      )
      .limit(1),
    ...resultStatements(ctx, classId, termPick(ctx, { termId })),
  ]);
  if (!klass) throw notFound('Class');
  if (!family && ctx.session.role !== 'school_admin' && !klass.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  const results = assembleResults(rows, bands);
  const term = results.term;
  if (!term) throw notFound('Term');
  const cards = results.students.filter((s) => !query.studentId || s.student._id === query.studentId);
  if (query.studentId && !cards.length) throw notFound('Student');
  const subjectName = new Map(results.subjects.map((s) => [s._id, s.name]));
  const attendanceOf = new Map(attendance.map((a) => [a.studentId, a]));
  const markOf = new Map(marks.map((m) => [`${m.assessmentId}:${m.studentId}`, m]));
  return {
    school: school ?? { name: '', address: null, language: 'en' as const },
    class: { _id: klass.id, name: klass.name, section: klass.section, teacher: klass.teacherName },
    term,
    ranked: results.ranked,
    publishedAt: published?.publishedAt ?? null,
    subjects: results.subjects,
    students: cards.map((card) => {
      const a = attendanceOf.get(card.student._id);
      const counted = a ? a.total - a.excused : 0;
      return {
        ...card,
        ranks: results.summary.withResults,
        assessments: assessed.map((x) => {
          const m = markOf.get(`${x.id}:${card.student._id}`);
          return {
            subjectId: x.subjectId,
            subject: subjectName.get(x.subjectId) ?? '',
            title: x.title,
            maxMarks: x.maxScore / 100,
            status: m ? (markStatuses[m.markStatus ?? 0] ?? 'scored') : null,
            score: m?.score == null ? null : m.score / 100,
            remarks: m?.remarks ?? null,
          };
        }),
        attendance: a
          ? { ...a, rate: counted > 0 ? round1(((a.present + a.late) / counted) * 100) : null }
          : { present: 0, absent: 0, late: 0, excused: 0, total: 0, rate: null },
      };
    }),
  };
}

export type ReportCards = Awaited<ReturnType<typeof reportCardData>>;
