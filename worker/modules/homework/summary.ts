import { eq, sql } from 'drizzle-orm';
import { classes, homework, homeworkSubmissions, students, subjects, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { callerTeachesSubject } from '../grades';
import { ofYear } from './access';
import type { SummaryQuery } from './schemas';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * `GET /api/homework/summary`: the figures of `/student-app-tasks`: homework by status, hand-ins expected, made,
 * late and missing, the hand-in rate of each class and subject, and the students with most work overdue (50).
 * The office's whole school, a teacher's subjects; `classId` and a due-date range narrow it. One round trip.
 */
export async function homeworkSummary(ctx: TenantContext, query: SummaryQuery) {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const teacher = ctx.session.role === 'teacher';
  const where = sql.join(
    [
      sql`h.school_id = ${ctx.schoolId}`,
      query.classId ? sql`h.class_id = ${query.classId}` : ofYear(ctx.schoolId, sql`h.class_id`, query.academicYear),
      query.from ? sql`h.due_date >= ${query.from}` : undefined,
      query.to ? sql`h.due_date <= ${query.to}` : undefined,
      teacher ? sql`${callerTeachesSubject(ctx, sql`h.subject_id`)} = 1` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const each = sql`select h.id, h.class_id, h.subject_id, h.due_at,
      (select count(*) from ${students} s where s.school_id = h.school_id and s.class_id = h.class_id and s.status = 'active') as expected,
      (select count(*) from ${homeworkSubmissions} hs where hs.homework_id = h.id) as handed_in,
      (select count(*) from ${homeworkSubmissions} hs where hs.homework_id = h.id and hs.late = 1) as late,
      (select count(*) from ${homeworkSubmissions} hs where hs.homework_id = h.id and hs.returned_at is not null) as returned
    from ${homework} h where ${where}`;
  const n = (expression: ReturnType<typeof sql>, alias: string) => sql<number>`${expression}`.mapWith(Number).as(alias);
  const text = (expression: ReturnType<typeof sql>, alias: string) => sql<string>`${expression}`.as(alias);
  const [groups, overdue, [klass]] = await db.batch([
    db
      .select({
        classId: text(sql`e.class_id`, 'g_class_id'),
        className: text(sql`c.name`, 'g_class_name'),
        classSection: text(sql`c.section`, 'g_class_section'),
        subjectId: text(sql`e.subject_id`, 'g_subject_id'),
        subjectName: text(sql`sb.name`, 'g_subject_name'),
        homework: n(sql`count(*)`, 'g_homework'),
        active: n(sql`sum(e.due_at > ${now})`, 'g_active'),
        completed: n(sql`sum(e.due_at <= ${now} and e.handed_in >= e.expected)`, 'g_completed'),
        overdue: n(sql`sum(e.due_at <= ${now} and e.handed_in < e.expected)`, 'g_overdue'),
        expected: n(sql`sum(e.expected)`, 'g_expected'),
        handedIn: n(sql`sum(e.handed_in)`, 'g_handed_in'),
        late: n(sql`sum(e.late)`, 'g_late'),
        returned: n(sql`sum(e.returned)`, 'g_returned'),
        expectedDue: n(sql`sum(case when e.due_at <= ${now} then e.expected else 0 end)`, 'g_expected_due'),
        handedInDue: n(sql`sum(case when e.due_at <= ${now} then e.handed_in else 0 end)`, 'g_handed_in_due'),
      })
      .from(sql`(${each}) e join ${classes} c on c.id = e.class_id join ${subjects} sb on sb.id = e.subject_id`)
      .groupBy(sql`e.class_id, e.subject_id`)
      .orderBy(sql`c.name, c.section, sb.name`),
    db
      .select({
        id: text(sql`s.id`, 'o_student_id'),
        name: text(sql`u.name`, 'o_student_name'),
        classId: text(sql`s.class_id`, 'o_class_id'),
        className: text(sql`c.name`, 'o_class_name'),
        classSection: text(sql`c.section`, 'o_class_section'),
        missing: n(sql`count(*)`, 'o_missing'),
      })
      .from(
        sql`${homework} h
        join ${students} s on s.school_id = h.school_id and s.class_id = h.class_id and s.status = 'active'
        join ${users} u on u.id = s.user_id
        join ${classes} c on c.id = s.class_id
        where ${where} and h.due_at <= ${now}
          and not exists (select 1 from ${homeworkSubmissions} hs where hs.homework_id = h.id and hs.student_id = s.id)`,
      )
      .groupBy(sql`s.id`)
      .orderBy(sql`o_missing desc, u.name`)
      .limit(50),
    // The class asked for is this school's: another school's answers 404 like a missing one.
    db
      .select({
        found: (query.classId
          ? sql<number>`exists (select 1 from ${classes} where ${ctx.scoped(classes, eq(classes.id, query.classId))})`
          : sql<number>`1`
        ).mapWith(Number),
      })
      .from(sql`(select 1)`),
  ]);
  if (!klass?.found) throw notFound('Class');
  const sum = (pick: (g: (typeof groups)[number]) => number) => groups.reduce((n, g) => n + Number(pick(g) ?? 0), 0);
  const handedInDue = sum((g) => g.handedInDue);
  const expectedDue = sum((g) => g.expectedDue);
  return {
    totals: {
      homework: sum((g) => g.homework),
      active: sum((g) => g.active),
      completed: sum((g) => g.completed),
      overdue: sum((g) => g.overdue),
      expected: sum((g) => g.expected),
      handedIn: sum((g) => g.handedIn),
      late: sum((g) => g.late),
      returned: sum((g) => g.returned),
      /** Hand-ins still missing of homework past its due time. */
      missing: expectedDue - handedInDue,
      /** Hand-ins still expected of homework not yet due. */
      pending: Math.max(0, sum((g) => g.expected) - expectedDue - (sum((g) => g.handedIn) - handedInDue)),
      /** Of the homework past due: handed in, in percent (null when none is due yet). */
      rate: percent(handedInDue, expectedDue),
    },
    byClassSubject: groups.map((g) => ({
      class: { _id: g.classId, name: g.className ?? '', section: g.classSection ?? '' },
      subject: { _id: g.subjectId, name: g.subjectName ?? '' },
      homework: Number(g.homework),
      expected: Number(g.expected),
      handedIn: Number(g.handedIn),
      late: Number(g.late),
      missing: Number(g.expectedDue) - Number(g.handedInDue),
      expectedDue: Number(g.expectedDue),
      handedInDue: Number(g.handedInDue),
      rate: percent(Number(g.handedInDue), Number(g.expectedDue)),
    })),
    overdue: overdue.map((o) => ({
      student: { _id: o.id, name: o.name },
      class: { _id: o.classId, name: o.className, section: o.classSection },
      missing: Number(o.missing),
    })),
  };
}
