import { z } from 'zod';
import { list, success } from '../../lib/answer-shapes';

// The answers of the settings calls, declared once: the routes name them, the OpenAPI document and the client read them.

export const schoolInfo = z.strictObject({
  _id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
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
});

export const rowCount = z.strictObject({
  users: z.number(),
  departments: z.number(),
  teachers: z.number(),
  employees: z.number(),
  classes: z.number(),
  students: z.number(),
  parents: z.number(),
  student_parents: z.number(),
  subject_categories: z.number(),
  subjects: z.number(),
  subject_teachers: z.number(),
  schedules: z.number(),
  student_attendance: z.number(),
  teacher_attendance: z.number(),
  employee_attendance: z.number(),
  important_dates: z.number(),
  important_date_classes: z.number(),
  fee_categories: z.number(),
  fee_structures: z.number(),
  fee_receipts: z.number(),
  fee_collections: z.number(),
  documents: z.number(),
  transfer_certificates: z.number(),
  complaints: z.number(),
});

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

export const restoreBackupAnswer = success(
  z.strictObject({
    _id: z.string(),
    size: z.number(),
    rowCounts: rowCount,
    totalRows: z.number(),
    note: z.string().nullable(),
    createdAt: z.string(),
    token: z.string(),
    expiresAt: z.string(),
  }),
);

export const listActivityAnswer = list(
  z.strictObject({
    _id: z.string(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    summary: z.string().nullable(),
    createdAt: z.string(),
  }),
);
