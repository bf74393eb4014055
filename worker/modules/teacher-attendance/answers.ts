import { z } from 'zod';
import { staffAttendanceStatuses } from '../../db/schema';
import { counted, ref, success } from '../../lib/answer-shapes';

// The answers of the teacher attendance calls (and a teacher's `/attendance`), declared once: the routes name
// them; the OpenAPI document and the client read them.

const count = z.number().int().min(0);
const date = z.iso.date();
/** (present + late + half-day × 0.5) over the days marked, one decimal; 0 without marks. */
const percentage = z.number().min(0).max(100);

/** One teacher's mark for one date; marking the date again replaces it. */
export const teacherMark = z.strictObject({
  _id: z.string(),
  teacherId: z.strictObject({ _id: z.string(), name: z.string(), email: z.string() }),
  date,
  status: z.enum(staffAttendanceStatuses),
  remarks: z.string().nullable(),
  /** 'HH:MM', when given. */
  checkInTime: z.string().nullable(),
  checkOutTime: z.string().nullable(),
  /** Who marked it last; null once that account is deleted. */
  markedBy: ref.nullable(),
  markedAt: z.string(),
});

export const dayMarksAnswer = counted(z.array(teacherMark));

export const markTeacherAnswer = success(teacherMark);

export const bulkMarkAnswer = success(
  z.strictObject({
    date,
    successful: z.array(teacherMark),
    /** Teachers not marked: not the school's, or listed twice. */
    failed: z.array(z.strictObject({ teacherId: z.string(), reason: z.string() })),
    successfulCount: count,
    failedCount: count,
  }),
);

export const teacherStatsAnswer = success(
  z.strictObject({
    startDate: date,
    endDate: date,
    summary: z.strictObject({
      totalTeachers: count,
      /** Days attended: present, late or half-day. */
      totalPresent: count,
      totalAbsent: count,
      overallAttendancePercentage: percentage,
    }),
    teacherStats: z.array(
      z.strictObject({
        teacherId: z.string(),
        teacherName: z.string(),
        teacherEmail: z.string(),
        totalDays: count,
        present: count,
        absent: count,
        late: count,
        halfDay: count,
        attendancePercentage: percentage,
      }),
    ),
  }),
);

/** Marks over a range (default the last 30 days), newest first, one page; `total` counts every mark of the range. */
export const rangeAnswer = counted(z.strictObject({ startDate: date, endDate: date, records: z.array(teacherMark) }));

export const updateMarkAnswer = success(teacherMark);

export const deleteMarkAnswer = success(z.strictObject({ _id: z.string() }));
