import { type Context, Hono } from 'hono';
import { requireAccount } from '../../lib/auth';
import { clientAddress } from '../../lib/client-address';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { sendOne } from '../../lib/mail/index';
import { ok } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { toTeacher } from '../teachers/schemas';
import {
  currentUserAnswer,
  passwordResetAnswer,
  profileAnswer,
  refreshAnswer,
  signInAnyRoleAnswer,
  signOutAnswer,
  updateProfileAnswer,
} from './answers';
import { confirmReset, PASSWORD_RESET, RESET_REQUESTED, requestReset } from './reset';
import { childSummary, SIGNED_IN, signInAnyRole, studentSummary } from './role-sign-in';
import { profileUpdateBody, resetConfirmBody, resetRequestBody, signInBody } from './schemas';
import {
  currentUser,
  parentChildren,
  refresh,
  signOut,
  studentProfile,
  teacherProfile,
  updateProfile,
} from './service';

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

/** Runs a task after the answer (the Worker's `waitUntil`), or before it where there is none (the Node tests). */
async function afterAnswer(c: Context<HonoEnv>, task: Promise<unknown>) {
  let ctx: Pick<ExecutionContext, 'waitUntil'> | null = null;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context: not in the Worker.
  }
  if (ctx) ctx.waitUntil(task);
  else await task;
}

const mailFailed = (c: Context<HonoEnv>) =>
  console.log(JSON.stringify({ level: 'warn', mail: 'reset-mail-failed', requestId: c.get('requestId') }));

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
    '/password-reset',
    contract({
      summary: 'Ask for a password reset link by e-mail (the same answer whether or not the email has an account)',
      responses: { 200: passwordResetAnswer },
      refuses: ['RATE_LIMITED'],
    }),
    validate('json', resetRequestBody),
    async (c) => {
      const deps = c.get('deps');
      const base = deps.config.portalUrl || new URL(c.req.url).origin;
      const mail = await requestReset(deps, c.req.valid('json').email, clientAddress(c), (token) =>
        new URL(`/reset-password#${token}`, base).toString(),
      );
      const transport = deps.mail.transport;
      if (mail && transport)
        await afterAnswer(
          c,
          sendOne(transport, mail).catch(() => mailFailed(c)),
        );
      return c.json({ success: true, message: RESET_REQUESTED });
    },
  )
  .post(
    '/password-reset/confirm',
    contract({
      summary: 'Set a new password with a reset link; every session of the account ends',
      responses: { 200: passwordResetAnswer },
      refuses: ['RESET_LINK_INVALID'],
    }),
    validate('json', resetConfirmBody),
    async (c) => {
      const { token, password } = c.req.valid('json');
      await confirmReset(c.get('deps'), token, password);
      return c.json({ success: true, message: PASSWORD_RESET });
    },
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
  );
