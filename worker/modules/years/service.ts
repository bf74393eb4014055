import { classes, schoolYears } from '../../db/schema';
import { academicYearStart } from '../../lib/academic-year';
import type { TenantContext } from '../../lib/tenancy';

/**
 * The school's years, newest first: those a rollover wrote, and any year its classes carry (a school that has not
 * rolled over yet has only its current one). Dates of a year no rollover wrote follow the school's start month.
 */
export async function listYears(ctx: TenantContext) {
  const school = await ctx.school();
  const [written, classYears] = await ctx.db.batch([
    ctx.db.select().from(schoolYears).where(ctx.scoped(schoolYears)),
    ctx.db.selectDistinct({ year: classes.academicYear }).from(classes).where(ctx.scoped(classes)),
  ]);
  const names = new Set([school.academicYear, ...written.map((y) => y.name), ...classYears.map((c) => c.year)]);
  const month = String(school.yearStartMonth).padStart(2, '0');
  return [...names]
    .sort((a, b) => b.localeCompare(a))
    .map((name) => {
      const row = written.find((y) => y.name === name);
      const startsOn = row?.startsOn ?? `${name.slice(0, 4)}-${month}-01`;
      const endsOn =
        row?.endsOn ?? `${name.slice(5)}-${academicYearStart(startsOn, school.yearStartMonth).slice(5, 7)}-01`;
      return {
        name,
        startsOn,
        endsOn: row ? endsOn : previousDay(endsOn),
        current: name === school.academicYear,
        past: name < school.academicYear,
        rolledFrom: row?.rolledFrom ?? null,
      };
    });
}

function previousDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
