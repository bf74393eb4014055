import { z } from 'zod';

/** zod pieces shared by the modules' schemas. */

const missing = (input: unknown) => input === undefined || input === null || input === '';

/** A required reference id from a body or query; any unknown id later answers 404. */
export const refId = (label: string) =>
  z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be an id`) })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} must be an id`);

/**
 * Optional text, with one meaning in every module: absent stays undefined (leave it as it is), blank ('' or null)
 * becomes null (clear it). A number counts as its digits, as spreadsheets send phone numbers.
 */
export const optionalText = (max: number, label: string) =>
  z
    .union(
      [
        z.string().trim().max(max, `${label} must be at most ${max} characters`),
        z
          .number()
          .transform(String)
          .pipe(z.string().max(max, `${label} must be at most ${max} characters`)),
        z.null(),
      ],
      { error: `${label} must be text` },
    )
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null))
    .optional();

/**
 * A calendar date (YYYY-MM-DD) a school can mean: in the years 1900 to 2999. Outside them a day's arithmetic (a
 * range's default start 29 days back) would leave the four-digit years the answers promise.
 */
export const schoolDate = (label: string) =>
  z.iso
    .date(`${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || (date >= '1900-01-01' && date <= '2999-12-31'),
      `${label} must be a date from 1900 to 2999`,
    );

/** A date the call needs (YYYY-MM-DD); blank counts as missing. */
export const requiredDate = (label: string) =>
  z
    .string({
      error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`),
    })
    .trim()
    .min(1, `${label} is required`)
    .pipe(schoolDate(label));

export const academicYearField = z
  .string({ error: 'Academic year must look like 2024-2025' })
  .trim()
  .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2024-2025')
  .refine(
    (year) => Number(year.slice(5)) === Number(year.slice(0, 4)) + 1,
    'Academic year must span two consecutive years',
  );

/** A whole number given as a number or as digits in a string ('40'); blank counts as missing. */
export const wholeNumber = (label: string, min: number, max: number, range?: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? undefined : Number(trimmed);
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a whole number`),
      })
      .int(`${label} must be a whole number`)
      .min(min, range ?? `${label} must be at least ${min}`)
      .max(max, range ?? `${label} must be at most ${max}`),
  );

/** `?academicYear=2024-2025`, or `all` for every year; absent means the school's current year. */
export const yearFilter = z.union([z.literal('all'), academicYearField]).optional();

/** `?semester=Annual`, or `all`; absent means the school's current semester. */
export const semesterFilter = z.string().trim().min(1).max(40, 'Semester must be at most 40 characters').optional();

export const searchField = z.string().trim().max(100, 'Search must be at most 100 characters').optional();

/** Query booleans arrive as text. */
export const queryBoolean = z
  .enum(['true', 'false'], { error: "Must be 'true' or 'false'" })
  .transform((value) => value === 'true')
  .optional();

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeField = (label: string) =>
  z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be HH:MM (24-hour)`) })
    .trim()
    .min(1, `${label} is required`)
    .regex(HHMM, `${label} must be HH:MM (24-hour)`);

export const dateField = (label: string) => schoolDate(label).optional();
