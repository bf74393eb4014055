import { useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';

/**
 * Navigates once to `href` (replacing the entry) and renders nothing. Unlike `<Navigate>`, it does not
 * navigate again when its parent re-renders while the router is still moving, which would never settle.
 */
export function Redirect({ href }: { href: string }) {
  const router = useRouter();
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    void router.navigate({ href, replace: true });
  }, [router, href]);
  return null;
}
