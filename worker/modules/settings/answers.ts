import { z } from 'zod';
import { absenceAlertModes, activityActions, languages } from '../../db/schema';
import { list, success } from '../../lib/answer-shapes';

// The answers of the settings calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const schoolInfo = z.strictObject({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  academicBoard: z.string().nullable(),
  academicYear: z.string(),
  yearStartMonth: z.number(),
  semester: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** The school's language (`en`, `hi` or `ar`): what its people see unless they chose their own. */
  language: z.enum(languages),
  /** Whether term results rank students (off unless the school turns it on). */
  rankStudents: z.boolean(),
  /** When families hear of a child's absence: at once, at `absenceAlertTime` (school time), or never. */
  absenceAlerts: z.enum(absenceAlertModes),
  absenceAlertTime: z.string(),
  /** Whether a late mark is alerted like an absence. */
  absenceAlertLate: z.boolean(),
  /** Whether pupils' own accounts are told too (parents always are). */
  absenceAlertStudents: z.boolean(),
});

/** Rows per table in the backup: a table added to backups adds a key. */
export const rowCount = z.record(z.string(), z.number().int());

export const backup = z.strictObject({
  _id: z.string(),
  size: z.number(),
  rowCounts: rowCount,
  totalRows: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const schoolInfoAnswer = success(schoolInfo);

export const updateSchoolInfoAnswer = success(schoolInfo);

export const listBackupsAnswer = list(backup);

export const createBackupAnswer = success(backup);

export const downloadBackupAnswer = { file: 'application/gzip' };

export const restoreUploadedBackupAnswer = success(
  z.strictObject({
    createdAt: z.string(),
    token: z.string(),
    expiresAt: z.string(),
  }),
);

/** A restore ends every session of the school; it answers with a fresh one for the administrator who ran it. */
export const restoreBackupAnswer = success(backup.extend({ token: z.string(), expiresAt: z.string() }));

export const activityEntry = z.strictObject({
  _id: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  action: z.enum(activityActions),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string().nullable(),
  createdAt: z.string(),
});

export const listActivityAnswer = list(activityEntry);
