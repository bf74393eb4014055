import { z } from 'zod';
import { absenceAlertModes, studentAttendanceStatuses, weekdays } from '../../db/schema';
import { classRef, counted, list, ref, success } from '../../lib/answer-shapes';

// The answers of the student attendance calls (and a student's `/attendance`), declared once: the routes name
// them; the OpenAPI document and the client read them.

const count = z.number().int().min(0);
const date = z.iso.date();
const status = z.enum(studentAttendanceStatuses);
/** Present and late over the marks less the excused ones, a percentage with two decimals; 0 without marks. */
const rate = z.number().min(0).max(100);

export const studentRef = z.strictObject({ _id: z.string(), name: z.string(), rollNumber: z.string() });

/** One mark: a student's status in one subject's register on one date. */
export const attendanceRecord = z.strictObject({
  _id: z.string(),
  classId: classRef,
  studentId: studentRef,
  subjectId: ref,
  /** The register's teacher; null once that teacher is deleted. */
  teacherId: ref.nullable(),
  status,
  remarks: z.string().nullable(),
  markedAt: z.string(),
  date,
});

export const tally = z.strictObject({
  total: count,
  present: count,
  absent: count,
  late: count,
  excused: count,
  attendanceRate: rate,
});

export const listAttendanceAnswer = list(attendanceRecord);

export const markAttendanceAnswer = success(attendanceRecord);

export const markRegisterAnswer = success(
  z.strictObject({
    successfulCount: count,
    failedCount: count,
    date,
    classId: z.string(),
    subjectId: z.string(),
    records: z.array(attendanceRecord),
    /** What the day's absence alerts do after this register, for the saved notice. */
    absenceAlerts: z.strictObject({
      mode: z.enum(absenceAlertModes),
      /** Alerts are made for the school's today only. */
      today: z.boolean(),
      /** How many of this register's absent pupils have a family to tell. */
      families: count,
      /** Alerts taken back because this register marked their pupil present after all. */
      withdrawn: count,
      /** A timed school's time while still ahead ('10:00'); null once passed or when not timed. */
      at: z.string().nullable(),
    }),
  }),
);

export const classDateAnswer = counted(
  z.strictObject({
    class: classRef,
    date,
    records: z.array(attendanceRecord),
    students: z.array(
      z.strictObject({
        student: studentRef,
        subjects: z.array(
          z.strictObject({
            _id: z.string(),
            subject: ref,
            teacher: ref.nullable(),
            status,
            remarks: z.string().nullable(),
            markedAt: z.string(),
          }),
        ),
        /** Subjects attended (present or late) of `totalCount` marked. */
        presentCount: count,
        totalCount: count,
      }),
    ),
  }),
);

export const attendanceSummaryAnswer = success(
  z.strictObject({
    date,
    totalStudents: count,
    markedStudents: count,
    presentToday: count,
    lateToday: count,
    absentToday: count,
    excusedToday: count,
    notMarkedToday: count,
    attendanceRate: rate,
  }),
);

export const dayRegistersAnswer = success(
  z.strictObject({
    date,
    /** Null on a weekend: no period is timetabled. */
    dayOfWeek: z.enum(weekdays).nullable(),
    counts: z.strictObject({ periods: count, taken: count, notTaken: count, startedNotTaken: count }),
    periods: z.array(
      z.strictObject({
        scheduleId: z.string(),
        startTime: z.string(),
        endTime: z.string(),
        room: z.string().nullable(),
        started: z.boolean(),
        class: classRef,
        subject: ref,
        teacher: ref.nullable(),
        taken: z.boolean(),
        register: z
          .strictObject({
            takenBy: ref.nullable(),
            takenAt: z.string(),
            markedBy: ref.nullable(),
            markedAt: z.string(),
            marked: count,
          })
          .nullable(),
      }),
    ),
  }),
);

export const registerAnswer = success(
  z.strictObject({
    class: classRef,
    subject: ref,
    teacher: ref.nullable(),
    date,
    /** False for a date still to come. */
    canMark: z.boolean(),
    students: z.array(
      studentRef.extend({
        attendance: z
          .strictObject({
            _id: z.string(),
            status,
            remarks: z.string().nullable(),
            markedAt: z.string(),
            teacherId: ref.nullable(),
          })
          .nullable(),
      }),
    ),
    markedCount: count,
    statistics: tally,
  }),
);

/** A student's marks (one page of them, newest first) with the tallies of the whole range; `total` counts marks. */
export const studentAttendanceAnswer = counted(
  z.strictObject({
    student: studentRef.extend({ classId: classRef.nullable() }),
    startDate: date.nullable(),
    endDate: date.nullable(),
    statistics: tally,
    records: z.array(attendanceRecord),
  }),
);

export const classStatsAnswer = success(
  z.strictObject({
    class: classRef,
    startDate: date.nullable(),
    endDate: date.nullable(),
    summary: tally.extend({ students: count, days: count }),
    /** Active students of the class first, then those with marks who have left it (`inClass: false`). */
    students: z.array(tally.extend({ student: studentRef, inClass: z.boolean() })),
    subjects: z.array(tally.extend({ subject: ref })),
    dates: z.array(tally.extend({ date })),
  }),
);

export const updateAttendanceAnswer = success(attendanceRecord);

export const deleteAttendanceAnswer = success(z.strictObject({ _id: z.string() }));
