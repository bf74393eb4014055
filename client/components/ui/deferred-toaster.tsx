import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRaised, toastsRaised } from '~/lib/toast';

// The toast machinery is not needed to draw a screen: it loads once the browser is idle or the first toast is raised.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** The app's toast region, mounted after the first paint; toasts raised before it mounts still show. */
export function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    if (toastsRaised()) {
      setMounted(true);
      return;
    }
    const unsubscribe = onToastRaised(() => setMounted(true));
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => setMounted(true), { timeout: 3000 })
      : window.setTimeout(() => setMounted(true), 1000);
    return () => {
      unsubscribe();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
