import { and, asc, between, eq, type SQL, sql } from 'drizzle-orm';
import {
  attendanceMarks,
  attendanceRegisters,
  classes,
  importantDateClasses,
  importantDates,
  schools,
  students,
  users,
} from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import type { ReportFormat } from '../../lib/report-formats';
import type { ReportTable } from '../../lib/report-table';
import type { TenantContext } from '../../lib/tenancy';
import { classWithAccess, readable, readableClassSql, rollOrder } from '../attendance';
import { monthName, wordsIn } from './attendance-labels';
import { type MonthDay, monthDays, monthRange, offDayCell } from './attendance-month';

/**
 * A student's day from the periods' marks, as the school's day figures count it (`attendance/day-figures.ts`):
 * P attended a period (present), L attended and was late at least once, E attended none and was excused at least
 * once, A absent in every marked period. `best` is the day's highest status code (absent 0 … present 3).
 */
export function dayMark(best: number, late: number): 'P' | 'L' | 'E' | 'A' {
  if (best >= 2) return late ? 'L' : 'P';
  return best === 1 ? 'E' : 'A';
}

/** The month's marks of a class's registers folded per student and day; read through the class-and-date key. */
export function classMonthMarks(ctx: TenantContext, classId: string | SQL, from: string, to: string) {
  return ctx.db
    .select({
      date: attendanceRegisters.date,
      number: attendanceMarks.studentNumber,
      best: sql<number>`max(${attendanceMarks.status})`.mapWith(Number).as('best'),
      late: sql<number>`max(${attendanceMarks.status} = 2)`.mapWith(Number).as('any_late'),
    })
    .from(attendanceRegisters)
    .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
    .where(
      and(
        eq(attendanceRegisters.schoolId, ctx.schoolId),
        eq(attendanceRegisters.classId, classId),
        between(attendanceRegisters.date, from, to),
      ),
    )
    .groupBy(attendanceRegisters.date, attendanceMarks.studentNumber);
}

/** The month's holidays that close the class (for every class, or this one). */
export function classHolidays(ctx: TenantContext, classId: string | null, from: string, to: string) {
  const forClass = classId
    ? sql`(${importantDates.applyToAllClasses} or exists (select 1 from ${importantDateClasses} c where c.important_date_id = ${importantDates.id} and c.class_id = ${classId}))`
    : sql`${importantDates.applyToAllClasses}`;
  return ctx.db
    .select({ date: importantDates.date, title: importantDates.title })
    .from(importantDates)
    .where(
      ctx.scoped(importantDates, eq(importantDates.type, 'holiday'), between(importantDates.date, from, to), forClass),
    );
}

