import { sql } from 'drizzle-orm';
import { students } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * The school's students counted once (one statement), for every screen that shows them: the dashboard, the
 * student overview and the attendance cards. Active students are the whole that a day's attendance adds up to.
 */
export function studentTotals(ctx: TenantContext, month: string) {
  return ctx.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number).as('n_total'),
      active: sql<number>`coalesce(sum(${students.status} = 'active'), 0)`.mapWith(Number).as('n_active'),
      inactive: sql<number>`coalesce(sum(${students.status} = 'inactive'), 0)`.mapWith(Number).as('n_inactive'),
      newThisMonth: sql<number>`coalesce(sum(substr(${students.admissionDate}, 1, 7) = ${month}), 0)`
        .mapWith(Number)
        .as('n_new'),
      unassigned: sql<number>`coalesce(sum(${students.classId} is null), 0)`.mapWith(Number).as('n_unassigned'),
    })
    .from(students)
    .where(ctx.scoped(students));
}
