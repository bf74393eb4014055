import { asc, between, eq, sql } from 'drizzle-orm';
import {
  departments,
  employeeAttendance,
  employees,
  schools,
  teacherAttendance,
  teachers,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { countedActivity } from '../../lib/activity';
import type { ReportFormat } from '../../lib/report-formats';
import type { ReportTable } from '../../lib/report-table';
import type { TenantContext } from '../../lib/tenancy';
import { monthName, wordsIn } from './attendance-labels';
import { monthDays, monthRange, offDayCell } from './attendance-month';
import { classHolidays, type MonthGrid } from './attendance-students';

const MARK = { present: 'P', absent: 'A', late: 'L', 'half-day': 'HD' } as const;
type StaffStatus = keyof typeof MARK;

/** Days worked over days marked: present and late count whole, a half day half; one decimal; null with none. */
const staffPercent = (worked: number, marked: number) =>
  marked > 0 ? Math.round((worked / marked) * 1000) / 10 : null;

/**
 * `GET /api/reports/attendance/staff`: teachers' and other staff's daily marks for a month (one mark a person
 * and day, kept in `teacher_attendance` and `employee_attendance`). Active staff, and any inactive one marked
 * that month. One round trip: people, marks, holidays, the school's name and the activity line in one batch.
 */
export async function staffMonthReport(
  ctx: TenantContext,
  query: { month?: string; format: ReportFormat },
): Promise<MonthGrid & { month: string }> {
  const month = query.month ?? (await ctx.today()).slice(0, 7);
  const { from, to } = monthRange(month);
  const teacherMarked = sql`exists (select 1 from ${teacherAttendance} a where a.school_id = ${ctx.schoolId} and a.teacher_id = ${teachers.id} and a.date between ${from} and ${to})`;
  const employeeMarked = sql`exists (select 1 from ${employeeAttendance} a where a.school_id = ${ctx.schoolId} and a.employee_id = ${employees.id} and a.date between ${from} and ${to})`;
  const teacherWhere = ctx.scoped(teachers, sql`(${teachers.isActive} or ${teacherMarked})`);
  const employeeWhere = ctx.scoped(employees, sql`(${employees.status} = 'active' or ${employeeMarked})`);
  const counted = sql`select 1 from ${teachers} where ${teacherWhere} union all select 1 from ${employees} where ${employeeWhere}`;
  const [[school], teacherRows, employeeRows, teacherMarks, employeeMarks, holidays] = await ctx.db.batch([
    ctx.db.select({ name: schools.name }).from(schools).where(eq(schools.id, ctx.schoolId)),
    ctx.db
      .select({ id: teachers.id, name: users.name })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(teacherWhere)
      .orderBy(asc(users.name)),
    ctx.db
      .select({
        id: employees.id,
        name: employees.name,
        department: named(departments.name, 'department_name'),
        position: employees.position,
      })
      .from(employees)
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(employeeWhere)
      .orderBy(asc(employees.name)),
    ctx.db
      .select({ id: teacherAttendance.teacherId, date: teacherAttendance.date, status: teacherAttendance.status })
      .from(teacherAttendance)
      .where(ctx.scoped(teacherAttendance, between(teacherAttendance.date, from, to))),
    ctx.db
      .select({ id: employeeAttendance.employeeId, date: employeeAttendance.date, status: employeeAttendance.status })
      .from(employeeAttendance)
      .where(ctx.scoped(employeeAttendance, between(employeeAttendance.date, from, to))),
    classHolidays(ctx, null, from, to),
    countedActivity(
      ctx,
      query.format === 'json' ? 'read' : 'export',
      'attendance_report',
      null,
      [`Staff monthly attendance report (${query.format}), ${month}: `, ' staff'],
      counted,
    ),
  ]);
  const language = ctx.language ?? 'en';
  const say = wordsIn(language);
  const days = monthDays(month, holidays, new Set([...teacherMarks, ...employeeMarks].map((m) => m.date)));
  const markOf = new Map<string, StaffStatus>();
  for (const m of [...teacherMarks, ...employeeMarks]) markOf.set(`${m.id}|${m.date}`, m.status);
  const people = [
    ...teacherRows.map((t) => ({ id: t.id, name: t.name, role: say('teacher') })),
    ...employeeRows.map((e) => ({
      id: e.id,
      name: e.name,
      role: [e.position, e.department].filter(Boolean).join(', '),
    })),
  ];
  const columns: ReportTable['columns'] = [
    { key: 'name', label: say('name') },
    { key: 'role', label: say('role') },
    ...days.map((d) => ({ key: d.date, label: String(d.day) })),
    { key: 'present', label: say('present'), kind: 'number' },
    { key: 'absent', label: say('absent'), kind: 'number' },
    { key: 'late', label: say('late'), kind: 'number' },
    { key: 'halfDay', label: say('halfDay'), kind: 'number' },
    { key: 'percent', label: say('percent'), kind: 'percent' },
  ];
  const presentOn = new Map<string, number>();
  const sums = { present: 0, absent: 0, late: 0, half: 0 };
  const rows = people.map((p) => {
    const count = { present: 0, absent: 0, late: 0, 'half-day': 0 };
    const cells = days.map((d) => {
      const status = markOf.get(`${p.id}|${d.date}`);
      if (!status) return d.kind === 'school' ? '' : offDayCell(d);
      count[status]++;
      if (status !== 'absent') presentOn.set(d.date, (presentOn.get(d.date) ?? 0) + 1);
      return MARK[status];
    });
    const present = count.present + count.late;
    sums.present += present;
    sums.absent += count.absent;
    sums.late += count.late;
    sums.half += count['half-day'];
    const marked = present + count.absent + count['half-day'];
    const worked = present + count['half-day'] / 2;
    return [
      p.name,
      p.role,
      ...cells,
      present,
      count.absent,
      count.late,
      count['half-day'],
      staffPercent(worked, marked),
    ];
  });
  const markedDays = new Set([...teacherMarks, ...employeeMarks].map((m) => m.date));
  const totals = [
    say('presentEachDay'),
    '',
    ...days.map((d) =>
      markedDays.has(d.date) ? (presentOn.get(d.date) ?? 0) : d.kind === 'school' ? '' : offDayCell(d),
    ),
    sums.present,
    sums.absent,
    sums.late,
    sums.half,
    staffPercent(sums.present + sums.half / 2, sums.present + sums.absent + sums.half),
  ];
  const schoolDays = days.filter((d) => d.kind === 'school').length;
  return {
    month,
    days,
    table: {
      title: `${say('staffTitle')} — ${monthName(month, language)}`,
      subtitle: `${school?.name ?? ''} · ${schoolDays} ${say('schoolDays')} · ${say('staffLegend')}`,
      columns,
      rows,
      totals,
    },
  };
}