/** The class's active students, and (apart) any other student its registers marked this month (moved or left). */
export function classPeople(ctx: TenantContext, classId: string, from: string, to: string) {
  const columns = { number: students.number, id: students.id, name: users.name, rollNumber: students.rollNumber };
  const current = and(eq(students.classId, classId), eq(students.status, 'active'));
  const marked = ctx.db
    .selectDistinct({ number: attendanceMarks.studentNumber })
    .from(attendanceRegisters)
    .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
    .where(
      and(
        eq(attendanceRegisters.schoolId, ctx.schoolId),
        eq(attendanceRegisters.classId, classId),
        between(attendanceRegisters.date, from, to),
      ),
    );
  const inClass = ctx.db
    .select(columns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(ctx.scoped(students, current))
    .orderBy(...rollOrder(students.rollNumber), asc(users.name));
  const others = ctx.db
    .select(columns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    // `is`: a student with no class now (left it) is among the others, where `=` would answer null.
    .where(
      ctx.scoped(
        students,
        sql`${students.number} in (${marked})`,
        sql`not (${students.classId} is ${classId} and ${students.status} = 'active')`,
      ),
    )
    .orderBy(asc(users.name));
  return { inClass, others };
}

export interface MonthGrid {
  table: ReportTable;
  days: MonthDay[];
}

/** The register grid of people × days with its totals columns and a last row of present per day. */
export function studentsGrid(
  say: ReturnType<typeof wordsIn>,
  days: MonthDay[],
  people: { key: number; roll: string; name: string }[],
  marks: { date: string; number: number; best: number; late: number }[],
): Pick<ReportTable, 'columns' | 'rows' | 'totals'> {
  const markOf = new Map(marks.map((m) => [`${m.number}|${m.date}`, dayMark(m.best, m.late)]));
  const presentOn = new Map<string, number>();
  const columns: ReportTable['columns'] = [
    { key: 'roll', label: say('roll') },
    { key: 'name', label: say('name') },
    ...days.map((d) => ({ key: d.date, label: String(d.day) })),
    { key: 'present', label: say('present'), kind: 'number' as const },
    { key: 'absent', label: say('absent'), kind: 'number' as const },
    { key: 'late', label: say('late'), kind: 'number' as const },
    { key: 'excused', label: say('excused'), kind: 'number' as const },
    { key: 'percent', label: say('percent'), kind: 'percent' as const },
  ];
  const sums = { present: 0, absent: 0, late: 0, excused: 0 };
  const rows = people.map((p) => {
    const count = { P: 0, L: 0, E: 0, A: 0 };
    const cells = days.map((d) => {
      const mark = markOf.get(`${p.key}|${d.date}`);
      if (mark) {
        count[mark]++;
        if (mark === 'P' || mark === 'L') presentOn.set(d.date, (presentOn.get(d.date) ?? 0) + 1);
        return mark;
      }
      return d.kind === 'school' ? '' : offDayCell(d);
    });
    const present = count.P + count.L;
    sums.present += present;
    sums.absent += count.A;
    sums.late += count.L;
    sums.excused += count.E;
    return [p.roll, p.name, ...cells, present, count.A, count.L, count.E, percentOf(present, count.A)];
  });
  const markedDays = new Set(marks.map((m) => m.date));
  const totals = [
    '',
    say('presentEachDay'),
    ...days.map((d) =>
      markedDays.has(d.date) ? (presentOn.get(d.date) ?? 0) : d.kind === 'school' ? '' : offDayCell(d),
    ),
    sums.present,
    sums.absent,
    sums.late,
    sums.excused,
    percentOf(sums.present, sums.absent),
  ];
  return { columns, rows, totals };
}

/** Days attended over days attended or absent (excused left out), one decimal; null with nothing counted. */
export const percentOf = (attended: number, absent: number) =>
  attended + absent > 0 ? Math.round((attended / (attended + absent)) * 1000) / 10 : null;

/**
 * `GET /api/reports/attendance/students`: a class's register grid for a month. One round trip whatever the class
 * size or month length: the class, the school's name, the students, the folded marks, the holidays and the
 * activity line (only when the class is readable) in one batch.
 */
export async function studentsMonthReport(
  ctx: TenantContext,
  query: { classId: string; month?: string; format: ReportFormat },
): Promise<MonthGrid & { month: string; class: { _id: string; name: string } }> {
  const month = query.month ?? (await ctx.today()).slice(0, 7);
  const { from, to } = monthRange(month);
  const people = classPeople(ctx, query.classId, from, to);
  const className = sql`(select c.name || '-' || c.section from ${classes} c where c.id = ${query.classId})`;
  const [[found], [school], inClass, others, marks, holidays] = await ctx.db.batch([
    classWithAccess(ctx, query.classId),
    ctx.db.select({ name: schools.name }).from(schools).where(eq(schools.id, ctx.schoolId)),
    people.inClass,
    people.others,
    classMonthMarks(ctx, query.classId, from, to),
    classHolidays(ctx, query.classId, from, to),
    countedActivity(
      ctx,
      query.format === 'json' ? 'read' : 'export',
      'attendance_report',
      query.classId,
      [
        sql`${`Students monthly attendance report (${query.format}), class `} || ${className} || ${`, ${month}: `}`,
        ' student(s)',
      ],
      people.inClass,
      { onlyIf: readableClassSql(ctx, query.classId) },
    ),
  ]);
  const klass = readable(ctx, found);
  const language = ctx.language ?? 'en';
  const say = wordsIn(language);
  const days = monthDays(month, holidays, new Set(marks.map((m) => m.date)));
  const list = [...inClass, ...others].map((p) => ({ key: p.number ?? -1, roll: p.rollNumber, name: p.name }));
  const name = formatClassName(klass);
  const schoolDays = days.filter((d) => d.kind === 'school').length;
  return {
    month,
    class: { _id: klass.id, name },
    days,
    table: {
      title: `${say('studentsTitle')} — ${say('class')} ${name} — ${monthName(month, language)}`,
      subtitle: `${school?.name ?? ''} · ${schoolDays} ${say('schoolDays')} · ${say('studentsLegend')}`,
      ...studentsGrid(say, days, list, marks),
    },
  };
}
