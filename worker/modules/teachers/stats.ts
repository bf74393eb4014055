import { count, desc, eq, sql } from 'drizzle-orm';
import { teachers } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';
import { selectTeachers, shapeTeacher } from './service';

export const RECENT_TEACHERS = 5;

/**
 * `GET /api/teachers/stats`: totals, the monthly payroll of active teachers (major units, with the school's
 * currency), teachers who joined in the school's current month, how many active teachers list each subject,
 * and the five most recently added. Two round trips: the school's settings, then one batch.
 */
export async function teacherStats(ctx: TenantContext) {
  const { db } = ctx;
  const [school, today] = await Promise.all([ctx.school(), ctx.today()]);
  const month = today.slice(0, 7);
  const joined = sql`coalesce(${teachers.joinedOn}, substr(${teachers.createdAt}, 1, 10))`;
  const [[totals], subjectRows, recent] = await db.batch([
    db
      .select({
        total: count(),
        active: sql<number>`coalesce(sum(${teachers.isActive}), 0)`.mapWith(Number),
        payrollMinor:
          sql<number>`coalesce(sum(case when ${teachers.isActive} then ${teachers.salaryMinor} else 0 end), 0)`.mapWith(
            Number,
          ),
        newThisMonth: sql<number>`coalesce(sum(substr(${joined}, 1, 7) = ${month}), 0)`.mapWith(Number),
      })
      .from(teachers)
      .where(ctx.scoped(teachers)),
    db
      .select({ subjects: teachers.subjects })
      .from(teachers)
      .where(ctx.scoped(teachers, eq(teachers.isActive, true))),
    selectTeachers(ctx)
      .where(ctx.scoped(teachers))
      .orderBy(desc(teachers.createdAt), desc(teachers.id))
      .limit(RECENT_TEACHERS),
  ]);

  const bySubject = new Map<string, { subject: string; count: number }>();
  for (const row of subjectRows) {
    for (const name of row.subjects) {
      const key = name.toLowerCase();
      const entry = bySubject.get(key) ?? { subject: name, count: 0 };
      entry.count += 1;
      bySubject.set(key, entry);
    }
  }
  const withoutSubjects = subjectRows.filter((row) => row.subjects.length === 0).length;
  return {
    totalTeachers: totals.total,
    activeTeachers: totals.active,
    inactiveTeachers: totals.total - totals.active,
    totalSalary: totals.payrollMinor / 100,
    currency: school.currency,
    month,
    newThisMonth: totals.newThisMonth,
    subjectDistribution: [...bySubject.values()].sort(
      (a, b) => b.count - a.count || a.subject.localeCompare(b.subject),
    ),
    teachersWithoutSubjects: withoutSubjects,
    recentTeachers: recent.map(shapeTeacher),
  };
}
