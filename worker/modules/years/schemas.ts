import { z } from 'zod';
import { academicYearField, refId, requiredDate } from '../../lib/fields';

export const rolloverActions = ['promote', 'repeat', 'leave'] as const;

export const rolloverBody = z
  .strictObject({
    /** Plan only: nothing is written. */
    dryRun: z.boolean().default(false),
    name: academicYearField,
    startsOn: requiredDate('Start date'),
    endsOn: requiredDate('End date'),
    classTeachers: z.boolean().default(true),
    subjects: z.boolean().default(true),
    timetable: z.boolean().default(true),
    fees: z.boolean().default(true),
    /** Number each class of next year afresh (1, 2, … by name) instead of keeping each student's roll number. */
    renumberRolls: z.boolean().default(false),
    /** Next year's capacity of a class copied from this one (by this year's class). */
    capacities: z
      .array(z.strictObject({ classId: refId('Class'), capacity: z.number().int().min(1).max(500) }))
      .max(500)
      .default([]),
    /** Next year's amount of a fee structure copied from this one, in minor units. */
    amounts: z
      .array(z.strictObject({ structureId: refId('Fee structure'), amountMinor: z.number().int().min(0).max(1e12) }))
      .max(2000)
      .default([]),
    /** Students who do not take the default (the next grade, same section; the last grade graduates). */
    decisions: z
      .array(z.strictObject({ studentId: refId('Student'), action: z.enum(rolloverActions) }))
      .max(20_000)
      .default([]),
  })
  .refine((b) => b.endsOn > b.startsOn, { message: 'End date must be after the start date', path: ['endsOn'] })
  .refine((b) => b.startsOn.slice(0, 4) === b.name.slice(0, 4), {
    message: 'The year must start in the first year of its name',
    path: ['startsOn'],
  });
export type RolloverInput = z.infer<typeof rolloverBody>;
