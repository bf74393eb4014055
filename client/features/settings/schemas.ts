import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { issuesByField } from '~/components/ui/form-errors';
import { LANGUAGES } from '~/lib/languages';
import { SCHOOL_INFO_FIELDS } from './fields';

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The server's school information rules and messages (worker/modules/settings/schemas.ts), in the reader's language. */
export const schoolInfoSchema = () =>
  z.object({
    name: z.string().trim().min(1, t`School name is required`).max(160, t`School name is too long`),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{2,32}$/, t`School code must be 2 to 32 letters, digits or dashes`),
    email: z.union([z.literal(''), z.email({ error: t`Email is invalid` })]),
    phone: z.string().trim().max(40, t`Phone is too long`),
    address: z.string().trim().max(300, t`Address is too long`),
    website: z.union([
      z.literal(''),
      z.url({ error: t`Website must be a full address such as https://school.example` }),
    ]),
    academicBoard: z.string().trim().max(80, t`Academic board is too long`),
    academicYear: z
      .string()
      .regex(/^\d{4}-\d{4}$/, t`Academic year must look like 2024-2025`)
      .refine(
        (year) => Number(year.slice(5)) === Number(year.slice(0, 4)) + 1,
        t`Academic year must span two consecutive years`,
      ),
    yearStartMonth: z
      .string()
      .regex(/^(?:[1-9]|1[0-2])$/, t`Year start month must be a month number from 1 to 12`)
      .transform(Number),
    semester: z.string().trim().min(1, t`Semester is required`).max(40, t`Semester is too long`),
    timeZone: z.string().refine(isTimeZone, t`Time zone must be an IANA name such as Asia/Kolkata`),
    currency: z.string().regex(/^[A-Z]{3}$/, t`Currency must be a three-letter ISO code`),
    language: z.enum(LANGUAGES, { error: t`Choose one of the portal's languages` }),
  });

export type SchoolInfoForm = z.input<ReturnType<typeof schoolInfoSchema>>;
export type SchoolInfoField = keyof SchoolInfoForm;
export { SCHOOL_INFO_FIELDS };

// The form's field list is written out in ./fields so the screen draws without zod; this keeps it complete.
type Unlisted = Exclude<SchoolInfoField, (typeof SCHOOL_INFO_FIELDS)[number]>;
export const EVERY_FIELD_LISTED: [Unlisted] extends [never] ? true : never = true;

export function validateSchoolInfo(form: SchoolInfoForm) {
  const result = schoolInfoSchema().safeParse(form);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: issuesByField<SchoolInfoField>(result.error.issues) };
}
