import { z } from 'zod';
import { importantDatePriorities, type importantDates, importantDateTypes } from '../../db/schema';
import { optionalText, schoolDate } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';

export const TITLE_REQUIRED = 'Title is required';
export const DATE_REQUIRED = 'Date is required';
export const TYPE_REQUIRED = 'Event type is required';
export const END_AFTER_START = 'End time must be after start time';
export const CLASSES_REQUIRED = 'Choose at least one class or apply to all classes';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/** 'HH:MM' or nothing ('' and null clear it). */
const optionalTime = (label: string) =>
  z
    .union([z.literal(''), z.null(), z.string().regex(TIME, `${label} must be a time of day (HH:MM)`)], {
      error: `${label} must be a time of day (HH:MM)`,
    })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const title = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(200, 'Title is too long (at most 200 characters)');

const date = z
  .string({ error: DATE_REQUIRED })
  .trim()
  .min(1, DATE_REQUIRED)
  .pipe(z.iso.date('Date must be a valid date (YYYY-MM-DD)'));

const type = z.enum(importantDateTypes, {
  error: (issue) =>
    isMissing(issue.input) ? TYPE_REQUIRED : `Event type must be one of ${importantDateTypes.join(', ')}`,
});

const priority = z.preprocess(
  (value) => (isMissing(value) ? undefined : value),
  z
    .enum(importantDatePriorities, { error: `Priority must be one of ${importantDatePriorities.join(', ')}` })
    .optional(),
);

/** A class is given by its id or as `{ _id }` (the shape the answers use); duplicates are dropped. */
const classRef = z.union(
  [
    z.string().trim().min(1, 'Class id is required').max(64, 'Class id is too long'),
    z.object({ _id: z.string().trim().min(1, 'Class id is required').max(64, 'Class id is too long') }),
  ],
  { error: 'Each class must be a class id' },
);
const classList = z
  .array(classRef, { error: 'Classes must be a list of class ids' })
  .max(500, 'At most 500 classes')
  .transform((refs) => [...new Set(refs.map((ref) => (typeof ref === 'string' ? ref : ref._id)))]);

const applyToAllClasses = z.boolean({ error: 'Apply to all classes must be true or false' });

/** Times compare as 'HH:MM' text; checked even when other fields fail, so every message shows at once. */
function endsAfterStart(value: { startTime?: unknown; endTime?: unknown } | null) {
  // Runs even when the body is not an object (a JSON null), which the object check reports.
  const { startTime, endTime } = value ?? {};
  const both = typeof startTime === 'string' && typeof endTime === 'string';
  return !(both && TIME.test(startTime) && TIME.test(endTime) && endTime <= startTime);
}
const endAfterStart = { message: END_AFTER_START, path: ['endTime'], when: () => true };

/** The body's fields in the spec's order (which is also the order of the messages). */
function bodyOf<T extends z.ZodType, D extends z.ZodType, K extends z.ZodType>(title: T, date: D, type: K) {
  return z
    .object({
      title,
      description: optionalText(2000, 'Description'),
      date,
      type,
      priority,
      classes: classList.optional(),
      applyToAllClasses: applyToAllClasses.optional(),
      startTime: optionalTime('Start time'),
      endTime: optionalTime('End time'),
      location: optionalText(200, 'Location'),
    })
    .refine(endsAfterStart, endAfterStart);
}

/** Create: title, date and type are required (a missing type is the default 'event'). */
export const importantDateBody = bodyOf(
  title,
  date,
  z.preprocess((value) => (value === undefined ? 'event' : value), type),
);
export type ImportantDateInput = z.infer<typeof importantDateBody>;

/** Update: the same fields; those left out keep their value, those sent are checked as on create. */
export const importantDateUpdateBody = bodyOf(title.optional(), date.optional(), type.optional());
export type ImportantDateUpdate = z.infer<typeof importantDateUpdateBody>;

/** A filter value: empty means "no filter" (the screen leaves unused filters out, but a form may send ''). */
const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const filterDate = (label: string) => filter(schoolDate(label));
const idFilter = filter(z.string().trim().min(1).max(64, 'Class id is too long'));
const typeFilter = filter(
  z.enum(importantDateTypes, { error: `Type must be one of ${importantDateTypes.join(', ')}` }),
);
const priorityFilter = filter(
  z.enum(importantDatePriorities, { error: `Priority must be one of ${importantDatePriorities.join(', ')}` }),
);

const filters = { classId: idFilter, type: typeFilter, priority: priorityFilter };

/** A school year's dates fit in one page; paging stays for very full calendars. */
export const importantDateListQuery = pagingQuery(500, 1000).extend({
  ...filters,
  startDate: filterDate('Start date'),
  endDate: filterDate('End date'),
});
export type ImportantDateListQuery = z.infer<typeof importantDateListQuery>;

export const calendarQuery = z.object({
  ...filters,
  year: z.coerce
    .number({ error: 'Year is required' })
    .int('Year must be a whole number')
    .min(1900, 'Year must be between 1900 and 2200')
    .max(2200, 'Year must be between 1900 and 2200'),
  month: z.coerce
    .number({ error: 'Month is required' })
    .int('Month must be a whole number')
    .min(1, 'Month must be between 1 and 12')
    .max(12, 'Month must be between 1 and 12'),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const upcomingQuery = z.object({
  ...filters,
  days: z.coerce
    .number()
    .int('Days must be a whole number')
    .min(0, 'Days must be between 0 and 366')
    .max(366, 'Days must be between 0 and 366')
    .default(30),
});
export type UpcomingQuery = z.infer<typeof upcomingQuery>;

export const todayQuery = z.object(filters);
export type TodayQuery = z.infer<typeof todayQuery>;

export type ImportantDateRow = typeof importantDates.$inferSelect;
export interface ClassRef {
  _id: string;
  name: string;
  section: string;
}

/** The answer for one date; `formattedDate` is the YYYY-MM-DD an edit form's date input takes. */
export function toImportantDate(row: ImportantDateRow, classes: ClassRef[]) {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    formattedDate: row.date,
    type: row.type,
    priority: row.priority,
    classes,
    applyToAllClasses: row.applyToAllClasses,
    startTime: row.startTime,
    endTime: row.endTime,
    location: row.location,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ImportantDate = ReturnType<typeof toImportantDate>;
