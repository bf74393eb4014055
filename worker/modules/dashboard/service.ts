import { and, asc, count, desc, eq, sql, sum } from 'drizzle-orm';
import { as } from '../../db/bulk';
import {
  classes,
  complaints,
  employees,
  enrolments,
  feeCollections,
  schools,
  schoolYears,
  students,
  subjects,
  teachers,
  users,
} from '../../db/schema';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import {
  dayFigures,
  lastSchoolDays,
  studentsByDay,
  yearAttendance,
  yearAttendanceOut,
  yearClasses,
} from '../attendance';
import { toComplaint } from '../complaints/schemas';
import { arrearsFigures, feeFigures, feeFiguresOut, yearFeeFigures, yearStructures } from '../fees';
import { studentTotals } from '../students';

const RECENT = 5;
const TREND_DAYS = 6;

type YearAttendanceRow = Parameters<typeof yearAttendanceOut>[0];

/**
 * Everything the administrator's dashboard shows, read in one batch (one round trip): the four summary
 * cards, recent students and complaints, active students by attendance on the year's classes' last six school
 * days with marks, payments by month for the last six months (a past year's: towards its fees), and active students per class. The fee and
 * attendance figures come from the same functions as the fees and attendance screens. A past year's answer ends
 * on its last day (or today, if earlier): its fee figures are those of its fee structures, and `pastYear` adds
 * its whole attendance in place of a day's.
 */
