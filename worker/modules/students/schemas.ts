import { z } from 'zod';
import { genders, type students } from '../../db/schema';
import {
  academicYearField,
  dateField,
  optionalText,
  queryBoolean,
  refId,
  requiredDate,
  searchField,
} from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { classRefOf } from '../../lib/refs';
import { checkKeptPassword, emailSchema } from '../auth/schemas';
import { familyProblems, parentsGiven, RELATION_LABEL, RELATIONS, type Relation } from './family-rules';

/** `search` matches name, roll number or email; the classroom screen asks for up to 1000 at once. */
const studentFilters = pagingQuery(50, 1000).extend({
  search: searchField,
  classId: refId('Class').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
});

/** The list's rows are a roster's (`view=roster`, the default) or the students screen's table and cards. */
export const studentListQuery = studentFilters.extend({
  view: z.enum(['roster', 'cards'], { error: 'View must be roster or cards' }).default('roster'),
  /** Another year than the current: its students as its enrolments hold them (class and roll number then). */
  academicYear: academicYearField.optional(),
});

/** The students overview of a year (absent: the current one). */
export const studentStatsQuery = z.object({ academicYear: academicYearField.optional() });
export type StudentListQuery = z.infer<typeof studentListQuery>;

/** The export takes the list's filters, without paging, and its year (another year: its classes and roll numbers). */
export const studentExportQuery = studentFilters
  .omit({ page: true, limit: true })
  .extend({ academicYear: academicYearField.optional() });
export type StudentExportQuery = z.infer<typeof studentExportQuery>;

export const assignClassBody = z.object({ classId: refId('Class') });

export {
  NEED_A_PARENT,
  type ParentGiven,
  parentsGiven,
  RELATION_LABEL,
  RELATIONS,
  type Relation,
} from './family-rules';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/** Required text; a number is taken as its digits (roll numbers often arrive as numbers). */
export const requiredText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: (issue) => (blank(issue.input) ? `${label} is required` : `${label} must be text`) })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  );

export const optionalDate = (label: string) =>
  z.preprocess((value) => (blank(value) ? undefined : value), dateField(label));

export const genderField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(genders, {
    error: (issue) => (blank(issue.input) ? 'Gender is required' : 'Gender must be male, female or other'),
  }),
);

export const statusField = z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' });

const addressObject = z.object({
  street: optionalText(200, 'Street'),
  city: optionalText(100, 'City'),
  state: optionalText(100, 'State'),
  zipCode: optionalText(20, 'Zip code'),
});
export type AddressInput = z.infer<typeof addressObject>;

/** The full form sends `{ street, city, state, zipCode }`; the short form one line of text (kept as the street). */
const addressField = z
  .union([z.string().trim().max(300, 'Address must be at most 300 characters'), addressObject], {
    error: 'Address must be text or { street, city, state, zipCode }',
  })
  .transform((value): AddressInput => (typeof value === 'string' ? { street: value || undefined } : value))
  .optional();

export const optionalEmail = (label: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z
      .string({ error: `${label} is invalid` })
      .trim()
      .max(254, `${label} is too long`)
      .pipe(z.email({ error: `${label} is invalid` }))
      .transform((email) => email.toLowerCase())
      .optional(),
  );

const optionalPassword = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : value),
    z
      .string({ error: `${label} must be text` })
      .min(6, `${label} must be at least 6 characters long`)
      .max(256, `${label} is too long`)
      .optional(),
  );

function parentFields<R extends Relation>(relation: R) {
  const label = RELATION_LABEL[relation];
  return {
    [`${relation}Name`]: optionalText(120, `${label}'s name`),
    [`${relation}Phone`]: optionalText(40, `${label}'s phone`),
    [`${relation}Email`]: optionalEmail(`${label}'s email`),
    [`${relation}Password`]: optionalPassword(`${label}'s password`),
  } as Record<`${R}Name` | `${R}Phone` | `${R}Email`, ReturnType<typeof optionalText>> &
    Record<`${R}Password`, ReturnType<typeof optionalPassword>>;
}

const parentInfoObject = z.object({
  ...parentFields('father'),
  ...parentFields('mother'),
  ...parentFields('guardian'),
});
/**
 * Enrolment: the payload of both spec documents. Each parent given needs a name and an email (and, for a
 * new account, a password: checked by the service, which knows whether the email is an existing parent's).
 */
export const enrolBody = z
  .object({
    name: requiredText('Name', 120),
    classId: refId('Class'),
    rollNumber: requiredText('Roll number', 20),
    email: emailSchema,
    password: z
      .string({ error: 'Password is required' })
      .min(6, 'Password must be at least 6 characters long')
      .max(256, 'Password is too long'),
    /** The new student and parent accounts must choose their own password at first sign-in. */
    requirePasswordChange: z.boolean({ error: 'Require password change must be true or false' }).optional(),
    phone: requiredText('Phone', 40),
    dateOfBirth: requiredDate('Date of birth'),
    gender: genderField,
    admissionDate: optionalDate('Admission date'),
    admissionNumber: optionalText(40, 'Admission number'),
    status: statusField.optional(),
    address: addressField,
    parentInfo: parentInfoObject.optional(),
  })
  .superRefine((body, check) => {
    const parents = parentsGiven(body.parentInfo);
    checkKeptPassword(check, body.password, body.requirePasswordChange, ['password']);
    for (const parent of parents) {
      const path = ['parentInfo', `${parent.relation}Password`];
      checkKeptPassword(check, parent.password, body.requirePasswordChange, path);
    }
    for (const problem of familyProblems(body.email, parents)) {
      check.addIssue({ code: 'custom', message: problem.message, path: problem.path });
    }
  });
