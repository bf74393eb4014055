import { eq } from 'drizzle-orm';
import { teachers, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { orderedSubjects, type TeacherCreateInput, toTeacher } from './schemas';

export const EMAIL_TAKEN = 'A user with this email already exists';

/** Creates the teacher's sign-in account and profile in one atomic batch. */
export async function createTeacher(ctx: TenantContext, input: TeacherCreateInput) {
  const { db } = ctx;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError(409, EMAIL_TAKEN);
  const passwordHash = await ctx.hasher.hash(input.password);
  const joinedOn = await ctx.today();
  const userId = newId();
  const teacherId = newId();
  const userRow = {
    id: userId,
    schoolId: ctx.schoolId,
    role: 'teacher' as const,
    name: input.name,
    email: input.email,
    phone: input.phone,
    passwordHash,
  };
  const teacherRow = {
    id: teacherId,
    schoolId: ctx.schoolId,
    userId,
    department: 'Teaching',
    designation: input.designation ?? null,
    qualification: input.qualification ?? null,
    experienceYears: input.experience ?? 0,
    salaryMinor: (input.salary ?? 0) * 100,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender ?? null,
    subjects: orderedSubjects(input.primarySubject, input.subjects),
    addressStreet: input.address?.street ?? null,
    addressCity: input.address?.city ?? null,
    addressState: input.address?.state ?? null,
    addressZip: input.address?.zipCode ?? null,
    joinedOn,
  };
  try {
    const [, [created]] = await db.batch([
      db.insert(users).values(userRow),
      db.insert(teachers).values(teacherRow).returning(),
      activity(ctx, 'create', 'teacher', teacherId, `Added teacher ${input.name}`),
    ]);
    return toTeacher(created, userRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN);
    throw error;
  }
}
