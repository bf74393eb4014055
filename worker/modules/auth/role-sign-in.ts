import type { Database } from '../../db/database';
import type { Deps } from '../../lib/context';
import { toTeacher } from '../teachers/schemas';
import type { SignInInput } from './schemas';
import { parentChildren, signIn, studentProfile, teacherProfile } from './service';

export const SIGNED_IN = 'Login successful';

/** The spec's answer to a role's own sign-in: the session at the top level and again in `data`, beside the record. */
export function roleSignIn<Record extends object>(result: Awaited<ReturnType<typeof signIn>>, record: Record) {
  const session = { token: result.token, expiresAt: result.expiresAt, ...record };
  return {
    success: true,
    message: SIGNED_IN,
    ...session,
    mustChangePassword: result.user.mustChangePassword,
    data: { ...session, user: result.user },
  };
}

export type StudentRow = NonNullable<Awaited<ReturnType<typeof studentProfile>>>;

export function studentSummary(found: StudentRow, user: { name: string; email: string; phone: string | null }) {
  return {
    _id: found.student.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    rollNumber: found.student.rollNumber,
    admissionNumber: found.student.admissionNumber,
    status: found.student.status,
    classId: found.class?.id ? { _id: found.class.id, name: found.class.name, section: found.class.section } : null,
  };
}

export function childSummary(child: Awaited<ReturnType<typeof parentChildren>>[number]) {
  return {
    _id: child.id,
    name: child.name,
    rollNumber: child.rollNumber,
    relation: child.relation,
    status: child.status,
    classId: child.class?.id ? { _id: child.class.id, name: child.class.name, section: child.class.section } : null,
  };
}

export type SignedInUser = Awaited<ReturnType<typeof signIn>>['user'];
export const who = (user: SignedInUser) => ({ userId: user._id, schoolId: user.schoolId });

export async function signedInTeacher(db: Database, user: SignedInUser) {
  const row = await teacherProfile(db, who(user));
  // The school's zone travels with the stored teacher, so the teacher pages count "today" as the API does.
  return row ? { ...toTeacher(row, user, { id: user.school._id, name: user.school.name }), school: user.school } : null;
}

export async function signedInStudent(db: Database, user: SignedInUser) {
  const found = await studentProfile(db, who(user));
  return found ? studentSummary(found, user) : null;
}

export async function signedInParent(db: Database, user: SignedInUser) {
  return { ...user, children: (await parentChildren(db, who(user))).map(childSummary) };
}

/** Every role signs in at every screen: the answer names the role and carries its portal's record (one more read). */
export async function signInAnyRole(deps: Deps, input: SignInInput, address: string) {
  const result = await signIn(deps, input, ['school_admin', 'teacher', 'student', 'parent'], address);
  const { user } = result;
  const db = await schoolDb(deps, user);
  if (user.role === 'teacher') return { ...result, teacher: await signedInTeacher(db, user) };
  if (user.role === 'student') return { ...result, student: await signedInStudent(db, user) };
  if (user.role === 'parent') return { ...result, parent: await signedInParent(db, user) };
  return result;
}

/** The signed-in person's school's database (its shard was just read and is remembered: no round trip). */
async function schoolDb(deps: Deps, user: SignedInUser): Promise<Database> {
  return (await deps.directory.schoolDatabase(user.schoolId)) ?? deps.db;
}

/** A role's own sign-in (`/api/teachers/login`, `/api/students/login`, `/api/students/parents/login`), answered the spec's way. */
export async function teacherSignIn(deps: Deps, input: SignInInput, address: string) {
  const result = await signIn(deps, input, ['teacher'], address);
  return roleSignIn(result, { teacher: await signedInTeacher(await schoolDb(deps, result.user), result.user) });
}

export async function studentSignIn(deps: Deps, input: SignInInput, address: string) {
  const result = await signIn(deps, input, ['student'], address);
  return roleSignIn(result, { student: await signedInStudent(await schoolDb(deps, result.user), result.user) });
}

export async function parentSignIn(deps: Deps, input: SignInInput, address: string) {
  const result = await signIn(deps, input, ['parent'], address);
  return roleSignIn(result, { parent: await signedInParent(await schoolDb(deps, result.user), result.user) });
}
