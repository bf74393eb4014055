import { LoaderCircle } from 'lucide-react';
import { css, cx } from 'styled-system/css';

const spinnerClass = css({ animation: 'spin 0.8s linear infinite', flexShrink: '0' });

/** Decorative: the busy state is announced by the control that shows it (aria-busy, text). */
export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return <LoaderCircle aria-hidden="true" size={size} className={cx(spinnerClass, className)} />;
}
