import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Spinner } from './spinner';

const styles = {
  root: css({
    minH: '100dvh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '3',
    p: '6',
    color: 'fg.muted',
    fontSize: 'md',
  }),
};

/** A whole-screen waiting state with a short message, e.g. 'Verifying access...'. */
export function StatusScreen({ children }: { children: ReactNode }) {
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <Spinner size={20} />
      <span>{children}</span>
    </div>
  );
}
