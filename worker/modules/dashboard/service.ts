import { and, asc, count, desc, eq, gte, lte, sql, sum } from 'drizzle-orm';
import { as } from '../../db/bulk';
import {
  classes,
  complaints,
  employees,
  feeCollections,
  feeStructures,
  studentAttendance,
  students,
  subjects,
  teachers,
  users,
} from '../../db/schema';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { toComplaint } from '../complaints/schemas';

const RECENT = 5;
const TREND_DAYS = 6;

/**
 * Everything the administrator's dashboard shows, read in one batch (one round trip): the four summary
 * cards, recent students and complaints, the attendance trend of the last six school days with marks,
 * fee collection by month for the last six months, and active students per class.
 */
export async function dashboardSummary(ctx: TenantContext) {
  const { db } = ctx;
  const school = await ctx.school();
  const today = await ctx.today();
  const sixMonthsAgo = `${addDays(`${today.slice(0, 7)}-01`, -150).slice(0, 7)}-01`;
  const paidByPair = db
    .select({
      studentId: feeCollections.studentId,
      structureId: feeCollections.structureId,
      paid: sql<number>`sum(${feeCollections.amountMinor})`.as('paid'),
    })
    .from(feeCollections)
    .where(eq(feeCollections.schoolId, ctx.schoolId))
    .groupBy(feeCollections.studentId, feeCollections.structureId)
    .as('paid');
  // The last school days with marks, one index seek per day (a DISTINCT reads every mark of those days).
  const lastDates = sql`(with recursive d(day, n) as (
      select max(${studentAttendance.date}), 1 from ${studentAttendance}
        where ${studentAttendance.schoolId} = ${ctx.schoolId} and ${studentAttendance.date} <= ${today}
      union all
      select (select max(sa.date) from ${studentAttendance} sa where sa.school_id = ${ctx.schoolId} and sa.date < d.day), n + 1
        from d where d.day is not null and n < ${TREND_DAYS}
    ) select day from d where day is not null)`;

  const [
    [studentCounts],
    [teacherCount],
    [staffCount],
    [classCount],
    [subjectCount],
    [collected],
    [pending],
    recentStudents,
    recentComplaints,
    trend,
    byMonth,
    perClass,
  ] = await db.batch([
    db
      .select({
        total: count(),
        active: sql<number>`sum(case when ${students.status} = 'active' then 1 else 0 end)`.mapWith(Number),
      })
      .from(students)
      .where(ctx.scoped(students)),
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
      .where(ctx.scoped(classes, eq(classes.academicYear, school.academicYear))),
    db.select({ n: count() }).from(subjects).where(ctx.scoped(subjects)),
    db
      .select({ minor: sum(feeCollections.amountMinor).mapWith(Number) })
      .from(feeCollections)
      .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
      .where(ctx.scoped(feeCollections, eq(feeStructures.academicYear, school.academicYear))),
    db
      .select({
        n: count(),
        minor: sql<number>`coalesce(sum(${feeStructures.amountMinor} - coalesce(${paidByPair.paid}, 0)), 0)`.mapWith(
          Number,
        ),
      })
      .from(students)
      .innerJoin(
        feeStructures,
        and(eq(feeStructures.classId, students.classId), eq(feeStructures.schoolId, students.schoolId)),
      )
      .leftJoin(paidByPair, and(eq(paidByPair.studentId, students.id), eq(paidByPair.structureId, feeStructures.id)))
      .where(
        ctx.scoped(
          students,
          eq(students.status, 'active'),
          eq(feeStructures.academicYear, school.academicYear),
          sql`${feeStructures.amountMinor} > coalesce(${paidByPair.paid}, 0)`,
        ),
      ),
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
    // Counted per day and status straight from the school-date-status index; the statuses become columns below.
    db
      .select({ date: studentAttendance.date, status: studentAttendance.status, n: count() })
      .from(studentAttendance)
      .where(ctx.scoped(studentAttendance, sql`${studentAttendance.date} in ${lastDates}`))
      .groupBy(studentAttendance.date, studentAttendance.status)
      .orderBy(asc(studentAttendance.date)),
    db
      .select({
        month: sql<string>`substr(${feeCollections.paidOn}, 1, 7)`.as('month'),
        minor: sum(feeCollections.amountMinor).mapWith(Number),
        payments: count(),
      })
      .from(feeCollections)
      .where(ctx.scoped(feeCollections, gte(feeCollections.paidOn, sixMonthsAgo), lte(feeCollections.paidOn, today)))
      .groupBy(sql`substr(${feeCollections.paidOn}, 1, 7)`)
      .orderBy(sql`substr(${feeCollections.paidOn}, 1, 7)`),
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        capacity: classes.capacity,
        students: sql<number>`count(${students.id})`.mapWith(Number),
      })
      .from(classes)
      .leftJoin(students, and(eq(students.classId, classes.id), eq(students.status, 'active')))
      .where(ctx.scoped(classes, eq(classes.academicYear, school.academicYear)))
      .groupBy(classes.id)
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.section)),
  ]);

  const months: { month: string; amount: number; payments: number }[] = [];
  for (let i = 5; i >= 0; i--) {
    const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - i);
    const month = first.toISOString().slice(0, 7);
    const found = byMonth.find((m) => m.month === month);
    months.push({ month, amount: toMajor(found?.minor ?? 0), payments: found?.payments ?? 0 });
  }

  return {
    today,
    currency: school.currency,
    academicYear: school.academicYear,
    cards: {
      students: { total: studentCounts.total, active: studentCounts.active ?? 0 },
      employees: { total: teacherCount.n + staffCount.n, teachers: teacherCount.n, staff: staffCount.n },
      classes: { total: classCount.n, subjects: subjectCount.n },
      fees: {
        collected: toMajor(collected.minor ?? 0),
        pendingCount: pending.n,
        pendingAmount: toMajor(pending.minor ?? 0),
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
    attendanceTrend: trendDays(trend).map((d) => {
      const total = d.present + d.late + d.absent + d.excused;
      return { ...d, total, rate: total ? Math.round(((d.present + d.late) / total) * 10000) / 100 : 0 };
    }),
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

/** One row per day (in date order) from the counts per day and status. */
function trendDays(counts: { date: string; status: string; n: number }[]) {
  const days = new Map<string, { date: string; present: number; late: number; absent: number; excused: number }>();
  for (const { date, status, n } of counts) {
    const day = days.get(date) ?? { date, present: 0, late: 0, absent: 0, excused: 0 };
    if (status === 'present' || status === 'late' || status === 'absent' || status === 'excused') day[status] += n;
    days.set(date, day);
  }
  return [...days.values()];
}
