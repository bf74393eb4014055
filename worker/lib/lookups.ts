import { eq } from 'drizzle-orm';
import { classes, subjects, subjectTeachers, teachers, users } from '../db/schema';
import { named } from '../db/sql';
import type { TenantContext } from './tenancy';

/** The school's teacher with this id and the name of their account (one statement, for a batch). */
export function teacherLookup(ctx: TenantContext, teacherId: string) {
  return ctx.db
    .select({
      id: teachers.id,
      userId: teachers.userId,
      name: named(users.name, 'teacher_name'),
      isActive: teachers.isActive,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(ctx.scoped(teachers, eq(teachers.id, teacherId)))
    .limit(1);
}

export function classLookup(ctx: TenantContext, classId: string) {
  return ctx.db
    .select()
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.id, classId)))
    .limit(1);
}

export function subjectLookup(ctx: TenantContext, subjectId: string) {
  return ctx.db
    .select()
    .from(subjects)
    .where(ctx.scoped(subjects, eq(subjects.id, subjectId)))
    .limit(1);
}

/** The signed-in teacher's own teacher id (a statement; empty for other roles). */
export function ownTeacherLookup(ctx: TenantContext) {
  return ctx.db
    .select({ id: teachers.id })
    .from(teachers)
    .where(ctx.scoped(teachers, eq(teachers.userId, ctx.session.userId)))
    .limit(1);
}

export function coTeachersOf(ctx: TenantContext, subjectId: string) {
  return ctx.db
    .select({ teacherId: subjectTeachers.teacherId })
    .from(subjectTeachers)
    .where(ctx.scoped(subjectTeachers, eq(subjectTeachers.subjectId, subjectId)));
}
