import type { Client } from '@libsql/client';
import { ZONE_OFFSET_MINUTES } from './plan';

/** One character per 0.5 %: 90.5 % present, 4.5 % absent, 3 % late, 2 % excused. */
const STATUS_DRAW = 'p'.repeat(181) + 'a'.repeat(9) + 'l'.repeat(6) + 'e'.repeat(4);

/**
 * One register per timetabled subject and class per school day, taken five minutes into its first period by
 * the subject's teacher.
 */
export const INSERT_DAY_REGISTERS = `
insert into attendance_registers (school_id, class_id, subject_id, teacher_id, date, taken_by, taken_at, marked_by, marked_at)
select ?3, sc.class_id, sc.subject_id, sc.teacher_id, ?1, t.user_id, sc.marked, t.user_id, sc.marked
from (
  select class_id, subject_id, min(teacher_id) as teacher_id,
    strftime('%Y-%m-%dT%H:%M:%fZ', ?1 || ' ' || min(start_time), '${5 - ZONE_OFFSET_MINUTES} minutes') as marked
  from schedules
  where school_id = ?3 and day_of_week = ?2
  group by class_id, subject_id
) sc
join teachers t on t.id = sc.teacher_id
order by sc.class_id, sc.subject_id`;

/**
 * A mark for every active student of each of the day's registers, written by SQLite in key order (a simple CASE
 * evaluates its draw once, so each mark gets one status). `?2` is unused, so both statements take the same arguments.
 */
export const INSERT_DAY_MARKS = `
insert into attendance_marks (register_id, student_number, status, remarks)
select r.id, st.number,
  case substr('${STATUS_DRAW}', 1 + (abs(random()) % ${STATUS_DRAW.length}), 1)
    when 'p' then 3 when 'a' then 0 when 'l' then 2 else 1 end,
  null
from attendance_registers r
join students st on st.school_id = r.school_id and st.class_id = r.class_id and st.status = 'active'
where r.school_id = ?3 and r.date = ?1 and ?2 is not null
order by r.id, st.number`;

/** A school's day totals counted from its marks, as migration 0009's backfill counts every school's. */
export const REBUILD_DAY_TOTALS = `
insert into attendance_day_totals (school_id, date, class_id, marked, present, late, absent, excused)
select t.school_id, t.date, t.class_id, count(*), sum(best >= 2), sum(best >= 2 and was_late), sum(best = 0), sum(best = 1)
from (
  select r.school_id, r.date, r.class_id, m.student_number as number, max(m.status) as best, max(m.status = 2) as was_late
  from attendance_registers r
  join attendance_marks m on m.register_id = r.id
  where r.school_id = ?1
  group by r.date, r.class_id, m.student_number
) t
join students s on s.school_id = t.school_id and s.number = t.number and s.status = 'active'
group by t.date, t.class_id
on conflict (school_id, date, class_id) do update set marked = excluded.marked, present = excluded.present,
  late = excluded.late, absent = excluded.absent, excused = excluded.excused`;

/**
 * The attendance_marks indexes and triggers, dropped during the load and made once at the end: far faster than
 * updating them row by row. The day totals the triggers keep are then counted in one statement.
 */
export async function withoutAttendanceIndexes(client: Client, schoolId: string, load: () => Promise<void>) {
  const { rows } = await client.execute(
    "select type, name, sql from sqlite_master where type in ('index', 'trigger') and tbl_name = 'attendance_marks' and sql is not null order by type",
  );
  const made = rows.map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }));
  for (const one of made) await client.execute(`drop ${one.type} "${one.name}"`);
  await load();
  for (const one of made) await client.execute(one.sql);
  await client.execute({ sql: REBUILD_DAY_TOTALS, args: [schoolId] });
}
