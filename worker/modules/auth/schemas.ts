import { z } from 'zod';

export const PASSWORD_MIN = 6;

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

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(256, 'Password is too long');

export const signInBody = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInBody>;

export const profileUpdateBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long').optional(),
    phone: z.string().trim().max(40, 'Phone is too long').nullable().optional(),
    currentPassword: z.string().max(256).optional(),
    newPassword: newPasswordSchema.optional(),
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
  /** The school's IANA time zone: the portals take "today" from it, as the API does. */
  school: { _id: string; name: string; timeZone: string };
  /** Signed in with a password the school gave: every other call is refused until a new one is chosen. */
  mustChangePassword: boolean;
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
  },
  school: { id: string; name: string; timeZone: string },
): PublicUser {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    schoolId: user.schoolId,
    school: { _id: school.id, name: school.name, timeZone: school.timeZone },
    mustChangePassword: user.passwordChangeRequired,
  };
}
