import { z } from 'zod';
import { subjectTypes } from '../../db/schema';
import { list, ref, success } from '../../lib/answer-shapes';
import { scheduleRecord, subjectRecord as subject, subjectRef } from '../../lib/record-shapes';
import { studentTermResult, termResultsSummary } from '../grades/answers';

// The answers of the classes calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const student = z.strictObject({
  _id: z.string(),
  name: z.string(),
  rollNumber: z.string(),
});

export const classOfYear = z.strictObject({
  _id: z.string(),
  name: z.string(),
  section: z.string(),
  academicYear: z.string(),
});

export const classroom = z.strictObject({
  _id: z.string(),
  name: z.string(),
  section: z.string(),
  teacherId: ref.nullable(),
  capacity: z.number(),
  room: z.string().nullable(),
  academicYear: z.string(),
  studentCount: z.number(),
  subjectCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listClassesAnswer = list(classroom);

export const createClassAnswer = success(classroom);

export const classStatsAnswer = success(
  z.strictObject({
    academicYear: z.string(),
    totalClasses: z.number(),
    totalStudents: z.number(),
    totalCapacity: z.number(),
    averageClassSize: z.number(),
    utilisation: z.number(),
    nearCapacity: z.number(),
    full: z.number(),
    classesWithoutTeacher: z.number(),
    studentsWithoutClass: z.number(),
    byGrade: z.array(
      z.strictObject({
        name: z.string(),
        classes: z.number(),
        students: z.number(),
        capacity: z.number(),
      }),
    ),
  }),
);

export const getClassAnswer = success(classroom);

export const updateClassAnswer = success(classroom);

export const deleteClassAnswer = success(
  z.strictObject({
    _id: z.string(),
    schedulesRemoved: z.number(),
    subjectsUnassigned: z.number(),
    importantDatesUnlinked: z.number(),
  }),
);

export const readableClassAnswer = list(subject);

export const assignSubjectsToClassAnswer = list(subject);

export const classTeacherAnswer = success(
  z
    .strictObject({
      _id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      department: z.string(),
      designation: z.string().nullable(),
      isActive: z.boolean(),
    })
    .nullable(),
);

export const assignClassTeacherAnswer = success(classroom);

export const replaceClassTimetableAnswer = list(scheduleRecord);

export const attendanceReportAnswer = success(
  z.strictObject({
    class: classOfYear,
    from: z.string(),
    to: z.string(),
    summary: z.strictObject({
      students: z.number(),
      days: z.number(),
      present: z.number(),
      absent: z.number(),
      late: z.number(),
      excused: z.number(),
      total: z.number(),
      rate: z.number().nullable(),
    }),
    students: z.array(
      z.strictObject({
        student: student,
        inClass: z.boolean(),
        present: z.number(),
        absent: z.number(),
        late: z.number(),
        excused: z.number(),
        total: z.number(),
        rate: z.number().nullable(),
      }),
    ),
    subjects: z.array(
      z.strictObject({
        subject: subjectRef,
        present: z.number(),
        absent: z.number(),
        late: z.number(),
        excused: z.number(),
        total: z.number(),
        rate: z.number(),
      }),
    ),
  }),
);

export const performanceReportAnswer = success(
  z.strictObject({
    class: classOfYear,
    from: z.string(),
    to: z.string(),
    students: z.array(
      z.strictObject({
        student: student,
        inClass: z.boolean(),
        attendanceRate: z.number().nullable(),
        marks: z.number(),
        standing: z.string(),
        /** The term's results of a current student (null for a former one, or before the first term). */
        academic: studentTermResult.nullable(),
      }),
    ),
    subjects: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        code: z.string().nullable(),
        type: z.enum(subjectTypes),
        credits: z.number(),
        teacherId: ref.nullable(),
        weeklyPeriods: z.number(),
        weeklyMinutes: z.number(),
      }),
    ),
    summary: z.strictObject({
      students: z.number(),
      good: z.number(),
      watch: z.number(),
      atRisk: z.number(),
      noData: z.number(),
      totalCredits: z.number(),
      weeklyPeriods: z.number(),
      weeklyMinutes: z.number(),
    }),
    academic: termResultsSummary,
  }),
);
