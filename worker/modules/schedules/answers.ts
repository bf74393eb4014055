import { z } from 'zod';
import { subjectTypes } from '../../db/schema';
import { list, success } from '../../lib/answer-shapes';
import { scheduleRecord } from '../../lib/record-shapes';

// The answers of the schedules calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

/** A timetable slot (`toSchedule`). */
export const schedule = scheduleRecord;

/** A period of a teacher's week, with its register of this week when the school has one. */
export const weekPeriod = schedule.extend({
  register: z
    .strictObject({
      date: z.string(),
      taken: z.boolean(),
      marked: z.number(),
      takenAt: z.string().nullable(),
      takenDate: z.string().nullable(),
      takenTime: z.string().nullable(),
    })
    .optional(),
});

export const listSchedulesAnswer = list(schedule);

export const createScheduleAnswer = success(schedule);

export const weeklyScheduleAnswer = success(
  z.strictObject({
    academicYear: z.string(),
    semester: z.string(),
    days: z.strictObject({
      Monday: z.array(weekPeriod),
      Tuesday: z.array(weekPeriod),
      Wednesday: z.array(weekPeriod),
      Thursday: z.array(weekPeriod),
      Friday: z.array(weekPeriod),
    }),
    total: z.number(),
  }),
);

export const availableForScheduleAnswer = success(
  z.strictObject({
    academicYear: z.string(),
    semester: z.string(),
    teachers: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        department: z.string(),
        designation: z.string().nullable(),
        classIds: z.array(z.string()),
      }),
    ),
    classes: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        section: z.string(),
        room: z.string().nullable(),
        academicYear: z.string(),
        teacherId: z.string().nullable(),
      }),
    ),
    subjects: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        code: z.string().nullable(),
        type: z.enum(subjectTypes),
        classId: z.string().nullable(),
        teacherId: z.string().nullable(),
        teacherIds: z.array(z.string()),
      }),
    ),
  }),
);

export const teacherScheduleAnswer = list(schedule);

export const classScheduleAnswer = list(schedule);

export const getScheduleAnswer = success(schedule);

export const updateScheduleAnswer = success(schedule);

export const deleteScheduleAnswer = success(
  z.strictObject({
    _id: z.string(),
  }),
);
