import { z } from 'zod';
import { CHOSEN_PASSWORD_MIN, PASSWORD_TOO_SHORT } from '../../../worker/lib/password-policy';
import { familyProblems, parentsGiven } from '../../../worker/modules/students/family-rules';
import { type EnrolmentBody, GENDERS, RELATIONS, type Relation } from './api';
import { RELATION_LABELS } from './format';

export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters long';
export { NEED_A_PARENT } from '../../../worker/modules/students/family-rules';

type ParentKey = `${Relation}${'Name' | 'Phone' | 'Email' | 'Password'}`;

/** The enrolment form's values, all text as the inputs hold them. */
export type EnrolmentValues = {
  name: string;
  classId: string;
  rollNumber: string;
  email: string;
  password: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  admissionDate: string;
  admissionNumber: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
} & Record<ParentKey, string>;

export type EnrolmentField = keyof EnrolmentValues;
export type EnrolmentErrors = Partial<Record<EnrolmentField | 'parents', string>>;

export function emptyEnrolment(): EnrolmentValues {
  const parents = Object.fromEntries(
    RELATIONS.flatMap((r) => ['Name', 'Phone', 'Email', 'Password'].map((k) => [`${r}${k}`, ''])),
  ) as Record<ParentKey, string>;
  return {
    name: '',
    classId: '',
    rollNumber: '',
    email: '',
    password: '',
    phone: '',
    dateOfBirth: '',
    gender: '',
    admissionDate: '',
    admissionNumber: '',
    street: '',
    city: '',
    state: '',
    zipCode: '',
    ...parents,
  };
}

const REQUIRED: [EnrolmentField, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['password', 'Password'],
  ['phone', 'Phone'],
  ['dateOfBirth', 'Date of birth'],
  ['gender', 'Gender'],
  ['classId', 'Class'],
  ['rollNumber', 'Roll number'],
];

const email = z.email();
const isEmail = (value: string) => email.safeParse(value.trim()).success;

/**
 * The spec's enrolment rules, checked before sending: the required fields, a 6-character password, and at
 * least one parent or guardian with name and email (a new parent also needs a password; the server says so
 * when the email is not already a parent of the school). Answers the toast and the message per field.
 */
export function validateEnrolment(
  values: EnrolmentValues,
  replacedAtFirstSignIn = true,
): { toast: string; errors: EnrolmentErrors } | null {
  // Passwords the student and parents keep (the box unticked) need the chosen rule's 8 characters.
  const kept = !replacedAtFirstSignIn;
  const errors: EnrolmentErrors = {};
  let missing = false;
  for (const [field, label] of REQUIRED) {
    if (!values[field].trim()) {
      errors[field] = `${label} is required`;
      missing = true;
    }
  }
  if (values.email.trim() && !isEmail(values.email)) errors.email = 'Email is invalid';
  if (values.password && values.password.length < 6) errors.password = PASSWORD_MESSAGE;
  else if (kept && values.password && values.password.length < CHOSEN_PASSWORD_MIN)
    errors.password = PASSWORD_TOO_SHORT;
  if (values.gender && !GENDERS.includes(values.gender as never))
    errors.gender = 'Gender must be male, female or other';

  const parents = parentsGiven(parentInfoOf(values));
  for (const parent of parents) {
    const label = RELATION_LABELS[parent.relation];
    if (parent.email && !isEmail(parent.email)) errors[`${parent.relation}Email`] = `${label}'s email is invalid`;
    if (parent.password && parent.password.length < 6)
      errors[`${parent.relation}Password`] = `${label}'s password must be at least 6 characters long`;
    else if (kept && parent.password && parent.password.length < CHOSEN_PASSWORD_MIN)
      errors[`${parent.relation}Password`] = PASSWORD_TOO_SHORT;
  }
  // The server's own family rules (a name and an email each, emails not shared): one rule, two places.
  for (const problem of familyProblems(values.email.trim().toLowerCase(), parents)) {
    errors[formFieldOf(problem.path.join('.')) ?? 'parents'] ??= problem.message;
  }

  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  if (missing) return { toast: REQUIRED_MESSAGE, errors };
  if (errors.password) return { toast: errors.password, errors };
  return { toast: messages[0] as string, errors };
}

/** The parents' fields as the body's `parentInfo` holds them: trimmed, emails lower-cased, blanks left out. */
function parentInfoOf(values: EnrolmentValues) {
  const info: Partial<Record<ParentKey, string>> = {};
  for (const relation of RELATIONS) {
    for (const key of ['Name', 'Phone', 'Email'] as const) {
      const value = values[`${relation}${key}`].trim();
      if (value) info[`${relation}${key}`] = key === 'Email' ? value.toLowerCase() : value;
    }
    const password = values[`${relation}Password`];
    if (password) info[`${relation}Password`] = password;
  }
  return info;
}

/** The request body: trimmed text, empty optional fields left out. */
export function enrolmentBody(values: EnrolmentValues): EnrolmentBody {
  const text = (value: string) => value.trim() || undefined;
  const parentInfo: Record<string, string> = {};
  for (const relation of RELATIONS) {
    for (const key of ['Name', 'Phone', 'Email'] as const) {
      const value = values[`${relation}${key}`].trim();
      if (value) parentInfo[`${relation}${key}`] = value;
    }
    const password = values[`${relation}Password`];
    if (password) parentInfo[`${relation}Password`] = password;
  }
  return {
    name: values.name.trim(),
    classId: values.classId,
    rollNumber: values.rollNumber.trim(),
    email: values.email.trim(),
    password: values.password,
    phone: values.phone.trim(),
    dateOfBirth: values.dateOfBirth,
    gender: values.gender,
    admissionDate: text(values.admissionDate),
    admissionNumber: text(values.admissionNumber),
    address: {
      street: text(values.street),
      city: text(values.city),
      state: text(values.state),
      zipCode: text(values.zipCode),
    },
    parentInfo,
  };
}

/** The server's field paths (`parentInfo.fatherEmail`, `address.city`) as the form's field names. */
export function formFieldOf(path: string | undefined): EnrolmentField | 'parents' | null {
  if (!path) return null;
  const parts = path.split('.');
  if (parts[0] === 'parentInfo') return (parts[1] as EnrolmentField | undefined) ?? 'parents';
  if (parts[0] === 'address') return (parts[1] as EnrolmentField | undefined) ?? 'street';
  return parts[0] as EnrolmentField;
}

/** The edit modal: name, class and roll number, all required. */
export function validateEdit(values: { name: string; classId: string; rollNumber: string }) {
  const errors: Partial<Record<'name' | 'classId' | 'rollNumber', string>> = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.classId) errors.classId = 'Class is required';
  if (!values.rollNumber.trim()) errors.rollNumber = 'Roll number is required';
  return Object.keys(errors).length > 0 ? errors : null;
}
