import { z } from 'zod';
import { absenceAlertModes, activityActions, languages } from '../../db/schema';
import { dateField, optionalText } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { isValidTimeZone } from '../../lib/time';

export const yearStartMonthSchema = z
  .number({ error: 'Year start month must be a month number from 1 to 12' })
  .int('Year start month must be a month number from 1 to 12')
  .min(1, 'Year start month must be a month number from 1 to 12')
  .max(12, 'Year start month must be a month number from 1 to 12');

export const languageSchema = z.enum(languages, {
  error: `Language must be one of ${languages.join(', ')}`,
});

/** The school's choices for absence alerts; a backup's values are checked by the same rules. */
export const absenceAlertFields = {
  absenceAlerts: z.enum(absenceAlertModes, { error: 'Absence alerts must be one of now, timed, off' }),
  absenceAlertTime: z
    .string({ error: 'Alert time must be a time of day such as 10:00' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Alert time must be a time of day such as 10:00'),
  absenceAlertLate: z.boolean({ error: 'Alerting late marks must be true or false' }),
  absenceAlertStudents: z.boolean({ error: 'Alerting students must be true or false' }),
};

export const schoolInfoBody = z
  .object({
    name: z.string().trim().min(1, 'School name is required').max(160, 'School name is too long'),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{2,32}$/, 'School code must be 2 to 32 letters, digits or dashes')
      .transform((code) => code.toUpperCase()),
    email: z
      .union([z.literal(''), z.email({ error: 'Email is invalid' })])
      .transform((value) => value || null)
      .nullable(),
    phone: optionalText(40, 'Phone'),
    address: optionalText(300, 'Address'),
    website: z
      .union([z.literal(''), z.url({ error: 'Website must be a full address such as https://school.example' })])
      .transform((value) => value || null)
      .nullable(),
    academicBoard: optionalText(80, 'Academic board'),
    academicYear: z
      .string()
      .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2024-2025')
      .refine(
        (year) => Number(year.slice(5)) === Number(year.slice(0, 4)) + 1,
        'Academic year must span two consecutive years',
      ),
    yearStartMonth: yearStartMonthSchema,
    semester: z.string().trim().min(1, 'Semester is required').max(40, 'Semester is too long'),
    timeZone: z.string().refine(isValidTimeZone, 'Time zone must be an IANA name such as Asia/Kolkata'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO code'),
    language: languageSchema,
    rankStudents: z.boolean({ error: 'Rank students must be true or false' }),
    ...absenceAlertFields,
  })
  .partial();
export type SchoolInfoInput = z.infer<typeof schoolInfoBody>;

export const activityLogQuery = pagingQuery(50, 200).extend({
  action: z.enum(activityActions, { error: `Action must be one of ${activityActions.join(', ')}` }).optional(),
  entity: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(64).optional(),
  userId: z.string().trim().max(64).optional(),
  from: dateField('From'),
  to: dateField('To'),
});
export type ActivityLogQuery = z.infer<typeof activityLogQuery>;

export const backupBody = z.object({ note: z.string().trim().max(200, 'Note is too long').optional() }).default({});
export const backupListQuery = pagingQuery(20, 100);
