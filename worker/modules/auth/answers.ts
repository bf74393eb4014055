import { z } from 'zod';
import { done, success } from '../../lib/answer-shapes';
import {
  accountRecord,
  parentChild,
  profileTeacher,
  signedInParent,
  signedInStudent,
  signedInTeacher,
} from '../../lib/record-shapes';

// The answers of the auth calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

const session = { token: z.string(), expiresAt: z.string() };

/** Any role's sign-in: the account and the portal record of its role. */
export const signInAnyRoleAnswer = success(
  z.strictObject({
    user: accountRecord,
    ...session,
    // null when the account's own record is gone (a teacher or student record removed under a live account).
    student: signedInStudent.nullable().optional(),
    parent: signedInParent.optional(),
    teacher: signedInTeacher.nullable().optional(),
  }),
);

export const currentUserAnswer = success(z.strictObject({ user: accountRecord }));

export const signOutAnswer = done;

/** A reset link asked for, or a new password set with one: a message only (never whether the email has an account). */
export const passwordResetAnswer = done;

export const refreshAnswer = success(z.strictObject({ ...session, user: accountRecord }));

/** One's own profile: the account with the teacher's record, a parent's children or the student's record. */
export const profileAnswer = success(
  z.strictObject({
    user: accountRecord,
    teacher: profileTeacher.nullable().optional(),
    children: z.array(parentChild).optional(),
    student: signedInStudent.nullable().optional(),
  }),
);

export const updateProfileAnswer = success(
  z.strictObject({
    user: accountRecord,
    token: z.string().optional(),
    expiresAt: z.string().optional(),
  }),
);

/** The spec's role sign-ins: the session at the top level and again in `data`, beside the role's record. */
function roleSignIn<Key extends string, Record extends z.ZodType>(key: Key, record: Record) {
  const fields = { ...session, [key]: record } as { token: z.ZodString; expiresAt: z.ZodString } & {
    [K in Key]: Record;
  };
  return z.strictObject({
    success: z.boolean(),
    message: z.string(),
    mustChangePassword: z.boolean(),
    ...fields,
    data: z.strictObject({ ...fields, user: accountRecord }),
  });
}

export const teacherSignInAnswer = roleSignIn('teacher', signedInTeacher);
export const studentSignInAnswer = roleSignIn('student', signedInStudent);
export const parentSignInAnswer = roleSignIn('parent', signedInParent);
