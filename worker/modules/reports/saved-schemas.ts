import { z } from 'zod';
import { classNames } from '../../db/schema';
import { success } from '../../lib/answer-shapes';
import { dateField, refId } from '../../lib/fields';
import { DIRECTORY_STATUSES, PARENT_COLUMNS, STUDENT_COLUMNS } from './directory-schemas';

/** The custom report builder's choices, as the spec names them. */
export const REPORT_TYPES = ['student', 'attendance', 'financial', 'performance'] as const;
export const REPORT_RANGES = ['7-days', '30-days', '3-months', 'custom'] as const;
export const FILE_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
const COLUMNS = [...new Set([...STUDENT_COLUMNS, ...PARENT_COLUMNS])];

const date = dateField;

export const reportDefinition = z
  .object({
    type: z.enum(REPORT_TYPES, { error: `Report type must be one of ${REPORT_TYPES.join(', ')}` }),
    range: z.enum(REPORT_RANGES, { error: `Date range must be one of ${REPORT_RANGES.join(', ')}` }),
    from: date('From'),
    to: date('To'),
    format: z.enum(FILE_FORMATS, { error: `Format must be one of ${FILE_FORMATS.join(', ')}` }),
    classId: refId('Class').optional(),
    termId: refId('Term').optional(),
    grade: z.enum(classNames, { error: `Grade must be one of ${classNames.join(', ')}` }).optional(),
    status: z.enum(DIRECTORY_STATUSES, { error: 'Status must be active, inactive or all' }).optional(),
    columns: z
      .array(z.enum(COLUMNS, { error: `Columns must be chosen from ${COLUMNS.join(', ')}` }))
      .max(COLUMNS.length, `Columns must be chosen from ${COLUMNS.join(', ')}`)
      .optional(),
  })
  .strict()
  .refine((d) => d.range !== 'custom' || (d.from && d.to), {
    message: 'A custom range needs From and To',
    path: ['from'],
  })
  .refine((d) => !d.from || !d.to || d.from <= d.to, { message: 'From must not be after To', path: ['from'] });
export type ReportDefinition = z.infer<typeof reportDefinition>;

const name = z
  .string({ error: 'Report name is required' })
  .trim()
  .min(1, 'Report name is required')
  .max(80, 'Report name is too long');

export const savedReportBody = z.object({ name, definition: reportDefinition });
export type SavedReportInput = z.infer<typeof savedReportBody>;
export const savedReportUpdateBody = z.object({ name: name.optional(), definition: reportDefinition.optional() });
export type SavedReportUpdate = z.infer<typeof savedReportUpdateBody>;

const savedReport = z.strictObject({
  _id: z.string(),
  name: z.string(),
  definition: z.record(z.string(), z.unknown()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const savedReportAnswer = success(savedReport);
export const savedReportsAnswer = success(z.array(savedReport));
