import { z } from 'zod';
import { CLASS_NAMES, SECTIONS, SUBJECT_TYPES, WEEKDAYS } from './api';
import { REQUIRED_FIELDS } from './messages';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const required = (label: string) => z.string().trim().min(1, `${label} is required`);

/** The form keeps what was typed; capacity becomes a whole number only when it is sent. */
export interface ClassFormValues {
  name: string;
  section: string;
  teacherId: string;
  capacity: string;
  room: string;
  academicYear: string;
}

export const classFormSchema = z.object({
  name: required('Class').pipe(z.enum(CLASS_NAMES, 'Class must be 1 to 12')),
  section: required('Section').pipe(z.enum(SECTIONS, 'Section must be A to E')),
  teacherId: required('Class teacher'),
  capacity: required('Capacity')
    .transform((value) => Number.parseInt(value, 10))
    .pipe(
      z
        .number('Capacity must be a whole number')
        .min(1, 'Capacity must be at least 1')
        .max(1000, 'Capacity must be at most 1000'),
    ),
  room: z.string().trim().max(40, 'Room must be at most 40 characters'),
  academicYear: z
    .string()
    .trim()
    .refine(
      (year) => year === '' || (/^\d{4}-\d{4}$/.test(year) && Number(year.slice(5)) === Number(year.slice(0, 4)) + 1),
      'Academic year must look like 2024-2025',
    ),
});

export interface SubjectFormValues {
  name: string;
  code: string;
  description: string;
  classId: string;
  teacherId: string;
  credits: string;
  type: string;
}

export const subjectFormSchema = z.object({
  name: required('Subject name').max(100, 'Subject name must be at most 100 characters'),
  code: z.string().trim().max(20, 'Code must be at most 20 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  classId: required('Class'),
  teacherId: required('Teacher'),
  credits: required('Credits')
    .transform(Number)
    .pipe(
      z
        .number('Credits must be a whole number from 1 to 10')
        .int('Credits must be a whole number from 1 to 10')
        .min(1, 'Credits must be a whole number from 1 to 10')
        .max(10, 'Credits must be a whole number from 1 to 10'),
    ),
  type: z.enum(SUBJECT_TYPES, 'Type must be core, elective or practical'),
});

export interface ScheduleFormValues {
  teacherId: string;
  classId: string;
  subjectId: string;
  dayOfWeek: string;
  startTime: string;
  endTime: string;
  room: string;
  notes: string;
}

export const scheduleFormSchema = z
  .object({
    teacherId: required('Teacher'),
    classId: required('Class'),
    subjectId: required('Subject'),
    dayOfWeek: required('Day').pipe(z.enum(WEEKDAYS, 'Day must be Monday to Friday')),
    startTime: required('Start time').regex(HHMM, 'Start time must be HH:MM (24-hour)'),
    endTime: required('End time').regex(HHMM, 'End time must be HH:MM (24-hour)'),
    room: z.string().trim().max(40, 'Room must be at most 40 characters'),
    notes: z.string().trim().max(500, 'Notes must be at most 500 characters'),
  })
  .refine((slot) => !HHMM.test(slot.startTime) || !HHMM.test(slot.endTime) || slot.endTime > slot.startTime, {
    message: 'End time must be after start time',
    path: ['endTime'],
    when: () => true,
  });

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

export type Checked<Output, Values> =
  | { ok: true; data: Output }
  | { ok: false; errors: FieldErrors<Values>; summary: string };

/**
 * Checks a form: the first message per field goes below it; the toast says 'Please fill in all required
 * fields' when something required is missing, else what is wrong.
 */
export function check<Schema extends z.ZodType, Values>(
  schema: Schema,
  values: Values,
): Checked<z.output<Schema>, Values> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<Values> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  const messages = Object.values(errors) as string[];
  const missing = messages.some((message) => message.endsWith(' is required'));
  return { ok: false, errors, summary: missing ? REQUIRED_FIELDS : `Validation failed: ${messages.join(', ')}` };
}
