import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { CLASS_NAMES, SECTIONS, SUBJECT_TYPES, WEEKDAYS } from './api';
import { requiredFields } from './messages';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A field left blank; its message is whole in each language ('Capacity is required'). */
const required = (message: string) => z.string().trim().min(1, message);

/** The form keeps what was typed; capacity becomes a whole number only when it is sent. */
export interface ClassFormValues {
  name: string;
  section: string;
  teacherId: string;
  capacity: string;
  room: string;
  academicYear: string;
}

/** The forms' rules, made when a form is checked so their messages are in the reader's language. */
export const classFormSchema = () =>
  z.object({
    name: required(t`Class is required`).pipe(z.enum(CLASS_NAMES, t`Class must be 1 to 12`)),
    section: required(t`Section is required`).pipe(z.enum(SECTIONS, t`Section must be A to E`)),
    teacherId: required(t`Class teacher is required`),
    capacity: required(t`Capacity is required`)
      .transform((value) => Number.parseInt(value, 10))
      .pipe(
        z
          .number(t`Capacity must be a whole number`)
          .min(1, t`Capacity must be at least 1`)
          .max(1000, t`Capacity must be at most 1000`),
      ),
    room: z.string().trim().max(40, t`Room must be at most 40 characters`),
    academicYear: z
      .string()
      .trim()
      .refine(
        (year) => year === '' || (/^\d{4}-\d{4}$/.test(year) && Number(year.slice(5)) === Number(year.slice(0, 4)) + 1),
        t`Academic year must look like 2024-2025`,
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

export const subjectFormSchema = () => {
  const credits = t`Credits must be a whole number from 1 to 10`;
  return z.object({
    name: required(t`Subject name is required`).max(100, t`Subject name must be at most 100 characters`),
    code: z.string().trim().max(20, t`Code must be at most 20 characters`),
    description: z.string().trim().max(500, t`Description must be at most 500 characters`),
    classId: required(t`Class is required`),
    teacherId: required(t`Teacher is required`),
    credits: required(t`Credits is required`)
      .transform(Number)
      .pipe(z.number(credits).int(credits).min(1, credits).max(10, credits)),
    type: z.enum(SUBJECT_TYPES, t`Type must be core, elective or practical`),
  });
};

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

export const scheduleFormSchema = () =>
  z
    .object({
      teacherId: required(t`Teacher is required`),
      classId: required(t`Class is required`),
      subjectId: required(t`Subject is required`),
      dayOfWeek: required(t`Day is required`).pipe(z.enum(WEEKDAYS, t`Day must be Monday to Friday`)),
      startTime: required(t`Start time is required`).regex(HHMM, t`Start time must be HH:MM (24-hour)`),
      endTime: required(t`End time is required`).regex(HHMM, t`End time must be HH:MM (24-hour)`),
      room: z.string().trim().max(40, t`Room must be at most 40 characters`),
      notes: z.string().trim().max(500, t`Notes must be at most 500 characters`),
    })
    .refine((slot) => !HHMM.test(slot.startTime) || !HHMM.test(slot.endTime) || slot.endTime > slot.startTime, {
      message: t`End time must be after start time`,
      path: ['endTime'],
      when: () => true,
    });

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

export type Checked<Output, Values> =
  | { ok: true; data: Output }
  | { ok: false; errors: FieldErrors<Values>; summary: string };

/** The issue `required()` raises: a text shorter than one character once trimmed. */
const isBlank = (issue: z.core.$ZodIssue) =>
  issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1;

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
  let missing = false;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values;
    if (errors[field] === undefined && isBlank(issue)) missing = true;
    errors[field] ??= issue.message;
  }
  const messages = (Object.values(errors) as string[]).join(', ');
  return { ok: false, errors, summary: missing ? requiredFields() : t`Validation failed: ${messages}` };
}
