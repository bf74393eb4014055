import { count, desc, eq } from 'drizzle-orm';
import { complaints } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { type ComplaintInput, toComplaint } from './schemas';

export async function listComplaints(
  ctx: TenantContext,
  query: { status?: string; priority?: string; page: number; limit: number },
) {
  const where = ctx.scoped(
    complaints,
    query.status ? eq(complaints.status, query.status as never) : undefined,
    query.priority ? eq(complaints.priority, query.priority as never) : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(complaints)
      .where(where)
      .orderBy(desc(complaints.date), desc(complaints.createdAt))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(complaints).where(where),
  ]);
  return { complaints: rows.map(toComplaint), total };
}

export async function logComplaint(ctx: TenantContext, input: ComplaintInput) {
  const id = newId();
  const date = input.date ?? (await ctx.today());
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(complaints)
      .values({ ...input, id, date, schoolId: ctx.schoolId, loggedBy: ctx.session.userId })
      .returning(),
    activity(ctx, 'create', 'complaint', id, `Logged complaint: ${input.title}`),
  ]);
  return toComplaint(row);
}

export async function updateComplaint(ctx: TenantContext, id: string, input: Partial<ComplaintInput>) {
  // Checked first so a missing complaint leaves no activity-log row behind.
  const [found] = await ctx.db
    .select()
    .from(complaints)
    .where(ctx.scoped(complaints, eq(complaints.id, id)));
  if (!found) throw notFound('Complaint');
  if (Object.keys(input).length === 0) return toComplaint(found);
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(complaints)
      .set(input)
      .where(ctx.scoped(complaints, eq(complaints.id, id)))
      .returning(),
    activity(ctx, 'update', 'complaint', id, input.status ? `Complaint marked ${input.status}` : 'Updated a complaint'),
  ]);
  if (!row) throw notFound('Complaint');
  return toComplaint(row);
}
