import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { i18n } from '~/lib/i18n';
import { CHOSEN_PASSWORD_MIN, TEMPORARY_PASSWORD_MIN } from '../../../worker/lib/password-policy';
import {
  type FamilyProblem,
  familyProblems,
  NEED_A_PARENT,
  parentsGiven,
  RELATION_LABEL,
} from '../../../worker/modules/students/family-rules';
import { type EnrolmentBody, GENDERS, RELATIONS, type Relation } from './api';
import { relationLabel } from './format';

export const requiredMessage = () => t`Please fill in all required fields`;
const passwordTooShort = () => t`Use at least ${CHOSEN_PASSWORD_MIN} characters.`;

/** The hint under a password field, following the 'Ask for a new password' box; a parent's adds when to leave it empty. */
export function passwordHint(replacedAtFirstSignIn: boolean, parent = false) {
  if (parent) {
    return replacedAtFirstSignIn
      ? t`At least ${TEMPORARY_PASSWORD_MIN} characters. Leave empty if this email already has a parent account here.`
      : t`At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password: the person keeps it. Leave empty if this email already has a parent account here.`;
  }
  return replacedAtFirstSignIn
    ? t`At least ${TEMPORARY_PASSWORD_MIN} characters.`
    : t`At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password: the person keeps it.`;
}

/** The family rules' messages (written once, in English, for the server too) in the reader's language. */
function familyProblemText(problem: FamilyProblem): string {
  if (problem.message === NEED_A_PARENT)
    return t`At least one parent or guardian with name, email and password is required`;
  const relation = RELATIONS.find((r) => problem.path[1]?.startsWith(r));
  if (!relation) return problem.message;
  const label = RELATION_LABEL[relation];
  const who = relationLabel(relation);
  if (problem.message === `${label}'s name is required`) return t`${who}'s name is required`;
  if (problem.message === `${label}'s email is required`) return t`${who}'s email is required`;
  if (problem.message === `${label}'s email must differ from the student's email`)
    return t`${who}'s email must differ from the student's email`;
  const other = RELATIONS.find(
    (r) => problem.message === `${label} and ${RELATION_LABEL[r].toLowerCase()} need different emails`,
  );
  if (other) {
    const otherWho = relationLabel(other).toLowerCase();
    return t`${who} and ${otherWho} need different emails`;
  }
  return problem.message;
}

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
    // i18n-ignore: the field names' endings, not texts.
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

const REQUIRED: [EnrolmentField, MessageDescriptor][] = [
  ['name', msg`Name is required`],
  ['email', msg`Email is required`],
  ['password', msg`Password is required`],
  ['phone', msg`Phone is required`],
  ['dateOfBirth', msg`Date of birth is required`],
  ['gender', msg`Gender is required`],
  ['classId', msg`Class is required`],
  ['rollNumber', msg`Roll number is required`],
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
  for (const [field, message] of REQUIRED) {
    if (!values[field].trim()) {
      errors[field] = i18n._(message);
      missing = true;
    }
  }
  if (values.email.trim() && !isEmail(values.email)) errors.email = t`Email is invalid`;
  if (values.password && values.password.length < 6) errors.password = t`Password must be at least 6 characters long`;
  else if (kept && values.password && values.password.length < CHOSEN_PASSWORD_MIN)
    errors.password = passwordTooShort();
  if (values.gender && !GENDERS.includes(values.gender as never))
    errors.gender = t`Gender must be male, female or other`;

  const parents = parentsGiven(parentInfoOf(values));
  for (const parent of parents) {
    const who = relationLabel(parent.relation);
    if (parent.email && !isEmail(parent.email)) errors[`${parent.relation}Email`] = t`${who}'s email is invalid`;
    if (parent.password && parent.password.length < 6)
      errors[`${parent.relation}Password`] = t`${who}'s password must be at least 6 characters long`;
    else if (kept && parent.password && parent.password.length < CHOSEN_PASSWORD_MIN)
      errors[`${parent.relation}Password`] = passwordTooShort();
  }
  // The server's own family rules (a name and an email each, emails not shared): one rule, two places.
  for (const problem of familyProblems(values.email.trim().toLowerCase(), parents)) {
    errors[formFieldOf(problem.path.join('.')) ?? 'parents'] ??= familyProblemText(problem);
  }

  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  if (missing) return { toast: requiredMessage(), errors };
  if (errors.password) return { toast: errors.password, errors };
  return { toast: messages[0] as string, errors };
}

/** The parents' fields as the body's `parentInfo` holds them: trimmed, emails lower-cased, blanks left out. */
function parentInfoOf(values: EnrolmentValues) {
  const info: Partial<Record<ParentKey, string>> = {};
  for (const relation of RELATIONS) {
    // i18n-ignore: the field names' endings, not texts.
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
    // i18n-ignore: the field names' endings, not texts.
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
  if (!values.name.trim()) errors.name = t`Name is required`;
  if (!values.classId) errors.classId = t`Class is required`;
  if (!values.rollNumber.trim()) errors.rollNumber = t`Roll number is required`;
  return Object.keys(errors).length > 0 ? errors : null;
}
