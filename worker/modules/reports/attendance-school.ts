import { asc, between, eq, or, sql } from 'drizzle-orm';
import { attendanceRegisters, classes, importantDateClasses, importantDates, schools } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { downloadHeaders } from '../../lib/report-formats';
import { csvLine } from '../../lib/report-formats/csv';
import type { TenantContext } from '../../lib/tenancy';
import { wordsIn } from './attendance-labels';
import { monthDays, monthRange } from './attendance-month';
import { classMonthMarks, classPeople, studentsGrid } from './attendance-students';

/** Classes read per round trip while the CSV streams: a bounded slice of the school (about 400 students). */
export const CLASSES_PER_READ = 5;

/**
 * `GET /api/reports/attendance/school.csv`: every class's register grid for the month, one CSV of the same
 * columns (class first), streamed: the class list and holidays first, then the classes `CLASSES_PER_READ` at a
 * time, each slice written out before the next is read, so the school is never held whole in memory.
 */
export async function schoolMonthCsv(ctx: TenantContext, query: { month?: string }): Promise<Response> {
  const month = query.month ?? (await ctx.today()).slice(0, 7);
  const { from, to } = monthRange(month);
  const taken = sql`exists (select 1 from ${attendanceRegisters} r where r.school_id = ${ctx.schoolId} and r.class_id = ${classes.id} and r.date between ${from} and ${to})`;
  const ofYear = sql`${classes.academicYear} = (select s.academic_year from ${schools} s where s.id = ${ctx.schoolId})`;
  const classList = ctx.db
    .select({ id: classes.id, name: classes.name, section: classes.section })
    .from(classes)
    .where(ctx.scoped(classes, or(ofYear, taken)))
    .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.name), asc(classes.section));
  const [list, holidays] = await ctx.db.batch([
    classList,
    ctx.db
      .select({
        date: importantDates.date,
        title: importantDates.title,
        all: importantDates.applyToAllClasses,
        classId: importantDateClasses.classId,
      })
      .from(importantDates)
      .leftJoin(importantDateClasses, eq(importantDateClasses.importantDateId, importantDates.id))
      .where(ctx.scoped(importantDates, eq(importantDates.type, 'holiday'), between(importantDates.date, from, to))),
    countedActivity(
      ctx,
      'export',
      'attendance_report',
      null,
      [`School monthly attendance CSV, ${month}: `, ' class(es)'],
      classList,
    ),
  ]);
  const language = ctx.language ?? 'en';
  const say = wordsIn(language);
  const holidaysOf = (classId: string) => holidays.filter((h) => h.all || h.classId === classId);
  let next = 0;
  let headerWritten = false;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= list.length) {
        if (!headerWritten)
          controller.enqueue(encoder.encode(`\uFEFF${csvLine([say('class'), say('roll'), say('name')])}`));
        controller.close();
        return;
      }
      const slice = list.slice(next, next + CLASSES_PER_READ);
      next += slice.length;
      const reads = slice.flatMap((c) => {
        const people = classPeople(ctx, c.id, from, to);
        return [people.inClass, people.others, classMonthMarks(ctx, c.id, from, to)] as const;
      });
      const results = (await ctx.db.batch(reads as never)) as unknown[][];
      let text = '';
      for (const [i, klass] of slice.entries()) {
        const [inClass, others, marks] = results.slice(i * 3, i * 3 + 3) as [
          { number: number | null; rollNumber: string; name: string }[],
          { number: number | null; rollNumber: string; name: string }[],
          { date: string; number: number; best: number; late: number }[],
        ];
        const days = monthDays(month, holidaysOf(klass.id), new Set(marks.map((m) => m.date)));
        const people = [...inClass, ...others].map((p) => ({ key: p.number ?? -1, roll: p.rollNumber, name: p.name }));
        const grid = studentsGrid(say, days, people, marks);
        const name = formatClassName(klass);
        if (!headerWritten) {
          text += `\uFEFF${csvLine([say('class'), ...grid.columns.map((c) => c.label)])}`;
          headerWritten = true;
        }
        for (const row of grid.rows) text += csvLine([name, ...row]);
        if (grid.totals) text += csvLine([name, ...grid.totals]);
      }
      controller.enqueue(encoder.encode(text));
    },
  });
  return new Response(stream, { headers: downloadHeaders('csv', `school-attendance-${month}`) });
}
