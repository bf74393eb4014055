import { z } from 'zod';
import { isValidTimeZone } from '../../lib/time';
import { chosenPasswordSchema, emailSchema } from '../auth/schemas';
import { languageSchema, yearStartMonthSchema } from '../settings/schemas';

export const schoolCreateBody = z.object({
  name: z.string().trim().min(1, 'School name is required').max(160, 'School name is too long'),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{2,32}$/, 'School code must be 2 to 32 letters, digits or dashes')
    .transform((code) => code.toUpperCase())
    .optional(),
  timeZone: z.string().refine(isValidTimeZone, 'Time zone must be an IANA name such as Asia/Kolkata').optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO code')
    .optional(),
  /** Absent: English. */
  language: languageSchema.optional(),
  /** Absent: April for a school in India's zone, September elsewhere. */
  yearStartMonth: yearStartMonthSchema.optional(),
  adminName: z.string().trim().min(1, 'Administrator name is required').max(120).default('School Administrator'),
  adminEmail: emailSchema,
  /** The operator types it, but it may be kept (`--keep-password`): it follows the chosen rule either way. */
  adminPassword: chosenPasswordSchema,
  /** The administrator replaces this password (the operator knows it) at first sign-in. */
  requirePasswordChange: z.boolean({ error: 'Require password change must be true or false' }).optional(),
  /** The shard the school goes to; absent, the one holding the fewest schools. */
  shard: z
    .number({ error: 'Shard must be a whole number' })
    .int('Shard must be a whole number')
    .min(0, 'Shard must be a whole number')
    .optional(),
});
export type SchoolCreateInput = z.infer<typeof schoolCreateBody>;
