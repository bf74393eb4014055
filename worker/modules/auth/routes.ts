import { Hono } from 'hono';
import { requireAccount, requireAuth } from '../../lib/auth';
import { clientAddress } from '../../lib/client-address';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { validate } from '../../lib/validate';
import { teacherCreateBody, toTeacher } from '../teachers/schemas';
import { createTeacher } from '../teachers/service';
import { profileUpdateBody, signInBody } from './schemas';
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

/** `/api/users`: the school portal's sign-in and session check. Any role may sign in; the portal admits school_admin. */
export const usersRoutes = new Hono<HonoEnv>()
  .post('/login', validate('json', signInBody), async (c) => {
    const result = await signIn(
      c.get('deps'),
      c.req.valid('json'),
      ['school_admin', 'teacher', 'student', 'parent'],
      clientAddress(c),
    );
    return ok(c, result, { message: SIGNED_IN });
  })
  .get('/verify', requireAccount(), async (c) => {
    const user = await currentUser(c.get('deps').db, c.get('session'));
    return ok(c, { user });
  });

export const authRoutes = new Hono<HonoEnv>()
  .post('/login', validate('json', signInBody), async (c) => {
    const result = await signIn(
      c.get('deps'),
      c.req.valid('json'),
      ['school_admin', 'teacher', 'student', 'parent'],
      clientAddress(c),
    );
    return ok(c, result, { message: SIGNED_IN });
  })
  .post('/logout', requireAccount(), async (c) => {
    await signOut(c.get('deps'), c.get('session'));
    return c.json({ success: true, message: 'Logged out successfully' });
  })
  .post('/refresh', requireAccount(), async (c) => ok(c, await refresh(c.get('deps'), c.get('session'))))
  .get('/profile', requireAccount(), async (c) => {
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
  })
  .put('/profile', requireAccount(), validate('json', profileUpdateBody), async (c) => {
    const result = await updateProfile(c.get('deps'), c.get('session'), c.req.valid('json'), clientAddress(c));
    return ok(c, result, { message: 'Profile updated successfully' });
  })
  .post('/create-teacher', requireAuth('school_admin'), validate('json', teacherCreateBody), async (c) => {
    const teacher = await createTeacher(tenant(c), c.req.valid('json'));
    return ok(c, { teacher }, { message: 'Teacher added successfully!' }, 201);
  });

/** `/api/teachers/login`: the teacher portal's own sign-in; answers `token` and `teacher` at the top level. */
export const teacherAuthRoutes = new Hono<HonoEnv>().post('/login', validate('json', signInBody), async (c) => {
  const deps = c.get('deps');
  const result = await signIn(deps, c.req.valid('json'), ['teacher'], clientAddress(c));
  const row = await teacherProfile(deps.db, { userId: result.user._id, schoolId: result.user.schoolId });
  // The school's zone travels with the stored teacher, so the teacher pages count "today" as the API does.
  const teacher = row
    ? {
        ...toTeacher(row, result.user, { id: result.user.school._id, name: result.user.school.name }),
        school: result.user.school,
      }
    : null;
  return c.json({
    success: true,
    message: SIGNED_IN,
    token: result.token,
    expiresAt: result.expiresAt,
    mustChangePassword: result.user.mustChangePassword,
    teacher,
    data: { token: result.token, expiresAt: result.expiresAt, teacher, user: result.user },
  });
});

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
  .post('/login', validate('json', signInBody), async (c) => {
    const deps = c.get('deps');
    const result = await signIn(deps, c.req.valid('json'), ['student'], clientAddress(c));
    const found = await studentProfile(deps.db, { userId: result.user._id, schoolId: result.user.schoolId });
    const student = found ? studentSummary(found, result.user) : null;
    return c.json({
      success: true,
      message: SIGNED_IN,
      token: result.token,
      expiresAt: result.expiresAt,
      mustChangePassword: result.user.mustChangePassword,
      student,
      data: { token: result.token, expiresAt: result.expiresAt, student, user: result.user },
    });
  })
  .post('/parents/login', validate('json', signInBody), async (c) => {
    const deps = c.get('deps');
    const result = await signIn(deps, c.req.valid('json'), ['parent'], clientAddress(c));
    const children = (await parentChildren(deps.db, { userId: result.user._id, schoolId: result.user.schoolId })).map(
      childSummary,
    );
    const parent = { ...result.user, children };
    return c.json({
      success: true,
      message: SIGNED_IN,
      token: result.token,
      expiresAt: result.expiresAt,
      mustChangePassword: result.user.mustChangePassword,
      parent,
      data: { token: result.token, expiresAt: result.expiresAt, parent, user: result.user },
    });
  });