export async function dashboardSummary(ctx: TenantContext, academicYear?: string) {
  const { db } = ctx;
  const school = await ctx.school();
  const year = academicYear ?? school.academicYear;
  // Another year's students are those its enrolments hold; this year's are the school's.
  const otherYear = year !== school.academicYear;
  const enrolled = and(eq(enrolments.schoolId, ctx.schoolId), eq(enrolments.academicYear, year));
  const today = await ctx.today();
  // The trend and the payments chart end today, or with a past year's last day (read in the same batch).
  const until = otherYear
    ? sql`min(${today}, coalesce((select ${schoolYears.endsOn} from ${schoolYears}
        where ${schoolYears.schoolId} = ${ctx.schoolId} and ${schoolYears.name} = ${year}), ${today}))`
    : sql`${today}`;
  const sixMonthsAgo = sql`date(${until}, 'start of month', '-5 months')`;
  // The year's classes' last school days with marks (another year's registers are not this year's trend).
  const lastDates = lastSchoolDays(ctx, year, until, TREND_DAYS);
  const ofYear = yearClasses(ctx, year);

  const [
    [studentCounts],
    [teacherCount],
    [staffCount],
    [classCount],
    [subjectCount],
    [fees],
    arrearsOrAttendance,
    recentStudents,
    recentComplaints,
    trend,
    byMonth,
    perClass,
    [{ lastDay }],
  ] = await db.batch([
    otherYear
      ? db
          .select({
            total: sql<number>`count(*)`.mapWith(Number).as('n_total'),
            // Everyone on a past year's roll was active in it; D1 keys a batched row by column name.
            active: sql<number>`count(*)`.mapWith(Number).as('n_active'),
          })
          .from(enrolments)
          .where(enrolled)
      : studentTotals(ctx, today.slice(0, 7)),
    db
      .select({ n: count() })
      .from(teachers)
      .where(ctx.scoped(teachers, eq(teachers.isActive, true))),
    db
      .select({ n: count() })
      .from(employees)
      .where(ctx.scoped(employees, eq(employees.status, 'active'))),
    db
      .select({ n: count() })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.academicYear, year))),
    db
      .select({ n: count() })
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(ctx.scoped(subjects, eq(classes.academicYear, year))),
    // A past year's figures are those of its fee structures; this year's count the arrears owed with them.
    otherYear ? yearFeeFigures(ctx, year) : feeFigures(ctx, today),
    otherYear ? yearAttendance(ctx, year) : arrearsFigures(ctx),
    db
      .select({
        id: as<string>(students.id, 'student_ref_id'),
        name: as<string>(users.name, 'student_name'),
        status: students.status,
        admissionDate: students.admissionDate,
        classId: as<string | null>(classes.id, 'class_ref_id'),
        className: as<string | null>(classes.name, 'class_name'),
        classSection: as<string | null>(classes.section, 'class_section'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(classes, eq(classes.id, students.classId))
      .where(ctx.scoped(students))
      .orderBy(desc(students.admissionDate), desc(students.createdAt))
      .limit(RECENT),
    db
      .select()
      .from(complaints)
      .where(ctx.scoped(complaints))
      .orderBy(desc(complaints.date), desc(complaints.createdAt))
      .limit(RECENT),
    studentsByDay(ctx, lastDates, ofYear),
    db
      .select({
        month: sql<string>`substr(${feeCollections.paidOn}, 1, 7)`.as('month'),
        minor: sum(feeCollections.amountMinor).mapWith(Number),
        payments: count(),
      })
      .from(feeCollections)
      .where(
        ctx.scoped(
          feeCollections,
          sql`${feeCollections.paidOn} >= ${sixMonthsAgo}`,
          sql`${feeCollections.paidOn} <= ${until}`,
          // A past year's chart: the payments towards its fees, as its Collected figure counts them.
          otherYear ? sql`${feeCollections.structureId} in ${yearStructures(ctx, year)}` : undefined,
        ),
      )
      .groupBy(sql`substr(${feeCollections.paidOn}, 1, 7)`)
      .orderBy(sql`substr(${feeCollections.paidOn}, 1, 7)`),
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        capacity: classes.capacity,
        students: otherYear
          ? sql<number>`(select count(*) from ${enrolments} e where e.school_id = ${ctx.schoolId} and e.academic_year = ${year} and e.class_id = ${classes.id})`.mapWith(
              Number,
            )
          : sql<number>`count(${students.id})`.mapWith(Number),
      })
      .from(classes)
      // Each class's students through the (school, class) index; `+` keeps SQLite from reading the school's by status.
      .leftJoin(
        students,
        and(
          eq(students.schoolId, classes.schoolId),
          eq(students.classId, classes.id),
          sql`+${students.status} = 'active'`,
        ),
      )
      .where(ctx.scoped(classes, eq(classes.academicYear, year)))
      .groupBy(classes.id)
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.section)),
    db
      .select({ lastDay: sql<string>`${until}`.as('last_day') })
      .from(schools)
      .where(eq(schools.id, ctx.schoolId)),
  ]);

  const months: { month: string; amount: number; payments: number }[] = [];
  for (let i = 5; i >= 0; i--) {
    const first = new Date(`${(lastDay ?? today).slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - i);
    const month = first.toISOString().slice(0, 7);
    const found = byMonth.find((m) => m.month === month);
    months.push({ month, amount: toMajor(found?.minor ?? 0), payments: found?.payments ?? 0 });
  }

  const arrears = otherYear ? [] : (arrearsOrAttendance as { academicYear: string; outstanding: number }[]);
  const [attendance] = otherYear ? (arrearsOrAttendance as YearAttendanceRow[]) : [];
  return {
    today,
    currency: school.currency,
    academicYear: year,
    // A past year has no today: its figures are the whole year's, up to its last day.
    pastYear: otherYear ? { until: lastDay ?? today, attendance: yearAttendanceOut(attendance) } : null,
    cards: {
      students: { total: studentCounts.total, active: studentCounts.active },
      employees: { total: teacherCount.n + staffCount.n, teachers: teacherCount.n, staff: staffCount.n },
      classes: { total: classCount.n, subjects: subjectCount.n },
      fees: {
        ...feeFiguresOut(fees),
        // Past years' instalments still owed, already inside the figures: the card says how much, and of which year.
        arrears: arrears.map((a) => ({ academicYear: a.academicYear, outstanding: toMajor(a.outstanding) })),
      },
    },
    recentStudents: recentStudents.map((s) => ({
      _id: s.id,
      name: s.name,
      status: s.status,
      admissionDate: s.admissionDate,
      classId: s.classId ? { _id: s.classId, name: s.className, section: s.classSection } : null,
    })),
    recentComplaints: recentComplaints.map(toComplaint),
    attendanceTrend: trend.map((d) => dayFigures(d.date, studentCounts.active, d)),
    feeCollectionByMonth: months,
    studentsPerClass: perClass.map((c) => ({
      _id: c.id,
      name: c.name,
      section: c.section,
      capacity: c.capacity,
      students: c.students,
    })),
  };
}
