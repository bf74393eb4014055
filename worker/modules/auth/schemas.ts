import { z } from 'zod';
import { type Language, languages } from '../../db/schema';
import { COMMON_PASSWORDS } from '../../lib/common-passwords';
import { chosenPasswordProblem, TEMPORARY_PASSWORD_MIN } from '../../lib/password-policy';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Email is invalid' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(256, 'Password is too long');

/** A password the office types: the spec's 6 characters, and the chosen rule unless it must be replaced. */
export const officePasswordSchema = z
  .string({ error: 'Password is required' })
  .min(TEMPORARY_PASSWORD_MIN, `Password must be at least ${TEMPORARY_PASSWORD_MIN} characters long`)
  .max(256, 'Password is too long');

/** A password the person will keep: at least 8 characters and not a common one. */
export const chosenPasswordSchema = z
  .string({ error: 'Password is required' })
  .max(256, 'Password is too long')
  .superRefine((password, check) => {
    const problem = chosenPasswordProblem(password, COMMON_PASSWORDS);
    if (problem) check.addIssue({ code: 'custom', message: problem });
  });

/**
 * For a body with an office-typed password: unless `requirePasswordChange` is true, the person keeps that
 * password, so it must pass the chosen rule too.
 */
export function checkKeptPassword(
  check: z.RefinementCtx,
  password: string | undefined,
  requirePasswordChange: boolean | undefined,
  path: string[],
) {
  // Shorter than the office's own minimum is already refused, with that rule's message.
  if (typeof password !== 'string' || password.length < TEMPORARY_PASSWORD_MIN || requirePasswordChange === true)
    return;
  const problem = chosenPasswordProblem(password, COMMON_PASSWORDS);
  if (problem) check.addIssue({ code: 'custom', message: problem, path });
}

export const signInBody = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInBody>;

export const profileUpdateBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long').optional(),
    /** Nobody changes their own email here; read only so a student or parent who sends one is refused. */
    email: z.unknown().optional(),
    phone: z.string().trim().max(40, 'Phone is too long').nullable().optional(),
    currentPassword: z.string().max(256).optional(),
    newPassword: chosenPasswordSchema.optional(),
    /** One's own language for every role (not an official record); null follows the school's. */
    language: z
      .enum(languages, { error: `Language must be one of ${languages.join(', ')}, or null to follow the school` })
      .nullable()
      .optional(),
  })
  .refine((body) => !body.newPassword || body.currentPassword, {
    message: 'Current password is required to set a new password',
    path: ['currentPassword'],
  })
  .refine((body) => !body.newPassword || body.newPassword !== body.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateBody>;

/** Shapes returned to the client; never a password hash. */
export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  schoolId: string;
  /** The school's IANA time zone: the portals take "today" from it, as the API does; and its language. */
  school: { _id: string; name: string; timeZone: string; language: Language };
  /** Signed in with a password the school gave: every other call is refused until a new one is chosen. */
  mustChangePassword: boolean;
  /** The person's own language; null follows the school's. */
  language: Language | null;
}

export function toPublicUser(
  user: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    role: string;
    schoolId: string;
    passwordChangeRequired: boolean;
    language: Language | null;
  },
  school: { id: string; name: string; timeZone: string; language: Language },
): PublicUser {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    schoolId: user.schoolId,
    school: { _id: school.id, name: school.name, timeZone: school.timeZone, language: school.language },
    mustChangePassword: user.passwordChangeRequired,
    language: user.language,
  };
}

/** Asking for a link to reset a forgotten password. */
export const resetRequestBody = z.object({ email: emailSchema });

/** A reset link's token (the school's id, a dot, 43 random characters) and the new password. */
export const resetConfirmBody = z.object({
  token: z.string({ error: 'The link is incomplete' }).regex(/^[\w-]{1,64}\.[\w-]{20,100}$/, 'The link is incomplete'),
  password: chosenPasswordSchema,
});
