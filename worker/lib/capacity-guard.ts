import { sql } from 'drizzle-orm';
import { refuseIf } from '../db/guard';
import { classes, students } from '../db/schema';
import type { TenantContext } from './tenancy';

/**
 * A batch item that refuses the whole write when any of these classes then holds more students than its
 * capacity: two placements racing for the last seat (or a placement racing a lowered capacity) both pass
 * their read-side checks; only one write lands.
 */
export function capacityGuard(ctx: TenantContext, classIds: string[]) {
  return refuseIf(
    ctx.db,
    'class-capacity',
    sql`select n || '/' || capacity as detail from (
      select c.capacity as capacity,
        (select count(*) from ${students} st where st.class_id = c.id and st.school_id = c.school_id) as n
      from ${classes} c
      where c.school_id = ${ctx.schoolId} and c.id in (select value from json_each(${JSON.stringify(classIds)}))
    ) where n > capacity`,
  );
}
