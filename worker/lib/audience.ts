import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { inJson } from '../db/bulk';
import { parents, studentParents, students, subjects, subjectTeachers, teachers } from '../db/schema';
import type { TenantContext } from './tenancy';

/**
 * Tells the school's room, after the write has committed, that these teachers' classes changed: the given
 * teachers and those teaching the given subjects (main or co-teacher). Their live sockets reconnect and are
 * admitted with the classes they now teach. One round trip, whatever the numbers.
 */
export async function teachersAudienceChanged(
  ctx: TenantContext,
  changed: { teacherIds?: (string | null | undefined)[]; subjectIds?: string[] },
) {
  const ids = [...new Set((changed.teacherIds ?? []).filter((id): id is string => Boolean(id)))];
  const subjectIds = changed.subjectIds ?? [];
  if (ids.length === 0 && subjectIds.length === 0) return;
  const conditions: SQL[] = [];
  if (ids.length > 0) conditions.push(inJson(teachers.id, ids));
  if (subjectIds.length > 0) {
    const main = ctx.db
      .select({ id: subjects.teacherId })
      .from(subjects)
      .where(ctx.scopedIds(subjects, subjects.id, subjectIds));
    const co = ctx.db
      .select({ id: subjectTeachers.teacherId })
      .from(subjectTeachers)
      .where(ctx.scoped(subjectTeachers, inJson(subjectTeachers.subjectId, subjectIds)));
    conditions.push(inArray(teachers.id, main), inArray(teachers.id, co));
  }
  const rows = await ctx.db
    .select({ userId: teachers.userId })
    .from(teachers)
    .where(ctx.scoped(teachers, or(...conditions)));
  if (rows.length === 0) return;
  await ctx.publish(ctx.schoolId, { type: 'audience_changed', data: { userIds: rows.map((r) => r.userId) } });
}

/**
 * As above for students who changed class: the students' own accounts and their parents' reconnect, so each
 * receives the events of the class the child is in now. One round trip.
 */
export async function familiesAudienceChanged(ctx: TenantContext, studentIds: string[]) {
  if (studentIds.length === 0) return;
  const [own, linked] = await ctx.db.batch([
    ctx.db
      .select({ userId: students.userId })
      .from(students)
      .where(ctx.scopedIds(students, students.id, studentIds)),
    ctx.db
      .select({ userId: parents.userId })
      .from(studentParents)
      .innerJoin(parents, eq(parents.id, studentParents.parentId))
      .where(ctx.scoped(studentParents, inJson(studentParents.studentId, studentIds))),
  ]);
  const userIds = [...new Set([...own, ...linked].map((r) => r.userId))];
  if (userIds.length > 0) await ctx.publish(ctx.schoolId, { type: 'audience_changed', data: { userIds } });
}
