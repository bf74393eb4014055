import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from '~/lib/toast';
import { type SignedIn, signInAnyRole, signInErrorMessage } from '../api';
import { enterPortal } from '../enter-portal';
import { handOverFirstPassword, waitingFirstPassword } from '../first-password-handoff';
import type { SignInInput } from '../schemas';
import { welcomeMessage } from '../welcome';
import { FirstPasswordStep } from './lazy-password';

/** How long the office's success toast is seen before its portal opens. */
const NAVIGATE_DELAY_MS = 600;

export interface SignInDoor {
  submit: (credentials: SignInInput) => void;
  busy: boolean;
  /** The server's refusal, shown beside the form until the next try. */
  error: string | null;
  /** Set while a temporary password waits for the person's own: render it instead of the form. */
  step: ReactNode;
}

/**
 * Every sign-in screen is a door for every role: the answer's role picks the portal, and the session is kept the
 * way that portal expects. `redirectTo` is where an administrator was going before being asked to sign in.
 */
export function useSignIn({ redirectTo }: { redirectTo?: string } = {}): SignInDoor {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useMutation({ mutationFn: signInAnyRole });
  const [error, setError] = useState<string | null>(null);
  const [entered, setEntered] = useState(false);
  // A sign-in page may have handed over a temporary password's sign-in before this app started.
  const [pending, setPending] = useState(waitingFirstPassword);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const enter = (signedIn: SignedIn) => {
    setEntered(true);
    const portal = enterPortal(signedIn, queryClient);
    const office = portal === '/dashboard';
    toast.success(welcomeMessage(portal));
    const href = office && redirectTo ? redirectTo : portal;
    timer.current = setTimeout(() => void navigate({ href, replace: true }), office ? NAVIGATE_DELAY_MS : 0);
  };

  const submit = (credentials: SignInInput) => {
    if (login.isPending || entered) return;
    setError(null);
    login.mutate(credentials, {
      onSuccess: (signedIn) => {
        // A temporary password opens nothing but the step that replaces it; the session is kept only after.
        if (signedIn.user.mustChangePassword) setPending({ signedIn, temporaryPassword: credentials.password });
        else enter(signedIn);
      },
      onError: (failure) => setError(signInErrorMessage(failure, t`Login failed. Please check your credentials.`)),
    });
  };

  const step = pending ? (
    <FirstPasswordStep
      token={pending.signedIn.token}
      temporaryPassword={pending.temporaryPassword}
      onChosen={(changed) => {
        handOverFirstPassword(null);
        setPending(null);
        enter({
          ...pending.signedIn,
          token: changed.token,
          expiresAt: changed.expiresAt ?? pending.signedIn.expiresAt,
          user: changed.user,
        });
      }}
      onBack={() => {
        handOverFirstPassword(null);
        setPending(null);
      }}
    />
  ) : null;

  return { submit, busy: login.isPending || entered, error, step };
}
