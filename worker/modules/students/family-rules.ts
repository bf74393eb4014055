import type { parentRelations } from '../../db/schema';

// The family rules of an enrolment, checked by the API's body schema and by the enrolment form before it sends.
// The browser loads this file: plain code only (no zod, no database).

export const RELATIONS = [
  'father',
  'mother',
  'guardian',
] as const satisfies readonly (typeof parentRelations)[number][];
export type Relation = (typeof RELATIONS)[number];
export const RELATION_LABEL: Record<Relation, string> = { father: 'Father', mother: 'Mother', guardian: 'Guardian' };

export const NEED_A_PARENT = 'At least one parent or guardian with name, email and password is required';

export interface ParentGiven {
  relation: Relation;
  name: string;
  email: string;
  phone: string | null;
  password: string | undefined;
}

type ParentInfo = Partial<Record<`${Relation}${'Name' | 'Phone' | 'Email' | 'Password'}`, string | null>>;

/** The parents the form gave: those with any detail filled in, in father, mother, guardian order. */
export function parentsGiven(info: ParentInfo | undefined): ParentGiven[] {
  if (!info) return [];
  const out: ParentGiven[] = [];
  for (const relation of RELATIONS) {
    const name = info[`${relation}Name`];
    const email = info[`${relation}Email`];
    const phone = info[`${relation}Phone`];
    const password = info[`${relation}Password`];
    if (!name && !email && !phone && !password) continue;
    out.push({ relation, name: name ?? '', email: email ?? '', phone: phone ?? null, password: password ?? undefined });
  }
  return out;
}

/** One broken rule: where (`['parentInfo', 'fatherEmail']`) and what to say. */
export interface FamilyProblem {
  path: [string] | [string, string];
  message: string;
}

/**
 * At least one parent; each parent given has a name and an email, not the student's and not another parent's.
 * Emails are compared as given: both sides lower-case them first.
 */
export function familyProblems(studentEmail: string, parents: ParentGiven[]): FamilyProblem[] {
  if (parents.length === 0) return [{ path: ['parentInfo'], message: NEED_A_PARENT }];
  const problems: FamilyProblem[] = [];
  const seen = new Map<string, Relation>();
  for (const parent of parents) {
    const label = RELATION_LABEL[parent.relation];
    const emailPath: FamilyProblem['path'] = ['parentInfo', `${parent.relation}Email`];
    if (!parent.name) {
      problems.push({ path: ['parentInfo', `${parent.relation}Name`], message: `${label}'s name is required` });
    }
    if (!parent.email) {
      problems.push({ path: emailPath, message: `${label}'s email is required` });
      continue;
    }
    if (parent.email === studentEmail) {
      problems.push({ path: emailPath, message: `${label}'s email must differ from the student's email` });
    }
    const other = seen.get(parent.email);
    if (other) {
      problems.push({
        path: emailPath,
        message: `${label} and ${RELATION_LABEL[other].toLowerCase()} need different emails`,
      });
    }
    seen.set(parent.email, parent.relation);
  }
  return problems;
}
