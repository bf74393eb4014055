import type { QueryClient } from '@tanstack/react-query';
import { establishSession } from '~/lib/session';
import type { SignedIn } from './api';
import { type PortalPath, portalOf, storeSession } from './keep-session';

export type { PortalPath } from './keep-session';

/**
 * Keeps a new session where the person's own portal looks for it, and says where that portal is. Whatever an
 * earlier session of that portal cached belongs to someone else.
 */
export function enterPortal(signedIn: SignedIn, queryClient: QueryClient): PortalPath {
  const portal = portalOf(signedIn);
  if (portal === '/teacher-dashboard') queryClient.removeQueries({ queryKey: ['teacher'] });
  if (portal === '/family') queryClient.removeQueries({ queryKey: ['family'] });
  // The office's session lives in memory too, so this page's portal sees it without a reload.
  if (portal === '/dashboard') establishSession(signedIn);
  else storeSession(signedIn);
  return portal;
}
