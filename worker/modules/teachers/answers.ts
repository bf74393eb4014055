import { z } from 'zod';
import { classRef, list, success } from '../../lib/answer-shapes';
import { scheduleRecord, teacherRecord } from '../../lib/record-shapes';

// The answers of the teachers calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const assignedClass = z.strictObject({
  _id: z.string(),
  name: z.string(),
  section: z.string(),
  academicYear: z.string(),
});

/** A teacher with the classes and subjects assigned to them: one teacher's page and the assignment calls. */
export const assignedTeacher = teacherRecord.extend({
  assignedClasses: z.array(assignedClass),
  assignedSubjects: z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      classId: classRef.nullable(),
      role: z.enum(['main', 'co-teacher']),
    }),
  ),
});

export const listTeachersAnswer = list(teacherRecord);

export const createTeacherAnswer = success(
  z.strictObject({
    teacher: teacherRecord,
  }),
);

export const teacherStatsAnswer = success(
  z.strictObject({
    totalTeachers: z.number(),
    activeTeachers: z.number(),
    inactiveTeachers: z.number(),
    totalSalary: z.number(),
    currency: z.string(),
    month: z.string(),
    newThisMonth: z.number(),
    subjectDistribution: z.array(
      z.strictObject({
        subject: z.string(),
        count: z.number(),
      }),
    ),
    teachersWithoutSubjects: z.number(),
    recentTeachers: z.array(teacherRecord),
  }),
);

export const getTeacherAnswer = success(assignedTeacher);

export const updateTeacherAnswer = success(teacherRecord);

export const deactivateTeacherAnswer = success(teacherRecord);

export const assignSubjectsToTeacherAnswer = success(assignedTeacher);

export const assignClassesToTeacherAnswer = success(assignedTeacher);

export const replaceTeacherTimetableAnswer = list(scheduleRecord);
