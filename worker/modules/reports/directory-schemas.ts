import { z } from 'zod';
import { classNames } from '../../db/schema';
import { refId } from '../../lib/fields';
import { reportFormat } from './money-schemas';

/** The columns the students' directory offers, in the order a report lays them out. */
export const STUDENT_COLUMNS = [
  'roll',
  'name',
  'class',
  'gender',
  'dateOfBirth',
  'admissionNumber',
  'admissionDate',
  'parents',
  'phone',
  'email',
  'address',
  'status',
] as const;
export type StudentColumn = (typeof STUDENT_COLUMNS)[number];

/** The parents' directory: one row per parent and child. */
export const PARENT_COLUMNS = ['student', 'class', 'roll', 'relation', 'name', 'phone', 'email', 'occupation'] as const;
export type ParentColumn = (typeof PARENT_COLUMNS)[number];

export const DIRECTORY_STATUSES = ['active', 'inactive', 'all'] as const;

/** `columns=roll,name,class`: a comma-separated choice from the fixed set, kept in the set's order. */
function columnList<const T extends readonly string[]>(allowed: T, fallback: readonly T[number][]) {
  const message = `Columns must be chosen from ${allowed.join(', ')}`;
  return z
    .string()
    .max(500, message)
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(allowed, { error: message })))
    .transform((chosen) => {
      const picked = chosen.length > 0 ? chosen : fallback;
      return allowed.filter((column) => picked.includes(column)) as T[number][];
    });
}

const filters = {
  classId: refId('Class').optional(),
  grade: z.enum(classNames, { error: `Grade must be one of ${classNames.join(', ')}` }).optional(),
  status: z.enum(DIRECTORY_STATUSES, { error: 'Status must be active, inactive or all' }).default('active'),
  format: reportFormat,
};

export const studentsInfoQuery = z.object({
  columns: columnList(STUDENT_COLUMNS, ['roll', 'name', 'class', 'gender', 'admissionNumber', 'parents', 'phone']),
  ...filters,
});
export type StudentsInfoQuery = z.infer<typeof studentsInfoQuery>;

export const parentsInfoQuery = z.object({
  columns: columnList(PARENT_COLUMNS, PARENT_COLUMNS),
  ...filters,
});
export type ParentsInfoQuery = z.infer<typeof parentsInfoQuery>;
