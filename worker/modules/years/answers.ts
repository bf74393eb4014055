import { z } from 'zod';
import { enrolmentOutcomes } from '../../db/schema';
import { list, success } from '../../lib/answer-shapes';

// The answers of the years calls, declared once: the routes name them; the OpenAPI document and the client read them.

export const schoolYear = z.strictObject({
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  current: z.boolean(),
  past: z.boolean(),
  rolledFrom: z.string().nullable(),
});
export const listYearsAnswer = list(schoolYear);

const conflict = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('capacity'), classLabel: z.string(), students: z.number(), capacity: z.number() }),
  z.strictObject({
    type: z.literal('missing-next-grade'),
    classLabel: z.string(),
    nextLabel: z.string(),
    students: z.number(),
  }),
  z.strictObject({
    type: z.literal('duplicate-roll-number'),
    classLabel: z.string(),
    rollNumber: z.string(),
    students: z.number(),
  }),
  z.strictObject({ type: z.literal('year-exists'), year: z.string() }),
]);

export const rolloverPlan = z.strictObject({
  dryRun: z.boolean(),
  from: z.string(),
  to: z.strictObject({ name: z.string(), startsOn: z.string(), endsOn: z.string() }),
  counts: z.strictObject({
    classes: z.number(),
    subjects: z.number(),
    subjectTeachers: z.number(),
    timetableSlots: z.number(),
    feeStructures: z.number(),
    students: z.number(),
    promoted: z.number(),
    repeated: z.number(),
    left: z.number(),
    graduated: z.number(),
  }),
  conflicts: z.array(conflict),
  /** A rollover into this year that stopped partway (steps written of all); null once done or never started. */
  unfinished: z.strictObject({ step: z.number(), steps: z.number(), startedAt: z.string() }).nullable(),
  classes: z.array(
    z.strictObject({
      classId: z.string(),
      label: z.string(),
      capacity: z.number(),
      students: z.number(),
      incoming: z.number(),
    }),
  ),
  students: z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      rollNumber: z.string(),
      nextRoll: z.string().nullable(),
      classId: z.string(),
      outcome: z.enum(enrolmentOutcomes),
      nextClass: z.string().nullable(),
    }),
  ),
});
export const rolloverAnswer = success(rolloverPlan);

export const studentYear = z.strictObject({
  academicYear: z.string(),
  current: z.boolean(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  rollNumber: z.string().nullable(),
  outcome: z.enum(enrolmentOutcomes).nullable(),
  attendance: z.strictObject({
    marked: z.number(),
    present: z.number(),
    absent: z.number(),
    late: z.number(),
    excused: z.number(),
    percentage: z.number().nullable(),
  }),
  results: z.array(
    z.strictObject({
      termId: z.string(),
      term: z.string(),
      startDate: z.string(),
      percentage: z.number().nullable(),
      grade: z.string().nullable(),
    }),
  ),
  fees: z.strictObject({ billed: z.number(), paid: z.number(), owed: z.number(), arrears: z.number() }),
});
export const studentHistoryAnswer = list(studentYear);