export type EnrolInput = z.infer<typeof enrolBody>;

/** A partial update: what is given changes; `classId: null` takes the student out of their class. */
export const studentUpdateBody = z
  .object({
    name: requiredText('Name', 120).optional(),
    classId: refId('Class').nullable().optional(),
    rollNumber: requiredText('Roll number', 20).optional(),
    email: emailSchema.optional(),
    phone: requiredText('Phone', 40).optional(),
    dateOfBirth: requiredDate('Date of birth').optional(),
    gender: genderField.optional(),
    admissionDate: requiredDate('Admission date').optional(),
    admissionNumber: requiredText('Admission number', 40).optional(),
    status: statusField.optional(),
    address: addressField,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
    path: ['name'],
  });
export type StudentUpdateInput = z.infer<typeof studentUpdateBody>;

export const transferCertificateBody = z.object({
  reason: requiredText('Reason', 500),
  leavingDate: requiredDate('Leaving date'),
  conduct: requiredText('Conduct', 100),
  remarks: optionalText(1000, 'Remarks'),
});
export type TransferCertificateInput = z.infer<typeof transferCertificateBody>;

/** Whose sign-in gets a fresh temporary password: the student's own account and/or linked parents' by relation. */
export const signInAccounts = ['student', ...RELATIONS] as const;
export const temporaryPasswordsBody = z.object({
  accounts: z
    .array(z.enum(signInAccounts, { error: 'Choose student, father, mother or guardian' }), {
      error: 'Choose at least one account',
    })
    .min(1, 'Choose at least one account')
    .max(signInAccounts.length, 'Choose each account once')
    .refine((list) => new Set(list).size === list.length, 'Choose each account once'),
});
export type TemporaryPasswordsInput = z.infer<typeof temporaryPasswordsBody>;

export const tcParam = z.object({
  id: z.string().trim().min(1, 'Id is required').max(64, 'Id is too long'),
  tcId: z.string().trim().min(1, 'Certificate id is required').max(64, 'Certificate id is too long'),
});

export const importQuery = z.object({ dryRun: queryBoolean });

/** A class's or the school's students; `academicYear` another year's, over that whole year (absent: this year). */
export const attendanceOverviewQuery = z.object({
  classId: refId('Class').optional(),
  academicYear: academicYearField.optional(),
});

/**
 * An account's sign-in as the office sees it: when it last signed in, and whether it is still `provisional`
 * (holding what the school gave it, until its owner chooses their own).
 */
export interface SignInState {
  lastAt: string | null;
  provisional: boolean;
}

export interface ParentRef {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  relation: Relation;
  signIn: SignInState;
}

export interface StudentRow {
  student: typeof students.$inferSelect;
  name: string | null;
  email: string | null;
  phone: string | null;
  className: string | null;
  classSection: string | null;
  /** `json_group_array` of the linked parents, when the query selected them. */
  parentsJson?: string | null;
  lastSignInAt?: string | null;
  provisional?: boolean | number | null;
}

function parentsOf(json: string | null | undefined): ParentRef[] {
  if (!json) return [];
  type Stored = Omit<ParentRef, 'signIn'> & { lastSignInAt: string | null; provisional: number | null };
  return (JSON.parse(json) as Stored[])
    .map(({ lastSignInAt, provisional, ...parent }) => ({
      ...parent,
      signIn: { lastAt: lastSignInAt, provisional: Boolean(provisional) },
    }))
    .sort((a, b) => RELATIONS.indexOf(a.relation) - RELATIONS.indexOf(b.relation));
}

/** The spec's `parentInfo` (names, phones, emails per relation; never a password). */
function parentInfoOf(parents: ParentRef[]) {
  const info: Record<string, string | null> = {};
  for (const relation of RELATIONS) {
    const parent = parents.find((p) => p.relation === relation);
    info[`${relation}Name`] = parent?.name ?? null;
    info[`${relation}Phone`] = parent?.phone ?? null;
    info[`${relation}Email`] = parent?.email ?? null;
  }
  return info as Record<`${Relation}${'Name' | 'Phone' | 'Email'}`, string | null>;
}

/**
 * `{ _id, name, email, phone, rollNumber, admissionNumber, status, …, classId: {_id,name,section}|null,
 * parents: [{ _id, name, email, phone, relation }], parentInfo: { fatherName, … } }`
 */
export function toStudent(row: StudentRow) {
  const s = row.student;
  const parents = parentsOf(row.parentsJson);
  return {
    _id: s.id,
    name: row.name ?? '',
    email: row.email,
    phone: row.phone,
    rollNumber: s.rollNumber,
    admissionNumber: s.admissionNumber,
    status: s.status,
    gender: s.gender,
    dateOfBirth: s.dateOfBirth,
    admissionDate: s.admissionDate,
    address: { street: s.addressStreet, city: s.addressCity, state: s.addressState, zipCode: s.addressZip },
    classId: classRefOf(s.classId, row.className, row.classSection),
    signIn: { lastAt: row.lastSignInAt ?? null, provisional: Boolean(row.provisional) },
    parents,
    parentInfo: parentInfoOf(parents),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type Student = ReturnType<typeof toStudent>;
