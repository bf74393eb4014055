import { asc, eq, gte, lte, sql } from 'drizzle-orm';
import { schedules, studentAttendance, students, subjects, teachers, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { classLookup } from '../../lib/lookups';
import { refOf } from '../../lib/refs';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { assembleResults, bandsOf, resultStatements, termPick } from '../grades';
import { countsOf, type PerformanceQuery, type ReportQuery, standingOf } from './schemas';

/** The report's dates: `to` defaults to the school's today, `from` to 29 days before it. */
async function reportRange(ctx: TenantContext, query: ReportQuery) {
  const to = query.to ?? (await ctx.today());
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw new AppError(400, 'Validation failed', [{ msg: 'From must not be after To', path: 'from' }]);
  return { from, to };
}

const markCounts = {
  present: sql<number>`coalesce(sum(${studentAttendance.status} = 'present'), 0)`.mapWith(Number).as('n_present'),
  absent: sql<number>`coalesce(sum(${studentAttendance.status} = 'absent'), 0)`.mapWith(Number).as('n_absent'),
  late: sql<number>`coalesce(sum(${studentAttendance.status} = 'late'), 0)`.mapWith(Number).as('n_late'),
  excused: sql<number>`coalesce(sum(${studentAttendance.status} = 'excused'), 0)`.mapWith(Number).as('n_excused'),
  total: sql<number>`count(${studentAttendance.id})`.mapWith(Number).as('n_total'),
};

/** The class, its current students and the attendance marks per student over the range: one batch. */
async function studentMarks(ctx: TenantContext, classId: string, from: string, to: string) {
  const { db } = ctx;
  const inRange = ctx.scoped(
    studentAttendance,
    eq(studentAttendance.classId, classId),
    gte(studentAttendance.date, from),
    lte(studentAttendance.date, to),
  );
  const [[klass], current, perStudent, perSubject, [days]] = await db.batch([
    classLookup(ctx, classId),
    db
      .select({
        id: students.id,
        name: named(users.name, 'student_name'),
        rollNumber: students.rollNumber,
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.classId, classId))),
    db
      .select({
        studentId: studentAttendance.studentId,
        name: named(users.name, 'student_name'),
        rollNumber: named(students.rollNumber, 'student_roll'),
        ...markCounts,
      })
      .from(studentAttendance)
      .innerJoin(students, eq(students.id, studentAttendance.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(inRange)
      .groupBy(studentAttendance.studentId),
    db
      .select({
        subjectId: studentAttendance.subjectId,
        name: named(subjects.name, 'subject_name'),
        code: named(subjects.code, 'subject_code'),
        ...markCounts,
      })
      .from(studentAttendance)
      .innerJoin(subjects, eq(subjects.id, studentAttendance.subjectId))
      .where(inRange)
      .groupBy(studentAttendance.subjectId),
    db
      .select({ n: sql<number>`count(distinct ${studentAttendance.date})`.mapWith(Number).as('n_days') })
      .from(studentAttendance)
      .where(inRange),
  ]);
  if (!klass) throw notFound('Class');
  const marksOf = new Map(perStudent.map((r) => [r.studentId, r]));
  const none = { present: 0, absent: 0, late: 0, excused: 0, total: 0 };
  const byName = (a: { student: { name: string } }, b: { student: { name: string } }) =>
    a.student.name.localeCompare(b.student.name);
  const inClass = current.map((s) => ({
    student: { _id: s.id, name: s.name ?? '', rollNumber: s.rollNumber },
    inClass: true,
    ...countsOf(marksOf.get(s.id) ?? none),
  }));
  const currentIds = new Set(current.map((s) => s.id));
  const former = perStudent
    .filter((r) => !currentIds.has(r.studentId))
    .map((r) => ({
      student: { _id: r.studentId, name: r.name ?? '', rollNumber: r.rollNumber ?? '' },
      inClass: false,
      ...countsOf(r),
    }));
  const studentsList = [...inClass.sort(byName), ...former.sort(byName)];
  const klassOut = { _id: klass.id, name: klass.name, section: klass.section, academicYear: klass.academicYear };
  return { klass: klassOut, studentsList, perSubject, days: days?.n ?? 0 };
}

function reportRead(
  ctx: TenantContext,
  report: string,
  klass: { _id: string; name: string; section: string },
  n: number,
) {
  return activity(
    ctx,
    'read',
    'class',
    klass._id,
    `Viewed the ${report} report of class ${formatClassName(klass)}: ${n} student(s)`,
  );
}

export async function attendanceReport(ctx: TenantContext, classId: string, query: ReportQuery) {
  const { from, to } = await reportRange(ctx, query);
  const { klass, studentsList, perSubject, days } = await studentMarks(ctx, classId, from, to);
  await reportRead(ctx, 'attendance', klass, studentsList.length);
  const sumOf = (key: 'present' | 'absent' | 'late' | 'excused' | 'total') =>
    studentsList.reduce((n, s) => n + s[key], 0);
  return {
    class: klass,
    from,
    to,
    summary: {
      students: studentsList.filter((s) => s.inClass).length,
      days,
      ...countsOf({
        present: sumOf('present'),
        absent: sumOf('absent'),
        late: sumOf('late'),
        excused: sumOf('excused'),
        total: sumOf('total'),
      }),
    },
    students: studentsList,
    subjects: perSubject
      .map((r) => ({ subject: { _id: r.subjectId, name: r.name ?? '', code: r.code ?? null }, ...countsOf(r) }))
      .sort((a, b) => a.subject.name.localeCompare(b.subject.name)),
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export async function performanceReport(ctx: TenantContext, classId: string, query: PerformanceQuery) {
  const { from, to } = await reportRange(ctx, query);
  const school = await ctx.school();
  const term = termPick(ctx, query.termId ? { termId: query.termId } : { onDate: to });
  const [{ klass, studentsList }, [subjectRows, slots], [bands, ...resultRows]] = await Promise.all([
    studentMarks(ctx, classId, from, to),
    ctx.db.batch([
      ctx.db
        .select({
          subject: subjects,
          teacherName: named(users.name, 'teacher_name'),
        })
        .from(subjects)
        .leftJoin(teachers, eq(teachers.id, subjects.teacherId))
        .leftJoin(users, eq(users.id, teachers.userId))
        .where(ctx.scoped(subjects, eq(subjects.classId, classId)))
        .orderBy(asc(subjects.name)),
      ctx.db
        .select({ subjectId: schedules.subjectId, startTime: schedules.startTime, endTime: schedules.endTime })
        .from(schedules)
        .where(
          ctx.scoped(
            schedules,
            eq(schedules.classId, classId),
            eq(schedules.academicYear, school.academicYear),
            eq(schedules.semester, school.semester),
          ),
        ),
    ]),
    ctx.db.batch([bandsOf(ctx), ...resultStatements(ctx, classId, term)]),
  ]);
  const results = assembleResults(resultRows, bands);
  if (query.termId && !results.term) throw notFound('Term');
  await reportRead(ctx, 'performance', klass, studentsList.length);
  const periods = new Map<string, { count: number; minutes: number }>();
  for (const slot of slots) {
    const p = periods.get(slot.subjectId) ?? { count: 0, minutes: 0 };
    p.count += 1;
    p.minutes += minutesOf(slot.endTime) - minutesOf(slot.startTime);
    periods.set(slot.subjectId, p);
  }
  const resultOf = new Map(results.students.map(({ student, ...r }) => [student._id, r]));
  const studentsOut = studentsList.map((s) => ({
    student: s.student,
    inClass: s.inClass,
    attendanceRate: s.rate,
    marks: s.total,
    standing: standingOf(s.rate),
    academic: (results.term && resultOf.get(s.student._id)) || null,
  }));
  const subjectsOut = subjectRows.map(({ subject, teacherName }) => ({
    _id: subject.id,
    name: subject.name,
    code: subject.code,
    type: subject.type,
    credits: subject.credits,
    teacherId: refOf(subject.teacherId, teacherName),
    weeklyPeriods: periods.get(subject.id)?.count ?? 0,
    weeklyMinutes: periods.get(subject.id)?.minutes ?? 0,
  }));
  const current = studentsOut.filter((s) => s.inClass);
  return {
    class: klass,
    from,
    to,
    students: studentsOut,
    subjects: subjectsOut,
    summary: {
      students: current.length,
      good: current.filter((s) => s.standing === 'good').length,
      watch: current.filter((s) => s.standing === 'watch').length,
      atRisk: current.filter((s) => s.standing === 'at risk').length,
      noData: current.filter((s) => s.standing === 'no data').length,
      totalCredits: subjectsOut.reduce((n, s) => n + s.credits, 0),
      weeklyPeriods: slots.length,
      weeklyMinutes: subjectsOut.reduce((n, s) => n + s.weeklyMinutes, 0),
    },
    academic: { term: results.term, ranked: results.ranked, subjects: results.subjects, summary: results.summary },
  };
}
