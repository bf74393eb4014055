import { z } from 'zod';
import { classRef, success } from '../../lib/answer-shapes';
import { complaint } from '../complaints/answers';

// The answers of the dashboard calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const dashboardSummaryAnswer = success(
  z.strictObject({
    today: z.string(),
    currency: z.string(),
    academicYear: z.string(),
    /** A past year's: the last day its figures reach and its attendance over the year (null: the current year). */
    pastYear: z
      .strictObject({
        until: z.string(),
        attendance: z.strictObject({
          days: z.number(),
          marked: z.number(),
          present: z.number(),
          late: z.number(),
          absent: z.number(),
          excused: z.number(),
          rate: z.number(),
        }),
      })
      .nullable(),
    cards: z.strictObject({
      students: z.strictObject({
        total: z.number(),
        active: z.number(),
      }),
      employees: z.strictObject({
        total: z.number(),
        teachers: z.number(),
        staff: z.number(),
      }),
      classes: z.strictObject({
        total: z.number(),
        subjects: z.number(),
      }),
      fees: z.strictObject({
        billed: z.number(),
        billedMinor: z.number(),
        collected: z.number(),
        collectedMinor: z.number(),
        outstanding: z.number(),
        outstandingMinor: z.number(),
        unpaidFees: z.number(),
        studentsOwing: z.number(),
        studentsBilled: z.number(),
        arrears: z.array(z.strictObject({ academicYear: z.string(), outstanding: z.number() })),
      }),
    }),
    recentStudents: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        status: z.enum(['active', 'inactive']),
        admissionDate: z.string(),
        classId: classRef.nullable(),
      }),
    ),
    recentComplaints: z.array(complaint),
    attendanceTrend: z.array(
      z.strictObject({
        date: z.string(),
        students: z.number(),
        marked: z.number(),
        present: z.number(),
        late: z.number(),
        absent: z.number(),
        excused: z.number(),
        notMarked: z.number(),
        rate: z.number(),
      }),
    ),
    feeCollectionByMonth: z.array(
      z.strictObject({
        month: z.string(),
        amount: z.number(),
        payments: z.number(),
      }),
    ),
    studentsPerClass: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        section: z.string(),
        capacity: z.number(),
        students: z.number(),
      }),
    ),
  }),
);

const channelStatus = z.strictObject({
  configured: z.boolean(),
  lastSentAt: z.string().nullable(),
  failedLastDay: z.number(),
  retrying: z.number(),
  queued: z.number(),
});
/** E-mail (and, under `push`, Web Push) for the System Status card: configured, last delivery, the last day's failures. */
export const mailStatusAnswer = success(channelStatus.extend({ push: channelStatus }));
