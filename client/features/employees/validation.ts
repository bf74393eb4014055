import { t } from '@lingui/core/macro';
import { ApiError } from '~/lib/api';
import { CHOSEN_PASSWORD_MIN, officePasswordMin, TEMPORARY_PASSWORD_MIN } from '../../../worker/lib/password-policy';

// The spec's messages, in the reader's language.
const requiredFields = () => t`Please fill in all required fields`;
const invalidEmail = () => t`Email is invalid`;
export const emailExists = () => t`A user with this email already exists. Please use a different email address.`;

/** The password rule under the field (worker/lib/password-policy.ts), in the reader's language. */
export const officePasswordHint = (replacedAtFirstSignIn: boolean) =>
  replacedAtFirstSignIn
    ? t`At least ${TEMPORARY_PASSWORD_MIN} characters`
    : t`At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password: the person keeps it`;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** What a form shows: a message under each field, and the one toast the spec gives. */
export interface Verdict<Field extends string> {
  errors: FieldErrors<Field>;
  toast: string;
}

const blank = (value: string | undefined) => !value || value.trim() === '';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required<Field extends string>(form: Record<Field, string>, fields: readonly Field[]) {
  const errors: FieldErrors<Field> = {};
  for (const field of fields) if (blank(form[field])) errors[field] = t`This field is required`;
  return errors;
}

export interface SimpleTeacherForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}
export type SimpleField = keyof SimpleTeacherForm;

/** The message for an office-typed password too short for its rule (8 characters when the teacher keeps it). */
function shortPassword(password: string, replacedAtFirstSignIn: boolean) {
  if (password.length >= officePasswordMin(replacedAtFirstSignIn)) return null;
  return replacedAtFirstSignIn
    ? t`Password must be at least 6 characters long`
    : t`Use at least ${CHOSEN_PASSWORD_MIN} characters.`;
}

/** Spec-2 section 5, simple form: all five required; the passwords match; at least 6 characters (8 if kept). */
export function checkSimpleTeacher(form: SimpleTeacherForm, replacedAtFirstSignIn = true): Verdict<SimpleField> | null {
  const errors = required(form, ['name', 'email', 'phone', 'password', 'confirmPassword'] as const);
  if (Object.keys(errors).length > 0) return { errors, toast: requiredFields() };
  if (!EMAIL.test(form.email.trim())) return { errors: { email: invalidEmail() }, toast: invalidEmail() };
  if (form.password !== form.confirmPassword) {
    const mismatch = t`Passwords do not match`;
    return { errors: { confirmPassword: mismatch }, toast: mismatch };
  }
  const short = shortPassword(form.password, replacedAtFirstSignIn);
  if (short) return { errors: { password: short }, toast: short };
  return null;
}

export interface FullTeacherForm {
  name: string;
  email: string;
  password: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  designation: string;
  qualification: string;
  experience: string;
  salary: string;
  primarySubject: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
}
export type FullField = keyof FullTeacherForm;

const FULL_REQUIRED = [
  'name',
  'email',
  'password',
  'phone',
  'dateOfBirth',
  'gender',
  'designation',
  'primarySubject',
] as const;

/** A whole number, 0 or more; blank counts as 0 (the spec's default). */
export function wholeNumber(text: string): number | null {
  if (text.trim() === '') return 0;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Spec-2 section 5, full form. Editing asks only for name, email and phone: a teacher added with the simple form
 * has no birth date, gender, designation or primary subject yet, and a new password is optional.
 */
export function checkFullTeacher(
  form: FullTeacherForm,
  mode: 'create' | 'edit' = 'create',
  replacedAtFirstSignIn = true,
) {
  const passwordRequired = mode === 'create';
  const fields = mode === 'create' ? FULL_REQUIRED : (['name', 'email', 'phone'] as const);
  const errors = required(form, fields);
  if (Object.keys(errors).length > 0) return { errors, toast: requiredFields() } satisfies Verdict<FullField>;
  if (!EMAIL.test(form.email.trim())) {
    return { errors: { email: invalidEmail() }, toast: invalidEmail() } satisfies Verdict<FullField>;
  }
  const short = passwordRequired || form.password ? shortPassword(form.password, replacedAtFirstSignIn) : null;
  if (short) return { errors: { password: short }, toast: short } satisfies Verdict<FullField>;
  const numbers: FieldErrors<FullField> = {};
  if (wholeNumber(form.experience) === null) numbers.experience = t`Experience must be a whole number, 0 or more`;
  if (wholeNumber(form.salary) === null) numbers.salary = t`Salary must be a whole number, 0 or more`;
  if (Object.keys(numbers).length > 0) {
    return { errors: numbers, toast: Object.values(numbers)[0] ?? requiredFields() } satisfies Verdict<FullField>;
  }
  return null;
}

export interface EmployeeForm {
  name: string;
  position: string;
  department: string;
  email: string;
  phone: string;
  salary: string;
  joinDate: string;
}
export type EmployeeField = keyof EmployeeForm;

/** Recruit and edit: name, position and department required, with the generic message. */
export function checkEmployee(form: EmployeeForm): Verdict<EmployeeField> | null {
  const errors = required(form, ['name', 'position', 'department'] as const);
  if (Object.keys(errors).length > 0) return { errors, toast: requiredFields() };
  if (form.email.trim() && !EMAIL.test(form.email.trim())) {
    return { errors: { email: invalidEmail() }, toast: invalidEmail() };
  }
  const salary = form.salary.trim() === '' ? 0 : Number(form.salary);
  if (!Number.isFinite(salary) || salary < 0) {
    const message = t`Salary must be a number, 0 or more`;
    return { errors: { salary: message }, toast: message };
  }
  return null;
}

/** The spec's rule: a refusal for an email already in use gets its own sentence. */
export function isEmailTaken(error: unknown) {
  return error instanceof ApiError && error.code === 'EMAIL_TAKEN';
}
