import { Hono } from 'hono';
import type { Database } from '../../db/database';
import { requireAccount, requireAuth } from '../../lib/auth';
import { clientAddress } from '../../lib/client-address';
import type { Deps, HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { validate } from '../../lib/validate';
import { teacherCreateBody, toTeacher } from '../teachers/schemas';
import { createTeacher } from '../teachers/service';
import {
  createTeacherAnswer,
  currentUserAnswer,
  parentSignInAnswer,
  profileAnswer,
  refreshAnswer,
  signInAnyRoleAnswer,
  signOutAnswer,
  studentSignInAnswer,
  teacherSignInAnswer,
  updateProfileAnswer,
} from './answers';
import { profileUpdateBody, type SignInInput, signInBody } from './schemas';
import {
  currentUser,
  parentChildren,
  refresh,
  signIn,
  signOut,
  studentProfile,
  teacherProfile,
  updateProfile,
} from './service';

const SIGNED_IN = 'Login successful';

/** `/api/users`: the sign-in every screen uses. Any role signs in; the answer carries what its own portal opens with. */
export const usersRoutes = new Hono<HonoEnv>()
  .post(
    '/login',
    contract({
      summary: 'Sign in (every role, with the portal record)',
      responses: { 200: signInAnyRoleAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) =>
      ok(c, await signInAnyRole(c.get('deps'), c.req.valid('json'), clientAddress(c)), { message: SIGNED_IN }),
  )
  .get(
    '/verify',
    contract({ summary: 'Verify session (school sign-in)', responses: { 200: currentUserAnswer } }),
    requireAccount(),
    async (c) => {
      const user = await currentUser(c.get('deps').db, c.get('session'));
      return ok(c, { user });
    },
  );

export const authRoutes = new Hono<HonoEnv>()
  .post(
    '/login',
    contract({
      summary: 'Sign in (every role; spec path)',
      responses: { 200: signInAnyRoleAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) =>
      ok(c, await signInAnyRole(c.get('deps'), c.req.valid('json'), clientAddress(c)), { message: SIGNED_IN }),
  )
  .post(
    '/logout',
    contract({ summary: 'Sign out', responses: { 200: signOutAnswer } }),
    requireAccount(),
    async (c) => {
      await signOut(c.get('deps'), c.get('session'));
      return c.json({ success: true, message: 'Logged out successfully' });
    },
  )
  .post('/refresh', contract({ summary: 'Refresh', responses: { 200: refreshAnswer } }), requireAccount(), async (c) =>
    ok(c, await refresh(c.get('deps'), c.get('session'))),
  )
  .get(
    '/profile',
    contract({ summary: 'Own profile', responses: { 200: profileAnswer } }),
    requireAccount(),
    async (c) => {
      const { db } = c.get('deps');
      const session = c.get('session');
      const user = await currentUser(db, session);
      if (session.role === 'teacher') {
        const teacher = await teacherProfile(db, session);
        return ok(c, {
          user,
          teacher: teacher ? toTeacher(teacher, user, { id: user.school._id, name: user.school.name }) : null,
        });
      }
      if (session.role === 'student') {
        const found = await studentProfile(db, session);
        return ok(c, { user, student: found ? studentSummary(found, user) : null });
      }
      if (session.role === 'parent') {
        return ok(c, { user, children: (await parentChildren(db, session)).map(childSummary) });
      }
      return ok(c, { user });
    },
  )
  .put(
    '/profile',
    contract({
      summary: 'Update profile',
      responses: { 200: updateProfileAnswer },
      refuses: ['CURRENT_PASSWORD_INCORRECT', 'OFFICIAL_RECORD', 'RATE_LIMITED'],
    }),
    requireAccount(),
    validate('json', profileUpdateBody),
    async (c) => {
      const result = await updateProfile(c.get('deps'), c.get('session'), c.req.valid('json'), clientAddress(c));
      return ok(c, result, { message: 'Profile updated successfully' });
    },
  )
  .post(
    '/create-teacher',
    contract({
      summary: 'Create teacher (spec path)',
      responses: { 201: createTeacherAnswer },
      refuses: ['EMAIL_TAKEN'],
    }),
    requireAuth('school_admin'),
    validate('json', teacherCreateBody),
    async (c) => {
      const teacher = await createTeacher(tenant(c), c.req.valid('json'));
      return ok(c, { teacher }, { message: 'Teacher added successfully!' }, 201);
    },
  );

/** The spec's answer to a role's own sign-in: the session at the top level and again in `data`, beside the record. */
function roleSignIn<Record extends object>(result: Awaited<ReturnType<typeof signIn>>, record: Record) {
  const session = { token: result.token, expiresAt: result.expiresAt, ...record };
  return {
    success: true,
    message: SIGNED_IN,
    ...session,
    mustChangePassword: result.user.mustChangePassword,
    data: { ...session, user: result.user },
  };
}

/** `/api/teachers/login`: the teacher portal's own sign-in; answers `token` and `teacher` at the top level. */
export const teacherAuthRoutes = new Hono<HonoEnv>().post(
  '/login',
  contract({
    summary: 'Sign in (teacher)',
    responses: { 200: teacherSignInAnswer },
    refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
  }),
  validate('json', signInBody),
  async (c) => {
    const deps = c.get('deps');
    const result = await signIn(deps, c.req.valid('json'), ['teacher'], clientAddress(c));
    const teacher = await signedInTeacher(deps.db, result.user);
    return c.json(roleSignIn(result, { teacher }));
  },
);

type StudentRow = NonNullable<Awaited<ReturnType<typeof studentProfile>>>;

function studentSummary(found: StudentRow, user: { name: string; email: string; phone: string | null }) {
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

function childSummary(child: Awaited<ReturnType<typeof parentChildren>>[number]) {
  return {
    _id: child.id,
    name: child.name,
    rollNumber: child.rollNumber,
    relation: child.relation,
    status: child.status,
    classId: child.class?.id ? { _id: child.class.id, name: child.class.name, section: child.class.section } : null,
  };
}

/** `/api/students/login` and `/api/students/parents/login`: the family sign-ins. */
export const studentAuthRoutes = new Hono<HonoEnv>()
  .post(
    '/login',
    contract({
      summary: 'Sign in (student)',
      responses: { 200: studentSignInAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) => {
      const deps = c.get('deps');
      const result = await signIn(deps, c.req.valid('json'), ['student'], clientAddress(c));
      const student = await signedInStudent(deps.db, result.user);
      return c.json(roleSignIn(result, { student }));
    },
  )
  .post(
    '/parents/login',
    contract({
      summary: 'Sign in (parent)',
      responses: { 200: parentSignInAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) => {
      const deps = c.get('deps');
      const result = await signIn(deps, c.req.valid('json'), ['parent'], clientAddress(c));
      const parent = await signedInParent(deps.db, result.user);
      return c.json(roleSignIn(result, { parent }));
    },
  );

type SignedInUser = Awaited<ReturnType<typeof signIn>>['user'];
const who = (user: SignedInUser) => ({ userId: user._id, schoolId: user.schoolId });

async function signedInTeacher(db: Database, user: SignedInUser) {
  const row = await teacherProfile(db, who(user));
  // The school's zone travels with the stored teacher, so the teacher pages count "today" as the API does.
  return row ? { ...toTeacher(row, user, { id: user.school._id, name: user.school.name }), school: user.school } : null;
}

async function signedInStudent(db: Database, user: SignedInUser) {
  const found = await studentProfile(db, who(user));
  return found ? studentSummary(found, user) : null;
}

async function signedInParent(db: Database, user: SignedInUser) {
  return { ...user, children: (await parentChildren(db, who(user))).map(childSummary) };
}

/** Every role signs in at every screen: the answer names the role and carries its portal's record (one more read). */
async function signInAnyRole(deps: Deps, input: SignInInput, address: string) {
  const result = await signIn(deps, input, ['school_admin', 'teacher', 'student', 'parent'], address);
  const { user } = result;
  if (user.role === 'teacher') return { ...result, teacher: await signedInTeacher(deps.db, user) };
  if (user.role === 'student') return { ...result, student: await signedInStudent(deps.db, user) };
  if (user.role === 'parent') return { ...result, parent: await signedInParent(deps.db, user) };
  return result;
}
