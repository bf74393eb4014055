import { z } from 'zod';
import { success } from '../../lib/answer-shapes';

const cell = z.union([z.string(), z.number(), z.null()]);

/** A report as a table (`worker/lib/report-table.ts`): every format renders this shape. */
export const reportTable = z.strictObject({
  title: z.string(),
  subtitle: z.string().optional(),
  columns: z.array(
    z.strictObject({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'number', 'percent', 'money', 'date']).optional(),
    }),
  ),
  rows: z.array(z.array(cell)),
  totals: z.array(cell).optional(),
});

const monthDay = z.strictObject({
  date: z.string(),
  day: z.number().int(),
  weekday: z.number().int(),
  kind: z.enum(['school', 'weekend', 'holiday']),
  note: z.string().optional(),
});

export const monthReportAnswer = success(
  z.strictObject({
    month: z.string(),
    class: z.strictObject({ _id: z.string(), name: z.string() }).optional(),
    days: z.array(monthDay),
    table: reportTable,
  }),
);

/** What a report call answers besides JSON. */
export const REPORT_FILES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/pdf',
];
