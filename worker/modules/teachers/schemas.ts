import { z } from 'zod';
import { genders, type teachers } from '../../db/schema';
import {
  dateField,
  HHMM,
  optionalText,
  queryBoolean,
  refId,
  schoolDate,
  searchField,
  timeField,
} from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { checkKeptPassword, emailSchema, officePasswordSchema } from '../auth/schemas';
import { dayField, END_AFTER_START } from '../schedules/schemas';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const wholeNonNegative = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`);

/** Both of spec-2's teacher forms: the simple one (name, email, password, phone) and the full one. */
export const teacherCreateBody = z
  .object({
    name: text(120).min(1, 'Name is required'),
    email: emailSchema,
    password: officePasswordSchema,
    /** The teacher must choose their own password at first sign-in (the office knows this one). */
    requirePasswordChange: z.boolean({ error: 'Require password change must be true or false' }).optional(),
    phone: text(40).min(1, 'Phone is required'),
    dateOfBirth: dateField('Date of birth'),
    gender: z.enum(genders, { error: 'Gender must be male, female or other' }).optional(),
    department: z.literal('Teaching', { error: "Department must be 'Teaching'" }).optional(),
    designation: text(120).optional(),
    qualification: text(200).optional(),
    experience: wholeNonNegative('Experience').optional(),
    salary: wholeNonNegative('Salary').optional(),
    primarySubject: text(80).optional(),
    subjects: z.array(text(80).min(1)).max(30, 'At most 30 subjects').optional(),
    address: z
      .object({
        street: text(200).optional(),
        city: text(100).optional(),
        state: text(100).optional(),
        zipCode: text(20).optional(),
      })
      .optional(),
  })
  .superRefine((body, check) => checkKeptPassword(check, body.password, body.requirePasswordChange, ['password']));
export type TeacherCreateInput = z.infer<typeof teacherCreateBody>;

const address = z.object({
  street: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  zipCode: text(20).optional(),
});

/**
 * `PUT /api/teachers/:id`: any of the create fields (password resets it and signs the teacher out everywhere),
 * plus `isActive` (false deactivates like DELETE; true reactivates). Blank optional text clears the field.
 */
export const teacherUpdateBody = z
  .object({
    name: text(120).min(1, 'Name is required').optional(),
    email: emailSchema.optional(),
    password: officePasswordSchema.optional(),
    /** With a new password: the teacher must replace it at their next sign-in. */
    requirePasswordChange: z.boolean({ error: 'Require password change must be true or false' }).optional(),
    phone: text(40).min(1, 'Phone is required').optional(),
    dateOfBirth: schoolDate('Date of birth').nullable().optional(),
    gender: z.enum(genders, { error: 'Gender must be male, female or other' }).nullable().optional(),
    department: z.literal('Teaching', { error: "Department must be 'Teaching'" }).optional(),
    designation: optionalText(120, 'Designation'),
    qualification: optionalText(200, 'Qualification'),
    experience: wholeNonNegative('Experience').optional(),
    salary: wholeNonNegative('Salary').optional(),
    primarySubject: text(80).min(1, 'Primary subject cannot be blank').optional(),
    subjects: z.array(text(80).min(1)).max(30, 'At most 30 subjects').optional(),
    address: address.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
    path: ['name'],
  })
  .superRefine((body, check) => checkKeptPassword(check, body.password, body.requirePasswordChange, ['password']));
export type TeacherUpdateInput = z.infer<typeof teacherUpdateBody>;

export const subjectIdsBody = z.object({
  subjectIds: z
    .array(refId('Subject'), { error: 'Subject ids must be a list' })
    .min(1, 'Choose at least one subject')
    .max(100, 'At most 100 subjects at once'),
});

export const classIdsBody = z.object({
  classIds: z
    .array(refId('Class'), { error: 'Class ids must be a list' })
    .min(1, 'Choose at least one class')
    .max(100, 'At most 100 classes at once'),
});

/** One slot of `PUT /api/teachers/:id/schedule`; the teacher is the path's (a `teacherId` must match it). */
export const teacherSlot = z
  .object({
    teacherId: refId('Teacher').optional(),
    classId: refId('Class'),
    subjectId: refId('Subject'),
    dayOfWeek: dayField,
    startTime: timeField('Start time'),
    endTime: timeField('End time'),
    room: optionalText(40, 'Room'),
    notes: optionalText(500, 'Notes'),
  })
  .refine((slot) => !HHMM.test(slot.startTime) || !HHMM.test(slot.endTime) || slot.endTime > slot.startTime, {
    message: END_AFTER_START,
    path: ['endTime'],
  });
export type TeacherSlot = z.infer<typeof teacherSlot>;

export const teacherTimetableBody = z.object({
  schedule: z.array(teacherSlot, { error: 'Schedule must be a list of slots' }).max(200, 'At most 200 slots in a week'),
});

export const schoolIdParam = z.object({
  schoolId: z.string().trim().min(1, 'School id is required').max(64, 'School id is too long'),
});

/** `isActive=true|false` filters; absent lists active and inactive teachers alike. */
export const teacherListQuery = pagingQuery(100, 1000).extend({ search: searchField, isActive: queryBoolean });
export type TeacherListQuery = z.infer<typeof teacherListQuery>;

/** Primary subject first, then the others, without duplicates (case-insensitive). */
export function orderedSubjects(primary: string | undefined, others: string[] | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const name of [primary, ...(others ?? [])]) {
    const trimmed = name?.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    result.push(trimmed);
  }
  return result;
}

type TeacherRow = typeof teachers.$inferSelect;

export function toTeacher(
  teacher: TeacherRow,
  user: { name: string; email: string; phone: string | null },
  school?: { id: string; name: string },
) {
  return {
    _id: teacher.id,
    id: teacher.id,
    userId: teacher.userId,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: 'teacher' as const,
    schoolId: teacher.schoolId,
    ...(school ? { school: { _id: school.id, name: school.name } } : {}),
    department: teacher.department,
    designation: teacher.designation,
    qualification: teacher.qualification,
    experience: teacher.experienceYears,
    salary: teacher.salaryMinor / 100,
    dateOfBirth: teacher.dateOfBirth,
    gender: teacher.gender,
    primarySubject: teacher.subjects[0] ?? null,
    subjects: teacher.subjects.map((name) => ({ name })),
    address: {
      street: teacher.addressStreet,
      city: teacher.addressCity,
      state: teacher.addressState,
      zipCode: teacher.addressZip,
    },
    joinedOn: teacher.joinedOn,
    isActive: teacher.isActive,
    createdAt: teacher.createdAt,
  };
}
