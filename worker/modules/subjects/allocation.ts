import { asc, count, eq, ne, sql } from 'drizzle-orm';
import { inJson } from '../../db/bulk';
import { schedules, subjects, subjectTeachers, teachers, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { teachersAudienceChanged } from '../../lib/audience';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { classLookup, coTeachersOf, subjectLookup, teacherLookup } from '../../lib/lookups';
import type { TenantContext } from '../../lib/tenancy';
import { subjectsOfClass } from './queries';
import { DUPLICATE_SUBJECT } from './service';

/** Assigns the given subjects of this school to a class (each through `changeSubject`'s rules). */
export async function assignSubjectsToClass(ctx: TenantContext, classId: string, subjectIds: string[]) {
  const { db } = ctx;
  const ids = [...new Set(subjectIds)];
  const [[klass], found, slotted, clashingNames] = await db.batch([
    classLookup(ctx, classId),
    db
      .select({ id: subjects.id, name: subjects.name, classId: subjects.classId })
      .from(subjects)
      .where(ctx.scopedIds(subjects, subjects.id, ids)),
    db
      .select({ subjectId: schedules.subjectId, n: count() })
      .from(schedules)
      .where(ctx.scoped(schedules, inJson(schedules.subjectId, ids), ne(schedules.classId, classId)))
      .groupBy(schedules.subjectId),
    db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(ctx.scoped(subjects, eq(subjects.classId, classId), sql`not (${inJson(subjects.id, ids)})`)),
  ]);
  if (!klass) throw notFound('Class');
  if (found.length !== ids.length) throw notFound('Subject');
  const moving = found.filter((s) => s.classId !== klass.id);
  const onTimetable = slotted.find((s) => moving.some((m) => m.id === s.subjectId));
  if (onTimetable) {
    const name = moving.find((m) => m.id === onTimetable.subjectId)?.name;
    throw new AppError(
      409,
      `${name} is on another class's timetable (${onTimetable.n} slot(s)); remove those slots before moving it to ${classLabel(klass)}.`,
      { code: 'IN_USE' },
    );
  }
  const taken = new Set(clashingNames.map((s) => s.name.toLowerCase()));
  const seen = new Set<string>();
  for (const s of found) {
    const key = s.name.toLowerCase();
    if (taken.has(key) || seen.has(key))
      throw new AppError(409, `${DUPLICATE_SUBJECT}: ${s.name}`, { code: 'ALREADY_EXISTS' });
    seen.add(key);
  }
  if (moving.length > 0) {
    await db.batch([
      db
        .update(subjects)
        .set({ classId: klass.id, updatedAt: ctx.now().toISOString() })
        .where(
          ctx.scoped(
            subjects,
            inJson(
              subjects.id,
              moving.map((m) => m.id),
            ),
          ),
        ),
      activity(
        ctx,
        'update',
        'class',
        klass.id,
        `Assigned ${moving.length} subject(s) to class ${classLabel(klass)}: ${moving.map((m) => m.name).join(', ')}`,
      ),
    ]);
    await teachersAudienceChanged(ctx, { subjectIds: moving.map((m) => m.id) });
  }
  return { subjects: await subjectsOfClass(ctx, klass.id), assigned: moving.length };
}

/** The main teacher and the co-teachers of a subject. */
export async function subjectTeachersOf(ctx: TenantContext, subjectId: string) {
  const { db } = ctx;
  const teacherFields = {
    id: teachers.id,
    name: named(users.name, 'teacher_name'),
    email: named(users.email, 'teacher_email'),
    phone: named(users.phone, 'teacher_phone'),
    department: teachers.department,
    designation: teachers.designation,
    isActive: teachers.isActive,
  };
  const [[subject], main, co] = await db.batch([
    subjectLookup(ctx, subjectId),
    db
      .select(teacherFields)
      .from(subjects)
      .innerJoin(teachers, eq(teachers.id, subjects.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(ctx.scoped(subjects, eq(subjects.id, subjectId))),
    db
      .select(teacherFields)
      .from(subjectTeachers)
      .innerJoin(teachers, eq(teachers.id, subjectTeachers.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(ctx.scoped(subjectTeachers, eq(subjectTeachers.subjectId, subjectId)))
      .orderBy(asc(users.name)),
  ]);
  if (!subject) throw notFound('Subject');
  const shape = (t: (typeof main)[number], role: 'main' | 'co-teacher') => ({
    _id: t.id,
    name: t.name,
    email: t.email,
    phone: t.phone,
    department: t.department,
    designation: t.designation,
    isActive: t.isActive,
    role,
  });
  return [...main.map((t) => shape(t, 'main')), ...co.map((t) => shape(t, 'co-teacher'))];
}

export async function addCoTeacher(ctx: TenantContext, subjectId: string, teacherId: string) {
  const { db } = ctx;
  const [[subject], [teacher], coTeachers] = await db.batch([
    subjectLookup(ctx, subjectId),
    teacherLookup(ctx, teacherId),
    coTeachersOf(ctx, subjectId),
  ]);
  if (!subject) throw notFound('Subject');
  if (!teacher) throw notFound('Teacher');
  if (subject.teacherId === teacher.id || coTeachers.some((c) => c.teacherId === teacher.id)) {
    throw new AppError(409, 'This teacher already teaches this subject', { code: 'ALREADY_EXISTS' });
  }
  await db.batch([
    db.insert(subjectTeachers).values({ schoolId: ctx.schoolId, subjectId: subject.id, teacherId: teacher.id }),
    activity(ctx, 'update', 'subject', subject.id, `Added ${teacher.name} as a teacher of ${subject.name}`),
  ]);
  if (subject.classId) await teachersAudienceChanged(ctx, { teacherIds: [teacher.id] });
  return subjectTeachersOf(ctx, subject.id);
}
