import type { PortalPath } from './keep-session';

const WELCOME_KEY = 'portal.welcome';

/** What a new session is greeted with: the office's portal says whose it is. */
export function welcomeMessage(portal: PortalPath) {
  return portal === '/dashboard' ? 'Login successful! Welcome to your school portal.' : 'Login successful!';
}

/** A sign-in page leaves its greeting to the portal it opens, which shows it once on arrival. */
export function leaveWelcome(portal: PortalPath) {
  try {
    window.sessionStorage.setItem(WELCOME_KEY, welcomeMessage(portal));
  } catch {
    // No session storage: the portal opens without the greeting.
  }
}

export function takeWelcome(): string | null {
  try {
    const message = window.sessionStorage.getItem(WELCOME_KEY);
    window.sessionStorage.removeItem(WELCOME_KEY);
    return message;
  } catch {
    return null;
  }
}
