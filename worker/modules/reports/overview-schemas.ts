import { z } from 'zod';
import { success } from '../../lib/answer-shapes';

const count = z.number().int();
export const reportsOverviewAnswer = success(
  z.strictObject({
    today: z.string(),
    month: z.string(),
    currency: z.string(),
    academicYear: z.string(),
    students: z.strictObject({ total: count, active: count }),
    attendance: z.strictObject({ rate: z.number().nullable(), present: count, absent: count }),
    fees: z.strictObject({ collected: z.number(), due: z.number(), payments: count }),
    reportsRun: count,
    byMonth: z.array(
      z.strictObject({
        month: z.string(),
        due: z.number(),
        collected: z.number(),
        attendanceRate: z.number().nullable(),
      }),
    ),
    perClass: z.array(z.strictObject({ name: z.string(), section: z.string(), students: count })),
  }),
);
