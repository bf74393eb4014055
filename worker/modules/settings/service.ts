import { eq } from 'drizzle-orm';
import { schools } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';

export async function schoolInfo(ctx: TenantContext) {
  const [school] = await ctx.db.select().from(schools).where(eq(schools.id, ctx.schoolId)).limit(1);
  if (!school) throw notFound('School');
  return {
    _id: school.id,
    name: school.name,
    code: school.code,
    email: school.email,
    phone: school.phone,
    address: school.address,
    website: school.website,
    academicBoard: school.academicBoard,
    academicYear: school.academicYear,
    semester: school.semester,
    timeZone: school.timeZone,
    currency: school.currency,
  };
}
