import { z } from 'zod';

export const PASSWORD_MIN = 6;

export const schoolSignInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Email is invalid')),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
});

export type SignInInput = z.infer<typeof schoolSignInSchema>;
export type SignInField = keyof SignInInput;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The first message for each field, in the spec's words, or null when the input is valid. */
export function validateSchoolSignIn(input: SignInInput): SignInErrors | null {
  const result = schoolSignInSchema.safeParse(input);
  if (result.success) return null;
  const errors: SignInErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SignInField;
    errors[field] ??= issue.message;
  }
  return errors;
}
