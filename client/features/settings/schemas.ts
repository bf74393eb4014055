import { z } from 'zod';
import { issuesByField } from '~/components/ui/form-errors';
import { SCHOOL_INFO_FIELDS } from './fields';

const optional = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`);

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The server's school information rules and messages (worker/modules/settings/schemas.ts). */
export const schoolInfoSchema = z.object({
  name: z.string().trim().min(1, 'School name is required').max(160, 'School name is too long'),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{2,32}$/, 'School code must be 2 to 32 letters, digits or dashes'),
  email: z.union([z.literal(''), z.email({ error: 'Email is invalid' })]),
  phone: optional(40, 'Phone'),
  address: optional(300, 'Address'),
  website: z.union([z.literal(''), z.url({ error: 'Website must be a full address such as https://school.example' })]),
  academicBoard: optional(80, 'Academic board'),
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2024-2025')
    .refine(
      (year) => Number(year.slice(5)) === Number(year.slice(0, 4)) + 1,
      'Academic year must span two consecutive years',
    ),
  yearStartMonth: z
    .string()
    .regex(/^(?:[1-9]|1[0-2])$/, 'Year start month must be a month number from 1 to 12')
    .transform(Number),
  semester: z.string().trim().min(1, 'Semester is required').max(40, 'Semester is too long'),
  timeZone: z.string().refine(isTimeZone, 'Time zone must be an IANA name such as Asia/Kolkata'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO code'),
  language: z.enum(['en', 'hi', 'ar'], { error: 'Language must be one of en, hi, ar' }),
});

export type SchoolInfoForm = z.input<typeof schoolInfoSchema>;
export type SchoolInfoField = keyof SchoolInfoForm;
export { SCHOOL_INFO_FIELDS };

// The form's field list is written out in ./fields so the screen draws without zod; this keeps it complete.
type Unlisted = Exclude<SchoolInfoField, (typeof SCHOOL_INFO_FIELDS)[number]>;
export const EVERY_FIELD_LISTED: [Unlisted] extends [never] ? true : never = true;

export function validateSchoolInfo(form: SchoolInfoForm) {
  const result = schoolInfoSchema.safeParse(form);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: issuesByField<SchoolInfoField>(result.error.issues) };
}
