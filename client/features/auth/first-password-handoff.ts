import type { SignedIn } from './api';

/** A sign-in made with a temporary password, waiting for the person's own; held in memory only, never stored. */
export interface FirstPasswordHandoff {
  signedIn: SignedIn;
  temporaryPassword: string;
}

let waiting: FirstPasswordHandoff | null = null;

/** The sign-in pages hand such a sign-in to the app, which asks for the new password. */
export function handOverFirstPassword(handoff: FirstPasswordHandoff | null) {
  waiting = handoff;
}

export function waitingFirstPassword(): FirstPasswordHandoff | null {
  return waiting;
}
