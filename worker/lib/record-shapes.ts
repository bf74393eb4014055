import { z } from 'zod';
import { genders, languages, parentRelations, roles, subjectTypes, weekdays } from '../db/schema';
import { classRef, ref } from './answer-shapes';

// Records that several modules' answers carry, declared once so that a field added to one is added to all.

/** A postal address as every answer gives it. */
export const addressShape = z.strictObject({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});

/** The school a signed-in account belongs to, with the clock its dates are read on and the language it speaks. */
export const accountSchool = z.strictObject({
  _id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  language: z.enum(languages),
});

/** A signed-in account. */
export const accountRecord = z.strictObject({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  school: accountSchool,
  mustChangePassword: z.boolean(),
  /** The person's own language; null follows `school.language`. */
  language: z.enum(languages).nullable(),
});

/** A teacher's record: the teachers' calls answer it, and the sign-ins with the school beside it. */
export const teacherRecord = z.strictObject({
  _id: z.string(),
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  department: z.string(),
  designation: z.string().nullable(),
  qualification: z.string().nullable(),
  experience: z.number(),
  salary: z.number(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  primarySubject: z.string().nullable(),
  subjects: z.array(z.strictObject({ name: z.string() })),
  address: addressShape.nullable(),
  joinedOn: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

/** A teacher's record as a sign-in gives it, with the school (and its clock) or its name alone. */
export const signedInTeacher = teacherRecord.extend({ school: accountSchool });
export const profileTeacher = teacherRecord.extend({ school: ref });

/** A student as their own sign-in and profile give them. */
export const signedInStudent = z.strictObject({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  rollNumber: z.string(),
  admissionNumber: z.string(),
  status: z.string(),
  classId: classRef.nullable(),
});

/** A parent's child as the parent's sign-in and profile give it. */
export const parentChild = z.strictObject({
  _id: z.string(),
  name: z.string(),
  rollNumber: z.string(),
  relation: z.enum(parentRelations),
  status: z.string(),
  classId: classRef.nullable(),
});

/** A parent's account with their children. */
export const signedInParent = accountRecord.extend({ children: z.array(parentChild) });

/** A subject as a timetable slot names it. */
export const subjectRef = z.strictObject({
  _id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
});

/** A subject of the school (`toSubject`): the subjects' calls and a class's subjects answer it. */
export const subjectRecord = z.strictObject({
  _id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  classId: classRef.nullable(),
  teacherId: ref.nullable(),
  categoryId: ref.nullable(),
  credits: z.number(),
  type: z.enum(subjectTypes),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A timetable slot (`toSchedule`): the schedules' calls and the class and teacher timetables answer it. */
export const scheduleRecord = z.strictObject({
  _id: z.string(),
  teacherId: ref,
  classId: classRef,
  subjectId: subjectRef.nullable(),
  dayOfWeek: z.enum(weekdays),
  startTime: z.string(),
  endTime: z.string(),
  room: z.string().nullable(),
  academicYear: z.string(),
  semester: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
