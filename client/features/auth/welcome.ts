import { t } from '@lingui/core/macro';
import type { PortalPath } from './keep-session';

/** What a new session is greeted with: the office's portal says whose it is. */
export function welcomeMessage(portal: PortalPath) {
  return portal === '/dashboard' ? t`Login successful! Welcome to your school portal.` : t`Login successful!`;
}
