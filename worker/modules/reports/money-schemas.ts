import { z } from 'zod';
import { dateField } from '../../lib/fields';
import { type ReportFormat, reportFormats } from '../../lib/report-formats/format';

/** The formats a report answers in: JSON, or a file made by the writers every report shares. */
export const reportFormat = z
  .enum(reportFormats, { error: `Format must be one of ${reportFormats.join(', ')}` })
  .default('json');
export type { ReportFormat };

const date = dateField;
/** The longest period a fee collection report covers: a year, whatever its buckets. */
export const MAX_REPORT_DAYS = 366;
const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export const COLLECTION_GROUPS = ['period', 'class', 'category', 'method'] as const;
export type CollectionGroup = (typeof COLLECTION_GROUPS)[number];

export const collectionReportQuery = z
  .object({
    from: date('From'),
    to: date('To'),
    groupBy: z
      .enum(COLLECTION_GROUPS, { error: `Group by must be one of ${COLLECTION_GROUPS.join(', ')}` })
      .default('period'),
    format: reportFormat,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['from'] })
  .refine((q) => !q.from || !q.to || dayCount(q.from, q.to) <= MAX_REPORT_DAYS, {
    message: 'A report covers at most one year',
    path: ['to'],
  });
export type CollectionReportQuery = z.infer<typeof collectionReportQuery>;

export const accountsReportQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2024-2025')
    .refine((y) => Number(y.slice(5)) === Number(y.slice(0, 4)) + 1, 'Academic year must span two consecutive years')
    .optional(),
  format: reportFormat,
});
export type AccountsReportQuery = z.infer<typeof accountsReportQuery>;
