import { redirect } from '@tanstack/react-router';
import { ensureSession } from './session';

/** For a route's `beforeLoad`: signed-out visitors go to /login and come back here after signing in. */
export async function requireSession(href: string) {
  const session = await ensureSession();
  if (session.status !== 'authenticated' || !session.user) {
    throw redirect({ to: '/login', search: { redirect: href }, replace: true });
  }
  return { user: session.user };
}

/** For a route that demands one role: a user with another role is sent to /dashboard. */
export async function requireRole(role: string) {
  const session = await ensureSession();
  if (session.status === 'authenticated' && session.user?.role !== role) {
    throw redirect({ to: '/dashboard', replace: true });
  }
}
